// The guard decision made from the route table (contract/routes.ts, shared with the server's
// mail links), and the addresses the app sends visitors to.
import {
  ROUTE_ACCESS as ACCESS,
  LINK_QUERY,
  ROUTES,
  type Access,
  type RouteName,
} from '../contract/routes';
import type { AppLocation } from './router/location';

export { ROUTES, type Access, type RouteName };

export function routeFor(pathname: string): RouteName | null {
  const entry = (Object.keys(ROUTES) as RouteName[]).find((name) => ROUTES[name] === pathname);
  return entry ?? null;
}

/** Who may see `route`: only signed-in visitors, or only guests. */
export function routeAccess(route: RouteName): Access {
  return ACCESS[route];
}

/**
 * What home reads from a link and keeps through the login it asks for: the email change's code
 * with its link token (`/?email-code=…&token=…`), and the open section (`/?section=…`).
 */
function carriedQuery(search: string): string {
  const query = new URLSearchParams(search);
  const carried = new URLSearchParams();
  const code = query.get(LINK_QUERY.emailCode);
  if (code) {
    carried.set(LINK_QUERY.emailCode, code);
    const token = query.get(LINK_QUERY.token);
    if (token) carried.set(LINK_QUERY.token, token);
  }
  const section = query.get('section');
  if (section) carried.set('section', section);
  const text = carried.toString();
  return text ? `?${text}` : '';
}

/**
 * Where a visitor on `pathname` must be sent instead, or null when they may stay. Between home
 * and the login, what home reads from a link goes along (`carriedQuery`), so a link opened while
 * signed out opens home with it once the visitor has logged in.
 */
export function redirectTarget(pathname: string, signedIn: boolean, search = ''): string | null {
  const route = routeFor(pathname);
  if (route === null) return ROUTES.home;
  if (ACCESS[route] === 'signedIn' && !signedIn) return `${ROUTES.login}${carriedQuery(search)}`;
  if (ACCESS[route] === 'guest' && signedIn) return `${ROUTES.home}${carriedQuery(search)}`;
  return null;
}

type Where = Pick<AppLocation, 'pathname' | 'search'> | null;

/** Where a way in that signed the visitor in goes: home, with what the login carried. */
export function afterSignInHref(location: Where): string {
  return `${ROUTES.home}${carriedQuery(location?.search ?? '')}`;
}

/**
 * A path of this app named by an answer (a provider's `returnTo`), or null for anything else:
 * another site (`https://…`, `//host`, `/\\host`), a scheme (`javascript:`), or a path the app does
 * not serve.
 */
export function inAppLocation(href: string): Pick<AppLocation, 'pathname' | 'search'> | null {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return null;
  const base = 'http://app.invalid';
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== base || routeFor(url.pathname) === null) return null;
  return { pathname: url.pathname, search: url.search };
}

/** Where a way in that asks for the second step goes: the login, which shows it. */
export function secondStepHref(location: Where): string {
  return `${ROUTES.login}${carriedQuery(location?.search ?? '')}`;
}

/** The email change's code a login carries for home (`/login?email-code=…`), or null. */
export function carriedEmailCode(search: string): string | null {
  return new URLSearchParams(search).get(LINK_QUERY.emailCode) || null;
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
