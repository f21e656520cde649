// From a reference alone: `npm run replay -- --ref REF --page` serves replay.html on loopback with
// that upload loaded, and the page shows its steps.
import { API_PATHS } from '../../contract/api';
import { generatedLogText, refusedActivationLog } from '../../testing/actionLog/generatedLog';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { DIST_DIR } from '../../testing/browser/paths';
import { replayPageServer } from '../../testing/browser/replayPage';
import { sendLog } from '../../testing/server/actionLogs';

const suite = setUpBrowserSuite();
const pageServer = replayPageServer();

/** Starts the page server for a reference; resolves with the address it prints. */
function servePage(reference: string): Promise<string> {
  return pageServer.serve(reference, {
    ...process.env,
    DATA_DIR: suite.server.dataDir,
    DIST_DIR,
    NODE_ENV: '',
  });
}

test('the page opened by reference shows that upload', async () => {
  const sent = await sendLog(suite.server.url, generatedLogText(40));
  expect(sent.status).toBe(201);
  const reference = sent.body.reference as string;

  const address = await servePage(reference);
  expect(address).toContain(reference);
  const { page, consoleErrors } = await suite.open();
  await page.goto(address);
  await page.getByText(new RegExp(`^${reference}\\.json: 40 actions recorded by `)).waitFor();
  const steps = page.getByRole('region', { name: 'Steps' });
  await steps.getByText(/^40 of 40 steps$/).waitFor();
  await steps.getByRole('searchbox', { name: 'Find a step' }).fill('→ /user/verify-account');
  await expect(steps.locator('[data-step]').count()).resolves.toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('the page shows what the server recorded beside the answer it decided', async () => {
  const sentAt = Date.now();
  const refused = await fetch(suite.server.url + API_PATHS.verifyAccount, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-log-id': 'page-log-1',
      'x-request-id': 'page-request-1',
    },
    body: JSON.stringify({ email: 'nobody@example.com', code: '123456', password: 'a passphrase' }),
  });
  expect(refused.status).toBe(400);
  const sent = await sendLog(
    suite.server.url,
    refusedActivationLog('page-log-1', 'page-request-1', sentAt),
  );
  expect(sent.status).toBe(201);

  const { page, consoleErrors } = await suite.open();
  await page.goto(await servePage(sent.body.reference as string));
  const answer = page.locator('[data-step="1"]');
  await answer
    .getByText('server: verifyAccount 400 INVALID_CODE, try 1 of 5 for this code from this address')
    .waitFor();
  await expect(answer.getByText(/verifyAccount FAILED 400 INVALID_CODE/).count()).resolves.toBe(1);
  expect(consoleErrors).toEqual([]);
});
