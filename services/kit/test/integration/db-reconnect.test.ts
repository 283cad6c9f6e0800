import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDb, isLostConnection, readWithReconnect, type Knex } from '../../src';

/**
 * A connection terminated under a query (a failover, an administrator, pg_terminate_backend),
 * against real PostgreSQL: the error is told apart from the query's own, and a read runs
 * again on a live connection.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) throw new Error('TEST_DATABASE_URL is not set (jest globalSetup provides it)');

let db: Knex;
let admin: pg.Client;

beforeAll(async () => {
  db = createDb({ connectionString: url, schema: 'public', poolMax: 2 });
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await db.destroy();
});

/** A read that sleeps, marked so that its backend can be found and terminated while it runs. */
function slowRead(marker: string): Promise<number> {
  return db
    .raw(`SELECT 42 AS answer, pg_sleep(1.5) /* ${marker} */`)
    .then((r: { rows: { answer: number }[] }) => r.rows[0].answer);
}

/** Terminates the backend running the marked query as soon as it shows up. */
async function terminateWhenRunning(marker: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE query LIKE $1 AND pid <> pg_backend_pid()`,
      [`%${marker}%`],
    );
    if (rows.length) {
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the marked query never ran');
}

describe('a connection terminated under a query', () => {
  it('fails the query with an error isLostConnection recognises', async () => {
    const marker = `m-${randomUUID()}`;
    const [outcome] = await Promise.allSettled([slowRead(marker), terminateWhenRunning(marker)]);
    expect(outcome.status).toBe('rejected');
    expect(isLostConnection((outcome as PromiseRejectedResult).reason)).toBe(true);
  });

  it('readWithReconnect reads again, on a live connection', async () => {
    let attempts = 0;
    let cut = false;
    const marker = `m-${randomUUID()}`;
    // The slow, marked read until its connection has been cut; then a plain one.
    const read = () => {
      attempts++;
      return cut
        ? db
            .raw('SELECT 42 AS answer')
            .then((r: { rows: { answer: number }[] }) => r.rows[0].answer)
        : slowRead(marker);
    };
    const [answer] = await Promise.all([
      readWithReconnect(read),
      terminateWhenRunning(marker).then(() => (cut = true)),
    ]);
    expect(answer).toBe(42);
    expect(attempts).toBeGreaterThanOrEqual(2);
  });

  it("a query's own error is not retried and not taken for a lost connection", async () => {
    let attempts = 0;
    const err = await readWithReconnect(() => {
      attempts++;
      return db.raw('SELECT * FROM no_such_table_anywhere');
    }).catch((e: unknown) => e);
    expect(attempts).toBe(1);
    expect(isLostConnection(err)).toBe(false);
    expect((err as { code?: string }).code).toBe('42P01');
  });
});
