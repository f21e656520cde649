// A real OpenID Provider on loopback for the tests (testing/oidc/provider-process.ts, in its own
// process), with one client registered for the server under test, and a browser's part of a
// flow without a browser: `signIn` follows the provider's redirects from an authorization URL,
// signs in as the identity the test names, and answers where the provider sends the browser
// back (the server's callback, with `code` and `state`). `nextIdToken` forges the next ID token
// (another audience, a wrong nonce, expired), signed with the provider's own key.
import { spawn, type ChildProcess } from 'node:child_process';

import { REPO_ROOT } from '../processes';
import type { IdTokenForgery } from './provider-process';

export type { IdTokenForgery };

export interface ProviderIdentity {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The server's settings for this provider under `id` (`OIDC_PROVIDERS`, `OIDC_<ID>_…`). */
  env(id?: string, name?: string): Record<string, string>;
  /** Signs in at the provider as `identity`; the URL it sends the browser back to. */
  signIn(authorizationUrl: string, identity: ProviderIdentity): Promise<URL>;
  /** Cancels at the provider's sign-in page; the URL it sends the browser back to. */
  cancel(authorizationUrl: string): Promise<URL>;
  /** The next ID token the token endpoint answers is forged so (once). */
  nextIdToken(forgery: IdTokenForgery): Promise<void>;
  stop(): Promise<void>;
}

/** A browser's cookies for one site, enough for the provider's own. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface ProviderOptions {
  /** The redirect URIs registered for the client: the server's callbacks. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}

/** Starts the provider; `stop()` ends its process. */
export async function startOpenIdProvider(options: ProviderOptions): Promise<OpenIdProvider> {
  const clientId = options.clientId ?? 'accounts-test-client';
  const clientSecret = options.clientSecret ?? 'a client secret only the tests know';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'testing/oidc/provider-process.ts'],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        OP_CLIENTS: JSON.stringify([
          { client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris },
        ]),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const issuer = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the OpenID Provider did not start in 30 s:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/[0-9.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the OpenID Provider exited (${code}):\n${output}`));
    });
  });

  /** Follows the provider's redirects until one leads off it; that one's URL. */
  async function follow(start: string, jar: CookieJar, act: (page: URL) => Promise<Response>) {
    let response = await fetch(start, { redirect: 'manual', headers: { cookie: jar.header() } });
    for (let hop = 0; hop < 10; hop += 1) {
      jar.take(response);
      const location = response.headers.get('location');
      if (response.status === 200 && response.url.includes('/interaction/')) {
        response = await act(new URL(response.url));
        continue;
      }
      if (!location) {
        throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
      }
      const next = new URL(location, issuer);
      if (next.origin !== issuer) return next;
      if (next.pathname.startsWith('/interaction/')) {
        const page = await fetch(next, { headers: { cookie: jar.header() } });
        jar.take(page);
        response = await act(next);
        continue;
      }
      response = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    }
    throw new Error('the provider redirected too many times');
  }

  const post = (url: URL, body: URLSearchParams, jar: CookieJar) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });

  return {
    issuer,
    clientId,
    clientSecret,
    env: (id = 'test', name = 'Test Provider') => {
      const prefix = `OIDC_${id.toUpperCase().replace(/-/g, '_')}`;
      return {
        OIDC_PROVIDERS: id,
        [`${prefix}_ISSUER`]: issuer,
        [`${prefix}_CLIENT_ID`]: clientId,
        [`${prefix}_CLIENT_SECRET`]: clientSecret,
        [`${prefix}_NAME`]: name,
      };
    },
    signIn: (authorizationUrl, identity) => {
      const jar = new CookieJar();
      return follow(authorizationUrl, jar, (page) =>
        post(
          new URL(`${page.pathname}/login`, issuer),
          new URLSearchParams({
            sub: identity.sub,
            email: identity.email,
            ...(identity.emailVerified === false ? {} : { email_verified: 'true' }),
            name: identity.name ?? 'Provider User',
          }),
          jar,
        ),
      );
    },
    cancel: (authorizationUrl) => {
      const jar = new CookieJar();
      return follow(authorizationUrl, jar, (page) =>
        post(new URL(`${page.pathname}/abort`, issuer), new URLSearchParams(), jar),
      );
    },
    nextIdToken: async (forgery) => {
      const answer = await fetch(`${issuer}/harness/next-id-token`, {
        method: 'POST',
        body: JSON.stringify({ forgery }),
      });
      if (answer.status !== 204) throw new Error(`the provider answered ${answer.status}`);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
