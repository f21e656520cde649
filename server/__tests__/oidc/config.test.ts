// The providers' settings (OIDC_PROVIDERS and OIDC_<ID>_…): read as given, and refused in one line
// naming the variable (never echoing a secret) when wrong.
import { loadConfig } from '../../config';

const WORK = {
  OIDC_PROVIDERS: 'google, my-idp',
  OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
  OIDC_GOOGLE_CLIENT_ID: 'google-client',
  OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-value',
  OIDC_GOOGLE_NAME: 'Google',
  OIDC_MY_IDP_ISSUER: 'http://127.0.0.1:9999/realm',
  OIDC_MY_IDP_CLIENT_ID: 'idp-client',
  OIDC_MY_IDP_CLIENT_SECRET: 'idp-secret-value',
};

describe('the providers of the environment', () => {
  it('are none when OIDC_PROVIDERS is unset', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it('are read in the order listed, the name defaulting to the id', () => {
    expect(loadConfig(WORK).oidcProviders).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'google-client',
        clientSecret: 'google-secret-value',
      },
      {
        id: 'my-idp',
        name: 'my-idp',
        issuer: 'http://127.0.0.1:9999/realm',
        clientId: 'idp-client',
        clientSecret: 'idp-secret-value',
      },
    ]);
  });

  it.each([
    [{ OIDC_PROVIDERS: 'Google' }, 'Invalid OIDC_PROVIDERS'],
    [{ OIDC_PROVIDERS: 'google,google' }, 'each id once'],
    [{ OIDC_PROVIDERS: 'providers' }, 'Invalid OIDC_PROVIDERS'],
    [{ OIDC_GOOGLE_ISSUER: '' }, 'Invalid OIDC_GOOGLE_ISSUER'],
    [{ OIDC_GOOGLE_ISSUER: 'http://accounts.example.com' }, 'http:// only on a loopback address'],
    [{ OIDC_GOOGLE_ISSUER: 'not a url' }, 'Invalid OIDC_GOOGLE_ISSUER'],
    [{ OIDC_GOOGLE_ISSUER: 'https://a.example/?x=1' }, 'without query'],
    [{ OIDC_GOOGLE_CLIENT_ID: ' ' }, 'Invalid OIDC_GOOGLE_CLIENT_ID'],
    [{ OIDC_MY_IDP_CLIENT_SECRET: '' }, 'Invalid OIDC_MY_IDP_CLIENT_SECRET'],
    [{ OIDC_GOOGLE_NAME: 'Goo<gle>' }, 'Invalid OIDC_GOOGLE_NAME'],
  ])('refuses %j: %s', (change, message) => {
    let thrown: Error | undefined;
    try {
      loadConfig({ ...WORK, ...change });
    } catch (error) {
      thrown = error as Error;
    }
    expect(thrown?.message).toContain(message);
    expect(thrown?.message).not.toContain('secret-value');
  });
});
