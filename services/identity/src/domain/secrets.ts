import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets are stored only as their SHA-256: they are long random values, so a fast hash is
 * enough (unlike passwords) and lets a lookup find the row by an indexed equality.
 */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** An opaque random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// The largest multiple of 62 below 256: bytes at or above it are dropped, so no letter is
// likelier than another (a plain modulo would favour the first 8 characters).
const UNBIASED_LIMIT = 248;

/** Random text in [0-9A-Za-z], which survives copy-paste, URLs and shell quoting intact. */
export function randomBase62(
  length: number,
  random: (size: number) => Buffer = randomBytes,
): string {
  let out = '';
  while (out.length < length) {
    for (const byte of random(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
