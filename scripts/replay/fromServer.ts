// `npm run replay -- --list` and `npm run replay -- --ref REFERENCE [--at N] [--json] [--check]`:
// activity logs sent to support, read straight from the server's database with the server's own
// settings (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import type { Kysely } from 'kysely';

import { decodeLog } from '../../contract/action-log';
import { FORM_REFUSED } from '../../contract/action-log-index';
import { ERROR_CODES, FIELD_ERROR_CODES } from '../../contract/codes';
import type { EndpointSpec } from '../../contract/endpoints';
import { printable } from '../../contract/printable';
import { ROUTES } from '../../contract/routes';
import { allEndpoints } from '../../features/endpoints.server';
import { authEventsOfLog } from '../../server/auth/auth-event-queries';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { computeFunnel } from '../../server/funnel/funnel';
import {
  actionLogIndexes,
  countActionLogs,
  FAILURE_FILTER,
  findActionLog,
  listActionLogs,
  normalizeReference,
  reindexActionLogs,
  type ActionLogFilter,
  type ActionLogSummary,
} from '../../server/repo/action-logs';
import { requestIdsOf, type ServerEvent } from '../../store/actionLog/serverEvents';

import { formatFunnel, funnelPeriodOf, parseFunnelArgs } from './funnel';
import { computeStats, formatStats } from './stats';
import { textTable } from './textTable';

/** How many uploads --list shows by default, newest first. */
export const LIST_LIMIT = 50;

export const SERVER_USAGE =
  'usage: npm run replay -- --list [FILTERS] [--limit N] [--page N] [--json] | --stats [FILTERS] [--json] | --funnel [--from DAY] [--to DAY] [--json] | --ref REFERENCE [--at N] [--json] [--check] [--page] [--out FILE]';

/** A one-line reason to print and exit 2 with. */
class ServerError extends Error {}

function serverConfig() {
  try {
    // Replay sets NODE_ENV=production for speed; the database settings do not depend on it, and
    // a production check of the mail settings must not stop a reader.
    return loadConfig({ ...process.env, NODE_ENV: undefined });
  } catch (error) {
    throw new ServerError((error as Error).message);
  }
}

async function withDatabase<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const config = serverConfig();
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
    throw new ServerError(
      `no server database at ${config.database.file} (set DATA_DIR, or DATABASE_URL)`,
    );
  }
  const db = await openDatabase(config.database);
  try {
    return await read(db);
  } catch (error) {
    if (error instanceof ServerError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/action_logs/.test(message) && /exist|no such table/i.test(message)) {
      throw new ServerError('the server database has no uploads yet (start the server once)');
    }
    if (/index_version|started_at/.test(message)) {
      throw new ServerError(
        'the server database is older than this replay (start the server once: it migrates)',
      );
    }
    throw new ServerError(`cannot read the server database (${message})`);
  } finally {
    await db.destroy();
  }
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

function time(ms: number | null): string {
  return ms === null ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function duration(ms: number | null): string {
  if (ms === null) return '-';
  const total = Math.round(ms / 1000);
  return total < 60 ? `${total} s` : `${Math.floor(total / 60)} min ${total % 60} s`;
}

/**
 * Who was signed in: the accounts the upload is tied to; `unconfirmed` when the log says a session
 * was open but the server saw no account of its; `guest` when never.
 */
function signedInWords(upload: ActionLogSummary): string {
  if (upload.userIds.length > 0) return `user ${upload.userIds.join(', user ')}`;
  return upload.signedIn ? 'unconfirmed' : 'guest';
}

/** `verifyAccount:INVALID_CODE x2, signup:VALIDATION (password:COMMON_PASSWORD)`. */
function failureWords(failures: ActionLogSummary['failures']): string {
  const words = Object.entries(failures).map(([failure, { times, fields }]) => {
    const within = Object.entries(fields).map(([field, n]) => (n > 1 ? `${field} x${n}` : field));
    return `${failure}${times > 1 ? ` x${times}` : ''}${within.length > 0 ? ` (${within.join(', ')})` : ''}`;
  });
  return words.join(', ') || '-';
}

export interface ListPage {
  total: number;
  page: number;
  limit: number;
  uploads: ActionLogSummary[];
}

export function formatList({ total, page, limit, uploads }: ListPage): string {
  const pages = Math.max(1, Math.ceil(total / limit));
  const footer = `${uploads.length} of ${total} ${total === 1 ? 'upload' : 'uploads'} (page ${page} of ${pages})`;
  if (uploads.length === 0) return `no uploads match\n${footer}\n`;
  const rows = uploads.map((upload) => [
    upload.reference,
    time(upload.createdAt * 1000),
    size(upload.size),
    time(upload.startedAt),
    duration(upload.durationMs),
    upload.appVersion ?? '-',
    upload.locale ?? '-',
    upload.device ?? '-',
    signedInWords(upload),
    upload.lastPath ?? '-',
    failureWords(upload.failures),
    upload.reloads === null ? '-' : String(upload.reloads),
  ]);
  const header = [
    'reference',
    'sent',
    'size',
    'started',
    'length',
    'app',
    'lang',
    'device',
    'signed in',
    'last path',
    'failures',
    'reloads',
  ];
  return `${[...textTable(header, rows, [2, 4, 11]), footer].join('\n')}\n`;
}

/** `2026-11-24`, `2026-11-24T06:00Z`, or a time ago: `90m`, `12h`, `7d`. */
function parseTime(option: string, value: string | undefined): number {
  if (value === undefined || value.startsWith('--')) {
    throw new ServerError(`${option} needs a date (2026-11-24, 2026-11-24T06:00Z) or 12h, 7d`);
  }
  const ago = /^(\d+)([mhd])$/.exec(value);
  if (ago) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[ago[2] as 'm' | 'h' | 'd'];
    return Date.now() - Number(ago[1]) * unit;
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ServerError(`${option} ${value} is not a date`);
  return ms;
}

function positive(option: string, value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,6}$/.test(value)) {
    throw new ServerError(`${option} needs a whole number from 1`);
  }
  return Number(value);
}

interface Query extends ActionLogFilter {
  limit: number;
  page: number;
  json: boolean;
}

/** The endpoints, forms and views a failure is named by, and the codes it can have. */
const KNOWN_PLACES = new Set<string>([
  ...Object.keys(allEndpoints),
  ...Object.values<EndpointSpec>(allEndpoints).flatMap((spec) => spec.form ?? []),
  ...Object.keys(ROUTES).map((view) => `${view}-view`),
]);
const KNOWN_CODES = new Set<string>([
  ...ERROR_CODES,
  ...FIELD_ERROR_CODES,
  FORM_REFUSED,
  'VIEW_BROKE',
  'VIEW_NOT_LOADED',
  'FETCH_ERROR',
  'TIMEOUT_ERROR',
  'PARSING_ERROR',
  'CUSTOM_ERROR',
  'ERROR',
]);

/** Whether this replay knows the filter's words (an HTTP status is a code too). */
function knownFailure(filter: string): boolean {
  const [place, code] = filter.includes(':') ? filter.split(':') : [undefined, filter];
  const knownCode = KNOWN_CODES.has(code!) || /^[1-5]\d\d$/.test(code!);
  return knownCode && (place === undefined || KNOWN_PLACES.has(place));
}

/** --list's and --stats's options; anything else, or an option given twice, is refused. */
function parseQuery(command: '--list' | '--stats', args: string[]): Query {
  const query: Query = { limit: LIST_LIMIT, page: 1, json: false };
  const given = new Set<string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = args[i + 1];
    if (arg === command) continue;
    if (given.has(arg)) throw new ServerError(`${arg} is given twice; give it once`);
    given.add(arg);
    if (arg === '--json') query.json = true;
    else if (arg === '--since') query.since = parseTime(arg, value);
    else if (arg === '--until') query.until = parseTime(arg, value);
    else if (arg === '--failed') {
      if (value === undefined || value.startsWith('--')) {
        throw new ServerError('--failed needs a code: INVALID_CODE, or verifyAccount:INVALID_CODE');
      }
      if (!FAILURE_FILTER.test(value)) {
        throw new ServerError(
          `--failed takes one code, INVALID_CODE, or an endpoint and its code, verifyAccount:INVALID_CODE; not ${value}`,
        );
      }
      query.failed = value;
    } else if (arg === '--stopped-at') {
      if (value === undefined || !value.startsWith('/')) {
        throw new ServerError('--stopped-at needs a path such as /user/verify-account');
      }
      query.stoppedAt = value;
    } else if (command === '--list' && arg === '--limit') query.limit = positive(arg, value);
    else if (command === '--list' && arg === '--page') query.page = positive(arg, value);
    else throw new ServerError(`${command} does not take ${arg}; ${SERVER_USAGE}`);
    if (arg !== '--json') i += 1;
  }
  return query;
}

/**
 * The uploads' index made current (those of an earlier version indexed again), and a failure
 * filter this replay does not know checked against what the uploads hold: a typo is refused
 * rather than answered with nothing.
 */
async function prepare(db: Kysely<Database>, query: Query): Promise<void> {
  const reindexed = await reindexActionLogs(db);
  if (reindexed > 0) {
    process.stderr.write(
      `replay: ${reindexed} uploads indexed again (stored by an earlier version)\n`,
    );
  }
  if (query.failed === undefined || knownFailure(query.failed)) return;
  if ((await countActionLogs(db, { failed: query.failed })) > 0) return;
  throw new ServerError(
    `--failed ${query.failed}: no endpoint or code this replay knows, and no upload met it (INVALID_CODE, verifyAccount:INVALID_CODE)`,
  );
}

async function list(args: string[]): Promise<number> {
  const query = parseQuery('--list', args);
  const { total, uploads } = await withDatabase(async (db) => {
    await prepare(db, query);
    return listActionLogs(db, { ...query, offset: (query.page - 1) * query.limit });
  });
  const page: ListPage = { total, page: query.page, limit: query.limit, uploads };
  process.stdout.write(query.json ? `${printable(JSON.stringify(page))}\n` : formatList(page));
  return 0;
}

async function stats(args: string[]): Promise<number> {
  const query = parseQuery('--stats', args);
  const indexes = await withDatabase(async (db) => {
    await prepare(db, query);
    return actionLogIndexes(db, query);
  });
  const counted = computeStats(indexes);
  process.stdout.write(
    query.json ? `${printable(JSON.stringify(counted))}\n` : formatStats(counted),
  );
  return 0;
}

/** --funnel: the funnel of every visitor over whole UTC days, from the server's auth events. */
async function funnel(args: string[]): Promise<number> {
  let options;
  let period;
  try {
    options = parseFunnelArgs(args);
    period = funnelPeriodOf(options, Date.now());
  } catch (error) {
    throw new ServerError((error as Error).message);
  }
  const answer = await withDatabase((db) => computeFunnel(db, period));
  process.stdout.write(
    options.json ? `${printable(JSON.stringify(answer))}\n` : formatFunnel(answer),
  );
  return 0;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/**
 * Serves the built replay page (DIST_DIR, `npm run build`) and the upload beside it on loopback
 * only, until the command is stopped; prints the page's address with the log loaded.
 */
async function servePage(
  reference: string,
  text: string,
  serverEvents: ServerEvent[],
  device: string | null,
): Promise<number> {
  const distDir = serverConfig().distDir;
  if (!fs.existsSync(path.join(distDir, 'replay.html'))) {
    throw new ServerError(`no replay.html in ${distDir} (run npm run build, or set DIST_DIR)`);
  }
  const logPath = `/logs/${reference}.json`;
  // What the server recorded of the log's requests, shown in the page's list beside them.
  const serverPath = `/logs/${reference}.server.json`;
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end();
      return;
    }
    if (pathname === logPath) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(text);
      return;
    }
    if (pathname === serverPath) {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(serverEvents));
      return;
    }
    const file = path.resolve(distDir, `.${pathname === '/' ? '/replay.html' : pathname}`);
    const inside = file.startsWith(`${path.resolve(distDir)}${path.sep}`);
    if (!inside || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(response);
  });
  const port = Number(process.env.REPLAY_PAGE_PORT ?? 0);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as { port: number };
  const address = `http://127.0.0.1:${bound}/replay.html?log=${logPath}&server=${serverPath}${device ? `&device=${encodeURIComponent(device)}` : ''}`;
  process.stdout.write(`${printable(`${reference} on ${address} (Ctrl-C stops)`)}\n`);
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return 0;
}

/** What replay goes on with: its usual arguments, the reference standing for the file. */
export interface Upload {
  args: string[];
  text: string;
  /** What the server recorded of the log's requests, oldest first. */
  serverEvents: ServerEvent[];
  /** The sender's device class, from their User-Agent as the upload arrived. */
  device: string | null;
}

/**
 * The server's events of a log: those sent with its log id or one of its answers' request ids.
 * None for a log that cannot be read, or a database from before the server kept them.
 */
async function serverEventsOf(db: Kysely<Database>, text: string): Promise<ServerEvent[]> {
  let log;
  try {
    log = decodeLog(text);
  } catch {
    return [];
  }
  try {
    const rows = await authEventsOfLog(db, log.logId, requestIdsOf(log.actions));
    return rows.map((row) => ({
      time: Number(row.time),
      event: row.event,
      outcome: row.outcome,
      status: row.status,
      code: row.code,
      limit_name: row.limit_name,
      limit_left: row.limit_left,
      limit_points: row.limit_points,
      request_id: row.request_id,
    }));
  } catch (error) {
    if (/auth_events/.test(String(error))) return [];
    throw error;
  }
}

async function run(args: string[]): Promise<number | Upload> {
  if (args.includes('--list')) return list(args);
  if (args.includes('--stats')) return stats(args);
  if (args.includes('--funnel')) return funnel(args);
  const at = args.indexOf('--ref');
  const given = args[at + 1];
  if (given === undefined || given.startsWith('-')) {
    throw new ServerError(`--ref needs a reference such as K7QF-92XD; ${SERVER_USAGE}`);
  }
  let rest = [...args.slice(0, at), ...args.slice(at + 2)];
  const page = rest.includes('--page');
  const outAt = rest.indexOf('--out');
  const out = outAt === -1 ? undefined : rest[outAt + 1];
  if (outAt !== -1 && (out === undefined || out.startsWith('-'))) {
    throw new ServerError(`--out needs a file name; ${SERVER_USAGE}`);
  }
  rest = rest.filter(
    (arg, index) => arg !== '--page' && (outAt === -1 || (index !== outAt && index !== outAt + 1)),
  );
  if ((page || out !== undefined) && rest.length > 0) {
    throw new ServerError(`--page and --out take no replay option; ${SERVER_USAGE}`);
  }
  if (rest.some((arg) => !arg.startsWith('-') && !/^\d+$/.test(arg))) {
    throw new ServerError(`--ref replays one upload, not a file too; ${SERVER_USAGE}`);
  }
  const reference = normalizeReference(given);
  if (!reference) {
    throw new ServerError(`"${given}" is not a reference (eight letters and digits, K7QF-92XD)`);
  }
  const found = await withDatabase(async (db) => {
    const upload = await findActionLog(db, reference);
    if (upload === undefined) return undefined;
    const row = await db
      .selectFrom('action_logs')
      .select('device')
      .where('reference', '=', reference)
      .executeTakeFirst();
    return {
      text: upload,
      serverEvents: await serverEventsOf(db, upload),
      device: row?.device ?? null,
    };
  });
  if (found === undefined) {
    throw new ServerError(`no upload ${reference} (unknown, or deleted after 30 days)`);
  }
  const { text, serverEvents, device } = found;
  if (out !== undefined) {
    try {
      fs.writeFileSync(out, text);
    } catch (error) {
      throw new ServerError(`cannot write ${out} (${(error as NodeJS.ErrnoException).code})`);
    }
    process.stdout.write(`${reference} written to ${out}\n`);
  }
  if (page) return servePage(reference, text, serverEvents, device);
  if (out !== undefined) return 0;
  return { args: [reference, ...rest], text, serverEvents, device };
}

/**
 * Runs --list (an exit code), or reads the upload --ref names and hands it back for replay; a
 * bad reference or an unreadable database exits 2 with one line.
 */
export async function fromServer(args: string[]): Promise<number | Upload> {
  try {
    return await run(args);
  } catch (error) {
    if (!(error instanceof ServerError)) throw error;
    process.stderr.write(`${printable(`replay: ${error.message}`)}\n`);
    return 2;
  }
}
