/** The event types partners can subscribe to (CONTRACT.md "Webhooks"), with their sources. */
export const WEBHOOK_EVENTS = [
  { type: 'transaction.imported', source: 'ledger' },
  { type: 'bill.due_soon', source: 'bills' },
  { type: 'pattern.detected', source: 'bills' },
  { type: 'rule.executed', source: 'categorization' },
] as const;

export const EVENT_TYPES: readonly string[] = WEBHOOK_EVENTS.map((e) => e.type);

/** The type of the event POST /api/webhooks/{id}/test sends. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The JSON body every delivery carries: `{type, timestamp, data}`. */
export function deliveryBody(type: string, timestamp: string, data: unknown): string {
  return JSON.stringify({ type, timestamp, data });
}

/** The webhook-id of an event's deliveries: stable across retries and redeliveries. */
export function messageIdFor(eventId: string): string {
  return `msg_${eventId}`;
}
