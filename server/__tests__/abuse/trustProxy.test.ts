// X-Forwarded-For is believed only from the proxies named in TRUST_PROXY: a client that writes its
// own cannot spread its sign-ups over made-up addresses.
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { OWNER_PASSWORD, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { tally } from '../../../testing/server/abuse/attack';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';
import type { RunningServer } from '../../app';

const PROXY = visitorAddress(1);

describe.each(ABUSE_ENGINES)('TRUST_PROXY on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;
  let server: RunningServer;
  const clients: AddressClient[] = [];
  const from = (address: string) => {
    const client = new AddressClient(server.url, address);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    setup = await makeSetup();
    // Fewer sign-ups per address than the burst below sends.
    server = await setup.start({
      TRUST_PROXY: `${PROXY}, 10.0.0.0/8`,
      RATE_LIMIT_SIGNUP_MAX: '20',
    });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await setup?.tearDown();
  });

  const signUps = (client: AddressClient, forwardedFor: (i: number) => string) =>
    Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client.post(
          API_PATHS.signup,
          { name: 'Spoof', email: uniqueEmail(`spoof-${i}`), password: OWNER_PASSWORD },
          { 'x-forwarded-for': forwardedFor(i) },
        ),
      ),
    );

  it('ignores the X-Forwarded-For that a client writes itself', async () => {
    const answers = await signUps(from(visitorAddress(2)), (i) => `198.51.100.${i}`);
    expect(tally(answers)).toEqual({ 201: 20, 429: 10 });
  });

  it('counts each client behind a trusted proxy on its own', async () => {
    const answers = await signUps(from(PROXY), (i) => `203.0.113.${i}`);
    expect(tally(answers)).toEqual({ 201: 30 });
  });
});
