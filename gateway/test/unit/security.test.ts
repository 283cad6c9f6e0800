import { createLogger } from '@pfs/kit';
import express from 'express';
import request from 'supertest';
import { createGateway, type Gateway } from '../../src/app';
import { gatewayConfigSchema } from '../../src/config';
import {
  API_CSP,
  corsPolicy,
  DOCS_CSP,
  parseCorsOrigins,
  securityHeaders,
} from '../../src/http/security';
import type { Upstreams } from '../../src/upstreams';

const logger = createLogger('gateway-security-test', 'silent');

/** A gateway whose upstreams are never reached by these requests. */
function gatewayWith(env: Record<string, string>): Gateway {
  const config = gatewayConfigSchema.parse(env);
  const upstream = { name: 'x', ready: async () => true, close: () => undefined };
  const upstreams = { identity: upstream } as unknown as Upstreams;
  return createGateway({ config, logger, upstreams });
}

describe('security headers', () => {
  const gateway = gatewayWith({ TRUST_PROXY: '1' });
  afterAll(() => gateway.close());

  it('sends nosniff, DENY, no-referrer and the API CSP on every answer', async () => {
    const res = await request(gateway.app).get('/healthz').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    // also on errors (404 from the pipeline)
    const missing = await request(gateway.app).get('/api/nothing-here');
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(missing.headers['content-security-policy']).toBe(API_CSP);
  });

  it('gives the docs page its own CSP with frame-ancestors and no inline scripts', async () => {
    const res = await request(gateway.app).get('/api/docs').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toBe(DOCS_CSP);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The page loads only same-origin scripts (no inline <script> body).
    expect(res.text).not.toMatch(/<script>[^<]/);
  });

  it('sends HSTS only over TLS (X-Forwarded-Proto: https from a trusted proxy)', async () => {
    const plain = await request(gateway.app).get('/healthz');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await request(gateway.app).get('/healthz').set('X-Forwarded-Proto', 'https');
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('ignores X-Forwarded-Proto without a trusted proxy, and HSTS_MAX_AGE_SECONDS=0 turns it off', async () => {
    const untrusted = gatewayWith({});
    const off = gatewayWith({ TRUST_PROXY: '1', HSTS_MAX_AGE_SECONDS: '0' });
    try {
      const a = await request(untrusted.app).get('/healthz').set('X-Forwarded-Proto', 'https');
      expect(a.headers['strict-transport-security']).toBeUndefined();
      const b = await request(off.app).get('/healthz').set('X-Forwarded-Proto', 'https');
      expect(b.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
      await off.close();
    }
  });

  it('uses req.secure as Express computes it', async () => {
    const app = express();
    app.use((req, _res, next) => {
      Object.defineProperty(req, 'secure', { value: true });
      next();
    });
    app.use(securityHeaders({ hstsMaxAgeSeconds: 600 }));
    app.get('/', (_req, res) => res.json({}));
    const res = await request(app).get('/');
    expect(res.headers['strict-transport-security']).toBe('max-age=600; includeSubDomains');
  });
});

describe('CORS', () => {
  it('is off by default: no CORS headers, preflight not answered', async () => {
    const gateway = gatewayWith({});
    try {
      const res = await request(gateway.app).get('/healthz').set('Origin', 'https://evil.test');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await request(gateway.app)
        .options('/api/bank/transactions')
        .set('Origin', 'https://evil.test')
        .set('Access-Control-Request-Method', 'POST');
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    } finally {
      await gateway.close();
    }
  });

  describe('with an allow-list', () => {
    const gateway = gatewayWith({
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      CORS_CREDENTIALS: 'true',
    });
    afterAll(() => gateway.close());

    it('echoes an allowed origin with credentials, exposed headers and Vary', async () => {
      const res = await request(gateway.app)
        .get('/healthz')
        .set('Origin', 'https://app.example.com')
        .expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
      expect(res.headers.vary).toMatch(/Origin/);
    });

    it('answers an allowed preflight 204 before authentication', async () => {
      const res = await request(gateway.app)
        .options('/api/bank/transactions')
        .set('Origin', 'http://localhost:5173')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, x-csrf-token');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toContain('X-CSRF-Token');
      expect(res.headers['access-control-max-age']).toBe('600');
    });

    it('gives another origin nothing a browser would accept', async () => {
      const res = await request(gateway.app).get('/healthz').set('Origin', 'https://evil.test');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
      const pre = await request(gateway.app)
        .options('/api/bank/transactions')
        .set('Origin', 'https://evil.test')
        .set('Access-Control-Request-Method', 'DELETE');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    });
  });

  it('sends no credentials header unless CORS_CREDENTIALS is set', async () => {
    const app = express();
    const cors = corsPolicy({ origins: ['https://a.test'], credentials: false, maxAgeSeconds: 5 });
    app.use(cors!);
    app.get('/', (_req, res) => res.json({}));
    const res = await request(app).get('/').set('Origin', 'https://a.test');
    expect(res.headers['access-control-allow-origin']).toBe('https://a.test');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(corsPolicy({ origins: [], credentials: true, maxAgeSeconds: 5 })).toBeUndefined();
  });

  it('rejects CORS_ORIGINS entries that are not origins', () => {
    expect(parseCorsOrigins(undefined)).toEqual([]);
    expect(parseCorsOrigins(' https://a.test ,http://b.test:8080')).toEqual([
      'https://a.test',
      'http://b.test:8080',
    ]);
    expect(() => parseCorsOrigins('https://a.test/')).toThrow(/did you mean "https:\/\/a.test"/);
    expect(() => parseCorsOrigins('*')).toThrow(/not an origin/);
    expect(() => gatewayWith({ CORS_ORIGINS: 'app.example.com' })).toThrow(/CORS_ORIGINS/);
  });
});
