// OpenTelemetry traces, started only when OTEL_EXPORTER_OTLP_ENDPOINT is set: app.ts imports this
// module then and only then, so a server without traces loads none of the SDK. Each request is a
// span (@fastify/otel, with a span per hook and handler) whose parent is the caller's `traceparent`
// when it sends one (the SDK's W3C propagator), exported over OTLP/HTTP as JSON in batches.
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { FastifyPluginCallback } from 'fastify';

export interface Tracing {
  /** Registered first, so that every route and hook after it is traced. */
  plugin: FastifyPluginCallback;
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>;
}

export function startTracing(endpoint: string): Tracing {
  const instrumentation = new FastifyOtelInstrumentation({
    // The library records the URL as sent; a page's query can carry a mailed code (the links in
    // mails), so a span keeps the path alone, as the request log does.
    requestHook: (span, request) => span.setAttribute('url.path', request.url.split('?')[0] ?? ''),
  });
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, read by the SDK, names it otherwise.
    ...(process.env.OTEL_SERVICE_NAME ? {} : { serviceName: 'accounts' }),
    traceExporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
    instrumentations: [instrumentation],
  });
  sdk.start();
  return {
    plugin: instrumentation.plugin() as FastifyPluginCallback,
    shutdown: () => sdk.shutdown(),
  };
}
