// A part of a view in a chunk of its own, loaded when it is first shown (or preloaded before).
import { createElement, lazy, Suspense, type ComponentType } from 'react';

import { useT } from './intl/useT';

function Loading() {
  const t = useT();
  return <p role="status">{t('wait.loading')}</p>;
}

export interface LazyPart<P extends object> {
  Part: ComponentType<P>;
  /** Starts loading the chunk, so the part shows at once when it is needed; never rejects. */
  preload(): void;
}

/**
 * How a chunk loads, for the views (src/app/views.ts) and the parts: one fetch at a time, what it
 * gave kept, so a loaded chunk renders at once, without the one-frame fallback React.lazy would
 * show; and a failed fetch not kept, so the next load (a "Try again") fetches it again.
 */
export function chunkLoader<C>(load: () => Promise<{ default: C }>) {
  let pending: Promise<{ default: C }> | null = null;
  let loaded: C | null = null;
  return {
    load: () =>
      (pending ??= load().then(
        (module) => {
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      )),
    /** What the chunk gave, once it has. */
    loaded: () => loaded,
  };
}

/**
 * Like the views' chunks: a failed load reaches the view's error boundary, whose "Try again"
 * fetches it again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPart<P> {
  const chunk = chunkLoader(load);
  let Lazy: ComponentType<P> | null = null;
  // React.lazy keeps its outcome, a failure too: the next render after a failure makes a new one.
  const start = () =>
    chunk.load().catch((error: unknown) => {
      Lazy = null;
      throw error;
    });
  function Part(props: P) {
    const loaded = chunk.loaded();
    if (loaded) return createElement(loaded, props);
    Lazy ??= lazy(start) as unknown as ComponentType<P>;
    const Waiting = Lazy;
    return (
      <Suspense fallback={<Loading />}>
        <Waiting {...props} />
      </Suspense>
    );
  }
  return { Part, preload: () => void start().catch(() => {}) };
}
