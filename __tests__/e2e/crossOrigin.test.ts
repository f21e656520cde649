// An app built with API_BASE_URL on another origin, served from one origin and calling the API on
// another (two loopback ports): the API's CORS_ORIGINS lets the listed app origin sign in, and an
// origin it does not list is refused by the browser itself, before its request is sent.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import type { Browser, Page } from 'playwright-core';

import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, formAlert, logIn, ROUTES, storedToken } from '../../testing/browser/app';
import { DESKTOP, launchBrowser } from '../../testing/browser/browser';
import { freePort, REPO_ROOT, startTogether } from '../../testing/processes';
import { tempDir } from '../../testing/server/config';

/** A server of this product on `port` with its own data: the API, or a host of the built app. */
function serverOn(port: number, dataDir: string, env: NodeJS.ProcessEnv = {}) {
  return startServer(
    loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_MODE: 'outbox',
      PASSWORD_HASH_PROFILE: 'test',
      LOG_LEVEL: 'silent',
      ...env,
    }),
  );
}

let browser: Browser | undefined;
let api: RunningServer | undefined;
const appHosts: RunningServer[] = [];
const folders: string[] = [];
let apiUrl = '';

beforeAll(async () => {
  const [apiPort, listedPort, otherPort] = [await freePort(), await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  const dist = tempDir('cross-origin-dist');
  folders.push(dist);
  // The app as a deployer builds it for an API elsewhere; the bundle holds the API's address.
  execFileSync('npx', ['webpack', '--mode', 'production', '--output-path', dist], {
    cwd: REPO_ROOT,
    env: { ...process.env, API_BASE_URL: apiUrl },
    stdio: 'ignore',
    timeout: 900_000,
  });
  const data = () => {
    const folder = tempDir('cross-origin');
    folders.push(folder);
    return folder;
  };
  await startTogether([
    serverOn(apiPort, data(), { CORS_ORIGINS: `http://127.0.0.1:${listedPort}` }).then(
      (started) => (api = started),
    ),
    // Two hosts of the same build: only the first one's origin is listed.
    serverOn(listedPort, data(), { DIST_DIR: dist }).then((started) => appHosts.push(started)),
    serverOn(otherPort, data(), { DIST_DIR: dist }).then((started) => appHosts.push(started)),
    launchBrowser().then((launched) => (browser = launched)),
  ]);
  appHosts.sort((a, b) => (a.port === listedPort ? -1 : b.port === listedPort ? 1 : 0));
}, 960_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([api, ...appHosts].map(async (server) => server?.close()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function openLogin(origin: string): Promise<{ page: Page; console: string[] }> {
  const context = await browser!.newContext(DESKTOP);
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => console.push(message.text()));
  await page.goto(origin + ROUTES.login);
  await expectView(page, 'login');
  return { page, console };
}

test('the listed app origin signs in against the API on another origin', async () => {
  const account = newAccount('cors');
  await activatedAccount(apiUrl, account);
  const [listed] = appHosts;
  const { page } = await openLogin(listed!.url);
  await logIn(page, account.email, account.password);
  await expectView(page, 'home');
  await page.getByText(account.name).first().waitFor();
  // The session was opened by the API: its token is good there.
  const token = await storedToken(page);
  const verify = await fetch(`${apiUrl}/v1/api/user/verify`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(verify.status).toBe(200);
  await page.context().close();
});

test('an origin the API does not list is refused by the browser', async () => {
  const account = newAccount('cors-other');
  await activatedAccount(apiUrl, account);
  const [, other] = appHosts;
  const { page, console } = await openLogin(other!.url);
  // The browser's own words: the answer had no Access-Control-Allow-Origin for this origin.
  const refused = page.waitForEvent('console', {
    predicate: (message) => /blocked by CORS policy/.test(message.text()),
    timeout: 30_000,
  });
  await logIn(page, account.email, account.password);
  await refused;
  expect(console.join('\n')).toContain(`from origin '${other!.url}'`);
  // The page says it could not reach the server, rather than going blank or home.
  await formAlert(page).first().waitFor();
  expect(await page.locator('[data-view="home"]').count()).toBe(0);
  expect(await storedToken(page)).toBeNull();
  await page.context().close();
});

test('the build names its API origin, and pages served with it may connect there', async () => {
  const [listed] = appHosts;
  // A navigation: only a request asking for a page gets the app.
  const page = await fetch(listed!.url + ROUTES.login, { headers: { accept: 'text/html' } });
  expect(await page.text()).toMatch(
    new RegExp(`<meta name="?api-origin"? content="?${apiUrl.replace(/[.]/g, '\\.')}`),
  );
  expect(page.headers.get('content-security-policy')).toMatch(
    new RegExp(`connect-src 'self' ${apiUrl.replace(/[.]/g, '\\.')}`),
  );
});
