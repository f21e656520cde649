// Whether an answer's timing tells if an email has an account: each enumeration-safe request is
// timed on every branch (new, pending and activated email; unknown email), interleaved so that
// noise falls on every branch alike, with production (OWASP) hashing. The spread is the largest
// gap between two branches' medians; the request path does the same work on every branch and the
// mail worker starts once the answer has left (see server/__tests__/abuse/equalWork.test.ts), so
// what is left is noise.
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
parentPort.on('message', async ({ url, body }) => {
  try {
    const start = performance.now();
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
    parentPort.postMessage({ ms: performance.now() - start });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

let client: Worker | undefined;

async function timed(url: string, body: unknown): Promise<number> {
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
  worker.postMessage({ url, body });
  const { ms: took, error } = await reply;
  if (took === undefined) throw new Error(`timing client: ${error}`);
  return took;
}

function rowsFor(section: string, what: string, times: Record<string, number[]>): Row[] {
  const medians = Object.fromEntries(
    Object.entries(times).map(([branch, values]) => [branch, percentile(values, 50)]),
  );
  const values = Object.values(medians);
  const spread = Math.max(...values) - Math.min(...values);
  // Below a millisecond, the medians of 30 loopback requests differ by noise alone.
  const bound = Math.max(Math.max(...values) * 0.1, 1);
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
      target: `< ${ms(bound)} (10% of the slowest, at least 1 ms)`,
      met: spread < bound,
    },
  ];
}

export async function benchTiming(): Promise<Row[]> {
  // A one-second resend window lets each round resend to the same three emails.
  const bench = await benchServer({ RATE_LIMIT_RESEND_WINDOW_SECONDS: '1' });
  const api = (path: string) => bench.server.url + path;
  settle = () => bench.server.app.mail.idle();
  client = new Worker(CLIENT, { eval: true });
  try {
    await timed(api(API_PATHS.signup), PENDING);
    const signup: Record<string, number[]> = { 'new email': [], pending: [], activated: [] };
    const resend: Record<string, number[]> = { 'unknown email': [], pending: [], activated: [] };
    const login: Record<string, number[]> = { 'unknown email': [], 'wrong password': [] };
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
      // A new order every round: whatever runs first or after a hash is not always one branch.
      tries.sort(() => Math.random() - 0.5);
      for (const [series, run] of tries) series.push(await run());
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    return [
      ...rowsFor('timing', 'sign-up', signup),
      ...rowsFor('timing', 'resend', resend),
      ...rowsFor('timing', 'login failure', login),
    ];
  } finally {
    await client.terminate();
    client = undefined;
    await bench.close();
  }
}
