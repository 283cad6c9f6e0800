import { TextDecoder } from 'node:util';

/**
 * Bank exports arrive in whatever encoding the bank's software used: UTF-8 with or without a
 * byte order mark, "ANSI" (windows-1252, the superset of Latin-1 that Windows uses) or, from
 * Excel's "Unicode text", UTF-16. None of them says which.
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

interface Bom {
  encoding: TextEncodingName;
  length: number;
}

export function detectBom(bytes: Uint8Array): Bom | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { encoding: 'utf-8', length: 3 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { encoding: 'utf-16le', length: 2 };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { encoding: 'utf-16be', length: 2 };
  }
  return undefined;
}

/** UTF-16 without a BOM shows as ASCII text with every other byte zero. */
function looksLikeUtf16(bytes: Uint8Array): TextEncodingName | undefined {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 8) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.9 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.9 && oddZeros === 0) return 'utf-16be';
  return undefined;
}

/**
 * Where the last complete UTF-8 sequence of `bytes` ends: a multi-byte character split across
 * two chunks is held back until the rest of it arrives.
 */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(4, n); back++) {
    const b = bytes[n - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

/**
 * Decodes a statement chunk by chunk. A BOM decides the encoding; otherwise the bytes are read
 * as UTF-8 for as long as they are valid UTF-8, and as windows-1252 from the first chunk that
 * is not (a Latin-1 "é" is one byte that UTF-8 never accepts on its own).
 */
export class StatementDecoder {
  private decided = false;
  private decoder: TextDecoder | undefined;
  private readonly strictUtf8 = new TextDecoder('utf-8', { fatal: true });
  private carry: Uint8Array = new Uint8Array(0);
  private head: Uint8Array = new Uint8Array(0);
  encoding: TextEncodingName = 'utf-8';
  hadBom = false;

  decode(chunk: Uint8Array): string {
    if (!this.decided) {
      // A BOM needs its first three bytes; a tiny first chunk waits for the next.
      const bytes = this.head.length ? concat(this.head, chunk) : chunk;
      if (bytes.length < 4) {
        this.head = bytes;
        return '';
      }
      this.head = new Uint8Array(0);
      return this.start(bytes);
    }
    return this.next(chunk);
  }

  /** Flushes whatever is held back at the end of the file. */
  end(): string {
    let text = '';
    if (!this.decided) text = this.start(this.head);
    if (this.decoder) return text + this.decoder.decode();
    const rest = this.carry;
    this.carry = new Uint8Array(0);
    if (!rest.length) return text;
    try {
      return text + this.strictUtf8.decode(rest);
    } catch {
      this.encoding = 'windows-1252';
      return text + new TextDecoder('windows-1252').decode(rest);
    }
  }

  private start(bytes: Uint8Array): string {
    this.decided = true;
    const bom = detectBom(bytes);
    if (bom) {
      this.hadBom = true;
      this.encoding = bom.encoding;
      this.decoder = new TextDecoder(bom.encoding);
      return this.decoder.decode(bytes.subarray(bom.length), { stream: true });
    }
    const utf16 = looksLikeUtf16(bytes);
    if (utf16) {
      this.encoding = utf16;
      this.decoder = new TextDecoder(utf16);
      return this.decoder.decode(bytes, { stream: true });
    }
    return this.next(bytes);
  }

  private next(chunk: Uint8Array): string {
    if (this.decoder) return this.decoder.decode(chunk, { stream: true });
    const bytes = this.carry.length ? concat(this.carry, chunk) : chunk;
    const complete = completeUtf8Length(bytes);
    try {
      const text = this.strictUtf8.decode(bytes.subarray(0, complete));
      this.carry = bytes.slice(complete);
      return text;
    } catch {
      this.encoding = 'windows-1252';
      this.decoder = new TextDecoder('windows-1252');
      this.carry = new Uint8Array(0);
      return this.decoder.decode(bytes, { stream: true });
    }
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/**
 * Line endings made uniform (CRLF and lone CR become LF), chunk by chunk: a CR at the end of
 * one chunk may be the first half of a CRLF.
 */
export class LineEndings {
  private pendingCr = false;

  normalize(text: string): string {
    let s = this.pendingCr ? `\r${text}` : text;
    this.pendingCr = s.endsWith('\r');
    if (this.pendingCr) s = s.slice(0, -1);
    return s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s;
  }

  end(): string {
    const s = this.pendingCr ? '\n' : '';
    this.pendingCr = false;
    return s;
  }
}
