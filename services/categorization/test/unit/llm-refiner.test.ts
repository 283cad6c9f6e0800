import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserCategory } from '../../src/domain/classifier/categories';
import type { ClassificationResult } from '../../src/domain/classifier/classifier';
import {
  LlmRefiner,
  llmSettingsFromEnv,
  type LlmSettings,
} from '../../src/domain/classifier/llm-refiner';

/** A fake OpenAI-compatible endpoint: each test sets how it answers. */
let server: Server;
let baseUrl: string;
interface ChatRequest {
  model?: string;
  messages: { role: string; content: string }[];
}
let handler: (body: ChatRequest, req: IncomingMessage, res: ServerResponse) => void;
let requests: { body: ChatRequest; headers: IncomingMessage['headers'] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as ChatRequest;
      requests.push({ body, headers: req.headers });
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      handler(body, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

const reply = (res: ServerResponse, content: string, status = 200) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));

const categories: UserCategory[] = [
  {
    id: 'c-dining',
    name: 'Dining Out',
    icon: 'utensils',
    color: '#FF9800',
    isTaxDeductible: false,
    taxCategory: null,
  },
  {
    id: 'c-shop',
    name: 'Shopping',
    icon: 'shopping-bag',
    color: '#FF5722',
    isTaxDeductible: false,
    taxCategory: null,
  },
  {
    id: 'c-groc',
    name: 'Groceries',
    icon: 'shopping-cart',
    color: '#4CAF50',
    isTaxDeductible: false,
    taxCategory: null,
  },
];

const signals = { top: 0.3, margin: 0.1, memory: 0, merchant: 0, known: 0.2, user: 0 };
const result = (
  id: string,
  categoryId: string,
  name: string,
  confidence: number,
): ClassificationResult => ({
  id,
  categoryId,
  categoryName: name,
  confidence,
  reasoning: 'Closest match in the built-in knowledge',
  alternatives: [{ categoryId: 'c-groc', confidence: 0.1 }],
  source: 'keyword_model',
  signals,
});

const settings = (over: Partial<LlmSettings> = {}): LlmSettings => ({
  baseUrl,
  apiKey: 'sk-test',
  model: 'test-model',
  threshold: 0.6,
  timeoutMs: 1_000,
  batchSize: 25,
  ...over,
});

const transactions = [
  { id: 'a', description: 'SQ *PROUD MARY COLLINGWOOD', type: 'debit', amount: 24.5 },
  { id: 'b', description: 'WOOLWORTHS 1234', type: 'debit', amount: 80 },
];
const profile = { countryCode: 'AU', businessType: 'individual' };

describe('llmSettingsFromEnv', () => {
  it('is off unless both the URL and the model are set', () => {
    expect(llmSettingsFromEnv({})).toBeUndefined();
    expect(llmSettingsFromEnv({ LLM_BASE_URL: 'http://x/v1' })).toBeUndefined();
    expect(llmSettingsFromEnv({ LLM_BASE_URL: 'http://x/v1/', LLM_MODEL: 'm' })).toMatchObject({
      baseUrl: 'http://x/v1',
      model: 'm',
      threshold: 0.6,
    });
  });

  it('refuses bad values', () => {
    expect(() => llmSettingsFromEnv({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' })).toThrow(
      /LLM_BASE_URL/,
    );
    expect(() =>
      llmSettingsFromEnv({
        LLM_BASE_URL: 'http://x',
        LLM_MODEL: 'm',
        LLM_CONFIDENCE_THRESHOLD: '2',
      }),
    ).toThrow(/THRESHOLD/);
  });
});

describe('LlmRefiner against a fake OpenAI-compatible server', () => {
  it('sends only low-confidence answers, in one batch, and adopts a confident different answer', async () => {
    handler = (_body, _req, res) =>
      reply(
        res,
        '```json\n{"results":[{"id":"a","category":"Dining Out","confidence":0.9,"reason":"Proud Mary is a Melbourne café"}]}\n```',
      );
    const refiner = new LlmRefiner(settings());
    const out = await refiner.refine(
      transactions,
      [result('a', 'c-shop', 'Shopping', 0.3), result('b', 'c-groc', 'Groceries', 0.95)],
      categories,
      profile,
    );

    expect(requests).toHaveLength(1);
    expect(requests[0].headers.authorization).toBe('Bearer sk-test');
    expect(requests[0].body.model).toBe('test-model');
    const sent = JSON.parse(requests[0].body.messages[1].content);
    expect(sent.transactions.map((t: { id: string }) => t.id)).toEqual(['a']);
    expect(sent.categories).toEqual(['Dining Out', 'Shopping', 'Groceries']);

    expect(out[0]).toMatchObject({
      categoryId: 'c-dining',
      categoryName: 'Dining Out',
      source: 'llm',
      confidence: 0.72,
    });
    expect(out[0].reasoning).toBe('Language model: Proud Mary is a Melbourne café → Dining Out');
    expect(out[0].alternatives[0]).toEqual({ categoryId: 'c-shop', confidence: 0.3 });
    expect(out[1]).toEqual(result('b', 'c-groc', 'Groceries', 0.95));
  });

  it('agreement raises the confidence a little', async () => {
    handler = (_b, _r, res) =>
      reply(res, '{"results":[{"id":"a","category":"shopping","confidence":0.8,"reason":"x"}]}');
    const [out] = await new LlmRefiner(settings()).refine(
      transactions.slice(0, 1),
      [result('a', 'c-shop', 'Shopping', 0.3)],
      categories,
      profile,
    );
    expect(out.categoryId).toBe('c-shop');
    expect(out.confidence).toBeGreaterThan(0.3);
    expect(out.reasoning).toMatch(/a language model agreed$/);
  });

  it.each([
    [
      'a server error',
      (_b: unknown, _r: IncomingMessage, res: ServerResponse) => reply(res, 'nope', 500),
    ],
    [
      'an unparsable reply',
      (_b: unknown, _r: IncomingMessage, res: ServerResponse) => reply(res, 'I think it is food'),
    ],
    [
      'an unknown category',
      (_b: unknown, _r: IncomingMessage, res: ServerResponse) =>
        reply(res, '{"results":[{"id":"a","category":"Restaurants","confidence":0.9}]}'),
    ],
    [
      'an answer for another id',
      (_b: unknown, _r: IncomingMessage, res: ServerResponse) =>
        reply(res, '{"results":[{"id":"zzz","category":"Dining Out","confidence":0.9}]}'),
    ],
    [
      'a timeout',
      (_b: unknown, _r: IncomingMessage, res: ServerResponse) =>
        setTimeout(() => reply(res, '{"results":[]}'), 500),
    ],
  ])('keeps the classifier’s answer on %s', async (_what, h) => {
    handler = h;
    const warn = jest.fn();
    const original = [result('a', 'c-shop', 'Shopping', 0.3)];
    const out = await new LlmRefiner(settings({ timeoutMs: 150 }), undefined, { warn }).refine(
      transactions.slice(0, 1),
      original,
      categories,
      profile,
    );
    expect(out).toEqual(original);
  });

  it('makes no request when every answer is confident', async () => {
    handler = (_b, _r, res) => reply(res, '{}');
    await new LlmRefiner(settings()).refine(
      transactions.slice(0, 1),
      [result('a', 'c-shop', 'Shopping', 0.9)],
      categories,
      profile,
    );
    expect(requests).toHaveLength(0);
  });

  it('batches', async () => {
    handler = (_b, _r, res) => reply(res, '{"results":[]}');
    const many = Array.from({ length: 5 }, (_, i) => ({
      id: String(i),
      description: 'X',
      type: 'debit',
    }));
    await new LlmRefiner(settings({ batchSize: 2 })).refine(
      many,
      many.map((t) => result(t.id, 'c-shop', 'Shopping', 0.2)),
      categories,
      profile,
    );
    expect(requests).toHaveLength(3);
  });
});
