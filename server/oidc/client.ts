// The relying party's side of a provider, through `openid-client` (certified): discovery (once
// per provider and process, retried after a failure), the authorization URL with PKCE (S256),
// state and nonce, and the code's exchange, which checks the ID token's signature (the provider's
// keys), issuer, audience, expiry and nonce, and the state. Never a hand-written token check.
import * as client from 'openid-client';

import type { OidcProviderConfig } from './providers-config';

/** The provider cannot be reached or its discovery failed: answered 503, tried again later. */
export class ProviderUnavailable extends Error {
  constructor(id: string) {
    super(`the OpenID Connect provider "${id}" could not be discovered`);
  }
}

/** The claims of a checked ID token that the server reads. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface ProviderClient {
  readonly config: OidcProviderConfig;
  authorizationUrl(args: {
    redirectUri: string;
    state: string;
    nonce: string;
    codeVerifier: string;
  }): Promise<string>;
  /** The identity of a callback's URL, checked; throws when any check fails. */
  identityOf(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<ProviderIdentity>;
}

const DISCOVERY_TIMEOUT_SECONDS = 10;

function isLoopbackIssuer(issuer: URL): boolean {
  return issuer.protocol === 'http:';
}

export function providerClient(config: OidcProviderConfig): ProviderClient {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    if (!discovered) {
      const issuer = new URL(config.issuer);
      discovered = client
        .discovery(
          issuer,
          config.clientId,
          undefined,
          client.ClientSecretPost(config.clientSecret),
          {
            timeout: DISCOVERY_TIMEOUT_SECONDS,
            // The ID token's signature is checked with the provider's keys too, not only TLS.
            execute: [
              client.enableNonRepudiationChecks,
              // http:// only on loopback (providers-config.ts refuses any other).
              // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback only, as above
              ...(isLoopbackIssuer(issuer) ? [client.allowInsecureRequests] : []),
            ],
          },
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw Object.assign(new ProviderUnavailable(config.id), { cause: error });
        });
    }
    return discovered;
  };

  return {
    config,
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const rp = await configuration();
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return url.href;
    },
    async identityOf(callbackUrl, { state, nonce, codeVerifier, redirectUri }) {
      const rp = await configuration();
      const tokens = await client.authorizationCodeGrant(
        rp,
        callbackUrl,
        {
          expectedState: state,
          expectedNonce: nonce,
          pkceCodeVerifier: codeVerifier,
          idTokenExpected: true,
        },
        { redirect_uri: redirectUri },
      );
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      const email = typeof claims.email === 'string' ? claims.email : null;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}
