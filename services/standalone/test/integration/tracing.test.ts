import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort, ROOT, startProcess, waitFor, type Proc } from '../distributed/processes';

interface CollectedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
}

/** A minimal OTLP/HTTP (JSON) collector: records every span the process exports. */
function startCollector(spans: CollectedSpan[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      for (const rs of body.resourceSpans ?? []) {
        const service = rs.resource?.attributes?.find(
          (a: { key: string }) => a.key === 'service.name',
        )?.value?.stringValue;
        for (const ss of rs.scopeSpans ?? []) {
          for (const s of ss.spans ?? [])
            spans.push({ service, scope: ss.scope?.name ?? '', name: s.name, traceId: s.traceId });
        }
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const built = existsSync(join(ROOT, 'services/standalone/dist/src/main.js'));
(built ? describe : describe.skip)('OpenTelemetry tracing', () => {
  const spans: CollectedSpan[] = [];
  let collector: Server;
  let proc: Proc;
  let url = '';

  beforeAll(async () => {
    collector = await startCollector(spans);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    proc = startProcess('standalone', 'services/standalone/dist/src/main.js', {
      PORT: String(port),
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      JWT_SECRET: 'tracing-test-secret-0123456789abcdef',
      ARGON2_MEMORY_KIB: '1024',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, 'stack ready', 60_000);
  });

  afterAll(async () => {
    await proc?.stop();
    await new Promise((r) => collector?.close(r));
  });

  it('follows one request from the gateway through gRPC into SQL in a single trace', async () => {
    const res = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `trace-${randomUUID()}@example.com`,
        password: 'long password',
        firstName: 'T',
        lastName: 'R',
      }),
    });
    expect(res.status).toBe(201);
    const isRegisterTrace = (traceId: string) =>
      spans.some((s) => s.traceId === traceId && s.name === 'POST /api/auth/register');
    await waitFor(
      async () => {
        const trace = spans.find((s) => s.name === 'POST /api/auth/register')?.traceId;
        return Boolean(trace && spans.some((s) => s.traceId === trace && s.scope.includes('pg')));
      },
      'spans exported',
      15_000,
    );
    const traceId = spans.find((s) => isRegisterTrace(s.traceId))!.traceId;
    const scopes = new Set(spans.filter((s) => s.traceId === traceId).map((s) => s.scope));
    const names = spans.filter((s) => s.traceId === traceId).map((s) => s.name);
    expect([...scopes]).toEqual(
      expect.arrayContaining([
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/instrumentation-grpc',
        '@opentelemetry/instrumentation-pg',
      ]),
    );
    expect(names.filter((n) => n === 'grpc.pfs.identity.v1.IdentityService/Register')).toHaveLength(
      2,
    ); // client and server
    expect(names.some((n) => n.startsWith('pg.query:INSERT'))).toBe(true);
  });
});
