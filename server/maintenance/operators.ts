// `operator grant EMAIL | revoke EMAIL | list`: who may use the operator API. Only here, with the
// server's own environment (its database), never through the API: whoever can run this already
// holds the database.
import type { Kysely } from 'kysely';

import { normalizeEmail } from '../../contract/schemas';
import type { Database } from '../db/schema';
import { grantOperator, listOperators, revokeOperator } from '../repo/operators';

export const OPERATOR_USAGE = 'Usage: npm run operator -- grant EMAIL | revoke EMAIL | list';

interface Io {
  out(line: string): void;
  err(line: string): void;
}

/** Runs one operator command on `db`; resolves with the exit code. */
export async function operatorCommand(
  db: Kysely<Database>,
  args: string[],
  io: Io,
  nowSeconds: number,
): Promise<number> {
  const [verb, address] = args;
  if (verb === 'list' && args.length === 1) {
    const operators = await listOperators(db);
    if (operators.length === 0) io.out('No operators.');
    for (const { email, operator_at: since } of operators) {
      io.out(`${JSON.stringify(email)} since ${new Date(since * 1000).toISOString()}`);
    }
    return 0;
  }
  if ((verb !== 'grant' && verb !== 'revoke') || address === undefined || args.length !== 2) {
    io.err(OPERATOR_USAGE);
    return 2;
  }
  const email = normalizeEmail(address);
  // Quoted: the address is whatever its owner typed, printed in a terminal.
  const shown = JSON.stringify(email);
  if (verb === 'grant') {
    const outcome = await grantOperator(db, email, nowSeconds);
    if (outcome === 'unknown') {
      io.err(`No activated account has the email ${shown}.`);
      return 1;
    }
    io.out(
      outcome === 'granted' ? `${shown} is an operator now.` : `${shown} already is an operator.`,
    );
    return 0;
  }
  io.out(
    (await revokeOperator(db, email))
      ? `${shown} is no longer an operator.`
      : `${shown} was not an operator: nothing changed.`,
  );
  return 0;
}
