// What a mail job finds out (whether the email has an account, a new code, a message) is worked out
// in the mail thread, never on the thread that answers requests: the request after an answer then
// meets the same thread whatever the email was. The statements on the tables only jobs touch are watched on
// this thread (the server's): none of them may run here, while the mails they decide still arrive, on SQLite and on
// PostgreSQL. With a clock of the test's own the worker has to share this thread, and the same watch
// sees it, which shows the watch would see a job that ran here.
import { DefaultQueryExecutor } from 'kysely';

import { API_PATHS } from '../../../contract/api';
import { ApiClient } from '../../../testing/server/client';
import { testConfig } from '../../../testing/server/config';
import { ENGINES } from '../../../testing/server/engines';
import { startServer, type RunningServer } from '../../app';
import { systemClock } from '../../plugins/resources';

const PASSWORD = 'mail thread passphrase';
/** A resend a second later is allowed; the sweeper, whose deletes touch the same tables, is off. */
const QUIET = { RATE_LIMIT_RESEND_WINDOW_SECONDS: '1', SWEEP_INTERVAL_SECONDS: '0' };

/** The statements this thread runs on the tables only jobs touch while mail is being decided. */
function watchJobQueries() {
  const seen: string[] = [];
  const execute = DefaultQueryExecutor.prototype.executeQuery;
  const spy = jest
    .spyOn(DefaultQueryExecutor.prototype, 'executeQuery')
    .mockImplementation(function (this: DefaultQueryExecutor, query, ...rest) {
      if (/"(users|activation_codes|account_codes|registrations)"/.test(query.sql)) {
        seen.push(query.sql);
      }
      return execute.call(this, query, ...rest);
    });
  return { seen, stop: () => spy.mockRestore() };
}

/** A sign-up, a resend and a reset for a pending email, and for an unknown one; mail each time. */
async function mailingRequests(api: ApiClient, email: string) {
  const sent = [
    await api.post(API_PATHS.signup, { name: 'Thread', email, password: PASSWORD }),
    await api.post(API_PATHS.resendActivation, { email }),
    await api.post(API_PATHS.requestPasswordReset, { email }),
    await api.post(API_PATHS.resendActivation, { email: `nobody-${email}` }),
    await api.post(API_PATHS.requestPasswordReset, { email: `nobody-${email}` }),
  ];
  expect(sent.map((answer) => answer.status)).toEqual([201, 202, 202, 202, 202]);
  // Activation code, a new one, and the activation code again with a way to choose a password.
  await api.waitForMail(email, 3);
}

describe.each(ENGINES)('on %s', (_name, engine) => {
  let place: Awaited<ReturnType<typeof engine.setUp>>;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    place = await engine.setUp();
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
    await place.tearDown();
  });

  it('runs every job off the thread that answers requests', async () => {
    server = await startServer(testConfig(place.dataDir, { ...place.env, ...QUIET }));
    const api = new ApiClient(server.url);
    const watch = watchJobQueries();
    try {
      await mailingRequests(api, 'thread@example.com');
      await server.app.mail.idle();
      expect(watch.seen).toEqual([]);
    } finally {
      watch.stop();
    }
  });

  it('is seen by the same watch when it has to share the thread (a test clock)', async () => {
    const clock = { nowMs: () => systemClock.nowMs(), nowSeconds: () => systemClock.nowSeconds() };
    server = await startServer(testConfig(place.dataDir, { ...place.env, ...QUIET }), { clock });
    const api = new ApiClient(server.url);
    const watch = watchJobQueries();
    try {
      await mailingRequests(api, 'shared@example.com');
      expect(watch.seen.length).toBeGreaterThan(0);
    } finally {
      watch.stop();
    }
  });
});
