// `npm run replay -- --list` and `npm run replay -- --ref REFERENCE [--at N] [--json] [--check]`:
// activity logs sent to support, read straight from the server's database with the server's own
// settings (DATA_DIR, or DATABASE_URL and DATABASE_SCHEMA).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import type { Kysely } from 'kysely';

import { printable } from '../../contract/printable';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import {
  findActionLog,
  listActionLogs,
  normalizeReference,
  type ActionLogSummary,
} from '../../server/repo/action-logs';

/** How many uploads --list shows, newest first. */
export const LIST_LIMIT = 50;

export const SERVER_USAGE =
  'usage: npm run replay -- --list | --ref REFERENCE [--at N] [--json] [--check] [--page] [--out FILE]';

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
    const message = error instanceof Error ? error.message : String(error);
    if (/action_logs/.test(message) && /exist|no such table/i.test(message)) {
      throw new ServerError('the server database has no uploads yet (start the server once)');
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

export function formatList(uploads: readonly ActionLogSummary[]): string {
  if (uploads.length === 0) return 'no uploads in the last 30 days\n';
  const rows = uploads.map((upload) => [
    upload.reference,
    new Date(upload.createdAt * 1000).toISOString().replace(/\.000Z$/, 'Z'),
    size(upload.size),
    upload.userId ?? 'guest',
  ]);
  const header = ['reference', 'time', 'size', 'user'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
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
async function servePage(reference: string, text: string): Promise<number> {
  const distDir = serverConfig().distDir;
  if (!fs.existsSync(path.join(distDir, 'replay.html'))) {
    throw new ServerError(`no replay.html in ${distDir} (run npm run build, or set DIST_DIR)`);
  }
  const logPath = `/logs/${reference}.json`;
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
  process.stdout.write(
    `${reference} on http://127.0.0.1:${bound}/replay.html?log=${logPath} (Ctrl-C stops)\n`,
  );
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
}

async function run(args: string[]): Promise<number | Upload> {
  if (args.includes('--list')) {
    if (args.length > 1) throw new ServerError(`--list takes no other argument; ${SERVER_USAGE}`);
    const uploads = await withDatabase((db) => listActionLogs(db, LIST_LIMIT));
    process.stdout.write(formatList(uploads));
    return 0;
  }
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
  const text = await withDatabase((db) => findActionLog(db, reference));
  if (text === undefined) {
    throw new ServerError(`no upload ${reference} (unknown, or deleted after 30 days)`);
  }
  if (out !== undefined) {
    try {
      fs.writeFileSync(out, text);
    } catch (error) {
      throw new ServerError(`cannot write ${out} (${(error as NodeJS.ErrnoException).code})`);
    }
    process.stdout.write(`${reference} written to ${out}\n`);
  }
  if (page) return servePage(reference, text);
  if (out !== undefined) return 0;
  return { args: [reference, ...rest], text };
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
