import type { UserCategory } from './categories';
import type { ClassificationResult, TransactionToClassify } from './classifier';

/**
 * Optional second opinion from a language model for the answers the classifier is unsure of.
 * Any OpenAI-compatible chat-completions endpoint works; off unless LLM_BASE_URL and
 * LLM_MODEL are set. Low-confidence answers go in batches with a timeout; on any failure
 * (network, status, timeout, unparsable or unknown category) the classifier's answer stands.
 * Descriptions leave the service only when this is switched on.
 */
export interface LlmSettings {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Answers below this calibrated confidence are sent (default 0.6). */
  threshold: number;
  timeoutMs: number;
  /** Transactions per request. */
  batchSize: number;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

export interface RefinerLogger {
  warn(obj: object, msg: string): void;
}

/** Reads LLM_* settings; undefined (off) unless both LLM_BASE_URL and LLM_MODEL are set. */
export function llmSettingsFromEnv(env: NodeJS.ProcessEnv): LlmSettings | undefined {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return undefined;
  if (!/^https?:\/\/\S+$/i.test(baseUrl)) throw new Error('LLM_BASE_URL must be an http(s) URL');
  const number = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max)
      throw new Error(`${name} must be a number from ${min} to ${max}`);
    return value;
  };
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY?.trim() || undefined,
    model,
    threshold: number('LLM_CONFIDENCE_THRESHOLD', 0.6, 0, 1),
    timeoutMs: number('LLM_TIMEOUT_MS', 4_000, 100, 60_000),
    batchSize: number('LLM_BATCH_SIZE', 25, 1, 100),
  };
}

interface LlmAnswer {
  id: string;
  category: string;
  confidence: number;
  reason: string;
}

/** The first JSON object in a reply (models sometimes wrap it in prose or a code fence). */
function parseAnswers(content: string): LlmAnswer[] {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return [];
  const parsed = JSON.parse(content.slice(start, end + 1)) as { results?: unknown };
  if (!Array.isArray(parsed.results)) return [];
  return parsed.results.flatMap((r: unknown) => {
    const item = r as Record<string, unknown>;
    if (typeof item?.id !== 'string' || typeof item.category !== 'string') return [];
    const confidence =
      typeof item.confidence === 'number' && Number.isFinite(item.confidence)
        ? item.confidence
        : 0.5;
    const reason = typeof item.reason === 'string' ? item.reason : '';
    return [
      {
        id: item.id,
        category: item.category,
        confidence: Math.min(1, Math.max(0, confidence)),
        reason,
      },
    ];
  });
}

/** Its answers are trusted at most this much: an uncalibrated second opinion. */
const MAX_LLM_CONFIDENCE = 0.85;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

export class LlmRefiner {
  constructor(
    readonly settings: LlmSettings,
    private readonly fetchImpl: FetchLike = globalThis.fetch as unknown as FetchLike,
    private readonly logger?: RefinerLogger,
  ) {}

  /** Refines the low-confidence results (others pass through untouched), in request order. */
  async refine(
    transactions: readonly TransactionToClassify[],
    results: readonly ClassificationResult[],
    categories: readonly UserCategory[],
    profile: { countryCode: string; businessType: string },
  ): Promise<ClassificationResult[]> {
    const unsure = results
      .map((r, i) => ({ r, t: transactions[i] }))
      .filter(({ r }) => r.confidence < this.settings.threshold);
    if (!unsure.length || !categories.length) return [...results];
    const byName = new Map(categories.map((c) => [c.name.trim().toLowerCase(), c]));
    const answers = new Map<string, LlmAnswer>();
    for (let i = 0; i < unsure.length; i += this.settings.batchSize) {
      const batch = unsure.slice(i, i + this.settings.batchSize);
      for (const answer of await this.ask(batch, categories, profile))
        answers.set(answer.id, answer);
    }
    return results.map((result) => {
      const answer = answers.get(result.id);
      if (!answer || result.confidence >= this.settings.threshold) return result;
      const category = byName.get(answer.category.trim().toLowerCase());
      if (!category) return result;
      if (category.id === result.categoryId) {
        // Agreement raises confidence a little (the second opinion is not calibrated).
        const confidence =
          Math.round((1 - (1 - result.confidence) * (1 - 0.5 * answer.confidence)) * 1000) / 1000;
        return {
          ...result,
          confidence: Math.min(MAX_LLM_CONFIDENCE, Math.max(result.confidence, confidence)),
          reasoning: oneLine(`${result.reasoning}; a language model agreed`),
        };
      }
      const confidence =
        Math.round(Math.min(MAX_LLM_CONFIDENCE, answer.confidence * 0.8) * 1000) / 1000;
      if (confidence <= result.confidence) return result;
      const alternatives = [
        ...(result.categoryId
          ? [{ categoryId: result.categoryId, confidence: result.confidence }]
          : []),
        ...result.alternatives.filter(
          (a) => a.categoryId !== category.id && a.categoryId !== result.categoryId,
        ),
      ].slice(0, 3);
      return {
        ...result,
        categoryId: category.id,
        categoryName: category.name,
        confidence,
        alternatives,
        source: 'llm',
        reasoning: oneLine(
          `Language model: ${answer.reason || `looks like ${category.name}`} → ${category.name}`,
        ),
      };
    });
  }

  private async ask(
    batch: { r: ClassificationResult; t: TransactionToClassify }[],
    categories: readonly UserCategory[],
    profile: { countryCode: string; businessType: string },
  ): Promise<LlmAnswer[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.settings.timeoutMs);
    try {
      const response = await this.fetchImpl(`${this.settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        signal: controller.signal,
        body: JSON.stringify({
          model: this.settings.model,
          temperature: 0,
          messages: [
            {
              role: 'system',
              content:
                'You categorise bank transactions. Choose exactly one category name from the list for each transaction. ' +
                'Reply with JSON only: {"results":[{"id":"<id>","category":"<category name>","confidence":<0..1>,"reason":"<short reason>"}]}',
            },
            {
              role: 'user',
              content: JSON.stringify({
                country: profile.countryCode,
                businessType: profile.businessType,
                categories: categories.map((c) => c.name),
                transactions: batch.map(({ r, t }) => ({
                  id: r.id,
                  description: t.description,
                  merchant: t.merchant ?? undefined,
                  amount: t.amount,
                  type: t.type,
                  modelGuess: r.categoryName ?? undefined,
                  modelConfidence: r.confidence,
                })),
              }),
            },
          ],
        }),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new Error('no message content');
      const wanted = new Set(batch.map(({ r }) => r.id));
      return parseAnswers(content).filter((a) => wanted.has(a.id));
    } catch (err) {
      this.logger?.warn(
        { err: (err as Error).message, model: this.settings.model },
        'LLM refinement failed; keeping the classifier answers',
      );
      return [];
    } finally {
      clearTimeout(timer);
    }
  }
}
