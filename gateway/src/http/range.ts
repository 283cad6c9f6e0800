/** One byte range of a representation, inclusive at both ends (RFC 9110 §14). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header against a representation of `size` bytes. One range only: a header
 * asking for several (or in another unit, or malformed) is ignored — answering the whole
 * representation is what RFC 9110 allows — and null says so. A range that starts past the end
 * is 'unsatisfiable' (416).
 */
export function parseRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
