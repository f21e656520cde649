// Two-step sign-in in Chromium against the real server: turned on from home with the key read off
// the page and the app's code computed from it, recovery codes read off the page, a login with a
// code, a login with a recovery code (and the same one refused the second time), and turning it
// off. The server never takes a code of the same or an earlier 30 s step twice, and this server's
// clock is the real one: each code is the next step's, sent once the server's window (one step
// either side) holds it.
import type { Page } from 'playwright-core';

import {
  activatedAccount,
  authenticatorFor,
  newAccount,
  secondFactorOn,
} from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  logIn,
  logOut,
  openSection,
  ROUTES,
  storedToken,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

async function passwordStep(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await page.getByLabel('Code from your authenticator app').waitFor();
  expect(await storedToken(page)).toBeNull();
}

test('turned on at home, asked at login (a code, then recovery codes once each), turned off', async () => {
  const account = newAccount('totp');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');

  // Turn it on: the confirmation (the password), then the key as shown on the page, then the
  // app's first code.
  const twoStep = await openSection(page, 'Two-step sign-in');
  await twoStep.getByText('Two-step sign-in is off.').waitFor();
  await confirmIt(twoStep, account.password);
  await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const key = twoStep.locator('.totp-key__value');
  await key.waitFor();
  const secret = (await key.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await twoStep.getByRole('img', { name: /QR code for your authenticator app/ }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const nextCode = authenticatorFor(secret);
  const code = twoStep.getByLabel('Code from your authenticator app');
  await expect(code.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
  await code.fill(await nextCode());
  await twoStep.getByRole('button', { name: 'Turn on' }).click();

  const list = twoStep.getByRole('list');
  await list.waitFor();
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(recoveryCodes).toHaveLength(10);
  expect(await axeViolations(page)).toEqual([]);
  // The codes never reach the action log.
  const log = await page.evaluate(() => window.actionLog.export());
  for (const secretValue of [secret, ...recoveryCodes]) expect(log).not.toContain(secretValue);
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await twoStep.getByText('You have 10 recovery codes left.', { exact: false }).waitFor();
  await logOut(page);

  // A login with the password, then the app's code.
  await passwordStep(page, account.email, account.password);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Code from your authenticator app').fill(await nextCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectView(page, 'home');
  expect(await storedToken(page)).not.toBeNull();
  await logOut(page);

  // A login with a recovery code; the same one a second time is refused in words.
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectView(page, 'home');
  await (
    await openSection(page, 'Two-step sign-in')
  )
    .getByText('You have 9 recovery codes left.', { exact: false })
    .waitFor();
  await logOut(page);

  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('alert')
    .getByText('That recovery code is not right, or it was already used.')
    .waitFor();
  expect(await storedToken(page)).toBeNull();
  // Another one still opens the account.
  await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectView(page, 'home');

  // Turned off once this session confirms with the password and a code; the next login asks for
  // the password only.
  const off = await openSection(page, 'Two-step sign-in');
  await off.getByText('You have 8 recovery codes left.', { exact: false }).waitFor();
  await expect(off.getByRole('button', { name: 'Turn off' }).count()).resolves.toBe(0);
  await confirmIt(off, account.password, await nextCode());
  await off.getByRole('button', { name: 'Turn off' }).click();
  await off.getByText('Two-step sign-in is off. Your password alone signs you in.').waitFor();
  await logOut(page);
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
});

test('a reload during the second step keeps it, its ticket in this tab alone and out of the log', async () => {
  const account = newAccount('totp-reload');
  const { token } = await activatedAccount(suite.server.url, account);
  await secondFactorOn(suite.server.url, token, account.password);

  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await passwordStep(page, account.email, account.password);
  await page.reload();
  await expectView(page, 'login');
  await page.getByLabel('Code from your authenticator app').waitFor();
  expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
  const kept = await page.evaluate(() => sessionStorage.getItem('secondStep'));
  const { ticket } = JSON.parse(kept!) as { ticket: string };
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain(ticket);
  expect(await page.evaluate(() => window.actionLog.export())).not.toContain(ticket);
});

test("home's section that could not be loaded says so, and asks again; a refused copy selects the key", async () => {
  const account = newAccount('totp-failed');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token });
  // The first question whether it is on gets no answer, as offline.
  let refused = 0;
  await page.route(/\/v1\/api\/user\/totp$/, async (route) => {
    if (refused++ === 0) await route.abort('internetdisconnected');
    else await route.fallback();
  });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');
  const twoStep = await openSection(page, 'Two-step sign-in');
  await twoStep
    .getByRole('alert')
    .getByText('We could not check whether two-step sign-in is on.', { exact: false })
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await twoStep.getByRole('button', { name: 'Try again' }).click();
  await twoStep.getByText('Two-step sign-in is off.').waitFor();
  expect(await twoStep.getByText('We could not check', { exact: false }).count()).toBe(0);

  // The browser refuses to copy: the key is selected for the visitor, who is told so.
  await confirmIt(twoStep, account.password);
  await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const key = twoStep.locator('.totp-key__value');
  await key.waitFor();
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await twoStep.getByRole('button', { name: 'Copy', exact: true }).click();
  await twoStep
    .getByRole('status')
    .getByText('This browser did not copy it. Select and copy it yourself', { exact: false })
    .waitFor();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(await key.innerText());
});
