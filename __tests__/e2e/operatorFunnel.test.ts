// The console's funnel panel in Chromium against the real server, in both languages at 360 and
// 1280 px: an operator (granted on the server's side, confirmed with the second factor through
// the API) opens it; the figures are the server's (the operator's own sign-up and activation are
// the period's), the page never scrolls sideways (the tables scroll in their own boxes), and axe
// finds nothing.
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { grantOperator } from '../../server/repo/operators';
import { activatedAccount, newAccount, secondFactorOn } from '../../testing/browser/api';
import { axeViolations } from '../../testing/browser/axe';
import { DESKTOP, PHONE_360 } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

let token = '';

beforeAll(async () => {
  const { url, dataDir } = suite.server;
  const account = newAccount('funnel-operator');
  token = (await activatedAccount(url, account)).token;
  const { nextCode } = await secondFactorOn(url, token, account.password);
  const db = await openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir }).database);
  try {
    await grantOperator(db, account.email, Math.floor(Date.now() / 1000));
  } finally {
    await db.destroy();
  }
  const confirmed = await fetch(`${url}/v1/api/user/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ password: account.password, code: await nextCode() }),
  });
  expect(confirmed.status).toBe(200);
}, 90_000);

it.each([
  ['en', 'The funnel of every visitor', 'Sign-ups', PHONE_360, 360],
  ['kh', 'ដំណើររបស់អ្នកចូលមើលទាំងអស់', 'ការចុះឈ្មោះ', PHONE_360, 360],
  ['en', 'The funnel of every visitor', 'Sign-ups', DESKTOP, 1280],
  ['kh', 'ដំណើររបស់អ្នកចូលមើលទាំងអស់', 'ការចុះឈ្មោះ', DESKTOP, 1280],
] as const)(
  'shows the funnel in %s (%s), at 360 and 1280 px',
  async (locale, title, signups, options, width) => {
    const { page, consoleErrors } = await suite.open({ token, localeRef: locale }, options);
    await page.goto(`${suite.server.url}/operator?panel=funnel`);
    await page.getByRole('heading', { name: title }).waitFor();
    const figure = page.locator(
      `xpath=//dt[normalize-space()="${signups}"]/following-sibling::dd[1]`,
    );
    // The operator's own sign-up is in the last 30 days.
    expect(await figure.textContent()).toMatch(/^[1-9១-៩]/);
    expect(await page.getByRole('table').first().locator('tbody tr').count()).toBe(30);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (process.env.FUNNEL_SHOTS) {
      await page.screenshot({
        path: `${process.env.FUNNEL_SHOTS}/funnel-${locale}-${width}.png`,
        fullPage: true,
      });
    }
    expect(consoleErrors).toEqual([]);
  },
);
