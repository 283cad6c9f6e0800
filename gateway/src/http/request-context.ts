import { httpRequestDuration, runWithContext, type RequestContext } from '@pfs/kit';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives each request its id (the client's, if sane) and a context that follows it into gRPC calls. */
export function requestContext(req: Request, res: Response, next: NextFunction): void {
  const given = req.get('x-request-id');
  const requestId = given && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
    httpRequestDuration.observe(
      { method: req.method, route, status: String(res.statusCode) },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
  });
  const ctx: RequestContext = { requestId };
  runWithContext(ctx, () => next());
}
