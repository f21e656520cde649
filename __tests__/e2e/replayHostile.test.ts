// replay.html against hostile files in Chromium: each is refused with one line or shown as text;
// nothing runs, nothing goes blank, the tab survives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Page } from 'playwright-core';

import { actionLogText } from '../../contract/action-log';

import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-logs-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function logFile(name: string, actions: unknown[], timestamps?: number[]) {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    actionLogText({
      actionJsons: actions.map((action) => JSON.stringify(action)),
      preloadedStateJson: '{}',
      timestamps: timestamps ?? actions.map((_, index) => 1_700_000_000_000 + index),
      stateHashes: actions.map(() => '00000000'),
    }),
  );
  return file;
}

async function openReplay(): Promise<{ page: Page; dialogs: string[] }> {
  const { page } = await suite.open();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${suite.server.url}/replay.html`);
  return { page, dialogs };
}

test('a timestamp no date can hold is refused with one line, the page stays', async () => {
  const { page } = await openReplay();
  await page
    .getByLabel('Open an action log')
    .setInputFiles(logFile('time.json', [{ type: 'x' }], [1e20]));
  await expect(page.getByRole('alert').textContent()).resolves.toMatch(
    /^This file cannot be replayed: "actionLog.timestamps" must be an array of dates in ms$/,
  );
  await expect(page.getByRole('heading', { name: 'Action log replay' }).count()).resolves.toBe(1);
});

test('script in action types and payloads is shown as text and never runs', async () => {
  const { page, dialogs } = await openReplay();
  const script = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
  const file = logFile('script.json', [
    { type: script, payload: { html: script } },
    JSON.parse('{"type":"locale/changed","payload":"kh","__proto__":{"polluted":true}}'),
  ]);
  await page.getByLabel('Open an action log').setInputFiles(file);
  await page.locator('[data-step="0"]').waitFor();
  await page.locator('[data-step="0"] button').click();
  await page.getByRole('heading', { level: 2, name: `#0 ${script}` }).waitFor();
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
});

test('a file over 50 MB is refused before it is read', async () => {
  const { page } = await openReplay();
  const file = path.join(dir, 'huge.json');
  fs.writeFileSync(file, `{"payload":"${'x'.repeat(60 * 1024 * 1024)}"}`);
  await page.getByLabel('Open an action log').setInputFiles(file);
  await expect(page.getByRole('alert').textContent()).resolves.toBe(
    'This file cannot be replayed: the file is 60 MB; this page opens logs up to 50 MB (the replay command has no such limit)',
  );
});
