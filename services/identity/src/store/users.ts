import { AppError, type Knex } from '@pfs/kit';
import type { BusinessType, Registration, Tier, TierChange, User } from '../domain/user';
import { isUniqueViolation } from './postgres-errors';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  business_type: string;
  country_code: string;
  email_verified: boolean;
  tier: string;
  rate_limit: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserWithPassword {
  user: User;
  passwordHash: string;
}

export const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'business_type',
  'country_code',
  'email_verified',
  'tier',
  'rate_limit',
  'created_at',
] as const;

export function toUser(row: Pick<UserRow, (typeof USER_COLUMNS)[number]>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    // The table's check constraints hold these to the domain's values.
    businessType: row.business_type as BusinessType,
    countryCode: row.country_code,
    emailVerified: row.email_verified,
    tier: row.tier as Tier,
    rateLimit: row.rate_limit,
    createdAt: row.created_at,
  };
}

export async function insertUser(
  db: Knex,
  opts: { id: string; registration: Registration; passwordHash: string; now: Date },
): Promise<User> {
  const { registration: r } = opts;
  try {
    const [row] = await db<UserRow>('users')
      .insert({
        id: opts.id,
        email: r.email,
        password_hash: opts.passwordHash,
        first_name: r.firstName,
        last_name: r.lastName,
        business_type: r.businessType,
        country_code: r.countryCode,
        created_at: opts.now,
        updated_at: opts.now,
      })
      .returning(USER_COLUMNS);
    return toUser(row);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) {
      throw new AppError('CONFLICT', 'An account with this email already exists');
    }
    throw err;
  }
}

export async function findUserById(db: Knex, id: string): Promise<User | undefined> {
  const row = await db<UserRow>('users')
    .select(...USER_COLUMNS)
    .where({ id })
    .first();
  return row && toUser(row);
}

/** Matches the unique index on lower(email), so the lookup uses it. */
export async function findUserByEmail(
  db: Knex,
  canonicalEmail: string,
): Promise<UserWithPassword | undefined> {
  const row = await db<UserRow>('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .whereRaw('lower(email) = ?', [canonicalEmail])
    .first();
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

export async function updatePasswordHash(
  db: Knex,
  id: string,
  passwordHash: string,
): Promise<void> {
  await db<UserRow>('users')
    .where({ id })
    .update({ password_hash: passwordHash, updated_at: db.fn.now() as unknown as Date });
}

export async function updateTier(
  db: Knex,
  id: string,
  change: TierChange,
): Promise<User | undefined> {
  const [row] = await db<UserRow>('users')
    .where({ id })
    .update({
      tier: change.tier,
      ...(change.rateLimit !== undefined ? { rate_limit: change.rateLimit } : {}),
      updated_at: db.fn.now() as unknown as Date,
    })
    .returning(USER_COLUMNS);
  return row && toUser(row);
}

/**
 * Locks the user's row until the transaction ends, so per-user limits (such as the number of
 * active API keys) are checked and used without a concurrent request slipping in between.
 */
export async function lockUser(trx: Knex.Transaction, id: string): Promise<boolean> {
  const row = await trx<UserRow>('users').select('id').where({ id }).forUpdate().first();
  return row !== undefined;
}
