// Whether an answer's timing tells if an email has an account: each enumeration-safe request is
// timed on every branch (new, pending and activated email; unknown email), interleaved so that
// noise falls on every branch alike, with production (OWASP) hashing. The spread is the largest
// gap between two branches' medians; the request path does the same work on every branch and the
// mail worker starts a while after the answer has left (see server/__tests__/abuse/equalWork.test.ts),
// so what is left is noise. The request that follows each branch at once (a verify) is timed too,
// with the worker started the moment the answer has left (MAIL_KICK_DELAY_MS=0, the defence's
// worst case): what a job does for a known email (a new code, a message) must not slow it, which
// holds because the worker runs in a thread of its own (server/mail/thread.ts).
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

import { API_PATHS } from '../../contract/api';
import { ms, percentile, type Row } from '../table';
import { BENCH_ACCOUNT, benchServer } from './benchServer';

const ROUNDS = 30;
const PENDING = { name: 'Pending', email: 'pending@example.com', password: 'pending passphrase 1' };

/**
 * The worker's mail work for one request happens after its answer; it is let finish before the
 * next request, so that each answer is timed alone (an attacker times one request at a time too).
 */
let settle: () => Promise<void> = async () => {};

/**
 * The client runs in a thread of its own, as an attacker's would run in a process of its own: the
 * server's worker, which starts once an answer has left, then shares no thread with the timing.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, body, follow, token }) => {
  try {
    let start = performance.now();
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: 'Bearer ' + token } : {}),
      },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
    if (follow) {
      start = performance.now();
      const next = await fetch(follow, { headers: { authorization: 'Bearer none' } });
      await next.arrayBuffer();
    }
    parentPort.postMessage({ ms: performance.now() - start });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

let client: Worker | undefined;

/**
 * Times `url`, or with `follow`, the GET of `follow` sent as soon as `url` has answered; `token`
 * signs the first request in.
 */
async function timed(url: string, body: unknown, follow?: string, token?: string): Promise<number> {
  await settle();
  if (!client) throw new Error('no timing client');
  const worker = client;
  const reply = new Promise<{ ms?: number; error?: string }>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { ms?: number; error?: string }) => {
      worker.off('error', reject);
      resolve(message);
    });
  });
  worker.postMessage({ url, body, follow, token });
  const { ms: took, error } = await reply;
  if (took === undefined) throw new Error(`timing client: ${error}`);
  return took;
}

function rowsFor(
  section: string,
  what: string,
  times: Record<string, number[]>,
  floorMs = 1,
): Row[] {
  const medians = Object.fromEntries(
    Object.entries(times).map(([branch, values]) => [branch, percentile(values, 50)]),
  );
  const values = Object.values(medians);
  const spread = Math.max(...values) - Math.min(...values);
  // Below a millisecond, the medians of 30 loopback requests differ by noise alone.
  const bound = Math.max(Math.max(...values) * 0.1, floorMs);
  return [
    ...Object.entries(medians).map(([branch, median]) => ({
      section,
      figure: `${what}, ${branch} (p50)`,
      value: ms(median),
    })),
    {
      section,
      figure: `${what}: spread of the branch medians`,
      value: ms(spread),
      target: `< ${ms(bound)} (10% of the slowest, at least ${ms(floorMs)})`,
      met: spread < bound,
    },
  ];
}

export async function benchTiming(): Promise<Row[]> {
  // A one-second resend window lets each round resend to the same three emails.
  // Production limits otherwise, except those a bench of 30 rounds to the same emails would spend.
  const bench = await benchServer({
    RATE_LIMIT_RESEND_WINDOW_SECONDS: '1',
    RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX: '1000000',
    MAIL_PER_RECIPIENT_HOUR_MAX: '1000000',
    MAIL_PER_RECIPIENT_DAY_MAX: '1000000',
    RATE_LIMIT_CHANGE_EMAIL_MAX: '1000000',
    MAIL_KICK_DELAY_MS: '0',
  });
  const api = (path: string) => bench.server.url + path;
  settle = () => bench.server.app.mail.idle();
  client = new Worker(CLIENT, { eval: true });
  try {
    await timed(api(API_PATHS.signup), PENDING);
    const signup: Record<string, number[]> = { 'new email': [], pending: [], activated: [] };
    const resend: Record<string, number[]> = { 'unknown email': [], pending: [], activated: [] };
    const login: Record<string, number[]> = { 'unknown email': [], 'wrong password': [] };
    // The verify sent at once after each branch's answer.
    const afterReset: Record<string, number[]> = {
      'unknown email': [],
      pending: [],
      activated: [],
    };
    const afterSignup: Record<string, number[]> = { 'new email': [], pending: [], activated: [] };
    const afterResend: Record<string, number[]> = {
      'unknown email': [],
      pending: [],
      activated: [],
    };
    const afterChange: Record<string, number[]> = { 'free address': [], 'taken address': [] };
    const next = api(API_PATHS.verify);
    const resetThenNext = (email: string) =>
      timed(api(API_PATHS.requestPasswordReset), { email }, next);
    const signupThenNext = (email: string) => timed(api(API_PATHS.signup), body(email), next);
    const resendThenNext = (email: string) =>
      timed(api(API_PATHS.resendActivation), { email }, next);
    const changeThenNext = (newEmail: string) =>
      timed(
        api(API_PATHS.changeEmail),
        { newEmail, password: BENCH_ACCOUNT.password },
        next,
        bench.token,
      );
    const wrong = 'not the password 1';
    const body = (email: string) => ({ name: 'Timing', email, password: 'timing passphrase 1' });
    const resendTo = (email: string) => timed(api(API_PATHS.resendActivation), { email });
    for (let round = 0; round < ROUNDS; round += 1) {
      const tries: Array<[number[], () => Promise<number>]> = [
        [signup['new email']!, () => timed(api(API_PATHS.signup), body(`new-${round}@x.example`))],
        [signup.pending!, () => timed(api(API_PATHS.signup), body(PENDING.email))],
        [signup.activated!, () => timed(api(API_PATHS.signup), body(BENCH_ACCOUNT.email))],
        [resend['unknown email']!, () => resendTo(`nobody-${round}@example.com`)],
        [resend.pending!, () => resendTo(PENDING.email)],
        [resend.activated!, () => resendTo(BENCH_ACCOUNT.email)],
        [
          login['unknown email']!,
          () =>
            timed(api(API_PATHS.login), { email: `nobody-${round}@x.example`, password: wrong }),
        ],
        [
          login['wrong password']!,
          () => timed(api(API_PATHS.login), { email: BENCH_ACCOUNT.email, password: wrong }),
        ],
      ];
      tries.push(
        [afterReset['unknown email']!, () => resetThenNext(`nobody-${round}@example.com`)],
        [afterReset.pending!, () => resetThenNext(PENDING.email)],
        [afterReset.activated!, () => resetThenNext(BENCH_ACCOUNT.email)],
        [afterSignup['new email']!, () => signupThenNext(`next-${round}@x.example`)],
        [afterSignup.pending!, () => signupThenNext(PENDING.email)],
        [afterSignup.activated!, () => signupThenNext(BENCH_ACCOUNT.email)],
        [afterResend['unknown email']!, () => resendThenNext(`nobody-next-${round}@example.com`)],
        [afterResend.pending!, () => resendThenNext(PENDING.email)],
        [afterResend.activated!, () => resendThenNext(BENCH_ACCOUNT.email)],
        [afterChange['free address']!, () => changeThenNext(`moved-${round}@x.example`)],
        [afterChange['taken address']!, () => changeThenNext(PENDING.email)],
      );
      // A new order every round: whatever runs first or after a hash is not always one branch.
      tries.sort(() => Math.random() - 0.5);
      for (const [series, run] of tries) series.push(await run());
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    // The server thread's own busy time from an answer until the mail it stored is handled: the
    // cause behind the rows above, without the network's noise. The client runs in its own
    // thread, so what is counted is the server's.
    const busy: Record<string, number[]> = {
      'reset, unknown email': [],
      'reset, activated': [],
      'resend, unknown email': [],
      'resend, pending': [],
    };
    const busyAfter = async (series: number[], url: string, email: string) => {
      await timed(url, { email });
      const start = performance.eventLoopUtilization();
      await new Promise((resolve) => setTimeout(resolve, 5));
      await settle();
      series.push(performance.eventLoopUtilization(start).active);
    };
    for (let round = 0; round < ROUNDS / 2; round += 1) {
      const reset = api(API_PATHS.requestPasswordReset);
      const resendUrl = api(API_PATHS.resendActivation);
      await busyAfter(busy['reset, unknown email']!, reset, `nobody-busy-${round}@example.com`);
      await busyAfter(busy['reset, activated']!, reset, BENCH_ACCOUNT.email);
      await busyAfter(
        busy['resend, unknown email']!,
        resendUrl,
        `nobody-busy-${round}@example.com`,
      );
      await busyAfter(busy['resend, pending']!, resendUrl, PENDING.email);
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    return [
      ...rowsFor('timing', 'server thread busy after the answer', busy, 0.3),
      ...rowsFor('timing', 'sign-up', signup),
      ...rowsFor('timing', 'resend', resend),
      ...rowsFor('timing', 'login failure', login),
      ...rowsFor('timing', 'next request after a reset', afterReset, 0.3),
      ...rowsFor('timing', 'next request after a sign-up', afterSignup, 0.3),
      ...rowsFor('timing', 'next request after a resend', afterResend, 0.3),
      ...rowsFor('timing', 'next request after an email change', afterChange, 0.3),
    ];
  } finally {
    await client.terminate();
    client = undefined;
    await bench.close();
  }
}
