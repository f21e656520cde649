// Bad passkey signatures in parallel bursts: each checked one takes its point first from the
// client address's login failures, so a burst gets exactly the limit's worth of checks, on each
// counter store. No budget is shared by every address: junk from many addresses (as 1,050 bodies
// from 21 addresses once spent a budget across all of them, and switched passkey sign-in off for
// every owner for 15 minutes) costs each sender its own address's budget, never the owners.
import { randomBytes } from 'node:crypto';

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

import { API_PATHS } from '../../../contract/api';
import { COUNTER_ENGINES, serverUnderAttack } from '../../../testing/server/abuse/abuseServer';
import { activatedAccount, bearer, uniqueEmail } from '../../../testing/server/abuse/accounts';
import { retryAfters, tally } from '../../../testing/server/abuse/attack';
import { SoftAuthenticator } from '../../../testing/server/authenticator';

/** Failed logins per client address: the default. */
const PER_ADDRESS = 50;
/** Addresses sending junk at once. */
const SENDERS = 21;

describe.each(COUNTER_ENGINES)('passkey limits on %s', (_name, makeSetup) => {
  // Every junk body on its own connection at once: more than the default cap of connections.
  const attack = serverUnderAttack(makeSetup, {
    PASSWORD_HASH_QUEUE: '1000',
    MAX_CONNECTIONS: '4096',
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

  it(`gives junk from ${SENDERS} addresses ${PER_ADDRESS} checks each, and never stops the owner`, async () => {
    const junk = () => ({
      response: {
        id: randomBytes(32).toString('base64url'),
        rawId: randomBytes(32).toString('base64url'),
        type: 'public-key',
        response: {
          clientDataJSON: randomBytes(120).toString('base64url'),
          authenticatorData: randomBytes(37).toString('base64url'),
          signature: randomBytes(64).toString('base64url'),
        },
        clientExtensionResults: {},
      },
    });
    const senders = Array.from({ length: SENDERS }, (_, i) => from(20 + i));
    const bodies = SENDERS * (PER_ADDRESS + 10);
    const answers = await Promise.all(
      Array.from({ length: bodies }, (_, i) =>
        senders[i % SENDERS]!.post(API_PATHS.passkeyLogin, junk()),
      ),
    );
    expect(tally(answers)).toEqual({ 401: SENDERS * PER_ADDRESS, 429: SENDERS * 10 });
    // The owner's own passkey signs in, from any address, and a new passkey can be added.
    const [mine] = await optionsFrom(92, 1);
    const signedIn = await from(3).post(API_PATHS.passkeyLogin, {
      response: owner.authenticator.sign(mine!, owner.credentialId),
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    const options = (
      await from(3).post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token))
    ).body.options as PublicKeyCredentialCreationOptionsJSON;
    const response = owner.authenticator.register(options);
    const added = await from(3).post(
      API_PATHS.addPasskey,
      { response, name: 'Second' },
      bearer(token),
    );
    expect(added.status).toBe(201);
  });
});
