// Passkeys in the browser tests: Chromium's virtual authenticator, and the origin WebAuthn accepts.
import type { BrowserContext, Page } from 'playwright-core';

/**
 * The server's relying party is PUBLIC_URL's host name, `localhost` when it is unset (as in the
 * browser suites): WebAuthn takes a domain, never an address, so the pages are opened on
 * localhost, not 127.0.0.1.
 */
export const passkeyOrigin = (port: number) => `http://localhost:${port}`;

/** A virtual authenticator in this page's browser context: a platform one with a fingerprint. */
export async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { credentials };
}
