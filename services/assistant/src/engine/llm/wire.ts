/**
 * The OpenAI chat-completions wire format (the de-facto standard that OpenAI, Azure OpenAI,
 * vLLM, Ollama, LM Studio, llama.cpp and OpenRouter all speak), with tool calling and
 * server-sent-event streaming. Only the fields this engine uses are modelled.
 */
export interface WireToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type WireMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: WireToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface WireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface Completion {
  content: string;
  toolCalls: WireToolCall[];
  completionTokens: number;
  finishReason: string;
}

export class LlmError extends Error {}

export interface CompletionRequest {
  baseUrl: string;
  apiKey?: string;
  model: string;
  messages: WireMessage[];
  tools: WireTool[];
  maxTokens: number;
  signal: AbortSignal;
  /** Set: stream the answer and call this with each piece of text. */
  onDelta?: (text: string) => void;
}

interface ChunkToolCall {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface Choice {
  message?: { content?: string | null; tool_calls?: WireToolCall[] };
  delta?: { content?: string | null; tool_calls?: ChunkToolCall[] };
  finish_reason?: string | null;
}

interface Body {
  choices?: Choice[];
  usage?: { completion_tokens?: number } | null;
  error?: { message?: string };
}

export async function complete(req: CompletionRequest): Promise<Completion> {
  const stream = !!req.onDelta;
  const response = await fetch(`${req.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      ...(req.apiKey ? { authorization: `Bearer ${req.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: req.model,
      messages: req.messages,
      ...(req.tools.length ? { tools: req.tools, tool_choice: 'auto' } : {}),
      max_tokens: req.maxTokens,
      temperature: 0,
      ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
    }),
    signal: req.signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new LlmError(`The model endpoint answered ${response.status}: ${text.slice(0, 300)}`);
  }
  if (!stream || !response.headers.get('content-type')?.includes('text/event-stream')) {
    const body = (await response.json()) as Body;
    const choice = body.choices?.[0];
    if (!choice?.message) throw new LlmError(body.error?.message ?? 'The model answered no choice');
    if (choice.message.content) req.onDelta?.(choice.message.content);
    return {
      content: choice.message.content ?? '',
      toolCalls: choice.message.tool_calls ?? [],
      completionTokens: body.usage?.completion_tokens ?? 0,
      finishReason: choice.finish_reason ?? 'stop',
    };
  }
  return readStream(response, req.onDelta);
}

/** Reassembles a streamed completion: text pieces and tool calls split over many chunks. */
async function readStream(
  response: Response,
  onDelta: ((text: string) => void) | undefined,
): Promise<Completion> {
  let content = '';
  let completionTokens = 0;
  let finishReason = 'stop';
  const calls: WireToolCall[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (data: string) => {
    if (data === '[DONE]') return;
    const chunk = JSON.parse(data) as Body;
    if (chunk.usage?.completion_tokens) completionTokens = chunk.usage.completion_tokens;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    const piece = choice.delta?.content;
    if (piece) {
      content += piece;
      onDelta?.(piece);
    }
    for (const part of choice.delta?.tool_calls ?? []) {
      const index = part.index ?? calls.length;
      const call = (calls[index] ??= {
        id: part.id ?? `call_${index}`,
        type: 'function',
        function: { name: '', arguments: '' },
      });
      if (part.id) call.id = part.id;
      if (part.function?.name) call.function.name += part.function.name;
      if (part.function?.arguments) call.function.arguments += part.function.arguments;
    }
  };
  if (!response.body) throw new LlmError('The model answered no body');
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (data) handle(data);
    }
  }
  return { content, toolCalls: calls.filter(Boolean), completionTokens, finishReason };
}
