// The app looks like a product: its favicon is part of the page, and its name stands
// in the header and the tab's title, in both languages.
import { expectView, ROUTES } from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

test('the favicon is part of the page, so no navigation fetches or decodes it again', async () => {
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  // A PNG in the page itself: the browser fetched and decoded a linked icon (an SVG's a whole
  // document) again on every navigation between views.
  const href = (await page.locator('link[rel="icon"]').getAttribute('href')) ?? '';
  expect(href).toMatch(/^data:image\/png;base64,/);
  const png = Buffer.from(href.slice(href.indexOf(',') + 1), 'base64');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([48, 48]);

  const visit = async (name: 'signup' | 'login') => {
    await page.locator(`main a[href="${ROUTES[name]}"]`).first().click();
    await expectView(page, name);
  };
  // Once each view's code has loaded, a navigation asks the server for nothing but its check.
  await visit('signup');
  await visit('login');
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/v1/')) fetched.push(request.url());
  });
  for (const name of ['signup', 'login', 'signup', 'login'] as const) await visit(name);
  expect(fetched).toEqual([]);
});

test.each([
  ['en', 'Log in'],
  ['kh', 'ចូលគណនី'],
])('the name stands in the header and the title, in %s', async (localeRef, heading) => {
  const { page } = await suite.open({ localeRef });
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  await expect(page.getByRole('banner').innerText()).resolves.toMatch(/^Accounts/);
  await page.waitForFunction((title) => document.title === title, `${heading} · Accounts`);
});
