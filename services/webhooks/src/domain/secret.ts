import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** How long a rotated-out secret is still accepted (and signed with). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** What the API shows of a secret after creation: enough to tell two apart. */
export function secretPrefix(secret: string): string {
  return `${secret.slice(0, 10)}…`;
}

export interface SigningSecrets {
  secret: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: Date | null;
}

/**
 * The Standard Webhooks headers of one request. During a rotation's grace period the signature
 * header carries one `v1,` signature per secret, separated by a space, so a partner verifying
 * with either secret accepts it.
 */
export function signHeaders(
  messageId: string,
  at: Date,
  body: string,
  secrets: SigningSecrets,
): Record<string, string> {
  const keys = [secrets.secret];
  if (
    secrets.previousSecret &&
    secrets.previousSecretExpiresAt &&
    secrets.previousSecretExpiresAt.getTime() > at.getTime()
  ) {
    keys.push(secrets.previousSecret);
  }
  const signature = keys.map((k) => new Webhook(k).sign(messageId, at, body)).join(' ');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}
