// Signing in with an OpenID Connect provider against a real OpenID Provider on loopback
// (testing/oidc/harness.ts: oidc-provider, the certified Node implementation), on both engines.
import { API_PATHS } from '../../../contract/api';
import { startOpenIdProvider, type OpenIdProvider } from '../../../testing/oidc/harness';
import { FlowBrowser } from '../../../testing/oidc/visitor';
import { bearer } from '../../../testing/server/abuse/accounts';
import { ApiClient } from '../../../testing/server/client';
import { ENGINES, type Engine } from '../../../testing/server/engines';
import { injectedApp, type InjectedApp } from '../../../testing/server/injectedApp';

const CALLBACK = 'http://localhost:8080/v1/api/user/oidc/test/callback';

let provider: OpenIdProvider;
beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => provider?.stop());

let counter = 0;
const subject = (label: string) => `${label}-${(counter += 1)}-${Date.now()}`;

describe.each(ENGINES)('a provider sign-in on %s', (_name, engine: Engine) => {
  let running: InjectedApp;
  let addresses = 0;
  const browser = () =>
    new FlowBrowser(ApiClient.inject(running.app, `10.9.0.${(addresses += 1)}`), provider);

  beforeAll(async () => {
    running = await injectedApp(engine, { ...provider.env(), RATE_LIMIT_SIGNUP_MAX: '1000' });
  });
  afterAll(() => running?.stop());

  it('signs a new visitor with a verified email up, into an activated account without a password', async () => {
    const sub = subject('new');
    const email = `${sub}@example.com`;
    const visitor = browser();
    const answer = await visitor.signIn({ sub, email, name: 'New Visitor' });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email, name: 'New Visitor' });
    const verify = await visitor.api.get(API_PATHS.verify, bearer(answer.body.token));
    expect(verify.status).toBe(200);
    const connections = await visitor.api.get(API_PATHS.oidcConnections, bearer(answer.body.token));
    expect(connections.body).toMatchObject({
      hasPassword: false,
      connections: [{ id: 'test', name: 'Test Provider', email }],
    });
  });
});
