import type { Knex } from '@pfs/kit';
import type { SessionState } from '../domain/session';
import type { User } from '../domain/user';
import { toUser, USER_COLUMNS } from './users';

interface SessionRow {
  id: string;
  user_id: string;
  refresh_hash: string;
  previous_refresh_hash: string | null;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export interface SessionRecord extends SessionState {
  id: string;
  userId: string;
}

const SESSION_COLUMNS = ['id', 'user_id', 'expires_at', 'revoked_at'] as const;

function toSession(row: Pick<SessionRow, (typeof SESSION_COLUMNS)[number]>): SessionRecord {
  return { id: row.id, userId: row.user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}

export async function insertSession(
  db: Knex,
  s: { id: string; userId: string; refreshHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db<SessionRow>('sessions').insert({
    id: s.id,
    user_id: s.userId,
    refresh_hash: s.refreshHash,
    created_at: s.now,
    last_used_at: s.now,
    expires_at: s.expiresAt,
  });
}

export async function findSessionByRefreshHash(
  db: Knex,
  refreshHash: string,
): Promise<SessionRecord | undefined> {
  const row = await db<SessionRow>('sessions')
    .select(...SESSION_COLUMNS)
    .where({ refresh_hash: refreshHash })
    .first();
  return row && toSession(row);
}

export async function findSessionByPreviousRefreshHash(
  db: Knex,
  refreshHash: string,
): Promise<SessionRecord | undefined> {
  const row = await db<SessionRow>('sessions')
    .select(...SESSION_COLUMNS)
    .where({ previous_refresh_hash: refreshHash })
    .first();
  return row && toSession(row);
}

/**
 * Swaps in the next refresh token only if the presented one is still current, so of two
 * concurrent refreshes with the same token exactly one wins.
 */
export async function rotateRefreshHash(
  db: Knex,
  r: { id: string; presentedHash: string; nextHash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const updated = await db<SessionRow>('sessions')
    .where({ id: r.id, refresh_hash: r.presentedHash })
    .whereNull('revoked_at')
    .update({
      previous_refresh_hash: r.presentedHash,
      refresh_hash: r.nextHash,
      expires_at: r.expiresAt,
      last_used_at: r.now,
    });
  return updated === 1;
}

export async function revokeSession(
  db: Knex,
  r: { id: string; userId: string; now: Date },
): Promise<boolean> {
  const updated = await db<SessionRow>('sessions')
    .where({ id: r.id, user_id: r.userId })
    .whereNull('revoked_at')
    .update({ revoked_at: r.now });
  return updated === 1;
}

/** The session behind an access token together with its user, in one round trip. */
export async function findSessionWithUser(
  db: Knex,
  sessionId: string,
  userId: string,
): Promise<{ session: SessionRecord; user: User } | undefined> {
  const row = await db('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      ...USER_COLUMNS.map((c) => `u.${c}`),
    ])
    .where({ 's.id': sessionId, 's.user_id': userId })
    .first();
  if (!row) return undefined;
  return {
    session: {
      id: row.session_id,
      userId,
      expiresAt: row.session_expires_at,
      revokedAt: row.session_revoked_at,
    },
    user: toUser(row),
  };
}
