// The official remote Redux DevTools UI (`npm run devtools`) driving the app under `npm run dev`
// with REMOTE_DEVTOOLS, in Chromium: the app on a phone-sized screen, the UI beside it.
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { startDevToolsServer, type DevToolsServer } from '../../scripts/devtools/server';

import { newAccount, waitForCode } from '../../testing/browser/api';
import {
  expectView,
  field,
  ROUTES,
  signUpThroughForm,
  submitButton,
  view,
} from '../../testing/browser/app';
import { DESKTOP, launchBrowser, PHONE } from '../../testing/browser/browser';
import { startDevServer, type DevServer } from '../../testing/browser/devServer';
import { startTestServer, type TestServer } from '../../testing/browser/server';
import { startTogether } from '../../testing/processes';

jest.setTimeout(240_000);

let api: TestServer;
let devtools: DevToolsServer;
let dev: DevServer;
let browser: Browser;
let contexts: BrowserContext[] = [];
/** Every frame of the DevTools sockets (UI and app), both ways. */
const socketFrames: string[] = [];

beforeAll(async () => {
  await startTogether([
    startTestServer().then((started) => (api = started)),
    startDevToolsServer(0).then((started) => (devtools = started)),
    launchBrowser().then((launched) => (browser = launched)),
  ]);
  dev = await startDevServer(api.url, { REMOTE_DEVTOOLS: `localhost:${devtools.port}` });
}, 230_000);

afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await devtools?.close();
  await api?.dispose();
});

function recordSocketFrames(page: Page) {
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socketcluster/')) return;
    socket.on('framesent', ({ payload }) => socketFrames.push(String(payload)));
    socket.on('framereceived', ({ payload }) => socketFrames.push(String(payload)));
  });
}

/** Counts every storage and cookie write the page makes, from its first script on. */
function watchWrites() {
  const writes: string[] = [];
  (window as unknown as { pageWrites: string[] }).pageWrites = writes;
  for (const method of ['setItem', 'removeItem', 'clear'] as const) {
    const original = Storage.prototype[method] as (...args: unknown[]) => unknown;
    Storage.prototype[method] = function (this: Storage, ...args: unknown[]) {
      writes.push(`${method} ${String(args[0])}`);
      return original.apply(this, args);
    } as never;
  }
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => cookie.get!.call(document),
    set: (value: string) => {
      writes.push(`cookie ${value.split('=')[0]}`);
      cookie.set!.call(document, value);
    },
  });
}

interface AppPage {
  page: Page;
  requests: string[];
}

async function openApp(path: string): Promise<AppPage> {
  const context = await browser.newContext(PHONE);
  contexts.push(context);
  await context.addInitScript(watchWrites);
  const page = await context.newPage();
  recordSocketFrames(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/v1/')) requests.push(request.url());
  });
  await page.goto(`${dev.url}${path}`);
  return { page, requests };
}

async function openDevTools(): Promise<Page> {
  const context = await browser.newContext(DESKTOP);
  contexts.push(context);
  const page = await context.newPage();
  recordSocketFrames(page);
  await page.goto(devtools.url);
  return page;
}

/** What may not change when the UI moves through history. */
async function sideEffects(app: AppPage) {
  return {
    requests: app.requests.length,
    writes: await app.page.evaluate(
      () => (window as unknown as { pageWrites: string[] }).pageWrites.length,
    ),
    historyLength: await app.page.evaluate(() => history.length),
    recordedActions: await app.page.evaluate(
      () => JSON.parse(JSON.parse(window.actionLog.export()).payload).length as number,
    ),
  };
}

/** The UI's rows, in order: action id and shown type. */
async function rows(ui: Page): Promise<{ id: number; type: string }[]> {
  return ui.locator('[data-id]').evaluateAll((elements) =>
    elements.map((element) => ({
      id: Number(element.getAttribute('data-id')),
      type: element.firstElementChild?.textContent ?? '',
    })),
  );
}

async function rowButton(ui: Page, id: number, label: 'Jump' | 'Skip') {
  const row = ui.locator(`[data-id="${id}"]`);
  await row.hover();
  await row.locator('[data-isselectorbutton]', { hasText: label }).click();
}

/** Waits for `name` to be on screen with its own URL in the address bar. */
async function expectAt(app: Page, name: 'signup' | 'activation' | 'home') {
  await view(app, name).waitFor();
  await app.waitForFunction((expected) => location.pathname === expected, ROUTES[name]);
  await expectView(app, name);
}

it('jumps and skips from the official UI move the view and URL, and touch nothing else', async () => {
  const ui = await openDevTools();
  const app = await openApp('/signup');
  await expectView(app.page, 'signup');
  const account = newAccount('devtools');
  await signUpThroughForm(app.page, account);
  await expectView(app.page, 'activation');
  const code = await waitForCode(api.url, account.email);
  await field(app.page, 'code').fill(code);
  await field(app.page, 'password').fill(account.password);
  await submitButton(app.page).click();
  await expectView(app.page, 'home');
  const token = await app.page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  await app.page.getByRole('button', { name: 'ខ្មែរ' }).click();
  await app.page.waitForFunction(() => document.documentElement.lang === 'km');

  await ui.locator('[data-id]', { hasText: 'locale/changed' }).waitFor();
  const shown = await rows(ui);
  const types = shown.map((row) => row.type);
  expect(types).toEqual(
    expect.arrayContaining(['api/signup/fulfilled', 'api/verifyAccount/fulfilled']),
  );
  expect(types.some((type) => type.includes('execute'))).toBe(false);
  const before = await sideEffects(app);

  // Each settled navigation: the sign-up view, then the activation view, then home.
  const settledAsGuest = shown.filter((row) => row.type === 'auth/tokenRejected');
  expect(settledAsGuest).toHaveLength(2);
  await rowButton(ui, settledAsGuest[0]!.id, 'Jump');
  await expectAt(app.page, 'signup');
  expect(await sideEffects(app)).toEqual(before);

  await rowButton(ui, settledAsGuest[1]!.id, 'Jump');
  await expectAt(app.page, 'activation');
  expect(new URL(app.page.url()).searchParams.get('email')).toBe(account.email);
  expect(await sideEffects(app)).toEqual(before);

  const last = shown[shown.length - 1]!;
  await rowButton(ui, last.id, 'Jump');
  await expectAt(app.page, 'home');
  await app.page.waitForFunction(() => document.documentElement.lang === 'km');
  expect(await sideEffects(app)).toEqual(before);

  // Skipping the language change shows the same home in English; no localeRef write.
  const languageChange = shown.find((row) => row.type === 'locale/changed')!;
  await rowButton(ui, languageChange.id, 'Skip');
  await app.page.waitForFunction(() => document.documentElement.lang === 'en');
  await expectAt(app.page, 'home');
  expect(await sideEffects(app)).toEqual(before);
  expect(await app.page.evaluate(() => localStorage.getItem('localeRef'))).toBe('kh');

  const traffic = socketFrames.join('\n');
  expect(traffic).toContain('api/verifyAccount/fulfilled');
  for (const secret of [account.password, code, token!]) expect(traffic).not.toContain(secret);
});

it('imports an exported log from the UI and shows its last state, with no request or write', async () => {
  const recorded = await openApp('/signup');
  const account = newAccount('devtools-import');
  await expectView(recorded.page, 'signup');
  await signUpThroughForm(recorded.page, account);
  await expectView(recorded.page, 'activation');
  const exported = await recorded.page.evaluate(() => window.actionLog.export());
  await recorded.page.context().close();
  contexts = contexts.filter((context) => context !== recorded.page.context());

  const ui = await openDevTools();
  const app = await openApp('/login');
  await expectView(app.page, 'login');
  await ui.locator('[data-id]', { hasText: 'router/locationChanged' }).first().waitFor();
  // The login view settles once the email field's passkey offer is open, where the browser makes
  // one: its options request goes out first, and on a busy machine after the view shows.
  await ui.locator('[data-id]', { hasText: 'passkeys/supportChecked' }).waitFor();
  const offersPasskeys = await app.page.evaluate(
    async () => (await window.PublicKeyCredential?.isConditionalMediationAvailable?.()) === true,
  );
  if (offersPasskeys) {
    await ui.locator('[data-id]', { hasText: 'passkeys/ceremonyStarted' }).waitFor();
  }
  const before = await sideEffects(app);

  await ui.locator('input[type=file]').setInputFiles({
    name: 'actions.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  });
  await expectAt(app.page, 'activation');
  await ui.locator('[data-id]', { hasText: 'api/signup/fulfilled' }).waitFor();
  expect(await sideEffects(app)).toEqual(before);
  expect(socketFrames.join('\n')).not.toContain(account.password);
});
