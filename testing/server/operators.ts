// What the operator and locked-account suites share: the two set-ups they run on (SQLite alone,
// PostgreSQL with Redis, as several processes share them), and accounts made through the API.
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';

import { API_PATHS } from '../../contract/api';
import { buildApp, type ServerOptions } from '../../server/app';
import { activatedSession, bearer, uniqueEmail } from './abuse/accounts';
import { SoftAuthenticator } from './authenticator';
import { ApiClient } from './client';
import { testConfig } from './config';
import { postgres, sqlite, type Engine } from './engines';
import { deleteRedisPrefix, REDIS_URL, requireRedis, testRedisPrefix } from './redis';

export const ORIGIN = 'http://localhost:8080';

/** PostgreSQL with the limits' counters in Redis. */
const postgresRedis: Engine = {
  name: 'PostgreSQL and Redis',
  async setUp() {
    await requireRedis();
    const prefix = testRedisPrefix();
    const place = await postgres.setUp();
    return {
      ...place,
      env: { ...place.env, REDIS_URL, REDIS_PREFIX: prefix },
      tearDown: async () => {
        await place.tearDown();
        await deleteRedisPrefix(prefix);
      },
    };
  },
};

export const OPERATOR_ENGINES: [string, Engine][] = [
  [sqlite.name, sqlite],
  [postgresRedis.name, postgresRedis],
];

export interface OperatorApp {
  app: FastifyInstance;
  api: ApiClient;
  /** The database's place and environment, for a command run beside the server. */
  config: ReturnType<typeof testConfig>;
  /** Where the database is, as a command beside the server is given it (replayCli). */
  place: { dataDir: string; env: NodeJS.ProcessEnv };
  stop(): Promise<void>;
}

export async function operatorApp(
  engine: Engine,
  env: NodeJS.ProcessEnv = {},
  options: ServerOptions = {},
): Promise<OperatorApp> {
  const place = await engine.setUp();
  const config = testConfig(place.dataDir, {
    ...place.env,
    PUBLIC_URL: ORIGIN,
    CODE_GUESSES_PER_ADDRESS_MAX: '1000',
    PASSWORD_HASH_QUEUE: '1000',
    RATE_LIMIT_SIGNUP_MAX: '1000',
    ...env,
  });
  const app = await buildApp(config, options);
  await app.ready();
  return {
    app,
    api: ApiClient.inject(app),
    config,
    place: { dataDir: place.dataDir, env: place.env },
    stop: async () => {
      await app.close();
      await place.tearDown();
    },
  };
}

export const PASSWORD = 'an operator passphrase';

/** A TOTP code of `secret` at `nowMs`. */
export const totpAt = (secret: string, nowMs: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: nowMs });

export async function signedUp(api: ApiClient, label: string) {
  const email = uniqueEmail(label);
  return { email, ...(await activatedSession(api, email, PASSWORD)) };
}

/** Adds a passkey to the account of `token` (confirming the session with the password first). */
export async function passkeyAdded(api: ApiClient, token: string) {
  const confirmed = await api.post(API_PATHS.confirm, { password: PASSWORD }, bearer(token));
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  const options = await api.post(API_PATHS.passkeyRegistrationOptions, undefined, bearer(token));
  const authenticator = new SoftAuthenticator(ORIGIN);
  const response = authenticator.register(options.body.options);
  const added = await api.post(API_PATHS.addPasskey, { response, name: 'Laptop' }, bearer(token));
  if (added.status !== 201) throw new Error(`adding a passkey answered ${added.status}`);
  return { authenticator, credentialId: response.id };
}

/** Signs with the passkey over fresh options of `path` (a sign-in's, or a confirmation's). */
export async function passkeySignature(
  api: ApiClient,
  held: { authenticator: SoftAuthenticator; credentialId: string },
  optionsPath: string,
  headers?: Record<string, string>,
) {
  const options = await api.post(optionsPath, undefined, headers);
  if (options.status !== 200) throw new Error(`options answered ${options.status}`);
  const request = options.body.options as PublicKeyCredentialRequestOptionsJSON;
  return held.authenticator.sign(request, held.credentialId);
}
