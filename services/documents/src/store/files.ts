import type { Knex } from '@pfs/kit';

export interface FileRow {
  id: string;
  user_id: string;
  file_name: string;
  original_name: string;
  mime_type: string;
  size: string | number;
  sha256: string;
  blob_key: string;
  conversation_id: string | null;
  created_at: Date;
}

export async function insertFiles(
  trx: Knex.Transaction,
  rows: Omit<FileRow, 'created_at'>[],
): Promise<FileRow[]> {
  if (!rows.length) return [];
  return trx('files').insert(rows).returning('*');
}

export async function findFile(
  db: Knex,
  userId: string,
  fileName: string,
): Promise<FileRow | undefined> {
  return db('files').where({ user_id: userId, file_name: fileName }).first();
}

export async function listFiles(
  db: Knex,
  userId: string,
  opts: { offset: number; limit: number; conversationId?: string },
): Promise<{ rows: FileRow[]; total: number }> {
  const base = db('files').where({ user_id: userId });
  if (opts.conversationId) base.andWhere({ conversation_id: opts.conversationId });
  const [rows, [{ count }]] = await Promise.all([
    base
      .clone()
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .offset(opts.offset)
      .limit(opts.limit),
    base.clone().count<{ count: string }[]>('* as count'),
  ]);
  return { rows, total: Number(count) };
}

/** Bytes the user stores now; taken under a per-user advisory lock when checking a quota. */
export async function usedBytes(db: Knex | Knex.Transaction, userId: string): Promise<number> {
  const [{ sum }] = await db('files')
    .where({ user_id: userId })
    .sum<{ sum: string | null }[]>('size as sum');
  return Number(sum ?? 0);
}

export async function deleteFile(
  db: Knex,
  userId: string,
  fileName: string,
): Promise<FileRow | undefined> {
  const [row] = await db('files')
    .where({ user_id: userId, file_name: fileName })
    .delete()
    .returning('*');
  return row;
}

export async function deleteConversationFiles(
  db: Knex,
  userId: string,
  conversationId: string,
): Promise<FileRow[]> {
  return db('files')
    .where({ user_id: userId, conversation_id: conversationId })
    .delete()
    .returning('*');
}
