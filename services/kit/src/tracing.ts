import { NodeSDK } from '@opentelemetry/sdk-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry tracing: HTTP and Express in the gateway, gRPC client and server, and
 * pg down to each SQL statement, so one trace follows a request end to end. It must run
 * before the traced modules are first required (see each main.ts). Spans are exported over
 * OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set, or to the exporter given (tests).
 */
export function startTracing(serviceName: string, exporter?: SpanExporter): NodeSDK | undefined {
  if (sdk) return sdk;
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!exporter && !endpoint) return undefined;
  sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    ...(exporter
      ? { spanProcessors: [new SimpleSpanProcessor(exporter)] }
      : { traceExporter: new OTLPTraceExporter() }),
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      new GrpcInstrumentation(),
      // Only SQL inside a traced request: the outbox relay's polling would otherwise open root spans.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}

export async function stopTracing(): Promise<void> {
  await sdk?.shutdown();
  sdk = undefined;
}

/** True when tracing is configured by the environment. */
export function tracingConfigured(): boolean {
  return Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT);
}
