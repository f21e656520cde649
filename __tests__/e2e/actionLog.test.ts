// A log recorded by a real session in Chromium: downloaded from the page, free of secrets,
// replayed clean by `npm run replay -- --check`, and shown step by step on replay.html.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Page } from 'playwright-core';

import { newAccount, waitForCode } from '../../testing/browser/api';
import {
  expectView,
  field,
  logIn,
  openHelp,
  ROUTES,
  signUpThroughForm,
  storedToken,
} from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { REPO_ROOT } from '../../testing/processes';

const suite = setUpBrowserSuite();
const run = promisify(execFile);

interface RecordedSession {
  file: string;
  text: string;
  secrets: string[];
}

/** Sign-up, activation, log-out and log-in through the views, then the log from the footer. */
async function recordSession(page: Page): Promise<RecordedSession> {
  const account = newAccount('recorded');
  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'signup');
  await signUpThroughForm(page, account);
  await expectView(page, 'activation');
  const code = await waitForCode(suite.server.url, account.email);
  await page.getByLabel('Activation code', { exact: true }).fill(code);
  await field(page, 'password').fill(account.password);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expectView(page, 'home');
  const firstToken = await storedToken(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectView(page, 'login');
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
  const secondToken = await storedToken(page);

  await openHelp(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download activity log' }).click(),
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'action-log-')), 'log.json');
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  const secrets = [account.password, code, firstToken ?? '', secondToken ?? ''];
  expect(secrets.every((secret) => secret.length >= 6)).toBe(true);
  return { file, text, secrets };
}

let session: RecordedSession;
let page: Page;

beforeAll(async () => {
  ({ page } = await suite.open());
  session = await recordSession(page);
}, 120_000);

test('the downloaded log is the export, holds the whole session, and no secret', async () => {
  const exported = await page.evaluate(() => window.actionLog.export());
  const file = JSON.parse(session.text);
  expect(Object.keys(JSON.parse(exported))).toEqual(Object.keys(file));
  const actions = JSON.parse(file.payload) as Array<{ type: string }>;
  const types = actions.map((action) => action.type);
  for (const type of ['auth/sessionVerified', 'auth/logoutRequested', 'auth/loggedOut']) {
    expect(types).toContain(type);
  }
  expect(file.actionLog.stateHashes).toHaveLength(actions.length);
  for (const secret of session.secrets) {
    // A code is six digits: match it only where it is not part of a longer number.
    const pattern = new RegExp(`(?<![0-9A-Za-z_-])${secret}(?![0-9A-Za-z_-])`);
    expect(pattern.test(session.text)).toBe(false);
    expect(pattern.test(exported)).toBe(false);
  }
});

test('npm run replay -- --check finds no divergence, and the timeline ends on /', async () => {
  const replay = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', session.file, ...args], {
      cwd: REPO_ROOT,
    });
  const check = await replay('--check');
  expect(check.stdout).toMatch(/every state hash matches/);
  const timeline = await replay();
  const lines = timeline.stdout.trim().split('\n');
  expect(lines.some((line) => /\s→ \/login\s/.test(line))).toBe(true);
  expect(lines.some((line) => /\ssigned in\s+\/\s+signedIn$/.test(line))).toBe(true);
  // Home then asks for its session list: the log ends signed in on /.
  expect(lines.at(-1)).toMatch(/\s\/\s+signedIn$/);
});

test('replay.html shows the real views of the recorded states', async () => {
  const actions = JSON.parse(JSON.parse(session.text).payload) as Array<{ type: string }>;
  const { page: replayPage } = await suite.open();
  await replayPage.goto(`${suite.server.url}/replay.html`);
  await replayPage.getByLabel('Open an action log').setInputFiles(session.file);
  const preview = replayPage.getByRole('region', { name: 'The app in this state' });
  const slider = replayPage.getByRole('slider', { name: 'Position in the log' });

  // A log opens on its last state: home, after the second log-in.
  const lastIndex = actions.length - 1;
  await replayPage.getByText(`After action #${lastIndex} (the last is #${lastIndex})`).waitFor();
  await preview.locator('[data-view="home"]').waitFor();

  // The state after the first verify of the session: a guest on the sign-up view.
  const firstGuest = actions.findIndex((action) => action.type === 'auth/tokenRejected');
  expect(firstGuest).toBeGreaterThanOrEqual(0);
  await slider.fill(String(firstGuest + 1));
  await preview.locator('[data-view="signup"]').waitFor();
  const current = replayPage.getByRole('region', { name: 'Current action' });
  await current
    .getByRole('heading', { name: `#${firstGuest} a guest: no valid token`, level: 2 })
    .waitFor();
  await current.getByText('auth/tokenRejected', { exact: true }).waitFor();
  // The step list marks the same step as the current one.
  await replayPage.locator(`[data-step="${firstGuest}"] [aria-current="step"]`).waitFor();

  await replayPage.getByRole('button', { name: 'First state' }).click();
  await replayPage.getByRole('heading', { name: 'Before the first action' }).waitFor();
  expect(await preview.locator('[data-view]').count()).toBe(0);

  await replayPage.getByRole('button', { name: 'Last state' }).click();
  await preview.locator('[data-view="home"]').waitFor();
});
