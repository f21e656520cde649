import { Suspense, useEffect, useState } from 'react';

import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectViewAttempt } from '../../store/navigationSlice';
import { selectScreen } from '../../store/screenSelectors';
import { useT } from '../../ui/intl/useT';

import { LoadingCard } from './LoadingCard';
import { ViewBoundary } from './ViewBoundary';
import { ViewFailedCard } from './ViewFailedCard';
import { VIEWS, type LazyView } from './views';

type Chunk = { kind: 'here' } | { kind: 'coming' } | { kind: 'failed'; error: unknown };

/**
 * Where the chunk of `view` is, for this attempt. While it is on its way the caller shows the
 * loading card itself, outside Suspense: a Suspense fallback, once shown, holds the content back
 * for React's reveal throttle (300 ms), so a chunk arriving just after its navigation's verify
 * would delay the view by that much. A load that failed is thrown into the view boundary.
 */
function useChunk(view: LazyView | null, attempt: number): Chunk {
  const [failure, setFailure] = useState<{ view: LazyView; attempt: number; error: unknown }>();
  const [, setArrived] = useState<LazyView>();
  const here = view?.isLoaded() ?? false;
  useEffect(() => {
    if (!view || here) return;
    let current = true;
    view.preload().then(
      () => current && setArrived(view),
      (error: unknown) => current && setFailure({ view, attempt, error }),
    );
    return () => {
      current = false;
    };
  }, [view, attempt, here]);
  if (here) return { kind: 'here' };
  if (failure && failure.view === view && failure.attempt === attempt) {
    return { kind: 'failed', error: failure.error };
  }
  return { kind: 'coming' };
}

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

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
  const view = screen.kind === 'view' ? VIEWS[screen.route] : null;
  const chunk = useChunk(view, attempt);
  const loading = <LoadingCard label={t('wait.loading')} />;
  if (screen.kind === 'loading') return loading;
  if (screen.kind === 'failed')
    return <ViewFailedCard view={screen.route} reason={screen.reason} />;
  if (!view || chunk.kind === 'coming') return loading;
  const { Component } = view;
  return (
    <ViewBoundary key={`${screen.route} ${attempt}`} view={screen.route} dispatch={dispatch}>
      {chunk.kind === 'failed' ? (
        <Rethrow error={chunk.error} />
      ) : (
        <Suspense fallback={loading}>
          <div className="view" data-view={screen.route}>
            <Component attempt={attempt} />
          </div>
        </Suspense>
      )}
    </ViewBoundary>
  );
}
