import { ERROR_HTTP_STATUS } from '@pfs/kit';
import { z } from 'zod';
import { errorSchema } from './http/schemas';
import type { Route } from './routes/route';
import { webhooksOpenApi } from './present/webhook';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

function parameters(route: Route): JsonSchema[] {
  const list: JsonSchema[] = [];
  const add = (where: 'path' | 'query', shape: z.ZodRawShape | undefined) => {
    for (const [name, field] of Object.entries(shape ?? {})) {
      const schema = jsonSchema(field as z.ZodType, 'input');
      const description = (field as z.ZodType).description;
      list.push({
        name,
        in: where,
        required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema,
      });
    }
  };
  add('path', route.params?.shape);
  add('query', route.query?.shape);
  return list;
}

const ERROR_STATUS_TEXT: Record<number, string> = {
  400: 'Validation error (also malformed JSON)',
  401: 'Missing or invalid credentials',
  403: 'Insufficient scope, tier, or CSRF token',
  404: 'Not found (also other users’ resources)',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Rate limited (see Retry-After)',
  500: 'Internal error',
  503: 'An internal service is unavailable',
};

function errorStatuses(route: Route): number[] {
  const statuses = new Set<number>([429, 500]);
  if (route.body || route.requestBody || route.query || route.params) statuses.add(400);
  if (route.body || route.requestBody) statuses.add(413).add(415);
  if (route.auth !== 'public') statuses.add(401);
  if (route.auth === 'user' || route.auth === 'session' || route.auth === 'mcp') statuses.add(403);
  if (route.params || route.auth === 'admin') statuses.add(404);
  if (route.idempotent) statuses.add(409);
  if (route.upstreams?.length) statuses.add(503);
  return [...statuses].sort();
}

const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': {
    schema: { type: 'integer' },
    description: 'Requests allowed in the window',
  },
  'X-RateLimit-Remaining': {
    schema: { type: 'integer' },
    description: 'Requests left in the window',
  },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Window reset, Unix seconds' },
  'X-Request-Id': { schema: { type: 'string' }, description: 'Request id (also in error bodies)' },
};

function security(route: Route): JsonSchema[] | undefined {
  switch (route.auth) {
    case 'public':
      return [];
    case 'admin':
      return [{ adminToken: [] }];
    case 'session':
      return [{ bearerJwt: [] }, { sessionCookie: [] }];
    default:
      return [{ bearerJwt: [] }, { sessionCookie: [] }, { apiKey: [] }, { bearerApiKey: [] }];
  }
}

/** The OpenAPI 3.1 document, built from the same route table that drives the router. */
export function buildOpenApi(routes: Route[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: {
        description: 'Success',
        headers: RATE_LIMIT_HEADERS,
        content: Object.fromEntries([
          ['application/json', { schema: jsonSchema(route.response, 'output') }],
          ...(route.produces ?? []).map((type) => [type, { schema: { type: 'string' } }]),
        ]),
      },
    };
    for (const other of route.otherResponses ?? []) {
      responses[String(other.status)] = {
        description: other.description,
        headers: RATE_LIMIT_HEADERS,
        content: { 'application/json': { schema: jsonSchema(other.schema, 'output') } },
      };
    }
    for (const status of errorStatuses(route)) {
      responses[String(status)] = {
        description: ERROR_STATUS_TEXT[status] ?? 'Error',
        headers: RATE_LIMIT_HEADERS,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const params = parameters(route);
    if (route.idempotent) {
      params.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Same key and body within 24 h replays the first response and creates nothing new',
        schema: { type: 'string', maxLength: 255 },
      });
    }
    (paths[route.path] ??= {})[route.method] = {
      operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase())}`,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      security: security(route),
      ...(route.tier ? { 'x-required-tier': route.tier } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : {}),
      ...(route.requestBody
        ? {
            requestBody: {
              required: true,
              ...(route.requestBody.description
                ? { description: route.requestBody.description }
                : {}),
              content: { [route.requestBody.contentType]: { schema: route.requestBody.schema } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Personal Finance Service API',
      version,
      description:
        'Multi-tenant personal and small-business finance API. Every success body has success:true; ' +
        'every error body is {success:false, error, code, details?, requestId}. Error codes: ' +
        Object.keys(ERROR_HTTP_STATUS).join(', ') +
        '. Lists take page (≥1, default 1) and limit (1–200, default 50; larger values are clamped to 200).',
    },
    servers: [{ url: '/' }],
    paths,
    // What partners receive at their webhook URLs (OpenAPI 3.1 `webhooks`), one per event type.
    webhooks: webhooksOpenApi(),
    components: {
      schemas: { Error: jsonSchema(errorSchema, 'output') },
      securitySchemes: {
        bearerJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        bearerApiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key sent as a bearer token',
        },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'pfs_session',
          description: 'Unsafe methods also need X-CSRF-Token equal to the pfs_csrf cookie',
        },
        adminToken: { type: 'apiKey', in: 'header', name: 'X-Admin-Token' },
      },
    },
  };
}
