// OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set, received by a real OTLP/HTTP
// receiver on loopback (the exporter's JSON protocol): each request is a span whose parent is the
// caller's `traceparent`, named by its route, without the query. Unset, the SDK is not loaded.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { API_PATHS } from '../../contract/api';
import { REPO_ROOT, spawnServer } from '../../testing/processes';
import { testEnv } from '../../testing/server/config';
import { sqlite } from '../../testing/server/engines';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}

interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

/** An OTLP/HTTP receiver on loopback that keeps what it is sent at /v1/traces. */
async function otlpReceiver() {
  const received: Array<{ contentType: string; body: OtlpExport }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        received.push({
          contentType: request.headers['content-type'] ?? '',
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
        });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    spans: () =>
      received.flatMap(({ body }) =>
        body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((s) => s.spans)),
      ),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('traces', () => {
  it("sends a span per request to the OTLP endpoint, child of the caller's traceparent", async () => {
    const receiver = await otlpReceiver();
    const place = await sqlite.setUp();
    try {
      // Its own process, as deployed: the exporter loads its HTTP agent by a dynamic import,
      // which Jest's module sandbox does not run.
      const server = await spawnServer(
        testEnv(place.dataDir, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }),
      );
      const traceId = randomBytes(16).toString('hex');
      const parentId = randomBytes(8).toString('hex');
      const answer = await fetch(`${server.url}${API_PATHS.verify}?code=123456`, {
        headers: { traceparent: `00-${traceId}-${parentId}-01`, authorization: 'Bearer nothing' },
      });
      expect(answer.status).toBe(401);
      // A graceful stop sends the spans still waiting in the batch.
      expect(await server.stop('SIGTERM')).toBe(0);

      expect(receiver.received.length).toBeGreaterThan(0);
      expect(receiver.received[0]!.contentType).toMatch(/^application\/json/);
      const request = receiver
        .spans()
        .find((span) => span.traceId === traceId && span.parentSpanId === parentId);
      expect(request).toBeDefined();
      expect(attribute(request!, 'http.route')).toBe(API_PATHS.verify);
      expect(attribute(request!, 'http.response.status_code')).toBe(401);
      expect(attribute(request!, 'url.path')).toBe(API_PATHS.verify);
      // The hooks and the handler are spans of the same trace.
      const children = receiver.spans().filter((span) => span.parentSpanId === request!.spanId);
      expect(children.length).toBeGreaterThan(0);
      const everything = JSON.stringify(receiver.received);
      expect(everything).not.toContain('123456');
      expect(everything).not.toContain('Bearer');
      const service = receiver.received[0]!.body.resourceSpans[0]!.resource.attributes.find(
        (entry) => entry.key === 'service.name',
      );
      expect(service?.value.stringValue).toBe('accounts');
    } finally {
      await receiver.close();
      await place.tearDown();
    }
  });

  it('loads neither the OpenTelemetry SDK nor prom-client when neither is asked for', () => {
    const probe = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "require('./server/app'); console.log(Object.keys(require.cache).filter((file) => /opentelemetry|fastify[\\/]otel|prom-client/.test(file)).length)",
      ],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(probe.stderr).toBe('');
    expect(probe.stdout.trim()).toBe('0');
  });
});
