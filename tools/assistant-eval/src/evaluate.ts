import { createOfflineEngine } from '../../../services/assistant/src/engine/offline';
import type { ChatTurn } from '../../../services/assistant/src/engine/types';
import { FakeTools } from '../../../services/assistant/test/support/fake-tools';
import { buildQuestions, type Expected } from './questions';
import { fakeData, generateRows, TODAY } from './user';

export interface KindScore {
  kind: string;
  questions: number;
  right: number;
}

export interface Report {
  questions: number;
  right: number;
  accuracy: number;
  byKind: KindScore[];
  failures: { message: string; expected: Expected; answer: string; tools: string[] }[];
  latencyMs: { p50: number; p95: number };
  messagesPerSecond: number;
}

const plain = (answer: string) => answer.replace(/[$,]/g, '');

export function isRight(answer: string, tools: string[], expected: Expected): boolean {
  if (!tools.includes(expected.tool)) return false;
  const body = plain(answer);
  if (
    expected.money?.some(
      (m) => !new RegExp(`(^|[^\\d.])${m.replace('.', '\\.')}(?!\\d)`).test(body),
    )
  )
    return false;
  if (
    expected.count !== undefined &&
    !new RegExp(`\\b${expected.count} (payment|transaction)`).test(body)
  )
    return false;
  return true;
}

export async function evaluate(): Promise<Report> {
  const rows = generateRows();
  const conversations = buildQuestions(rows);
  const engine = createOfflineEngine();
  const byKind = new Map<string, KindScore>();
  const failures: Report['failures'] = [];
  const latencies: number[] = [];
  let questions = 0;
  let right = 0;
  const started = performance.now();
  for (const conversation of conversations) {
    const tools = new FakeTools(fakeData(rows));
    const history: ChatTurn[] = [];
    for (const turn of conversation) {
      const t0 = performance.now();
      const answer = await engine.answer({
        userId: 'eval-user',
        countryCode: 'AU',
        currency: 'AUD',
        now: TODAY,
        message: turn.message,
        assetUrls: [],
        history,
        tools,
      });
      latencies.push(performance.now() - t0);
      history.push({
        role: 'user',
        content: turn.message,
        toolsUsed: [],
        createdAt: TODAY.toISOString(),
      });
      history.push({
        role: 'assistant',
        content: answer.content,
        toolsUsed: answer.toolsUsed,
        state: answer.state,
        createdAt: TODAY.toISOString(),
      });
      const ok = isRight(answer.content, answer.toolsUsed, turn.expected);
      const score = byKind.get(turn.expected.kind) ?? {
        kind: turn.expected.kind,
        questions: 0,
        right: 0,
      };
      score.questions++;
      questions++;
      if (ok) {
        score.right++;
        right++;
      } else
        failures.push({
          message: turn.message,
          expected: turn.expected,
          answer: answer.content,
          tools: answer.toolsUsed,
        });
      byKind.set(turn.expected.kind, score);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(
      latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] * 100,
    ) / 100;
  return {
    questions,
    right,
    accuracy: right / questions,
    byKind: [...byKind.values()],
    failures,
    latencyMs: { p50: pct(0.5), p95: pct(0.95) },
    messagesPerSecond: Math.round(questions / seconds),
  };
}
