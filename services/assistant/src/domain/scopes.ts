/**
 * MCP scopes exactly as SPEC.md and CONTRACT.md list them: mcp:full everything; mcp:read every
 * read-only operation; mcp:tools:list lists tools; mcp:tools:call lists and runs read-only
 * tools; mcp:resources:read lists and reads resources. A JWT or session caller counts as
 * mcp:full (the gateway sends it so).
 */
export type McpOperation =
  'tools/list' | 'tools/call:read' | 'tools/call:write' | 'resources/list' | 'resources/read';

const GRANTS: Record<string, readonly McpOperation[]> = {
  'mcp:full': [
    'tools/list',
    'tools/call:read',
    'tools/call:write',
    'resources/list',
    'resources/read',
  ],
  'mcp:read': ['tools/list', 'tools/call:read', 'resources/list', 'resources/read'],
  'mcp:tools:list': ['tools/list'],
  'mcp:tools:call': ['tools/list', 'tools/call:read'],
  'mcp:resources:read': ['resources/list', 'resources/read'],
};

export function scopesAllow(scopes: readonly string[], operation: McpOperation): boolean {
  return scopes.some((scope) => GRANTS[scope]?.includes(operation) ?? false);
}

/** The scope that would allow an operation (named in the 403's details). */
export function scopeNeededFor(operation: McpOperation): string {
  if (operation === 'tools/call:write') return 'mcp:full';
  if (operation === 'tools/list') return 'mcp:tools:list';
  if (operation === 'tools/call:read') return 'mcp:tools:call';
  return 'mcp:resources:read';
}
