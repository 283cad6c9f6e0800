import { startTracing } from '@pfs/kit/tracing';

// Imported first by main.ts: OpenTelemetry hooks grpc-js and pg only if it starts before
// anything requires them. Without OTEL_EXPORTER_OTLP_ENDPOINT this does nothing.
startTracing('ledger');
