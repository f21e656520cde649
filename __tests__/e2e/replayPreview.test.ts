// `npm run replay -- --ref REF --page` on a troubled session: the preview of the app is a picture
// (it never takes the focus, the keyboard or the scroll), the step's details give the server's
// reason in full and a time with its zone, and the page's header says what the command's
// timeline says first.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { newAccount } from '../../testing/browser/api';
import { expectView, formAlert, ROUTES, signUpThroughForm } from '../../testing/browser/app';
import { DESKTOP } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import { DIST_DIR } from '../../testing/browser/paths';
import { replayPageServer } from '../../testing/browser/replayPage';
import { REPO_ROOT } from '../../testing/processes';

const suite = setUpBrowserSuite();
const run = promisify(execFile);
/** The analyst's zone, for the page and the command alike. */
const ZONE = 'Asia/Phnom_Penh';
const pageServer = replayPageServer();

const env = () => ({
  ...process.env,
  DATA_DIR: suite.server.dataDir,
  DIST_DIR,
  NODE_ENV: '',
  TZ: ZONE,
});

const servePage = (reference: string) => pageServer.serve(reference, env());

test('the preview never takes the keyboard; details give the server and the zone; one header', async () => {
  // A visitor is refused twice on the sign-up form: by the browser, then by the server.
  const account = newAccount('preview');
  const { page: visitor } = await suite.open();
  await visitor.goto(suite.server.url + ROUTES.signup);
  await expectView(visitor, 'signup');
  await visitor.getByRole('button', { name: 'Sign up' }).click();
  await visitor.locator('[aria-invalid="true"]').first().waitFor();
  await signUpThroughForm(visitor, { ...account, password: 'password123' });
  await formAlert(visitor).waitFor();
  const reference = await visitor.evaluate(() => window.actionLog.send());

  const { page } = await suite.open({}, { ...DESKTOP, timezoneId: ZONE });
  await page.goto(await servePage(reference));
  const steps = page.getByRole('region', { name: 'Steps' });
  await steps.locator('[data-step]').first().waitFor();
  const preview = page.getByRole('region', { name: 'The app in this state' });
  await preview.locator('[data-view="signup"]').waitFor();
  const focusInPreview = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('.replay-preview')));
  const typed = () =>
    preview
      .locator('input')
      .evaluateAll((inputs) => (inputs as HTMLInputElement[]).map((input) => input.value).join(''));

  // The page opens at its top, the focus outside the picture of the app.
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  await expect(focusInPreview()).resolves.toBe(false);

  // From the first state, `n` and `p` move between the failures, however often pressed.
  const slider = page.getByRole('slider', { name: 'Position in the log' });
  const failures = await steps
    .locator('[data-step].replay-step--failed')
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-step')) + 1));
  expect(failures.length).toBeGreaterThanOrEqual(2);
  await page.getByRole('button', { name: 'First state' }).click();
  await expect(slider.inputValue()).resolves.toBe('0');
  for (const failure of failures) {
    await page.keyboard.press('n');
    await expect(slider.inputValue()).resolves.toBe(String(failure));
  }
  for (const key of ['n', 'n', 'p']) await page.keyboard.press(key);
  await expect(slider.inputValue()).resolves.toBe(String(failures.at(-2)));
  await expect(focusInPreview()).resolves.toBe(false);
  await expect(typed()).resolves.not.toMatch(/[np]/);
  await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
  // Nor does a click on the picture reach it.
  await preview.locator('input').first().click({ force: true });
  await expect(focusInPreview()).resolves.toBe(false);

  // The server's refusal, in full, in the details of the step it decided; a time with its zone.
  await page.keyboard.press('n');
  await expect(slider.inputValue()).resolves.toBe(String(failures.at(-1)));
  const details = page.getByRole('region', { name: 'Current action' });
  await details.getByText(/^#\d+ signup FAILED 400 VALIDATION password COMMON_PASSWORD/).waitFor();
  await details
    .getByRole('listitem')
    .filter({ hasText: /^server: signup 400 VALIDATION password:COMMON_PASSWORD/ })
    .waitFor();
  await expect(details.locator('time').textContent()).resolves.toMatch(/GMT\+7$/);

  // The command's timeline starts with the page's header, word for word.
  const header = await page
    .getByRole('region', { name: 'The session' })
    .locator('dl > div')
    .evaluateAll((rows) =>
      rows.map(
        (row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`,
      ),
    );
  expect(header.map((row) => row.split(':')[0])).toEqual([
    'When',
    'How long',
    'App version',
    'Language',
    'Device',
  ]);
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/replay.ts', '--ref', reference],
    { cwd: REPO_ROOT, env: env() },
  );
  const lines = stdout.split('\n');
  expect(lines.slice(0, header.length)).toEqual(header);
  expect(lines[header.length]).toBe('');
  expect(lines[header.length + 1]).toMatch(/^\s*#\s+time\s+what happened\s+path\s+auth$/);
});
