// Activity logs sent to support: stored by reference, listed and read back by the replay CLI.
import { randomBytes } from 'node:crypto';

import type { Kysely } from 'kysely';

import type { Database } from '../db/schema';

/** 32 symbols, none that reads like another (no 0/O, 1/I): 5 random bits each. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** How long an upload is kept. */
export const ACTION_LOG_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Eight symbols (40 bits) as `XXXX-XXXX`, short enough to read out over the phone. */
export function newReference(): string {
  const symbols = [...randomBytes(8)].map((byte) => REFERENCE_ALPHABET[byte & 31]);
  return `${symbols.slice(0, 4).join('')}-${symbols.slice(4).join('')}`;
}

/** A reference as someone typed it: any case, with or without the dash, spaces ignored. */
export function normalizeReference(input: string): string | undefined {
  const compact = input.replace(/[\s-]/g, '').toUpperCase();
  const reference = `${compact.slice(0, 4)}-${compact.slice(4)}`;
  return REFERENCE_PATTERN.test(reference) ? reference : undefined;
}

export async function insertActionLog(
  db: Kysely<Database>,
  upload: { userId: string | null; now: number; body: string },
): Promise<string> {
  // 40 bits: a collision is rare, and a retry with another reference settles it.
  for (let attempt = 0; ; attempt += 1) {
    const reference = newReference();
    const { numInsertedOrUpdatedRows } = await db
      .insertInto('action_logs')
      .values({
        reference,
        user_id: upload.userId,
        created_at: upload.now,
        size: Buffer.byteLength(upload.body),
        body: upload.body,
      })
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .executeTakeFirst();
    if (numInsertedOrUpdatedRows !== 0n || attempt >= 4) {
      if (numInsertedOrUpdatedRows === 0n) throw new Error('no free action-log reference');
      return reference;
    }
  }
}

/** Deletes the uploads older than the time to keep them; returns how many. */
export async function deleteExpiredActionLogs(db: Kysely<Database>, now: number): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom('action_logs')
    .where('created_at', '<', now - ACTION_LOG_TTL_SECONDS)
    .executeTakeFirst();
  return Number(numDeletedRows);
}

export interface ActionLogSummary {
  reference: string;
  userId: string | null;
  createdAt: number;
  size: number;
}

/** The latest uploads first. */
export async function listActionLogs(
  db: Kysely<Database>,
  limit: number,
): Promise<ActionLogSummary[]> {
  const rows = await db
    .selectFrom('action_logs')
    .select(['reference', 'user_id', 'created_at', 'size'])
    .orderBy('created_at', 'desc')
    .orderBy('reference')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    reference: row.reference,
    userId: row.user_id,
    createdAt: Number(row.created_at),
    size: Number(row.size),
  }));
}

export async function findActionLog(
  db: Kysely<Database>,
  reference: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('action_logs')
    .select('body')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row?.body;
}
