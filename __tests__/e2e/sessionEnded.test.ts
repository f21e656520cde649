// A session ended from another device ends on this one at its next action: two browser contexts
// share an account, A ends B's session, and B's next request lands it on /login with a notice.
import type { Page } from 'playwright-core';

import { activatedAccount, logInByApi, newAccount } from '../../testing/browser/api';
import { expectView, ROUTES, storedToken } from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

/** Two devices on one account: A on home's sessions, B on home's password section. */
async function twoDevices(label: string, bLocale?: string) {
  const account = newAccount(label);
  const a = await activatedAccount(suite.server.url, account);
  const b = await logInByApi(suite.server.url, account.email, account.password);
  const deviceA = await suite.open({ token: a.token });
  const deviceB = await suite.open(
    { token: b.token, ...(bLocale ? { localeRef: bLocale } : {}) },
    { ...PHONE, viewport: { width: 360, height: 760 } },
  );
  for (const [{ page }, section] of [
    [deviceA, 'sessions'],
    [deviceB, 'password'],
  ] as const) {
    await page.goto(`${suite.server.url}${ROUTES.home}?section=${section}`);
    await expectView(page, 'home');
  }
  return { account, a: deviceA.page, b: deviceB.page, bContext: deviceB.context };
}

/** B's next action: confirming it is them before a password change (in either language). */
async function confirmOnB(page: Page) {
  const gate = page.locator('.confirm form');
  await gate.locator('input[name="password"]').fill('whatever-Password-1');
  await gate.locator('[type="submit"]').click();
}

test('ended with "all other devices" on A, B lands on /login at its next action', async () => {
  const { a, b, bContext } = await twoDevices('ended-all');
  await a.locator('li[data-session]').nth(1).waitFor();
  await a.getByRole('button', { name: /out all other devices$/ }).click();
  await a.locator('.sessions__only').waitFor();

  await confirmOnB(b);
  await expectView(b, 'login');
  const notice = b.getByRole('status').filter({ hasText: 'ended on another device' });
  await expect(notice.locator('p').textContent()).resolves.toBe(
    'Your session was ended on another device, or it expired. Log in again to continue.',
  );
  expect(await storedToken(b)).toBeNull();
  expect((await bContext.cookies()).map((cookie) => cookie.name)).not.toContain('user');
  expect(await axeViolations(b)).toEqual([]);
});

test('one session ended on A; B, in Khmer on a 360 px phone, is told in Khmer', async () => {
  const { a, b } = await twoDevices('ended-one', 'kh');
  const other = a.locator('li[data-session]').filter({ hasNot: a.locator('.badge') });
  await other.getByRole('button').click();
  await a.locator('.sessions__only').waitFor();

  await confirmOnB(b);
  await expectView(b, 'login');
  await b.getByRole('status').filter({ hasText: 'បានបញ្ចប់នៅលើឧបករណ៍ផ្សេង' }).waitFor();
  expect(await storedToken(b)).toBeNull();

  // Said once: the next navigation leaves it behind.
  await b.getByRole('link', { name: 'ចុះឈ្មោះ' }).click();
  await expectView(b, 'signup');
  await expect(b.getByText('បានបញ្ចប់នៅលើឧបករណ៍ផ្សេង', { exact: false }).count()).resolves.toBe(0);
});
