/**
 * Assistant benchmark (issue 9) on the embedded stack in a child process (stack-process.js),
 * with the offline answering engine (no LLM_BASE_URL):
 *
 * 1. chat: `POST /api/chat/message` — questions about the bench user's own data (totals by
 *    category and period, largest expenses, GST in a price), each in a new conversation, with
 *    ASSISTANT_BENCH_CONNECTIONS in flight: messages per second and p50/p95 latency.
 * 2. MCP: `POST /mcp/inspector` `tools/call` of `spending_summary` (a read-only tool that
 *    reads a month of the user's transactions): calls per second and p50/p95.
 *
 *   node tools/bench/dist/assistant-bench.js
 *
 * Env: ASSISTANT_BENCH_DURATION (seconds per scenario, default 10), ASSISTANT_BENCH_CONNECTIONS
 * (default 10), ASSISTANT_BENCH_SEED (transactions of the user, default 2000). Prints the
 * figures as JSON and writes tools/bench/results/assistant-latest.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measure } from './load';
import { Cleanups, runBench, startBenchStack } from './proc';

const DURATION = Number(process.env.ASSISTANT_BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.ASSISTANT_BENCH_CONNECTIONS ?? 10);
const SEED = Number(process.env.ASSISTANT_BENCH_SEED ?? 2000);
const RESULTS = join(__dirname, '..', 'results');

const MERCHANTS = [
  ['Woolworths Metro', 20, 180],
  ['Coles Richmond', 15, 160],
  ['Shell Coles Express', 40, 110],
  ['Netflix', 17, 23],
  ['Uber Eats', 18, 65],
  ['Bunnings Warehouse', 12, 400],
] as const;

const QUESTIONS = [
  'How much did I spend last month?',
  'What did I spend at Woolworths this year?',
  'What were my largest expenses last month?',
  'How much GST is in $220?',
  'How much did I spend on groceries in the last 3 months?',
  'cashflow this month',
];

const cleanups = new Cleanups();

async function main(): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  // Without LLM_BASE_URL: the offline engine answers.
  const stack = await startBenchStack({
    tag: 'assistant-bench',
    cleanups,
    env: { LLM_BASE_URL: undefined },
  });
  const { url, token } = stack;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  // Seed: a year of spending through the batch-free create route, a few at a time.
  const today = new Date();
  for (let i = 0; i < SEED; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, SEED - i) }, async (_, k) => {
        const n = i + k;
        const [merchant, min, max] = MERCHANTS[n % MERCHANTS.length];
        const day = new Date(today.getTime() - (n % 365) * 86_400_000).toISOString().slice(0, 10);
        const amount = (min + ((n * 7919) % ((max - min) * 100)) / 100).toFixed(2);
        const res = await fetch(`${url}/api/bank/transactions`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            date: day,
            description: merchant,
            amount: Number(amount),
            type: 'debit',
          }),
        });
        if (res.status !== 201) throw new Error(`seed answered ${res.status}`);
      }),
    );
  }

  let q = 0;
  const chat = await measure({
    target: 'chat (offline engine)',
    url: `${url}/api/chat/message`,
    method: 'POST',
    headers: auth,
    nextBody: () => JSON.stringify({ message: QUESTIONS[q++ % QUESTIONS.length] }),
    connections: CONNECTIONS,
    expectStatus: 200,
    serverPid: stack.child.pid,
    serverLoopTime: () => stack.loopTime(),
    durationSec: DURATION,
    warmupSec: 2,
  });
  const month = today.toISOString().slice(0, 7);
  const mcp = await measure({
    target: 'MCP tools/call spending_summary',
    url: `${url}/mcp/inspector`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'spending_summary',
        arguments: {
          from: `${month}-01`,
          to: today.toISOString().slice(0, 10),
          groupBy: 'category',
        },
      },
    }),
    connections: CONNECTIONS,
    expectStatus: 200,
    serverPid: stack.child.pid,
    serverLoopTime: () => stack.loopTime(),
    durationSec: DURATION,
    warmupSec: 2,
  });
  const row = (m: typeof chat) => ({
    perSecond: Math.round(m.rps * 10) / 10,
    p50Ms: Math.round(m.latencyMs.p50),
    p95Ms: Math.round(m.latencyMs.p95),
    unexpected: m.unexpected,
    errors: m.errors,
    serverEventLoopUtilization: m.serverEventLoopUtilization,
  });
  const result = {
    machine: { cpus: cpus().length, loadavgAtEnd: loadavg().map((l) => l.toFixed(2)) },
    seededTransactions: SEED,
    connections: CONNECTIONS,
    chat: row(chat),
    mcpToolsCall: row(mcp),
  };
  writeFileSync(join(RESULTS, 'assistant-latest.json'), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result, null, 2));
}

runBench({ tag: 'assistant-bench', main, cleanups, log: (line) => console.log(line) });
