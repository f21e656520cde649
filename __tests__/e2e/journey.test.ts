// The account's life cycle, driven only through the pages a visitor sees.
import { activatedAccount, newAccount, signUpOnly, waitForCode } from '../../testing/browser/api';
import {
  expectView,
  field,
  formAlert,
  logIn,
  ROUTES,
  signUpThroughForm,
  storedToken,
  submitButton,
  view,
} from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

test('sign up, activate with the emailed code, reload, log out, fail a log-in, log in', async () => {
  const { page, context } = await suite.open();
  const account = newAccount('journey');

  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'signup');
  await signUpThroughForm(page, account);

  await expectView(page, 'activation');
  expect(new URL(page.url()).searchParams.get('email')).toBe(account.email);
  await expect(field(page, 'email').inputValue()).resolves.toBe(account.email);
  const code = await waitForCode(suite.server.url, account.email);
  await page.getByLabel('Activation code', { exact: true }).fill(code);
  await field(page, 'password').fill(account.password);
  await page.getByRole('button', { name: 'Activate' }).click();

  await expectView(page, 'home');
  await expect(view(page, 'home').getByText(account.email).count()).resolves.toBeGreaterThan(0);
  const token = await storedToken(page);
  expect(token).toEqual(expect.any(String));

  await page.reload();
  await expectView(page, 'home');
  await view(page, 'home').getByText(account.name).first().waitFor();
  expect(await storedToken(page)).toBe(token);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('user');

  await logIn(page, account.email, `${account.password}-wrong`);
  await formAlert(page).getByText('The email or the password is not right.').waitFor();
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();

  await field(page, 'password').fill(account.password);
  await submitButton(page).click();
  await expectView(page, 'home');
  expect(await storedToken(page)).not.toBe(token);
});

test('an account not yet activated is told so at log-in and offered activation and a new code', async () => {
  const { page } = await suite.open();
  const account = newAccount('dormant');
  await signUpOnly(suite.server.url, account);

  await page.goto(suite.server.url + ROUTES.login);
  await logIn(page, account.email, account.password);
  await formAlert(page)
    .getByText(/not activated/)
    .waitFor();
  await formAlert(page).getByRole('button', { name: 'Send a new code' }).waitFor();
  expect(await storedToken(page)).toBeNull();

  await formAlert(page).getByRole('link').click();
  await expectView(page, 'activation');
  expect(new URL(page.url()).searchParams.get('email')).toBe(account.email);

  await page.getByRole('button', { name: 'Send a new code' }).click();
  await page.getByText(`We sent a new code to ${account.email}.`).waitFor();
  // Waiting for a second mail proves the resend sent one.
  const newCode = await waitForCode(suite.server.url, account.email, 2);
  await field(page, 'code').fill(newCode);
  await field(page, 'password').fill(account.password);
  await submitButton(page).click();
  await expectView(page, 'home');
});

test('the activation view takes its email and code from the address', async () => {
  const { page } = await suite.open();
  const query = new URLSearchParams({ email: 'someone@example.com', code: '123456' });

  await page.goto(`${suite.server.url}${ROUTES.activation}?${query}`);
  await expectView(page, 'activation');

  await expect(field(page, 'email').inputValue()).resolves.toBe('someone@example.com');
  await expect(field(page, 'code').inputValue()).resolves.toBe('123456');
});

test('the user cookie holds the verified user, on path /, SameSite Lax, not secure, until exp', async () => {
  const account = newAccount('cookie');
  const session = await activatedAccount(suite.server.url, account);
  const { page, context } = await suite.open({ token: session.token });

  // The body is read as the answer arrives: a verify still in flight from the page the token
  // was stored on is dropped by the navigation, its body gone, and the next one is awaited.
  let body: unknown;
  const verifyAnswer = page.waitForResponse(async (response) => {
    if (!response.url().endsWith('/v1/api/user/verify')) return false;
    body = await response.json().catch(() => undefined);
    return body !== undefined;
  });
  await page.goto(suite.server.url + ROUTES.home);
  await verifyAnswer;
  const answer = body as { user: unknown; signature: { exp: number } };
  await expectView(page, 'home');

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'user');
  expect(cookie).toBeDefined();
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual(answer.user);
  expect(answer.user).toEqual(session.user);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
  expect(Math.abs(cookie!.expires - answer.signature.exp)).toBeLessThanOrEqual(2);
  // The session lasts the server's 7 days, so the cookie is not a session cookie.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
});
