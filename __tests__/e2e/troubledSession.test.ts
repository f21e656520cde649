// The analyst's story in Chromium: a visitor who gets stuck (a refused form, a common password,
// a wrong code, a reload, a resend, a wrong password) leaves a log that keeps every step,
// names every error, holds no secret, name or address, and reaches support by reference.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { newAccount, waitForCode } from '../../testing/browser/api';
import {
  expectView,
  field,
  formAlert,
  logIn,
  ROUTES,
  signUpThroughForm,
} from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { REPO_ROOT } from '../../testing/processes';

const suite = setUpBrowserSuite();
const run = promisify(execFile);

function replay(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: suite.server.dataDir, NODE_ENV: '' },
    maxBuffer: 1 << 26,
  });
}

test('a troubled session is kept across a reload, masked, and tells where the visitor got stuck', async () => {
  const account = newAccount('troubled');
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'signup');

  // 1. The browser refuses an empty form. 2. The server refuses a common password.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  await signUpThroughForm(page, { ...account, password: 'password123' });
  await formAlert(page).waitFor();
  // 3. Signed up, then a wrong code.
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expectView(page, 'activation', ROUTES.activation);
  const code = await waitForCode(suite.server.url, account.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Activation code', { exact: true }).fill(wrong);
  await field(page, 'password').fill(account.password);
  await page.getByRole('button', { name: 'Activate' }).click();
  await formAlert(page).waitFor();

  // 4. The visitor reloads, asks for a new code, and activates with it.
  await page.reload();
  await expectView(page, 'activation', ROUTES.activation);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  const fresh = await waitForCode(suite.server.url, account.email, 2);
  await page.getByLabel('Activation code', { exact: true }).fill(fresh);
  await field(page, 'password').fill(account.password);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expectView(page, 'home');
  // 5. Logs out, and mistypes the password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expectView(page, 'login');
  await logIn(page, account.email, `${account.password}-typo`);
  await formAlert(page).waitFor();

  const exported = await page.evaluate(() => window.actionLog.export());
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const secret of [account.password, code, fresh, account.email, account.name, token]) {
    if (secret) expect(exported).not.toContain(secret);
  }
  const actions = JSON.parse(JSON.parse(exported).payload) as Array<{ type: string }>;
  const types = actions.map((action) => action.type);
  const reload = types.indexOf('actionLog/pageReloaded');
  expect(reload).toBeGreaterThan(0);
  expect(types.slice(0, reload)).toContain('form/validationFailed');
  for (const reason of ['COMMON_PASSWORD', 'INVALID_CODE', 'INVALID_CREDENTIALS']) {
    expect(exported).toContain(reason);
  }
  expect(exported).toContain('Visitor A');

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'troubled-')), 'log.json');
  fs.writeFileSync(file, exported);
  const timeline = (await replay(file)).stdout;
  expect(timeline).toMatch(/signup form refused in the browser: name REQUIRED, email REQUIRED/);
  expect(timeline).toMatch(/signup FAILED 400 VALIDATION password COMMON_PASSWORD \(\d+ ms\)/);
  expect(timeline).toMatch(/verifyAccount FAILED 400 INVALID_CODE \(\d+ ms\)/);
  expect(timeline).toMatch(/the page was reloaded/);
  expect(timeline).toMatch(/resendActivation OK \(\d+ ms\)/);
  expect(timeline).toMatch(/verifyAccount OK \(\d+ ms\)/);
  expect(timeline).toMatch(/login FAILED 401 INVALID_CREDENTIALS \(\d+ ms\)/);
  await expect(replay(file, '--check')).resolves.toMatchObject({
    stdout: expect.stringMatching(/every state hash matches/),
  });

  // replay.html lists the steps, and its search finds the failed login.
  const { page: replayPage } = await suite.open();
  await replayPage.goto(`${suite.server.url}/replay.html`);
  await replayPage.getByLabel('Open an action log').setInputFiles(file);
  const steps = replayPage.getByRole('region', { name: 'Steps' });
  await steps.locator('[data-step]').first().waitFor();
  await steps.getByRole('searchbox', { name: 'Find a step' }).fill('login FAILED');
  await steps.getByText(/^1 of \d+ steps$/).waitFor();
  const found = steps.locator('[data-step]');
  await expect(found.count()).resolves.toBe(1);
  await expect(found.first().textContent()).resolves.toMatch(
    /failedlogin FAILED 401 INVALID_CREDENTIALS \(\d+ ms\)$/,
  );
  await found.first().getByRole('button').click();
  await replayPage
    .getByRole('region', { name: 'The app in this state' })
    .locator('[data-view="login"]')
    .waitFor();

  const reference = await page.evaluate(() => window.actionLog.send());
  const fromSupport = (await replay('--ref', reference)).stdout;
  expect(fromSupport).toMatch(/login FAILED 401 INVALID_CREDENTIALS/);
  expect(fromSupport).toMatch(/the page was reloaded/);
  // The server's side, joined by the ids the app sent: the wrong code and the wrong password, with
  // the limits that applied.
  expect(fromSupport).toMatch(/server: verifyAccount 400 INVALID_CODE, try \d+ of \d+/);
  expect(fromSupport).toMatch(/server: login 401 INVALID_CREDENTIALS/);
  await expect(replay('--ref', reference, '--check')).resolves.toMatchObject({
    stdout: expect.stringMatching(/every state hash matches/),
  });
});
