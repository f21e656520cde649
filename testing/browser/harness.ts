// One server and one browser per test file; one fresh context per test.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

import { startTogether } from '../processes';
import { DESKTOP, launchBrowser, newVisitorContext, type VisitorState } from './browser';
import { ensureBuiltApp } from './build';
import { installDomWatch } from './domWatch';
import { startTestServer, type TestServer } from './server';

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Texts of the `console.error` calls the page made, in order. */
  consoleErrors: string[];
}

export interface BrowserSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A new visitor: fresh context with the given storage, the DOM watched from the first byte. */
  open(state?: VisitorState, options?: BrowserContextOptions): Promise<OpenedPage>;
}

/** `env`: the server's settings beyond the tests' own (testing/browser/server.ts). */
export function setUpBrowserSuite({ env }: { env?: NodeJS.ProcessEnv } = {}): BrowserSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    ensureBuiltApp();
    await startTogether([
      startTestServer(env).then((started) => (server = started)),
      launchBrowser().then((launched) => (browser = launched)),
    ]);
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const suite: BrowserSuite = {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll.');
      return browser;
    },
    async open(state = {}, options = DESKTOP) {
      const context = await newVisitorContext(suite.browser, suite.server.url, state, options);
      contexts.push(context);
      await installDomWatch(context);
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      return { page, context, consoleErrors };
    },
  };
  return suite;
}
