import { AppError } from '../errors';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/**
 * Keys are made by the services, never taken from a user, but the store still refuses anything
 * that could leave its root: empty, absolute, `..` or odd characters in any segment.
 */
export function assertBlobKey(key: string): void {
  const segments = key.split('/');
  const ok =
    key.length > 0 &&
    key.length <= 1024 &&
    segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
  if (!ok) throw new AppError('VALIDATION_ERROR', `Invalid blob key: ${JSON.stringify(key)}`);
}

/** A prefix is a key, or a key's beginning ending in "/", or empty for everything. */
export function assertBlobPrefix(prefix: string): void {
  if (prefix === '') return;
  assertBlobKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}
