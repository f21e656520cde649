// A stolen session never becomes a lasting key, in Chromium against the real server with the
// DevTools protocol's virtual authenticator: adding a passkey asks for a confirmation first; after
// a password reset, and after "Log out all other devices", home names the passkeys added in the
// last days and removes those the visitor ticks.

import { activatedAccount, newAccount, waitForMail, type Account } from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  field,
  logIn,
  openSection,
  ROUTES,
  section,
} from '../../testing/browser/app';
import { addAuthenticator, passkeyOrigin } from '../../testing/browser/authenticator';
import { axeViolations } from '../../testing/browser/axe';
import { PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
/** WebAuthn takes a domain: the pages are opened on localhost. */
const origin = () => passkeyOrigin(suite.server.port);

/** Logs in on localhost and adds a passkey named `name`, confirming it is you first. */
async function withPasskey(account: Account, name: string) {
  const opened = await suite.open({}, PHONE_360);
  const { page, context } = opened;
  await addAuthenticator(context, page);
  await page.goto(origin() + ROUTES.login);
  await expectView(page, 'login');
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
  const passkeys = await openSection(page, 'Passkeys');
  // No passkey is added before the visitor confirms it is them.
  await passkeys.getByText('To add or remove passkeys, first confirm it is you.').waitFor();
  await expect(passkeys.getByRole('button', { name: 'Add a passkey' }).count()).resolves.toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await confirmIt(passkeys, account.password);
  await passkeys.getByLabel('Name of the new passkey').fill(name);
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await passkeys.getByText('Your passkey was added.').waitFor();
  // What comes next is the result: it has the focus.
  await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe(
    'Your passkey was added.',
  );
  return opened;
}

test('after a password reset, home names the passkeys added lately and removes those ticked', async () => {
  const account = newAccount('review-reset');
  await activatedAccount(suite.server.url, account);
  await withPasskey(account, 'Not mine');
  // The new passkey's notice says how to remove it.
  const notice = await waitForMail(suite.server.url, account.email, 2);
  expect(notice.text).toContain(`${suite.server.url.replace('127.0.0.1', 'localhost')}`);
  expect(notice.text).toContain('/?section=passkeys');

  // The owner resets the password from the mail, in a browser of their own.
  const { page } = await suite.open({}, PHONE_360);
  await page.goto(origin() + ROUTES.resetPassword);
  await expectView(page, 'resetPassword');
  await field(page, 'email').fill(account.email);
  await page.locator('form [type="submit"]').click();
  const mail = await waitForMail(suite.server.url, account.email, 3);
  const link = new URL(mail.link!);
  await page.goto(origin() + link.pathname + link.search);
  await expectView(page, 'resetPassword');
  const password = `${account.password}-renewed`;
  await field(page, 'password').fill(password);
  await page.locator('form [type="submit"]').click();
  await expectView(page, 'home');

  const offer = page.locator('[data-passkey-review]');
  await offer.getByText('Passkeys added in the last 7 days').waitFor();
  await offer.getByText('Not mine').waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: 'Choose which to remove' }).click();
  const passkeys = section(page, 'Passkeys');
  await passkeys.getByText('Confirm it is you below, then choose which to remove.').waitFor();
  await confirmIt(passkeys, password);
  await passkeys.getByRole('checkbox', { name: /Not mine/ }).check();
  expect(await axeViolations(page)).toEqual([]);
  await passkeys.getByRole('button', { name: 'Remove the ticked passkeys' }).click();
  await passkeys.getByText('You have no passkeys yet.').waitFor();
  await expect(page.locator('[data-passkey-review]').count()).resolves.toBe(0);
});

test('after "Log out all other devices", the sessions say which passkeys were added lately', async () => {
  const account = newAccount('review-others');
  await activatedAccount(suite.server.url, account);
  const { page } = await withPasskey(account, 'Phone of a stranger');
  const sessions = await openSection(page, 'Where you are logged in');
  await sessions.getByRole('button', { name: 'Log out all other devices' }).click();
  const offer = sessions.locator('[data-passkey-review]');
  await offer.getByText('Phone of a stranger').waitFor();
  await offer
    .getByText('The other devices are logged out, but a passkey still signs in.', { exact: false })
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('link', { name: 'Choose which to remove' }).click();
  const passkeys = section(page, 'Passkeys');
  // Confirmed a moment ago: the choice shows at once.
  await passkeys.getByRole('button', { name: 'I added them all: keep them' }).click();
  await expect(page.locator('[data-passkey-review]').count()).resolves.toBe(0);
  await passkeys.getByText('Phone of a stranger').waitFor();
});
