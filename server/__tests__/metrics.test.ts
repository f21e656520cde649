// Prometheus metrics on METRICS_PORT, read as a scraper reads them (a Prometheus text parser):
// requests by route pattern and status, auth decisions, limit refusals, the mail queue and its
// failures, the session cache and the pool on PostgreSQL, the process's own; never on the public
// port, and nowhere when METRICS_PORT is unset.
import net from 'node:net';

import { API_PATHS } from '../../contract/api';
import { freePort } from '../../testing/processes';
import { bearer, uniqueEmail } from '../../testing/server/abuse/accounts';
import { ApiClient } from '../../testing/server/client';
import { testConfig } from '../../testing/server/config';
import { postgres, sqlite } from '../../testing/server/engines';
import { listeningServerFor } from '../../testing/server/injectedApp';
import { samplesOf, scrape, valueOf, type Scraped } from '../../testing/server/metrics';
import { startServer, type RunningServer } from '../app';
import { loadConfig } from '../config';

const PASSWORD = 'a metered passphrase';

function metricsUrl(server: RunningServer): string {
  const url = server.app.metrics.url();
  if (!url) throw new Error('the metrics are not listening');
  return url;
}

describe('metrics on PostgreSQL', () => {
  const running = listeningServerFor(postgres, {
    METRICS_PORT: '0',
    RATE_LIMIT_LOGIN_FAILURES_MAX: '1',
  });
  let api: ApiClient;
  let token: string;
  const email = uniqueEmail('metrics');
  beforeAll(async () => {
    api = new ApiClient(running.server.url);
    // The mail thread's first start may outlast the client's wait on a busy machine.
    await api.post(API_PATHS.signup, { name: 'Metered', email, password: PASSWORD });
    await running.server.app.mail.idle();
    const [mail] = await api.mailsTo(email);
    const activated = await api.post(API_PATHS.verifyAccount, {
      email,
      code: mail?.code,
      password: PASSWORD,
    });
    expect(activated.status).toBe(200);
    token = activated.body.token as string;
  }, 60_000);

  it('listens on a port of its own and never on the public one', async () => {
    const url = new URL(metricsUrl(running.server));
    expect(Number(url.port)).not.toBe(running.server.port);
    expect(url.pathname).toBe('/metrics');
    const onPublicPort = await fetch(`${running.server.url}/metrics`);
    expect(await onPublicPort.text()).not.toMatch(/^# (HELP|TYPE) /m);
    const elsewhere = await fetch(new URL('/other', url));
    expect(elsewhere.status).toBe(404);
  });

  it('counts a login as an accepted decision and a request of its route', async () => {
    const before = await scrape(metricsUrl(running.server));
    const login = await api.post(API_PATHS.login, { email, password: PASSWORD });
    expect(login.status).toBe(200);
    const after = await scrape(metricsUrl(running.server));
    const accepted = { endpoint: 'login', outcome: 'accepted', code: '' };
    expect(valueOf(after, 'accounts_auth_decisions_total', accepted)).toBe(
      valueOf(before, 'accounts_auth_decisions_total', accepted) + 1,
    );
    const route = { method: 'POST', route: API_PATHS.login, status_code: '200' };
    expect(valueOf(after, 'http_request_duration_seconds_count', route)).toBe(
      valueOf(before, 'http_request_duration_seconds_count', route) + 1,
    );
    expect(after.types.get('accounts_auth_decisions_total')).toBe('counter');
    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');
  });

  it('counts refusals by code, and the limit that refused', async () => {
    const before = await scrape(metricsUrl(running.server));
    const other = uniqueEmail('metrics-wrong');
    const first = await api.post(API_PATHS.login, { email: other, password: 'not the one at all' });
    expect(first.status).toBe(401);
    const second = await api.post(API_PATHS.login, {
      email: other,
      password: 'not the one at all',
    });
    expect(second.status).toBe(429);
    const after = await scrape(metricsUrl(running.server));
    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(
      moved('accounts_auth_decisions_total', {
        endpoint: 'login',
        outcome: 'refused',
        code: 'INVALID_CREDENTIALS',
      }),
    ).toBe(1);
    expect(
      moved('accounts_auth_decisions_total', {
        endpoint: 'login',
        outcome: 'refused',
        code: 'RATE_LIMITED',
      }),
    ).toBe(1);
    expect(moved('accounts_limit_refusals_total', { limit: 'login-pair' })).toBe(1);
  });

  it('labels requests by route pattern, never the path or query a visitor sent', async () => {
    await api.get(`${API_PATHS.verify}?token=secret-looking`, bearer(token));
    await api.request('PATCH', '/v1/api/user/passkeys/not-a-real-id-123', {
      body: { name: 'x' },
      headers: bearer(token),
    });
    await api.get('/v1/no-such-thing-456');
    const families = await scrape(metricsUrl(running.server));
    const routes = samplesOf(families, 'http_request_duration_seconds_count').map(
      (sample) => sample.labels?.route ?? '',
    );
    expect(routes).toContain(API_PATHS.verify);
    expect(routes).toContain('/v1/api/user/passkeys/:id');
    for (const route of routes) {
      expect(route).not.toMatch(/secret-looking|not-a-real-id|no-such-thing|\?/);
    }
  });

  it("reads the session cache's hits, the pool and the mail queue at each scrape", async () => {
    const before = await scrape(metricsUrl(running.server));
    // A session is kept in memory from its second read on; the third is answered from there.
    for (let read = 0; read < 3; read += 1) {
      expect((await api.get(API_PATHS.verify, bearer(token))).status).toBe(200);
    }
    const after = await scrape(metricsUrl(running.server));
    const lookups = (families: Scraped, result: string) =>
      valueOf(families, 'accounts_session_cache_lookups_total', { result });
    expect(lookups(after, 'hit')).toBeGreaterThan(lookups(before, 'hit'));
    expect(lookups(after, 'miss')).toBeGreaterThanOrEqual(lookups(before, 'miss'));
    const pool = samplesOf(after, 'accounts_db_pool_connections');
    expect(pool.map((sample) => sample.labels?.state).sort()).toEqual([
      'idle',
      'in_use',
      'waiting',
    ]);
    expect(valueOf(after, 'accounts_db_pool_connections', { state: 'idle' })).toBeGreaterThan(0);
    expect(after.types.get('accounts_mail_queue_depth')).toBe('gauge');
    expect(valueOf(after, 'accounts_mail_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(valueOf(after, 'accounts_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    // Nothing was set aside on this server (a set-aside mail is not in the depth).
    expect(valueOf(after, 'accounts_mail_set_aside')).toBe(0);
  });

  it("serves the process's own metrics", async () => {
    const families = await scrape(metricsUrl(running.server));
    expect(valueOf(families, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(families.types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
  });
});

describe('metrics of a mail server that is down', () => {
  let closedPort: number;
  const place = { dataDir: '' };
  let server: RunningServer | undefined;
  beforeAll(async () => {
    closedPort = await freePort();
    const setUp = await sqlite.setUp();
    place.dataDir = setUp.dataDir;
    server = await startServer(
      testConfig(setUp.dataDir, {
        METRICS_PORT: '0',
        MAIL_MODE: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
        MAIL_KICK_DELAY_MS: '0',
      }),
    );
  });
  afterAll(() => server?.close());

  it('shows the waiting mail and counts its failures', async () => {
    const api = new ApiClient(server!.url);
    const signup = await api.post(API_PATHS.signup, {
      name: 'Waiting',
      email: uniqueEmail('metrics-mail'),
      password: PASSWORD,
    });
    expect(signup.status).toBe(201);
    let families = await scrape(metricsUrl(server!));
    const deadline = Date.now() + 20_000;
    while (valueOf(families, 'accounts_mail_failures_total') === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      families = await scrape(metricsUrl(server!));
    }
    expect(valueOf(families, 'accounts_mail_failures_total')).toBeGreaterThan(0);
    expect(valueOf(families, 'accounts_mail_queue_depth')).toBeGreaterThanOrEqual(1);
    expect(valueOf(families, 'accounts_mail_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    // SQLite has no pool and no session cache to report.
    expect(families.types.has('accounts_db_pool_connections')).toBe(false);
  });
});

describe('METRICS_PORT', () => {
  it('is off when unset: no listener, nothing served', async () => {
    const setUp = await sqlite.setUp();
    const server = await startServer(testConfig(setUp.dataDir));
    try {
      expect(server.app.metrics.url()).toBeUndefined();
      const page = await fetch(`${server.url}/metrics`);
      expect(await page.text()).not.toMatch(/^# (HELP|TYPE) /m);
    } finally {
      await server.close();
      await setUp.tearDown();
    }
  });

  it('is never the public port', () => {
    const base = { PASSWORD_HASH_PROFILE: 'test' };
    expect(() => loadConfig({ ...base, PORT: '9000', METRICS_PORT: '9000' })).toThrow(
      /^Invalid METRICS_PORT: expected a port other than PORT/,
    );
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ ...base, METRICS_PORT: 'x' })).toThrow(/^Invalid METRICS_PORT/);
  });

  it('stops the start, naming METRICS_PORT, when its port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const setUp = await sqlite.setUp();
    try {
      await expect(
        startServer(testConfig(setUp.dataDir, { METRICS_PORT: String(port) })),
      ).rejects.toThrow(/metrics port \d+ .*already in use: choose another with METRICS_PORT/);
    } finally {
      blocker.close();
      await setUp.tearDown();
    }
  });
});
