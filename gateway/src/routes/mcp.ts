import { AppError } from '@pfs/kit';
import type { Request } from 'express';
import { z } from 'zod';
import { dispatchInspector, readRawBody } from '../mcp/inspector';
import { McpSessions } from '../mcp/sessions';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

const TAGS = ['MCP'];
/** JSON-RPC bodies are small; a larger one is refused before it is read (413). */
const MAX_RPC_BYTES = 1024 * 1024;

const SCOPES_NOTE =
  'Scopes: mcp:tools:list lists tools; mcp:tools:call lists and runs read-only tools; ' +
  'mcp:resources:read lists and reads resources; mcp:read all of the read side; mcp:full ' +
  'everything, writing tools included. A JWT or session acts as mcp:full.';

// One session table per gateway (its Upstreams object), made when MCP is first used.
const sessionTables = new WeakMap<Upstreams, McpSessions>();
function sessionsFor(upstreams: Upstreams): McpSessions {
  let sessions = sessionTables.get(upstreams);
  if (!sessions) sessionTables.set(upstreams, (sessions = new McpSessions(upstreams)));
  return sessions;
}

/**
 * Browsers send Origin; a page from another site must not reach /mcp (DNS rebinding), so an
 * Origin is allowed only when it is this server itself or listed in MCP_ALLOWED_ORIGINS
 * (app.locals.mcpAllowedOrigins). Clients that are not browsers send none and pass.
 */
function checkOrigin(req: Request): void {
  const origin = req.get('origin');
  if (!origin) return;
  const allowed = (req.app.locals.mcpAllowedOrigins as string[] | undefined) ?? [];
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    host = undefined;
  }
  if (allowed.includes(origin) || (host && host === req.get('host'))) return;
  throw new AppError('FORBIDDEN', `Origin ${origin} is not allowed to use MCP`);
}

const rpcResponse = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z
    .object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() })
    .optional(),
});

const sdkCommon = {
  tags: TAGS,
  auth: 'mcp' as const,
  upstreams: ['assistant' as const],
  response: z.unknown(),
  produces: ['text/event-stream'],
};

export const mcpRoutes = [
  defineRoute({
    method: 'post',
    path: '/mcp/inspector',
    summary: 'JSON-RPC 2.0 tool endpoint (MCP methods)',
    description:
      'One JSON-RPC 2.0 request per call: initialize, ping, tools/list, tools/call, ' +
      'resources/list, resources/read. Protocol errors are answered in a 200 body with the ' +
      'standard codes (-32700 parse error, -32600 invalid request, -32601 method not found, ' +
      '-32602 invalid params, also for an unknown tool or bad arguments; -32002 unknown ' +
      'resource). A tool that runs and fails answers a result with isError true. No ' +
      `credential: 401; a scope that does not allow the method: 403. ${SCOPES_NOTE}`,
    tags: TAGS,
    auth: 'mcp',
    upstreams: ['assistant'],
    requestBody: {
      contentType: 'application/json',
      schema: {
        type: 'object',
        required: ['jsonrpc', 'method'],
        properties: {
          jsonrpc: { const: '2.0' },
          id: { type: ['integer', 'string'] },
          method: {
            type: 'string',
            enum: [
              'initialize',
              'ping',
              'tools/list',
              'tools/call',
              'resources/list',
              'resources/read',
            ],
          },
          params: { type: 'object' },
        },
      },
    },
    response: rpcResponse,
    otherResponses: [
      {
        status: 202,
        description: 'A notification (no id): nothing to answer',
        schema: z.unknown(),
      },
    ],
    async handler({ req, res, upstreams, principal }) {
      checkOrigin(req);
      const raw = await readRawBody(req, MAX_RPC_BYTES);
      const answer = await dispatchInspector(raw, upstreams, principal);
      if (answer === undefined) res.status(202).end();
      else res.status(200).json(answer);
      return { raw: true };
    },
  }),
  ...(['post', 'get', 'delete'] as const).map((method) =>
    defineRoute({
      ...sdkCommon,
      method,
      path: '/mcp',
      summary: `MCP Streamable HTTP (${method.toUpperCase()})`,
      description:
        'The Model Context Protocol over Streamable HTTP (official SDK, current revision): ' +
        'POST initialize opens a session (Mcp-Session-Id in the answer, sent back on every ' +
        'later request), POST carries requests (answered as JSON or an SSE stream, as the ' +
        'client accepts), GET opens the server-to-client SSE stream, DELETE ends the session. ' +
        'The same tools and resources as /mcp/inspector. An Origin other than this server ' +
        `(or MCP_ALLOWED_ORIGINS) is 403; an unknown or another user’s session 404. ${SCOPES_NOTE}`,
      async handler({ req, res, upstreams, principal }) {
        checkOrigin(req);
        await sessionsFor(upstreams).handle(req, res, principal);
        return { raw: true };
      },
    }),
  ),
];
