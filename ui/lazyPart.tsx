// A part of a view in a chunk of its own, loaded when it is first shown (or preloaded before).
import { createElement, lazy, Suspense, type ComponentType } from 'react';

import { chunkLoader } from './chunkLoader';
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
 * Loaded like the views' chunks (./chunkLoader.ts): a failed load reaches the view's error
 * boundary, whose "Try again" fetches it again.
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
