import { ACCEPTED_TYPES, type AcceptedType } from './sniff';

/**
 * The client's file name is kept for display only: without directories, control characters or
 * bidi overrides, at most 255 characters; never part of a storage path or URL.
 */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // Control characters and bidi overrides hide a name's real extension from the reader.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 255);
  return cleaned || 'file';
}

/** Server-made: the id and the extension of the sniffed type, nothing of the user's. */
export function storedFileName(id: string, type: AcceptedType): string {
  return `${id}.${ACCEPTED_TYPES[type]}`;
}

/** What a file URL may name (what storedFileName makes). */
export const STORED_FILE_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp|heic|pdf|csv|xlsx|txt)$/;

export function blobKey(userId: string, fileName: string): string {
  return `${userId}/${fileName}`;
}
