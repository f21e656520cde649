// A view that cannot load never blanks the app: its chunk refused, the network gone and back, and
// a view that throws while rendering. The header and the language switch stay, the main area
// says the page could not load, and the view comes back on "Try again" or by itself once online.
import type { Page } from 'playwright-core';

import { expectView, ROUTES } from '../../testing/browser/app';
import { PHONE } from '../../testing/browser/browser';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const SIGNUP_CHUNK = /\/view-signup\.[0-9a-f]+\.js$/;

/** The actions of the page's log, as `type` and payload. */
async function loggedActions(page: Page): Promise<Array<{ type: string; payload?: unknown }>> {
  const exported = await page.evaluate(() => window.actionLog.export());
  return JSON.parse((JSON.parse(exported) as { payload: string }).payload) as Array<{
    type: string;
    payload?: unknown;
  }>;
}

async function expectLayoutKept(page: Page, language: RegExp) {
  await expect(page.getByRole('banner').isVisible()).resolves.toBe(true);
  await expect(
    page.getByRole('banner').getByRole('button', { name: language }).count(),
  ).resolves.toBe(1);
}

test('a chunk the network refuses shows the failure in the layout; "Try again" loads it', async () => {
  const { page } = await suite.open();
  let allowed = false;
  let refused = 0;
  await page.route(SIGNUP_CHUNK, async (route) => {
    if (allowed) return route.continue();
    refused += 1;
    return route.abort('connectionreset');
  });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await page.getByRole('link', { name: 'Sign up' }).click();

  await page.getByRole('heading', { name: 'This page could not load' }).waitFor();
  expect(refused).toBeGreaterThanOrEqual(1);
  await expectLayoutKept(page, /ខ្មែរ/);
  expect(new URL(page.url()).pathname).toBe(ROUTES.signup);
  expect(await loggedActions(page)).toContainEqual({
    type: 'app/viewFailed',
    payload: { view: 'signup', reason: 'load' },
  });

  allowed = true;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectView(page, 'signup');
  expect(await loggedActions(page)).toContainEqual({
    type: 'app/viewRetried',
    payload: { view: 'signup', trigger: 'button' },
  });
});

test('offline, then online again on a phone in Khmer: the view comes back by itself', async () => {
  const { page, context } = await suite.open({ localeRef: 'kh' }, PHONE);
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');

  await context.setOffline(true);
  await page.getByRole('link', { name: 'ចុះឈ្មោះ' }).click();
  await page.getByRole('heading', { name: 'មិនអាចផ្ទុកទំព័រនេះបានទេ' }).waitFor();
  await expectLayoutKept(page, /English/);
  await expect(page.getByRole('button', { name: 'ព្យាយាមម្ដងទៀត' }).isVisible()).resolves.toBe(true);

  await context.setOffline(false);
  await expectView(page, 'signup');
  expect(await loggedActions(page)).toContainEqual({
    type: 'app/viewRetried',
    payload: { view: 'signup', trigger: 'online' },
  });
});

test('a view that throws while rendering shows the failure, and "Try again" renders it', async () => {
  const { page } = await suite.open();
  // The sign-up chunk as served, its view wrapped to throw while the page's flag is set.
  await page.route(SIGNUP_CHUNK, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /default:\(\)=>([\w$]+)/,
      'default:()=>function(p){if(self.breakTheView)throw new Error("broken on purpose");return $1(p)}',
    );
    expect(body).toContain('broken on purpose');
    await route.fulfill({ response, body });
  });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await page.evaluate(() => Object.assign(window, { breakTheView: true }));
  await page.getByRole('link', { name: 'Sign up' }).click();

  await page.getByRole('heading', { name: 'This page could not load' }).waitFor();
  await expectLayoutKept(page, /ខ្មែរ/);
  await expect(page.getByRole('alert').filter({ hasText: 'went wrong' }).count()).resolves.toBe(1);
  expect(await loggedActions(page)).toContainEqual({
    type: 'app/viewFailed',
    payload: { view: 'signup', reason: 'render' },
  });

  await page.evaluate(() => Object.assign(window, { breakTheView: false }));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectView(page, 'signup');
});
