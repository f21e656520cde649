// One chunk per view, loaded on demand, and how a view's chunk loads.
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

import type { RouteName } from '../../store/routes';
import { chunkLoader } from '../../ui/chunkLoader';

export const VIEWS: Record<RouteName, LazyView> = {
  home: lazyView(() => import(/* webpackChunkName: "view-home" */ './home/HomeView')),
  login: lazyView(
    () => import(/* webpackChunkName: "view-login" */ '../../features/login/LoginView'),
  ),
  signup: lazyView(
    () => import(/* webpackChunkName: "view-signup" */ '../../features/signup/SignupView'),
  ),
  activation: lazyView(
    () => import(/* webpackChunkName: "view-activation" */ '../../features/signup/ActivationView'),
  ),
  resetPassword: lazyView(
    () =>
      import(
        /* webpackChunkName: "view-reset-password" */ '../../features/password/ResetPasswordView'
      ),
  ),
  operator: lazyView(
    () => import(/* webpackChunkName: "view-operator" */ '../../features/operator/OperatorView'),
  ),
};

export interface LazyView {
  /** `attempt` is the store's count of retries: a new one fetches a chunk that failed again. */
  Component: ComponentType<{ attempt: number }>;
  /** Starts loading the chunk early, e.g. while the verify call of its navigation runs. */
  preload(): Promise<unknown>;
  /** Whether the chunk is here, so the view renders without suspending. */
  isLoaded(): boolean;
}

type ViewModule = { default: ComponentType };

/** A view's chunk could not be fetched (offline, a dropped connection, a deploy in between). */
export class ViewLoadError extends Error {
  override name = 'ViewLoadError';
}

export function lazyView(load: () => Promise<ViewModule>): LazyView {
  // A failed load is never kept: the next one fetches the chunk again.
  const chunk = chunkLoader(load);
  const preload = () =>
    chunk.load().catch((error: unknown) => {
      throw new ViewLoadError('The view could not be loaded', { cause: error });
    });
  // React.lazy keeps its outcome, a failure too, so each attempt gets its own.
  let current: { attempt: number; Lazy: LazyExoticComponent<ComponentType> } | null = null;
  // React.lazy suspends on its first render even when the chunk is already here, which would
  // flash the fallback for one frame when a view swaps in: a loaded chunk renders at once.
  const Component = ({ attempt }: { attempt: number }) => {
    const loaded = chunk.loaded();
    if (loaded) return createElement(loaded);
    if (current?.attempt !== attempt) current = { attempt, Lazy: lazy(preload) };
    return createElement(current.Lazy);
  };
  return { Component, preload, isLoaded: () => chunk.loaded() !== null };
}
