// How a chunk of the app loads, for the views (src/app/views.ts) and the parts (./lazyPart.tsx).

/**
 * One fetch at a time; what it gave kept, so a loaded chunk renders at once, without the one-frame
 * fallback React.lazy would show; a failed fetch not kept, so the next load (a "Try again")
 * fetches it again.
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
