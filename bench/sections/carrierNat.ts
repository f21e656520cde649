// A busy hour behind one carrier-grade NAT, with the limits a deployer there sets (CARRIER_NAT:
// more sign-ups and reset requests per address), and attacks beside it on the same server. 1,000
// honest visitors share one address: each signs up and, nine in ten, activates with the mailed
// code a few minutes later (one in twenty mistypes it first); then signs in twice more from the
// login page (which asks for passkey options), one login in ten after a wrong password; one in ten
// forgets the password and resets it with the mailed code. Meanwhile a credential stuffer behind
// the same address, a code guesser and a sign-up flood from addresses of their own keep going for
// the whole hour. Time runs TIME_SCALE times faster: every window and the codes' lifetime are
// divided by it; the limits' points are the defaults but CARRIER_NAT's. (Faster still, the flood's
// mail, which a real hour spreads out, outruns one mail thread and the visitors' codes wait behind
// it.) Password hashing uses the test profile: the limits, not the hashing, are measured here.
import fs from 'node:fs';

import { sql, type Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';

import { API_PATHS } from '../../contract/api';
import { startServer } from '../../server/app';
import { loadConfig, type RateLimitConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { freePort } from '../../testing/processes';
import { AddressClient } from '../../testing/server/abuse/fromAddress';
import type { Answer } from '../../testing/server/client';
import { tempDir } from '../../testing/server/config';
import type { Row } from '../table';

const TIME_SCALE = 10;
/** What server/README.md (Limits) tells a deployer behind a carrier's NAT to set. */
const CARRIER_NAT = {
  RATE_LIMIT_SIGNUP_MAX: '200',
  RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_MAX: '50',
};
/** One simulated minute, in real milliseconds. */
const MINUTE = 60_000 / TIME_SCALE;
const VISITORS = 1000;
const PASSWORD = 'a phone behind the carrier';
const NAT = '127.0.0.77';

const scaled = (seconds: number) => String(Math.round(seconds / TIME_SCALE));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => (low + Math.random() * (high - low)) * MINUTE;
const chance = (p: number) => Math.random() < p;

interface Mail {
  code: string;
  token: string;
}

/** A mail server on loopback: each recipient's codes, in order, as the visitor reads them. */
async function mailbox() {
  const received = new Map<string, Mail[]>();
  const waiting = new Map<string, Array<() => void>>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable: soft line breaks out, `=3D` back to `=`.
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const code = /[?&]code=(\d{6})/.exec(text)?.[1];
        const token = /[?&]token=([\w-]+)/.exec(text)?.[1];
        for (const { address } of session.envelope.rcptTo) {
          if (!code || !token) continue;
          received.set(address, [...(received.get(address) ?? []), { code, token }]);
          for (const wake of waiting.get(address)?.splice(0) ?? []) wake();
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** The `count`-th code mailed to `email`, once it has arrived. */
    async mail(email: string, count: number): Promise<Mail> {
      for (;;) {
        const mail = received.get(email)?.[count - 1];
        if (mail) return mail;
        await new Promise<void>((resolve) => {
          waiting.set(email, [...(waiting.get(email) ?? []), resolve]);
          setTimeout(resolve, 1000);
        });
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

interface Tally {
  requests: number;
  unexpected: string[];
  /** What each kind of step got, by status. */
  steps: Map<string, Map<number, number>>;
}

function expect(tally: Tally, what: string, answer: Answer, status: number): boolean {
  tally.requests += 1;
  const byStatus = tally.steps.get(what) ?? new Map<number, number>();
  byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  tally.steps.set(what, byStatus);
  const code = (answer.body as { code?: string } | undefined)?.code;
  if (answer.status !== status) tally.unexpected.push(`${what}: ${answer.status} ${code ?? ''}`);
  return answer.status === status;
}

/**
 * A visitor's client: a request whose kept-alive connection the server closed as it was sent
 * (ECONNRESET before any answer) goes again once, as browsers do.
 */
function browserOf(client: AddressClient): Pick<AddressClient, 'post'> {
  return {
    post: (path, body, headers) =>
      client.post(path, body, headers).catch(() => client.post(path, body, headers)),
  };
}

async function honestVisitor(
  i: number,
  client: Pick<AddressClient, 'post'>,
  box: Awaited<ReturnType<typeof mailbox>>,
  tally: Tally,
) {
  const email = `phone-${i}@nat.example`;
  await sleep(between(0, 35));
  const signup = await client.post(API_PATHS.signup, { name: 'Phone', email, password: PASSWORD });
  if (!expect(tally, 'sign-up', signup, 201) || chance(0.1)) return;
  let mail = await box.mail(email, 1);
  await sleep(between(0.5, 5));
  const activation = { email, code: mail.code, password: PASSWORD };
  if (chance(0.05)) {
    const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
    const mistyped = await client.post(API_PATHS.verifyAccount, { ...activation, code: wrong });
    expect(tally, 'activation, mistyped code', mistyped, 400);
  }
  const activated = await client.post(API_PATHS.verifyAccount, activation);
  if (!expect(tally, 'activation', activated, 200)) return;
  let password = PASSWORD;
  let mails = 1;
  for (let login = 0; login < 2; login += 1) {
    await sleep(between(1, 8));
    const options = await client.post(API_PATHS.passkeyLoginOptions);
    expect(tally, 'login page (passkey options)', options, 200);
    if (chance(0.1)) {
      const wrong = await client.post(API_PATHS.login, { email, password: `${password} typo` });
      expect(tally, 'login, wrong password', wrong, 401);
    }
    const right = await client.post(API_PATHS.login, { email, password });
    expect(tally, 'login', right, 200);
    if (login === 0 && chance(0.1)) {
      const asked = await client.post(API_PATHS.requestPasswordReset, { email });
      if (!expect(tally, 'reset request', asked, 202)) return;
      mails += 1;
      mail = await box.mail(email, mails);
      await sleep(between(0.5, 5));
      const reset = { email, code: mail.code, password: `${PASSWORD} renewed` };
      if (chance(0.05)) {
        const wrong = String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0');
        const mistyped = await client.post(API_PATHS.resetPassword, { ...reset, code: wrong });
        expect(tally, 'reset, mistyped code', mistyped, 400);
      }
      const renewed = await client.post(API_PATHS.resetPassword, reset);
      if (expect(tally, 'reset', renewed, 200)) password = reset.password;
    }
  }
}

/** Sends `send` again and again until `stop`; counts the answers by status. */
function attacker(send: (i: number) => Promise<Answer>) {
  const statuses = new Map<number, number>();
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i += 1) {
      const answer = await send(i).catch(() => ({ status: 0 }) as Answer);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      await sleep(20);
    }
  })();
  return {
    count: (status: number) => statuses.get(status) ?? 0,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** The per-address counters of the crowd's address, and the limit each has. */
function crowdBudgets(limits: RateLimitConfig) {
  return [
    ['sign-ups', 'signup', limits.signupMax],
    ['wrong codes', 'code-address', limits.codeGuessesPerAddressMax],
    ['reset requests', 'password-reset-address', limits.resetRequestsPerAddressMax],
    ['passkey options', 'passkey-options-address', limits.passkeyOptionsPerAddressMax],
    ['login failures (the stuffer there too)', 'login-address', limits.loginFailuresPerAddressMax],
  ] as const;
}

/** The highest count each of the crowd's address counters reached, read every 100 ms. */
function peaks(db: Kysely<Database>, names: readonly string[]) {
  const highest = new Map<string, number>(names.map((name) => [name, 0]));
  const keys = names.map((name) => `${name}:${NAT}`);
  const timer = setInterval(() => {
    void sql<{ key: string; points: number }>`select key, points from rate_limits
        where key in (${sql.join(keys)}) and (expire is null or expire > ${Date.now()})`
      .execute(db)
      .then(
        ({ rows }) => {
          for (const { key, points } of rows) {
            const name = key.slice(0, key.lastIndexOf(`:${NAT}`));
            highest.set(name, Math.max(highest.get(name) ?? 0, points));
          }
        },
        () => {},
      );
  }, 100);
  return {
    stop: () => clearInterval(timer),
    of: (name: string) => highest.get(name) ?? 0,
  };
}

export async function benchCarrierNat(env: NodeJS.ProcessEnv = {}): Promise<Row[]> {
  const section = 'abuse';
  const box = await mailbox();
  const dataDir = tempDir('bench-nat');
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: `${dataDir}/no-dist`,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_PROFILE: 'test',
      PASSWORD_HASH_QUEUE: '1000',
      SMTP_URL: box.url,
      MAIL_POLL_MS: '100',
      ACTIVATION_CODE_TTL_SECONDS: scaled(900),
      RATE_LIMIT_SIGNUP_WINDOW_SECONDS: scaled(600),
      RATE_LIMIT_LOGIN_FAILURES_WINDOW_SECONDS: scaled(900),
      RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL_WINDOW_SECONDS: scaled(3600),
      RATE_LIMIT_RESEND_WINDOW_SECONDS: scaled(60),
      CODE_GUESSES_PER_ADDRESS_WINDOW_SECONDS: scaled(3600),
      RATE_LIMIT_RESET_REQUESTS_PER_ADDRESS_WINDOW_SECONDS: scaled(3600),
      RATE_LIMIT_PASSKEY_OPTIONS_WINDOW_SECONDS: scaled(900),
      ...CARRIER_NAT,
      ...env,
    }),
  );
  const budgets = crowdBudgets(server.app.config.rateLimits);
  const peak = peaks(
    server.app.db,
    budgets.map(([, name]) => name),
  );
  const crowd = new AddressClient(server.url, NAT);
  const stuffing = new AddressClient(server.url, NAT);
  const guessing = new AddressClient(server.url, '127.0.0.78');
  const flooding = new AddressClient(server.url, '127.0.0.79');
  const config = server.app.config.rateLimits;
  try {
    const tally: Tally = { requests: 0, unexpected: [], steps: new Map() };
    const startedAt = Date.now();
    const stuffer = attacker((i) =>
      stuffing.post(API_PATHS.login, { email: `leaked-${i}@mail.example`, password: 'p4ssw0rd' }),
    );
    const guesser = attacker((i) =>
      guessing.post(API_PATHS.verifyAccount, {
        email: `phone-${i % VISITORS}@nat.example`,
        code: String(i % 1_000_000).padStart(6, '0'),
        password: PASSWORD,
      }),
    );
    const flood = attacker((i) =>
      flooding.post(API_PATHS.signup, {
        name: 'Flood',
        email: `flood-${i}@mail.example`,
        password: PASSWORD,
      }),
    );
    await Promise.all(
      Array.from({ length: VISITORS }, (_, i) =>
        honestVisitor(i, browserOf(crowd), box, tally).catch((error: unknown) => {
          tally.unexpected.push(`visitor stopped: ${String(error)}`);
        }),
      ),
    );
    const elapsed = Date.now() - startedAt;
    await Promise.all([stuffer.stop(), guesser.stop(), flood.stop()]);
    peak.stop();
    const windows = (seconds: number) => Math.ceil(elapsed / 1000 / seconds) + 1;

    const first = new Map<string, number>();
    for (const line of tally.unexpected) first.set(line, (first.get(line) ?? 0) + 1);
    const unexpected = [...first].map(([line, count]) => `${count}x ${line}`).join(', ');
    const steps = [...tally.steps]
      .map(([what, byStatus]) => `${what} ${[...byStatus.values()].reduce((a, b) => a + b, 0)}`)
      .join(', ');
    const stuffed = stuffer.count(401);
    const stuffedMax =
      config.loginFailuresPerAddressMax * windows(config.loginFailuresWindowSeconds);
    const guessed = guesser.count(400);
    const guessedMax =
      config.codeGuessesPerAddressMax * windows(config.codeGuessesPerAddressWindowSeconds);
    const flooded = flood.count(201);
    const floodedMax = config.signupMax * windows(config.signupWindowSeconds);
    return [
      {
        section,
        figure: `NAT: ${VISITORS} visitors behind one address, a busy hour (x${TIME_SCALE} time), default limits: steps`,
        value: `${tally.requests} requests in ${(elapsed / 1000).toFixed(0)} s: ${steps}`,
        target: 'context',
      },
      {
        section,
        figure: 'NAT: honest steps refused or failed',
        value: tally.unexpected.length === 0 ? '0' : `${tally.unexpected.length}: ${unexpected}`,
        target: '0',
        met: tally.unexpected.length === 0,
      },
      {
        section,
        figure: "NAT: the crowd's address, highest count of each budget / its limit",
        value: budgets.map(([what, name, max]) => `${what} ${peak.of(name)}/${max}`).join(', '),
        target: 'context',
      },
      {
        section,
        figure: 'NAT: credential stuffer behind the same address: password checks',
        value: `${stuffed} of ${stuffer.count(401) + stuffer.count(429)} guesses`,
        target: `<= ${stuffedMax} (${config.loginFailuresPerAddressMax} per window)`,
        met: stuffed <= stuffedMax,
      },
      {
        section,
        figure: "NAT: code guesser aiming at the crowd's accounts, from one address: code checks",
        value: `${guessed} of ${guesser.count(400) + guesser.count(429)} guesses`,
        target: `<= ${guessedMax} (${config.codeGuessesPerAddressMax} per window)`,
        met: guessed <= guessedMax,
      },
      {
        section,
        figure: 'NAT: sign-up flood from one address, never activated: sign-ups taken',
        value: `${flooded} of ${flood.count(201) + flood.count(429)}`,
        target: `<= ${floodedMax} (${config.signupMax} per window)`,
        met: flooded <= floodedMax,
      },
    ];
  } finally {
    for (const client of [crowd, stuffing, guessing, flooding]) client.close();
    await server.close();
    await box.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
