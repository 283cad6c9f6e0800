import {
  EVENT_CATALOGUE,
  envelopeSchema,
  eventSubject,
  type EventTypeSpec,
  type JsonSchema,
} from '@pfs/kit';

/**
 * The event catalogue for partners as an AsyncAPI 3.0 document, served at
 * `GET /api/asyncapi.json` next to the OpenAPI one. Built from kit's EVENT_CATALOGUE (the one
 * registry of event types and payload schemas), never written by hand, so it cannot drift
 * from what the services publish.
 */

/** `ledger.transaction.created`: the id of an event type in channels, messages and schemas. */
const idOf = (spec: EventTypeSpec) => `${spec.source}.${spec.type}`;

/** `TransactionCreated` from `transaction.created`, for message names. */
const nameOf = (spec: EventTypeSpec) =>
  spec.type
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');

export interface AsyncApiOptions {
  version: string;
  /** The NATS server partners (or in-cluster consumers) connect to; default `nats:4222`. */
  natsHost?: string;
}

export function buildAsyncApi(
  { version, natsHost = 'nats:4222' }: AsyncApiOptions,
  catalogue: readonly EventTypeSpec[] = EVENT_CATALOGUE,
): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  const schemas: Record<string, JsonSchema> = {};

  for (const spec of catalogue) {
    const id = idOf(spec);
    const name = nameOf(spec);
    schemas[`${id}.data`] = spec.payload;
    schemas[id] = {
      ...envelopeSchema(spec),
      properties: {
        ...(envelopeSchema(spec).properties as Record<string, unknown>),
        data: { $ref: `#/components/schemas/${id}.data` },
      },
    };
    messages[id] = {
      name,
      title: spec.summary,
      summary: spec.summary,
      description: spec.consumers?.length
        ? `${spec.description}\n\nConsumed inside the system by: ${spec.consumers.join(', ')}.`
        : spec.description,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'Nats-Msg-Id': {
            type: 'string',
            format: 'uuid',
            description: 'The event id (JetStream de-duplication within 2 minutes).',
          },
        },
      },
      payload: { $ref: `#/components/schemas/${id}` },
      examples: [
        {
          name: `${name}Example`,
          payload: {
            id: '00000000-0000-4000-8000-000000000000',
            type: spec.type,
            source: spec.source,
            userId: '9e8d7c6b-5a49-4382-a716-f5e4d3c2b1a0',
            occurredAt: '2025-03-14T09:30:00.000Z',
            data: spec.example,
          },
        },
      ],
    };
    channels[id] = {
      address: eventSubject(spec.source, spec.type),
      title: `${spec.source}: ${spec.type}`,
      description: spec.description,
      messages: { [name]: { $ref: `#/components/messages/${id}` } },
    };
    operations[`receive.${id}`] = {
      action: 'receive',
      title: `Receive ${spec.type}`,
      summary: spec.summary,
      channel: { $ref: `#/channels/${id}` },
      messages: [{ $ref: `#/channels/${id}/messages/${name}` }],
    };
  }

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Personal Finance Service events',
      version,
      description: [
        'The domain events the services publish. Each service writes its events into its own',
        'outbox in the same database transaction as the change, and a relay publishes them to',
        'the NATS JetStream stream `PFS_EVENTS` (subjects `pfs.<service>.<type>`, file storage,',
        '7 days, 2-minute de-duplication window on the event id). Delivery is at least once:',
        'consumers must de-duplicate by `id` (the services keep an inbox of processed ids) and',
        'must not rely on order between events. Every event is one JSON envelope',
        '`{id, type, source, userId, occurredAt, data}`; `data` is described per message.',
        'Webhook subscribers (CONTRACT.md: Webhooks) receive `transaction.imported`,',
        '`bill.due_soon`, `pattern.detected` and `rule.executed` as signed HTTPS deliveries.',
      ].join(' '),
    },
    defaultContentType: 'application/json',
    servers: {
      jetstream: {
        host: natsHost,
        protocol: 'nats',
        description:
          'NATS JetStream (stream PFS_EVENTS on pfs.>); durable pull consumers with explicit ack.',
      },
    },
    channels,
    operations,
    components: { messages, schemas },
  };
}
