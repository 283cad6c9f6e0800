import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Signing secrets at rest. With WEBHOOK_SECRET_KEY set, a secret is stored sealed with
 * AES-256-GCM under SHA-256 of the key (`enc:v1:` + base64 of iv, tag and ciphertext), so a
 * copy of the database alone cannot sign requests partners would accept. Without a key the
 * secret is stored as is. Rows of either kind are read, so setting a key later works; a sealed
 * row read without the key is an error.
 */
export interface SecretBox {
  seal(secret: string): string;
  open(stored: string): string;
}

export function createSecretBox(key?: string): SecretBox {
  const aesKey = key ? createHash('sha256').update(key, 'utf8').digest() : undefined;
  return {
    seal(secret) {
      if (!aesKey) return secret;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      if (!aesKey) throw new Error('a webhook secret is sealed but WEBHOOK_SECRET_KEY is not set');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', aesKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
