import client from 'prom-client';

/** One registry per process: in the embedded default every service shares it, labelled by service. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const httpRequestDuration = new client.Histogram({
  name: 'pfs_http_request_duration_seconds',
  help: 'Gateway HTTP request duration',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
  registers: [registry],
});

export const grpcServerDuration = new client.Histogram({
  name: 'pfs_grpc_server_duration_seconds',
  help: 'gRPC server handling duration',
  labelNames: ['service', 'method', 'code'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2],
  registers: [registry],
});

export const grpcClientDuration = new client.Histogram({
  name: 'pfs_grpc_client_duration_seconds',
  help: 'gRPC client call duration, as the caller saw it',
  labelNames: ['service', 'method', 'code'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2],
  registers: [registry],
});

export const breakerState = new client.Gauge({
  name: 'pfs_circuit_breaker_open',
  help: '1 while the circuit to an upstream service is open',
  labelNames: ['service'],
  registers: [registry],
});

export { client as promClient };
