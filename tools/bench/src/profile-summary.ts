/**
 * Summarises a V8 .cpuprofile (from BENCH_CPU_PROF=1): self time by module and by function.
 *
 *   node tools/bench/dist/profile-summary.js tools/bench/results/profiles/<file>.cpuprofile [top]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Which module a script belongs to: a package in node_modules, a workspace package, node internals. */
function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) {
    // Workspace packages are linked under node_modules/@pfs but resolve to their source dirs.
    return nm[1];
  }
  const ws = /\/(gateway|services\/[^/]+|proto|tools\/[^/]+)\/dist\//.exec(url);
  if (ws) return `@pfs:${ws[1]}`;
  if (url.startsWith('node:')) return url;
  return url;
}

function main(): void {
  const [file, topText] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node dist/profile-summary.js <file.cpuprofile> [top]');
    process.exit(2);
  }
  const top = Number(topText ?? 30);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const totalMs = (profile.endTime - profile.startTime) / 1000;

  // Self time per node from the samples (falls back to hit counts).
  const selfMs = new Map<number, number>();
  if (profile.samples && profile.timeDeltas) {
    for (let i = 0; i < profile.samples.length; i++) {
      const id = profile.samples[i];
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
  } else {
    const perHit =
      totalMs /
      Math.max(
        1,
        profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0),
      );
    for (const node of profile.nodes) selfMs.set(node.id, (node.hitCount ?? 0) * perHit);
  }

  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const mod = moduleOf(url, functionName);
    byModule.set(mod, (byModule.get(mod) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${mod}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const busy = [...byModule.entries()]
    .filter(([m]) => m !== '(idle)')
    .reduce((n, [, ms]) => n + ms, 0);
  const print = (title: string, entries: Map<string, number>) => {
    console.log(
      `\n${title} (self time; % of non-idle ${busy.toFixed(0)} ms of ${totalMs.toFixed(0)} ms)`,
    );
    for (const [name, ms] of [...entries.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      if (name.startsWith('(idle)')) continue;
      console.log(
        `${((ms / busy) * 100).toFixed(1).padStart(6)}%  ${ms.toFixed(0).padStart(7)} ms  ${name}`,
      );
    }
  };
  print('By module', byModule);
  print('By function', byFunction);
}

main();
