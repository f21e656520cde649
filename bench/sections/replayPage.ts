// replay.html on a 10,000-action log in headless Chromium: from choosing the file to the step
// list painted, and the frames of scrolling the whole list from top to bottom.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { generatedLogText } from '../../testing/actionLog/generatedLog';
import { launchChromium } from '../../testing/browser/chromium';
import { ms, percentile, type Row } from '../table';

import { benchServer } from './benchServer';
import { build } from './build';

const ACTIONS = 10_000;

/** Runs in the page: scrolls the step list to its end in steps, one frame each. */
const SCROLL_FRAMES = `async () => {
  const viewport = document.querySelector('.replay-steps__viewport');
  const frames = [];
  // A log opens on its last step: start from the top.
  viewport.scrollTop = 0;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  let last = performance.now();
  while (viewport.scrollTop + viewport.clientHeight < viewport.scrollHeight - 1) {
    viewport.scrollTop += viewport.clientHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    frames.push(now - last);
    last = now;
  }
  return { frames, rows: document.querySelectorAll('[data-step]').length };
}`;

export async function benchReplayPage(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-replay-page-'));
  const file = path.join(dir, 'activity-log.json');
  fs.writeFileSync(file, generatedLogText(ACTIONS));
  const { dir: dist } = await build();
  const bench = await benchServer({}, dist);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${bench.server.url}/replay.html`);
    await page.getByLabel('Open an action log').waitFor();
    const started = Date.now();
    await page.getByLabel('Open an action log').setInputFiles(file);
    await page.locator('[data-step]').first().waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const openMs = Date.now() - started;
    const { frames, rows } = await page.evaluate<{ frames: number[]; rows: number }>(
      `(${SCROLL_FRAMES})()`,
    );
    const section = 'replay page';
    return [
      { section, figure: `open a ${ACTIONS.toLocaleString('en')}-action log`, value: ms(openMs) },
      {
        section,
        figure: `scroll the step list, ${frames.length} frames p50 / p95`,
        value: `${ms(percentile(frames, 50))} / ${ms(percentile(frames, 95))}`,
      },
      { section, figure: 'step rows in the page while scrolling', value: String(rows) },
    ];
  } finally {
    await browser.close();
    await bench.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
