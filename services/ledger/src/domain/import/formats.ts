import { CAMT053_MARK } from './camt053';
import { looksLikeMt940 } from './mt940';
import type { ImportFormat } from './types';

/** Magic numbers of files people upload by mistake instead of a statement export. */
const SIGNATURES: { bytes: number[]; name: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], name: 'a PDF document' },
  { bytes: [0x50, 0x4b, 0x03, 0x04], name: 'a ZIP archive (XLSX or similar)' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], name: 'a legacy Office document (XLS)' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], name: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], name: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], name: 'a GIF image' },
  { bytes: [0x1f, 0x8b], name: 'a gzip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], name: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], name: 'a 7-Zip archive' },
];

/**
 * Names a binary file type from its first bytes, or undefined when the bytes may be text.
 * Text is judged by the absence of NUL bytes (UTF-16 text, which has them, is recognised by
 * the decoder before this is asked).
 */
export function binaryKind(head: Uint8Array): string | undefined {
  for (const { bytes, name } of SIGNATURES) {
    if (bytes.every((b, i) => head[i] === b)) return name;
  }
  const n = Math.min(head.length, 8192);
  for (let i = 0; i < n; i++) if (head[i] === 0) return 'a binary file';
  return undefined;
}

const OFX_START = /^(?:OFXHEADER\s*:|<\?xml[^>]*>\s*(?:<!--[\s\S]*?-->\s*)*<\?OFX\b|<OFX>)/i;
const QIF_START = /^!(?:Type|Account|Option|Clear)\b/i;
const MARKUP_START = /^(?:<!doctype|<html|<\?xml|<[a-z])/i;

/**
 * The statement format of a file from the start of its text (and its name, which only tells
 * QFX from OFX). Undefined for text that is none of them (HTML, JSON, prose): a CSV needs at
 * least one delimiter on its first lines, which the CSV dialect detection checks.
 */
export function detectFormat(headText: string, fileName = ''): ImportFormat | undefined {
  const text = headText.replace(/^\uFEFF/, '').trimStart();
  const isQfx = /\.qfx$/i.test(fileName.trim()) || /<INTU\.BID>/i.test(text.slice(0, 8192));
  if (OFX_START.test(text) || /<OFX>/i.test(text.slice(0, 4096))) return isQfx ? 'qfx' : 'ofx';
  if (QIF_START.test(text)) return 'qif';
  if (CAMT053_MARK.test(text.slice(0, 8192))) return 'camt053';
  if (looksLikeMt940(text.slice(0, 4096))) return 'mt940';
  if (MARKUP_START.test(text) || /^[[{]/.test(text)) return undefined;
  return 'csv';
}
