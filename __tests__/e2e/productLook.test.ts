// The app looks like a product: its favicon (an SVG) is linked and served, and its name stands
// in the header and the tab's title, in both languages.
import { expectView, ROUTES } from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();

test('the favicon is linked from the page and served as SVG', async () => {
  const { page } = await suite.open();
  await page.goto(suite.server.url + ROUTES.login);
  await expectView(page, 'login');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toMatch(/\.svg$/);
  const icon = await fetch(new URL(href!, suite.server.url));
  expect(icon.status).toBe(200);
  expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(await icon.text()).toMatch(/^<svg /);
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
