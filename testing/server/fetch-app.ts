import type { FastifyInstance } from 'fastify';

export interface Fetched {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any field of a JSON answer
  json(): any;
}

/** GETs a path from the app over a real socket (listening on a random port the first time). */
export async function fetchFrom(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<Fetched> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  const body = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body,
    json: () => JSON.parse(body),
  };
}
