// The support console in Chromium against the real server: a guest goes to the login, someone not
// an operator home with a notice; an operator (granted by the server's command, with two-step
// sign-in on) confirms with the code, finds a user, reads their record in words, locks and unlocks
// them, reads the events of an address, and opens an upload by its reference in the replay page.
// In both languages at 1280 and 360 px, with axe on each state.
import type { BrowserContextOptions, Page } from 'playwright-core';

import { loadConfig } from '../../server/config';
import { runCommand } from '../../server/maintenance/commands';
import { generatedLogText } from '../../testing/actionLog/generatedLog';
import {
  activatedAccount,
  newAccount,
  secondFactorOn,
  type Account,
} from '../../testing/browser/api';
import { expectView, ROUTES } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { DIST_DIR } from '../../testing/browser/paths';
import { sendLog } from '../../testing/server/actionLogs';

const suite = setUpBrowserSuite();

/** `npm run operator -- grant EMAIL`, as the server's command line runs it. */
async function grantOperator(email: string) {
  const config = loadConfig({ DATA_DIR: suite.server.dataDir, DIST_DIR, LOG_LEVEL: 'silent' });
  const said: string[] = [];
  const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
  expect([await runCommand(config, ['operator', 'grant', email], io), said]).toEqual([0, said]);
}

interface Operator {
  account: Account;
  token: string;
  nextCode: () => Promise<string>;
}

let operator: Operator;
let member: Account & { id: string; token: string };

beforeAll(async () => {
  const account = newAccount('operator');
  const session = await activatedAccount(suite.server.url, account);
  const { nextCode } = await secondFactorOn(suite.server.url, session.token, account.password);
  await grantOperator(account.email);
  operator = { account, token: session.token, nextCode };
  const visitor = newAccount('member');
  const visitorSession = await activatedAccount(suite.server.url, visitor);
  member = { ...visitor, id: visitorSession.user.id, token: visitorSession.token };
});

async function openConsole(
  token: string | undefined,
  localeRef: 'en' | 'kh' = 'en',
  viewport: BrowserContextOptions = DESKTOP,
  search = '',
) {
  const opened = await suite.open({ ...(token ? { token } : {}), localeRef }, viewport);
  await opened.page.goto(`${suite.server.url}${ROUTES.operator}${search}`);
  return opened;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Nothing wider than the window: no sideways scrolling at 360 px. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('sends a guest to the login', async () => {
  const { page } = await openConsole(undefined);
  await expectView(page, 'login');
  expect(new URL(page.url()).pathname).toBe(ROUTES.login);
});

test.each([
  ['en', 'The support console is for operators only, so you are back on your account page.'],
  ['kh', 'កុងសូលជំនួយសម្រាប់តែប្រតិបត្តិករប៉ុណ្ណោះ ដូច្នេះអ្នកត្រឡប់មកទំព័រគណនីរបស់អ្នកវិញ។'],
] as const)('sends someone not an operator home, saying why in %s', async (localeRef, said) => {
  const { page } = await openConsole(member.token, localeRef);
  await expectView(page, 'home');
  await page.getByRole('status').filter({ hasText: said }).waitFor();
  expect(new URL(page.url()).pathname).toBe(ROUTES.home);
  await expectNoAxeViolations(page);
});

test('an operator confirms, finds a user, reads their record, locks and unlocks them, and opens an upload', async () => {
  // A wrong password for the member from this address: the record counts it against its limits.
  const refused = await fetch(`${suite.server.url}/v1/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: 'not the password at all' }),
  });
  expect(refused.status).toBe(401);
  const upload = await sendLog(suite.server.url, generatedLogText(12));
  expect(upload.status).toBe(201);
  const reference = upload.body.reference as string;

  const { page, consoleErrors } = await openConsole(operator.token);
  const gate = page.locator('.confirm');
  await gate.getByText(/a password alone is not enough/).waitFor();
  await expectNoAxeViolations(page);
  await gate.getByLabel('Password', { exact: true }).fill(operator.account.password);
  await gate.getByLabel('Code from your authenticator app').fill(await operator.nextCode());
  await gate.getByRole('button', { name: 'Confirm', exact: true }).click();

  const search = page.getByRole('search');
  await search.getByLabel('Email or user id').fill(member.email.slice(0, 12));
  await search.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: member.email }).click();
  await page.getByRole('heading', { name: member.email }).waitFor();
  expect(new URL(page.url()).search).toBe(`?user=${member.id}`);
  const record = page.getByRole('region', { name: 'Record, newest first' });
  await record.getByText(/^verifyAccount 200 accepted/).waitFor();
  // The refused login names no account, only the email: the user's page shows it, with its try.
  await record
    .getByText(/^login 401 INVALID_CREDENTIALS, try 1 of \d+ for this email from this address$/)
    .waitFor();
  await expectNoAxeViolations(page);

  const actions = page.getByRole('region', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Lock the account' }).click();
  const ask = actions.getByRole('group', { name: 'Lock the account' });
  await ask.getByText(`Lock ${member.email}?`, { exact: false }).waitFor();
  await expectNoAxeViolations(page);
  await ask.getByRole('button', { name: 'Yes, go on' }).click();
  await actions
    .getByText('The account is locked and its sessions ended; the user was mailed.')
    .waitFor();
  await record.getByText(/^operatorLock 200 accepted, .*by an operator$/).waitFor();
  const login = () =>
    fetch(`${suite.server.url}/v1/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
  expect((await login()).status).toBe(403);

  await actions.getByRole('button', { name: 'Unlock the account' }).click();
  await actions.getByRole('button', { name: 'Yes, go on' }).click();
  await actions.getByText('The account is unlocked; the user was mailed.').waitFor();
  await actions.getByRole('button', { name: 'Lock the account' }).waitFor();
  expect((await login()).status).toBe(200);

  // The address the refused login came from: its try, in the replay's words.
  await page.getByRole('link', { name: 'Client address' }).click();
  const byAddress = page.getByRole('search');
  await byAddress.getByLabel('Client address (IPv4 or IPv6)').fill('127.0.0.1');
  await byAddress.getByRole('button', { name: 'Show its events' }).click();
  await page
    .getByText(/^login 401 INVALID_CREDENTIALS, try 1 of \d+ for this email from this address$/)
    .waitFor();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Activity log' }).click();
  await page.getByLabel('Reference').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Open in the replay page' }).click();
  await page.getByText(new RegExp(`^${reference}\\.json: 12 actions recorded by `)).waitFor();
  await page.getByText(/^12 of 12 steps$/).waitFor();
  // The browser logs the first ask's 403 (the console's cue to ask for the confirmation).
  expect(consoleErrors.filter((error) => !error.includes('status of 403'))).toEqual([]);
});

test('the replay page says what to do when the upload cannot be read', async () => {
  const someone = await activatedAccount(suite.server.url, newAccount('not-operator'));
  const { page } = await suite.open({ token: someone.token });
  await page.goto(`${suite.server.url}/replay.html?upload=ABCD-EFGH`);
  await page.getByText('Only an operator may open activity logs by reference.').waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
  const guest = await suite.open({});
  await guest.page.goto(`${suite.server.url}/replay.html?upload=ABCD-EFGH`);
  await guest.page
    .getByText('Sign in to the app as an operator in this browser, then open this page again.')
    .waitFor();
});

test.each([
  ['en', DESKTOP, 'Support console', 'Summary'],
  ['en', PHONE_360, 'Support console', 'Summary'],
  ['kh', DESKTOP, 'កុងសូលជំនួយ', 'សេចក្ដីសង្ខេប'],
  ['kh', PHONE_360, 'កុងសូលជំនួយ', 'សេចក្ដីសង្ខេប'],
] as const)(
  'shows a user’s page in %s at %o, fitting and accessible',
  async (localeRef, viewport, title, summary) => {
    // The session confirmed in the test above (ten minutes), or confirmed here.
    const { page } = await openConsole(operator.token, localeRef, viewport, `?user=${member.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const gate = page.locator('.confirm');
    const first = await Promise.race([
      gate.waitFor().then(() => 'gate'),
      page
        .getByRole('heading', { name: member.email })
        .waitFor()
        .then(() => 'open'),
    ]);
    if (first === 'gate') {
      await gate.locator('input[name="password"]').fill(operator.account.password);
      await gate.locator('input[name="code"]').fill(await operator.nextCode());
      await gate.locator('button[type="submit"]').click();
    }
    await page.getByRole('heading', { name: member.email }).waitFor();
    await page.getByRole('list', { name: summary }).or(page.getByLabel(summary)).first().waitFor();
    await expectFits(page);
    await expectNoAxeViolations(page);
    await expectView(page, 'operator', ROUTES.operator);
  },
);
