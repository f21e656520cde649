// The guard decision made from the route table (contract/routes.ts, shared with the server's
// mail links).
import { ROUTE_ACCESS as ACCESS, ROUTES, type Access, type RouteName } from '../../contract/routes';

export { ROUTES, type Access, type RouteName };

export function routeFor(pathname: string): RouteName | null {
  const entry = (Object.keys(ROUTES) as RouteName[]).find((name) => ROUTES[name] === pathname);
  return entry ?? null;
}

/** Who may see `route`: only signed-in visitors, or only guests. */
export function routeAccess(route: RouteName): Access {
  return ACCESS[route];
}

/** Where a visitor on `pathname` must be sent instead, or null when they may stay. */
export function redirectTarget(pathname: string, signedIn: boolean): string | null {
  const route = routeFor(pathname);
  if (route === null) return ROUTES.home;
  if (ACCESS[route] === 'signedIn' && !signedIn) return ROUTES.login;
  if (ACCESS[route] === 'guest' && signedIn) return ROUTES.home;
  return null;
}

export function activationHref(email: string, code?: string): string {
  const query = new URLSearchParams({ email });
  if (code) query.set('code', code);
  return `${ROUTES.activation}?${query.toString()}`;
}

/** The second step of a password reset: the code mailed to `email` and a new password. */
export function resetPasswordHref(email: string, code?: string): string {
  const query = new URLSearchParams({ email });
  if (code) query.set('code', code);
  return `${ROUTES.resetPassword}?${query.toString()}`;
}
