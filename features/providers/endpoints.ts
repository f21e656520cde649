// Signing in with an OpenID Connect provider: their entries in the API's table (contract/endpoints.ts says what an entry
// holds), and their lines in the API reference. The entries join the table's type here.
import { defineEndpoints, type Summaries } from '../../contract/endpoints';
import * as P from '../../contract/oidc';
import * as S from '../../contract/schemas';

const OIDC = '/v1/api/user/oidc';

/**
 * Signing in with an OpenID Connect provider (CONTRACT section 2c). Without a provider configured,
 * every one but the list answers 404 NOT_FOUND.
 */
export const providerEndpoints = defineEndpoints({
  oidcProviders: {
    method: 'GET',
    path: `${OIDC}/providers`,
    tag: 'providers',
    session: 'none',
    records: 'none',
    answers: { 200: P.OidcProvidersOk },
    refusals: [],
  },
  oidcStart: {
    method: 'POST',
    path: `${OIDC}/:id/start`,
    tag: 'providers',
    session: 'optional',
    records: 'refusals',
    params: P.OidcProviderParams,
    body: P.OidcStartBody,
    answers: { 200: P.OidcStartOk },
    refusals: ['NOT_FOUND', 'INVALID_TOKEN', 'CONFIRMATION_REQUIRED', 'RATE_LIMITED'],
  },
  oidcCallback: {
    method: 'GET',
    path: `${OIDC}/:id/callback`,
    tag: 'providers',
    session: 'none',
    records: 'all',
    params: P.OidcProviderParams,
    query: P.OidcCallbackQuery,
    answers: {},
    refusals: [],
    redirect:
      'A `login` flow: to `/login?provider-handoff=<single-use code, 60 s>`. A `connect` or `confirm` flow ends here: to its return path (`/` by default) with `provider-connected=<id>` or `provider-confirmed=<id>`. A refusal: to `/login?provider-error=<code>` (the return path for `connect` and `confirm` once the flow is known): `PROVIDER_FAILED` (no such flow, another browser, a token that fails its checks), `PROVIDER_CANCELLED`, `IDENTITY_TAKEN`, `INVALID_TOKEN` (the session ended meanwhile), `RATE_LIMITED`',
  },
  oidcComplete: {
    method: 'POST',
    path: `${OIDC}/complete`,
    tag: 'providers',
    session: 'none',
    records: 'all',
    body: P.OidcCompleteBody,
    secret: ['handoff'],
    signsIn: true,
    answers: { 200: P.OidcCompleteOk },
    refusals: [
      'INVALID_HANDOFF',
      'ACCOUNT_EXISTS',
      'EMAIL_NOT_VERIFIED',
      'NOT_FOUND',
      'RATE_LIMITED',
    ],
    form: 'oidcComplete',
  },
  oidcConnections: {
    method: 'GET',
    path: `${OIDC}/connections`,
    tag: 'providers',
    session: 'required',
    records: 'none',
    answers: { 200: P.OidcConnectionsOk },
    refusals: ['NOT_FOUND'],
  },
  oidcDisconnect: {
    method: 'DELETE',
    path: `${OIDC}/:id`,
    tag: 'providers',
    session: 'required',
    records: 'all',
    params: P.OidcProviderParams,
    confirmation: {},
    answers: { 200: S.PlainOk },
    refusals: ['NOT_FOUND', 'LAST_WAY_IN', 'RATE_LIMITED'],
    form: 'oidcDisconnect',
  },
});

/** Each endpoint's line in the API reference (the server's; the app leaves it out). */
export const providerSummaries: Summaries<typeof providerEndpoints> = {
  oidcProviders: 'The OpenID Connect providers one may sign in with (none when none is configured)',
  oidcStart:
    "Start a sign-in (`login`), a connection (`connect`: a bearer and a confirmation) or a confirmation (`confirm`: a bearer) with a provider: the provider's authorization address, and a cookie binding the flow to this browser for ten minutes",
  oidcCallback:
    "Where the provider sends the browser back: the flow's state, the browser's cookie and the ID token are checked, and the browser goes on to the app with a single-use handoff",
  oidcComplete:
    "End a sign-in with its handoff (once, within 60 seconds, in the browser that started it): the login answer (the second step where the account's second factor is on), with the flow's return path",
  oidcConnections: 'The providers connected to the account, and whether it has a password',
  oidcDisconnect:
    'Disconnect a provider from the account (a confirmation first); never the last way in; a notice is mailed',
};

type ProviderEndpoints = typeof providerEndpoints;

declare module '../../contract/endpoints' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the entries join the table
  interface EndpointTable extends ProviderEndpoints {}
}
