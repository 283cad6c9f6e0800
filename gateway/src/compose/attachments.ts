import { DocumentsServiceClient } from '@pfs/proto/documents';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticator';
import { fileSchema, presentFile, type FileJson } from '../present/file';
import type { Upstreams } from '../upstreams';

export const attachmentsSchema = z
  .array(fileSchema)
  .nullable()
  .describe(
    'Receipts and invoices attached to this record (POST /api/receipts/commit); null when the documents service could not be asked',
  );

const DEADLINE_MS = 2_000;
const presenceKey = (entityType: string) => `attachments:${entityType}`;

/**
 * Whether the user has any record of this type with a file attached, remembered as long as
 * credentials are (AUTH_CACHE_TTL_MS): most users never attach a file, and their list pages
 * then skip the documents call. A commit through this gateway forgets it at once
 * (attachmentsChanged); through another replica, a new attachment shows on list pages within
 * that TTL.
 */
async function hasAttachments(
  ctx: Context,
  entityType: 'transaction' | 'expense',
): Promise<boolean> {
  return ctx.authenticator.memoizeForUser(ctx.userId, presenceKey(entityType), async () => {
    const { count } = await ctx.upstreams.documents
      .service(DocumentsServiceClient)
      .call((c) => c.countAttachments, { entityType }, { deadlineMs: DEADLINE_MS });
    return Number(count) > 0;
  });
}

/** After a file was attached to or detached from a record of this type through this gateway. */
export function attachmentsChanged(
  authenticator: Authenticator,
  userId: string,
  entityType: 'transaction' | 'expense',
): void {
  authenticator.forgetForUser(userId, presenceKey(entityType));
}

interface Context {
  upstreams: Upstreams;
  authenticator: Authenticator;
  userId: string;
}

/**
 * The files attached to a page of transactions or expenses, in one call to the documents
 * service (none when the user has attached nothing). A record's own data never waits on
 * documents: when that service is down the answer carries null attachments rather than failing
 * (undefined here).
 */
export async function attachmentsFor(
  ctx: Context,
  entityType: 'transaction' | 'expense',
  ids: string[],
): Promise<Map<string, FileJson[]> | undefined> {
  const byEntity = new Map<string, FileJson[]>();
  if (!ids.length) return byEntity;
  let attachments;
  try {
    if (!(await hasAttachments(ctx, entityType))) return byEntity;
    ({ attachments } = await ctx.upstreams.documents
      .service(DocumentsServiceClient)
      .call((c) => c.listAttachments, { entityType, entityIds: ids }, { deadlineMs: DEADLINE_MS }));
  } catch {
    return undefined;
  }
  for (const a of attachments) {
    if (!a.file) continue;
    const key = a.entityId.toLowerCase();
    const list = byEntity.get(key) ?? [];
    list.push(presentFile(ctx.userId, a.file));
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
