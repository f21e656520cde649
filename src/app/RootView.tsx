import { Suspense } from 'react';

import { useAppSelector } from '../../store/hooks';
import { selectScreen } from '../../store/navigation/screenSelectors';
import { useT } from '../components/intl/useT';

import { LoadingCard } from './LoadingCard';
import { VIEWS } from './views';

/**
 * Shows a route only once the verify call of its own navigation has settled; until then the
 * last settled view stays (Layout marks it busy), or a loading card when none has settled.
 */
export function RootView() {
  const t = useT();
  const screen = useAppSelector(selectScreen);
  const loading = <LoadingCard label={t('wait.loading')} />;
  if (screen.kind === 'loading') return loading;
  const { Component } = VIEWS[screen.route];
  return (
    <Suspense fallback={loading}>
      <div className="view" data-view={screen.route} key={screen.route}>
        <Component />
      </div>
    </Suspense>
  );
}
