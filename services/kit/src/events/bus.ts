import { z } from 'zod';
import { optionalString } from '../config';
import type { Logger } from '../logger';
import { subscribe, type ConsumerOptions, type Subscription } from './consumer';
import { InProcessTransport } from './in-process-transport';
import { NatsTransport } from './nats-transport';
import type { EventTransport } from './transport';

/** The one setting that picks the bus; merge it into a service's config schema or load it alone. */
export const eventBusConfigSchema = z.object({ NATS_URL: optionalString });

export interface EventBusOptions {
  /** NATS JetStream when set (distributed mode); the in-process bus otherwise (embedded default). */
  natsUrl?: string;
  logger: Logger;
  /** Connection name shown by the NATS server. */
  name?: string;
}

export interface EventBus {
  kind: EventTransport['kind'];
  transport: EventTransport;
  /** `subscribe()` on this bus's transport. */
  subscribe<T = unknown>(options: ConsumerOptions<T>): Promise<Subscription>;
  /** Stops every subscription on the bus, then disconnects. Stop relays first. */
  close(): Promise<void>;
}

/**
 * The event bus of a process. Creating it does not connect: NATS is dialled on first use, so a
 * process starts (and its writes succeed, queued in the outbox) while NATS is down.
 */
export function createEventBus({ natsUrl, logger, name }: EventBusOptions): EventBus {
  const transport: EventTransport = natsUrl
    ? new NatsTransport({ servers: natsUrl.split(',').map((s) => s.trim()), logger, name })
    : new InProcessTransport({ logger });
  if (!natsUrl) logger.debug('NATS_URL not set: events go through the in-process bus');
  const subscriptions = new Set<Subscription>();
  return {
    kind: transport.kind,
    transport,
    async subscribe(options) {
      const subscription = await subscribe({ ...options, transport });
      subscriptions.add(subscription);
      return subscription;
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await transport.close();
    },
  };
}
