import type { Knex } from '@pfs/kit';

/** Per-user reminder settings; a user without a row has the service default. */

export async function dueSoonDays(db: Knex, userId: string, fallback: number): Promise<number> {
  const row = (await db('bill_settings').where({ user_id: userId }).first('due_soon_days')) as
    { due_soon_days: number } | undefined;
  return row?.due_soon_days ?? fallback;
}

export async function setDueSoonDays(
  db: Knex,
  userId: string,
  days: number,
  now: Date,
): Promise<number> {
  await db('bill_settings')
    .insert({ user_id: userId, due_soon_days: days, updated_at: now })
    .onConflict('user_id')
    .merge(['due_soon_days', 'updated_at']);
  return days;
}
