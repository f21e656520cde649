// Waiting for the check before a navigation, sampled on every animation frame with a verify
// call held back by the browser: the main area is never blank, it is marked busy from the first
// frame of the navigation, and no frame shows a view the visitor may not see.
import type { Page } from 'playwright-core';

import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, ROUTES } from '../../testing/browser/app';
import { DESKTOP } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import {
  framesSince,
  installFrameRecorder,
  isBlank,
  pageNow,
  type FrameSample,
} from '../../testing/browser/waitingFrames';

const suite = setUpBrowserSuite();
const HELD_MS = 900;
const SLOW_MS = 5600;

/** Holds every verify call back by the current `hold.ms` before it goes to the server. */
async function holdVerify(page: Page) {
  const hold = { ms: 0 };
  await page.route('**/v1/api/user/verify', async (route) => {
    const ms = hold.ms;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
  return hold;
}

async function visitor(
  state: { token?: string; localeRef?: string } = {},
  options: Parameters<typeof suite.open>[1] = DESKTOP,
) {
  const opened = await suite.open(state, options);
  await installFrameRecorder(opened.context);
  const hold = await holdVerify(opened.page);
  return { ...opened, hold };
}

function expectNoBlankFrame(frames: FrameSample[]) {
  expect(frames.filter((frame) => frame.painted).length).toBeGreaterThan(0);
  expect(frames.filter(isBlank)).toEqual([]);
}

/** The frames from the first one on `path` to the first one showing `view` (excluded). */
function waitingFrames(frames: FrameSample[], path: string, view: string) {
  const start = frames.findIndex((frame) => frame.path === path);
  const end = frames.findIndex((frame, index) => index > start && frame.view === view);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  return { waiting: frames.slice(start, end), after: frames.slice(end) };
}

function expectSettledFrames(frames: FrameSample[], view: string) {
  expect(frames.length).toBeGreaterThan(0);
  for (const frame of frames) {
    expect(frame).toMatchObject({
      view,
      busy: 'false',
      inert: false,
      progress: false,
      slow: false,
    });
  }
}

/** A progress bar during the wait, never in its first frame, before the view swaps in. */
function expectProgressLater(waiting: FrameSample[]) {
  expect(waiting[0]!.progress).toBe(false);
  expect(waiting.some((frame) => frame.progress)).toBe(true);
  const first = waiting.findIndex((frame) => frame.progress);
  expect(waiting.slice(first).every((frame) => frame.progress)).toBe(true);
}

async function settledGuestOnLogin() {
  const opened = await visitor();
  await opened.page.goto(suite.server.url + ROUTES.login);
  await expectView(opened.page, 'login');
  return opened;
}

test('a first load shows a loading card, busy, then the form; never a blank frame', async () => {
  const { page, hold } = await visitor();
  hold.ms = HELD_MS;

  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await page.waitForTimeout(50);

  const frames = await framesSince(page);
  expectNoBlankFrame(frames);
  const { waiting, after } = waitingFrames(frames, ROUTES.login, 'login');
  const painted = waiting.filter((frame) => frame.painted);
  expect(painted.length).toBeGreaterThan(0);
  for (const frame of painted) {
    expect(frame).toMatchObject({ view: null, loading: true, busy: 'true', guestForm: false });
  }
  expectProgressLater(painted);
  expectSettledFrames(after, 'login');
});

test('an in-app link keeps the last view, busy and inert, from the first frame until the next', async () => {
  const { page, hold } = await settledGuestOnLogin();
  hold.ms = HELD_MS;
  const since = await pageNow(page);

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expectView(page, 'signup');
  await page.waitForTimeout(50);

  const frames = await framesSince(page, since);
  expectNoBlankFrame(frames);
  const { waiting, after } = waitingFrames(frames, ROUTES.signup, 'signup');
  for (const frame of waiting) {
    expect(frame).toMatchObject({ view: 'login', busy: 'true', inert: true, loading: false });
  }
  expectProgressLater(waiting);
  expectSettledFrames(after, 'signup');
});

test('browser back keeps the view it leaves, busy, until the one it returns to', async () => {
  const { page, hold } = await settledGuestOnLogin();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expectView(page, 'signup');
  hold.ms = HELD_MS;
  const since = await pageNow(page);

  await page.goBack();
  await expectView(page, 'login');
  await page.waitForTimeout(50);

  const frames = await framesSince(page, since);
  expectNoBlankFrame(frames);
  const { waiting, after } = waitingFrames(frames, ROUTES.login, 'login');
  for (const frame of waiting) {
    expect(frame).toMatchObject({ view: 'signup', busy: 'true', inert: true });
  }
  expectProgressLater(waiting);
  expectSettledFrames(after, 'login');
});

test('a signed-in visitor sent away from a guest route never sees a guest form', async () => {
  const { token } = await activatedAccount(suite.server.url, newAccount('waiting'));
  const { page, hold } = await visitor({ token });
  hold.ms = HELD_MS;

  await page.goto(suite.server.url + ROUTES.signup);
  await expectView(page, 'home');
  await page.waitForTimeout(50);

  const frames = await framesSince(page);
  expectNoBlankFrame(frames);
  expect(frames.filter((frame) => frame.guestForm)).toEqual([]);
  expect(new Set(frames.map((frame) => frame.view))).toEqual(new Set([null, 'home']));
  const { waiting, after } = waitingFrames(frames, ROUTES.signup, 'home');
  expect(waiting.filter((frame) => frame.painted).every((frame) => frame.loading)).toBe(true);
  expect(waiting.some((frame) => frame.path === ROUTES.home)).toBe(true);
  expectProgressLater(waiting.filter((frame) => frame.painted));
  expectSettledFrames(after, 'home');
});

test('a guest whose session ended elsewhere never keeps seeing home', async () => {
  const account = newAccount('waiting-revoked');
  const { token } = await activatedAccount(suite.server.url, account);
  const { page, hold } = await visitor({ token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');
  await page.evaluate(() => localStorage.setItem('token', 'revoked-elsewhere'));
  hold.ms = HELD_MS;

  // Frames before the navigation rightly show home settled: count from the navigation itself.
  const since = await page.evaluate(() => {
    history.pushState(null, '', '/login');
    dispatchEvent(new PopStateEvent('popstate'));
    return performance.now();
  });
  await expectView(page, 'login');
  await page.waitForTimeout(50);

  const frames = await framesSince(page, since);
  expectNoBlankFrame(frames);
  const { waiting } = waitingFrames(frames, ROUTES.login, 'login');
  expect(waiting.every((frame) => frame.view === 'home' && frame.busy === 'true')).toBe(true);
  expect(frames.filter((frame) => frame.view === 'home' && frame.busy !== 'true')).toEqual([]);
});

test.each([
  ['en', 'The server is slow to answer'],
  ['kh', 'ម៉ាស៊ីនមេកំពុងឆ្លើយតបយឺត'],
])('past 5 s the visitor reads, in %s, that the server is slow', async (localeRef, words) => {
  const { page, hold } = await visitor({ localeRef });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  hold.ms = SLOW_MS;
  const since = await pageNow(page);

  await page.locator('a[href="/signup"]').first().click();
  await page.getByRole('status').filter({ hasText: words }).waitFor();
  expect(await page.locator('main').getAttribute('aria-busy')).toBe('true');
  await expectView(page, 'signup');
  await page.waitForTimeout(50);

  const frames = await framesSince(page, since);
  expectNoBlankFrame(frames);
  const { waiting, after } = waitingFrames(frames, ROUTES.signup, 'signup');
  const firstSlow = waiting.findIndex((frame) => frame.slow);
  const firstProgress = waiting.findIndex((frame) => frame.progress);
  expect(firstProgress).toBeGreaterThan(0);
  expect(firstSlow).toBeGreaterThan(firstProgress);
  expect(waiting.slice(firstSlow).every((frame) => frame.slow && frame.view === 'login')).toBe(
    true,
  );
  expectSettledFrames(after, 'signup');
});

test.each([
  ['no-preference', 'wait-bar-slide'],
  ['reduce', 'none'],
] as const)(
  'with prefers-reduced-motion: %s the bar moves accordingly',
  async (motion, animation) => {
    const { page, hold } = await visitor({}, { ...DESKTOP, reducedMotion: motion });
    hold.ms = HELD_MS;
    await page.goto(suite.server.url + ROUTES.login);
    await page.getByRole('progressbar').waitFor();

    const names = await page.evaluate(() =>
      ['.wait-bar__fill', '.loading-card__line'].map(
        (selector) => getComputedStyle(document.querySelector(selector)!).animationName,
      ),
    );
    expect(names[0]).toBe(animation);
    expect(names[1]).toBe(motion === 'reduce' ? 'none' : 'loading-pulse');
    await expectView(page, 'login');
  },
);
