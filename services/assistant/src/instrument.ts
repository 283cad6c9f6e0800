import { startTracing } from '@pfs/kit/tracing';

// Imported first by main.ts: instrumentation patches grpc-js and pg only if it loads before them.
startTracing('assistant');
