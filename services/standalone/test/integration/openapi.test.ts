import { routes } from '@pfs/gateway';
import type { Stack } from '../../src';
import { client, startTestStack, type Api } from './harness';

let stack: Stack;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
});
afterAll(() => stack.close());

describe('OpenAPI and docs', () => {
  it('documents every route of the route table, publicly', async () => {
    const res = await api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of routes) {
      const op = res.body.paths[route.path]?.[route.method];
      expect({ route: `${route.method} ${route.path}`, documented: Boolean(op) }).toEqual({
        route: `${route.method} ${route.path}`,
        documented: true,
      });
      expect(op.responses[String(route.status ?? 200)]).toBeDefined();
      if (route.auth !== 'public') expect(op.responses['401']).toBeDefined();
    }
    const create = res.body.paths['/api/bank/transactions'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['date', 'description', 'amount', 'type']),
    );
    expect(create.parameters.some((p: { name: string }) => p.name === 'Idempotency-Key')).toBe(
      true,
    );
    const list = res.body.paths['/api/bank/transactions'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'page',
        'limit',
        'from',
        'to',
        'categoryId',
        'type',
        'merchant',
        'q',
        'minAmount',
        'maxAmount',
        'isTaxDeductible',
        'uncategorized',
        'sort',
      ]),
    );
  });

  it('renders the docs page with its assets', async () => {
    const page = await fetch(`${stack.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger-ui');
    const bundle = await fetch(`${stack.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.text()).length).toBeGreaterThan(1000);
  });

  it('serves Prometheus metrics and liveness', async () => {
    await api('GET', '/healthz');
    const metrics = await fetch(`${stack.url}/metrics`);
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toContain('pfs_http_request_duration_seconds');
    expect(text).toContain('pfs_grpc_server_duration_seconds');
  });

  it('answers unknown routes with the 404 error body', async () => {
    const res = await api('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
