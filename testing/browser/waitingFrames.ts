// Samples the page on every animation frame, from the document's first byte: what the main
// area shows, whether it is marked busy, and the waiting indicators.
import type { BrowserContext, Page } from 'playwright-core';

export interface FrameSample {
  /** `performance.now()` of the frame. */
  at: number;
  path: string;
  /**
   * False while the parser has not yet reached the main area (no body, or a body still being
   * parsed): the browser has only its background to show, before any of the page's code runs.
   */
  painted: boolean;
  view: string | null;
  loading: boolean;
  busy: string | null;
  inert: boolean;
  progress: boolean;
  slow: boolean;
  guestForm: boolean;
}

declare global {
  interface Window {
    __frames?: FrameSample[];
  }
}

function recordFrames() {
  const frames: FrameSample[] = [];
  window.__frames = frames;
  // A form with a guest field in any view but home (whose own forms ask for a password too).
  const GUEST_FORM =
    '[data-view]:not([data-view="home"]) form:has(input[name=email], input[name=password], input[name=code])';
  const sample = (at: number) => {
    const main = document.querySelector('main');
    frames.push({
      at,
      path: location.pathname,
      painted: document.body !== null && (main !== null || document.readyState !== 'loading'),
      view: main?.querySelector('[data-view]')?.getAttribute('data-view') ?? null,
      loading: main?.querySelector('[data-loading]') !== null && main !== null,
      busy: main?.getAttribute('aria-busy') ?? null,
      inert: main?.querySelector('.app-main__view')?.hasAttribute('inert') ?? false,
      progress: document.querySelector('[role=progressbar]') !== null,
      slow: document.querySelector('.wait-slow') !== null,
      guestForm: main?.querySelector(GUEST_FORM) != null,
    });
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

export async function installFrameRecorder(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordFrames);
}

/** The frames sampled so far; `since` drops the earlier ones (a `performance.now()` value). */
export async function framesSince(page: Page, since = 0): Promise<FrameSample[]> {
  const frames = await page.evaluate(() => window.__frames ?? []);
  return frames.filter((frame) => frame.at >= since);
}

export const pageNow = (page: Page) => page.evaluate(() => performance.now());

/** A frame in which the page is painted but its main area shows neither a view nor a loading card. */
export const isBlank = (frame: FrameSample) => frame.painted && !frame.view && !frame.loading;
