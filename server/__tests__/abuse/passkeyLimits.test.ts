// Bad passkey signatures in parallel bursts: each checked one takes its point first from the
// client address's login failures and from one budget across every address, so a burst gets
// exactly the limit's worth of checks, on each counter store. The budget across addresses is
// the last resort against signatures spread over many addresses; once spent, it refuses
// everyone's passkey sign-in until its window ends (the password still signs in).
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import {
  activatedAccount,
  bearer,
  OWNER_PASSWORD,
  uniqueEmail,
} from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';
import { SoftAuthenticator } from '../../../testing/server/authenticator';

/** Failed logins per client address: the default. */
const PER_ADDRESS = 50;
/** Failed passkey signatures across every address, as configured here. */
const ALL = 80;

describe.each(COUNTER_ENGINES)('passkey limits on %s', (_name, makeSetup) => {
  const attack = serverUnderAttack(makeSetup, {
    PASSWORD_HASH_QUEUE: '1000',
    RATE_LIMIT_PASSKEY_FAILURES_MAX: String(ALL),
  });
  const { from } = attack;
  let owner: { authenticator: SoftAuthenticator; credentialId: string; email: string };

  beforeAll(async () => {
    const client = from(1);
    const email = uniqueEmail('passkey-limits');
    const token = await activatedAccount(client, email);
    const options = (
      await client.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token))
    ).body.options as PublicKeyCredentialCreationOptionsJSON;
    const authenticator = new SoftAuthenticator(`http://localhost:${attack.server.port}`);
    const response = authenticator.register(options);
    const added = await client.post(API_PATHS.addPasskey, { response, name: 'Key' }, bearer(token));
    expect(added.status).toBe(201);
    owner = { authenticator, credentialId: response.id, email };
  });

  /** `count` request options, asked for from `address`. */
  async function optionsFrom(address: number, count: number) {
    const answers = await Promise.all(
      Array.from({ length: count }, () => from(address).post(API_PATHS.passkeyLoginOptions)),
    );
    expect(tally(answers)).toEqual({ 200: count });
    return answers.map((answer) => answer.body.options as PublicKeyCredentialRequestOptionsJSON);
  }

  /** Signatures by the owner's passkey sent through another site: each one fails its check. */
  const phished = (options: PublicKeyCredentialRequestOptionsJSON) => ({
    response: owner.authenticator.sign(options, owner.credentialId, {
      origin: 'https://accounts.example.evil',
    }),
  });

  // The two tests share the budget across addresses: the second finds what the first left.
  it(`gives 200 parallel bad signatures from one address exactly ${PER_ADDRESS} checks`, async () => {
    const options = await optionsFrom(90, 200);
    const attacker = from(2);
    const answers = await Promise.all(
      options.map((each) => attacker.post(API_PATHS.passkeyLogin, phished(each))),
    );
    expect(tally(answers)).toEqual({ 401: PER_ADDRESS, 429: 200 - PER_ADDRESS });
    for (const seconds of retryAfters(answers)) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }
  });

  it(`gives signatures spread over many addresses ${ALL} checks in all, then refuses everyone's`, async () => {
    const left = ALL - PER_ADDRESS;
    const options = await optionsFrom(91, 100);
    const answers = await Promise.all(
      options.map((each, i) => from(10 + (i % 10)).post(API_PATHS.passkeyLogin, phished(each))),
    );
    expect(tally(answers)).toEqual({ 401: left, 429: 100 - left });
    // The owner's own passkey waits for the window too; the password still signs in.
    const [mine] = await optionsFrom(92, 1);
    const refused = await from(3).post(API_PATHS.passkeyLogin, {
      response: owner.authenticator.sign(mine!, owner.credentialId),
    });
    expect(refused.status).toBe(429);
    const login = await from(3).post(API_PATHS.login, {
      email: owner.email,
      password: OWNER_PASSWORD,
    });
    expect(login.status).toBe(200);
  });
});
