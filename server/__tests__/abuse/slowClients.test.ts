// Slow or silent clients: a body that never comes, a connection that never speaks, and more
// connections than the server takes. Each socket is watched for a bounded time only.
import net from 'node:net';

import { API_PATHS } from '../../../contract/api';
import { ABUSE_ENGINES, type AbuseSetup } from '../../../testing/server/abuse/abuseServer';
import { AddressClient, visitorAddress } from '../../../testing/server/abuse/fromAddress';
import type { RunningServer } from '../../app';

const WATCH_MS = 8000;

interface Watched {
  socket: net.Socket;
  /** Everything the server wrote, once it closed the connection (or the watch ended). */
  ended: Promise<{ closedByServer: boolean; text: string }>;
}

function watch(port: number, localAddress: string, send?: string): Watched {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  if (send) socket.write(send);
  const ended = new Promise<{ closedByServer: boolean; text: string }>((resolve) => {
    const timer = setTimeout(() => {
      resolve({ closedByServer: false, text: Buffer.concat(chunks).toString() });
      socket.destroy();
    }, WATCH_MS);
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closedByServer: true, text: Buffer.concat(chunks).toString() });
    });
  });
  return { socket, ended };
}

describe.each(ABUSE_ENGINES)('slow clients on %s', (_name, makeSetup) => {
  let setup: AbuseSetup;
  let server: RunningServer;

  beforeAll(async () => {
    setup = await makeSetup();
    server = await setup.start({ REQUEST_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS: '20' });
  });

  afterAll(async () => {
    await setup?.tearDown();
  });

  it('answers 408 and closes when the body never comes', async () => {
    const headers =
      `POST ${API_PATHS.login} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":';
    const { ended } = watch(server.port, visitorAddress(1), headers);
    const { closedByServer, text } = await ended;
    expect(closedByServer).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a request', async () => {
    const { ended } = watch(server.port, visitorAddress(2));
    expect((await ended).closedByServer).toBe(true);
  });

  it('holds no more than its cap of connections, and serves again once they go', async () => {
    const held = Array.from({ length: 25 }, (_, i) => watch(server.port, visitorAddress(10 + i)));
    const open = () => held.filter((w) => !w.socket.closed && !w.socket.destroyed).length;
    // The 5 beyond the cap are closed as they arrive, while the 20 others are still held.
    let openWhenFiveClosed = -1;
    await new Promise<void>((resolve) => {
      const check = () => {
        if (openWhenFiveClosed >= 0 || 25 - open() < 5) return;
        openWhenFiveClosed = open();
        resolve();
      };
      for (const w of held) w.socket.on('close', check);
    });
    expect(openWhenFiveClosed).toBe(20);
    // The rest go at the time-out; then the server serves again.
    const outcomes = await Promise.all(held.map((w) => w.ended));
    expect(outcomes.filter((o) => o.closedByServer)).toHaveLength(25);
    const client = new AddressClient(server.url, visitorAddress(3));
    const health = await client.request('GET', API_PATHS.health);
    client.close();
    expect(health.status).toBe(200);
  });
});
