import {
  AppError,
  isUuid,
  newId,
  normalizePage,
  pageInfo,
  unary,
  type FieldIssue,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  WebhooksServiceService,
  type CreateEndpointRequest,
  type CreateEndpointResponse,
  type DeleteEndpointRequest,
  type DeleteEndpointResponse,
  type Delivery as DeliveryMessage,
  type Endpoint as EndpointMessage,
  type GetEndpointRequest,
  type GetEndpointResponse,
  type ListDeliveriesRequest,
  type ListDeliveriesResponse,
  type ListEndpointsRequest,
  type ListEndpointsResponse,
  type RedeliverRequest,
  type RedeliverResponse,
  type RotateSecretRequest,
  type RotateSecretResponse,
  type SendTestRequest,
  type SendTestResponse,
  type UpdateEndpointRequest,
  type UpdateEndpointResponse,
  type WebhooksServiceServer,
} from '@pfs/proto/webhooks';
import { deliveryBody, EVENT_TYPES, TEST_EVENT_TYPE } from './domain/events';
import { newSecret, PREVIOUS_SECRET_GRACE_MS, secretPrefix } from './domain/secret';
import { createSecretBox, type SecretBox } from './domain/secret-box';
import { checkWebhookUrl, UrlRefused, type Resolver } from './domain/ssrf';
import {
  findDelivery,
  insertDeliveries,
  listDeliveries,
  type DeliveryRow,
  type DeliveryStatus,
} from './store/deliveries';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  MAX_ENDPOINTS,
  rotateSecret,
  updateEndpoint,
  type EndpointRow,
} from './store/endpoints';

export const SERVICE_NAME = 'pfs.webhooks.v1.WebhooksService';

export interface WebhooksDeps {
  db: Knex;
  logger: Logger;
  allowPrivateUrls: boolean;
  /** WEBHOOK_SECRET_KEY: seals signing secrets at rest. */
  secretKey?: string;
  resolve?: Resolver;
  now?: () => Date;
  /** Called after deliveries were queued (wakes the local worker). */
  onQueued?: () => void;
}

const wirePage = (page: { page: number; limit: number }, total: number) => {
  const info = pageInfo(page, total);
  return { ...info, total: String(info.total) };
};

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : '');

export function toEndpointMessage(
  row: EndpointRow,
  box: SecretBox,
  now = new Date(),
): EndpointMessage {
  const previousValid =
    row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    enabled: row.enabled,
    disabledReason: row.disabled_reason ?? '',
    disabledAt: iso(row.disabled_at),
    failingSince: iso(row.failing_since),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    previousSecretExpiresAt: previousValid ? iso(row.previous_secret_expires_at) : '',
    secretPrefix: secretPrefix(box.open(row.secret)),
  };
}

const REQUEST_EXCERPT = 1_024;

export function toDeliveryMessage(row: DeliveryRow): DeliveryMessage {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    messageId: row.message_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status ?? undefined,
    latencyMs: row.latency_ms ?? undefined,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : '',
    lastAttemptAt: iso(row.last_attempt_at),
    lastError: row.last_error ?? '',
    requestExcerpt: row.body.slice(0, REQUEST_EXCERPT),
    responseExcerpt: row.response_excerpt ?? '',
    createdAt: iso(row.created_at),
    succeededAt: iso(row.succeeded_at),
  };
}

/** A malformed id names nothing: 404, as for another user's id (like bills' requireId). */
function checkId(value: string, what = 'Webhook'): void {
  if (!isUuid(value)) throw AppError.notFound(what);
}

function eventTypeIssues(types: string[], issues: FieldIssue[]): string[] {
  if (!types.length)
    issues.push({ field: 'eventTypes', message: 'must name at least one event type' });
  types.forEach((t, i) => {
    if (!EVENT_TYPES.includes(t))
      issues.push({
        field: `eventTypes.${i}`,
        message: `unknown event type "${t}" (one of ${EVENT_TYPES.join(', ')})`,
      });
  });
  return [...new Set(types)];
}

export function createServer(deps: WebhooksDeps): GrpcServiceBinding[] {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const box = createSecretBox(deps.secretKey);
  const present = (row: EndpointRow, at = now()) => toEndpointMessage(row, box, at);

  async function checkUrl(url: string, issues: FieldIssue[]): Promise<void> {
    try {
      await checkWebhookUrl(url, { allowPrivate: deps.allowPrivateUrls, resolve: deps.resolve });
    } catch (err) {
      if (!(err instanceof UrlRefused)) throw err;
      issues.push({ field: 'url', message: err.reason });
    }
  }

  async function owned(userId: string, id: string): Promise<EndpointRow> {
    checkId(id);
    const row = await findEndpoint(db, userId, id);
    if (!row) throw AppError.notFound('Webhook');
    return row;
  }

  const implementation: WebhooksServiceServer = {
    listEndpoints: unary<ListEndpointsRequest, ListEndpointsResponse>(async (req, { userId }) => {
      const page = normalizePage(req.page);
      const { rows, total } = await listEndpoints(db, userId, page);
      const at = now();
      return { endpoints: rows.map((r) => present(r, at)), page: wirePage(page, total) };
    }),

    createEndpoint: unary<CreateEndpointRequest, CreateEndpointResponse>(
      async (req, { userId }) => {
        const issues: FieldIssue[] = [];
        const eventTypes = eventTypeIssues(req.eventTypes, issues);
        if (req.description.length > 1000)
          issues.push({ field: 'description', message: 'must be at most 1000 characters' });
        await checkUrl(req.url, issues);
        if (issues.length) throw AppError.validation(issues);
        if ((await countEndpoints(db, userId)) >= MAX_ENDPOINTS)
          throw new AppError('CONFLICT', `At most ${MAX_ENDPOINTS} webhooks per user`);
        const secret = newSecret();
        const row = await insertEndpoint(db, userId, {
          url: req.url,
          description: req.description,
          eventTypes,
          enabled: req.enabled ?? true,
          secret: box.seal(secret),
        });
        logger.info({ endpointId: row.id, userId }, 'webhook endpoint created');
        return { endpoint: present(row, now()), secret };
      },
    ),

    getEndpoint: unary<GetEndpointRequest, GetEndpointResponse>(async (req, { userId }) => ({
      endpoint: present(await owned(userId, req.id)),
    })),

    updateEndpoint: unary<UpdateEndpointRequest, UpdateEndpointResponse>(
      async (req, { userId }) => {
        await owned(userId, req.id);
        const issues: FieldIssue[] = [];
        const eventTypes = req.setEventTypes ? eventTypeIssues(req.eventTypes, issues) : undefined;
        if (req.description !== undefined && req.description.length > 1000)
          issues.push({ field: 'description', message: 'must be at most 1000 characters' });
        if (req.url !== undefined) await checkUrl(req.url, issues);
        if (issues.length) throw AppError.validation(issues);
        const row = await updateEndpoint(db, userId, req.id, {
          url: req.url,
          description: req.description,
          eventTypes,
          enabled: req.enabled,
        });
        if (!row) throw AppError.notFound('Webhook');
        return { endpoint: present(row, now()) };
      },
    ),

    deleteEndpoint: unary<DeleteEndpointRequest, DeleteEndpointResponse>(
      async (req, { userId }) => {
        checkId(req.id);
        if (!(await deleteEndpoint(db, userId, req.id))) throw AppError.notFound('Webhook');
        return {};
      },
    ),

    rotateSecret: unary<RotateSecretRequest, RotateSecretResponse>(async (req, { userId }) => {
      await owned(userId, req.id);
      const secret = newSecret();
      const at = now();
      const row = await rotateSecret(
        db,
        userId,
        req.id,
        box.seal(secret),
        new Date(at.getTime() + PREVIOUS_SECRET_GRACE_MS),
      );
      if (!row) throw AppError.notFound('Webhook');
      return { endpoint: present(row, at), secret };
    }),

    listDeliveries: unary<ListDeliveriesRequest, ListDeliveriesResponse>(
      async (req, { userId }) => {
        await owned(userId, req.endpointId);
        const statuses = ['pending', 'succeeded', 'failed'];
        if (req.status && !statuses.includes(req.status))
          throw AppError.validation([
            { field: 'status', message: `must be one of ${statuses.join(', ')}` },
          ]);
        const page = normalizePage(req.page);
        const { rows, total } = await listDeliveries(
          db,
          userId,
          req.endpointId,
          page,
          (req.status || undefined) as DeliveryStatus | undefined,
        );
        return { deliveries: rows.map(toDeliveryMessage), page: wirePage(page, total) };
      },
    ),

    sendTest: unary<SendTestRequest, SendTestResponse>(async (req, { userId }) => {
      const endpoint = await owned(userId, req.endpointId);
      const eventId = newId();
      const at = now();
      const [row] = await insertDeliveries(db, [
        {
          endpointId: endpoint.id,
          userId,
          messageId: `msg_${eventId}`,
          eventId,
          eventType: TEST_EVENT_TYPE,
          origin: 'test',
          body: deliveryBody(TEST_EVENT_TYPE, at.toISOString(), {
            webhookId: endpoint.id,
            message: 'A test event sent from the Personal Finance Service',
          }),
          nextAttemptAt: at,
        },
      ]);
      deps.onQueued?.();
      return { delivery: toDeliveryMessage(row) };
    }),

    redeliver: unary<RedeliverRequest, RedeliverResponse>(async (req, { userId }) => {
      await owned(userId, req.endpointId);
      checkId(req.deliveryId, 'Delivery');
      const original = await findDelivery(db, userId, req.endpointId, req.deliveryId);
      if (!original) throw AppError.notFound('Delivery');
      if (original.status === 'pending')
        throw new AppError('CONFLICT', 'The delivery is still being attempted');
      const [row] = await insertDeliveries(db, [
        {
          endpointId: original.endpoint_id,
          userId,
          messageId: original.message_id,
          eventId: original.event_id,
          eventType: original.event_type,
          origin: 'redelivery',
          body: original.body,
          nextAttemptAt: now(),
        },
      ]);
      deps.onQueued?.();
      return { delivery: toDeliveryMessage(row) };
    }),
  };

  return [{ name: SERVICE_NAME, definition: WebhooksServiceService, implementation }];
}
