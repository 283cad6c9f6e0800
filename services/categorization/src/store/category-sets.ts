import { newId, type Knex } from '@pfs/kit';
import type { DefaultCategorySet } from '../domain/default-categories';
import { toColumns } from './categories';

const TABLE = 'category_sets';

export interface ProvisionedSet {
  setId: string;
  /** Categories created by this call: 0 when the user already had a default set. */
  created: number;
}

export async function findDefaultSetId(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db(TABLE)
    .where({ user_id: userId, is_default: true })
    .first<{ id: string } | undefined>('id');
  return row?.id;
}

/**
 * Creates the user's default set with its categories, once. Concurrent callers (registration
 * racing a first list, retries) queue on a per-user advisory lock, and the second finds the
 * first's set; the partial unique index on the default flag is the backstop if anything
 * bypasses the lock.
 */
export async function provisionDefaultSet(
  db: Knex,
  userId: string,
  defaults: DefaultCategorySet,
): Promise<ProvisionedSet> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [
      `categorization:default-set:${userId}`,
    ]);
    const existing = await findDefaultSetId(trx, userId);
    if (existing) return { setId: existing, created: 0 };

    const setId = newId();
    const inserted = await trx(TABLE)
      .insert({
        id: setId,
        user_id: userId,
        name: defaults.name,
        description: defaults.description,
        icon: defaults.icon,
        color: defaults.color,
        is_default: true,
      })
      .onConflict(trx.raw('(user_id) WHERE is_default'))
      .ignore()
      .returning('id');
    if (!inserted.length) {
      return { setId: (await findDefaultSetId(trx, userId)) as string, created: 0 };
    }

    // A name the user already has (e.g. kept from an earlier set) is skipped, not an error.
    const created = await trx('categories')
      .insert(
        defaults.categories.map((seed) => ({
          id: newId(),
          user_id: userId,
          category_set_id: setId,
          ...toColumns(seed),
        })),
      )
      .onConflict()
      .ignore()
      .returning('id');
    return { setId, created: created.length };
  });
}

/** The user's default set id, provisioning the defaults first if the user has none yet. */
export async function ensureDefaultSet(
  db: Knex,
  userId: string,
  defaults: () => DefaultCategorySet,
): Promise<ProvisionedSet> {
  const existing = await findDefaultSetId(db, userId);
  if (existing) return { setId: existing, created: 0 };
  return provisionDefaultSet(db, userId, defaults());
}
