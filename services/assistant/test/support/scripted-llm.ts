import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible chat-completions server for tests: each POST
 * /v1/chat/completions takes the next scripted step and answers it as JSON, or as server-sent
 * events (text in small pieces, tool-call arguments split across chunks) when the request
 * asks to stream. Every request body is kept for the test to inspect.
 */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

export interface ScriptedStep {
  content?: string;
  toolCalls?: ScriptedToolCall[];
  completionTokens?: number;
  /** Answer with this HTTP status and body instead. */
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RequestBody = Record<string, any>;

export interface ScriptedLlm {
  /** Base URL to give as LLM_BASE_URL (ends in /v1). */
  url: string;
  requests: RequestBody[];
  authorizations: (string | undefined)[];
  /** Steps answered in order; a function step sees the request. */
  script(...steps: (ScriptedStep | ((body: RequestBody) => ScriptedStep))[]): void;
  /** Answered when the script has run out (default: a plain "ok"). */
  fallback: (body: RequestBody) => ScriptedStep;
  close(): Promise<void>;
}

export async function startScriptedLlm(): Promise<ScriptedLlm> {
  const queue: (ScriptedStep | ((body: RequestBody) => ScriptedStep))[] = [];
  const state: ScriptedLlm = {
    url: '',
    requests: [],
    authorizations: [],
    script: (...steps) => {
      queue.length = 0;
      queue.push(...steps);
    },
    fallback: () => ({ content: 'ok' }),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  let callId = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RequestBody;
        state.requests.push(body);
        state.authorizations.push(req.headers.authorization);
        const next = queue.shift() ?? state.fallback;
        const step = typeof next === 'function' ? next(body) : next;
        if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
        if (step.status) {
          res.writeHead(step.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'scripted failure' } }));
          return;
        }
        const calls = (step.toolCalls ?? []).map((c) => ({
          id: `call_${++callId}`,
          type: 'function' as const,
          function: {
            name: c.name,
            arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
          },
        }));
        const usage = { prompt_tokens: 10, completion_tokens: step.completionTokens ?? 5 };
        const finish = calls.length ? 'tool_calls' : 'stop';
        if (!body.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-test',
              object: 'chat.completion',
              model: body.model,
              choices: [
                {
                  index: 0,
                  message: {
                    role: 'assistant',
                    content: step.content ?? null,
                    ...(calls.length ? { tool_calls: calls } : {}),
                  },
                  finish_reason: finish,
                },
              ],
              usage,
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const send = (delta: unknown, finishReason: string | null = null) =>
          res.write(
            `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
          );
        send({ role: 'assistant', content: '' });
        const text = step.content ?? '';
        for (let i = 0; i < text.length; i += 7) send({ content: text.slice(i, i + 7) });
        calls.forEach((c, index) => {
          const half = Math.floor(c.function.arguments.length / 2);
          send({
            tool_calls: [
              {
                index,
                id: c.id,
                type: 'function',
                function: { name: c.function.name, arguments: c.function.arguments.slice(0, half) },
              },
            ],
          });
          send({
            tool_calls: [{ index, function: { arguments: c.function.arguments.slice(half) } }],
          });
        });
        send({}, finish);
        res.write(`data: ${JSON.stringify({ id: 'chatcmpl-test', choices: [], usage })}\n\n`);
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}
