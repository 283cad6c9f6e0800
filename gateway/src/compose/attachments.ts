import { DocumentsServiceClient } from '@pfs/proto/documents';
import { z } from 'zod';
import { fileSchema, presentFile, type FileJson } from '../present/file';
import type { Upstreams } from '../upstreams';

export const attachmentsSchema = z
  .array(fileSchema)
  .nullable()
  .describe(
    'Receipts and invoices attached to this record (POST /api/receipts/commit); null when the documents service could not be asked',
  );

/**
 * The files attached to a page of transactions or expenses, in one call to the documents
 * service. A record's own data never waits on documents: when that service is down the answer
 * carries null attachments rather than failing (undefined here).
 */
export async function attachmentsFor(
  upstreams: Upstreams,
  userId: string,
  entityType: 'transaction' | 'expense',
  ids: string[],
): Promise<Map<string, FileJson[]> | undefined> {
  const byEntity = new Map<string, FileJson[]>();
  if (!ids.length) return byEntity;
  let attachments;
  try {
    ({ attachments } = await upstreams.documents
      .service(DocumentsServiceClient)
      .call((c) => c.listAttachments, { entityType, entityIds: ids }, { deadlineMs: 2_000 }));
  } catch {
    return undefined;
  }
  for (const a of attachments) {
    if (!a.file) continue;
    const key = a.entityId.toLowerCase();
    const list = byEntity.get(key) ?? [];
    list.push(presentFile(userId, a.file));
    byEntity.set(key, list);
  }
  return byEntity;
}

/** One record's attachments from the page's map ([] when none, null when unknown). */
export function attachmentsOf(
  map: Map<string, FileJson[]> | undefined,
  id: string,
): FileJson[] | null {
  return map ? (map.get(id.toLowerCase()) ?? []) : null;
}
