// A part of a view in a chunk of its own, loaded when it is first shown (or preloaded before).
import { lazy, Suspense, type ComponentType } from 'react';

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
 * Like the views' chunks (src/app/views.ts): a loaded chunk renders at once, without the one-frame
 * fallback React.lazy would show, and a failed load is not kept, so the view's "Try again" (the
 * error reaches its boundary) fetches it again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let Lazy: ComponentType<P> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        Lazy = null;
        throw error;
      },
    ));
  function Part(props: P) {
    if (loaded) {
      const Loaded = loaded;
      return <Loaded {...props} />;
    }
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
