// replay.html as a tool for finding things, in Chromium: a session recorded through the views
// (with a mistyped password) lists its steps, the search finds the failed login, the keys move
// through the list, and a 10,000-action log opens and scrolls with only the rows in view.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { UnknownAction } from '@reduxjs/toolkit';
import type { Page } from 'playwright-core';

import { actionLogText } from '../../contract/action-log';
import { stateHash } from '../../store/actionLog/stateHash';
import { localeChanged } from '../../store/locale/localeSlice';
import { rootReducer } from '../../store/rootReducer';

import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, formAlert, logIn, openHelp, ROUTES } from '../../testing/browser/app';
import { DESKTOP } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

let directory: string;
let recordedFile: string;
let recordedActions: number;

/** An activated account logs in through the view with a wrong password, then the right one. */
async function recordSession(page: Page): Promise<string> {
  const account = newAccount('replay-page');
  await activatedAccount(suite.server.url, account);
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await logIn(page, account.email, `${account.password}-typo`);
  await formAlert(page).waitFor();
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');

  await openHelp(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download activity log' }).click(),
  ]);
  const file = path.join(directory, 'recorded.json');
  await download.saveAs(file);
  return file;
}

/** A log of `count` language switches, in the file format the app exports (contract/action-log.ts). */
function languageSwitches(count: number): string {
  const actions = Array.from({ length: count }, (_, index): UnknownAction =>
    localeChanged(index % 2 === 0 ? 'kh' : 'en'),
  );
  const preloaded = rootReducer(undefined, { type: '@@INIT' });
  let state = preloaded;
  const stateHashes = actions.map((action) => {
    state = rootReducer(state, action);
    return stateHash(state);
  });
  const start = Date.UTC(2026, 0, 1);
  return actionLogText({
    actionJsons: actions.map((action) => JSON.stringify(action)),
    preloadedStateJson: JSON.stringify(preloaded),
    timestamps: actions.map((_action, index) => start + index * 100),
    stateHashes,
  });
}

async function openReplay(page: Page, file: string) {
  await page.goto(`${suite.server.url}/replay.html`);
  await page.getByLabel('Open an action log').setInputFiles(file);
  const steps = page.getByRole('region', { name: 'Steps' });
  await steps.locator('[data-step]').first().waitFor();
  return {
    steps,
    slider: page.getByRole('slider', { name: 'Position in the log' }),
    search: steps.getByRole('searchbox', { name: 'Find a step' }),
    preview: page.getByRole('region', { name: 'The app in this state' }),
  };
}

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-page-'));
  const { page } = await suite.open();
  recordedFile = await recordSession(page);
  const file = JSON.parse(fs.readFileSync(recordedFile, 'utf8')) as { payload: string };
  recordedActions = (JSON.parse(file.payload) as unknown[]).length;
}, 120_000);

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

test('lists the recorded steps, and the search finds the failed login', async () => {
  const { page } = await suite.open();
  const { steps, slider, search, preview } = await openReplay(page, recordedFile);
  const lastIndex = recordedActions - 1;

  // One item per action, numbered like the replay command; the log opens on its last state.
  await steps.getByText(`${recordedActions} of ${recordedActions} steps`).waitFor();
  await expect(slider.getAttribute('aria-valuetext')).resolves.toBe(
    `After action #${lastIndex} (the last is #${lastIndex})`,
  );
  await steps.locator(`[data-step="${lastIndex}"] [aria-current="step"]`).waitFor();
  await expect(steps.locator(`[data-step="${lastIndex}"]`).textContent()).resolves.toMatch(
    new RegExp(`^#${lastIndex} \\+\\d+\\.\\d\\d s\\S`),
  );
  // A clean recording replays to the same hashes: no warning.
  await expect(page.locator('.replay-warning').count()).resolves.toBe(0);
  // The failure is marked on the slider too.
  await expect(page.locator('.replay-controls__mark').count()).resolves.toBe(1);

  await search.fill('FAILED');
  await steps.getByText(`1 of ${recordedActions} steps`).waitFor();
  const failed = steps.locator('[data-step]');
  await expect(failed.count()).resolves.toBe(1);
  await expect(failed.getAttribute('class')).resolves.toMatch(/\breplay-step--failed\b/);
  await expect(failed.textContent()).resolves.toMatch(
    /failedlogin FAILED 401 INVALID_CREDENTIALS \(\d+ ms\)$/,
  );
  const index = Number(await failed.getAttribute('data-step'));

  // Lower case finds it too, among the other login steps.
  await search.fill('login');
  await steps.locator(`[data-step="${index}"]`).waitFor();
  expect(await steps.locator('[data-step]').count()).toBeGreaterThanOrEqual(3);

  // A click moves to the state after the failed login: the login view with its error.
  await steps.locator(`[data-step="${index}"] button`).click();
  await expect(slider.inputValue()).resolves.toBe(String(index + 1));
  await steps.locator(`[data-step="${index}"] [aria-current="step"]`).waitFor();
  await preview.locator('[data-view="login"] [role="alert"]').waitFor();
  await page.getByText(`After action #${index} (the last is #${lastIndex})`).waitFor();

  // Arrow keys in the (cleared) list move one step; the slider keeps its own keys.
  await search.fill('');
  await steps.getByText(`${recordedActions} of ${recordedActions} steps`).waitFor();
  await steps.locator(`[data-step="${index}"] button`).focus();
  await page.keyboard.press('ArrowDown');
  await expect(slider.inputValue()).resolves.toBe(String(index + 2));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(slider.inputValue()).resolves.toBe(String(index));
  await steps.locator(`[data-step="${index - 1}"] button:focus`).waitFor();
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(slider.inputValue()).resolves.toBe(String(index + 1));
  await steps.locator(`[data-step="${index}"] [aria-current="step"]`).waitFor();

  // Home in the list goes to the first step, scrolled into view.
  await steps.locator(`[data-step="${index}"] button`).focus();
  await page.keyboard.press('Home');
  await expect(slider.inputValue()).resolves.toBe('1');
  await expect(steps.locator('[data-step="0"]').textContent()).resolves.toMatch(/^#0 \+0\.00 s/);
  await steps.locator('[data-step="0"] button:focus').waitFor();
});

test('opens a 10,000-action log and scrolls it with only the rows in view', async () => {
  const count = 10_000;
  const file = path.join(directory, 'long.json');
  fs.writeFileSync(file, languageSwitches(count));
  // A context of its own, without the suite's DOM watch.
  const context = await suite.browser.newContext(DESKTOP);
  try {
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/replay.html`);
    await page.getByLabel('Open an action log').waitFor();

    await page.getByLabel('Open an action log').setInputFiles(file);
    // It opens on its last state, with that step scrolled into view.
    await page.locator(`[data-step="${count - 1}"] [aria-current="step"]`).waitFor();

    await page.getByText(`After action #${count - 1} (the last is #${count - 1})`).waitFor();
    await expect(page.locator('.replay-warning').count()).resolves.toBe(0);
    const rendered = await page.locator('[data-step]').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);

    // From the top to the bottom, five viewports a frame: each frame renders a new window.
    const scroll = await page.evaluate(async () => {
      const viewport = document.querySelector<HTMLElement>('.replay-steps__viewport')!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      /** Whether step `index` is rendered within a few frames (no timing is asserted). */
      const shows = async (index: number) => {
        for (let tries = 0; tries < 10; tries += 1) {
          if (document.querySelector(`[data-step="${index}"]`)) return true;
          await frame();
        }
        return false;
      };
      viewport.scrollTop = 0;
      await frame();
      const atTop = await shows(0);
      let most = 0;
      while (viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1) {
        viewport.scrollTop += 5 * viewport.clientHeight;
        await frame();
        most = Math.max(most, document.querySelectorAll('[data-step]').length);
      }
      const atBottom = await shows(9999);
      return { most, atTop, atBottom };
    });
    expect(scroll.atTop).toBe(true);
    expect(scroll.atBottom).toBe(true);
    expect(scroll.most).toBeLessThan(100);

    // The search reaches any step by its index.
    await page.getByRole('searchbox', { name: 'Find a step' }).fill('#5000');
    await page.getByText(`1 of ${count} steps`).waitFor();
    await expect(page.locator('[data-step]').count()).resolves.toBe(1);

    // How fast it opens and scrolls is `npm run bench -- replayPage`'s figure, not a test.
  } finally {
    await context.close();
  }
}, 60_000);
