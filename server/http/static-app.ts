// Serves the built app: hashed assets forever, HTML always revalidated, app routes as index.html.
import fs from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { errorBody, sendError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Webpack's [contenthash]: eight or more hex digits just before the extension.
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;
const LOOKS_LIKE_FILE = /\/[^/]*\.[^/]*$/;

function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : 'no-cache';
}

function isApiPath(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

export async function registerStaticApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (await exists(distDir)) {
    await app.register(fastifyStatic, {
      root: distDir,
      // A directory (`/` included) answers its index.html, else falls through to the app shell.
      index: 'index.html',
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlFor(filePath)),
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (!isRead || isApiPath(pathname) || LOOKS_LIKE_FILE.test(pathname)) {
      return sendError(reply, 404, 'NOT_FOUND');
    }
    if (!(await exists(indexFile))) {
      const message = 'The app is not built yet: run `npm run build`.';
      return reply.code(503).send(errorBody('SERVICE_UNAVAILABLE', undefined, message));
    }
    return reply.sendFile('index.html');
  });
}
