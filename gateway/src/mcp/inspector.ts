import { AppError } from '@pfs/kit';
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../auth/principal';
import type { Upstreams } from '../upstreams';
import {
  callTool,
  INSTRUCTIONS,
  INVALID_PARAMS,
  listResources,
  listTools,
  readResource,
  RpcError,
  SERVER_INFO,
} from './assistant-calls';

type Id = string | number | null;

export interface RpcResponse {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;

const failure = (id: Id, code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses the raw body: undefined for a parse error (answered -32700). */
export function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * POST /mcp/inspector: one JSON-RPC 2.0 request per HTTP request, answered in a 200 body,
 * protocol errors included (-32700 parse, -32600 invalid request, -32601 unknown method,
 * -32602 bad params). Credential and scope failures are HTTP 401/403 (thrown as AppErrors).
 * Returns undefined for a notification (no id): nothing to answer.
 */
export async function dispatchInspector(
  raw: string,
  upstreams: Upstreams,
  principal: Principal,
): Promise<RpcResponse | undefined> {
  const parsed = parseBody(raw);
  if (!parsed.ok) return failure(null, PARSE_ERROR, 'Parse error: the body is not valid JSON');
  const msg = parsed.value;
  if (Array.isArray(msg))
    return failure(null, INVALID_REQUEST, 'Invalid Request: batches are not supported');
  if (!isObject(msg)) return failure(null, INVALID_REQUEST, 'Invalid Request: expected an object');
  const rawId = msg.id;
  const idValid =
    rawId === undefined ||
    rawId === null ||
    typeof rawId === 'string' ||
    (typeof rawId === 'number' && Number.isInteger(rawId));
  const id: Id = idValid && rawId !== undefined ? (rawId as Id) : null;
  if (msg.jsonrpc !== '2.0')
    return failure(id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"');
  if (!idValid)
    return failure(null, INVALID_REQUEST, 'Invalid Request: id must be a string or an integer');
  if (typeof msg.method !== 'string' || !msg.method)
    return failure(id, INVALID_REQUEST, 'Invalid Request: method must be a string');
  if (msg.params !== undefined && !isObject(msg.params))
    return failure(id, INVALID_PARAMS, 'Invalid params: params must be an object');
  const params = (msg.params ?? {}) as Record<string, unknown>;
  const notification = rawId === undefined;

  try {
    const result = await run(msg.method, params, upstreams, principal);
    if (result === METHOD_MISSING)
      return notification
        ? undefined
        : failure(id, METHOD_NOT_FOUND, `Method not found: ${msg.method}`);
    return notification ? undefined : { jsonrpc: '2.0', id, result };
  } catch (err) {
    if (err instanceof RpcError)
      return notification ? undefined : failure(id, err.code, err.message, err.data);
    // 401/403 and service failures keep their HTTP status (CONTRACT.md).
    if (err instanceof AppError) throw err;
    throw err;
  }
}

const METHOD_MISSING = Symbol('method missing');

async function run(
  method: string,
  params: Record<string, unknown>,
  upstreams: Upstreams,
  principal: Principal,
): Promise<unknown> {
  switch (method) {
    case 'initialize': {
      const asked = params.protocolVersion;
      const protocolVersion =
        typeof asked === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(asked)
          ? asked
          : LATEST_PROTOCOL_VERSION;
      return {
        protocolVersion,
        capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
        serverInfo: SERVER_INFO,
        instructions: INSTRUCTIONS,
      };
    }
    case 'ping':
      return {};
    case 'notifications/initialized':
    case 'notifications/cancelled':
      return {};
    case 'tools/list':
      return { tools: await listTools(upstreams, principal) };
    case 'tools/call':
      return callTool(upstreams, principal, params.name, params.arguments);
    case 'resources/list':
      return { resources: await listResources(upstreams, principal) };
    case 'resources/templates/list':
      return { resourceTemplates: [] };
    case 'resources/read':
      return { contents: await readResource(upstreams, principal, params.uri) };
    default:
      return METHOD_MISSING;
  }
}

/** Reads a request body as text, refusing more than `limit` bytes (413). */
export async function readRawBody(
  req: NodeJS.ReadableStream & { headers: Record<string, unknown> },
  limit: number,
): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}
