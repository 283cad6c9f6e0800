/**
 * package-lock.json must let `npm ci` install on every platform the image and the developers
 * use (linux x64 and arm64, glibc and musl, macOS, Windows): every optional dependency of every
 * locked package has its own entry, even for another platform. npm leaves them out when it
 * rewrites the lock from a node_modules that lacks them (npm/cli#4828); `npm ci` then stops on
 * a clean clone with "Missing: <pkg> from lock file". `make lock` repairs it
 * (`npm install --package-lock-only` resolves every platform's packages from the registry).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..', '..');

type Entry = {
  version?: string;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, Entry>;
};
const packages = lock.packages;

/** Where Node would find `name` from the package at `from` (its own, then its parents'). */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

describe('package-lock.json', () => {
  it('is a v3 lock file with packages', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(Object.keys(packages).length).toBeGreaterThan(100);
  });

  it('locks every optional dependency, whatever its platform (npm ci works on a clean clone)', () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(packages))
      for (const name of Object.keys(entry.optionalDependencies ?? {}))
        if (!resolve(key, name)) missing.push(`${key || '(root)'} → ${name}`);
    expect(missing).toEqual([]);
  });

  it('locks other platforms’ native packages (the check above has something to check)', () => {
    const platforms = new Set(
      Object.values(packages).flatMap((e) => (e.os ?? []).map((os) => `${os}-${e.cpu ?? ''}`)),
    );
    expect([...platforms].some((p) => p.startsWith('darwin'))).toBe(true);
    expect([...platforms].some((p) => p.startsWith('linux') && p.includes('arm64'))).toBe(true);
  });

  it('locks every required dependency', () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(packages))
      for (const name of Object.keys(entry.dependencies ?? {}))
        if (!resolve(key, name) && !entry.peerDependenciesMeta?.[name]?.optional)
          missing.push(`${key || '(root)'} → ${name}`);
    expect(missing).toEqual([]);
  });
});
