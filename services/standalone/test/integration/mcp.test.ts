import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Stack } from '../../src';
import {
  client,
  registerUser,
  setTier,
  startTestStack,
  type Api,
  type Json,
  type TestUser,
} from './harness';

/**
 * MCP (issue 9) through the real gateway and assistant service: the official SDK client over
 * Streamable HTTP with an API key, and /mcp/inspector's JSON-RPC with every scope, malformed
 * requests, unknown tools and bad arguments.
 */
let stack: Stack;
let api: Api;
let alice: TestUser;
let bob: TestUser;
const keys: Record<string, string> = {};

async function addTransaction(user: TestUser, body: Json): Promise<Json> {
  const res = await api('POST', '/api/bank/transactions', { token: user.token, body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.transaction;
}

async function apiKey(user: TestUser, scopes: string[]): Promise<string> {
  const res = await api('POST', '/api/api-keys', {
    token: user.token,
    body: { name: scopes.join(' '), scopes },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.key;
}

/** One JSON-RPC call to /mcp/inspector; body may be any text (malformed JSON included). */
async function rpc(
  body: Json | string,
  auth: { apiKey?: string; token?: string } = { apiKey: keys.full },
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Json }> {
  const h: Record<string, string> = { 'content-type': 'application/json', ...headers };
  if (auth.apiKey) h['x-api-key'] = auth.apiKey;
  if (auth.token) h.authorization = `Bearer ${auth.token}`;
  const res = await fetch(`${stack.url}/mcp/inspector`, {
    method: 'POST',
    headers: h,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

type Auth = { apiKey?: string; token?: string };
const call = (name: string, args: Json, auth: Auth = { apiKey: keys.full }) =>
  rpc({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } }, auth);

/** The structured result of a tools/call answer. */
const structured = (res: { body: Json }) => res.body.result.structuredContent;

beforeAll(async () => {
  stack = await startTestStack({ LLM_BASE_URL: 'http://127.0.0.1:9' });
  api = client(stack);
  alice = await registerUser(api, { countryCode: 'AU' });
  // The scope matrix below makes a few hundred calls: above the free tier's budget.
  await setTier(api, alice.id, 'enterprise', 100_000);
  bob = await registerUser(api);
  for (const [date, amount, description] of [
    ['2025-10-03', 82.4, 'Woolworths Metro'],
    ['2025-10-11', 120.15, 'Coles Richmond'],
    ['2025-10-24', 35, 'Aldi Preston'],
  ] as const)
    await addTransaction(alice, { date, amount, description, type: 'debit' });
  await addTransaction(bob, {
    date: '2025-10-05',
    amount: 999.99,
    description: 'Bob secret',
    type: 'debit',
  });
  for (const scope of [
    'mcp:tools:list',
    'mcp:tools:call',
    'mcp:resources:read',
    'mcp:read',
    'mcp:full',
  ])
    keys[scope.replace(/^mcp:/, '').replace(':', '_')] = await apiKey(alice, [scope]);
});
afterAll(() => stack.close());

describe('/mcp with the official SDK client over Streamable HTTP', () => {
  it('initializes a session with an API key, lists tools, calls one and reads a resource', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
      requestInit: { headers: { 'x-api-key': keys.full } },
    });
    const sdk = new Client({ name: 'pfs-test', version: '1.0.0' });
    await sdk.connect(transport);
    try {
      expect(transport.sessionId).toMatch(/.+/);
      const { tools } = await sdk.listTools();
      const names = tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'search_transactions',
          'spending_summary',
          'create_transaction',
          'gst_calculate',
          'analyze_receipt',
        ]),
      );
      const search = tools.find((t) => t.name === 'search_transactions')!;
      expect(search.inputSchema.type).toBe('object');
      expect(search.annotations?.readOnlyHint).toBe(true);
      expect(tools.find((t) => t.name === 'create_transaction')!.annotations?.readOnlyHint).toBe(
        false,
      );

      const result = await sdk.callTool({
        name: 'search_transactions',
        arguments: { from: '2025-10-01', to: '2025-10-31' },
      });
      expect(result.isError).toBeFalsy();
      const content = result.structuredContent as Json;
      expect(content.count).toBe(3);
      expect(content.total).toBe('-237.55');
      expect(JSON.stringify(content)).not.toMatch(/Bob secret/);

      const { resources } = await sdk.listResources();
      expect(resources.map((r) => r.uri)).toContain('pfs://categories');
      const read = await sdk.readResource({ uri: 'pfs://transactions/recent' });
      const text = (read.contents[0] as { text: string }).text;
      expect(text).toMatch(/Woolworths Metro/);
      expect(text).not.toMatch(/Bob secret/);
    } finally {
      await transport.terminateSession().catch(() => undefined);
      await sdk.close();
    }
  });

  it('refuses a session without a credential (401) and a foreign Origin (403)', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'x', version: '1' },
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(init),
      });
    expect((await post({})).status).toBe(401);
    expect((await post({ 'x-api-key': keys.full, origin: 'https://evil.example' })).status).toBe(
      403,
    );
  });

  it("does not let another user's credential use a session (404)", async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), {
      requestInit: { headers: { 'x-api-key': keys.full } },
    });
    const sdk = new Client({ name: 'pfs-test', version: '1.0.0' });
    await sdk.connect(transport);
    try {
      const res = await fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${bob.token}`,
          'mcp-session-id': transport.sessionId!,
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(res.status).toBe(404);
    } finally {
      await sdk.close();
    }
  });
});

describe('POST /mcp/inspector', () => {
  it('answers initialize and ping', async () => {
    const init = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    expect(init.status).toBe(200);
    expect(init.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: expect.any(String), capabilities: expect.any(Object) },
    });
    expect((await rpc({ jsonrpc: '2.0', id: 'p', method: 'ping' })).body).toEqual({
      jsonrpc: '2.0',
      id: 'p',
      result: {},
    });
  });

  it('runs a read-only tool as the caller and never shows another user’s data', async () => {
    const res = await call('search_transactions', { query: 'woolworths' });
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBeFalsy();
    expect(structured(res).items.map((t: Json) => t.description)).toEqual(['Woolworths Metro']);
    // Count and signed total come from the ledger's aggregate over the whole selection.
    expect(structured(res)).toMatchObject({ count: 1, total: '-82.40', currency: 'AUD' });
    const gst = await call('gst_calculate', { amount: '110.00', inclusive: true });
    expect(structured(gst)).toMatchObject({ gst: '10.00', net: '100.00', gross: '110.00' });
    const bobs = await rpc(
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'search_transactions', arguments: {} },
      },
      { token: bob.token },
    );
    expect(structured(bobs).items.map((t: Json) => t.description)).toEqual(['Bob secret']);
    expect(structured(bobs)).toMatchObject({ count: 1, total: '-999.99' });
  });

  it('answers protocol errors in a 200 body with the standard codes', async () => {
    const code = async (body: Json | string) => {
      const res = await rpc(body);
      expect(res.status).toBe(200);
      return res.body.error?.code;
    };
    expect(await code('{not json')).toBe(-32700);
    expect(await code({ id: 1, method: 'ping' })).toBe(-32600);
    expect(await code([1, 2])).toBe(-32600);
    expect(await code({ jsonrpc: '2.0', id: 1, method: 'tools/destroy' })).toBe(-32601);
    expect(
      await code({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool' } }),
    ).toBe(-32602);
    expect(
      await code({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'gst_calculate', arguments: { amount: 'lots' } },
      }),
    ).toBe(-32602);
    expect(
      await code({
        jsonrpc: '2.0',
        id: 1,
        method: 'resources/read',
        params: { uri: 'pfs://nope' },
      }),
    ).toBe(-32002);
    // A notification has no id and gets no answer.
    expect((await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
  });

  it('answers 401 without a credential', async () => {
    const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {});
    expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
  });

  // What each scope may do, exactly as SPEC.md lists them: list, read-only call, write call,
  // resources list/read. A JWT acts as mcp:full.
  const matrix: [string, { list: boolean; read: boolean; write: boolean; resources: boolean }][] = [
    ['tools_list', { list: true, read: false, write: false, resources: false }],
    ['tools_call', { list: true, read: true, write: false, resources: false }],
    ['resources_read', { list: false, read: false, write: false, resources: true }],
    ['read', { list: true, read: true, write: false, resources: true }],
    ['full', { list: true, read: true, write: true, resources: true }],
    ['jwt', { list: true, read: true, write: true, resources: true }],
  ];
  it.each(matrix)('scope %s', async (scope, may) => {
    const key: Auth = scope === 'jwt' ? { token: alice.token } : { apiKey: keys[scope] };
    const expectAllowed = (res: { status: number; body: Json }, allowed: boolean) => {
      if (allowed) expect(res.status).toBe(200);
      else expect([res.status, res.body.code]).toEqual([403, 'INSUFFICIENT_SCOPE']);
    };
    expectAllowed(await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, key), may.list);
    expectAllowed(
      await call(
        'spending_summary',
        { from: '2025-10-01', to: '2025-10-31', groupBy: 'merchant' },
        key,
      ),
      may.read,
    );
    const write = await call(
      'create_category',
      { name: `From MCP ${scope}`, type: 'expense' },
      key,
    );
    expectAllowed(write, may.write);
    if (may.write) expect(structured(write).category.name).toBe(`From MCP ${scope}`);
    expectAllowed(
      await rpc({ jsonrpc: '2.0', id: 1, method: 'resources/list' }, key),
      may.resources,
    );
    expectAllowed(
      await rpc(
        { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'pfs://categories' } },
        key,
      ),
      may.resources,
    );
  });

  it('applies every scope to every tool: writing tools only with mcp:full or a JWT', async () => {
    const tools = (await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result
      .tools as { name: string; annotations: { readOnlyHint: boolean } }[];
    for (const [scope, may] of matrix) {
      const auth: Auth = scope === 'jwt' ? { token: alice.token } : { apiKey: keys[scope] };
      for (const tool of tools) {
        const allowed = tool.annotations.readOnlyHint ? may.read : may.write;
        // No arguments: an allowed call gets as far as argument checking (a 200 JSON-RPC
        // answer, an error or a result); a refused one never does (403).
        const res = await call(tool.name, {}, auth);
        expect([scope, tool.name, res.status]).toEqual([scope, tool.name, allowed ? 200 : 403]);
      }
    }
  });

  it('lists only the tools a scope may run, each with its schema and annotations', async () => {
    const full = (await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools;
    expect(full.length).toBeGreaterThanOrEqual(18);
    for (const tool of full) {
      expect(tool).toMatchObject({
        name: expect.any(String),
        description: expect.any(String),
        inputSchema: expect.objectContaining({ type: 'object' }),
        annotations: expect.objectContaining({ readOnlyHint: expect.any(Boolean) }),
      });
    }
  });
});
