// The pending email change is the server's, in Chromium against the real server: its code step
// survives a reload, shows on a second device, which can send a new code or cancel it, and the
// mail's link opens home with the code filled in.
import type { Page } from 'playwright-core';

import {
  activatedAccount,
  loginStatus,
  logInByApi,
  newAccount,
  waitForMail,
} from '../../testing/browser/api';
import { confirmIt, expectView, field, ROUTES } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const NARROW = { ...PHONE, viewport: { width: 360, height: 740 } };

const section = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

/** Home with its Email section open. */
async function openHome(token: string, localeRef = 'en', options?: typeof NARROW) {
  const { page } = await suite.open({ token, localeRef }, options);
  await page.goto(`${suite.server.url}${ROUTES.home}?section=profile`);
  await expectView(page, 'home');
  return page;
}

test('the code step survives a reload and shows on a second device, which sends a new code', async () => {
  const account = newAccount('pending-email');
  const session = await activatedAccount(suite.server.url, account);
  const other = await logInByApi(suite.server.url, account.email, account.password);
  const newEmail = `moved-${account.email}`;
  const sentTo = `We sent a 6-digit code to ${newEmail}.`;

  const page = await openHome(session.token);
  const email = section(page, 'Email');
  await confirmIt(email, account.password);
  await email.getByLabel('New email', { exact: true }).fill(newEmail);
  await email.getByRole('button', { name: 'Send the code' }).click();
  await email.getByText(sentTo, { exact: false }).waitFor();
  await waitForMail(suite.server.url, newEmail, 1);

  // A phone switching to its mail app often reloads the page.
  await page.reload();
  await expectView(page, 'home');
  await section(page, 'Email').getByText(sentTo, { exact: false }).waitFor();
  await expect(field(page, 'newEmail').count()).resolves.toBe(0);

  // The other device sees the same change, and asks for a new code.
  const second = await openHome(other.token);
  const there = section(second, 'Email');
  await there.getByText(sentTo, { exact: false }).waitFor();
  expect(await axeViolations(second)).toEqual([]);
  await there.getByRole('button', { name: 'Send a new code' }).click();
  await there.getByText(`We sent a new code to ${newEmail}.`).waitFor();
  await expect(there.getByRole('button', { name: 'Send a new code' }).isDisabled()).resolves.toBe(
    true,
  );
  const mail = await waitForMail(suite.server.url, newEmail, 2);
  const link = new URL(mail.link!);
  expect(link.pathname).toBe(ROUTES.home);
  expect(link.searchParams.get('email-code')).toBe(mail.code);

  // The mail's link opens home with the code filled in.
  await page.goto(suite.server.url + link.pathname + link.search);
  await expectView(page, 'home');
  const confirm = section(page, 'Email');
  await expect(confirm.getByLabel('Confirmation code', { exact: true }).inputValue()).resolves.toBe(
    mail.code,
  );
  await confirm.getByRole('button', { name: 'Confirm the new email' }).click();
  await confirm.getByText(`Your email is now ${newEmail}.`, { exact: false }).waitFor();
  await expect(loginStatus(suite.server.url, newEmail, account.password)).resolves.toBe(200);

  // Nothing of the code reached the action log.
  const exported = await page.evaluate(() => window.actionLog.export());
  expect(exported).not.toContain(mail.code!);
});

test('a change cancelled on one device is gone on the other after a reload (Khmer, 360 px)', async () => {
  const account = newAccount('cancel-email');
  const session = await activatedAccount(suite.server.url, account);
  const other = await logInByApi(suite.server.url, account.email, account.password);
  const newEmail = `cancelled-${account.email}`;
  const asked = await fetch(`${suite.server.url}/v1/api/user/change-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ password: account.password, newEmail }),
  });
  expect(asked.status).toBe(202);

  const phone = await openHome(session.token, 'kh', NARROW);
  const khmer = section(phone, 'អ៊ីមែល');
  await khmer.getByRole('button', { name: 'ផ្ញើលេខកូដថ្មី' }).waitFor();
  await khmer.getByRole('button', { name: 'បោះបង់ការប្ដូរ' }).waitFor();
  await khmer.getByText(newEmail, { exact: false }).waitFor();
  const { scrollWidth, innerWidth } = await phone.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(await axeViolations(phone)).toEqual([]);

  const desk = await openHome(other.token);
  const english = section(desk, 'Email');
  await english.getByRole('button', { name: 'Cancel the change' }).click();
  // Back to the request step, which asks to confirm it is you first.
  await english.getByText('To change your email, first confirm it is you.').waitFor();

  await phone.reload();
  await expectView(phone, 'home');
  await section(phone, 'អ៊ីមែល').locator('.confirm').waitFor();
  await expect(field(phone, 'code').count()).resolves.toBe(0);
});
