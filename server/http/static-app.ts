// Serves the built app from memory: hashed assets forever, HTML always revalidated, navigations as
// index.html. Read once at start, so no request for the app ever waits on the thread pool that
// password hashing keeps busy. Only a navigation (GET or HEAD asking for HTML, outside /v1/, with
// no file extension) gets the app: a scrape, a probe or a script asking for a path that does not
// exist gets a 404, never a page that looks like success.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { errorBody } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Webpack's [contenthash]: eight or more hex digits just before the extension.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const LOOKS_LIKE_FILE = /\/[^/]*\.[^/]*$/;
// The kinds of file a build holds; anything else is sent as bytes.
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

interface Encoded {
  body: Buffer;
  etag: string;
}

interface StaticFile extends Encoded {
  contentType: string;
  cacheControl: string;
  /** The build's precompressed copies (`.br`, `.gz`), best first. */
  encodings: Array<Encoded & { name: 'br' | 'gzip' }>;
}

const ENCODING_SUFFIXES = [
  { suffix: '.br', name: 'br' },
  { suffix: '.gz', name: 'gzip' },
] as const;

function etagOf(body: Buffer, tag = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${tag}"`;
}

async function readBuild(distDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const entries = await fs.readdir(distDir, { recursive: true, withFileTypes: true });
  const compressed = new Map<string, Buffer>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = await fs.readFile(file);
    const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
    if (ENCODING_SUFFIXES.some(({ suffix }) => urlPath.endsWith(suffix))) {
      compressed.set(urlPath, body);
      continue;
    }
    files.set(urlPath, {
      body,
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: HASHED_NAME.test(entry.name) ? IMMUTABLE : 'no-cache',
      etag: etagOf(body),
      encodings: [],
    });
  }
  for (const [urlPath, file] of files) {
    for (const { suffix, name } of ENCODING_SUFFIXES) {
      const body = compressed.get(urlPath + suffix);
      if (body) file.encodings.push({ name, body, etag: etagOf(file.body, `-${name}`) });
    }
  }
  return files;
}

function isApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

/** A browser's navigation to a view of the app: the only unknown path answered index.html. */
function isNavigation(request: FastifyRequest, pathname: string): boolean {
  return (
    String(request.headers.accept ?? '').includes('text/html') &&
    !isApiPath(pathname) &&
    !LOOKS_LIKE_FILE.test(pathname)
  );
}

/** The best copy the client accepts: a slow network gets a third of the bytes. */
function pickEncoding(request: FastifyRequest, file: StaticFile) {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.split(';').map((piece) => piece.trim()))
    .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
    .map(([name]) => name);
  return file.encodings.find(({ name }) => accepted.includes(name));
}

function send(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const encoded = pickEncoding(request, file);
  const { body, etag } = encoded ?? file;
  reply.header('cache-control', file.cacheControl).header('etag', etag);
  if (file.encodings.length > 0) reply.header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (encoded) reply.header('content-encoding', encoded.name);
  return reply.type(file.contentType).send(body);
}

export async function registerStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const files = await readBuild(distDir).catch(() => new Map<string, StaticFile>());
  const index = files.get('/index.html');

  app.setNotFoundHandler(async (request, reply) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return reply.fail('NOT_FOUND');
    }
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead) return reply.fail('NOT_FOUND');
    const file = files.get(pathname);
    if (file) return send(request, reply, file);
    if (!isNavigation(request, pathname)) return reply.fail('NOT_FOUND');
    if (!index) {
      const message = 'The app is not built yet: run `npm run build`.';
      return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', undefined, message));
    }
    return send(request, reply, index);
  });
}
