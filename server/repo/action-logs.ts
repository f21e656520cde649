// Activity logs sent to support: stored by reference, listed and read back by the replay CLI.
import { randomBytes } from 'node:crypto';

import { sql, type Kysely } from 'kysely';

import { FUNNEL, type LogIndex } from '../../contract/action-log-index';
import type { ActionLogsTable, Database } from '../db/schema';

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

/** The index's columns of an upload (migration 008). */
export function indexColumns(index: LogIndex, device: string | null) {
  const codes = Object.keys(index.failures);
  return {
    started_at: index.startedAt,
    duration_ms: index.durationMs,
    app_version: index.appVersion,
    locale: index.locale,
    device,
    signed_in: index.userIds.length > 0 ? 1 : 0,
    last_path: index.lastPath,
    failure_codes: codes.length > 0 ? ` ${codes.join(' ')} ` : '',
    reloads: index.reloads,
    summary: JSON.stringify({
      userIds: index.userIds,
      failures: index.failures,
      funnel: index.funnel,
      visits: index.visits,
    } satisfies StoredSummary),
  } satisfies Partial<ActionLogsTable>;
}

/** What `summary` holds. */
export type StoredSummary = Pick<LogIndex, 'userIds' | 'failures' | 'funnel' | 'visits'>;

export async function insertActionLog(
  db: Kysely<Database>,
  upload: {
    userId: string | null;
    now: number;
    body: string;
    index: LogIndex;
    device: string | null;
  },
): Promise<string> {
  // Every user the upload holds that has an account: deleting any of them deletes the upload.
  const ids = [...new Set([...upload.index.userIds, ...(upload.userId ? [upload.userId] : [])])];
  return db.transaction().execute(async (trx) => {
    // 40 bits: a collision is rare, and a retry with another reference settles it.
    for (let attempt = 0; ; attempt += 1) {
      const reference = newReference();
      const { numInsertedOrUpdatedRows } = await trx
        .insertInto('action_logs')
        .values({
          reference,
          user_id: upload.userId,
          created_at: upload.now,
          size: Buffer.byteLength(upload.body),
          body: upload.body,
          ...indexColumns({ ...upload.index, userIds: ids }, upload.device),
        })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows === 0n) {
        if (attempt >= 4) throw new Error('no free action-log reference');
        continue;
      }
      if (ids.length > 0) {
        await trx
          .insertInto('action_log_users')
          .columns(['reference', 'user_id'])
          .expression((eb) =>
            eb
              .selectFrom('users')
              .select([eb.val(reference).as('reference'), 'users.id'])
              .where('users.id', 'in', ids),
          )
          .execute();
      }
      return reference;
    }
  });
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
  /** The uploader, when signed in as it sent. */
  userId: string | null;
  createdAt: number;
  size: number;
  startedAt: number | null;
  durationMs: number | null;
  appVersion: string | null;
  locale: string | null;
  device: string | null;
  /** Every user id the log holds (empty: never signed in). */
  userIds: string[];
  lastPath: string | null;
  failures: Record<string, number>;
  reloads: number | null;
}

export interface ActionLogFilter {
  /** The log started at or after, Unix ms. */
  since?: number;
  /** The log started before, Unix ms. */
  until?: number;
  /** Met this failure code. */
  failed?: string;
  /** The last path. */
  stoppedAt?: string;
}

function parseSummary(summary: string | null): StoredSummary {
  const empty: StoredSummary = {
    userIds: [],
    failures: {},
    funnel: Object.fromEntries(FUNNEL.map((step) => [step, false])) as StoredSummary['funnel'],
    visits: [],
  };
  if (!summary) return empty;
  try {
    return { ...empty, ...(JSON.parse(summary) as Partial<StoredSummary>) };
  } catch {
    return empty;
  }
}

function filtered(db: Kysely<Database>, filter: ActionLogFilter) {
  let query = db.selectFrom('action_logs');
  if (filter.since !== undefined) query = query.where('started_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('started_at', '<', filter.until);
  if (filter.failed !== undefined) {
    // Codes are words (INVALID_CODE), among which LIKE's `_` matches itself; anything else is
    // no code and matches nothing.
    const code = filter.failed;
    query = /^\w+$/.test(code)
      ? query.where('failure_codes', 'like', `% ${code} %`)
      : query.where(sql<boolean>`1 = 0`);
  }

  if (filter.stoppedAt !== undefined) query = query.where('last_path', '=', filter.stoppedAt);
  return query;
}

/** The uploads that match, latest first, a page at a time, with how many match in all. */
export async function listActionLogs(
  db: Kysely<Database>,
  options: ActionLogFilter & { limit: number; offset?: number },
): Promise<{ total: number; uploads: ActionLogSummary[] }> {
  const [rows, counted] = await Promise.all([
    filtered(db, options)
      .select([
        'reference',
        'user_id',
        'created_at',
        'size',
        'started_at',
        'duration_ms',
        'app_version',
        'locale',
        'device',
        'last_path',
        'reloads',
        'summary',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('reference')
      .limit(options.limit)
      .offset(options.offset ?? 0)
      .execute(),
    filtered(db, options)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const nullable = (value: number | null) => (value === null ? null : Number(value));
  return {
    total: Number(counted.total),
    uploads: rows.map((row) => {
      const summary = parseSummary(row.summary);
      return {
        reference: row.reference,
        userId: row.user_id,
        createdAt: Number(row.created_at),
        size: Number(row.size),
        startedAt: nullable(row.started_at),
        durationMs: nullable(row.duration_ms),
        appVersion: row.app_version,
        locale: row.locale,
        device: row.device,
        userIds: summary.userIds,
        lastPath: row.last_path,
        failures: summary.failures,
        reloads: nullable(row.reloads),
      };
    }),
  };
}

/** What `--stats` counts: each matching upload's index, without its body. */
export async function actionLogIndexes(
  db: Kysely<Database>,
  filter: ActionLogFilter,
): Promise<Array<StoredSummary & { lastPath: string | null }>> {
  const rows = await filtered(db, filter).select(['last_path', 'summary']).execute();
  return rows.map((row) => ({ ...parseSummary(row.summary), lastPath: row.last_path }));
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
