// The socket server of the remote Redux DevTools, and the page of its UI, on one port.
// The relay follows `@redux-devtools/cli`'s: apps log in as "master", their messages go out on
// `log`, the UI's on `respond` (to every app) or `sc-<socket id>` (to one). The CLI itself is not
// used: it brings Electron, SQLite and GraphQL for reports, and its page is blank with React 19
// (reduxjs/redux-devtools#1931).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { attach, type AGServer } from 'socketcluster-server';

import { builtUi, type Report } from './buildUi';

export interface DevToolsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
};

function servePage(folder: string): http.RequestListener {
  return (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(folder, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(folder) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'text/plain' });
    fs.createReadStream(file).pipe(response);
  };
}

function relay(server: AGServer) {
  // SocketCluster's middleware is an async function by design: it consumes the stream.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  server.setMiddleware(server.MIDDLEWARE_INBOUND, async (stream) => {
    for await (const action of stream) {
      if (action.type === action.TRANSMIT) {
        const channel = action.receiver;
        if (channel.startsWith('sc-') || channel === 'respond' || channel === 'log') {
          void server.exchange.transmitPublish(channel, action.data);
        }
      }
      action.allow();
    }
  });
  void (async () => {
    for await (const { socket } of server.listener('connection')) {
      let emitsTo = 'respond';
      void (async () => {
        for await (const request of socket.procedure('login')) {
          const app = request.data === 'master';
          emitsTo = app ? 'log' : 'respond';
          request.end(app ? 'respond' : 'log');
        }
      })();
      void (async () => {
        for await (const _event of socket.listener('disconnect')) {
          void server.exchange.transmitPublish(emitsTo, { id: socket.id, type: 'DISCONNECTED' });
        }
      })();
    }
  })();
}

export async function startDevToolsServer(
  port: number,
  host = 'localhost',
  report?: Report,
): Promise<DevToolsServer> {
  const httpServer = http.createServer(servePage(await builtUi(report)));
  const socketServer = attach(httpServer, { allowClientPublish: false });
  relay(socketServer);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, resolve);
  });
  const actualPort = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actualPort}`,
    port: actualPort,
    async close() {
      void socketServer.close();
      httpServer.closeAllConnections();
      await new Promise((resolve) => httpServer.close(resolve));
    },
  };
}
