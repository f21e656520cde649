// Attacks against a server with its default limits and production (OWASP) hashing, each figure
// beside its limit: one address guessing across accounts, many addresses guessing one account,
// what a 64-wide login flood from 64 addresses does to verify and to the app's first load, and the
// mailed codes: guessed across accounts, rotated by new sign-ups, and mail asked for one address;
// and the second factor's codes guessed by strangers who know the password.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { launchChromium } from '../../testing/browser/chromium';
import { ms, percentile, type Row } from '../table';
import { build } from './build';

const ACCOUNT = { name: 'Target', email: 'target@example.com', password: 'correct horse battery' };
const FLOOD_WIDTH = 64;

interface Answer {
  status: number;
  body: string;
}

function post(
  url: string,
  body: unknown,
  agent: http.Agent,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

const agentFrom = (n: number) =>
  new http.Agent({ keepAlive: true, localAddress: `127.0.0.${n}`, maxSockets: 64 });

async function activatedServer(distDir: string, dataDir: string): Promise<RunningServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config);
  const agent = agentFrom(200);
  await post(server.url + API_PATHS.signup, ACCOUNT, agent);
  let code: string | undefined;
  while (!code) {
    const outbox = await (await fetch(server.url + API_PATHS.outbox)).json();
    code = outbox.messages.find((m: { to: string }) => m.to === ACCOUNT.email)?.code;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { email, password } = ACCOUNT;
  await post(server.url + API_PATHS.verifyAccount, { email, code, password }, agent);
  agent.destroy();
  return server;
}

async function mailsTo(url: string, email: string): Promise<{ code?: string; text: string }[]> {
  const outbox = await (await fetch(url + API_PATHS.outbox)).json();
  return outbox.messages.filter((m: { to: string }) => m.to === email);
}

/** Waits until `count` mails reached `email`; returns the newest. */
async function waitForMail(url: string, email: string, count: number) {
  for (;;) {
    const mails = await mailsTo(url, email);
    if (mails.length >= count) return mails[mails.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A six-digit code that is not `code`. */
const wrong = (code: string, offset: number) =>
  String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** How many of `guesses` got a code checked (a 400, not a 429). */
async function codeChecks(guesses: Promise<Answer>[]): Promise<number> {
  return (await Promise.all(guesses)).filter((answer) => answer.status === 400).length;
}

/**
 * The mailed codes under attack, with the production limits: wrong reset codes for 10 accounts
 * from 5 addresses (30 each, in parallel); an activation code rotated three times by strangers'
 * sign-ups, 30 wrong guesses from 10 addresses after each; then the owner's link; and 20 sign-ups
 * from 20 addresses asking mail for one address.
 */
async function codeAttacks(url: string): Promise<Row[]> {
  const section = 'abuse';
  const setup = agentFrom(130);
  const accounts = Array.from({ length: 10 }, (_, i) => `reset-target-${i}@example.com`);
  for (const email of accounts) {
    await post(url + API_PATHS.signup, { ...ACCOUNT, email }, setup);
    const { code } = await waitForMail(url, email, 1);
    await post(url + API_PATHS.verifyAccount, { email, code, password: ACCOUNT.password }, setup);
    await post(url + API_PATHS.requestPasswordReset, { email }, setup);
  }
  const guessers = Array.from({ length: 5 }, (_, i) => agentFrom(131 + i));
  const perAccount = await Promise.all(
    accounts.map(async (email) => {
      const { code = '000000' } = await waitForMail(url, email, 2);
      return codeChecks(
        Array.from({ length: 30 }, (_, i) =>
          post(
            url + API_PATHS.resetPassword,
            { email, code: wrong(code, i + 1), password: 'the attacker chose this' },
            guessers[i % guessers.length]!,
          ),
        ),
      );
    }),
  );
  for (const agent of guessers) agent.destroy();

  const victim = 'rotated@example.com';
  await post(url + API_PATHS.signup, { ...ACCOUNT, email: victim }, setup);
  await waitForMail(url, victim, 1);
  const rotators = Array.from({ length: 3 }, (_, i) => agentFrom(136 + i));
  const spread = Array.from({ length: 10 }, (_, i) => agentFrom(140 + i));
  let rotated = 0;
  for (const [round, rotator] of rotators.entries()) {
    const stranger = { ...ACCOUNT, email: victim, password: `stranger password ${round}` };
    await post(url + API_PATHS.signup, stranger, rotator);
    const { code = '000000' } = await waitForMail(url, victim, round + 2);
    rotated += await codeChecks(
      Array.from({ length: 30 }, (_, i) =>
        post(
          url + API_PATHS.verifyAccount,
          { email: victim, code: wrong(code, i + 1), password: stranger.password },
          spread[i % spread.length]!,
        ),
      ),
    );
  }
  const latest = await waitForMail(url, victim, rotators.length + 1);
  const linkToken = /[?&]token=([\w-]+)/.exec(latest.text)?.[1];
  const typed = { email: victim, code: latest.code, password: ACCOUNT.password };
  const typedAnswer = await post(url + API_PATHS.verifyAccount, typed, setup);
  const viaLink = await post(url + API_PATHS.verifyAccount, { ...typed, linkToken }, setup);
  for (const agent of [...rotators, ...spread]) agent.destroy();

  const flooded = 'flooded@example.com';
  const senders = Array.from({ length: 20 }, (_, i) => agentFrom(150 + i));
  await Promise.all(
    senders.map((agent, i) =>
      post(url + API_PATHS.signup, { ...ACCOUNT, email: flooded, password: `flood ${i} x` }, agent),
    ),
  );
  await waitForMail(url, flooded, 1);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const mails = (await mailsTo(url, flooded)).length;
  for (const agent of [...senders, setup]) agent.destroy();

  const most = Math.max(...perAccount);
  const all = perAccount.reduce((sum, n) => sum + n, 0);
  return [
    {
      section,
      figure:
        'reset codes, 10 accounts x 30 wrong from 5 addresses: checks per account (max / all)',
      value: `${most} / ${all} of 300 guesses`,
      target: '<= 20 per account',
      met: most <= 20,
    },
    {
      section,
      figure: 'activation code rotated 3x by sign-ups, 30 wrong each from 10 addresses: checks',
      value: `${rotated} of 90 guesses`,
      target: '<= 20',
      met: rotated <= 20,
    },
    {
      section,
      figure: "owner's right code after that: typed / through the link",
      value: `${typedAnswer.status} / ${viaLink.status}`,
      target: '429 / 200',
      met: typedAnswer.status === 429 && viaLink.status === 200,
    },
    {
      section,
      figure: 'mail to one address from 20 sign-ups at once',
      value: `${mails} mails`,
      target: '<= 5 an hour',
      met: mails <= 5,
    },
  ];
}

/**
 * A stolen password against the second factor: the owner turns it on, strangers who know the
 * password take second-step tickets from 10 addresses and send 30 wrong codes each at once; then
 * the owner signs in, with the right code and with a recovery code.
 */
async function secondFactorAttack(url: string): Promise<Row[]> {
  const section = 'abuse';
  const account = { ...ACCOUNT, email: 'second-factor@example.com' };
  const { email, password } = account;
  const owner = agentFrom(180);
  await post(url + API_PATHS.signup, account, owner);
  const { code: mailed } = await waitForMail(url, email, 1);
  const activated = await post(
    url + API_PATHS.verifyAccount,
    { email, code: mailed, password },
    owner,
  );
  const bearer = {
    authorization: `Bearer ${(JSON.parse(activated.body) as { token: string }).token}`,
  };
  const setup = await post(url + API_PATHS.startSecondFactor, { password }, owner, bearer);
  const secret = Secret.fromBase32((JSON.parse(setup.body) as { secret: string }).secret);
  const code = TOTP.generate({ secret });
  const confirmed = await post(url + API_PATHS.confirmSecondFactor, { code }, owner, bearer);
  const { recoveryCodes } = JSON.parse(confirmed.body) as { recoveryCodes: string[] };
  const ticketFrom = async (agent: http.Agent) =>
    (
      JSON.parse((await post(url + API_PATHS.login, account, agent)).body) as {
        secondFactor: { ticket: string };
      }
    ).secondFactor.ticket;

  const right = TOTP.generate({ secret });
  const strangers = Array.from({ length: 10 }, (_, i) => agentFrom(181 + i));
  const checked = await codeChecks(
    (
      await Promise.all(
        strangers.map(async (agent) => {
          const ticket = await ticketFrom(agent);
          return Array.from({ length: 30 }, (_, i) =>
            post(url + API_PATHS.loginSecondFactor, { ticket, code: wrong(right, i + 1) }, agent),
          );
        }),
      )
    ).flat(),
  );
  for (const agent of strangers) agent.destroy();
  const typed = await post(
    url + API_PATHS.loginSecondFactor,
    { ticket: await ticketFrom(owner), code: TOTP.generate({ secret }) },
    owner,
  );
  const recovered = await post(
    url + API_PATHS.loginSecondFactor,
    { ticket: await ticketFrom(owner), recoveryCode: recoveryCodes[0] },
    owner,
  );
  owner.destroy();
  return [
    {
      section,
      figure: 'second factor, password known: 30 wrong codes from each of 10 addresses: checks',
      value: `${checked} of 300 guesses`,
      target: '<= 20',
      met: checked <= 20,
    },
    {
      section,
      figure: "owner's sign-in after that: right code / recovery code",
      value: `${typed.status} / ${recovered.status}`,
      target: '429 / 200',
      met: typed.status === 429 && recovered.status === 200,
    },
  ];
}

/** Password checks (401s) out of `attempts` guesses, sent `width` at a time. */
async function checks(
  url: string,
  attempts: number,
  width: number,
  guess: (i: number) => { agent: http.Agent; body: unknown },
): Promise<number> {
  let checked = 0;
  for (let start = 0; start < attempts; start += width) {
    const wave = Array.from({ length: Math.min(width, attempts - start) }, (_, i) => {
      const { agent, body } = guess(start + i);
      return post(url + API_PATHS.login, body, agent);
    });
    checked += (await Promise.all(wave)).filter((answer) => answer.status === 401).length;
  }
  return checked;
}

/** Random-email logins from 64 addresses, 64 in flight, until stopped; counts the answers. */
function flood(url: string) {
  const agents = Array.from({ length: FLOOD_WIDTH }, (_, i) => agentFrom(10 + i));
  const statuses: Record<number, number> = {};
  let running = true;
  const loops = agents.map(async (agent, a) => {
    for (let i = 0; running; i += 1) {
      const body = { email: `flood-${a}-${i}-${Date.now()}@example.com`, password: 'guess' };
      const { status } = await post(url + API_PATHS.login, body, agent).catch(() => ({
        status: 0,
        body: '',
      }));
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
    },
  };
}

/** Time from navigation to the login form on screen, in a fresh page each time. */
async function timesToLoginForm(url: string, count: number): Promise<number[]> {
  const browser = await launchChromium();
  try {
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${url}/login`, { timeout: 120_000 });
      await page.waitForSelector('[data-view="login"] form', { timeout: 120_000 });
      times.push(performance.now() - started);
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

async function verifyP99(url: string, token: string): Promise<{ p99: number; errors: number }> {
  const result = await autocannon({
    url: url + API_PATHS.verify,
    headers: { authorization: `Bearer ${token}` },
    connections: 10,
    duration: 10,
  });
  return { p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx };
}

export async function benchAbuse(): Promise<Row[]> {
  const prebuilt = process.env.BENCH_DIST_DIR;
  const dist = prebuilt ?? (await build()).dir;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-abuse-'));
  const server = await activatedServer(dist, dataDir);
  const section = 'abuse';
  try {
    const owner = agentFrom(3);
    const session = await post(server.url + API_PATHS.login, ACCOUNT, owner);
    const token = (JSON.parse(session.body) as { token?: string }).token ?? '';
    const quiet = await timesToLoginForm(server.url, 5);

    const stuffer = agentFrom(2);
    const acrossAccounts = await checks(server.url, 120, 8, (i) => ({
      agent: stuffer,
      body: { email: `stuffed-${i}@example.com`, password: 'p4ssw0rd!' },
    }));
    stuffer.destroy();

    const spread = Array.from({ length: 20 }, (_, i) => agentFrom(100 + i));
    const oneAccount = await checks(server.url, 200, 20, (i) => ({
      agent: spread[i % spread.length]!,
      body: { email: ACCOUNT.email, password: `guess ${i}` },
    }));
    for (const agent of spread) agent.destroy();

    const login = await post(server.url + API_PATHS.login, ACCOUNT, owner);
    owner.destroy();

    const flooding = flood(server.url);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const flooded = await timesToLoginForm(server.url, 5);
    const verify = await verifyP99(server.url, token);
    await flooding.stop();
    const answers = Object.entries(flooding.statuses)
      .map(([status, count]) => `${count}x${status}`)
      .join(' ');
    const codes = await codeAttacks(server.url);
    const secondFactor = await secondFactorAttack(server.url);

    return [
      {
        section,
        figure: 'one address, many accounts: checks per 15 min',
        value: `${acrossAccounts} of 120 guesses`,
        target: '<= 50',
        met: acrossAccounts <= 50,
      },
      {
        section,
        figure: 'one account, 20 addresses: checks per hour',
        value: `${oneAccount} of 200 guesses`,
        target: '<= 100',
        met: oneAccount <= 100,
      },
      {
        section,
        figure: 'owner login after both attacks',
        value: String(login.status),
        target: '200',
        met: login.status === 200,
      },
      { section, figure: '/login to form, quiet, p50 / max', value: spreadOf(quiet) },
      {
        section,
        figure: '/login to form, 64-wide login flood, p50 / max',
        value: spreadOf(flooded),
        target: '< 2 s',
        met: Math.max(...flooded) < 2000,
      },
      {
        section,
        figure: 'verify p99 during the flood',
        value: `${verify.p99} ms, ${verify.errors} errors`,
        target: '< 100 ms, 0 errors',
        met: verify.p99 < 100 && verify.errors === 0,
      },
      { section, figure: 'flood answers', value: answers },
      ...codes,
      ...secondFactor,
    ];
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!prebuilt) fs.rmSync(dist, { recursive: true, force: true });
  }
}

function spreadOf(times: number[]): string {
  return `${ms(percentile(times, 50))} / ${ms(Math.max(...times))}`;
}
