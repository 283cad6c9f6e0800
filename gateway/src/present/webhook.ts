import { EVENT_CATALOGUE, type JsonSchema } from '@pfs/kit';
import type { Delivery, Endpoint } from '@pfs/proto/webhooks';
import { z } from 'zod';

/** The event types a webhook can subscribe to (CONTRACT.md "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  'transaction.imported',
  'bill.due_soon',
  'pattern.detected',
  'rule.executed',
] as const;

const orNull = (s: string) => (s === '' ? null : s);

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  disabledReason: z
    .string()
    .nullable()
    .describe('Why it was disabled automatically (failing for days); null otherwise'),
  disabledAt: z.string().nullable(),
  failingSince: z
    .string()
    .nullable()
    .describe('First failure of the current run of failures; null after a success'),
  secretPrefix: z.string().describe('First characters of the signing secret (never the secret)'),
  previousSecretExpiresAt: z
    .string()
    .nullable()
    .describe('After a rotation: until when the previous secret is still signed with'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export function presentWebhook(e: Endpoint): z.output<typeof webhookSchema> {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes as z.output<typeof webhookSchema>['eventTypes'],
    enabled: e.enabled,
    disabledReason: orNull(e.disabledReason),
    disabledAt: orNull(e.disabledAt),
    failingSince: orNull(e.failingSince),
    secretPrefix: e.secretPrefix,
    previousSecretExpiresAt: orNull(e.previousSecretExpiresAt),
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export const deliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  messageId: z.string().describe('The webhook-id header: the same on retries and redeliveries'),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable().describe('HTTP status of the last attempt'),
  latencyMs: z.number().int().nullable().describe('Duration of the last attempt'),
  nextAttemptAt: z.string().nullable().describe('When a pending delivery is tried next'),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  requestExcerpt: z.string().describe('The first 1 KiB of the body sent'),
  responseExcerpt: z.string().describe('The first bytes of the last answer (4 KiB at most)'),
  createdAt: z.string(),
  succeededAt: z.string().nullable(),
});

export function presentDelivery(d: Delivery): z.output<typeof deliverySchema> {
  return {
    id: d.id,
    webhookId: d.endpointId,
    messageId: d.messageId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status as 'pending' | 'succeeded' | 'failed',
    attempts: d.attempts,
    responseStatus: d.responseStatus ?? null,
    latencyMs: d.latencyMs ?? null,
    nextAttemptAt: orNull(d.nextAttemptAt),
    lastAttemptAt: orNull(d.lastAttemptAt),
    lastError: orNull(d.lastError),
    requestExcerpt: d.requestExcerpt,
    responseExcerpt: d.responseExcerpt,
    createdAt: d.createdAt,
    succeededAt: orNull(d.succeededAt),
  };
}

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'Message id (msg_<event id>): the same on every retry; deduplicate on it.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds when the attempt was signed; reject old ones (e.g. > 5 min).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>"> ' +
      'signatures (Standard Webhooks); two during the 24 h after a secret rotation.',
    schema: { type: 'string' },
  },
];

function webhookOperation(
  type: string,
  summary: string,
  description: string,
  data: JsonSchema,
  example: Record<string, unknown>,
): Record<string, unknown> {
  return {
    post: {
      summary,
      description:
        `${description} Sent as POST to your webhook URL, signed per Standard Webhooks ` +
        '(verify with the standardwebhooks library and your whsec_ secret). A 2xx within 10 s ' +
        'is success; anything else is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and ' +
        '10 h (plus up to 10 % jitter), then the delivery fails. Redirects are not followed.',
      operationId: `webhook_${type.replace(/\W/g, '_')}`,
      tags: ['Webhooks'],
      parameters: signatureHeaders,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              properties: {
                type: { type: 'string', const: type },
                timestamp: {
                  type: 'string',
                  format: 'date-time',
                  description: 'When the event happened',
                },
                data,
              },
            },
            example: { type, timestamp: '2025-03-14T09:30:00.000Z', data: example },
          },
        },
      },
      responses: {
        '2XX': { description: 'Received; any other answer (or none in 10 s) is retried' },
      },
    },
  };
}

/** The OpenAPI 3.1 `webhooks` section: one operation per event a webhook can receive. */
export function webhooksOpenApi(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const spec = EVENT_CATALOGUE.find((e) => e.type === type);
    if (!spec) continue;
    out[type] = webhookOperation(type, spec.summary, spec.description, spec.payload, spec.example);
  }
  out['webhook.test'] = webhookOperation(
    'webhook.test',
    'A test event',
    'Sent by POST /api/webhooks/{id}/test, whatever event types the webhook subscribes to.',
    {
      type: 'object',
      required: ['webhookId', 'message'],
      properties: { webhookId: { type: 'string', format: 'uuid' }, message: { type: 'string' } },
    },
    {
      webhookId: '8e7d6c5b-4a39-4281-b7f6-e5d4c3b2a190',
      message: 'A test event sent from the Personal Finance Service',
    },
  );
  return out;
}
