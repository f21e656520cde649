// The server's time of a provider sign-in beside a password login's, on SQLite with production
// (OWASP) hashing, against a real OpenID Provider on loopback (testing/oidc/harness.ts). A
// provider sign-in is the server's three requests (start, the callback with its code exchange
// and ID token checks, complete), the provider's own pages left out; a password login is one
// request, its argon2id check included. Medians of interleaved rounds.
import { performance } from 'node:perf_hooks';

import { API_PATHS } from '../../contract/api';
import { startOpenIdProvider } from '../../testing/oidc/harness';
import { FlowBrowser } from '../../testing/oidc/visitor';
import { freePort } from '../../testing/processes';
import { ApiClient } from '../../testing/server/client';
import { median, ms, type Row } from '../table';
import { BENCH_ACCOUNT, benchServer } from './benchServer';

const ROUNDS = 15;

export async function benchOidc(): Promise<Row[]> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startOpenIdProvider({
    redirectUris: [`${publicUrl}/v1/api/user/oidc/bench/callback`],
  });
  const bench = await benchServer({
    ...provider.env('bench', 'Bench provider'),
    PORT: String(port),
    PUBLIC_URL: publicUrl,
  });
  try {
    const api = new ApiClient(bench.server.url);
    const identity = { sub: 'bench-subject', email: 'bench-provider@example.com' };
    const providerTimes: number[] = [];
    const callbackTimes: number[] = [];
    const passwordTimes: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const browser = new FlowBrowser(api, provider, 'bench');
      let started = performance.now();
      const start = await browser.start({ intent: 'login' });
      let serverMs = performance.now() - started;
      const back = await browser.signInAtProvider(start.body.authorizationUrl, identity);
      started = performance.now();
      const answer = await browser.callback(back);
      const callbackMs = performance.now() - started;
      const handoff = new URL(answer.headers.get('location') ?? '/', publicUrl).searchParams.get(
        'provider-handoff',
      );
      started = performance.now();
      const completed = await browser.complete(handoff ?? '');
      serverMs += callbackMs + performance.now() - started;
      if (completed.status !== 200) throw new Error(`complete answered ${completed.status}`);
      started = performance.now();
      const login = await api.post(API_PATHS.login, {
        email: BENCH_ACCOUNT.email,
        password: BENCH_ACCOUNT.password,
      });
      const passwordMs = performance.now() - started;
      if (login.status !== 200) throw new Error(`login answered ${login.status}`);
      // The first round warms discovery and the keys' cache: not counted.
      if (round === 0) continue;
      providerTimes.push(serverMs);
      callbackTimes.push(callbackMs);
      passwordTimes.push(passwordMs);
    }
    return [
      {
        section: 'providers',
        figure: 'provider sign-in, server time (median)',
        value: ms(median(providerTimes)),
      },
      {
        section: 'providers',
        figure: '  of which the callback (code exchange, ID token checks)',
        value: ms(median(callbackTimes)),
      },
      {
        section: 'providers',
        figure: 'password login, server time (median)',
        value: ms(median(passwordTimes)),
      },
    ];
  } finally {
    await bench.close();
    await provider.stop();
  }
}
