import type { Knex } from '@pfs/kit';

export interface AttemptCount {
  key: string;
  attempts: number;
  windowStartedAt: Date;
  /** The database's clock when counted, the clock the window is measured by. */
  observedAt: Date;
}

/**
 * Counts one attempt for a key in a single atomic statement: a window older than
 * windowSeconds starts over at 1, otherwise the count grows but never beyond `ceiling`
 * (so refused attempts neither grow it without bound nor extend the window).
 */
export async function countAttempt(
  db: Knex,
  key: string,
  ceiling: number,
  windowSeconds: number,
): Promise<AttemptCount> {
  const { rows } = await db.raw<{
    rows: { failures: number; window_started_at: Date; observed_at: Date }[];
  }>(
    `INSERT INTO login_failures AS f (key, failures, window_started_at, updated_at)
     VALUES (:key, 1, now(), now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN f.window_started_at <= now() - make_interval(secs => :windowSeconds)
                       THEN 1 ELSE LEAST(f.failures + 1, :ceiling) END,
       window_started_at = CASE WHEN f.window_started_at <= now() - make_interval(secs => :windowSeconds)
                                THEN now() ELSE f.window_started_at END,
       updated_at = now()
     RETURNING failures, window_started_at, now() AS observed_at`,
    { key, ceiling, windowSeconds },
  );
  const [row] = rows;
  return {
    key,
    attempts: row.failures,
    windowStartedAt: row.window_started_at,
    observedAt: row.observed_at,
  };
}

/** Gives back an attempt that turned out not to be a failure. */
export async function uncountAttempt(db: Knex, key: string): Promise<void> {
  await db('login_failures')
    .where({ key })
    .update({ failures: db.raw('GREATEST(failures - 1, 0)'), updated_at: db.fn.now() });
}

export async function clearAttempts(db: Knex, key: string): Promise<void> {
  await db('login_failures').where({ key }).delete();
}

/** Drops counters whose window is over; they would start over anyway on next use. */
export async function pruneExpiredAttempts(db: Knex, windowSeconds: number): Promise<number> {
  return db('login_failures')
    .whereRaw('window_started_at <= now() - make_interval(secs => ?)', [windowSeconds])
    .delete();
}
