// A real OpenID Provider for the Chromium suites (__tests__/e2e/providers*.test.ts): the servers'
// callbacks known before the servers start (their ports chosen first), the settings that point a
// server at it, and the visitor's part on the provider's own pages.
import type { Page } from 'playwright-core';

import { freePort } from '../processes';
import { startOpenIdProvider, type OpenIdProvider } from './harness';

/** The provider's name on the app's buttons. */
export const PROVIDER_NAME = 'Test Provider';
export const OIDC_PATH = '/v1/api/user/oidc';

/** A provider whose callbacks are those of `servers` servers, each on a free loopback port. */
export async function providerForServers(
  servers: number,
): Promise<{ provider: OpenIdProvider; ports: number[] }> {
  const ports: number[] = [];
  for (let i = 0; i < servers; i += 1) ports.push(await freePort());
  const provider = await startOpenIdProvider({
    redirectUris: ports.map((port) => `http://127.0.0.1:${port}${OIDC_PATH}/test/callback`),
  });
  return { provider, ports };
}

/** A server's settings to listen on `port` and offer `provider` (as `test`). */
export function serverEnvFor(provider: OpenIdProvider, port: number): NodeJS.ProcessEnv {
  return {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_SIGNUP_MAX: '1000',
    ...provider.env('test', PROVIDER_NAME),
  };
}

/** On the provider's own sign-in page (Chromium followed the app there): sign in as `who`. */
export async function signInAtProvider(
  page: Page,
  who: { sub: string; email: string },
  { verified = true } = {},
) {
  await page.getByRole('heading', { name: 'Test provider: sign in' }).waitFor();
  await page.locator('input[name=sub]').fill(who.sub);
  await page.locator('input[name=email]').fill(who.email);
  await page.getByLabel('Email verified').setChecked(verified);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function continueWithProvider(page: Page, label = `Continue with ${PROVIDER_NAME}`) {
  await page.getByRole('button', { name: label }).click();
}
