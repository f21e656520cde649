// Every way in that answers with a second step leads to it, in Chromium against the real server:
// a password reset on an account with two-step sign-in ends on the second step (not on an empty
// login form), the step outlives a reload and Back with its email, and an email change's link
// opened while signed out says why to log in, then opens home with the code filled in. In both
// languages, at 1280 and 360 px, with axe on each new state.
import type { BrowserContextOptions, Page } from 'playwright-core';

import {
  activatedAccount,
  newAccount,
  secondFactorOn,
  waitForMail,
} from '../../testing/browser/api';
import { expectView, field, logIn, ROUTES, storedToken } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

interface Words {
  codeLabel: string;
  continue: string;
  resetNeedsCode: string;
  loggingInAs: (email: string) => string;
  emailCodeIntro: string;
  confirmEmail: string;
  title: string;
}

const WORDS: Record<'en' | 'kh', Words> = {
  en: {
    codeLabel: 'Code from your authenticator app',
    continue: 'Continue',
    resetNeedsCode:
      'Your new password is saved. Enter the code from your authenticator app to log in.',
    loggingInAs: (email) => `Logging in as ${email}.`,
    emailCodeIntro: 'To confirm your new email address, log in first.',
    confirmEmail: 'Confirm the new email',
    title: 'Log in',
  },
  kh: {
    codeLabel: 'លេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក',
    continue: 'បន្ត',
    resetNeedsCode: 'ពាក្យសម្ងាត់ថ្មីរបស់អ្នកត្រូវបានរក្សាទុក។ សូមបញ្ចូលលេខកូដពីកម្មវិធីផ្ទៀងផ្ទាត់របស់អ្នក ដើម្បីចូលគណនី។',
    loggingInAs: (email) => `កំពុងចូលគណនីជា ${email}។`,
    emailCodeIntro: 'ដើម្បីបញ្ជាក់អាសយដ្ឋានអ៊ីមែលថ្មីរបស់អ្នក សូមចូលគណនីជាមុនសិន។',
    confirmEmail: 'បញ្ជាក់អ៊ីមែលថ្មី',
    title: 'ចូលគណនី',
  },
};

const CASES: [string, 'en' | 'kh', BrowserContextOptions][] = [
  ['English at 1280 px', 'en', DESKTOP],
  ['Khmer at 360 px', 'kh', PHONE_360],
];

/** An activated account with two-step sign-in on (set up through the API). */
async function guardedAccount(label: string) {
  const account = newAccount(label);
  const { token } = await activatedAccount(suite.server.url, account);
  const factor = await secondFactorOn(suite.server.url, token, account.password);
  return { account, ...factor };
}

/** The view has no horizontal scroll: everything fits the width. */
async function fitsTheWidth(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.each(CASES)('%s', (_name, localeRef, viewport) => {
  const words = WORDS[localeRef];

  test('a password reset on an account with two-step sign-in leads to the second step, then home', async () => {
    const { account, nextCode } = await guardedAccount(`reset-2fa-${localeRef}`);
    const { page } = await suite.open({ localeRef }, viewport);
    // The activation and the notice that two-step sign-in is on came first.
    await waitForMail(suite.server.url, account.email, 2);
    await page.goto(suite.server.url + ROUTES.resetPassword);
    await expectView(page, 'resetPassword');
    await field(page, 'email').fill(account.email);
    await page.locator('form [type="submit"]').click();
    const mail = await waitForMail(suite.server.url, account.email, 3);
    const link = new URL(mail.link!);
    await page.goto(suite.server.url + link.pathname + link.search);
    await expectView(page, 'resetPassword');
    await field(page, 'password').fill(`${account.password}-renewed`);
    await page.locator('form [type="submit"]').click();

    // Not an empty login form: the second step, with the address it is for and why.
    await expectView(page, 'login');
    const code = page.getByLabel(words.codeLabel);
    await code.waitFor();
    await page.getByText(words.resetNeedsCode).waitFor();
    await page.getByText(words.loggingInAs(account.email)).waitFor();
    await expect(field(page, 'password').count()).resolves.toBe(0);
    await expect(code.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    expect(await storedToken(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await fitsTheWidth(page);

    await code.fill(await nextCode());
    await page.getByRole('button', { name: words.continue }).click();
    await expectView(page, 'home');
    expect(await storedToken(page)).toMatch(/\S{20,}/);
  });

  test('the email-change link opened signed out says why to log in, then opens home with the code', async () => {
    const account = newAccount(`email-link-${localeRef}`);
    const { token } = await activatedAccount(suite.server.url, account);
    const newEmail = `moved-${account.email}`;
    // Asked from another device in the visitor's language (the password in the body confirms
    // it): the mail's link carries that language.
    const asked = await fetch(`${suite.server.url}/v1/api/user/change-email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': localeRef === 'kh' ? 'km' : 'en',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ password: account.password, newEmail }),
    });
    expect(asked.status).toBe(202);
    const mail = await waitForMail(suite.server.url, newEmail, 1);
    const link = new URL(mail.link!);
    expect(link.searchParams.get('email-code')).toBe(mail.code);
    expect(link.searchParams.get('lang')).toBe(localeRef);

    // The phone that opens the mail is signed out.
    const { page } = await suite.open({ localeRef }, viewport);
    await page.goto(suite.server.url + link.pathname + link.search);
    await expectView(page, 'login');
    await page.getByText(words.emailCodeIntro, { exact: false }).waitFor();
    expect(new URL(page.url()).searchParams.get('email-code')).toBe(mail.code);
    expect(await axeViolations(page)).toEqual([]);
    await fitsTheWidth(page);
    // The code never reaches the action log.
    const log = await page.evaluate(() => window.actionLog.export());
    expect(log).not.toContain(mail.code!);

    await logIn(page, account.email, account.password);
    await expectView(page, 'home');
    const codeField = field(page, 'code');
    await codeField.waitFor();
    await expect(codeField.inputValue()).resolves.toBe(mail.code);
    expect(new URL(page.url()).searchParams.get('email-code')).toBe(mail.code);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: words.confirmEmail }).click();
    await page.getByText(newEmail).first().waitFor();
  });
});

test('the second step outlives a reload and Back, with its email, and is gone once used', async () => {
  const { account, nextCode } = await guardedAccount('second-step-reload');
  const { page } = await suite.open({}, PHONE_360);
  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'signup');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expectView(page, 'login');
  await logIn(page, account.email, account.password);
  const code = page.getByLabel(WORDS.en.codeLabel);
  await code.waitFor();
  const asYou = page.getByText(WORDS.en.loggingInAs(account.email));
  await asYou.waitFor();

  // The phone discards the tab while the visitor reads the authenticator app.
  await page.reload();
  await expectView(page, 'login');
  await code.waitFor();
  await asYou.waitFor();
  await expect(field(page, 'password').count()).resolves.toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  // Back leaves it, and coming back returns to it, not to an empty password step.
  await page.goBack();
  await expectView(page, 'signup');
  await page.goForward();
  await expectView(page, 'login');
  await code.waitFor();
  await asYou.waitFor();

  // The ticket is kept in this tab's session storage only, and redacted from the action log.
  const kept = await page.evaluate(() => sessionStorage.getItem('secondStep'));
  const ticket = (JSON.parse(kept!) as { ticket: string }).ticket;
  expect(await page.evaluate(() => localStorage.getItem('secondStep'))).toBeNull();
  expect(await page.evaluate(() => window.actionLog.export())).not.toContain(ticket);

  await code.fill(await nextCode());
  await page.getByRole('button', { name: WORDS.en.continue }).click();
  await expectView(page, 'home');
  expect(await page.evaluate(() => sessionStorage.getItem('secondStep'))).toBeNull();
  // Signed in, a link to the login leads home.
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'home');
});
