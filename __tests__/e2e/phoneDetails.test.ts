// Phones in Chromium: at 320 and 360 px nothing scrolls sideways, even with a 40-character
// address in every message that quotes one and on home; a pasted code keeps its digits only and
// the focus moves on; each view opens with the focus on its first empty field.
import type { Page } from 'playwright-core';

import {
  activatedAccount,
  newAccount,
  signUpOnly,
  waitForCode,
  type Account,
} from '../../testing/browser/api';
import { expectView, field, formAlert, logIn, openHelp, ROUTES } from '../../testing/browser/app';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

/** An account whose address is 40 characters, its local part one unbroken word. */
function wideAccount(label: string): Account {
  const account = newAccount(label);
  const unique = account.email.split('@')[0]!.replace(/[^a-z0-9]/g, '');
  return { ...account, email: `${unique.slice(-20).padStart(28, 'w')}@example.com` };
}

async function openPhone(width: number, localeRef: string, token?: string): Promise<Page> {
  const { page } = await suite.open(
    { localeRef, ...(token ? { token } : {}) },
    { ...PHONE, viewport: { width, height: 740 } },
  );
  return page;
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const sizes = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect([where, sizes.scrollWidth <= sizes.innerWidth, sizes]).toEqual([where, true, sizes]);
}

describe.each([
  [320, 'en'],
  [360, 'en'],
  [320, 'kh'],
  [360, 'kh'],
])('at %i px in %s', (width, localeRef) => {
  test('the "not activated" alert and the new-code notice keep a 40-character address inside', async () => {
    const account = wideAccount('wide');
    expect(account.email).toHaveLength(40);
    await signUpOnly(suite.server.url, account);
    const page = await openPhone(width, localeRef);
    await page.goto(suite.server.url + ROUTES.login);
    await expectView(page, 'login');

    await logIn(page, account.email, account.password);
    await formAlert(page).filter({ hasText: account.email }).waitFor();
    await expectNoSidewaysScroll(page, 'not-activated alert');

    // The server holds a new code back for a minute after sign-up: its 202 is stood in for, to
    // show the notice that quotes the address.
    await page.route('**/v1/api/user/resend-activation', (route) =>
      route.fulfill({ status: 202, contentType: 'application/json', body: '{"error":false}' }),
    );
    await formAlert(page).getByRole('button').click();
    await page.locator('.resend__status').filter({ hasText: account.email }).waitFor();
    await expectNoSidewaysScroll(page, 'new-code notice');
  });

  test('the activation and reset intros keep a 40-character address inside', async () => {
    const { email } = wideAccount('intro');
    const page = await openPhone(width, localeRef);
    for (const [name, route] of [
      ['activation', ROUTES.activation],
      ['resetPassword', ROUTES.resetPassword],
    ] as const) {
      await page.goto(`${suite.server.url}${route}?email=${encodeURIComponent(email)}`);
      await expectView(page, name);
      await page.getByText(email).first().waitFor();
      await expectNoSidewaysScroll(page, name);
    }
  });

  test('home, an email change and Help keep a 40-character address inside', async () => {
    const account = wideAccount('home');
    const { token } = await activatedAccount(suite.server.url, account);
    const page = await openPhone(width, localeRef, token);
    await page.goto(suite.server.url + ROUTES.home);
    await expectView(page, 'home');
    await page.getByText(account.email).first().waitFor();
    await expectNoSidewaysScroll(page, 'home');

    // The Email section, confirmed first (in either language: by the fields' names).
    await page.goto(`${suite.server.url}${ROUTES.home}?section=profile`);
    await expectView(page, 'home');
    const gate = page.locator('.confirm form');
    await gate.locator('input[name="password"]').fill(account.password);
    await gate.locator('[type="submit"]').click();
    await page.locator('.confirmed').waitFor();
    await expectNoSidewaysScroll(page, 'email section');
    const newEmail = wideAccount('next').email;
    await page.locator('form input[name="newEmail"]').fill(newEmail);
    const changeForm = page.locator('form', { has: page.locator('input[name="newEmail"]') });
    await changeForm.locator('[type="submit"]').click();
    await page.getByText(newEmail).first().waitFor();
    await expectNoSidewaysScroll(page, 'email change');

    await openHelp(page);
    await expectNoSidewaysScroll(page, 'help');
  });
});

describe('a pasted code', () => {
  test.each(['791 860', '791-860', '៧៩១៨៦០'])(
    '%p becomes six ASCII digits, and the focus moves to the password',
    async (pasted) => {
      const page = await openPhone(360, 'en');
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(`${suite.server.url}${ROUTES.activation}?email=dara%40example.com`);
      await expectView(page, 'activation');
      const code = field(page, 'code');
      await expect(code.evaluate((input) => input === document.activeElement)).resolves.toBe(true);

      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await page.keyboard.press('ControlOrMeta+V');
      await expect(code.inputValue()).resolves.toBe('791860');
      await expect(
        field(page, 'password').evaluate((input) => input === document.activeElement),
      ).resolves.toBe(true);
    },
  );

  test('a whole code from the mail activates the account, pasted as the mail spaces it', async () => {
    const account = newAccount('paste');
    await signUpOnly(suite.server.url, account);
    const code = await waitForCode(suite.server.url, account.email);
    const page = await openPhone(360, 'kh');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(
      `${suite.server.url}${ROUTES.activation}?email=${encodeURIComponent(account.email)}`,
    );
    await expectView(page, 'activation');
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    await page.evaluate((text) => navigator.clipboard.writeText(text), spaced);
    await page.keyboard.press('ControlOrMeta+V');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expectView(page, 'home');
  });
});

test('each view opens with the focus on its first empty field, and the skip link leads to main', async () => {
  const page = await openPhone(360, 'en');
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('name'));
  for (const [name, search, focused] of [
    ['login', '', 'email'],
    ['signup', '', 'name'],
    ['activation', '?email=dara%40example.com', 'code'],
    ['resetPassword', '', 'email'],
  ] as const) {
    await page.goto(suite.server.url + ROUTES[name] + search);
    await expectView(page, name);
    await expect(focusedName()).resolves.toBe(focused);
  }

  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await skip.focus();
  await expect(skip.isVisible()).resolves.toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
  expect(new URL(page.url()).pathname).toBe(ROUTES.resetPassword);
});
