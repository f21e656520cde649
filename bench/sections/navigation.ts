// In-app navigations in headless Chromium against the real server: click to new view painted,
// beside the verify round trip alone, measured in the same page.
import fs from 'node:fs';

import { launchChromium } from '../../testing/browser/chromium';
import { CLICK_TO_PAINT, VERIFY_ALONE, type NavigationTiming } from '../navigation/pageScripts';
import { ms, percentile, type Row } from '../table';
import { benchServer } from './benchServer';
import { build } from './build';

const NAVIGATIONS = 100;

const spread = (values: number[]) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;

function rows(navigation: NavigationTiming[], verify: number[]): Row[] {
  const section = 'navigation';
  const total = navigation.map((n) => n.total);
  const overhead = percentile(total, 95) - percentile(verify, 95);
  return [
    { section, figure: 'click to paint p50 / p95', value: spread(total) },
    { section, figure: 'verify alone p50 / p95', value: spread(verify) },
    {
      section,
      figure: 'p95 navigation - verify',
      value: ms(overhead),
      target: '< 25 ms',
      met: overhead < 25,
    },
    {
      section,
      figure: '  click to verify sent p50 / p95',
      value: spread(navigation.map((n) => n.toRequest)),
    },
    {
      section,
      figure: '  verify in navigation p50 / p95',
      value: spread(navigation.map((n) => n.request)),
    },
    {
      section,
      figure: '  verify answer to paint p50 / p95',
      value: spread(navigation.map((n) => n.toPaint)),
    },
  ];
}

export async function benchNavigation(): Promise<Row[]> {
  const { dir: dist } = await build();
  const bench = await benchServer({}, dist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`${bench.server.url}/login`);
    await page.waitForSelector('[data-view="login"]');
    const navigation: NavigationTiming[] = [];
    const verify: number[] = [];
    for (let i = 0; i < NAVIGATIONS; i += 1) {
      const href = i % 2 === 0 ? '/signup' : '/login';
      const timing = await page.evaluate<NavigationTiming>(
        `(${CLICK_TO_PAINT})(${JSON.stringify(href)})`,
      );
      const alone = await page.evaluate<number>(`(${VERIFY_ALONE})()`);
      navigation.push(timing);
      verify.push(alone);
    }
    return rows(navigation, verify);
  } finally {
    await browser.close();
    await bench.close();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
