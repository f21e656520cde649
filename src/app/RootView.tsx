import { Suspense } from 'react';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectViewAttempt } from '../../store/navigation/navigationSlice';
import { selectScreen } from '../../store/navigation/screenSelectors';
import { useT } from '../components/intl/useT';

import { LoadingCard } from './LoadingCard';
import { ViewBoundary } from './ViewBoundary';
import { ViewFailedCard } from './ViewFailedCard';
import { VIEWS } from './views';

/**
 * Shows a route only once the verify call of its own navigation has settled; until then the
 * last settled view stays (Layout marks it busy), or a loading card when none has settled. A view
 * that could not load or render is a failure card in its place, until it is tried again.
 */
export function RootView() {
  const t = useT();
  const dispatch = useAppDispatch();
  const screen = useAppSelector(selectScreen);
  const attempt = useAppSelector(selectViewAttempt);
  const loading = <LoadingCard label={t('wait.loading')} />;
  if (screen.kind === 'loading') return loading;
  if (screen.kind === 'failed')
    return <ViewFailedCard view={screen.route} reason={screen.reason} />;
  const { Component } = VIEWS[screen.route];
  return (
    <ViewBoundary key={`${screen.route} ${attempt}`} view={screen.route} dispatch={dispatch}>
      <Suspense fallback={loading}>
        <div className="view" data-view={screen.route}>
          <Component attempt={attempt} />
        </div>
      </Suspense>
    </ViewBoundary>
  );
}
