// The redirects of docs/architecture.md (Routes), watched from the first byte: no view of the wrong kind
// ever reaches the DOM, not even for one frame.
import { activatedAccount, newAccount } from '../../testing/browser/api';
import { expectView, GUEST_VIEWS, logIn, ROUTES, storedToken } from '../../testing/browser/app';
import { domSightings, GUEST_FORM, viewsSeen } from '../../testing/browser/domWatch';
import { setUpBrowserSuite } from '../../testing/browser/harness';

const suite = setUpBrowserSuite();
const UNKNOWN_PATH = '/no/such/page';

async function signedInToken(label: string): Promise<string> {
  return (await activatedAccount(suite.server.url, newAccount(label))).token;
}

describe('a guest', () => {
  test.each([ROUTES.home, UNKNOWN_PATH])(
    'opening %s lands on /login without a home view',
    async (path) => {
      const { page } = await suite.open();

      await page.goto(suite.server.url + path);
      await expectView(page, 'login');

      expect(await viewsSeen(page)).toEqual(['login']);
    },
  );

  test.each(GUEST_VIEWS)('may stay on the %s view', async (name) => {
    const { page } = await suite.open();

    await page.goto(suite.server.url + ROUTES[name]);
    await expectView(page, name);

    expect(await viewsSeen(page)).not.toContain('home');
  });

  test('with a token the server refuses loses the token and never sees home', async () => {
    const { page, consoleErrors } = await suite.open({ token: 'not-a-session-token' });

    await page.goto(suite.server.url + ROUTES.home);
    await expectView(page, 'login');

    expect(await viewsSeen(page)).toEqual(['login']);
    expect(await storedToken(page)).toBeNull();
    expect(consoleErrors.filter((text) => text.includes('user-token-error'))).toEqual([]);
  });
});

describe('a signed-in user', () => {
  const redirectedPaths = [...GUEST_VIEWS.map((name) => ROUTES[name]), UNKNOWN_PATH];

  test.each(redirectedPaths)('opening %s lands on / without a guest form', async (path) => {
    const { page } = await suite.open({ token: await signedInToken('guard') });

    await page.goto(suite.server.url + path);
    await expectView(page, 'home');

    expect(await viewsSeen(page)).toEqual(['home']);
    const sightings = await domSightings(page);
    expect(sightings.map((sighting) => sighting.what)).not.toContain(GUEST_FORM);
    expect(sightings[0]!.path).toBe(ROUTES.home);
  });
});

describe('when the server fails', () => {
  test('the visitor is a guest who keeps the token, then is signed in again once it is back', async () => {
    const account = newAccount('fault');
    await activatedAccount(suite.server.url, account);
    const { page, consoleErrors } = await suite.open();
    await page.goto(suite.server.url + ROUTES.login);
    await logIn(page, account.email, account.password);
    await expectView(page, 'home');
    const token = await storedToken(page);

    await suite.server.stop();
    // Back to /login inside the same document: the page stays loaded while the server is gone.
    await page.goBack();
    await expectView(page, 'login');

    expect(await storedToken(page)).toBe(token);
    expect(consoleErrors.some((text) => text.includes('user-token-error'))).toBe(true);

    await suite.server.restart();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expectView(page, 'home');
    expect(await storedToken(page)).toBe(token);
  });
});
