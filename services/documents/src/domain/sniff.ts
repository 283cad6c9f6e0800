/**
 * What a file is, from its first bytes, never from its name or the client's word. Only the
 * types users upload as receipts, invoices and statements are accepted; a zip, an executable
 * or anything else is refused whatever it calls itself. (file-type v22 is ESM-only and the
 * services are CommonJS; the handful of signatures needed here are fixed by their formats.)
 */

export const ACCEPTED_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/plain': 'txt',
} as const;

export type AcceptedType = keyof typeof ACCEPTED_TYPES;

/** Bytes the sniffer wants before it decides (less when the file is shorter). */
export const SNIFF_BYTES = 8192;

export type Sniffed = { type: AcceptedType } | { type: null; detected: string };

const startsWith = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, from: number, to: number) => b.subarray(from, to).toString('latin1');

function binarySignature(head: Buffer): string | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand))
      return 'image/heic';
    return 'video/mp4';
  }
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // An OOXML workbook is a zip whose parts include xl/…; any other zip is refused.
    return head.toString('latin1').includes('xl/')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : 'application/zip';
  }
  if (ascii(head, 0, 2) === 'MZ') return 'application/x-msdownload';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'application/x-elf';
  if (startsWith(head, [0xcf, 0xfa, 0xed, 0xfe]) || startsWith(head, [0xca, 0xfe, 0xba, 0xbe]))
    return 'application/x-mach-binary';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip';
  if (startsWith(head, [0x42, 0x5a, 0x68])) return 'application/x-bzip2';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf])) return 'application/x-7z-compressed';
  if (ascii(head, 0, 4) === 'Rar!') return 'application/vnd.rar';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) return 'application/x-ole-storage';
  if (ascii(head, 0, 2) === '#!') return 'text/x-script';
  return null;
}

/** Text when it decodes as UTF-8 (the tail may cut a character) with no control bytes but tab/CR/LF. */
function looksLikeText(head: Buffer, complete: boolean): boolean {
  if (head.length === 0) return false;
  let body = head;
  if (startsWith(body, [0xef, 0xbb, 0xbf])) body = body.subarray(3);
  for (const byte of body)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  const bad = (text.match(/\uFFFD/g) ?? []).length;
  return bad === 0 || (!complete && bad <= 1 && text.endsWith('\uFFFD'));
}

/** A table: most of the first lines split into the same number (≥ 2) of fields on one delimiter. */
function looksLikeCsv(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length < 2) return false;
  for (const delimiter of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => l.split(delimiter).length);
    const first = counts[0]!;
    if (first >= 2 && counts.filter((c) => c === first).length >= Math.ceil(lines.length * 0.8))
      return true;
  }
  return false;
}

function textKind(
  head: Buffer,
  originalName: string,
  declared: string,
): AcceptedType | 'text/html' {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const start = text.trimStart().slice(0, 200).toLowerCase();
  if (
    start.startsWith('<!doctype html') ||
    start.startsWith('<html') ||
    start.startsWith('<svg') ||
    start.startsWith('<?xml')
  )
    return 'text/html';
  if (declared === 'text/csv' || /\.csv$/i.test(originalName) || looksLikeCsv(text))
    return 'text/csv';
  return 'text/plain';
}

/**
 * @param head the first SNIFF_BYTES of the file (all of it when shorter)
 * @param complete whether head is the whole file
 */
export function sniffType(
  head: Buffer,
  originalName: string,
  declared: string,
  complete: boolean,
): Sniffed {
  const binary = binarySignature(head);
  if (binary)
    return binary in ACCEPTED_TYPES
      ? { type: binary as AcceptedType }
      : { type: null, detected: binary };
  if (looksLikeText(head, complete)) {
    const kind = textKind(head, originalName, declared.toLowerCase());
    return kind === 'text/html' ? { type: null, detected: 'text/html' } : { type: kind };
  }
  return { type: null, detected: head.length === 0 ? 'empty' : 'application/octet-stream' };
}

const GENERIC = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
// Names clients and browsers use for the same thing.
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/heif': 'image/heic',
  'application/x-pdf': 'application/pdf',
  'application/csv': 'text/csv',
  'text/comma-separated-values': 'text/csv',
  'application/vnd.ms-excel': 'text/csv',
};

/**
 * The declared type must agree with the bytes: an image that is really a zip is refused
 * rather than stored under a name that lies. A text file may be declared as text or CSV.
 */
export function declaredMatches(declared: string, sniffed: AcceptedType): boolean {
  const base = declared.split(';')[0]!.trim().toLowerCase();
  if (GENERIC.has(base)) return true;
  const d = ALIASES[base] ?? base;
  if (d === sniffed) return true;
  const textual = new Set(['text/plain', 'text/csv']);
  return textual.has(d) && textual.has(sniffed);
}
