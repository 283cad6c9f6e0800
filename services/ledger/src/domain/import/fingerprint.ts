import { createHash } from 'node:crypto';
import type { ParsedRow } from './types';

/**
 * How an imported row is recognised when it comes again (the same file, or an overlapping
 * statement): its account, date, direction, amount and description, normalised so spacing,
 * case and punctuation do not matter, plus its occurrence among identical rows of its file.
 * Two identical coffees on one day are occurrences 1 and 2, so both are kept the first time
 * and both are recognised the next.
 */

/** Description as compared: letters and digits only, lower case. */
export function comparableText(text: string): string {
  // ASCII needs no Unicode normalisation (the common case, and the costly step).
  const folded = /^[\x20-\x7e]*$/.test(text)
    ? text.toLowerCase()
    : text.normalize('NFKC').toLowerCase();
  return folded.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

/** The hex digest that identical rows share. */
export function rowKey(row: ParsedRow): string {
  return createHash('sha256')
    .update(
      `v1\u001f${row.account ? comparableText(row.account) : ''}\u001f${row.date}\u001f${row.type}\u001f${row.amount}\u001f${comparableText(row.description)}`,
    )
    .digest('hex')
    .slice(0, 32);
}

/**
 * Numbers identical rows of one file 1, 2, 3… in file order. It must remember every distinct
 * row of the file, so it keeps only 52 bits of each row key and its count, packed in an
 * open-addressing table of 32-bit words: 8 bytes a slot, at most ~11 bytes per distinct row
 * (a Map of the same would take ~100), a few MB for the largest accepted file.
 */
export class OccurrenceCounter {
  /** Slot i: words[2i] = count << 20 | high 20 bits of the key (0 = empty), words[2i+1] = low 32 bits. */
  private words = new Uint32Array(2 * 4096);
  private used = 0;
  /** Counts past what 12 bits hold (4095 identical rows). */
  private readonly overflow = new Map<string, number>();

  next(key: string): number {
    const high = parseInt(key.slice(0, 5), 16);
    const low = parseInt(key.slice(5, 13), 16);
    const slot = this.find(high, low);
    const word = this.words[slot];
    if (word === 0) {
      this.words[slot] = (1 << 20) | high;
      this.words[slot + 1] = low;
      if (++this.used * 10 > (this.words.length / 2) * 7) this.grow();
      return 1;
    }
    const count = word >>> 20;
    if (count < 0xfff) {
      this.words[slot] = ((count + 1) << 20) | high;
      return count + 1;
    }
    const beyond = (this.overflow.get(key.slice(0, 13)) ?? count) + 1;
    this.overflow.set(key.slice(0, 13), beyond);
    return beyond;
  }

  /** The slot holding the key, or the empty slot where it belongs (linear probing). */
  private find(high: number, low: number): number {
    const mask = this.words.length / 2 - 1;
    for (let i = low & mask; ; i = (i + 1) & mask) {
      const word = this.words[2 * i];
      if (word === 0 || ((word & 0xfffff) === high && this.words[2 * i + 1] === low)) return 2 * i;
    }
  }

  private grow(): void {
    const old = this.words;
    this.words = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      if (old[i] === 0) continue;
      const slot = this.find(old[i] & 0xfffff, old[i + 1]);
      this.words[slot] = old[i];
      this.words[slot + 1] = old[i + 1];
    }
  }
}

/**
 * The stored fingerprint of a row's occurrence: 128 bits of a hash of key and occurrence, in
 * UUID form (a compact, fast index key). Unique per user, so a second insert does nothing.
 */
export function importFingerprint(key: string, occurrence: number): string {
  const h =
    occurrence === 1
      ? key
      : createHash('sha256').update(`${key}#${occurrence}`).digest('hex').slice(0, 32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
