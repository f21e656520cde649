import { useAppDispatch } from '../../store/hooks';
import { viewRetried, type ViewFailureReason } from '../../store/navigationSlice';
import type { RouteName } from '../../store/routes';
import { useT } from '../../ui/intl/useT';
import { PageCard } from '../../ui/PageCard';

import { viewErrorText } from './viewErrors';

/** In place of a view that could not load or render: the layout stays, with a way to retry. */
export function ViewFailedCard({ view, reason }: { view: RouteName; reason: ViewFailureReason }) {
  const t = useT();
  const dispatch = useAppDispatch();
  // Development shows what broke, in place of the visitor's words; an edit's hot update retries.
  const developerError = reason === 'render' ? viewErrorText(view) : null;
  if (developerError !== null) {
    return (
      <div className="view" data-view-failed={view}>
        <PageCard title={developerError.split('\n')[0]!}>
          <pre className="view-error" role="alert">
            {developerError}
          </pre>
        </PageCard>
      </div>
    );
  }
  return (
    <div className="view" data-view-failed={view}>
      <PageCard title={t('view.failed.title')}>
        <p className="card__intro" role="alert">
          {reason === 'load' ? t('view.failed.load') : t('view.failed.render')}
        </p>
        <div className="card__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => dispatch(viewRetried({ view, trigger: 'button' }))}
          >
            {t('view.failed.retry')}
          </button>
        </div>
      </PageCard>
    </div>
  );
}
