import { Suspense } from 'react';

import { useAppSelector } from '../../store/hooks';
import { selectViewDecision } from '../../store/router/viewSelectors';

import { VIEWS } from './views';

/** Shows a route only once the verify call of its own navigation has settled. */
export function RootView() {
  const decision = useAppSelector(selectViewDecision);
  if (decision.kind !== 'route') return <div className="view-pending" aria-busy="true" />;
  const { Component } = VIEWS[decision.route];
  return (
    <Suspense fallback={<div className="view-pending" aria-busy="true" />}>
      <div className="view" data-view={decision.route}>
        <Component />
      </div>
    </Suspense>
  );
}
