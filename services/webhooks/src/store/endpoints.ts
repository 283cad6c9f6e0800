import { newId, offsetOf, type Knex, type Page } from '@pfs/kit';

export interface EndpointRow {
  id: string;
  user_id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  disabled_reason: string | null;
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewEndpoint {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  secret: string;
}

export interface EndpointPatch {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

/** Endpoints per user at most (409 beyond). */
export const MAX_ENDPOINTS = 1_000;

export async function countEndpoints(db: Knex, userId: string): Promise<number> {
  const [{ count }] = await db('endpoints').where({ user_id: userId }).count<{ count: string }[]>({
    count: '*',
  });
  return Number(count);
}

export async function listEndpoints(
  db: Knex,
  userId: string,
  page: Page,
): Promise<{ rows: EndpointRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db<EndpointRow>('endpoints')
      .where({ user_id: userId })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
      .limit(page.limit)
      .offset(offsetOf(page)),
    countEndpoints(db, userId),
  ]);
  return { rows, total };
}

export async function insertEndpoint(
  db: Knex,
  userId: string,
  e: NewEndpoint,
): Promise<EndpointRow> {
  const [row] = await db<EndpointRow>('endpoints')
    .insert({
      id: newId(),
      user_id: userId,
      url: e.url,
      description: e.description,
      event_types: e.eventTypes,
      enabled: e.enabled,
      secret: e.secret,
    })
    .returning('*');
  return row;
}

export async function findEndpoint(
  db: Knex,
  userId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  return db<EndpointRow>('endpoints').where({ id, user_id: userId }).first();
}

export async function updateEndpoint(
  db: Knex,
  userId: string,
  id: string,
  patch: EndpointPatch,
): Promise<EndpointRow | undefined> {
  const changes: Record<string, unknown> = { updated_at: db.fn.now() };
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.eventTypes !== undefined) changes.event_types = patch.eventTypes;
  if (patch.enabled !== undefined) {
    changes.enabled = patch.enabled;
    // Enabling again clears the automatic disablement and starts the failure clock afresh.
    if (patch.enabled) {
      changes.disabled_reason = null;
      changes.disabled_at = null;
      changes.failing_since = null;
    }
  }
  const [row] = await db<EndpointRow>('endpoints')
    .where({ id, user_id: userId })
    .update(changes)
    .returning('*');
  return row;
}

export async function deleteEndpoint(db: Knex, userId: string, id: string): Promise<boolean> {
  const n = await db('endpoints').where({ id, user_id: userId }).delete();
  return n > 0;
}

export async function rotateSecret(
  db: Knex,
  userId: string,
  id: string,
  secret: string,
  previousExpiresAt: Date,
): Promise<EndpointRow | undefined> {
  const [row] = await db<EndpointRow>('endpoints')
    .where({ id, user_id: userId })
    .update({
      previous_secret: db.ref('secret') as unknown as string,
      previous_secret_expires_at: previousExpiresAt,
      secret,
      updated_at: db.fn.now() as unknown as Date,
    })
    .returning('*');
  return row;
}
