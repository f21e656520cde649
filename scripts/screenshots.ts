// Pictures of every view and its error states, in both languages, at desktop and phone sizes,
// taken from the production build served by a throwaway server: `npm run screenshots`.
// The app's endpoint table, handed in first, as the page's entry does.
import '../src/endpoints';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import type { BrowserContextOptions, Page } from 'playwright-core';

import { actionLogText, decodeLog } from '../contract/action-log';
import { LOCALES } from '../contract/languages';
import { PASSKEYS_MAX } from '../contract/schemas';
import { loadConfig } from '../server/config';
import { runCommand } from '../server/maintenance/commands';
import { stateHash } from '../store/actionLog/stateHash';
import { rootReducer, type RootState } from '../store/rootReducer';
import { generatedLogText } from '../testing/actionLog/generatedLog';
import {
  activatedAccount,
  authenticatorFor,
  logInByApi,
  newAccount,
  secondFactorOn,
  signUpOnly,
  waitForMail,
  type Account,
} from '../testing/browser/api';
import {
  field,
  formAlert,
  ROUTES,
  submitButton,
  view,
  type ViewName,
} from '../testing/browser/app';
import {
  DESKTOP,
  launchBrowser,
  newVisitorContext,
  PHONE,
  type VisitorState,
} from '../testing/browser/browser';
import { ensureBuiltApp } from '../testing/browser/build';
import { DIST_DIR } from '../testing/browser/paths';
import { startTestServer } from '../testing/browser/server';
import { REPO_ROOT } from '../testing/processes';
import { sendLog } from '../testing/server/actionLogs';
import { SoftAuthenticator } from '../testing/server/authenticator';

const OUT_DIR = path.join(REPO_ROOT, 'screenshots');
// The narrowest phones in common use are 360 px wide.
const SIZES: Record<string, BrowserContextOptions> = {
  '1280x800': DESKTOP,
  '360x780': { ...PHONE, viewport: { width: 360, height: 780 } },
};

interface Scene {
  name: string;
  view: ViewName;
  path: string;
  signedIn?: boolean;
  /** Signed in with this session instead of the shared account's (an account of its own). */
  session?: () => Promise<string>;
  /** Done before the view opens (the network's answers, say). */
  prepare?: (page: Page) => Promise<unknown>;
  /** Brings the view into the state to picture, and waits until it shows. */
  act?: (page: Page) => Promise<void>;
}

async function submitEmpty(page: Page) {
  await submitButton(page).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
}

/** Home's overview once every line of it has arrived (none reads "Checking…" any more). */
async function overviewShown(page: Page) {
  await page.locator('.overview dd').first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('.overview dd').length >= 5 &&
      [...document.querySelectorAll('.overview dd')].every(
        (dd) => !/Checking|កំពុងពិនិត្យ/.test(dd.textContent ?? ''),
      ),
  );
}

/** Home with a section open (`/?section=…`). */
const homeSection = (section: string) => `${ROUTES.home}?section=${section}`;

/** The gate of the open section: the password (and the code where it is on), then what it opens. */
async function confirmInSection(page: Page, password: string, code?: string) {
  const gate = page.locator('.home-section__panel .confirm');
  await gate.locator('input[name=password]').fill(password);
  if (code !== undefined) await gate.locator('input[name=code]').fill(code);
  await gate.locator('[type=submit]').click();
  await page.locator('.home-section__panel .confirmed').first().waitFor();
}

async function logInAs(page: Page, account: Account, password = account.password) {
  await field(page, 'email').fill(account.email);
  await field(page, 'password').fill(password);
  await submitButton(page).click();
  await formAlert(page).waitFor();
}

/** The home view's two-step sign-in section, open. */
function twoStepSection(page: Page) {
  return page.locator('.home-section__panel');
}

/** Starts setting up the second factor on home: the QR code and the key show. */
async function startTwoStep(page: Page, account: Account) {
  await overviewShown(page);
  await confirmInSection(page, account.password);
  const section = twoStepSection(page);
  await section.locator('[type=submit]').click();
  await section.locator('.totp-qr__image').waitFor();
  await section.locator('.totp-qr__image').evaluate((image: HTMLImageElement) => image.decode());
}

/** The scenes of two-step sign-in: its login step, and its setup and recovery codes on home. */
function twoStepScenes(guarded: Account, baseUrl: string): Scene[] {
  const secondStep = async (page: Page) => {
    await field(page, 'email').fill(guarded.email);
    await field(page, 'password').fill(guarded.password);
    await submitButton(page).click();
    await page.locator('input[name=code]').waitFor();
  };
  const ownAccount = async () => {
    const account = newAccount('screens-totp');
    const { token } = await activatedAccount(baseUrl, account);
    return { account, token };
  };
  let fresh: Account = guarded;
  const freshSession = async () => {
    const { account, token } = await ownAccount();
    fresh = account;
    return token;
  };
  return [
    { name: 'login-second-step', view: 'login', path: ROUTES.login, act: secondStep },
    {
      name: 'login-second-step-recovery',
      view: 'login',
      path: ROUTES.login,
      act: async (page) => {
        await secondStep(page);
        await page.locator('.second-step .button--secondary').first().click();
        await page.locator('input[name=recoveryCode]').fill('abcd-efgh-ijkl-mnop');
        await submitButton(page).click();
        await formAlert(page).waitFor();
      },
    },
    {
      name: 'home-two-step-setup',
      view: 'home',
      path: homeSection('security'),
      session: freshSession,
      act: (page) => startTwoStep(page, fresh),
    },
    {
      name: 'home-two-step-codes',
      view: 'home',
      path: homeSection('security'),
      session: freshSession,
      act: async (page) => {
        await startTwoStep(page, fresh);
        const section = twoStepSection(page);
        const secret = (await section.locator('.totp-key__value').innerText()).replace(/\s/g, '');
        await section.locator('input[name=code]').fill(await authenticatorFor(secret)());
        await section.locator('[type=submit]').click();
        await section.locator('.totp-codes__list li').first().waitFor();
      },
    },
    {
      // The question whether it is on gets no answer (offline): said, with "Try again".
      name: 'home-two-step-failed',
      view: 'home',
      path: homeSection('security'),
      signedIn: true,
      prepare: (page) => page.route(/\/v1\/api\/user\/totp$/, (route) => route.abort()),
      act: async (page) => {
        await page.locator('.totp-failed').waitFor();
      },
    },
    {
      name: 'home-email-failed',
      view: 'home',
      path: homeSection('profile'),
      signedIn: true,
      prepare: (page) => page.route(/\/v1\/api\/user\/email-change$/, (route) => route.abort()),
      act: async (page) => {
        await page.locator('.email-change__failed').waitFor();
      },
    },
    {
      name: 'home-two-step-on',
      view: 'home',
      path: homeSection('security'),
      session: async () => {
        const { account, token } = await ownAccount();
        await secondFactorOn(baseUrl, token, account.password);
        return token;
      },
      act: async (page) => {
        await page.locator('.totp-state--on').waitFor();
        // The gate asks for the code too where two-step sign-in is on.
        await page.locator('.confirm input[name=code]').waitFor();
      },
    },
    {
      // A reset of an account with two-step sign-in: the second step, saying why.
      name: 'login-second-step-after-reset',
      view: 'resetPassword',
      path: ROUTES.resetPassword,
      act: async (page) => {
        const { account, token } = await ownAccount();
        await secondFactorOn(baseUrl, token, account.password);
        await field(page, 'email').fill(account.email);
        await submitButton(page).click();
        const mail = await waitForMail(baseUrl, account.email, 3);
        const link = new URL(mail.link!);
        await page.goto(baseUrl + link.pathname + link.search);
        await field(page, 'password').fill(`${account.password}-renewed`);
        await submitButton(page).click();
        await view(page, 'login').locator('input[name=code]').waitFor();
        await page.locator('.notice__text').waitFor();
      },
    },
  ];
}

function scenes(activated: Account, dormant: Account, baseUrl: string): Scene[] {
  // A session of its own: the shared one stays unconfirmed for the gate's pictures.
  const freshSession = async () =>
    (await logInByApi(baseUrl, activated.email, activated.password)).token;
  // An account of its own, for a change that stays (a pending email change).
  let own: Account = activated;
  const ownSession = async () => {
    own = newAccount('screens-own');
    return (await activatedAccount(baseUrl, own)).token;
  };
  return [
    { name: 'home', view: 'home', path: ROUTES.home, signedIn: true, act: overviewShown },
    {
      name: 'home-password-confirm',
      view: 'home',
      path: homeSection('password'),
      session: freshSession,
      act: async (page) => void (await page.locator('.confirm input[name=password]').waitFor()),
    },
    {
      name: 'home-password-confirmed',
      view: 'home',
      path: homeSection('password'),
      session: freshSession,
      act: (page) => confirmInSection(page, activated.password),
    },
    {
      name: 'home-sessions',
      view: 'home',
      path: homeSection('sessions'),
      signedIn: true,
      act: async (page) => void (await page.locator('.sessions__list').waitFor()),
    },
    {
      name: 'home-email-code',
      view: 'home',
      path: homeSection('profile'),
      session: ownSession,
      act: async (page) => {
        await confirmInSection(page, own.password);
        await page.locator('input[name=newEmail]').fill(`new-${own.email}`);
        await page.locator('input[name=newEmail]').press('Enter');
        await page.locator('input[name=code]').waitFor();
      },
    },
    {
      name: 'home-delete-unconfirmed',
      view: 'home',
      path: homeSection('delete'),
      session: freshSession,
      act: async (page) => {
        await confirmInSection(page, activated.password);
        await page
          .locator('input[name=confirm]')
          .locator('xpath=ancestor::form')
          .locator('[type=submit]')
          .click();
        await page.locator('input[name=confirm][aria-invalid="true"]').waitFor();
      },
    },
    { name: 'reset-request', view: 'resetPassword', path: ROUTES.resetPassword },
    {
      name: 'reset-code',
      view: 'resetPassword',
      path: `${ROUTES.resetPassword}?${new URLSearchParams({ email: activated.email })}`,
    },
    {
      name: 'reset-wrong-code',
      view: 'resetPassword',
      path: `${ROUTES.resetPassword}?${new URLSearchParams({ email: activated.email, code: '000000' })}`,
      act: async (page) => {
        await field(page, 'password').fill(`${activated.password}-new`);
        await submitButton(page).click();
        await formAlert(page).waitFor();
      },
    },
    { name: 'login', view: 'login', path: ROUTES.login },
    { name: 'login-empty', view: 'login', path: ROUTES.login, act: submitEmpty },
    {
      name: 'login-wrong-password',
      view: 'login',
      path: ROUTES.login,
      act: (page) => logInAs(page, activated, `${activated.password}-wrong`),
    },
    {
      name: 'login-not-activated',
      view: 'login',
      path: ROUTES.login,
      act: (page) => logInAs(page, dormant),
    },
    { name: 'signup', view: 'signup', path: ROUTES.signup },
    { name: 'signup-empty', view: 'signup', path: ROUTES.signup, act: submitEmpty },
    {
      name: 'signup-invalid',
      view: 'signup',
      path: ROUTES.signup,
      act: async (page) => {
        await field(page, 'name').fill('Dara');
        await field(page, 'email').fill('not-an-email');
        await field(page, 'password').fill('short');
        await submitButton(page).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
      },
    },
    {
      name: 'signup-password-weak',
      view: 'signup',
      path: ROUTES.signup,
      act: async (page) => {
        await field(page, 'name').fill('Sokha Chan');
        await field(page, 'email').fill('sokha.chan@example.com');
        await field(page, 'password').pressSequentially('sokhachan1');
        await page.locator('.field__status--weak').waitFor();
      },
    },
    {
      name: 'signup-password-good',
      view: 'signup',
      path: ROUTES.signup,
      act: async (page) => {
        await field(page, 'password').pressSequentially('river of blue mangoes');
        await page.locator('.field__status--good').waitFor();
      },
    },
    {
      name: 'view-failed',
      view: 'login',
      path: ROUTES.login,
      act: async (page) => {
        await page.route(/\/view-signup\.[0-9a-f]+\.js$/, (route) => route.abort());
        await page.locator(`main a[href="${ROUTES.signup}"]`).first().click();
        await page.locator('[data-view-failed]').waitFor();
      },
    },
    {
      name: 'home-sent-from-activation-link',
      view: 'home',
      path: `${ROUTES.activation}?${new URLSearchParams({ email: activated.email, code: '123456' })}`,
      signedIn: true,
      act: async (page) => {
        await overviewShown(page);
        await page.locator('.notice__text').waitFor();
      },
    },
    { name: 'activation', view: 'activation', path: ROUTES.activation },
    { name: 'activation-empty', view: 'activation', path: ROUTES.activation, act: submitEmpty },
    {
      name: 'activation-wrong-code',
      view: 'activation',
      path: `${ROUTES.activation}?${new URLSearchParams({ email: dormant.email, code: '000000' })}`,
      act: async (page) => {
        await page.locator('input[name=password]').fill(dormant.password);
        await submitButton(page).click();
        await formAlert(page).waitFor();
      },
    },
  ];
}

/** The waiting states: what shows while a navigation's verify call is held back. */
const WAITING_SCENES = [
  { name: 'waiting-loading', firstLoad: true, shows: 'main [role="status"][data-loading]' },
  { name: 'waiting-busy', firstLoad: false, shows: 'main[aria-busy="true"] [data-view="login"]' },
  { name: 'waiting-progress', firstLoad: false, shows: '[role="progressbar"]' },
  { name: 'waiting-slow', firstLoad: false, shows: '.wait-slow' },
];

/** Opens /login (held from the start for the first load, else held on the way to /signup). */
async function pictureWaiting(page: Page, origin: string, scene: (typeof WAITING_SCENES)[number]) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let holding = scene.firstLoad;
  await page.route('**/v1/api/user/verify', async (route) => {
    if (holding) await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(origin + ROUTES.login);
  if (!scene.firstLoad) {
    await view(page, 'login').waitFor();
    holding = true;
    await page.locator(`main a[href="${ROUTES.signup}"]`).first().click();
  }
  await page.locator(scene.shows).first().waitFor();
  return release;
}

/** A generated session that ends in a refused form and a failed login, with true hashes. */
function troubledLogText(): string {
  const log = decodeLog(generatedLogText(60, Date.UTC(2026, 10, 20, 9, 0)));
  const actions = [
    ...log.actions,
    { type: 'form/validationFailed', payload: { form: 'login', fields: { email: 'REQUIRED' } } },
    {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'login' }, requestId: 'r' },
    },
    {
      type: 'api/executeMutation/rejected',
      payload: { status: 401, data: { error: true, code: 'INVALID_CREDENTIALS' } },
      meta: { arg: { endpointName: 'login' }, requestId: 'r' },
    },
  ];
  const stateHashes: string[] = [];
  let state = log.preloadedState as RootState;
  for (const action of actions) {
    state = rootReducer(state, action);
    stateHashes.push(stateHash(state));
  }
  const last = log.timestamps.at(-1)!;
  return actionLogText({
    actionJsons: actions.map((action) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(log.preloadedState),
    timestamps: [...log.timestamps, last + 4000, last + 9000, last + 9120],
    stateHashes,
  });
}

/** replay.html with a troubled log, at its first failure: the header, the list, the details. */
async function pictureReplay(page: Page, url: string, file: string) {
  await page.goto(`${url}/replay.html`);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.locator('[data-step]').first().waitFor();
  await page.locator('.replay-controls button').first().click();
  await page.keyboard.press('n');
  await page.locator('.replay-details h2').filter({ hasText: 'refused' }).waitFor();
}

/**
 * A passkey named `name` for the session `token` of `account`, made by a software authenticator
 * once the session is confirmed (with the password).
 */
async function passkeyByApi(baseUrl: string, token: string, account: Account, name: string) {
  const port = new URL(baseUrl).port;
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/v1/api/user/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { options: PublicKeyCredentialCreationOptionsJSON };
  };
  await call('confirm', { password: account.password });
  const { options } = await call('passkeys/registration-options');
  // The server's relying party is localhost (PUBLIC_URL unset), its origin localhost's.
  const response = new SoftAuthenticator(`http://localhost:${port}`).register(options);
  await call('passkeys', { response, name });
}

/** Home's passkeys, once the list has arrived. */
async function passkeysShown(page: Page) {
  await page.locator('[data-passkeys] [data-passkey]').first().waitFor();
}

const LONG_NAME =
  'The work laptop of the accounts team, second floor, by the window (Chrome on Windows)';

/** The scenes of passkeys: home's section with one (a long name), and the login's button. */
function passkeyScenes(baseUrl: string): Scene[] {
  const withPasskey = async () => {
    const owner = newAccount('screens-passkey');
    const { token } = await activatedAccount(baseUrl, owner);
    await passkeyByApi(baseUrl, token, owner, LONG_NAME);
    return token;
  };
  /** After a reset through the mail's link, home names the passkey added a moment ago. */
  const resetWithPasskey = async (page: Page) => {
    const account = newAccount('screens-review');
    const { token } = await activatedAccount(baseUrl, account);
    await passkeyByApi(baseUrl, token, account, 'A passkey added a moment ago');
    await field(page, 'email').fill(account.email);
    await submitButton(page).click();
    const mail = await waitForMail(baseUrl, account.email, 3);
    const link = new URL(mail.link!);
    await page.goto(baseUrl + link.pathname + link.search);
    await field(page, 'password').fill(`${account.password}-renewed`);
    await submitButton(page).click();
    await page.locator('[data-passkey-review]').waitFor();
    return `${account.password}-renewed`;
  };
  return [
    {
      name: 'home-passkeys',
      view: 'home',
      path: homeSection('passkeys'),
      session: withPasskey,
      act: passkeysShown,
    },
    {
      name: 'home-passkeys-review',
      view: 'resetPassword',
      path: ROUTES.resetPassword,
      act: async (page) => void (await resetWithPasskey(page)),
    },
    {
      name: 'home-passkeys-review-choose',
      view: 'resetPassword',
      path: ROUTES.resetPassword,
      act: async (page) => {
        const password = await resetWithPasskey(page);
        await page.locator('[data-passkey-review] a').click();
        await confirmInSection(page, password);
        await page.locator('.review input[type=checkbox]').first().check();
      },
    },
    {
      // The list gets the server's failure: said, with "Try again".
      name: 'home-passkeys-failed',
      view: 'home',
      path: homeSection('passkeys'),
      signedIn: true,
      prepare: (page) =>
        page.route(/\/v1\/api\/user\/passkeys$/, (route) =>
          route.fulfill({ status: 500, json: { error: true, code: 'INTERNAL' } }),
        ),
      act: async (page) => {
        await page.locator('.passkeys__failed').waitFor();
      },
    },
    {
      // A full account: the list as the server gives it, and in place of the form, why no more.
      name: 'home-passkeys-full',
      view: 'home',
      path: homeSection('passkeys'),
      signedIn: true,
      prepare: (page) =>
        page.route(/\/v1\/api\/user\/passkeys$/, (route) =>
          route.fulfill({
            json: {
              error: false,
              passkeys: Array.from({ length: PASSKEYS_MAX }, (_, i) => ({
                id: `pk-${i}`,
                name: `Security key ${i + 1}`,
                createdAt: '2026-01-10T02:00:00.000Z',
                lastUsedAt: null,
              })),
            },
          }),
        ),
      act: passkeysShown,
    },
    {
      // Confirmed (the passkey was added a moment ago): "Remove" opens its question.
      name: 'home-passkeys-remove',
      view: 'home',
      path: homeSection('passkeys'),
      session: withPasskey,
      act: async (page) => {
        await passkeysShown(page);
        const section = page.locator('[data-passkeys]');
        await section.locator('[data-passkey] .button--secondary').nth(1).click();
        await section.locator('[data-passkey] [type=submit]').waitFor();
      },
    },
    {
      // Not confirmed: the list, and the gate before adding or removing one.
      name: 'home-passkeys-confirm',
      view: 'home',
      path: homeSection('passkeys'),
      signedIn: true,
      act: async (page) => void (await page.locator('[data-passkeys] .confirm').waitFor()),
    },
    {
      name: 'login-passkey',
      view: 'login',
      path: ROUTES.login,
      act: async (page) => void (await page.locator('.passkey-login .button').waitFor()),
    },
    {
      name: 'login-passkey-failed',
      view: 'login',
      path: ROUTES.login,
      // These pages are served from 127.0.0.1, not the relying party's localhost: the browser
      // refuses the ceremony, as it would refuse one for another site.
      act: async (page) => {
        await page.locator('.passkey-login .button').click();
        await page.locator('.passkey-login [role=alert]').waitFor();
      },
    },
  ];
}

/** The providers a server with two configured answers (the pictures need no provider running). */
/**
 * Two providers configured (the test server has none), and for a signed-in account its
 * connections (its own read): Work ID connected, with or without a password beside it.
 */
async function withProviders(page: Page, signedIn?: { hasPassword: boolean }) {
  await page.route(/\/v1\/api\/user\/oidc\/providers$/, (route) =>
    route.fulfill({
      json: {
        error: false,
        providers: [
          { id: 'work', name: 'Work ID' },
          { id: 'google', name: 'Google' },
        ],
      },
    }),
  );
  if (signedIn) {
    await page.route(/\/v1\/api\/user\/oidc\/connections$/, (route) =>
      route.fulfill({
        json: {
          error: false,
          connections: [
            {
              id: 'work',
              name: 'Work ID',
              email: 'dara@work.example',
              createdAt: '2026-11-02T09:30:00.000Z',
            },
          ],
          hasPassword: signedIn.hasPassword,
        },
      }),
    );
  }
  // The flow this tab started, as the buttons keep it: the return names its provider.
  await page.addInitScript(() =>
    sessionStorage.setItem('providerFlow', JSON.stringify({ provider: 'work', intent: 'login' })),
  );
}

/** The provider buttons, what a return says on the login view, and home's section of providers. */
function providerScenes(baseUrl: string): Scene[] {
  // A confirmation lasts ten minutes on its session: the confirmed scene has an account of its own.
  let own: Account | null = null;
  const ownSession = async () => {
    own = newAccount('screens-providers');
    return (await activatedAccount(baseUrl, own)).token;
  };
  const returnRefused = (code: string, status: number) => async (page: Page) => {
    await withProviders(page);
    await page.route(/\/v1\/api\/user\/oidc\/complete$/, (route) =>
      route.fulfill({ status, json: { error: true, code, message: code } }),
    );
  };
  const alertShown = async (page: Page) =>
    void (await page.locator('.provider-return[role=alert]').waitFor());
  return [
    {
      name: 'login-providers',
      view: 'login',
      path: ROUTES.login,
      prepare: (page) => withProviders(page),
      act: async (page) => void (await page.locator('.provider-sign-in__button').first().waitFor()),
    },
    {
      name: 'signup-providers',
      view: 'signup',
      path: ROUTES.signup,
      prepare: (page) => withProviders(page),
      act: async (page) => void (await page.locator('.provider-sign-in__button').first().waitFor()),
    },
    {
      name: 'login-provider-account-exists',
      view: 'login',
      path: `${ROUTES.login}?provider-handoff=picture-only`,
      prepare: returnRefused('ACCOUNT_EXISTS', 409),
      act: alertShown,
    },
    {
      name: 'login-provider-email-not-verified',
      view: 'login',
      path: `${ROUTES.login}?provider-handoff=picture-only`,
      prepare: returnRefused('EMAIL_NOT_VERIFIED', 400),
      act: alertShown,
    },
    {
      name: 'login-provider-cancelled',
      view: 'login',
      path: `${ROUTES.login}?provider-error=PROVIDER_CANCELLED`,
      prepare: (page) => withProviders(page),
      act: alertShown,
    },
    {
      // Not confirmed: the providers, connected or not, and the gate before their buttons.
      name: 'home-providers',
      view: 'home',
      path: homeSection('providers'),
      signedIn: true,
      prepare: (page) => withProviders(page, { hasPassword: false }),
      act: async (page) => void (await page.locator('.home-section__panel .confirm').waitFor()),
    },
    {
      // Confirmed, "Disconnect" pressed for the account's only way in.
      name: 'home-providers-last-way-in',
      view: 'home',
      path: homeSection('providers'),
      session: ownSession,
      prepare: async (page) => {
        await withProviders(page, { hasPassword: true });
        await page.route(/\/v1\/api\/user\/oidc\/work$/, (route) =>
          route.fulfill({
            status: 409,
            json: { error: true, code: 'LAST_WAY_IN', message: 'LAST_WAY_IN' },
          }),
        );
      },
      act: async (page) => {
        await confirmInSection(page, own!.password);
        const work = page.locator('.confirmed [data-provider=work]');
        await work.locator('.button--secondary').click();
        await work.locator('.button--danger').click();
        await work.locator('[role=alert]').waitFor();
      },
    },
  ];
}

/** A JSON call to the server, with the session's token. */
async function send(baseUrl: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(baseUrl + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** `npm run operator -- grant EMAIL` on the throwaway server's data. */
async function grantOperator(dataDir: string, email: string) {
  const config = loadConfig({ DATA_DIR: dataDir, DIST_DIR, LOG_LEVEL: 'silent' });
  const io = { out: () => {}, err: (line: string) => console.error(line) };
  if ((await runCommand(config, ['operator', 'grant', email], io)) !== 0) {
    throw new Error('the operator could not be granted');
  }
}

/**
 * The support console: an operator with two-step sign-in (confirmed by the API before each scene
 * that needs it), a member with a refused login and a sent log, and an operator with neither
 * second factor nor passkey.
 */
async function operatorScenes(baseUrl: string, dataDir: string): Promise<Scene[]> {
  const operator = newAccount('screens-operator');
  const session = await activatedAccount(baseUrl, operator);
  const { nextCode } = await secondFactorOn(baseUrl, session.token, operator.password);
  await grantOperator(dataDir, operator.email);
  const bare = newAccount('screens-bare-operator');
  const bareSession = await activatedAccount(baseUrl, bare);
  await grantOperator(dataDir, bare.email);
  const member = newAccount('screens-member');
  const memberSession = await activatedAccount(baseUrl, member);
  await send(baseUrl, 'POST', '/v1/api/user/login', { email: member.email, password: 'wrong one' });
  await send(baseUrl, 'POST', '/v1/api/user/login', { email: member.email, password: 'wrong two' });
  const sent = await sendLog(baseUrl, generatedLogText(12));
  const reference = sent.body.reference as string;
  let confirmedAt = 0;
  const confirmed = async () => {
    if (Date.now() - confirmedAt > 8 * 60_000) {
      const code = await nextCode();
      await send(
        baseUrl,
        'POST',
        '/v1/api/user/confirm',
        { password: operator.password, code },
        session.token,
      );
      confirmedAt = Date.now();
    }
    return session.token;
  };
  /** A new session of the operator, not confirmed: the login's two steps by the API. */
  const unconfirmed = async () => {
    const first = await send(baseUrl, 'POST', '/v1/api/user/login', {
      email: operator.email,
      password: operator.password,
    });
    const second = await send(baseUrl, 'POST', '/v1/api/user/login/second-factor', {
      ticket: (first.secondFactor as { ticket: string } | undefined)?.ticket,
      code: await nextCode(),
    });
    if (typeof second.token !== 'string') {
      throw new Error(`the operator's login: ${JSON.stringify([first.code, second.code])}`);
    }
    return second.token;
  };
  const userPath = `${ROUTES.operator}?user=${memberSession.user.id}`;
  const userShown = async (page: Page) => {
    await page.locator('.operator-summary').waitFor();
    await page.locator('.operator-timeline__event').first().waitFor();
  };
  return [
    {
      name: 'operator-confirm',
      view: 'operator',
      path: ROUTES.operator,
      session: unconfirmed,
      act: async (page) => void (await page.locator('.confirm input[name=code]').waitFor()),
    },
    {
      name: 'operator-set-up',
      view: 'operator',
      path: ROUTES.operator,
      session: () => Promise.resolve(bareSession.token),
      act: async (page) => void (await page.locator('.operator__setup').waitFor()),
    },
    {
      name: 'operator-search',
      view: 'operator',
      path: ROUTES.operator,
      session: confirmed,
      act: async (page) => {
        await page.locator('input[name=query]').fill('screens-');
        await page.locator('.operator-search [type=submit]').click();
        await page.locator('.operator-results__row').first().waitFor();
      },
    },
    { name: 'operator-user', view: 'operator', path: userPath, session: confirmed, act: userShown },
    {
      name: 'operator-user-lock-ask',
      view: 'operator',
      path: userPath,
      session: confirmed,
      act: async (page) => {
        await userShown(page);
        await page.locator('.operator-actions .button--danger').first().click();
        await page.locator('.operator-ask').waitFor();
      },
    },
    {
      name: 'operator-address',
      view: 'operator',
      path: `${ROUTES.operator}?panel=address`,
      session: confirmed,
      act: async (page) => {
        await page.locator('input[name=address]').fill('127.0.0.1');
        await page.locator('.operator-search [type=submit]').click();
        await page.locator('.operator-timeline__event').first().waitFor();
      },
    },
    {
      name: 'operator-reference',
      view: 'operator',
      path: `${ROUTES.operator}?panel=reference`,
      session: confirmed,
      act: async (page) => void (await page.locator('input[name=upload]').fill(reference)),
    },
  ];
}

/**
 * `npm run screenshots -- --only=login-second,home-two-step`: only the scenes whose name starts
 * with one of these (the waiting states left out).
 */
const ONLY = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

async function main() {
  ensureBuiltApp();
  if (process.argv.includes('replay')) {
    await replayOnly();
    return;
  }
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    const activated = newAccount('screens');
    const { token } = await activatedAccount(server.url, activated);
    const guarded = newAccount('screens-guarded');
    const guardedSession = await activatedAccount(server.url, guarded);
    await secondFactorOn(server.url, guardedSession.token, guarded.password);
    const consoleScenes =
      !ONLY || ONLY.some((start) => 'operator'.startsWith(start) || start.startsWith('operator'))
        ? await operatorScenes(server.url, server.dataDir)
        : [];
    let written = 0;
    for (const [size, options] of Object.entries(ONLY === undefined ? SIZES : {})) {
      for (const localeRef of LOCALES) {
        const dir = path.join(OUT_DIR, size, localeRef);
        fs.mkdirSync(dir, { recursive: true });
        for (const scene of WAITING_SCENES) {
          const context = await newVisitorContext(browser, server.url, { localeRef }, options);
          try {
            const page = await context.newPage();
            const release = await pictureWaiting(page, server.url, scene);
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            await page.screenshot({ path: path.join(dir, `${scene.name}.png`), fullPage: true });
            release();
            written += 1;
          } finally {
            await context.close();
          }
        }
      }
    }
    for (const [size, options] of Object.entries(SIZES)) {
      for (const localeRef of LOCALES) {
        // A fresh dormant account each round keeps the wrong codes under the per-code limit.
        const dormant = newAccount('dormant');
        await signUpOnly(server.url, dormant);
        const dir = path.join(OUT_DIR, size, localeRef);
        fs.mkdirSync(dir, { recursive: true });
        const all = [
          ...scenes(activated, dormant, server.url),
          ...twoStepScenes(guarded, server.url),
          ...passkeyScenes(server.url),
          ...providerScenes(server.url),
          ...consoleScenes,
        ];
        for (const scene of all.filter(
          (each) => !ONLY || ONLY.some((start) => each.name.startsWith(start)),
        )) {
          const session = scene.session ? await scene.session() : scene.signedIn ? token : null;
          const state: VisitorState = { localeRef, ...(session ? { token: session } : {}) };
          const context = await newVisitorContext(browser, server.url, state, options);
          try {
            const page = await context.newPage();
            await scene.prepare?.(page);
            await page.goto(server.url + scene.path);
            await view(page, scene.view).waitFor();
            await scene.act?.(page);
            await page.evaluate(() => document.fonts.ready.then(() => undefined));
            await page.screenshot({ path: path.join(dir, `${scene.name}.png`), fullPage: true });
            written += 1;
          } finally {
            await context.close();
          }
        }
      }
    }
    console.log(`Wrote ${written} screenshots under ${path.relative(process.cwd(), OUT_DIR)}/`);
  } finally {
    await browser.close();
    await server.dispose();
  }
}

/** `npm run screenshots -- replay`: the replay page alone, at both sizes, in both languages. */
async function replayOnly() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'screens-log-')), 'troubled.json');
  fs.writeFileSync(file, troubledLogText());
  const server = await startTestServer();
  const browser = await launchBrowser();
  try {
    for (const [size, options] of Object.entries(SIZES)) {
      for (const localeRef of LOCALES) {
        const dir = path.join(OUT_DIR, size, localeRef);
        fs.mkdirSync(dir, { recursive: true });
        const context = await newVisitorContext(browser, server.url, { localeRef }, options);
        try {
          const page = await context.newPage();
          await pictureReplay(page, server.url, file);
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          await page.screenshot({ path: path.join(dir, 'replay.png'), fullPage: true });
        } finally {
          await context.close();
        }
      }
    }
    console.log(
      `Wrote the replay page's screenshots under ${path.relative(process.cwd(), OUT_DIR)}/`,
    );
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    await browser.close();
    await server.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
