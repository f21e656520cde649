import { createElement, lazy, type ComponentType } from 'react';

export interface LazyView {
  Component: ComponentType;
  /** Starts loading the chunk early, e.g. while the verify call of its navigation runs. */
  preload(): Promise<unknown>;
}

export function lazyView(load: () => Promise<{ default: ComponentType }>): LazyView {
  let pending: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  // React.lazy suspends on its first render even when the chunk is already here, which would
  // flash the fallback for one frame when a view swaps in: a loaded chunk renders at once.
  const Component = () => createElement(loaded ?? Lazy);
  return { Component, preload };
}
