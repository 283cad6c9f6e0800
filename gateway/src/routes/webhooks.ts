import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { idParams, pageQuery, paginationSchema } from '../http/schemas';
import { pageRequest, presentPage } from '../present/pagination';
import {
  deliverySchema,
  presentDelivery,
  presentWebhook,
  WEBHOOK_EVENT_TYPES,
  webhookSchema,
} from '../present/webhook';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

const TAGS = ['Webhooks'];
const TIER_NOTE =
  'Professional tier and above: a lower tier gets 403 TIER_REQUIRED with details.requiredTier. ' +
  'Another user’s webhook is 404.';
const URL_NOTE =
  'https, resolving only to public addresses (private, loopback, link-local, metadata, CGNAT, ' +
  'multicast, IPv4-mapped and unique-local IPv6 are refused with 400); checked again before ' +
  'every delivery.';

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'must name at least one event type')
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .describe('Events to receive (see the webhooks section of this document for their payloads)');
const url = z.string().min(1).max(2048, 'must be at most 2048 characters');
const description = z.string().max(1000, 'must be at most 1000 characters');

const createBody = z.object({
  url: url.describe(URL_NOTE),
  description: description.optional().describe('Default ""'),
  eventTypes,
  enabled: z.boolean().optional().describe('Default true'),
});

const updateBody = z.object({
  url: url.optional().describe(URL_NOTE),
  description: description.optional(),
  eventTypes: eventTypes.optional(),
  enabled: z
    .boolean()
    .optional()
    .describe('true also clears an automatic disablement (and its reason)'),
});

const deliveryParams = z.object({
  id: z.string().describe('Webhook id (UUID)'),
  deliveryId: z.string().describe('Delivery id (UUID)'),
});

const one = z.object({ success: z.literal(true), webhook: webhookSchema });
const withSecret = one.extend({
  secret: z
    .string()
    .describe('The signing secret (whsec_…): shown only in this answer; store it now'),
});
const oneDelivery = z.object({ success: z.literal(true), delivery: deliverySchema });

const svc = (upstreams: Upstreams) => upstreams.webhooks;

const common = {
  tags: TAGS,
  auth: 'user' as const,
  tier: 'professional' as const,
  upstreams: ['webhooks' as const],
};

export const webhookRoutes = [
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/webhooks',
    summary: 'List your webhooks',
    description: `Newest first. ${TIER_NOTE}`,
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      webhooks: z.array(webhookSchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams }) {
      const { endpoints, page } = await svc(upstreams).call((c) => c.listEndpoints, {
        page: pageRequest(query),
      });
      return { webhooks: endpoints.map(presentWebhook), pagination: presentPage(page) };
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/webhooks',
    summary: 'Create a webhook',
    description:
      'Subscribes a URL to events. The answer carries the signing secret, shown this once. ' +
      `Requests are signed per Standard Webhooks. ${TIER_NOTE}`,
    idempotent: true,
    status: 201,
    body: createBody,
    response: withSecret,
    async handler({ body, upstreams }) {
      const { endpoint, secret } = await svc(upstreams).call((c) => c.createEndpoint, {
        url: body.url,
        description: body.description ?? '',
        eventTypes: body.eventTypes,
        enabled: body.enabled,
      });
      if (!endpoint) throw new AppError('INTERNAL_ERROR', 'Webhooks returned no webhook');
      return { webhook: presentWebhook(endpoint), secret };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/webhooks/{id}',
    summary: 'Get a webhook',
    description: `Without its secret. A disabled webhook shows why in disabledReason. ${TIER_NOTE}`,
    params: idParams,
    response: one,
    async handler({ params, upstreams }) {
      const { endpoint } = await svc(upstreams).call((c) => c.getEndpoint, { id: params.id });
      if (!endpoint) throw AppError.notFound('Webhook');
      return { webhook: presentWebhook(endpoint) };
    },
  }),
  defineRoute({
    ...common,
    method: 'patch',
    path: '/api/webhooks/{id}',
    summary: 'Update a webhook',
    description: `Changes the fields sent; eventTypes replaces the list. ${TIER_NOTE}`,
    params: idParams,
    body: updateBody,
    response: one,
    async handler({ params, body, upstreams }) {
      const { endpoint } = await svc(upstreams).call((c) => c.updateEndpoint, {
        id: params.id,
        url: body.url,
        description: body.description,
        eventTypes: body.eventTypes ?? [],
        setEventTypes: body.eventTypes !== undefined,
        enabled: body.enabled,
      });
      if (!endpoint) throw AppError.notFound('Webhook');
      return { webhook: presentWebhook(endpoint) };
    },
  }),
  defineRoute({
    ...common,
    method: 'delete',
    path: '/api/webhooks/{id}',
    summary: 'Delete a webhook',
    description: `Its pending deliveries are dropped. ${TIER_NOTE}`,
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await svc(upstreams).call((c) => c.deleteEndpoint, { id: params.id });
      return { message: 'Webhook deleted' };
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/webhooks/{id}/rotate-secret',
    summary: 'Rotate a webhook’s signing secret',
    description:
      'A new secret, shown this once. For 24 h every request is signed with both the new and ' +
      `the previous secret (two v1 signatures), so you can switch without losing events. ${TIER_NOTE}`,
    params: idParams,
    response: withSecret,
    async handler({ params, upstreams }) {
      const { endpoint, secret } = await svc(upstreams).call((c) => c.rotateSecret, {
        id: params.id,
      });
      if (!endpoint) throw AppError.notFound('Webhook');
      return { webhook: presentWebhook(endpoint), secret };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/webhooks/{id}/deliveries',
    summary: 'List a webhook’s deliveries',
    description:
      'Newest first, with status, attempts, the last response code, latency and error, the ' +
      `next attempt, and excerpts of the request and response. ${TIER_NOTE}`,
    params: idParams,
    query: z.object({
      ...pageQuery,
      status: z.enum(['pending', 'succeeded', 'failed']).optional(),
    }),
    response: z.object({
      success: z.literal(true),
      deliveries: z.array(deliverySchema),
      pagination: paginationSchema,
    }),
    async handler({ params, query, upstreams }) {
      const { deliveries, page } = await svc(upstreams).call((c) => c.listDeliveries, {
        endpointId: params.id,
        status: query.status ?? '',
        page: pageRequest(query),
      });
      return { deliveries: deliveries.map(presentDelivery), pagination: presentPage(page) };
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/webhooks/{id}/test',
    summary: 'Send a test event',
    description:
      'Queues a signed webhook.test event to the webhook (also when it is disabled) and answers ' +
      `at once with the delivery; follow it in the deliveries list. ${TIER_NOTE}`,
    params: idParams,
    status: 202,
    response: oneDelivery,
    async handler({ params, upstreams }) {
      const { delivery } = await svc(upstreams).call((c) => c.sendTest, { endpointId: params.id });
      if (!delivery) throw new AppError('INTERNAL_ERROR', 'Webhooks returned no delivery');
      return { delivery: presentDelivery(delivery) };
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver',
    summary: 'Redeliver a delivery',
    description:
      'Queues a finished (failed or succeeded) delivery again as a new delivery with the same ' +
      `webhook-id and a fresh retry schedule. A delivery still pending is 409. ${TIER_NOTE}`,
    params: deliveryParams,
    status: 202,
    response: oneDelivery,
    async handler({ params, upstreams }) {
      const { delivery } = await svc(upstreams).call((c) => c.redeliver, {
        endpointId: params.id,
        deliveryId: params.deliveryId,
      });
      if (!delivery) throw new AppError('INTERNAL_ERROR', 'Webhooks returned no delivery');
      return { delivery: presentDelivery(delivery) };
    },
  }),
];
