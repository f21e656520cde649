// A visitor's browser in a provider flow against the server under test, without a browser: the
// server's flow cookie (as Chromium would keep it), the start, the provider's sign-in
// (./harness.ts), the callback, and the handoff's `complete`.
import { API_PATHS } from '../../contract/api';
import type { Answer, ApiClient } from '../server/client';
import type { OpenIdProvider, ProviderIdentity } from './harness';

const oidcPath = (id: string, step: 'start' | 'callback') => `/v1/api/user/oidc/${id}/${step}`;

export class FlowBrowser {
  /** The server's flow cookie this browser keeps (`oidc_flow=…`), if any. */
  cookie: string | undefined;

  constructor(
    readonly api: ApiClient,
    readonly provider: OpenIdProvider,
    readonly providerId = 'test',
  ) {}

  private keep(answer: Answer) {
    const set = answer.headers.get('set-cookie');
    const pair = set?.split(';')[0];
    if (pair) this.cookie = pair.endsWith('=') ? undefined : pair;
  }

  private headers(token?: string): Record<string, string> {
    return {
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
  }

  /** POST start: the answer (its authorization URL on success). */
  async start(
    body: { intent: 'login' | 'connect' | 'confirm'; returnTo?: string },
    token?: string,
  ): Promise<Answer> {
    const answer = await this.api.post(
      oidcPath(this.providerId, 'start'),
      body,
      this.headers(token),
    );
    this.keep(answer);
    return answer;
  }

  /** Where the provider sends the browser back once `identity` signed in there. */
  async signInAtProvider(authorizationUrl: string, identity: ProviderIdentity): Promise<URL> {
    return this.provider.signIn(authorizationUrl, identity);
  }

  /** GET the callback URL (path and query): the answer (303 and its Location). */
  async callback(url: URL): Promise<Answer> {
    const path = `${url.pathname}${url.search}`;
    if (this.api.baseUrl === '') return this.api.get(path, this.headers());
    // Over a socket: the redirect is the answer, as a browser sees it before following it.
    const response = await fetch(this.api.baseUrl + path, {
      redirect: 'manual',
      headers: this.headers(),
    });
    return { status: response.status, headers: response.headers, body: await response.text() };
  }

  /** The app's part: POST complete with the handoff. */
  async complete(handoff: string): Promise<Answer> {
    const answer = await this.api.post(API_PATHS.oidcComplete, { handoff }, this.headers());
    this.keep(answer);
    return answer;
  }

  /**
   * A whole flow up to the callback's answer: start, sign in at the provider as `identity`,
   * the callback. `location` is where the callback sent the browser (a path of the app).
   */
  async throughCallback(
    identity: ProviderIdentity,
    body: { intent: 'login' | 'connect' | 'confirm'; returnTo?: string } = { intent: 'login' },
    token?: string,
  ): Promise<{ callbackUrl: URL; answer: Answer; location: URL }> {
    const started = await this.start(body, token);
    if (started.status !== 200) throw new Error(`start answered ${started.status}`);
    const callbackUrl = await this.signInAtProvider(started.body.authorizationUrl, identity);
    const answer = await this.callback(callbackUrl);
    const location = new URL(answer.headers.get('location') ?? '/', 'http://app.invalid');
    return { callbackUrl, answer, location };
  }

  /** A whole sign-in: through the callback, then `complete` with its handoff. */
  async signIn(identity: ProviderIdentity, returnTo?: string): Promise<Answer> {
    const { location } = await this.throughCallback(identity, {
      intent: 'login',
      ...(returnTo ? { returnTo } : {}),
    });
    const handoff = location.searchParams.get('provider-handoff');
    if (!handoff) throw new Error(`the callback sent the browser to ${location.href}`);
    return this.complete(handoff);
  }
}
