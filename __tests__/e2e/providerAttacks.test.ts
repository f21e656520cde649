// Every attack on a provider sign-in, through Chromium's own flow against the built app, the real
// server and a real OpenID Provider on loopback (testing/oidc/harness.ts), on SQLite and on
// PostgreSQL (a schema of its own on the shared server, testing/server/engines.ts): a replayed
// callback, a wrong nonce, a token for another audience, an expired token, an unverified email, a
// provider identity whose email is an existing victim's, a handoff replayed in another browser.
// Each ends with the visitor told why in words, no session, and no code, state or handoff left in
// the address or the tab's history. The way in that works is run on both engines too.
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';

import type * as v from 'valibot';

import type { OidcConnectionsOk as ConnectionsSchema } from '../../contract/oidc';
import type { SessionsOk } from '../../features/login/schemas';
import {
  activatedAccount,
  logInByApi,
  newAccount,
  signUpOnly,
  tokenIsLive,
} from '../../testing/browser/api';
import {
  confirmIt,
  expectView,
  logOut,
  openSection,
  ROUTES,
  storedToken,
} from '../../testing/browser/app';
import { setUpBrowserSuite } from '../../testing/browser/harness';
import {
  continueWithProvider,
  OIDC_PATH as OIDC,
  PROVIDER_NAME as NAME,
  providerForServers,
  serverEnvFor,
  signInAtProvider,
} from '../../testing/oidc/chromium';
import type { IdTokenForgery, OpenIdProvider } from '../../testing/oidc/harness';
import { ENGINES, type Engine } from '../../testing/server/engines';
import { POSTGRES_URL } from '../../testing/server/postgres';

jest.setTimeout(180_000);

// One provider for the file, with a callback registered for each engine's server.
let ports: number[] = [];
let provider: OpenIdProvider | undefined;
beforeAll(async () => {
  ({ provider, ports } = await providerForServers(ENGINES.length));
});
afterAll(() => provider?.stop());

let subjects = 0;
function identity(label: string, email?: string) {
  subjects += 1;
  const sub = `${label}-${process.pid}-${Date.now().toString(36)}-${subjects}`;
  return { sub, email: email ?? `${sub}@example.com` };
}

/** What of a flow the browser carried: the callback's code and state, the app's handoff. */
interface FlowSecrets {
  callbacks: URL[];
  secrets: string[];
  handoffs: string[];
}

function watchFlow(page: Page): FlowSecrets {
  const seen: FlowSecrets = { callbacks: [], secrets: [], handoffs: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/callback') && url.searchParams.has('state')) {
      seen.callbacks.push(url);
      for (const name of ['code', 'state']) {
        const value = url.searchParams.get(name);
        if (value) seen.secrets.push(value);
      }
    }
    const handoff = url.searchParams.get('provider-handoff');
    if (handoff) {
      seen.handoffs.push(handoff);
      seen.secrets.push(handoff);
    }
  });
  return seen;
}

/** The addresses of every entry of the tab's history (Chromium's own list, not the page's). */
async function historyUrls(context: BrowserContext, page: Page): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const { entries } = (await cdp.send('Page.getNavigationHistory')) as {
      entries: { url: string }[];
    };
    return entries.map((entry) => entry.url);
  } finally {
    await cdp.detach();
  }
}

/** No code, state or handoff of the flow in the address, the history or the tab's storage. */
async function expectNothingOfTheFlowKept(
  context: BrowserContext,
  page: Page,
  flow: FlowSecrets,
  { handoff = false } = {},
) {
  expect(flow.secrets.length).toBeGreaterThan(0);
  if (handoff) expect(flow.handoffs.length).toBeGreaterThan(0);
  const kept = await page.evaluate(() => ({
    href: location.href,
    storage: JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }),
    log: window.actionLog.export(),
  }));
  const history = await historyUrls(context, page);
  expect(history.length).toBeGreaterThan(0);
  for (const url of [kept.href, ...history]) {
    expect(new URL(url).searchParams.has('provider-handoff')).toBe(false);
    expect(new URL(url).searchParams.has('code')).toBe(false);
    expect(new URL(url).searchParams.has('state')).toBe(false);
  }
  for (const secret of flow.secrets) {
    expect(kept.href).not.toContain(secret);
    for (const url of history) expect(url).not.toContain(secret);
    expect(kept.storage).not.toContain(secret);
    expect(kept.log).not.toContain(secret);
  }
}

/** A guest, as the visitor and the server see it: the login view, no token, verify says 401. */
async function expectGuest(page: Page, baseUrl: string) {
  await expectView(page, 'login');
  expect(await storedToken(page)).toBeNull();
  const verify = await page.evaluate(async (url) => {
    const answer = await fetch(url, { credentials: 'include' });
    return answer.status;
  }, `${baseUrl}/v1/api/user/verify`);
  expect(verify).toBe(401);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
}

/**
 * The sign-in said why it failed, in the alert above the login form. The provider's name comes
 * with the list of providers, which may answer after the alert shows: wait for the words.
 */
async function expectSaid(page: Page, words: RegExp) {
  const alert = page.locator('.provider-return[role=alert]');
  await alert.waitFor();
  let said = await alert.innerText();
  for (let tries = 0; tries < 50 && !words.test(said); tries += 1) {
    await page.waitForTimeout(100);
    said = await alert.innerText();
  }
  expect(said).toMatch(words);
}

type OidcConnectionsOk = v.InferOutput<typeof ConnectionsSchema>;

async function connections(baseUrl: string, token: string): Promise<OidcConnectionsOk> {
  const answer = await fetch(`${baseUrl}${OIDC}/connections`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as OidcConnectionsOk;
}

async function sessionCount(baseUrl: string, token: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/v1/api/user/sessions`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as SessionsOk).sessions.length;
}

/** A flow the server could not check; a tab that did not start it names no provider. */
const unchecked = (name: string) =>
  new RegExp(
    `The sign-in with ${name} could not be checked: it was started in another browser or tab, or took too long`,
  );

describe.each(ENGINES)('provider sign-in in Chromium on %s', (_name, engine: Engine) => {
  const env: NodeJS.ProcessEnv = {};
  let tearDown: (() => Promise<void>) | undefined;
  // Runs before the suite's own beforeAll, which starts the server with `env`.
  beforeAll(async () => {
    const place = await engine.setUp();
    tearDown = place.tearDown;
    const port = ports[ENGINES.findIndex(([, each]) => each === engine)]!;
    Object.assign(env, { ...place.env, ...serverEnvFor(provider!, port) });
  });
  const suite = setUpBrowserSuite({ env });
  // Declared after the suite's, so it runs once the server has stopped.
  afterAll(() => tearDown?.());

  /** No account has `email`: a sign-up with it is mailed an activation code, not a notice. */
  const expectNoAccount = (email: string) =>
    signUpOnly(suite.server.url, { ...newAccount('after-attack'), email });

  /** On PostgreSQL, the accounts with `email` in this suite's own schema (the server's store). */
  async function accountsInSchema(email: string): Promise<number> {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) from "${env.DATABASE_SCHEMA}".users where email = $1`,
        [email],
      );
      return Number(rows[0]?.count);
    } finally {
      await client.end();
    }
  }

  test('a new visitor signs up through the provider and lands home', async () => {
    const { page, context } = await suite.open();
    const flow = watchFlow(page);
    await page.goto(suite.server.url + ROUTES.signup);
    await expectView(page, 'signup');
    await continueWithProvider(page);
    const who = identity('signup');
    await signInAtProvider(page, who);
    await expectView(page, 'home');
    await page.getByText(who.email).first().waitFor();
    const token = await storedToken(page);
    expect(token).not.toBeNull();
    expect(await tokenIsLive(suite.server.url, token!)).toBe(true);
    await expectNothingOfTheFlowKept(context, page, flow, { handoff: true });
    // The history read is the tab's whole list: the provider's page is in it.
    const history = await historyUrls(context, page);
    expect(history.some((url) => url.startsWith(`${provider!.issuer}/`))).toBe(true);
    // The account is in the engine this pass is about.
    if (engine.name === 'PostgreSQL') expect(await accountsInSchema(who.email)).toBe(1);
    else expect(env.DATABASE_URL).toBeUndefined();
  });

  test('a password account connects the provider from home, then signs in with it', async () => {
    const account = newAccount('attacks-connect');
    const { token } = await activatedAccount(suite.server.url, account);
    const { page, context } = await suite.open({ token });
    await page.goto(suite.server.url + ROUTES.home);
    await expectView(page, 'home');
    const providers = await openSection(page, 'Sign-in providers');
    await confirmIt(providers, account.password);
    await providers.getByRole('button', { name: `Connect ${NAME}` }).click();
    const who = identity('connect', account.email);
    await signInAtProvider(page, who);
    await expectView(page, 'home', '/');
    await (
      await openSection(page, 'Sign-in providers')
    )
      .getByText(`${NAME} is connected`)
      .waitFor();
    expect((await connections(suite.server.url, token)).connections).toEqual([
      expect.objectContaining({ id: 'test', email: account.email }),
    ]);
    await logOut(page);

    const flow = watchFlow(page);
    await continueWithProvider(page);
    // The provider remembers this browser's sign-in there: it may send it straight back.
    const heading = page.getByRole('heading', { name: 'Test provider: sign in' });
    await Promise.race([heading.waitFor(), page.locator('[data-view="home"]').waitFor()]);
    if (await heading.isVisible()) await signInAtProvider(page, who);
    await expectView(page, 'home');
    await page.getByText(account.email).first().waitFor();
    expect(await tokenIsLive(suite.server.url, (await storedToken(page))!)).toBe(true);
    await expectNothingOfTheFlowKept(context, page, flow, { handoff: true });
  });

  test('attack: a replayed callback (the same address visited again) is refused with words, and signs no one in', async () => {
    const { page, context } = await suite.open();
    const flow = watchFlow(page);
    await page.goto(suite.server.url + ROUTES.login);
    await continueWithProvider(page);
    await signInAtProvider(page, identity('replayed-callback'));
    await expectView(page, 'home');
    await logOut(page);
    expect(flow.callbacks).toHaveLength(1);

    await page.goto(flow.callbacks[0]!.toString());
    // The tab's own flow was spent by the first return: the words name no provider.
    await expectSaid(page, unchecked('your provider'));
    await expectGuest(page, suite.server.url);
    await expectNothingOfTheFlowKept(context, page, flow, { handoff: true });
  });

  const forgeries: [string, IdTokenForgery][] = [
    ['a wrong nonce', 'nonce'],
    ['a token for another audience', 'audience'],
    ['an expired token', 'expired'],
  ];
  test.each(forgeries)(
    'attack: %s, signed with the provider’s own key, is refused with words, and signs no one in',
    async (_label, forgery) => {
      const { page, context } = await suite.open();
      const flow = watchFlow(page);
      await page.goto(suite.server.url + ROUTES.login);
      await provider!.nextIdToken(forgery);
      await continueWithProvider(page);
      const who = identity(`forged-${forgery}`);
      await signInAtProvider(page, who);
      await expectSaid(page, unchecked(NAME));
      await expectGuest(page, suite.server.url);
      expect(flow.callbacks).toHaveLength(1);
      expect(flow.handoffs).toEqual([]);
      await expectNothingOfTheFlowKept(context, page, flow);
      await expectNoAccount(who.email);
    },
  );

  test('attack: an unverified provider email is refused with words that say why, and makes no account', async () => {
    const { page, context } = await suite.open();
    const flow = watchFlow(page);
    await page.goto(suite.server.url + ROUTES.signup);
    await continueWithProvider(page);
    const who = identity('unverified');
    await signInAtProvider(page, who, { verified: false });
    await expectSaid(page, new RegExp(`${NAME} does not confirm that this email address is yours`));
    await expectGuest(page, suite.server.url);
    await expectNothingOfTheFlowKept(context, page, flow, { handoff: true });
    await expectNoAccount(who.email);
  });

  test('attack: a provider identity with an existing victim’s email gets no link and no session, and the victim’s account is unchanged', async () => {
    const victim = newAccount('attacks-victim');
    const { token: victimToken } = await activatedAccount(suite.server.url, victim);
    const before = await connections(suite.server.url, victimToken);
    expect(before.connections).toEqual([]);
    const sessionsBefore = await sessionCount(suite.server.url, victimToken);

    const { page, context } = await suite.open();
    const flow = watchFlow(page);
    const completions: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`${OIDC}/complete`)) completions.push(response.status());
    });
    await page.goto(suite.server.url + ROUTES.login);
    await continueWithProvider(page);
    await signInAtProvider(page, identity('takeover', victim.email));
    await expectSaid(
      page,
      new RegExp(
        `An account with this email already exists here. Log in to it first .*then connect ${NAME} from your account page`,
      ),
    );
    await expectGuest(page, suite.server.url);
    expect(completions).toEqual([409]);
    await expectNothingOfTheFlowKept(context, page, flow, { handoff: true });

    // The victim's account: no provider connected, no new session, the password still opens it.
    expect(await connections(suite.server.url, victimToken)).toEqual(before);
    expect(await sessionCount(suite.server.url, victimToken)).toBe(sessionsBefore);
    expect(await tokenIsLive(suite.server.url, victimToken)).toBe(true);
    const again = await logInByApi(suite.server.url, victim.email, victim.password);
    expect(again.user.email).toBe(victim.email);
  });

  test('attack: a handoff replayed in a second browser opens no session there, with words', async () => {
    const first = await suite.open();
    const flow = watchFlow(first.page);
    await first.page.goto(suite.server.url + ROUTES.login);
    await continueWithProvider(first.page);
    await signInAtProvider(first.page, identity('replayed-handoff'));
    await expectView(first.page, 'home');
    expect(flow.handoffs).toHaveLength(1);
    const handoff = flow.handoffs[0]!;

    const second = await suite.open();
    const carried = watchFlow(second.page);
    const completions: number[] = [];
    second.page.on('response', (response) => {
      if (response.url().endsWith(`${OIDC}/complete`)) completions.push(response.status());
    });
    await second.page.goto(
      `${suite.server.url}${ROUTES.login}?provider-handoff=${encodeURIComponent(handoff)}`,
    );
    await expectSaid(
      second.page,
      /The sign-in with your provider took too long or was already used/,
    );
    await expectGuest(second.page, suite.server.url);
    expect(completions).toEqual([400]);
    await expectNothingOfTheFlowKept(second.context, second.page, carried, { handoff: true });
    // The first browser's own session is still its own.
    await expectNothingOfTheFlowKept(first.context, first.page, flow, { handoff: true });
    expect(await tokenIsLive(suite.server.url, (await storedToken(first.page))!)).toBe(true);
  });
});
