// Signing in with an OpenID Connect provider (features/providers/endpoints.ts): the
// providers the server is configured with, a flow's start and its end in the app (the single-use
// handoff the callback put in the URL), the providers connected to the signed-in account and
// disconnecting one. Never a provider's token, code, state or nonce in an answer.
import * as v from 'valibot';

import { SecondFactorLogin, SessionOk } from './schemas';

/** A provider's id, as configured (`OIDC_PROVIDERS=google,work`): lower-case letters, digits, -. */
export const PROVIDER_ID_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
/** Where the return path may lead: an in-app path of at most this many characters. */
export const RETURN_TO_MAX_LENGTH = 512;
/** The query parameter of the app's URL that carries the handoff (`/login?provider-handoff=…`). */
export const HANDOFF_PARAM = 'provider-handoff';
/** The query parameter of the app's URL that says why a flow ended without a handoff. */
export const PROVIDER_ERROR_PARAM = 'provider-error';
/** The query parameters of the app's URL after a `connect` or `confirm` flow: the provider's id. */
export const PROVIDER_CONNECTED_PARAM = 'provider-connected';
export const PROVIDER_CONFIRMED_PARAM = 'provider-confirmed';

/**
 * An in-app path: one `/` then not a second `/` or `\` (no `//host`, `/\host`), no scheme, no
 * control characters or spaces. Anything else could lead the visitor off the app.
 */
export function isInAppPath(path: string): boolean {
  return (
    path.length <= RETURN_TO_MAX_LENGTH &&
    /^\/(?![/\\])/.test(path) &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u0020\u007f-\u009f\\]/.test(path)
  );
}

const providerId = v.pipe(v.string(), v.regex(PROVIDER_ID_PATTERN));

export const OidcProviderParams = v.object({ id: providerId });

export const OidcProvider = v.object({ id: v.string(), name: v.string() });
export const OidcProvidersOk = v.object({
  error: v.literal(false),
  providers: v.array(OidcProvider),
});

/**
 * `login`: sign in or sign up; `connect`: add the provider to the signed-in account (a bearer and
 * a fresh confirmation); `confirm`: confirm it is you (section 2d) with a provider already
 * connected, for an account that may have no password.
 */
export const OIDC_INTENTS = ['login', 'connect', 'confirm'] as const;
export const OidcStartBody = v.object({
  intent: v.picklist(OIDC_INTENTS, 'REQUIRED'),
  returnTo: v.optional(v.pipe(v.string('REQUIRED'), v.check(isInAppPath, 'INVALID_CHARACTERS'))),
});
export const OidcStartOk = v.object({ error: v.literal(false), authorizationUrl: v.string() });

/** The callback's query: what the provider sends back (all optional: a refusal carries `error`). */
export const OidcCallbackQuery = v.object({
  code: v.optional(v.string()),
  state: v.optional(v.string()),
  iss: v.optional(v.string()),
  error: v.optional(v.string()),
  error_description: v.optional(v.string()),
});

export const OidcCompleteBody = v.object({
  handoff: v.pipe(v.string('REQUIRED'), v.nonEmpty('REQUIRED'), v.maxLength(128, 'TOO_LONG')),
});
/** Where the flow started from, when it named an in-app path: the app goes there next. */
const returnTo = v.optional(v.string());
/**
 * The end of a sign-in: the login answer (a session, or the ticket of the second step), with the
 * flow's return path when it carried one. A `connect` or `confirm` flow ends at the callback.
 */
export const OidcCompleteOk = v.union([
  v.object({ ...SessionOk.entries, returnTo }),
  v.object({ ...SecondFactorLogin.entries, returnTo }),
]);

/** One of the providers connected to the account. Times are ISO-8601. */
export const OidcConnection = v.object({
  /** The provider's id; `name` is its display name (the id when no longer configured). */
  id: v.string(),
  name: v.string(),
  /** The email the provider gave when connected. */
  email: v.string(),
  createdAt: v.string(),
});
/**
 * The providers connected to the account, and whether it has a password: the last way in (no
 * password, no passkey, one provider) cannot be disconnected (LAST_WAY_IN).
 */
export const OidcConnectionsOk = v.object({
  error: v.literal(false),
  connections: v.array(OidcConnection),
  hasPassword: v.boolean(),
});
