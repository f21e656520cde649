// Passkeys in Chromium against the real server, with the DevTools protocol's virtual authenticator
// standing in for the device's: one added on home once the session is confirmed with the
// password, a sign-in with it from /login (by the button, and by the email field's autofill), the
// session list saying how that session was opened, its renaming, and its removal once the session
// is confirmed with the passkey itself; a browser without that passkey cannot sign in with it, nor
// can anyone once it is removed.
import type { Page } from 'playwright-core';

import { activatedAccount, newAccount, type Account } from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  field,
  logIn,
  logOut,
  openSection,
  ROUTES,
  storedToken,
} from '../../testing/browser/app';
import { addAuthenticator, passkeyOrigin } from '../../testing/browser/authenticator';
import { axeViolations } from '../../testing/browser/axe';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

const origin = () => passkeyOrigin(suite.server.port);

/**
 * A browser whose fields offer no passkeys: the virtual authenticator answers the email field's
 * offer at once, as a visitor picking the passkey would, so the button is tried without it.
 */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

const passkeysSection = (page: Page) => openSection(page, 'Passkeys');
const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Sign in with a passkey' });
/** This session's line in home's Sessions section (opened for it). */
const thisSession = async (page: Page) =>
  (await openSection(page, 'Where you are logged in'))
    .locator('.sessions__item')
    .filter({ hasText: 'This device' });

/** Logs in with the password on localhost and adds a passkey named `name` on home. */
async function addPasskey(page: Page, account: Account, name?: string) {
  await page.goto(origin() + ROUTES.login);
  await expectView(page, 'login');
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
  const passkeys = await passkeysSection(page);
  await passkeys.getByText('You have no passkeys yet.').waitFor();
  // Adding one asks to confirm it is you first.
  await expect(passkeys.getByRole('button', { name: 'Add a passkey' }).count()).resolves.toBe(0);
  await confirmIt(passkeys, account.password);
  // The name starts as the device's; the visitor may choose another.
  const newName = passkeys.getByLabel('Name of the new passkey');
  await expect(newName.inputValue()).resolves.toMatch(/ on /);
  if (name) await newName.fill(name);
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByText('Your passkey was added.').waitFor();
}

test('a passkey added on home signs in by the button, and is refused once removed', async () => {
  const account = newAccount('passkey');
  await activatedAccount(suite.server.url, account);
  const { page, context, consoleErrors } = await suite.open();
  const authenticator = await addAuthenticator(context, page);
  await withoutAutofill(page);

  const name = 'Work laptop passkey';
  await addPasskey(page, account, name);
  let passkeys = await passkeysSection(page);
  await expect(passkeys.locator('[data-passkey]').allInnerTexts()).resolves.toEqual([
    expect.stringMatching(new RegExp(`${name}[\\s\\S]*Added: [\\s\\S]*Last used: Not used yet`)),
  ]);
  expect(await authenticator.credentials()).toHaveLength(1);
  await expect((await thisSession(page)).innerText()).resolves.toContain(
    'Logged in with the password',
  );
  expect(await axeViolations(page)).toEqual([]);

  // Out, and back in with the passkey alone.
  await logOut(page);
  await passkeyButton(page).click();
  await expectView(page, 'home');
  expect(await storedToken(page)).toMatch(/\S{20,}/);
  const cookies = await context.cookies(origin());
  expect(cookies.find((cookie) => cookie.name === 'user')?.value).toContain(account.email);
  // The session list says how this session was opened; the passkey, when it was last used.
  await expect((await thisSession(page)).innerText()).resolves.toContain(
    'Logged in with a passkey',
  );
  passkeys = await passkeysSection(page);
  await expect(passkeys.locator('[data-passkey]').innerText()).resolves.not.toContain(
    'Not used yet',
  );

  // Renamed in place; removed once this session is confirmed, here with the passkey itself.
  await passkeys.getByRole('button', { name: `Rename ${name}` }).click();
  await passkeys.getByLabel('Name of the passkey', { exact: true }).fill('Old laptop');
  await passkeys.getByRole('button', { name: 'Save' }).click();
  await passkeys.getByText('The passkey was renamed.').waitFor();
  await expect(passkeys.getByRole('button', { name: 'Remove Old laptop' }).count()).resolves.toBe(
    0,
  );
  await passkeys.getByRole('button', { name: 'Use a passkey instead' }).click();
  await passkeys.locator('.confirmed').waitFor();
  await passkeys.getByRole('button', { name: 'Remove Old laptop' }).click();
  expect(await axeViolations(page)).toEqual([]);
  await passkeys.getByRole('button', { name: 'Remove the passkey' }).click();
  await passkeys.getByText('The passkey was removed.').waitFor();
  await passkeys.getByText('You have no passkeys yet.').waitFor();

  // The authenticator still holds it, but this site no longer knows it: said in words, and the
  // password form still works.
  await logOut(page);
  await passkeyButton(page).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'No account here has this passkey any more: it was removed' })
    .waitFor();
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
  // Only the server's refusals were logged by the browser (the guest's checks, the passkey it no
  // longer knows).
  expect(consoleErrors.filter((line) => !/status of (401|400|404)/.test(line))).toEqual([]);
});

test("the email field's autofill offers the passkey and signs in with it", async () => {
  const account = newAccount('passkey-autofill');
  await activatedAccount(suite.server.url, account);
  const { page, context } = await suite.open();
  await addAuthenticator(context, page);
  await addPasskey(page, account);

  const before = await storedToken(page);
  // Out to /login, where the virtual authenticator picks the passkey the email field offers, as
  // the visitor would: back home at once, in a new session.
  await page.locator('.overview .card__actions').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === ROUTES.login);
  await page.waitForURL((url) => url.pathname === ROUTES.home);
  await expectView(page, 'home');
  const after = await storedToken(page);
  expect(after).toMatch(/\S{20,}/);
  expect(after).not.toBe(before);
  await expect((await thisSession(page)).innerText()).resolves.toContain(
    'Logged in with a passkey',
  );
});

test('another browser, whose authenticator lacks the passkey, cannot sign in with it', async () => {
  const account = newAccount('passkey-other');
  await activatedAccount(suite.server.url, account);
  const owner = await suite.open();
  const ownerAuthenticator = await addAuthenticator(owner.context, owner.page);
  await addPasskey(owner.page, account);
  expect(await ownerAuthenticator.credentials()).toHaveLength(1);

  const stranger = await suite.open();
  const strangerAuthenticator = await addAuthenticator(stranger.context, stranger.page);
  await stranger.page.goto(origin() + ROUTES.login);
  await expectView(stranger.page, 'login');
  // The email field offers passkeys in the browser's autofill (none here).
  await expect(field(stranger.page, 'email').getAttribute('autocomplete')).resolves.toBe(
    'username webauthn',
  );
  await passkeyButton(stranger.page).click();
  // No passkey of this site on this device: the ceremony ends in words, not on home.
  await stranger.page
    .getByRole('alert')
    .filter({ hasText: 'Signing in with a passkey was cancelled.' })
    .waitFor();
  await expectView(stranger.page, 'login');
  expect(await storedToken(stranger.page)).toBeNull();
  expect(await strangerAuthenticator.credentials()).toEqual([]);
  // Not a dead end: the button can be pressed again, and the password form is there.
  await expect(passkeyButton(stranger.page).isEnabled()).resolves.toBe(true);
  await expect(field(stranger.page, 'password').isVisible()).resolves.toBe(true);
});
