// Loose address parsing: display names, lists and invisible characters made separate accounts whose
// mail reached the victim; look-alike spellings made look-alike accounts.
import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { OWNER_PASSWORD } from '../../../testing/server/abuse/accounts';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';
import type { RunningServer } from '../../app';

describe.each(ABUSE_ENGINES)('strict email addresses on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;
  let server: RunningServer;
  let client: AddressClient;

  beforeAll(async () => {
    setup = await makeSetup();
    server = await setup.start();
    client = new AddressClient(server.url, visitorAddress(1));
  });

  afterAll(async () => {
    client?.close();
    await setup?.tearDown();
  });

  const signUp = (email: string) =>
    client.post(API_PATHS.signup, { name: 'Someone', email, password: OWNER_PASSWORD });

  it('refuses a display name, a list or an invisible character, and mails nobody', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    for (const trick of [`x<${victim}>`, `x,${victim}`, `x;${victim}`, `\u200b${victim}`]) {
      const answer = await signUp(trick);
      expect([trick, answer.status, answer.body.fields]).toEqual([
        trick,
        400,
        { email: 'INVALID_EMAIL' },
      ]);
    }
    const { body } = await client.request('GET', API_PATHS.outbox);
    const reached = (body.messages as Array<{ to: string }>).filter((m) => m.to.includes(victim));
    expect(reached).toEqual([]);
  });

  it('treats decomposed, full-width and upper-case spellings as the same account', async () => {
    const local = `cafe-${Date.now()}`;
    const composed = `${local}é@example.com`;
    expect((await signUp(composed)).body).toEqual({ error: false, email: composed });
    for (const variant of [
      `${local}e\u0301@example.com`,
      `${local.toUpperCase()}É@EXAMPLE.COM`,
      `${local}é＠example.com`,
    ]) {
      expect((await signUp(variant)).body).toEqual({ error: false, email: composed });
    }
    await client.waitForMail(composed, 4);
    expect(await client.mailsTo(composed)).toHaveLength(4);
  });
});
