import type { Knex } from '@pfs/kit';

export interface ExtractionRow {
  file_id: string;
  user_id: string;
  country_code: string;
  extracted: unknown;
  warnings: string[];
  created_at: Date;
}

export async function findExtraction(
  db: Knex,
  userId: string,
  fileId: string,
  countryCode: string,
) {
  return db<ExtractionRow>('extractions')
    .where({ user_id: userId, file_id: fileId, country_code: countryCode })
    .first();
}

export async function saveExtraction(
  db: Knex | Knex.Transaction,
  row: Omit<ExtractionRow, 'created_at'>,
): Promise<void> {
  await db('extractions')
    .insert({
      ...row,
      extracted: JSON.stringify(row.extracted),
      warnings: JSON.stringify(row.warnings),
    })
    .onConflict('file_id')
    .merge();
}
