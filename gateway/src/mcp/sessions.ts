import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '@pfs/kit';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../auth/principal';
import type { Upstreams } from '../upstreams';
import {
  callTool,
  INSTRUCTIONS,
  listResources,
  listTools,
  readResource,
  RpcError,
  SERVER_INFO,
} from './assistant-calls';

/** MCP has no standard code for a missing permission; this one carries our 403's meaning. */
export const INSUFFICIENT_SCOPE_CODE = -32003;

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  userId: string;
  lastSeen: number;
}

export interface McpSessionOptions {
  /** A session unused this long is closed (the client then initializes again). */
  idleMs?: number;
  maxSessions?: number;
}

/** The principal of the HTTP request a handler is serving (set per request, see handle()). */
function principalOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): Principal {
  const principal = extra.authInfo?.extra?.principal as Principal | undefined;
  if (!principal) throw new McpError(ErrorCode.InvalidRequest, 'Not authenticated');
  return principal;
}

/** AppErrors from the assistant as MCP errors (the SDK answers them in the JSON-RPC body). */
function asMcpError(err: unknown): never {
  if (err instanceof RpcError) throw new McpError(err.code, err.message, err.data);
  if (err instanceof AppError) {
    if (err.code === 'INSUFFICIENT_SCOPE' || err.code === 'FORBIDDEN')
      throw new McpError(INSUFFICIENT_SCOPE_CODE, err.message, { code: err.code, ...err.details });
    if (err.code === 'VALIDATION_ERROR')
      throw new McpError(ErrorCode.InvalidParams, err.message, err.details);
    throw new McpError(ErrorCode.InternalError, err.message, { code: err.code });
  }
  throw err;
}

function createMcpServer(upstreams: Upstreams): McpServer {
  const mcp = new McpServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: INSTRUCTIONS,
  });
  // The tools live in the assistant service (one registry for chat and MCP), so the protocol
  // handlers forward to it instead of registering tools here one by one.
  const server = mcp.server;
  server.setRequestHandler(ListToolsRequestSchema, async (_req, extra) =>
    listTools(upstreams, principalOf(extra)).then((tools) => ({ tools }), asMcpError),
  );
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) =>
    callTool(upstreams, principalOf(extra), req.params.name, req.params.arguments).catch(
      asMcpError,
    ),
  );
  server.setRequestHandler(ListResourcesRequestSchema, async (_req, extra) =>
    listResources(upstreams, principalOf(extra)).then((resources) => ({ resources }), asMcpError),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) =>
    readResource(upstreams, principalOf(extra), req.params.uri).then(
      (contents) => ({ contents }),
      asMcpError,
    ),
  );
  return mcp;
}

/**
 * MCP Streamable HTTP on /mcp with the official SDK: one McpServer and transport per session
 * (Mcp-Session-Id), bound to the user who opened it. Sessions live in this gateway's memory,
 * so replicas behind a load balancer need affinity on the Mcp-Session-Id header; a client that
 * reaches another replica gets 404 and initializes again, as the protocol prescribes.
 */
export class McpSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly idleMs: number;
  private readonly maxSessions: number;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly upstreams: Upstreams,
    opts: McpSessionOptions = {},
  ) {
    this.idleMs = opts.idleMs ?? 30 * 60_000;
    this.maxSessions = opts.maxSessions ?? 10_000;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  async handle(req: Request, res: Response, principal: Principal): Promise<void> {
    // The SDK hands this to every request handler as extra.authInfo.
    (req as Request & { auth?: unknown }).auth = {
      token: '',
      clientId: principal.apiKeyId || principal.userId,
      scopes: principal.scopes,
      extra: { principal },
    };
    const sessionId = req.get('mcp-session-id');
    if (sessionId) {
      const session = this.sessions.get(sessionId);
      // Another user's session is as unknown as an expired one.
      if (!session || session.userId !== principal.userId) {
        res.status(404).json({
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Session not found: initialize a new session' },
          id: null,
        });
        return;
      }
      session.lastSeen = Date.now();
      await session.transport.handleRequest(req, res);
      return;
    }
    if (req.method !== 'POST') {
      res.status(400).json({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' },
        id: null,
      });
      return;
    }
    if (this.sessions.size >= this.maxSessions) this.sweep(true);
    const server = createMcpServer(this.upstreams);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, {
          transport,
          server,
          userId: principal.userId,
          lastSeen: Date.now(),
        });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    // A first request that was not an initialize leaves no session behind.
    if (!transport.sessionId || !this.sessions.has(transport.sessionId)) await server.close();
  }

  /** Closes idle sessions (or, when full, the least recently used tenth too). */
  private sweep(full = false): void {
    const now = Date.now();
    const entries = [...this.sessions.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen);
    const extra = full ? Math.ceil(entries.length / 10) : 0;
    entries.forEach(([id, s], i) => {
      if (i < extra || now - s.lastSeen > this.idleMs) {
        this.sessions.delete(id);
        void s.server.close().catch(() => undefined);
      }
    });
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.server.close().catch(() => undefined)));
  }
}
