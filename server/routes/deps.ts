import type { Kysely } from 'kysely';

import type { PasswordHasher } from '../auth/passwords';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';

/** What the route handlers need; built once per server in app.ts. */
export interface RouteDeps {
  config: Config;
  db: Kysely<Database>;
  passwords: PasswordHasher;
  mailer: Mailer;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
