// Browser contexts for the tests' visitors, on Debian's Chromium (chromium.ts).
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

import { launchChromium } from './chromium';

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

/** The narrowest phones in common use (360 px wide), where every view must still fit. */
export const PHONE_360: BrowserContextOptions = {
  ...PHONE,
  viewport: { width: 360, height: 780 },
};

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export interface VisitorState {
  /** The session token, as the app keeps it in local storage. */
  token?: string;
  /** The raw `localeRef` value, valid or not. */
  localeRef?: string;
}

/** A fresh context whose local storage already holds what a returning visitor would have. */
export function newVisitorContext(
  browser: Browser,
  origin: string,
  state: VisitorState = {},
  options: BrowserContextOptions = DESKTOP,
): Promise<BrowserContext> {
  const localStorage = [
    ...(state.token === undefined ? [] : [{ name: 'token', value: state.token }]),
    ...(state.localeRef === undefined ? [] : [{ name: 'localeRef', value: state.localeRef }]),
  ];
  return browser.newContext({
    ...options,
    storageState: { cookies: [], origins: [{ origin, localStorage }] },
  });
}
