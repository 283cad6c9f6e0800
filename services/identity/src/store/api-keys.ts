import type { Knex } from '@pfs/kit';
import type { ApiKeyScope, ApiKeyState } from '../domain/api-key';
import type { User } from '../domain/user';
import { toUser, USER_COLUMNS } from './users';

interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: string[];
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiKeyRecord extends ApiKeyState {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const API_KEY_COLUMNS = [
  'id',
  'user_id',
  'name',
  'prefix',
  'scopes',
  'created_at',
  'expires_at',
  'last_used_at',
  'revoked_at',
] as const;

function toApiKey(row: Pick<ApiKeyRow, (typeof API_KEY_COLUMNS)[number]>): ApiKeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    // Only validated scopes are ever written.
    scopes: row.scopes as ApiKeyScope[],
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

export async function insertApiKey(
  db: Knex,
  k: {
    id: string;
    userId: string;
    name: string;
    prefix: string;
    keyHash: string;
    scopes: ApiKeyScope[];
    now: Date;
    expiresAt: Date | null;
  },
): Promise<ApiKeyRecord> {
  const [row] = await db<ApiKeyRow>('api_keys')
    .insert({
      id: k.id,
      user_id: k.userId,
      name: k.name,
      prefix: k.prefix,
      key_hash: k.keyHash,
      scopes: k.scopes,
      created_at: k.now,
      expires_at: k.expiresAt,
    })
    .returning(API_KEY_COLUMNS);
  return toApiKey(row);
}

/** Keys that still work: not revoked and not past their expiry. */
export async function countActiveApiKeys(db: Knex, userId: string, now: Date): Promise<number> {
  const row = await db<ApiKeyRow>('api_keys')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', now))
    .count<{ count: number }>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/** The user's keys that have not been revoked (expired ones included), newest first. */
export async function listApiKeys(db: Knex, userId: string): Promise<ApiKeyRecord[]> {
  const rows = await db<ApiKeyRow>('api_keys')
    .select(...API_KEY_COLUMNS)
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(toApiKey);
}

export async function revokeApiKey(
  db: Knex,
  r: { id: string; userId: string; now: Date },
): Promise<boolean> {
  const updated = await db<ApiKeyRow>('api_keys')
    .where({ id: r.id, user_id: r.userId })
    .whereNull('revoked_at')
    .update({ revoked_at: r.now });
  return updated === 1;
}

/** The key a secret belongs to (found by its hash) together with its owner. */
export async function findApiKeyWithUser(
  db: Knex,
  keyHash: string,
): Promise<{ apiKey: ApiKeyRecord; user: User } | undefined> {
  const row = await db('api_keys as k')
    .join('users as u', 'u.id', 'k.user_id')
    .select([
      ...API_KEY_COLUMNS.map((c) => `k.${c} as key_${c}`),
      ...USER_COLUMNS.map((c) => `u.${c}`),
    ])
    .where('k.key_hash', keyHash)
    .first();
  if (!row) return undefined;
  const keyRow = Object.fromEntries(API_KEY_COLUMNS.map((c) => [c, row[`key_${c}`]])) as Pick<
    ApiKeyRow,
    (typeof API_KEY_COLUMNS)[number]
  >;
  return { apiKey: toApiKey(keyRow), user: toUser(row) };
}

/**
 * Records use at most once a minute per key: a key used on every request would otherwise
 * turn each read into a write on the same row.
 */
export async function touchApiKey(db: Knex, id: string): Promise<void> {
  await db<ApiKeyRow>('api_keys')
    .where({ id })
    .andWhere((q) =>
      q.whereNull('last_used_at').orWhereRaw("last_used_at < now() - interval '1 minute'"),
    )
    .update({ last_used_at: db.fn.now() as unknown as Date });
}
