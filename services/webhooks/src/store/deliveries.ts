import { newId, offsetOf, type Knex, type Page } from '@pfs/kit';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';
export type DeliveryOrigin = 'event' | 'test' | 'redelivery';

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  user_id: string;
  message_id: string;
  event_id: string;
  event_type: string;
  origin: DeliveryOrigin;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  schedule_step: number;
  next_attempt_at: Date;
  lease_until: Date | null;
  lease_owner: string | null;
  last_attempt_at: Date | null;
  response_status: number | null;
  latency_ms: number | null;
  last_error: string | null;
  response_excerpt: string | null;
  succeeded_at: Date | null;
  created_at: Date;
}

export interface NewDelivery {
  endpointId: string;
  userId: string;
  messageId: string;
  eventId: string;
  eventType: string;
  origin: DeliveryOrigin;
  body: string;
  nextAttemptAt: Date;
}

const INSERT_CHUNK = 500;

export async function insertDeliveries(
  db: Knex,
  deliveries: NewDelivery[],
): Promise<DeliveryRow[]> {
  const out: DeliveryRow[] = [];
  for (let i = 0; i < deliveries.length; i += INSERT_CHUNK) {
    const rows = await db<DeliveryRow>('deliveries')
      .insert(
        deliveries.slice(i, i + INSERT_CHUNK).map((d) => ({
          id: newId(),
          endpoint_id: d.endpointId,
          user_id: d.userId,
          message_id: d.messageId,
          event_id: d.eventId,
          event_type: d.eventType,
          origin: d.origin,
          body: d.body,
          next_attempt_at: d.nextAttemptAt,
        })),
      )
      .returning('*');
    out.push(...rows);
  }
  return out;
}

export async function listDeliveries(
  db: Knex,
  userId: string,
  endpointId: string,
  page: Page,
  status?: DeliveryStatus,
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const base = () => {
    const q = db<DeliveryRow>('deliveries').where({ user_id: userId, endpoint_id: endpointId });
    if (status) q.andWhere({ status });
    return q;
  };
  const [rows, [{ count }]] = await Promise.all([
    base()
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(offsetOf(page)),
    base().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { rows, total: Number(count) };
}

export async function findDelivery(
  db: Knex,
  userId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | undefined> {
  return db<DeliveryRow>('deliveries')
    .where({ id, user_id: userId, endpoint_id: endpointId })
    .first();
}
