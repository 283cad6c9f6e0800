import { credentials, makeClientConstructor, type Client, type ServiceError } from '@grpc/grpc-js';
import { service as healthService } from 'grpc-health-check';

interface HealthClient extends Client {
  check(
    request: { service: string },
    options: { deadline: Date },
    callback: (err: ServiceError | null, response?: { status: string | number }) => void,
  ): void;
}

const HealthClientCtor = makeClientConstructor(
  healthService as unknown as Parameters<typeof makeClientConstructor>[0],
  'grpc.health.v1.Health',
) as unknown as new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
) => HealthClient;

/** Keeps one health channel per address; readiness probes ask often. */
const clients = new Map<string, HealthClient>();

/** Asks a service's standard gRPC health endpoint whether it is SERVING. */
export function checkGrpcHealth(
  address: string,
  service = '',
  deadlineMs = 1_000,
): Promise<boolean> {
  let client = clients.get(address);
  if (!client) {
    client = new HealthClientCtor(address, credentials.createInsecure());
    clients.set(address, client);
  }
  return new Promise((resolve) => {
    client.check({ service }, { deadline: new Date(Date.now() + deadlineMs) }, (err, res) => {
      resolve(!err && (res?.status === 'SERVING' || res?.status === 1));
    });
  });
}

export function closeHealthClients(): void {
  for (const c of clients.values()) c.close();
  clients.clear();
}
