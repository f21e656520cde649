// "Send activity log to support" in Chromium, behind the footer's Help: it says what the log holds,
// asks before sending, and shows a reference with the support contact; the upload is tied to a
// signed-in visitor, support replays it with `npm run replay -- --ref`, and the sixth upload in an
// hour says when to try again, in the visitor's language. The upload code comes on the first send.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, openHelp, ROUTES } from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { REPO_ROOT } from '../../testing/processes';

const suite = setUpBrowserSuite();
const run = promisify(execFile);
const REFERENCE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** The replay CLI on the test server's own database. */
function replay(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: suite.server.dataDir, NODE_ENV: '' },
    maxBuffer: 1 << 26,
  });
}

test('a guest sends the log from Help, reads a reference and the contact, and support replays it', async () => {
  const { page } = await suite.open();
  // The upload code comes on the first send, not with the page; if it cannot be fetched, the
  // footer says the server is out of reach, and the next click fetches it again.
  const uploadCode = /\/send-log\.[0-9a-f]+\.js$/;
  let fetches = 0;
  await page.route(uploadCode, async (route) => {
    fetches += 1;
    await (fetches === 1 ? route.abort('connectionrefused') : route.continue());
  });
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/api/action-logs')) uploads += 1;
  });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  expect(fetches).toBe(0);
  const send = page.getByRole('button', { name: 'Send activity log to support' });
  const confirm = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send.isVisible()).resolves.toBe(false);

  await openHelp(page);
  await expect(
    page.getByText('It never holds passwords, codes or tokens', { exact: false }).isVisible(),
  ).resolves.toBe(true);
  await send.click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(fetches + uploads).toBe(0);

  await send.click();
  await confirm.click();
  await expect(page.getByRole('alert').filter({ hasText: 'reach' }).textContent()).resolves.toBe(
    'We could not reach the server. Check your connection and try again.',
  );
  await send.click();
  await confirm.click();
  const shown = page.locator('[data-reference]');
  await shown.waitFor();
  const reference = (await shown.textContent()) ?? '';
  expect(reference).toMatch(REFERENCE);
  expect(fetches).toBe(2);
  await expect(page.getByRole('status').filter({ hasText: reference }).textContent()).resolves.toBe(
    `Sent. Quote this reference to support: ${reference}`,
  );
  await expect(page.locator('.send-log__contact').textContent()).resolves.toBe(
    'Support: support@example.com',
  );
  expect(uploads).toBe(1);

  const list = await replay('--list');
  // Never signed in: "guest" in the signed-in column.
  expect(list.stdout).toMatch(
    new RegExp(`${reference}\\s+\\S+\\s+[\\d.]+ (B|KiB)\\s.*\\sguest\\s`),
  );
  const timeline = await replay('--ref', reference);
  expect(timeline.stdout).toMatch(/→ \/login\s+\/login\s/);
  expect(timeline.stdout).toMatch(/verify guest 401 INVALID_TOKEN \(\d+ ms\)/);
  const check = await replay('--ref', reference, '--check');
  expect(check.stdout).toMatch(/every state hash matches/);
});

test('a signed-in send is tied to the user; the 6th in an hour says when to retry, in Khmer', async () => {
  const session = await activatedAccount(suite.server.url, newAccount('sender'));
  const { page } = await suite.open({ token: session.token });
  await page.goto(suite.server.url + ROUTES.home);
  await expectView(page, 'home');

  const reference = await page.evaluate(() => window.actionLog.send());
  expect(reference).toMatch(REFERENCE);
  const list = await replay('--list');
  expect(list.stdout).toMatch(
    new RegExp(`${reference}\\s+\\S+\\s+[\\d.]+ (B|KiB)\\s.*\\suser ${session.user.id}\\s`),
  );

  // Send from this address until the hour's five are spent (the other test may have sent one).
  let sent = 1;
  const sendOne = () =>
    page.evaluate(() =>
      window.actionLog.send().then(
        () => true,
        () => false,
      ),
    );
  while (await sendOne()) sent += 1;
  expect(sent).toBeLessThanOrEqual(5);
  await page.getByRole('button', { name: 'ខ្មែរ' }).click();
  await openHelp(page);
  await page.getByRole('button', { name: 'ផ្ញើកំណត់ហេតុសកម្មភាពទៅផ្នែកជំនួយ' }).click();
  await page.getByRole('button', { name: 'ផ្ញើ', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'នាទី' }).textContent()).resolves.toMatch(
    /ព្យាយាមម្ដងទៀតក្នុងរយៈពេល [០-៩]+ នាទីទៀត/,
  );
});
