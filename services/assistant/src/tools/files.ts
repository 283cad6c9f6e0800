import { AppError } from '@pfs/kit';
import type { StoredFile } from '@pfs/proto/documents';
import type { ToolContext } from './tool';

const ASSET_URL = /^\/api\/chat\/files\/([0-9a-f-]{36})\/([A-Za-z0-9._-]{1,255})$/i;

/**
 * The file name of one of the caller's own uploads (assetUrl `/api/chat/files/{userId}/{name}`,
 * optionally absolute). Another user's URL is NOT_FOUND, as the file route answers: it never
 * confirms that somebody else's file exists.
 */
export function ownFileName(assetUrl: string, userId: string): string {
  let path = assetUrl.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw AppError.notFound('File');
    }
  }
  const match = ASSET_URL.exec(path);
  if (!match || match[1].toLowerCase() !== userId.toLowerCase()) throw AppError.notFound('File');
  return match[2];
}

/** The stored file's metadata (NOT_FOUND when the caller has no such file). */
export async function storedFile(
  ctx: Pick<ToolContext, 'services' | 'userId'>,
  fileName: string,
): Promise<StoredFile> {
  // GetFile streams the metadata first; one byte of content is all we let it send after it.
  const stream = ctx.services.documents.serverStream(
    (c) => c.getFile,
    { fileName, rangeStart: '0', rangeEnd: '0' },
    { userId: ctx.userId },
  );
  try {
    for await (const message of stream.messages) {
      if (message.part?.$case === 'file') return message.part.value;
    }
  } finally {
    stream.cancel();
  }
  throw AppError.notFound('File');
}
