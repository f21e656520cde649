// The resources every route reaches through the Fastify instance (`app.db`, `app.passwords`,
// `app.clock`, `app.config`), instead of a dependency object handed to each route.
import type { Server } from 'node:http';

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import type { PasswordHasher } from '../auth/passwords';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { linkMaker, type JobContext } from '../mail/jobs';

/** The server's only reading of the time: tests can give one of their own. */
export interface Clock {
  /** Unix seconds. */
  nowSeconds(): number;
  /** Unix milliseconds. */
  nowMs(): number;
}

export const systemClock: Clock = {
  nowSeconds: () => Math.floor(Date.now() / 1000),
  nowMs: () => Date.now(),
};

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    passwords: PasswordHasher;
    clock: Clock;
    /** A link into the app under PUBLIC_URL (JobContext['link'], mail/jobs.ts). */
    link: JobContext['link'];
  }
}

function listeningPort(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the server has no port');
  return address.port;
}

export interface ResourceOptions {
  config: Config;
  db: Kysely<Database>;
  passwords: PasswordHasher;
  clock?: Clock;
}

const resources: FastifyPluginAsync<ResourceOptions> = async (app, options) => {
  app.decorate('config', options.config);
  app.decorate('db', options.db);
  app.decorate('passwords', options.passwords);
  app.decorate('clock', options.clock ?? systemClock);
  // Read once listening: a closing server no longer has an address, and may still send mail.
  let base = options.config.publicUrl;
  app.addHook('onListen', async () => {
    base ??= `http://localhost:${listeningPort(app.server)}`;
  });
  app.decorate(
    'link',
    linkMaker(() => base),
  );
};

export default fp(resources, { name: 'resources', fastify: '5.x' });
