import { startTracing } from '@pfs/kit/tracing';
startTracing('pfs');

import { createLogger, intSetting, loadConfig, optionalString, Shutdown } from '@pfs/kit';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startStack } from './stack';

const configSchema = z.object({
  PORT: intSetting(8080, 0),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  /** When set, the embedded PostgreSQL is not started. */
  DATABASE_URL: optionalString,
  EMBEDDED_PG_PORT: intSetting(54329, 1),
  JWT_SECRET: optionalString,
});

/** A signing secret generated once and kept in DATA_DIR, so sessions survive a restart. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('pfs');
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const shutdown = new Shutdown(logger);
  shutdown.installSignalHandlers();

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ dataDir, port: config.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
    const db = await startEmbeddedPostgres({
      dataDir,
      port: config.EMBEDDED_PG_PORT,
      database: 'pfs',
      log: (line) => logger.debug({ postgres: line.trim() }),
      // Stopped last by the shutdown below, once the services have drained.
      ownSignals: true,
    });
    shutdown.add('embedded-postgres', () => db.stop());
    databaseUrl = db.url;
  }

  const stack = await startStack({
    databaseUrl,
    logger,
    port: config.PORT,
    host: config.HOST,
    env: { ...process.env, JWT_SECRET: config.JWT_SECRET ?? persistentSecret(dataDir) },
  });
  shutdown.add('stack', () => stack.close());
  logger.info(
    { url: stack.url, docs: `${stack.url}/api/docs` },
    'Personal Finance Service is ready',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
