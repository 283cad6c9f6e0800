import { registry } from '@pfs/kit';
import express, { Router } from 'express';
import { createRequire } from 'node:module';
import type { Upstreams } from '../upstreams';

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Personal Finance Service API</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>`;

const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });`;

/** Liveness, readiness, metrics and the API's own documentation: public and not rate-limited. */
export function systemRouter(upstreams: Upstreams, openApi: () => object): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ success: true, status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const entries = await Promise.all(
      Object.values(upstreams).map(
        async (u) => [u.name, (await u.ready()) ? 'up' : 'down'] as const,
      ),
    );
    const services = Object.fromEntries(entries);
    const ready = entries.every(([, state]) => state === 'up');
    res
      .status(ready ? 200 : 503)
      .json({ success: ready, status: ready ? 'ready' : 'not ready', services });
  });
  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', registry.contentType);
    res.send(await registry.metrics());
  });
  router.get('/api/openapi.json', (_req, res) => {
    res.json(openApi());
  });
  router.get('/api/docs', (_req, res) => {
    res.type('html').send(DOCS_HTML);
  });
  router.get('/api/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_INIT);
  });
  const swaggerDir = (
    createRequire(__filename)('swagger-ui-dist') as { getAbsoluteFSPath(): string }
  ).getAbsoluteFSPath();
  router.use('/api/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1h' }));
  return router;
}
