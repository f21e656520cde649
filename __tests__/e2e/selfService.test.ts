// Account self-service in Chromium against the real server: a forgotten password recovered from
// the mail alone, and on the home view the session list, a password change, an email change and
// the deletion of the account, with axe on every new view.
import {
  activatedAccount,
  loginStatus,
  logInByApi,
  newAccount,
  signUpOnly,
  tokenIsLive,
  waitForCode,
  waitForMail,
} from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  field,
  formAlert,
  openSection,
  ROUTES,
  storedToken,
  submitButton,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

test('a visitor who forgot the password gets back in from the mail alone', async () => {
  const account = newAccount('forgot');
  await activatedAccount(suite.server.url, account);
  const elsewhere = await logInByApi(suite.server.url, account.email, account.password);

  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expectView(page, 'resetPassword');
  expect(await axeViolations(page)).toEqual([]);
  await field(page, 'email').fill(account.email);
  await submitButton(page).click();
  await page.waitForURL((url) => url.searchParams.get('email') === account.email);
  // The code step shows once the navigation to it is verified.
  await page
    .getByText(`If ${account.email} has an account, we sent it a 6-digit code.`, { exact: false })
    .waitFor();

  // The second mail to this address (the first was the activation) carries the link.
  const mail = await waitForMail(suite.server.url, account.email, 2);
  expect(mail.link).toBeDefined();
  const link = new URL(mail.link!);
  expect(link.pathname).toBe(ROUTES.resetPassword);
  expect(link.searchParams.get('code')).toBe(mail.code);
  await page.goto(suite.server.url + link.pathname + link.search);
  await expectView(page, 'resetPassword');
  await expect(field(page, 'email').inputValue()).resolves.toBe(account.email);
  await expect(field(page, 'code').inputValue()).resolves.toBe(mail.code);
  expect(await axeViolations(page)).toEqual([]);

  const newPassword = `${account.password}-renewed`;
  await field(page, 'password').fill(newPassword);
  await submitButton(page).click();
  await expectView(page, 'home');
  expect(await storedToken(page)).toMatch(/\S{20,}/);

  await expect(loginStatus(suite.server.url, account.email, account.password)).resolves.toBe(401);
  await expect(loginStatus(suite.server.url, account.email, newPassword)).resolves.toBe(200);
  await expect(tokenIsLive(suite.server.url, elsewhere.token)).resolves.toBe(false);
});

test('the reset view speaks Khmer and refuses a wrong code without signing in', async () => {
  const account = newAccount('forgot-km');
  await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ localeRef: 'kh' });
  await page.goto(
    `${suite.server.url}${ROUTES.resetPassword}?email=${encodeURIComponent(account.email)}`,
  );
  await expectView(page, 'resetPassword');
  await expect(page.locator('h1').textContent()).resolves.toBe('ជ្រើសរើសពាក្យសម្ងាត់ថ្មី');
  await field(page, 'code').fill('000000');
  await field(page, 'password').fill(`${account.password}-new`);
  await submitButton(page).click();
  await expect(formAlert(page).textContent()).resolves.toContain('លេខកូដនោះខុស');
  expect(await storedToken(page)).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
});

test('home lists the sessions, ends another one, changes the password and the email', async () => {
  const account = newAccount('home');
  const session = await activatedAccount(suite.server.url, account);
  const other = await logInByApi(suite.server.url, account.email, account.password);
  const { page } = await suite.open({ token: session.token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');

  const sessions = await openSection(page, 'Where you are logged in');
  const items = sessions.locator('li');
  await items.nth(1).waitFor();
  await expect(items.count()).resolves.toBe(2);
  await expect(sessions.getByText('This device').count()).resolves.toBe(1);
  expect(await axeViolations(page)).toEqual([]);

  await sessions.getByRole('button', { name: /^Log out .*, last used/ }).click();
  await sessions.getByText('You are logged in on this device only.').waitFor();
  await expect(tokenIsLive(suite.server.url, other.token)).resolves.toBe(false);

  // The password section asks to confirm it is you first: a wrong password is said in words.
  const password = await openSection(page, 'Password');
  const gate = password.locator('.confirm');
  await gate.getByLabel('Password', { exact: true }).fill('not-my-password');
  await gate.getByRole('button', { name: 'Confirm', exact: true }).click();
  await password.getByText('This is not your current password.').waitFor();
  await confirmIt(password, account.password);
  await password.getByLabel('New password', { exact: true }).fill(`${account.password}-2`);
  await password.getByRole('button', { name: 'Change password' }).click();
  await password
    .getByRole('status')
    .getByText('Your password was changed.', { exact: false })
    .waitFor();
  await expect(loginStatus(suite.server.url, account.email, `${account.password}-2`)).resolves.toBe(
    200,
  );

  // Within the confirmation's ten minutes, the email change asks no password.
  const email = await openSection(page, 'Email');
  const newEmail = `new-${account.email}`;
  await expect(email.locator('.confirm').count()).resolves.toBe(0);
  await email.getByLabel('New email', { exact: true }).fill(newEmail);
  await email.getByRole('button', { name: 'Send the code' }).click();
  await email.getByText(`We sent a 6-digit code to ${newEmail}.`, { exact: false }).waitFor();
  const code = await waitForCode(suite.server.url, newEmail);
  await email.getByLabel('Confirmation code', { exact: true }).fill(code);
  await email.getByRole('button', { name: 'Confirm the new email' }).click();
  await email.getByText(`Your email is now ${newEmail}.`, { exact: false }).waitFor();
  await expect(page.locator('.details__email').textContent()).resolves.toBe(newEmail);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'user');
  expect(JSON.parse(decodeURIComponent(cookie!.value)).email).toBe(newEmail);
  await expect(loginStatus(suite.server.url, newEmail, `${account.password}-2`)).resolves.toBe(200);

  // The action log of these journeys holds no password, code or token.
  const exported = await page.evaluate(() => window.actionLog.export());
  for (const secret of [account.password, `${account.password}-2`, code, session.token]) {
    expect(exported).not.toContain(secret);
  }
  expect(exported).toContain('newPassword');
});

test('deleting the account asks to confirm, signs out, and frees the email', async () => {
  const account = newAccount('delete');
  const session = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token: session.token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');

  const danger = await openSection(page, 'Delete your account');
  await confirmIt(danger, account.password);
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await danger.getByText('Tick the box to confirm.').waitFor();
  await expect(tokenIsLive(suite.server.url, session.token)).resolves.toBe(true);

  await danger.getByLabel('I understand that my account will be deleted for good.').check();
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();
  expect((await page.context().cookies()).some((entry) => entry.name === 'user')).toBe(false);
  await expect(tokenIsLive(suite.server.url, session.token)).resolves.toBe(false);
  await expect(loginStatus(suite.server.url, account.email, account.password)).resolves.toBe(401);
  // The address is free again: signing up with it is accepted.
  await expect(signUpOnly(suite.server.url, account)).resolves.toBeUndefined();
});

test.each([
  ['the reset request', ROUTES.resetPassword],
  ['the reset code step', `${ROUTES.resetPassword}?email=a%40example.com`],
  ['home', `${ROUTES.home}?section=sessions`],
])('%s fits 320 px in Khmer, with no axe violation', async (_name, target) => {
  const session = await activatedAccount(suite.server.url, newAccount('narrow'));
  const home = target.startsWith(`${ROUTES.home}?`);
  const { page } = await suite.open(
    { localeRef: 'kh', ...(home ? { token: session.token } : {}) },
    { ...PHONE, viewport: { width: 320, height: 700 } },
  );
  await page.goto(suite.server.url + target);
  await expectView(page, home ? 'home' : 'resetPassword');
  if (home) await page.locator('.sessions__list').waitFor();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(320);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  expect(await axeViolations(page)).toEqual([]);
});
