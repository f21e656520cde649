// A real OpenID Provider (`oidc-provider`, the certified Node implementation) on loopback, run as
// its own process by testing/oidc/harness.ts: `node --import tsx testing/oidc/provider-process.ts`
// with OP_CLIENTS (JSON: the clients and their redirect URIs). It prints `listening <issuer>` once
// it listens. Its sign-in page (`/interaction/:uid`) is a small form where a test (or Chromium)
// names the identity to sign in as: subject, email, whether the email is verified, name; consent
// is given by itself. `POST /harness/next-id-token` makes the next ID token the token endpoint
// answers a forged one, signed with the provider's own key: for another audience, with a wrong
// nonce, or expired.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import http from 'node:http';

import type { ProviderContext } from 'oidc-provider';

interface Identity {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/** What the next ID token answered is made into (once), or `none`. */
export type IdTokenForgery = 'none' | 'audience' | 'nonce' | 'expired';

const identities = new Map<string, Identity>();
let forgery: IdTokenForgery = 'none';

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy();
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string): string {
  const action = `/interaction/${escapeHtml(uid)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider</title>
<meta name="viewport" content="width=device-width"></head><body><main>
<h1>Test provider: sign in</h1>
<form method="post" action="${action}/login">
<label>Subject <input name="sub" required></label>
<label>Email <input name="email" type="email" required></label>
<label><input name="email_verified" type="checkbox" value="true" checked> Email verified</label>
<label>Name <input name="name" value="Provider User"></label>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

function base64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

/** The ID token re-signed with the provider's key after `change` of its claims. */
function forged(idToken: string, key: KeyObject, kid: string, change: IdTokenForgery): string {
  const [, payload = ''] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const now = Math.floor(Date.now() / 1000);
  if (change === 'audience') claims.aud = 'another-client';
  if (change === 'nonce') claims.nonce = 'not-the-nonce-of-this-flow';
  if (change === 'expired') {
    claims.iat = now - 7200;
    claims.exp = now - 3600;
  }
  const head = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = base64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), key);
  return `${head}.${body}.${base64url(signature)}`;
}

async function main() {
  const { default: Provider } = await import('oidc-provider');
  const clients = JSON.parse(process.env.OP_CLIENTS ?? '[]') as Array<{
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
  }>;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({
      ...client,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['a test provider cookie key of some length'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims of the scopes go in the ID token itself, as Google's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: async () => ({ ...identity }) };
    },
    // Consent is given by itself: the tests are about the client, not the provider's screens.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: async (ctx: ProviderContext, out: Record<string, unknown>) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && forgery !== 'none' && body?.id_token) {
      ctx.body = { ...body, id_token: forged(body.id_token, privateKey, kid, forgery) };
      forgery = 'none';
    }
  });

  const callback = provider.callback();
  const answer = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    try {
      if (request.method === 'POST' && url.pathname === '/harness/next-id-token') {
        const asked = JSON.parse(await readBody(request)) as { forgery: IdTokenForgery };
        forgery = asked.forgery;
        response.writeHead(204).end();
        return;
      }
      const interaction = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(url.pathname);
      if (interaction) {
        const [, uid = '', action] = interaction;
        if (request.method === 'GET' && !action) {
          await provider.interactionDetails(request, response);
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          response.end(loginPage(uid));
          return;
        }
        if (request.method === 'POST' && action === '/abort') {
          await provider.interactionFinished(
            request,
            response,
            { error: 'access_denied', error_description: 'The visitor cancelled' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        if (request.method === 'POST' && action === '/login') {
          const form = new URLSearchParams(await readBody(request));
          const sub = form.get('sub') ?? '';
          identities.set(sub, {
            sub,
            email: form.get('email') ?? '',
            email_verified: form.get('email_verified') === 'true',
            name: form.get('name') ?? '',
          });
          await provider.interactionFinished(
            request,
            response,
            { login: { accountId: sub } },
            { mergeWithLastSubmission: false },
          );
          return;
        }
      }
      callback(request, response);
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(String(error));
    }
  };
  server.on('request', (request, response) => void answer(request, response));
  process.stdout.write(`listening ${issuer}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
