// Signing in with an OpenID Connect provider in Chromium: the built app, the real server, and a
// real OpenID Provider on loopback (testing/oidc/harness.ts) whose sign-in page Chromium fills in.
// A new visitor signs up through it; a password account connects it from home and then signs in
// with it; two-step sign-in is still asked after it; a flow carried to another browser fails with
// words; a return path off the app is never followed. The handoff code never stays in the address,
// the history or the action log.
import type { Page } from 'playwright-core';

import { activatedAccount, newAccount, secondFactorOn } from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  logOut,
  openSection,
  ROUTES,
  storedToken,
} from '../../testing/browser/app';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import {
  continueWithProvider,
  PROVIDER_NAME as NAME,
  providerForServers,
  serverEnvFor,
  signInAtProvider,
} from '../../testing/oidc/chromium';
import type { OpenIdProvider } from '../../testing/oidc/harness';

jest.setTimeout(120_000);

const env: NodeJS.ProcessEnv = {};
let provider: OpenIdProvider | undefined;
// Runs before the suite's own beforeAll, which starts the server with `env`.
beforeAll(async () => {
  const started = await providerForServers(1);
  provider = started.provider;
  Object.assign(env, serverEnvFor(provider, started.ports[0]!));
});
afterAll(() => provider?.stop());

const suite = setUpBrowserSuite({ env });

let subjects = 0;
function identity(email: string) {
  subjects += 1;
  return { sub: `subject-${Date.now()}-${subjects}`, email, name: 'Provider Person' };
}

/** The handoff codes the browser was given, read off the addresses it loaded. */
function watchHandoffs(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const code = new URL(request.url()).searchParams.get('provider-handoff');
    if (code) seen.push(code);
  });
  return seen;
}

async function expectNoHandoffKept(page: Page, handoffs: string[]) {
  expect(handoffs.length).toBeGreaterThan(0);
  const kept = await page.evaluate(() => ({
    href: location.href,
    log: window.actionLog.export(),
    storage: JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
  }));
  for (const code of handoffs) {
    expect(kept.href).not.toContain(code);
    expect(kept.log).not.toContain(code);
    expect(kept.storage).not.toContain(code);
  }
}

describe.each([
  ['en', '1280', DESKTOP],
  ['kh', '360', PHONE_360],
] as const)('in %s at %s px', (localeRef, _width, options) => {
  test('a new visitor signs up through the provider and lands home', async () => {
    const { page } = await suite.open({ localeRef }, options);
    const handoffs = watchHandoffs(page);
    await page.goto(suite.server.url + ROUTES.signup);
    await expectView(page, 'signup');
    const button = page.locator('.provider-sign-in__button', { hasText: NAME });
    await button.waitFor();
    // Nothing of the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      options.viewport!.width,
    );
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    const who = identity(`new-${Date.now()}@example.com`);
    await signInAtProvider(page, who);
    await expectView(page, 'home');
    expect(await storedToken(page)).not.toBeNull();
    await page.getByText(who.email).first().waitFor();
    await expectNoHandoffKept(page, handoffs);
    expect(await axeViolations(page)).toEqual([]);
    // The account has no password: its confirmation offers the provider, and no password field.
    await page.goto(`${suite.server.url}${ROUTES.home}?section=providers`);
    const panel = page.locator('.home-section__panel');
    await panel.locator('.providers__note').waitFor();
    await panel.locator('.confirm__providers button').first().waitFor();
    expect(await panel.locator('.confirm input[name=password]').isVisible()).toBe(false);
  });
});

test('a password account connects the provider from home, then signs in with it', async () => {
  const account = newAccount('provider-connect');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page } = await suite.open({ token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');
  const providers = await openSection(page, 'Sign-in providers');
  await providers.getByText('Not connected').waitFor();
  await confirmIt(providers, account.password);
  expect(await axeViolations(page)).toEqual([]);
  await providers.getByRole('button', { name: `Connect ${NAME}` }).click();
  const who = identity(account.email);
  await signInAtProvider(page, who);
  await expectView(page, 'home', '/');
  const back = await openSection(page, 'Sign-in providers');
  await back.getByText(`${NAME} is connected`).waitFor();
  await back.getByText('Connected', { exact: true }).waitFor();
  await logOut(page);

  const handoffs = watchHandoffs(page);
  await continueWithProvider(page);
  // The provider remembers this browser's sign-in there: it may send it straight back.
  const heading = page.getByRole('heading', { name: 'Test provider: sign in' });
  await Promise.race([heading.waitFor(), page.locator('[data-view="home"]').waitFor()]);
  if (await heading.isVisible()) await signInAtProvider(page, who);
  await expectView(page, 'home');
  await page.getByText(account.email).first().waitFor();
  await expectNoHandoffKept(page, handoffs);
});

test('an account with two-step sign-in on gets the second step after the provider', async () => {
  const account = newAccount('provider-totp');
  const { token } = await activatedAccount(suite.server.url, account);
  const who = identity(account.email);
  // Connected first (the password confirms), then two-step sign-in turned on elsewhere.
  {
    const { page } = await suite.open({ token });
    await page.goto(suite.server.url + ROUTES.home);
    const providers = await openSection(page, 'Sign-in providers');
    await confirmIt(providers, account.password);
    await providers.getByRole('button', { name: `Connect ${NAME}` }).click();
    await signInAtProvider(page, who);
    await (
      await openSection(page, 'Sign-in providers')
    )
      .getByText(`${NAME} is connected`)
      .waitFor();
  }
  const { nextCode } = await secondFactorOn(suite.server.url, token, account.password);

  // A link to home's passkeys, opened signed out: the login, and back there once signed in.
  const { page } = await suite.open();
  await page.goto(`${suite.server.url}${ROUTES.home}?section=passkeys`);
  await expectView(page, 'login');
  await continueWithProvider(page);
  await signInAtProvider(page, who);
  const code = page.getByLabel('Code from your authenticator app');
  await code.waitFor();
  expect(await storedToken(page)).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  await code.fill(await nextCode());
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectView(page, 'home');
  expect(await storedToken(page)).not.toBeNull();
  expect(new URL(page.url()).search).toBe('?section=passkeys');
});

test('a flow started in another browser fails with words, and signs no one in', async () => {
  const first = await suite.open();
  await first.page.goto(suite.server.url + ROUTES.login);
  const toProvider = first.page.waitForRequest((request) =>
    request.url().startsWith(`${provider!.issuer}/`),
  );
  await continueWithProvider(first.page);
  const authorizationUrl = (await toProvider).url();
  await first.page.getByRole('heading', { name: 'Test provider: sign in' }).waitFor();

  // The link carried to another browser, which has no cookie of the flow.
  const other = await suite.open();
  await other.page.goto(authorizationUrl);
  await signInAtProvider(other.page, identity(`carried-${Date.now()}@example.com`));
  await expectView(other.page, 'login');
  await other.page.getByText(/could not be checked: it was started in another browser/).waitFor();
  expect(await storedToken(other.page)).toBeNull();
  // The other ways in are right there.
  await other.page.getByRole('button', { name: 'Log in' }).waitFor();
  expect(await axeViolations(other.page)).toEqual([]);
});

test('a cancelled flow says so and offers the other ways in', async () => {
  const { page } = await suite.open({ localeRef: 'kh' }, PHONE_360);
  await page.goto(suite.server.url + ROUTES.login);
  await continueWithProvider(page, `បន្តជាមួយ ${NAME}`);
  await page.getByRole('heading', { name: 'Test provider: sign in' }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expectView(page, 'login');
  await page.getByText(new RegExp(`ការចូលជាមួយ ${NAME} ត្រូវបានបោះបង់`)).waitFor();
  expect(await axeViolations(page)).toEqual([]);
});

test('a return path off the app is never followed: the visitor lands in the app', async () => {
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  // The start asked with a return path to another site: refused by the server, said by the app.
  await page.route('**/v1/api/user/oidc/test/start', (route) =>
    route.continue({
      postData: JSON.stringify({ intent: 'login', returnTo: '//evil.example/steal' }),
    }),
  );
  await continueWithProvider(page);
  await page.locator('.provider-sign-in [role=alert]').waitFor();
  expect(new URL(page.url()).origin).toBe(suite.server.url);
  await page.unroute('**/v1/api/user/oidc/test/start');

  // An answer that names another site (as a compromised path might): the app goes home.
  await page.route('**/v1/api/user/oidc/complete', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as Record<string, unknown>;
    await route.fulfill({ response: answer, json: { ...body, returnTo: 'https://evil.example/' } });
  });
  await continueWithProvider(page);
  await signInAtProvider(page, identity(`redirect-${Date.now()}@example.com`));
  await expectView(page, 'home');
  expect(new URL(page.url()).origin).toBe(suite.server.url);
});

test('with no provider configured, the login shows no button', async () => {
  const { page } = await suite.open();
  // This server has one: the answer of a server without is played to the page.
  await page.route('**/v1/api/user/oidc/providers', (route) =>
    route.fulfill({ status: 404, json: { error: true, code: 'NOT_FOUND', message: 'Not found.' } }),
  );
  const asked = page.waitForResponse('**/v1/api/user/oidc/providers');
  await page.goto(suite.server.url + ROUTES.login);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await asked;
  await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  expect(await page.locator('.provider-sign-in').count()).toBe(0);
  expect(await page.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
});
