import { createLogger } from '@pfs/kit';
import express from 'express';
import cookieParser from 'cookie-parser';
import request from 'supertest';
import { z } from 'zod';
import { Authenticator } from '../../src/auth/authenticator';
import { errorHandler } from '../../src/http/errors';
import { buildRouter, notFoundHandler, type PipelineDeps } from '../../src/http/pipeline';
import { requestContext } from '../../src/http/request-context';
import { MemoryIdempotencyStore } from '../../src/limits/idempotency';
import { RateLimiter } from '../../src/limits/rate-limit';
import { defineRoute } from '../../src/routes/route';
import type { Upstreams } from '../../src/upstreams';

const principals: Record<
  string,
  { userId: string; tier: string; scopes: string[]; method: string }
> = {
  free: { userId: '11111111-1111-4111-8111-111111111111', tier: 'free', scopes: [], method: 'jwt' },
  elite: {
    userId: '22222222-2222-4222-8222-222222222222',
    tier: 'elite',
    scopes: [],
    method: 'jwt',
  },
  pfs_readkey: {
    userId: '33333333-3333-4333-8333-333333333333',
    tier: 'elite',
    scopes: ['mcp:read'],
    method: 'api_key',
  },
};

const fakeUpstreams = {
  identity: {
    call: async (_pick: unknown, req: { credential: string }) => {
      const p = principals[req.credential];
      if (!p) {
        const { AppError } = await import('@pfs/kit');
        throw new AppError('UNAUTHORIZED', 'bad');
      }
      return {
        principal: {
          ...p,
          rateLimit: 0,
          sessionId: 's',
          apiKeyId: '',
          countryCode: 'AU',
          businessType: 'individual',
          expiresAt: '',
        },
      };
    },
  },
} as unknown as Upstreams;

let created = 0;
const routes = [
  defineRoute({
    method: 'get',
    path: '/elite-only',
    summary: 'tier gated',
    tags: [],
    auth: 'user',
    tier: 'elite',
    response: z.object({}),
    handler: async () => ({ ok: true }),
  }),
  defineRoute({
    method: 'post',
    path: '/things',
    summary: 'create',
    tags: [],
    auth: 'user',
    idempotent: true,
    status: 201,
    body: z.object({ name: z.string().min(1), count: z.number().int() }),
    response: z.object({}),
    handler: async ({ body }) => ({ id: ++created, name: body.name }),
  }),
];

function app(limit = 1000) {
  const deps: PipelineDeps = {
    upstreams: fakeUpstreams,
    authenticator: new Authenticator(fakeUpstreams, 0),
    rateLimiter: new RateLimiter(900),
    idempotency: new MemoryIdempotencyStore(),
    cookies: { secure: false },
    anonymousLimit: limit,
    bodyLimitBytes: 1024,
  };
  const a = express();
  a.use(requestContext);
  a.use(cookieParser());
  a.use(buildRouter(routes, deps));
  a.use(notFoundHandler(deps));
  a.use(errorHandler(createLogger('test', 'silent')));
  return a;
}

describe('request pipeline', () => {
  it('gates tiers with 403 TIER_REQUIRED and details.requiredTier', async () => {
    const a = app();
    const low = await request(a).get('/elite-only').set('authorization', 'Bearer free');
    expect(low.status).toBe(403);
    expect(low.body).toMatchObject({
      success: false,
      code: 'TIER_REQUIRED',
      details: { requiredTier: 'elite' },
    });
    const high = await request(a).get('/elite-only').set('authorization', 'Bearer elite');
    expect(high.status).toBe(200);
    expect(high.body).toEqual({ success: true, ok: true });
  });

  it('checks credentials before the body: 401 beats malformed JSON', async () => {
    const res = await request(app())
      .post('/things')
      .set('content-type', 'application/json')
      .send('{oops');
    expect(res.status).toBe(401);
  });

  it('maps malformed JSON, wrong types and oversize bodies', async () => {
    const a = app();
    const bad = await request(a)
      .post('/things')
      .set('authorization', 'Bearer elite')
      .set('content-type', 'application/json')
      .send('{oops');
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const types = await request(a)
      .post('/things')
      .set('authorization', 'Bearer elite')
      .send({ name: 5, count: 'x' });
    expect(types.status).toBe(400);
    expect(types.body.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'name',
      'count',
    ]);
    const big = await request(a)
      .post('/things')
      .set('authorization', 'Bearer elite')
      .send({ name: 'x'.repeat(5000), count: 1 });
    expect(big.status).toBe(413);
  });

  it('applies scopes to API keys by method', async () => {
    const res = await request(app())
      .post('/things')
      .set('x-api-key', 'pfs_readkey')
      .send({ name: 'a', count: 1 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('replays idempotent creates and rejects a reused key with a new body', async () => {
    const a = app();
    const send = (body: object) =>
      request(a)
        .post('/things')
        .set('authorization', 'Bearer elite')
        .set('idempotency-key', 'k1')
        .send(body);
    const one = await send({ name: 'a', count: 1 });
    const two = await send({ name: 'a', count: 1 });
    expect(one.status).toBe(201);
    expect(two.body).toEqual(one.body);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect((await send({ name: 'b', count: 1 })).status).toBe(409);
    const badKey = await request(a)
      .post('/things')
      .set('authorization', 'Bearer elite')
      .set('idempotency-key', 'x'.repeat(300))
      .send({ name: 'a', count: 1 });
    expect(badKey.status).toBe(400);
  });

  it('rate-limits anonymous callers with headers and Retry-After', async () => {
    const a = app(2);
    const codes = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await request(a).get('/nothing');
      codes.push(last.status);
    }
    expect(codes).toEqual([404, 404, 429]);
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
