// The app on a slow phone network in Chromium, with the DevTools protocol's emulation
// (150 ms round trip, 1.6 Mbps down, 4x CPU slowdown): a cold load to the first usable /login
// form, and in-app navigation from click to the new view beside the verify round trip alone.
import fs from 'node:fs';

import type { Browser, Page } from 'playwright-core';

import { launchChromium } from '../../testing/browser/chromium';
import { CLICK_TO_PAINT, VERIFY_ALONE, type NavigationTiming } from '../navigation/pageScripts';
import { RECORD_USABLE_FORM, USABLE_FORM_MESSAGE } from '../navigation/usableForm';
import { ms, percentile, type Row } from '../table';
import { benchServer } from './benchServer';
import { build } from './build';

const COLD_LOADS = 9;
const NAVIGATIONS = 40;
const SLOW = {
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (0.75 * 1_000_000) / 8,
  cpuSlowdown: 4,
};

const spread = (values: number[]) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;

async function emulateSlowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW.latency,
    downloadThroughput: SLOW.downloadThroughput,
    uploadThroughput: SLOW.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
}

/** A fresh context each time: nothing cached, nothing stored. */
async function coldLoad(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await context.addInitScript(`(${RECORD_USABLE_FORM})()`);
    const page = await context.newPage();
    await emulateSlowPhone(page);
    const said = page.waitForEvent('console', {
      predicate: (message) => message.text().startsWith(`${USABLE_FORM_MESSAGE} `),
      timeout: 60_000,
    });
    await page.goto(`${url}/login`, { waitUntil: 'commit' });
    return Number((await said).text().slice(USABLE_FORM_MESSAGE.length + 1));
  } finally {
    await context.close();
  }
}

async function navigations(page: Page) {
  const navigation: NavigationTiming[] = [];
  const verify: number[] = [];
  for (let i = 0; i < NAVIGATIONS; i += 1) {
    const href = i % 2 === 0 ? '/signup' : '/login';
    navigation.push(await page.evaluate<NavigationTiming>(`(${CLICK_TO_PAINT})("${href}")`));
    verify.push(await page.evaluate<number>(`(${VERIFY_ALONE})()`));
  }
  return { total: navigation.map((n) => n.total), verify };
}

async function navigationsOn(browser: Browser, url: string, slow: boolean) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    if (slow) await emulateSlowPhone(page);
    await page.goto(`${url}/login`);
    await page.waitForSelector('main[aria-busy="false"] [data-view="login"]', { timeout: 60_000 });
    return await navigations(page);
  } finally {
    await context.close();
  }
}

function navigationRows(
  label: string,
  run: { total: number[]; verify: number[] },
  target?: number,
) {
  const section = 'slowNetwork';
  const overhead = percentile(run.total, 95) - percentile(run.verify, 95);
  return [
    { section, figure: `${label} click to view p50 / p95`, value: spread(run.total) },
    { section, figure: `${label} verify alone p50 / p95`, value: spread(run.verify) },
    {
      section,
      figure: `${label} p95 navigation - verify`,
      value: ms(overhead),
      ...(target === undefined ? {} : { target: `< ${target} ms`, met: overhead < target }),
    },
  ];
}

export async function benchSlowNetwork(): Promise<Row[]> {
  const { dir: dist } = await build();
  const bench = await benchServer({}, dist);
  const browser = await launchChromium();
  try {
    const url = bench.server.url;
    const loads: number[] = [];
    for (let i = 0; i < COLD_LOADS; i += 1) loads.push(await coldLoad(browser, url));
    const slow = await navigationsOn(browser, url, true);
    const fast = await navigationsOn(browser, url, false);
    const section = 'slowNetwork';
    const firstForm = percentile(loads, 50);
    return [
      {
        section,
        figure: 'cold /login to usable form p50 / max',
        value: `${ms(firstForm)} / ${ms(Math.max(...loads))}`,
        target: '< 1800 ms',
        met: firstForm < 1800,
      },
      ...navigationRows('slow:', slow),
      ...navigationRows('unthrottled:', fast, 16),
    ];
  } finally {
    await browser.close();
    await bench.close();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
