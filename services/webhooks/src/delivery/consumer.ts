import { eventSubject, type EventHandler, type Knex } from '@pfs/kit';
import { deliveryBody, EVENT_TYPES, messageIdFor, WEBHOOK_EVENTS } from '../domain/events';
import { insertDeliveries } from '../store/deliveries';

/** Durable consumer name (one per purpose, ADR 004). */
export const DELIVERY_CONSUMER = 'webhooks-deliveries';
export const DELIVERY_SUBJECTS = WEBHOOK_EVENTS.map((e) => eventSubject(e.source, e.type));

/**
 * Turns one event into one delivery per enabled endpoint of its user subscribed to its type,
 * written through `trx`: the transaction in which kit's consumer records the event in the
 * inbox, so the deliveries exist exactly when the event counts as handled.
 */
export function deliveryHandler(
  opts: { now?: () => Date; onQueued?: () => void } = {},
): EventHandler {
  const now = opts.now ?? (() => new Date());
  return async (event, trx: Knex.Transaction) => {
    if (!event.userId || !EVENT_TYPES.includes(event.type)) return;
    const endpoints = await trx('endpoints')
      .where({ user_id: event.userId, enabled: true })
      .whereRaw('? = ANY(event_types)', [event.type])
      .orderBy('id')
      .select<{ id: string }[]>('id');
    if (!endpoints.length) return;
    const body = deliveryBody(event.type, event.occurredAt, event.data);
    const at = now();
    await insertDeliveries(
      trx,
      endpoints.map((e) => ({
        endpointId: e.id,
        userId: event.userId as string,
        messageId: messageIdFor(event.id),
        eventId: event.id,
        eventType: event.type,
        origin: 'event' as const,
        body,
        nextAttemptAt: at,
      })),
    );
    if (opts.onQueued) trx.executionPromise?.then?.(opts.onQueued, () => undefined);
  };
}
