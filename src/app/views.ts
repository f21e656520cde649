// One chunk per view, loaded on demand.
import type { RouteName } from '../../store/navigation/routes';

import { lazyView, type LazyView } from './lazyView';

export const VIEWS: Record<RouteName, LazyView> = {
  home: lazyView(() => import(/* webpackChunkName: "view-home" */ '../views/HomeView')),
  login: lazyView(() => import(/* webpackChunkName: "view-login" */ '../views/LoginView')),
  signup: lazyView(() => import(/* webpackChunkName: "view-signup" */ '../views/SignupView')),
  activation: lazyView(
    () => import(/* webpackChunkName: "view-activation" */ '../views/ActivationView'),
  ),
  resetPassword: lazyView(
    () => import(/* webpackChunkName: "view-reset-password" */ '../views/ResetPasswordView'),
  ),
};
