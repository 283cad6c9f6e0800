import type { Knex } from '@pfs/kit';
import type { FileRow } from './files';

export type EntityType = 'transaction' | 'expense';

export interface AttachmentRow {
  id: string;
  user_id: string;
  file_id: string;
  entity_type: EntityType;
  entity_id: string;
  created_at: Date;
}

export type AttachmentWithFile = AttachmentRow & { file: FileRow };

const withFile = (db: Knex, userId: string) =>
  db('attachments as a')
    .join('files as f', 'f.id', 'a.file_id')
    .where('a.user_id', userId)
    .select('a.*', db.raw('to_jsonb(f.*) as file'));

/**
 * Links a file to a record; the same link again returns the existing one. An expense link is
 * unique per file (one expense per receipt): a second one answers the first expense's link.
 */
export async function attach(
  db: Knex,
  row: Omit<AttachmentRow, 'created_at'>,
): Promise<{ attachment: AttachmentWithFile; created: boolean }> {
  const inserted = await db('attachments').insert(row).onConflict().ignore().returning('id');
  const existing = await withFile(db, row.user_id)
    .andWhere('a.file_id', row.file_id)
    .andWhere('a.entity_type', row.entity_type)
    .modify((q) => {
      if (row.entity_type === 'transaction') q.andWhere('a.entity_id', row.entity_id);
    })
    .orderBy('a.created_at')
    .first();
  return { attachment: existing as AttachmentWithFile, created: inserted.length > 0 };
}

export async function listForEntities(
  db: Knex,
  userId: string,
  entityType: EntityType,
  entityIds: string[],
): Promise<AttachmentWithFile[]> {
  if (!entityIds.length) return [];
  return withFile(db, userId)
    .andWhere('a.entity_type', entityType)
    .whereIn('a.entity_id', entityIds)
    .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }]);
}

export async function countForType(
  db: Knex,
  userId: string,
  entityType: EntityType,
): Promise<number> {
  const row = await db('attachments')
    .where({ user_id: userId, entity_type: entityType })
    .count<{ count: string }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

export async function listForFile(
  db: Knex,
  userId: string,
  fileId: string,
): Promise<AttachmentWithFile[]> {
  return withFile(db, userId).andWhere('a.file_id', fileId).orderBy('a.created_at');
}

export async function detachEntity(
  db: Knex | Knex.Transaction,
  userId: string,
  entityType: EntityType,
  entityId: string,
): Promise<number> {
  return db('attachments')
    .where({ user_id: userId, entity_type: entityType, entity_id: entityId })
    .delete();
}
