// No secret of a provider flow rests in a log line, the record of decisions, a file of DATA_DIR,
// or a URL the app keeps: its state, nonce and PKCE challenge, the provider's code, the browser's
// cookie key, the handoff and the session. A real server on loopback, logging at trace, and a real
// OpenID Provider (testing/oidc/harness.ts).
import fs from 'node:fs';
import path from 'node:path';

import { API_PATHS } from '../../../contract/api';
import { startOpenIdProvider, type OpenIdProvider } from '../../../testing/oidc/harness';
import { FlowBrowser } from '../../../testing/oidc/visitor';
import { freePort } from '../../../testing/processes';
import { capturedLog } from '../../../testing/server/capturedLog';
import { ApiClient } from '../../../testing/server/client';
import { tempDir, testConfig } from '../../../testing/server/config';
import { startServer } from '../../app';

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe('provider flow secrets', () => {
  let provider: OpenIdProvider;
  let dataDir: string;
  const log = capturedLog();
  let events = '';
  /** Every secret of the flow, by name (for the failure message). */
  const secrets: Record<string, string> = {};
  let appUrl = '';

  beforeAll(async () => {
    dataDir = tempDir('secrets-oidc');
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startOpenIdProvider({
      redirectUris: [`${publicUrl}/v1/api/user/oidc/test/callback`],
    });
    const server = await startServer(
      testConfig(dataDir, {
        ...provider.env(),
        LOG_LEVEL: 'trace',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
      }),
      { logStream: log.stream },
    );
    try {
      const visitor = new FlowBrowser(new ApiClient(server.url), provider);
      const started = await visitor.start({ intent: 'login', returnTo: '/?section=providers' });
      const authorizationUrl = new URL(started.body.authorizationUrl as string);
      for (const name of ['state', 'nonce', 'code_challenge']) {
        secrets[name] = authorizationUrl.searchParams.get(name) ?? '';
      }
      secrets.cookie = (visitor.cookie ?? '').split('=')[1] ?? '';
      const back = await visitor.signInAtProvider(authorizationUrl.href, {
        sub: 'leak-check-subject',
        email: 'oidc-leak-check@example.com',
      });
      secrets.providerCode = back.searchParams.get('code') ?? '';
      const answer = await visitor.callback(back);
      const location = new URL(answer.headers.get('location') ?? '');
      appUrl = location.href;
      secrets.handoff = location.searchParams.get('provider-handoff') ?? '';
      const completed = await visitor.complete(secrets.handoff);
      secrets.session = completed.body.token as string;
      await visitor.api.get(API_PATHS.verify, { authorization: `Bearer ${secrets.session}` });
      events = JSON.stringify(await server.app.db.selectFrom('auth_events').selectAll().execute());
    } finally {
      await server.close();
      await provider.stop();
    }
  });

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('went through a whole sign-in', () => {
    expect(Object.values(secrets).every((secret) => secret.length >= 20)).toBe(true);
    expect(log.text()).toContain('request completed');
  });

  it('keeps them out of every log line', () => {
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, log.text().includes(secret)]).toEqual([name, false]);
    }
  });

  it("keeps them out of the server's record of decisions", () => {
    expect(events).toContain('oidcComplete');
    for (const [name, secret] of Object.entries(secrets)) {
      expect([name, events.includes(secret)]).toEqual([name, false]);
    }
  });

  it('keeps them out of every file in DATA_DIR: the flow is stored as hashes only', () => {
    const files = filesUnder(dataDir);
    expect(files.some((f) => f.endsWith('app.db'))).toBe(true);
    for (const file of files) {
      const content = fs.readFileSync(file).toString('latin1');
      for (const [name, secret] of Object.entries(secrets)) {
        expect([name, file, content.includes(secret)]).toEqual([name, file, false]);
      }
    }
  });

  it('puts in the app’s URL only the single-use handoff, which the action log redacts', async () => {
    const { redactedJson } = await import('../../../contract/redact');
    const url = new URL(appUrl);
    expect([...url.searchParams.keys()]).toEqual(['provider-handoff']);
    expect(redactedJson({ location: appUrl })).not.toContain(secrets.handoff);
  });
});
