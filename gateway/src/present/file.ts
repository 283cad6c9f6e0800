import type { StoredFile } from '@pfs/proto/documents';
import { z } from 'zod';

export const fileSchema = z.object({
  assetUrl: z.string().describe('/api/chat/files/{userId}/{fileName}: pass it to chat or receipts'),
  fileName: z.string().describe('Made by the server'),
  mimeType: z.string().describe('Read from the bytes'),
  size: z.number().int(),
  originalName: z.string(),
  sha256: z.string().describe('Hex SHA-256 of the bytes (also the ETag)'),
  conversationId: z.string().nullable(),
  createdAt: z.string(),
});

export type FileJson = z.output<typeof fileSchema>;

export const assetUrlOf = (userId: string, fileName: string) =>
  `/api/chat/files/${userId}/${fileName}`;

/** Parses an assetUrl of ours into its owner and stored name (null when it is not one). */
export function parseAssetUrl(url: string): { userId: string; fileName: string } | null {
  let path = url.trim();
  try {
    // Absolute URLs are accepted as long as their path is ours; the host is not trusted.
    if (/^https?:\/\//i.test(path)) path = new URL(path).pathname;
  } catch {
    return null;
  }
  const m = /^\/api\/chat\/files\/([0-9a-fA-F-]{36})\/([A-Za-z0-9._-]{1,100})$/.exec(path);
  return m ? { userId: m[1].toLowerCase(), fileName: m[2] } : null;
}

export function presentFile(userId: string, f: StoredFile): FileJson {
  return {
    assetUrl: assetUrlOf(userId, f.fileName),
    fileName: f.fileName,
    mimeType: f.mimeType,
    size: Number(f.size),
    originalName: f.originalName,
    sha256: f.sha256,
    conversationId: f.conversationId ?? null,
    createdAt: f.createdAt,
  };
}
