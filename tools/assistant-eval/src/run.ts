import { evaluate } from './evaluate';

/** Prints the offline engine's accuracy by kind of question (--json for the whole report). */
async function main(): Promise<void> {
  const report = await evaluate();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(
    `Offline engine: ${report.right}/${report.questions} right (${(report.accuracy * 100).toFixed(1)}%)`,
  );
  for (const k of report.byKind)
    console.log(
      `  ${k.kind.padEnd(16)} ${String(k.right).padStart(3)}/${String(k.questions).padEnd(3)} ${((k.right / k.questions) * 100).toFixed(0)}%`,
    );
  console.log(
    `Latency p50 ${report.latencyMs.p50} ms, p95 ${report.latencyMs.p95} ms; ${report.messagesPerSecond} messages/s (engine over in-memory tools)`,
  );
  for (const f of report.failures.slice(0, 40))
    console.log(
      `\n✗ ${f.message}\n  expected ${f.expected.tool} ${JSON.stringify(f.expected.money ?? f.expected.count)}\n  got [${f.tools.join(', ')}] ${f.answer.split('\n')[0]}`,
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
