import { promClient, registry } from '../metrics';

export const eventsPublished = new promClient.Counter({
  name: 'pfs_events_published_total',
  help: 'Outbox rows the relay handed to the bus (duplicate="true": the bus already had the id)',
  labelNames: ['service', 'duplicate'],
  registers: [registry],
});

export const eventPublishFailures = new promClient.Counter({
  name: 'pfs_events_publish_failures_total',
  help: 'Outbox rows whose publish failed and were put back with a delay',
  labelNames: ['service'],
  registers: [registry],
});

export const eventsConsumed = new promClient.Counter({
  name: 'pfs_events_consumed_total',
  help: 'Deliveries a consumer settled, by outcome (processed, duplicate, retried, parked)',
  labelNames: ['consumer', 'outcome'],
  registers: [registry],
});

export const eventRowsPruned = new promClient.Counter({
  name: 'pfs_event_rows_pruned_total',
  help: 'Processed inbox entries and parked events deleted after their retention',
  labelNames: ['service', 'table'],
  registers: [registry],
});
