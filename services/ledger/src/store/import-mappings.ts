import { AppError, newId, type Knex } from '@pfs/kit';
import type { MappingOverrides, SavedMapping } from '../domain/import/mapping';
import type { DateOrder } from '../domain/import/types';

const TABLE = 'import_mappings';

/** Saved mappings a user may keep (a bank and an account each, with room to spare). */
export const MAPPINGS_PER_USER = 100;

/** A row of ledger.import_mappings. */
export interface ImportMappingRow {
  id: string;
  user_id: string;
  name: string;
  layout_key: string;
  mapping: MappingOverrides;
  date_order: DateOrder | null;
  headers: string[];
  created_at: Date;
  updated_at: Date;
  last_used_at: Date | null;
}

export function toSavedMapping(row: ImportMappingRow): SavedMapping {
  return {
    id: row.id,
    name: row.name,
    layoutKey: row.layout_key,
    mapping: row.mapping,
    ...(row.date_order ? { dateOrder: row.date_order } : {}),
  };
}

/** Every mapping of the user, oldest first (at most MAPPINGS_PER_USER). */
export async function listImportMappings(db: Knex, userId: string): Promise<ImportMappingRow[]> {
  return (await db<ImportMappingRow>(TABLE)
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])) as ImportMappingRow[];
}

export interface NewImportMapping {
  name: string;
  layoutKey: string;
  mapping: MappingOverrides;
  dateOrder?: DateOrder;
  headers: string[];
}

/**
 * Saves the mapping of one layout, replacing the one saved for it before (a user fixing a
 * mapping saves again). Refuses past MAPPINGS_PER_USER distinct layouts.
 */
export async function saveImportMapping(
  db: Knex,
  userId: string,
  m: NewImportMapping,
): Promise<ImportMappingRow> {
  return db.transaction(async (trx) => {
    // Serialises one user's saves so the cap cannot be passed by two at once.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(?, 12))', [userId]);
    const existing = await trx(TABLE)
      .where({ user_id: userId, layout_key: m.layoutKey })
      .first('id');
    if (!existing) {
      const [{ count }] = (await trx(TABLE).where({ user_id: userId }).count({ count: '*' })) as {
        count: string | number;
      }[];
      if (Number(count) >= MAPPINGS_PER_USER)
        throw new AppError(
          'CONFLICT',
          `At most ${MAPPINGS_PER_USER} import mappings can be saved; delete one first`,
        );
    }
    const [row] = await trx(TABLE)
      .insert({
        id: existing?.id ?? newId(),
        user_id: userId,
        name: m.name,
        layout_key: m.layoutKey,
        mapping: JSON.stringify(m.mapping),
        date_order: m.dateOrder ?? null,
        headers: JSON.stringify(m.headers),
      })
      .onConflict(['user_id', 'layout_key'])
      .merge({
        name: m.name,
        mapping: JSON.stringify(m.mapping),
        date_order: m.dateOrder ?? null,
        headers: JSON.stringify(m.headers),
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return row as ImportMappingRow;
  });
}

export async function markImportMappingUsed(db: Knex, userId: string, id: string): Promise<void> {
  await db(TABLE).where({ id, user_id: userId }).update({ last_used_at: db.fn.now() });
}

export async function deleteImportMapping(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db(TABLE).where({ id, user_id: userId }).delete()) > 0;
}
