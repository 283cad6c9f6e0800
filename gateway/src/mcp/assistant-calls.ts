import { AppError } from '@pfs/kit';
import type { Principal } from '../auth/principal';
import { callerOf } from '../present/conversation';
import type { Upstreams } from '../upstreams';

/**
 * The MCP operations, each one gRPC call to the assistant service (which owns the tool
 * registry, runs the tools as the user and enforces the MCP scopes), shaped as MCP results.
 * Both /mcp/inspector and the SDK server on /mcp use these.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
  outputSchema: { type: 'object'; [key: string]: unknown };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
}

export interface McpToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError: boolean;
}

/** A JSON-RPC error a method answers (bad params, unknown tool or resource). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const INVALID_PARAMS = -32602;
/** MCP's "resource not found". */
export const RESOURCE_NOT_FOUND = -32002;

export const SERVER_INFO = {
  name: 'personal-finance-service',
  title: 'Personal Finance Service',
  version: '0.1.0',
};
export const INSTRUCTIONS =
  'Tools and resources over the user’s own finances: transactions, spending, cash flow, ' +
  'categories and rules, bills, GST/VAT and deductions, receipts and expenses. Amounts are ' +
  'decimal strings; negative means money out. Writing tools need the mcp:full scope.';

export async function listTools(upstreams: Upstreams, principal: Principal): Promise<McpTool[]> {
  const { tools } = await upstreams.assistant.call((c) => c.listTools, {
    caller: callerOf(principal),
  });
  return tools.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: JSON.parse(t.inputSchemaJson) as McpTool['inputSchema'],
    outputSchema: JSON.parse(t.outputSchemaJson) as McpTool['outputSchema'],
    annotations: {
      title: t.title,
      readOnlyHint: t.readOnly,
      destructiveHint: t.destructive,
      idempotentHint: t.readOnly,
      // The tools reach only this service's own data.
      openWorldHint: false,
    },
  }));
}

export async function callTool(
  upstreams: Upstreams,
  principal: Principal,
  name: unknown,
  args: unknown,
): Promise<McpToolResult> {
  if (typeof name !== 'string' || !name)
    throw new RpcError(INVALID_PARAMS, 'params.name must be a tool name');
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
    throw new RpcError(INVALID_PARAMS, 'params.arguments must be an object');
  try {
    const r = await upstreams.assistant.call((c) => c.callTool, {
      name,
      argumentsJson: JSON.stringify(args ?? {}),
      caller: callerOf(principal),
    });
    if (r.isError) return { content: [{ type: 'text', text: r.text }], isError: true };
    return {
      content: [{ type: 'text', text: r.text }],
      structuredContent: JSON.parse(r.structuredJson) as Record<string, unknown>,
      isError: false,
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new RpcError(INVALID_PARAMS, `Unknown tool: ${name}`);
    if (err instanceof AppError && err.code === 'VALIDATION_ERROR')
      throw new RpcError(INVALID_PARAMS, err.message, { issues: err.details?.issues ?? [] });
    throw err;
  }
}

export async function listResources(upstreams: Upstreams, principal: Principal) {
  const { resources } = await upstreams.assistant.call((c) => c.listResources, {
    caller: callerOf(principal),
  });
  return resources.map((r) => ({
    uri: r.uri,
    name: r.name,
    title: r.title,
    description: r.description,
    mimeType: r.mimeType,
  }));
}

export async function readResource(upstreams: Upstreams, principal: Principal, uri: unknown) {
  if (typeof uri !== 'string' || !uri)
    throw new RpcError(INVALID_PARAMS, 'params.uri must be a resource URI');
  try {
    const { contents } = await upstreams.assistant.call((c) => c.readResource, {
      uri,
      caller: callerOf(principal),
    });
    return contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, text: c.text }));
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new RpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
    throw err;
  }
}
