// The funnel (GET /v1/api/operator/funnel and `npm run replay -- --funnel`) against a population
// of known shape made through the API, on SQLite and on PostgreSQL with Redis. Time is the
// server's own clock (buildApp's `clock`), set by the test before each step, so every event's
// time, and so every day and every duration, is known exactly.
import type { FastifyInstance } from 'fastify';

import { API_PATHS } from '../../contract/api';
import type { FunnelOkBody } from '../../contract/funnel';
import { newSubject } from '../../testing/oidc/accounts';
import { startOpenIdProvider, type OpenIdProvider } from '../../testing/oidc/harness';
import { FlowBrowser } from '../../testing/oidc/visitor';
import {
  bearer,
  pendingAccount,
  secondFactorTurnedOn,
  uniqueEmail,
  wrongCode,
} from '../../testing/server/abuse/accounts';
import { replayCli } from '../../testing/server/actionLogs';
import { ApiClient } from '../../testing/server/client';
import type { Engine } from '../../testing/server/engines';
import {
  OPERATOR_ENGINES,
  operatorApp,
  ORIGIN,
  PASSWORD,
  signedUp,
  totpAt,
  type OperatorApp,
} from '../../testing/server/operators';
import { computeFunnel } from '../funnel/funnel';
import type { Clock } from '../plugins/resources';
import { grantOperator } from '../repo/operators';

const DAY_MS = 86_400_000;
const MINUTE = 60_000;
/** 2026-11-20 00:00 UTC: the population's first day; the second is 2026-11-21. */
const FIRST_DAY = Date.UTC(2026, 10, 20);
const at = (day: number, hours: number, minutes = 0) =>
  FIRST_DAY + day * DAY_MS + hours * 3_600_000 + minutes * MINUTE;
const NEW_PASSWORD = 'a brand new passphrase for this';

/** The first mail to `email` after its `before` first ones that carries a code. */
async function mailedCode(api: ApiClient, email: string, before: number): Promise<string> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const found = (await api.mailsTo(email)).slice(before).find((mail) => mail.code);
    if (found) return found.code!;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const none = { count: 0, medianMs: null, p90Ms: null };
const zero = {
  signups: 0,
  activations: 0,
  firstLogins: 0,
  logins: 0,
  resetsRequested: 0,
  resetsCompleted: 0,
  secondFactorFailures: 0,
  refusals: 0,
  signupToActivation: none,
  resetToNewPassword: none,
};

describe.each(OPERATOR_ENGINES)('the funnel on %s', (_name, engine: Engine) => {
  let running: OperatorApp | undefined;
  let app: FastifyInstance;
  let api: ApiClient;
  let nowMs = at(0, 10);
  const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };
  let operator: Record<string, string>;
  /** The sign-up refused for its password: its code in the record. */
  let weakCode: string;

  const activate = async (email: string, code: string) => {
    const answer = await api.post(API_PATHS.verifyAccount, { email, code, password: PASSWORD });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  };
  const login = (email: string, password = PASSWORD) =>
    api.post(API_PATHS.login, { email, password });
  const reset = async (email: string, requestedAt: number, doneAt: number) => {
    nowMs = requestedAt;
    const before = (await api.mailsTo(email)).length;
    expect((await api.post(API_PATHS.requestPasswordReset, { email })).status).toBe(202);
    const code = await mailedCode(api, email, before);
    nowMs = doneAt;
    const answer = await api.post(API_PATHS.resetPassword, { email, code, password: NEW_PASSWORD });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    running = await operatorApp(engine, { ACTIVATION_CODE_TTL_SECONDS: '86400' }, { clock });
    ({ app, api } = running);

    // Day 1, 10:00: four sign-ups (a, b, c and e, who never activates), a refused one, a wrong
    // activation code and a pending account's login.
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((label) =>
      uniqueEmail(`funnel-${label}`),
    );
    const codes: Record<string, string> = {};
    for (const email of [a!, b!, c!, e!]) codes[email] = await pendingAccount(api, email, PASSWORD);
    const weak = await api.post(API_PATHS.signup, {
      name: 'Weak',
      email: uniqueEmail('funnel-weak'),
      password: 'password',
    });
    expect(weak.status).toBe(400);
    weakCode = `VALIDATION password:${weak.body.fields.password}`;
    const wrong = await api.post(API_PATHS.verifyAccount, {
      email: e,
      code: wrongCode(codes[e!]!),
      password: PASSWORD,
    });
    expect(wrong.body.code).toBe('INVALID_CODE');
    expect((await login(e!)).body.code).toBe('ACCOUNT_NOT_ACTIVATED');
    // Activations 1, 3 and 10 minutes after their sign-up.
    nowMs = at(0, 10, 1);
    await activate(a!, codes[a!]!);
    nowMs = at(0, 10, 3);
    await activate(b!, codes[b!]!);
    nowMs = at(0, 10, 10);
    const cToken = await activate(c!, codes[c!]!);
    // 11:00: a's first login; c turns two-step sign-in on.
    nowMs = at(0, 11);
    expect((await login(a!)).status).toBe(200);
    const { secret } = await secondFactorTurnedOn(
      api,
      cToken,
      (key) => totpAt(key, nowMs),
      PASSWORD,
    );
    // 23:50: d signs up, and activates 40 minutes later, on day 2.
    nowMs = at(0, 23, 50);
    const dCode = await pendingAccount(api, d!, PASSWORD);
    nowMs = at(1, 0, 30);
    await activate(d!, dCode);

    // Day 2, 09:00: a logs in again, b for the first time, c through two wrong codes then the
    // right one; an unknown email is refused.
    nowMs = at(1, 9);
    expect((await login(a!)).status).toBe(200);
    expect((await login(b!)).status).toBe(200);
    const ticket = (await login(c!)).body.secondFactor.ticket as string;
    const code = totpAt(secret, nowMs);
    for (const offset of [1, 2]) {
      const refused = await api.post(API_PATHS.loginSecondFactor, {
        ticket,
        code: wrongCode(code, offset),
      });
      expect(refused.body.code).toBe('INVALID_CODE');
    }
    expect((await api.post(API_PATHS.loginSecondFactor, { ticket, code })).status).toBe(200);
    expect((await login(uniqueEmail('funnel-nobody'))).body.code).toBe('INVALID_CREDENTIALS');
    // Resets: a's in 5 minutes, b's in 20; a request for an unknown email.
    await reset(a!, at(1, 12), at(1, 12, 5));
    await reset(b!, at(1, 13), at(1, 13, 20));
    nowMs = at(1, 14);
    const unknown = { email: uniqueEmail('funnel-nobody') };
    expect((await api.post(API_PATHS.requestPasswordReset, unknown)).status).toBe(202);

    // Day 4: an operator, confirmed with the second factor.
    nowMs = at(3, 10);
    const op = await signedUp(api, 'funnel-operator');
    await grantOperator(app.db, op.email, clock.nowSeconds());
    const opFactor = await secondFactorTurnedOn(
      api,
      op.token,
      (key) => totpAt(key, nowMs),
      PASSWORD,
    );
    nowMs += 30_000;
    const confirmed = await api.post(
      API_PATHS.confirm,
      { password: PASSWORD, code: totpAt(opFactor.secret, nowMs) },
      bearer(op.token),
    );
    expect(confirmed.status).toBe(200);
    operator = bearer(op.token);
  });
  afterAll(() => running?.stop());

  const funnelOf = (query: string) => api.get(`${API_PATHS.operatorFunnel}${query}`, operator);

  const expected = (): FunnelOkBody => {
    const first = {
      ...zero,
      day: '2026-11-20',
      signups: 5,
      activations: 3,
      firstLogins: 1,
      logins: 1,
      refusals: 3,
      // 1, 3, 10 minutes: rank ceil(1.5) = 2 and ceil(2.7) = 3.
      signupToActivation: { count: 3, medianMs: 3 * MINUTE, p90Ms: 10 * MINUTE },
    };
    const second = {
      ...zero,
      day: '2026-11-21',
      activations: 1,
      firstLogins: 2,
      logins: 3,
      resetsRequested: 3,
      resetsCompleted: 2,
      secondFactorFailures: 2,
      refusals: 3,
      signupToActivation: { count: 1, medianMs: 40 * MINUTE, p90Ms: 40 * MINUTE },
      // 5, 20 minutes: rank ceil(1) = 1 and ceil(1.8) = 2.
      resetToNewPassword: { count: 2, medianMs: 5 * MINUTE, p90Ms: 20 * MINUTE },
    };
    return {
      error: false,
      from: '2026-11-20',
      to: '2026-11-21',
      days: [first, second],
      period: {
        signups: 5,
        activations: 4,
        firstLogins: 3,
        logins: 4,
        resetsRequested: 3,
        resetsCompleted: 2,
        secondFactorFailures: 2,
        refusals: 6,
        // 1, 3, 10, 40 minutes: nearest-rank median is rank 2 (3 min, where interpolation says
        // 6.5), the 90th percentile rank ceil(3.6) = 4 (40 min, not 31).
        signupToActivation: { count: 4, medianMs: 3 * MINUTE, p90Ms: 40 * MINUTE },
        resetToNewPassword: { count: 2, medianMs: 5 * MINUTE, p90Ms: 20 * MINUTE },
        refusalsByEndpoint: [
          { endpoint: 'loginSecondFactor', code: 'INVALID_CODE', count: 2 },
          { endpoint: 'login', code: 'ACCOUNT_NOT_ACTIVATED', count: 1 },
          { endpoint: 'login', code: 'INVALID_CREDENTIALS', count: 1 },
          { endpoint: 'signup', code: weakCode, count: 1 },
          { endpoint: 'verifyAccount', code: 'INVALID_CODE', count: 1 },
        ],
      },
    };
  };

  it('counts every figure of a known population, per day and over the period', async () => {
    const answer = await funnelOf('?from=2026-11-20&to=2026-11-21');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(expected());
  });

  it('names no account on a sign-up: the activation carries when its sign-up was made', async () => {
    const rows = await app.db
      .selectFrom('auth_events')
      .select(['event', 'user_id', 'session_id', 'started_at', 'time'])
      .where('event', 'in', ['signup', 'verifyAccount', 'resetPassword'])
      .where('outcome', '=', 'accepted')
      .where('time', '<', at(2, 0))
      .orderBy('time')
      .execute();
    const signups = rows.filter((row) => row.event === 'signup');
    expect(signups).toHaveLength(5);
    for (const row of signups) {
      expect(row).toMatchObject({ user_id: null, session_id: null, started_at: null });
    }
    const starts = rows
      .filter((row) => row.event !== 'signup')
      .map((row) => [row.event, Number(row.time) - Number(row.started_at)]);
    expect(starts).toEqual([
      ['verifyAccount', 1 * MINUTE],
      ['verifyAccount', 3 * MINUTE],
      ['verifyAccount', 10 * MINUTE],
      ['verifyAccount', 40 * MINUTE],
      ['resetPassword', 5 * MINUTE],
      ['resetPassword', 20 * MINUTE],
    ]);
  });

  it('answers one day alone, and days with nothing as zeros', async () => {
    const second = await funnelOf('?from=2026-11-21&to=2026-11-23');
    expect(second.status).toBe(200);
    const [day2, day3, day4] = second.body.days;
    expect(day2).toEqual(expected().days[1]);
    expect(day3).toEqual({ ...zero, day: '2026-11-22' });
    expect(day4.day).toBe('2026-11-23');
    // The day before the population: nothing, not even its logins' firsts.
    const before = await funnelOf('?from=2026-11-19&to=2026-11-19');
    expect(before.body.days).toEqual([{ ...zero, day: '2026-11-19' }]);
    expect(before.body.period.refusalsByEndpoint).toEqual([]);
  });

  it('ranks durations nearest-rank: the value at rank ceil(p/100 x n)', async () => {
    // Activations written straight into the record on days of their own, each `minutes` after
    // its sign-up (shuffled): 7 on 2026-10-01, 2 on 2026-10-02, 1 on 2026-10-03.
    const days: [string, number[]][] = [
      ['2026-10-01', [5, 2, 7, 1, 6, 3, 4]],
      ['2026-10-02', [9, 8]],
      ['2026-10-03', [11]],
    ];
    let id = 0;
    for (const [day, minutes] of days) {
      for (const [index, taken] of minutes.entries()) {
        const time = Date.parse(`${day}T12:00:00Z`) + index;
        await app.db
          .insertInto('auth_events')
          .values({
            id: `rank-${(id += 1)}`,
            time,
            event: 'verifyAccount',
            outcome: 'accepted',
            status: 200,
            user_id: `rank-user-${id}`,
            address_hash: 'x',
            started_at: time - taken * MINUTE,
          })
          .execute();
      }
    }
    const answer = await funnelOf('?from=2026-10-01&to=2026-10-03');
    const times = (figures: { signupToActivation: unknown }) => figures.signupToActivation;
    expect(answer.body.days.map(times)).toEqual([
      // n = 7: ranks ceil(3.5) = 4 and ceil(6.3) = 7 (rounding would take the 6th; interpolating, 6.4).
      { count: 7, medianMs: 4 * MINUTE, p90Ms: 7 * MINUTE },
      // n = 2: ranks 1 and ceil(1.8) = 2.
      { count: 2, medianMs: 8 * MINUTE, p90Ms: 9 * MINUTE },
      // n = 1: the one value.
      { count: 1, medianMs: 11 * MINUTE, p90Ms: 11 * MINUTE },
    ]);
    // n = 10 over the period (1..9, 11): ranks 5 and 9.
    expect(times(answer.body.period)).toEqual({
      count: 10,
      medianMs: 5 * MINUTE,
      p90Ms: 9 * MINUTE,
    });
  });

  it('takes the last 30 days to today by default', async () => {
    const answer = await funnelOf('');
    expect(answer.status).toBe(200);
    expect(answer.body.days).toHaveLength(30);
    expect(answer.body.to).toBe('2026-11-23');
    expect(answer.body.from).toBe('2026-10-25');
    expect(answer.body.period.signups).toBe(6);
  });

  it('refuses a period that is not one, naming the field and why', async () => {
    const cases: [string, Record<string, string>][] = [
      ['?from=2026-11-22&to=2026-11-21', { from: 'INCORRECT' }],
      ['?from=2026-02-31&to=2026-03-01', { from: 'INVALID_CHARACTERS' }],
      ['?to=21/11/2026', { to: 'INVALID_CHARACTERS' }],
      ['?from=2024-01-01&to=2026-11-21', { from: 'TOO_LONG' }],
    ];
    for (const [query, fields] of cases) {
      const answer = await funnelOf(query);
      expect({
        query,
        status: answer.status,
        code: answer.body.code,
        fields: answer.body.fields,
      }).toEqual({ query, status: 400, code: 'VALIDATION', fields });
    }
  });

  it('answers a guest 401 and someone not an operator 403 FORBIDDEN', async () => {
    expect((await api.get(API_PATHS.operatorFunnel)).status).toBe(401);
    const visitor = await signedUp(api, 'funnel-visitor');
    const refused = await api.get(API_PATHS.operatorFunnel, bearer(visitor.token));
    expect({ status: refused.status, code: refused.body.code }).toEqual({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('prints the same figures with npm run replay -- --funnel', async () => {
    const run = await replayCli(
      running!.place,
      '--funnel',
      '--from',
      '2026-11-20',
      '--to',
      '2026-11-21',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const cells = (label: string) =>
      lines
        .find((line) => line.startsWith(label))!
        .split(/ {2,}/)
        .slice(1);
    expect(lines[0]).toBe(
      'funnel from 2026-11-20 to 2026-11-21 (UTC days; times are nearest-rank median and 90th percentile)',
    );
    expect(cells('2026-11-20')).toEqual([
      '5',
      '3',
      '1',
      '1',
      '0',
      '0',
      '0',
      '3',
      '3 min 0 s',
      '10 min 0 s',
      '-',
      '-',
    ]);
    expect(cells('2026-11-21')).toEqual([
      '0',
      '1',
      '2',
      '3',
      '3',
      '2',
      '2',
      '3',
      '40 min 0 s',
      '40 min 0 s',
      '5 min 0 s',
      '20 min 0 s',
    ]);
    expect(cells('period')).toEqual([
      '5',
      '4',
      '3',
      '4',
      '3',
      '2',
      '2',
      '6',
      '3 min 0 s',
      '40 min 0 s',
      '5 min 0 s',
      '20 min 0 s',
    ]);
    const refusals = lines.slice(lines.indexOf('refusals by endpoint and code') + 2, -1);
    expect(refusals.map((line) => line.split(/ {2,}/))).toEqual(
      expected().period.refusalsByEndpoint.map((row) => [
        row.endpoint,
        row.code,
        String(row.count),
      ]),
    );
    const json = await replayCli(
      running!.place,
      '--funnel',
      '--from',
      '2026-11-20',
      '--to',
      '2026-11-21',
      '--json',
    );
    expect(JSON.parse(json.stdout)).toEqual(expected());
    const bad = await replayCli(
      running!.place,
      '--funnel',
      '--from',
      '2026-11-22',
      '--to',
      '2026-11-21',
    );
    expect({ code: bad.code, stderr: bad.stderr }).toEqual({
      code: 2,
      stderr: 'replay: --from is after --to\n',
    });
  });
});

describe.each(OPERATOR_ENGINES)(
  'a sign-up through a provider in the funnel on %s',
  (_name, engine) => {
    let provider: OpenIdProvider | undefined;
    let running: OperatorApp | undefined;
    let nowMs = at(5, 9);
    const clock: Clock = { nowSeconds: () => Math.floor(nowMs / 1000), nowMs: () => nowMs };

    beforeAll(async () => {
      provider = await startOpenIdProvider({
        redirectUris: [`${ORIGIN}/v1/api/user/oidc/test/callback`],
      });
      running = await operatorApp(engine, provider.env(), { clock });
    });
    afterAll(async () => {
      await running?.stop();
      await provider?.stop();
    });

    it('is a sign-up and an activation at once, timed from the press; its next sign-in the first login', async () => {
      const browser = new FlowBrowser(ApiClient.inject(running!.app, '10.9.2.1'), provider!);
      const who = {
        sub: newSubject('funnel'),
        email: uniqueEmail('funnel-provider'),
        name: 'Provider Person',
      };
      // 2026-11-25, 09:00: "Continue with" pressed; back from the provider two minutes later.
      const started = await browser.start({ intent: 'login' });
      expect(started.status).toBe(200);
      const back = await browser.signInAtProvider(started.body.authorizationUrl, who);
      nowMs = at(5, 9, 2);
      const callback = await browser.callback(back);
      const handoff = new URL(callback.headers.get('location')!, ORIGIN).searchParams.get(
        'provider-handoff',
      );
      const made = await browser.complete(handoff!);
      expect(made.status).toBe(200);
      expect(made.body.token).toEqual(expect.any(String));
      // 15:00: signs in with it again: a login, the account's first; no second sign-up.
      nowMs = at(5, 15);
      expect((await browser.signIn(who)).status).toBe(200);

      const day = Math.floor(at(5, 0) / DAY_MS);
      const funnel = await computeFunnel(running!.app.db, { fromDay: day, toDay: day });
      const figures = {
        ...zero,
        signups: 1,
        activations: 1,
        firstLogins: 1,
        logins: 1,
        signupToActivation: { count: 1, medianMs: 2 * MINUTE, p90Ms: 2 * MINUTE },
      };
      expect(funnel.days).toEqual([{ ...figures, day: '2026-11-25' }]);
      expect(funnel.period).toEqual({ ...figures, refusalsByEndpoint: [] });
    });
  },
);
