// The app's routes: the paths the app serves and the mails link to, and who may see each.

export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  activation: '/user/verify-account',
  resetPassword: '/user/reset-password',
  /** Support's console: signed-in operators only (the console asks the operator API who is one). */
  operator: '/operator',
} as const;

/** The query a mailed code's link carries: written by the server's mails, read by the app. */
export const LINK_QUERY = {
  email: 'email',
  code: 'code',
  /** The link's token: it gets the code past tries strangers spent. */
  token: 'token',
  /** An activation that asks for a password too (set to `1`). */
  choosePassword: 'choose',
  /** The email change's code, on home's link. */
  emailCode: 'email-code',
} as const;

export type RouteName = keyof typeof ROUTES;
export type Access = 'signedIn' | 'guest';

export const ROUTE_ACCESS: Record<RouteName, Access> = {
  home: 'signedIn',
  login: 'guest',
  signup: 'guest',
  activation: 'guest',
  resetPassword: 'guest',
  operator: 'signedIn',
};
