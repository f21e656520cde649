import { lazy, type ComponentType } from 'react';

export interface LazyView {
  Component: ComponentType;
  /** Starts loading the chunk early, e.g. while the verify call of the first navigation runs. */
  preload(): Promise<unknown>;
}

export function lazyView(load: () => Promise<{ default: ComponentType }>): LazyView {
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () => (pending ??= load());
  return { Component: lazy(preload), preload };
}
