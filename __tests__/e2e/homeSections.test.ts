// Home as a visitor meets it, in Chromium against the real server: an overview first and the
// focus on its heading (never a field below the first screenful), the settings in sections opened
// one at a time with the open one in the address (reload and Back keep it), one confirmation for
// ten minutes instead of a password field per action (with the code where two-step sign-in is on),
// the focus on what comes next after each step, and notices that clear once the visitor acts. In
// both languages, at 1280 and 360 px, with axe on each new state.
import type { BrowserContextOptions, Page } from 'playwright-core';

import {
  activatedAccount,
  authenticatorFor,
  newAccount,
  secondFactorOn,
  waitForCode,
  waitForMail,
} from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  field,
  openSection,
  ROUTES,
  section,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

async function openHome(
  token: string,
  localeRef: 'en' | 'kh' = 'en',
  viewport: BrowserContextOptions = DESKTOP,
  search = '',
) {
  const opened = await suite.open({ token, localeRef }, viewport);
  await opened.page.goto(`${suite.server.url}${ROUTES.home}${search}`);
  await expectView(opened.page, 'home');
  return opened;
}

/** What has the focus: its tag, and its text or name. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.tagName} ${(active.textContent ?? '').trim()}` : 'none';
  });
}

const HEADINGS = {
  en: {
    overview: 'Hello, ',
    password: 'Password',
    passkeys: 'Passkeys',
    security: 'Two-step sign-in',
  },
  kh: {
    overview: 'សួស្ដី ',
    password: 'ពាក្យសម្ងាត់',
    passkeys: 'កូនសោសម្ងាត់',
    security: 'ការចូលគណនីពីរជំហាន',
  },
} as const;

describe.each([
  ['English at 1280 px', 'en', DESKTOP],
  ['Khmer at 360 px', 'kh', PHONE_360],
] as const)('%s', (_name, localeRef, viewport) => {
  const words = HEADINGS[localeRef];

  test('home opens on an overview with the focus on its heading, and a section opens in the address', async () => {
    const account = newAccount(`home-${localeRef}`);
    const { token } = await activatedAccount(suite.server.url, account);
    const { page } = await openHome(token, localeRef, viewport);

    // The heading has the focus, the page is at its top, and no field asks for anything yet.
    await expect(focused(page)).resolves.toBe(`H1 ${words.overview}${account.name}`);
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.locator('input[type="password"]').count()).resolves.toBe(0);
    const overview = page.locator('.overview');
    await overview.getByText(account.email).waitFor();
    await overview.locator('dd').nth(2).filter({ hasText: /1|១/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    // Measured: reported in the notes; home is now a short page.
    expect(height).toBeLessThan(1600);

    // A section opens in the address; reload and Back keep it.
    const region = await openSection(page, words.password);
    expect(new URL(page.url()).search).toBe('?section=password');
    await expect(focused(page)).resolves.toBe(`A ${words.password}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await expectView(page, 'home');
    await region.locator('.home-section__panel').waitFor();
    await page.goBack();
    await expectView(page, 'home');
    // Home was already the view, so wait for Back's own navigation to close the section.
    await page.waitForFunction(() => !document.querySelector('.home-section__panel'));
    await page.goForward();
    await region.locator('.home-section__panel').waitFor();
    // One at a time: another opens in its place.
    await openSection(page, words.passkeys);
    await expect(page.locator('.home-section__panel').count()).resolves.toBe(1);
    expect(new URL(page.url()).search).toBe('?section=passkeys');
  });
});

test('one confirmation for ten minutes: the password once, then the changes without it', async () => {
  const account = newAccount('confirm-once');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page } = await openHome(token, 'en', PHONE_360, '?section=password');
  const password = section(page, 'Password');
  await password.getByText('To change your password, first confirm it is you.').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await password.locator('.confirm').getByLabel('Password', { exact: true }).fill('not it at all');
  await password.getByRole('button', { name: 'Confirm', exact: true }).click();
  await password.getByText('This is not your current password.').waitFor();
  await confirmIt(password, account.password);
  // What it opened takes the focus: the new password's field.
  await expect(
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name),
  ).resolves.toBe('newPassword');
  const renewed = `${account.password}-renewed`;
  await field(page, 'newPassword').fill(renewed);
  await password.getByRole('button', { name: 'Change password' }).click();
  await password.getByText('Your password was changed.', { exact: false }).waitFor();
  // The focus went to the result, not to <body>.
  await expect(focused(page)).resolves.toMatch(/^P Your password was changed/);

  // The email change asks nothing more.
  const email = await openSection(page, 'Email');
  await expect(email.locator('.confirm').count()).resolves.toBe(0);
  const newEmail = `moved-${account.email}`;
  await email.getByLabel('New email', { exact: true }).fill(newEmail);
  await email.getByRole('button', { name: 'Send the code' }).click();
  await email.getByText(`We sent a 6-digit code to ${newEmail}.`, { exact: false }).waitFor();
  // "Send the code": the code's field has the focus.
  await expect(
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name),
  ).resolves.toBe('code');
  await waitForMail(suite.server.url, newEmail, 1);
  // "Send a new code": the focus goes back to the code.
  await email.getByRole('button', { name: 'Send a new code' }).click();
  await email.getByText(`We sent a new code to ${newEmail}.`).waitFor();
  await expect(
    page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name),
  ).resolves.toBe('code');
});

test('with two-step sign-in on, the confirmation asks for the code, and deleting the account needs it', async () => {
  const account = newAccount('confirm-2fa');
  const { token } = await activatedAccount(suite.server.url, account);
  const { nextCode } = await secondFactorOn(suite.server.url, token, account.password);
  const { page } = await openHome(token, 'kh', PHONE_360, '?section=delete');
  const deletion = section(page, 'លុបគណនីរបស់អ្នក');
  const gate = deletion.locator('.confirm');
  await gate.getByLabel('លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await gate.getByLabel('ពាក្យសម្ងាត់', { exact: true }).fill(account.password);
  await gate.getByLabel('លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក').fill(await nextCode());
  await gate.getByRole('button', { name: 'បញ្ជាក់', exact: true }).click();
  await deletion.locator('.confirmed').waitFor();
  await deletion.getByRole('checkbox').check();
  await deletion.getByRole('button', { name: 'លុបគណនីរបស់ខ្ញុំ' }).click();
  await expectView(page, 'login');
});

test('focus goes to what comes next after the recovery codes are saved, and notices clear once acted on', async () => {
  const account = newAccount('focus-next');
  await fetch(`${suite.server.url}/v1/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const code = await waitForCode(suite.server.url, account.email);
  const { page } = await suite.open({}, DESKTOP);
  await page.goto(
    `${suite.server.url}${ROUTES.activation}?email=${encodeURIComponent(account.email)}&code=${code}`,
  );
  await expectView(page, 'activation');
  await field(page, 'password').fill(account.password);
  await page.locator('form [type="submit"]').click();
  await expectView(page, 'home');
  const notice = page.getByText('Your account is activated. Welcome!');
  await notice.waitFor();

  const twoStep = await openSection(page, 'Two-step sign-in');
  // Opening a section is acting on home: the notice has said its piece.
  await expect(notice.count()).resolves.toBe(0);
  await confirmIt(twoStep, account.password);
  await twoStep.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const key = twoStep.locator('.totp-key__value');
  await key.waitFor();
  const nextCode = authenticatorFor((await key.innerText()).replace(/\s+/g, ''));
  await twoStep.getByLabel('Code from your authenticator app').fill(await nextCode());
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await twoStep.getByText('Two-step sign-in is on.', { exact: false }).first().waitFor();
  await expect(focused(page)).resolves.toMatch(/^P Two-step sign-in is on\./);
});
