import { isUuid, newId } from '../ids';

/**
 * What travels on the bus: one domain event and where it came from. `id` is the outbox row's
 * id, the JetStream msgID (publish dedupe) and the key of every consumer's inbox (handle dedupe).
 */
export interface EventEnvelope<T = unknown> {
  id: string;
  /** Dotted lower-case name inside the source service, e.g. `transaction.created`. */
  type: string;
  /** The publishing service, which is also its PostgreSQL schema, e.g. `ledger`. */
  source: string;
  userId: string | null;
  /** ISO 8601 instant the change was written. */
  occurredAt: string;
  data: T;
}

export interface NewEvent<T = unknown> {
  type: string;
  userId?: string | null;
  data: T;
  /** Defaults to a new UUID; pass one only to correlate with an id you already hold. */
  id?: string;
}

/** Subject tokens: letters, digits, `_` and `-`; NATS gives `.`, `*` and `>` their own meaning. */
const TOKEN = /^[a-z0-9_-]+$/i;
const TYPE = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i;

export const SUBJECT_PREFIX = 'pfs';

/** `pfs.<service>.<type>`: `eventSubject('ledger', 'transaction.created')` → `pfs.ledger.transaction.created`. */
export function eventSubject(service: string, type: string): string {
  if (!TOKEN.test(service))
    throw new Error(`invalid event source "${service}": use letters, digits, _ or -`);
  if (!TYPE.test(type))
    throw new Error(`invalid event type "${type}": use dotted words such as transaction.created`);
  return `${SUBJECT_PREFIX}.${service}.${type}`;
}

export function buildEnvelope<T>(
  service: string,
  event: NewEvent<T>,
  now: Date = new Date(),
): EventEnvelope<T> {
  const id = event.id ?? newId();
  if (!isUuid(id)) throw new Error(`event id must be a UUID, got "${id}"`);
  const userId = event.userId ?? null;
  if (userId !== null && !isUuid(userId))
    throw new Error(`event userId must be a UUID, got "${userId}"`);
  eventSubject(service, event.type); // validates both names
  return {
    id: id.toLowerCase(),
    type: event.type,
    source: service,
    userId,
    occurredAt: now.toISOString(),
    data: event.data,
  };
}

/** Reads an envelope off the wire; throws on anything that is not one (the caller terminates it). */
export function parseEnvelope(raw: string | Uint8Array): EventEnvelope {
  const text = typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8');
  const value = JSON.parse(text) as Partial<EventEnvelope> | null;
  if (
    !value ||
    typeof value !== 'object' ||
    !isUuid(value.id) ||
    typeof value.type !== 'string' ||
    typeof value.source !== 'string' ||
    typeof value.occurredAt !== 'string' ||
    !('data' in value)
  ) {
    throw new Error('not an event envelope');
  }
  return {
    id: value.id,
    type: value.type,
    source: value.source,
    userId: typeof value.userId === 'string' ? value.userId : null,
    occurredAt: value.occurredAt,
    data: value.data,
  };
}

/** NATS subject matching: `*` is one token, a trailing `>` is one or more tokens. */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return i === p.length - 1 && s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
