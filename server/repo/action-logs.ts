// Activity logs sent to support: stored by reference, listed and read back by the replay CLI.
import { randomBytes } from 'node:crypto';

import { sql, type Insertable, type Kysely } from 'kysely';

import { decodeLog } from '../../contract/action-log';
import { FUNNEL, indexLog, type LogIndex } from '../../contract/action-log-index';
import { hasControlCharacters, printable } from '../../contract/printable';
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

/**
 * The version of the index the columns hold. Raise it when `indexLog` or `indexColumns` change
 * what they keep: the server (and the replay command) index every upload of a lower version again
 * (`reindexActionLogs`), so the old and the new are never counted together.
 */
export const ACTION_LOG_INDEX_VERSION = 2;

/** What `summary` holds. */
export interface StoredSummary extends Pick<LogIndex, 'failures' | 'funnel'> {
  /** The accounts the upload is tied to (the sender's session, those the server saw the tab use). */
  userIds: string[];
  /** The stays on each path, ms, in order (LogIndex's visits, grouped: read fast for --stats). */
  stays: Record<string, number[]>;
}

/** The visits grouped by path (an object without a prototype: a path is someone's text). */
function staysOf(visits: LogIndex['visits']): StoredSummary['stays'] {
  const stays: StoredSummary['stays'] = Object.create(null) as StoredSummary['stays'];
  for (const [path, ms] of visits) (stays[path] ??= []).push(ms);
  return stays;
}

/** The tokens `--failed` matches (`failure_codes`), each failure's and each of its fields'. */
function failureTokens(failures: LogIndex['failures']): string {
  const tokens = new Set<string>();
  for (const [failure, { fields }] of Object.entries(failures)) {
    const endpoint = failure.slice(0, failure.indexOf(':'));
    tokens.add(failure).add(failure.slice(endpoint.length + 1));
    for (const field of Object.keys(fields)) {
      const code = field.slice(field.indexOf(':') + 1);
      tokens.add(`${endpoint}:${code}`).add(code);
    }
  }
  return tokens.size > 0 ? ` ${[...tokens].map(printable).join(' ')} ` : '';
}

/** A log's text as a column holds it: its control characters (NUL too) as visible escapes. */
const column = (text: string | null) => (text === null ? null : printable(text));

/** The index's columns of an upload (migrations 008 and 016). */
export function indexColumns(index: LogIndex, device: string | null, userIds: string[]) {
  return {
    started_at: index.startedAt,
    duration_ms: index.durationMs,
    app_version: column(index.appVersion),
    locale: column(index.locale),
    device,
    signed_in: index.signedIn ? 1 : 0,
    last_path: column(index.lastPath),
    failure_codes: failureTokens(index.failures),
    reloads: index.reloads,
    summary: JSON.stringify({
      userIds,
      failures: index.failures,
      funnel: index.funnel,
      stays: staysOf(index.visits),
    } satisfies StoredSummary),
    index_version: ACTION_LOG_INDEX_VERSION,
  } satisfies Partial<Insertable<ActionLogsTable>>;
}

/**
 * The accounts an upload is tied to: the one whose session sent it, and each account whose
 * session the server saw this tab use (an accepted request with a session, under one of the log's
 * ids), such as a visitor who logged out before sending. A user id the log itself names is the
 * sender's word, and ties nothing.
 */
async function tiedUsers(
  db: Kysely<Database>,
  senderId: string | null,
  logIds: readonly string[],
): Promise<string[]> {
  const seen =
    logIds.length === 0
      ? []
      : await db
          .selectFrom('auth_events')
          .select('user_id')
          .distinct()
          .where('log_id', 'in', logIds.slice(0, 100))
          .where('outcome', '=', 'accepted')
          .where('session_id', 'is not', null)
          .where('user_id', 'is not', null)
          .execute();
  const ids = [...new Set([...(senderId ? [senderId] : []), ...seen.map((row) => row.user_id!)])];
  if (ids.length === 0) return [];
  const known = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
  return ids.filter((id) => known.some((user) => user.id === id));
}

/** Ties an upload to exactly these accounts (unlinking one never deletes the upload). */
async function tie(db: Kysely<Database>, reference: string, userIds: string[]): Promise<void> {
  let unlink = db.deleteFrom('action_log_users').where('reference', '=', reference);
  if (userIds.length > 0) unlink = unlink.where('user_id', 'not in', userIds);
  await unlink.execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('action_log_users')
    .values(userIds.map((userId) => ({ reference, user_id: userId })))
    .onConflict((conflict) => conflict.columns(['reference', 'user_id']).doNothing())
    .execute();
}

export async function insertActionLog(
  db: Kysely<Database>,
  upload: {
    /** The account whose session sent it; null for a guest. */
    userId: string | null;
    now: number;
    body: string;
    index: LogIndex;
    device: string | null;
  },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // A log id with a control character is no tab's (and PostgreSQL cannot even compare a NUL).
    const logIds = upload.index.logIds.filter((id) => !hasControlCharacters(id));
    const userIds = await tiedUsers(trx, upload.userId, logIds);
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
          ...indexColumns(upload.index, upload.device, userIds),
        })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .executeTakeFirst();
      if (numInsertedOrUpdatedRows === 0n) {
        if (attempt >= 4) throw new Error('no free action-log reference');
        continue;
      }
      await trx.insertInto('action_log_bodies').values({ reference, body: upload.body }).execute();
      await tie(trx, reference, userIds);
      return reference;
    }
  });
}

/**
 * Indexes again, a few at a time, every upload whose index is of an earlier version (or none):
 * its columns and the accounts it is tied to. Safe to run in several processes at once (each
 * writes the same). Returns how many it indexed.
 */
export async function reindexActionLogs(
  db: Kysely<Database>,
  options: { batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? 50;
  let done = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('action_logs')
      .innerJoin('action_log_bodies', 'action_log_bodies.reference', 'action_logs.reference')
      .select(['action_logs.reference', 'user_id', 'body', 'device'])
      .where('index_version', '<', ACTION_LOG_INDEX_VERSION)
      .where('action_logs.reference', '>', after)
      .orderBy('action_logs.reference')
      .limit(batch)
      .execute();
    if (rows.length === 0) return done;
    for (const row of rows) {
      let index: LogIndex | undefined;
      try {
        index = indexLog(decodeLog(row.body));
      } catch {
        // Stored by an earlier server that read it; kept, without an index, and asked no more.
      }
      await db.transaction().execute(async (trx) => {
        const userIds = await tiedUsers(trx, row.user_id, index?.logIds ?? []);
        await trx
          .updateTable('action_logs')
          .set(
            index
              ? indexColumns(index, row.device, userIds)
              : { index_version: ACTION_LOG_INDEX_VERSION },
          )
          .where('reference', '=', row.reference)
          .execute();
        await tie(trx, row.reference, userIds);
      });
      done += 1;
    }
    after = rows.at(-1)!.reference;
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
  /** The uploader, when signed in as it sent. */
  userId: string | null;
  createdAt: number;
  size: number;
  startedAt: number | null;
  durationMs: number | null;
  appVersion: string | null;
  locale: string | null;
  device: string | null;
  /** Whether the log says a session was open at some point. */
  signedIn: boolean;
  /** The accounts it is tied to: the sender's session, those the server saw this tab use. */
  userIds: string[];
  lastPath: string | null;
  failures: LogIndex['failures'];
  reloads: number | null;
}

export interface ActionLogFilter {
  /** The log started at or after, Unix ms. */
  since?: number;
  /** The log started before, Unix ms. */
  until?: number;
  /** Met this failure: `endpoint:CODE` or `CODE`, a failure's own or a field code within one. */
  failed?: string;
  /** The last path. */
  stoppedAt?: string;
}

function parseSummary(summary: string | null): StoredSummary {
  const empty: StoredSummary = {
    userIds: [],
    failures: {},
    funnel: Object.fromEntries(FUNNEL.map((step) => [step, null])) as StoredSummary['funnel'],
    stays: {},
  };
  if (!summary) return empty;
  try {
    return { ...empty, ...(JSON.parse(summary) as Partial<StoredSummary>) };
  } catch {
    return empty;
  }
}

/** What `--failed` takes: `CODE` or `endpoint:CODE`, each a word. */
export const FAILURE_FILTER = /^(?:[\w-]{1,64}:)?[\w-]{1,64}$/;

function filtered(db: Kysely<Database>, filter: ActionLogFilter) {
  let query = db.selectFrom('action_logs');
  if (filter.since !== undefined) query = query.where('started_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('started_at', '<', filter.until);
  if (filter.failed !== undefined) {
    // A token of words (`verifyAccount:INVALID_CODE`), LIKE's wildcards taken as themselves.
    const token = filter.failed.replace(/[\\%_]/g, (char) => `\\${char}`);
    query = FAILURE_FILTER.test(filter.failed)
      ? query.where(sql<boolean>`failure_codes like ${`% ${token} %`} escape '\\'`)
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
        'signed_in',
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
        signedIn: row.signed_in === 1,
        userIds: summary.userIds,
        lastPath: row.last_path,
        failures: summary.failures,
        reloads: nullable(row.reloads),
      };
    }),
  };
}

/** How many uploads match. */
export async function countActionLogs(
  db: Kysely<Database>,
  filter: ActionLogFilter,
): Promise<number> {
  const { total } = await filtered(db, filter)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return Number(total);
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
    .selectFrom('action_log_bodies')
    .select('body')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row?.body;
}
