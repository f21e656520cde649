// The OpenID Connect providers, read from the environment (`OIDC_PROVIDERS=google,work` and, for
// each id, `OIDC_<ID>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_NAME`), checked before the server
// starts: a bad setting stops it with one line naming the variable, never echoing a secret.
import { PROVIDER_ID_PATTERN } from '../../contract/oidc';

export interface OidcProviderConfig {
  id: string;
  /** The display name on the buttons ("Continue with …"). */
  name: string;
  /** The issuer, as discovered from its `/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Ids that would read as another endpoint's path (`/oidc/providers`, `/oidc/complete`, …). */
const RESERVED_IDS = new Set(['providers', 'complete', 'connections']);

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Why `raw` is not an issuer this server may use, or undefined when it is one. */
function issuerProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'an https:// address';
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    return 'an issuer address without query, fragment or credentials';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  return 'an https:// address (http:// only on a loopback address)';
}

function fail(name: string, expected: string): never {
  throw new Error(`Invalid ${name}: expected ${expected}.`);
}

/** The variable of provider `id`: `OIDC_WORK_ISSUER` for `work`, `OIDC_MY_IDP_…` for `my-idp`. */
export function providerVariable(id: string, suffix: string): string {
  return `OIDC_${id.toUpperCase().replace(/-/g, '_')}_${suffix}`;
}

/** The providers of `env`, in the order `OIDC_PROVIDERS` lists them; none when it is unset. */
export function readOidcProviders(env: Partial<Record<string, string>>): OidcProviderConfig[] {
  const list = env.OIDC_PROVIDERS?.trim() ?? '';
  if (list === '') return [];
  const ids = list.split(',').map((id) => id.trim());
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!PROVIDER_ID_PATTERN.test(id) || RESERVED_IDS.has(id)) {
      fail(
        'OIDC_PROVIDERS',
        'ids separated by commas, each of lower-case letters, digits and - (starting with a letter, at most 32), none of providers, complete, connections',
      );
    }
    if (seen.has(id)) fail('OIDC_PROVIDERS', 'each id once (one is listed twice)');
    seen.add(id);
    const read = (suffix: string) => {
      const name = providerVariable(id, suffix);
      const value = env[name]?.trim() ?? '';
      return { name, value };
    };
    const issuer = read('ISSUER');
    if (issuer.value === '') fail(issuer.name, `the issuer of provider "${id}"`);
    const problem = issuerProblem(issuer.value);
    if (problem) fail(issuer.name, problem);
    const clientId = read('CLIENT_ID');
    if (clientId.value === '') fail(clientId.name, `the client id registered at provider "${id}"`);
    const clientSecret = read('CLIENT_SECRET');
    if (clientSecret.value === '') {
      fail(clientSecret.name, `the client secret registered at provider "${id}"`);
    }
    const name = read('NAME');
    if (name.value.length > 60 || /[\p{Cc}<>]/u.test(name.value)) {
      fail(name.name, 'a name of at most 60 characters, without <, > or control characters');
    }
    return {
      id,
      name: name.value || id,
      issuer: issuer.value,
      clientId: clientId.value,
      clientSecret: clientSecret.value,
    };
  });
}
