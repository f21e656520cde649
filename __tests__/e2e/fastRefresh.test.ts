// `npm run dev` with Fast Refresh: a view edit shows in place, and listener and slice edits reach
// the running store, without a reload, with typed text, the store and its action log kept.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';

import { field } from '../../testing/browser/app';
import { DESKTOP, launchBrowser } from '../../testing/browser/browser';
import { startDevServer, type DevServer } from '../../testing/browser/devServer';
import { startTestServer, type TestServer } from '../../testing/browser/server';
import { REPO_ROOT, startTogether } from '../../testing/processes';

jest.setTimeout(240_000);

const VIEW_FILE = path.join(REPO_ROOT, 'features/login/LoginView.tsx');
const LISTENER_FILE = path.join(REPO_ROOT, 'store/locale/localeListeners.ts');
const SLICE_FILE = path.join(REPO_ROOT, 'store/locale/localeSlice.ts');

let api: TestServer;
let dev: DevServer;
let browser: Browser;

beforeAll(async () => {
  api = await startTestServer();
  await startTogether([
    startDevServer(api.url).then((started) => (dev = started)),
    launchBrowser().then((launched) => (browser = launched)),
  ]);
}, 200_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await api?.dispose();
});

/** Rewrites `file` with `edit` applied, runs `check`, and puts the original text back. */
async function withEdit(file: string, edit: (text: string) => string, check: () => Promise<void>) {
  const original = fs.readFileSync(file, 'utf8');
  const edited = edit(original);
  expect(edited).not.toBe(original);
  try {
    fs.writeFileSync(file, edited);
    await check();
  } finally {
    fs.writeFileSync(file, original);
  }
}

/** Resolves when the page's HMR client says an update naming `moduleName` is applied. */
function hotUpdateOf(page: Page, moduleName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let named = false;
    const onConsole = (message: { text(): string }) => {
      const text = message.text();
      if (text.includes(moduleName)) named = true;
      if (named && text.includes('[HMR] App is up to date')) done();
    };
    const onLoad = () => done(new Error(`The page reloaded instead of swapping ${moduleName}.`));
    const done = (error?: Error) => {
      page.off('console', onConsole);
      page.off('load', onLoad);
      if (error) reject(error);
      else resolve();
    };
    page.on('console', onConsole);
    page.on('load', onLoad);
  });
}

interface PageMarks {
  documentLoads: number;
}

async function markPage(page: Page): Promise<PageMarks> {
  const marks = { documentLoads: 0 };
  page.on('load', () => (marks.documentLoads += 1));
  await page.evaluate(() => {
    const marked = window as unknown as { devMark: string; logAtStart: unknown };
    marked.devMark = 'still the same document';
    marked.logAtStart = window.actionLog;
  });
  return marks;
}

function sameDocumentAndStore(page: Page) {
  return page.evaluate(() => {
    const marked = window as unknown as { devMark?: string; logAtStart?: unknown };
    return {
      mark: marked.devMark,
      sameActionLog: marked.logAtStart === window.actionLog,
      loads: performance.getEntriesByType('navigation').length,
    };
  });
}

it('keeps typed text, the document and the store across view, listener and slice edits', async () => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${dev.url}/login`);
  await page.locator('[data-view="login"]').waitFor();
  await field(page, 'email').fill('typed.before.edit@example.com');
  const marks = await markPage(page);
  const actionsBefore = (await page.evaluate(() => JSON.parse(window.actionLog.export()))).payload;

  const nonce = `hot-${Date.now().toString(36)}`;
  await withEdit(
    VIEW_FILE,
    (text) =>
      text.replace(
        "{t('login.noAccount')} <Link",
        `{t('login.noAccount')} <span data-hot-edit>${nonce}</span> <Link`,
      ),
    async () => {
      await page.locator('[data-hot-edit]').filter({ hasText: nonce }).waitFor();
      expect(await field(page, 'email').inputValue()).toBe('typed.before.edit@example.com');
      expect(await sameDocumentAndStore(page)).toEqual({
        mark: 'still the same document',
        sameActionLog: true,
        loads: 1,
      });
    },
  );
  await page.locator('[data-hot-edit]').waitFor({ state: 'detached' });

  const listenerSwapped = hotUpdateOf(page, 'localeListeners');
  await withEdit(
    LISTENER_FILE,
    (text) =>
      text.replace(
        'extra.storage.setItem(STORAGE_KEYS.locale, payload);',
        `extra.storage.setItem(STORAGE_KEYS.locale, payload);\n        extra.storage.setItem('${nonce}', payload);`,
      ),
    async () => {
      await listenerSwapped;
      await page.getByRole('button', { name: 'ខ្មែរ' }).click();
      await page.waitForFunction((key) => localStorage.getItem(key) === 'kh', nonce);
      expect(await page.evaluate(() => localStorage.getItem('localeRef'))).toBe('kh');
      expect(await field(page, 'email').inputValue()).toBe('typed.before.edit@example.com');
      const log = JSON.parse(await page.evaluate(() => window.actionLog.export()));
      expect(JSON.parse(log.payload).length).toBeGreaterThan(JSON.parse(actionsBefore).length);
      expect(await sameDocumentAndStore(page)).toEqual({
        mark: 'still the same document',
        sameActionLog: true,
        loads: 1,
      });
    },
  );

  // A slice edit: the running store takes the new reducer, which here refuses English.
  const sliceSwapped = hotUpdateOf(page, 'localeSlice');
  await withEdit(
    SLICE_FILE,
    (text) =>
      text.replace(
        'state.current = decodeLocale(action.payload);',
        "state.current = action.payload === 'en' ? 'kh' : decodeLocale(action.payload);",
      ),
    async () => {
      await sliceSwapped;
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('km');
      await page.getByRole('button', { name: 'English' }).click();
      await page.waitForFunction(() => localStorage.getItem('localeRef') === 'en');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('km');
      expect(await field(page, 'email').inputValue()).toBe('typed.before.edit@example.com');
      expect(await sameDocumentAndStore(page)).toEqual({
        mark: 'still the same document',
        sameActionLog: true,
        loads: 1,
      });
    },
  );
  expect(marks.documentLoads).toBe(0);
  await context.close();
});

it('keeps typed text and the document across a syntax error and its fix', async () => {
  const context = await browser.newContext(DESKTOP);
  const page = await context.newPage();
  await page.goto(`${dev.url}/login`);
  await page.locator('[data-view="login"]').waitFor();
  await field(page, 'email').fill('typed.before.error@example.com');
  const marks = await markPage(page);
  const reported = new Promise<void>((resolve) => {
    page.on('console', (message) => {
      if (/Errors while compiling/.test(message.text())) resolve();
    });
  });

  const nonce = `fixed-${Date.now().toString(36)}`;
  await withEdit(
    VIEW_FILE,
    (text) => `${text}\nexport const broken = ;\n`,
    async () => {
      await reported;
      // The fix, with a mark that shows it arrived.
      const original = fs
        .readFileSync(VIEW_FILE, 'utf8')
        .replace('\nexport const broken = ;\n', '');
      fs.writeFileSync(
        VIEW_FILE,
        original.replace(
          "{t('login.noAccount')} <Link",
          `{t('login.noAccount')} <span data-hot-edit>${nonce}</span> <Link`,
        ),
      );
      await page.locator('[data-hot-edit]').filter({ hasText: nonce }).waitFor();
      expect(await field(page, 'email').inputValue()).toBe('typed.before.error@example.com');
      expect(await sameDocumentAndStore(page)).toEqual({
        mark: 'still the same document',
        sameActionLog: true,
        loads: 1,
      });
    },
  );
  await page.locator('[data-hot-edit]').waitFor({ state: 'detached' });
  expect(marks.documentLoads).toBe(0);
  await context.close();
});
