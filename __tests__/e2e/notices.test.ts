// What just happened, said once by the next view in a `role="status"` notice: an activation, a
// log-out, a password reset, a deletion, and a signed-in visitor sent home from a mail's link.
import type { Page } from 'playwright-core';

import { activatedAccount, newAccount, waitForCode, waitForMail } from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  field,
  openSection,
  ROUTES,
  signUpThroughForm,
  submitButton,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const PHONE_360 = { ...PHONE, viewport: { width: 360, height: 760 } };

/** The notice's words, once one shows. */
async function noticeText(page: Page): Promise<string | null> {
  const text = page.locator('.notice[role="status"] .notice__text');
  await text.waitFor();
  return text.textContent();
}

const noticeCount = (page: Page) => page.locator('.notice__text').count();

test('activation, then log-out, each said once on a 360 px phone', async () => {
  const { page } = await suite.open({}, PHONE_360);
  const account = newAccount('notice');
  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'signup');
  await signUpThroughForm(page, account);
  await expectView(page, 'activation');
  await page
    .getByLabel('Activation code', { exact: true })
    .fill(await waitForCode(suite.server.url, account.email));
  await field(page, 'password').fill(account.password);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expectView(page, 'home');
  await expect(noticeText(page)).resolves.toBe('Your account is activated. Welcome!');
  expect(await axeViolations(page)).toEqual([]);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  // Once: a reload of home does not say it again.
  await page.reload();
  await expectView(page, 'home');
  await expect(noticeCount(page)).resolves.toBe(0);

  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expectView(page, 'login');
  await expect(noticeText(page)).resolves.toBe('You are logged out.');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(noticeCount(page)).resolves.toBe(0);
});

test('a signed-in visitor opening the mail links is sent home and told why, in Khmer', async () => {
  const account = newAccount('linked');
  const session = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token: session.token, localeRef: 'kh' });
  const activationMail = await waitForMail(suite.server.url, account.email, 1);
  const link = new URL(activationMail.link ?? `${suite.server.url}${ROUTES.activation}`);
  // As a Khmer mail's link says (the page follows the language a link carries).
  link.searchParams.set('lang', 'kh');
  await page.goto(suite.server.url + link.pathname + link.search);
  await expectView(page, 'home');
  await expect(noticeText(page)).resolves.toMatch(/^អ្នកបានចូលគណនីរួចហើយ ដូច្នេះតំណបើកដំណើរការ/);

  await page.goto(
    `${suite.server.url}${ROUTES.resetPassword}?email=${encodeURIComponent(account.email)}&code=123456`,
  );
  await expectView(page, 'home');
  await expect(noticeText(page)).resolves.toMatch(/តំណកំណត់ពាក្យសម្ងាត់ឡើងវិញមិនត្រូវបានប្រើទេ/);
  expect(await axeViolations(page)).toEqual([]);
});

test('a password reset says so on home; a deletion says so on /login', async () => {
  const account = newAccount('reset-delete');
  await activatedAccount(suite.server.url, account);
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.resetPassword);
  await expectView(page, 'resetPassword');
  await field(page, 'email').fill(account.email);
  await submitButton(page).click();
  await page.waitForURL((url) => url.searchParams.get('email') === account.email);
  const mail = await waitForMail(suite.server.url, account.email, 2);
  await field(page, 'code').fill(mail.code ?? '');
  const newPassword = `${account.password}-renewed`;
  await field(page, 'password').fill(newPassword);
  await submitButton(page).click();
  await expectView(page, 'home');
  await expect(noticeText(page)).resolves.toBe(
    'Your new password is saved, and you are logged in.',
  );

  const danger = await openSection(page, 'Delete your account');
  await confirmIt(danger, newPassword);
  await danger.getByLabel('I understand that my account will be deleted for good.').check();
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expectView(page, 'login');
  await expect(noticeText(page)).resolves.toBe(
    'Your account was deleted. You can sign up again with the same email whenever you like.',
  );
});
