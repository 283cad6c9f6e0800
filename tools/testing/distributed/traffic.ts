import { connect } from 'nats';
import { waitFor, type Client, type ServiceName, type TestDatabase } from './cluster';

/**
 * Steady traffic through the gateway while faults happen: a read on a route of every service,
 * round after round, and one transaction written per round (so the ledger keeps publishing
 * events). Every answer is recorded with its service and time; the written transactions are
 * remembered so a test can check that none was lost.
 */

export interface Probe {
  service: ServiceName;
  /** The path, or the path for one user (e.g. a file that user uploaded). */
  path: string | ((user: Client) => string);
}

export const probePath = (probe: Probe, user: Client): string =>
  typeof probe.path === 'string' ? probe.path : probe.path(user);

export interface Sample {
  service: ServiceName | 'write';
  status: number;
  at: number;
}

/** A read served by `service` alone (through the gateway's auth, which has a stale-if-error cache). */
export const PROBES: Probe[] = [
  // Not /api/auth/me: the gateway remembers the user with the credential.
  { service: 'identity', path: '/api/api-keys' },
  { service: 'ledger', path: '/api/bank/transactions?limit=1' },
  { service: 'categorization', path: '/api/categories' },
  { service: 'bills', path: '/api/bills?limit=1' },
  { service: 'tax', path: '/api/tax/rates/AU' },
  { service: 'assistant', path: '/api/chat/conversations' },
  // documents: see documentsProbe (a file the user uploaded).
  { service: 'webhooks', path: '/api/webhooks' },
];

/**
 * The documents service's probe: each user uploads a small file, and the probe fetches it
 * back through /api/chat/files/{userId}/{fileName}.
 */
export async function documentsProbe(users: Client[]): Promise<Probe> {
  const assetUrls = new Map<string, string>();
  for (const user of users) {
    const form = new FormData();
    form.append(
      'files',
      new Blob([`probe file of ${user.email}\n`], { type: 'text/plain' }),
      'probe.txt',
    );
    const res = await fetch(`${user.base}/api/chat/upload`, {
      method: 'POST',
      headers: user.headers,
      body: form,
    });
    if (res.status >= 300)
      throw new Error(`documents probe upload: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { data: { files: { assetUrl: string }[] } };
    assetUrls.set(user.userId, body.data.files[0].assetUrl);
  }
  return { service: 'documents', path: (user) => assetUrls.get(user.userId)! };
}

export class Traffic {
  readonly samples: Sample[] = [];
  /** Ids of the transactions the gateway answered 201 for (and not deleted again). */
  readonly written: string[] = [];
  /** When each id was answered 201, and when a delete of it was answered (for diagnostics). */
  readonly history = new Map<string, string[]>();
  /** Created, then a delete that got no clear answer (a fault hit it). */
  readonly unsettled: { id: string; deleteStatus: number }[] = [];
  private running = false;
  private loop?: Promise<void>;
  private round = 0;

  constructor(
    private readonly users: Client[],
    private readonly probes: Probe[],
    private readonly pauseMs = 25,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        const user = this.users[this.round % this.users.length];
        this.round++;
        await Promise.all([
          ...this.probes.map(async (p) => {
            const status = await user
              .get(probePath(p, user))
              .then(async (r) => {
                await r.arrayBuffer();
                return r.status;
              })
              .catch(() => 0);
            this.samples.push({ service: p.service, status, at: Date.now() });
          }),
          this.write(user),
        ]);
        await new Promise((r) => setTimeout(r, this.pauseMs));
      }
    })();
  }

  private async write(user: Client): Promise<void> {
    const res = await user
      .post('/api/bank/transactions', {
        date: '2025-06-01',
        description: `STEADY ${this.round}`,
        amount: 1 + (this.round % 50),
        type: 'debit',
      })
      .catch(() => undefined);
    const status = res?.status ?? 0;
    if (res?.status === 201) {
      const body = (await res.json()) as { transaction: { id: string } };
      const note = (what: string) =>
        this.history.set(body.transaction.id, [
          ...(this.history.get(body.transaction.id) ?? []),
          `${what} ${new Date().toISOString()} round ${this.round}`,
        ]);
      note('created');
      // Every tenth one is deleted again (transaction.deleted events), the others are kept.
      if (this.round % 10 === 0) {
        const del = await user
          .send('DELETE', `/api/bank/transactions/${body.transaction.id}`)
          .catch(() => undefined);
        await del?.arrayBuffer();
        note(`delete answered ${del?.status ?? 0}`);
        // A delete that failed in transit may still have happened: neither kept nor lost.
        if (del?.status !== 200 && del?.status !== 204)
          this.unsettled.push({ id: body.transaction.id, deleteStatus: del?.status ?? 0 });
      } else this.written.push(body.transaction.id);
    } else await res?.arrayBuffer();
    this.samples.push({ service: 'write', status, at: Date.now() });
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /** The answers in [from, to), by service. */
  between(from: number, to = Date.now()): Map<Sample['service'], number[]> {
    const out = new Map<Sample['service'], number[]>();
    for (const s of this.samples) {
      if (s.at < from || s.at >= to) continue;
      out.set(s.service, [...(out.get(s.service) ?? []), s.status]);
    }
    return out;
  }
}

/**
 * The written transactions that are not in the database, each with what is known of it. The
 * traffic may still be running: only the writes acknowledged before the query are checked
 * (one acknowledged while the query runs was not asked for, and is no loss).
 */
export async function lostWrites(db: TestDatabase, traffic: Traffic): Promise<string[]> {
  const written = [...traffic.written];
  const rows = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM ledger.transactions WHERE id = ANY($1::uuid[])',
    [written],
  );
  const found = new Set(rows.map((r) => r.id));
  const lost = written.filter((id) => !found.has(id));
  // What is known of each lost one: when it was written, and the ledger's events about it.
  const out: string[] = [];
  for (const id of lost) {
    const events = await db.query<{ type: string; at: string }>(
      `SELECT type, occurred_at::text AS at FROM ledger.outbox WHERE payload::text LIKE $1 ORDER BY occurred_at`,
      [`%${id}%`],
    );
    out.push(
      `${id}: ${(traffic.history.get(id) ?? []).join(', ')}; events: ${events.map((e) => `${e.type} ${e.at}`).join(', ') || 'none'}`,
    );
  }
  return out;
}

export interface ConsumerReport {
  consumer: string;
  /** Deliveries the NATS consumer has not had acknowledged yet, or not delivered yet. */
  pending: number;
  ackPending: number;
  redelivered: number;
}

/** The event stream as NATS holds it: messages per subject, and each durable consumer's state. */
export async function streamReport(
  natsUrl: string,
  stream = 'PFS_EVENTS',
): Promise<{ subjects: Record<string, number>; consumers: ConsumerReport[] }> {
  const nc = await connect({ servers: natsUrl, timeout: 5_000 });
  try {
    const jsm = await nc.jetstreamManager();
    const info = await jsm.streams.info(stream, { subjects_filter: '>' });
    const consumers: ConsumerReport[] = [];
    for await (const c of jsm.consumers.list(stream)) {
      consumers.push({
        consumer: c.name,
        pending: c.num_pending,
        ackPending: c.num_ack_pending,
        redelivered: c.num_redelivered,
      });
    }
    return { subjects: info.state.subjects ?? {}, consumers };
  } finally {
    await nc.close();
  }
}

/**
 * Waits until every outbox is published and every durable consumer has caught up (nothing
 * pending, nothing awaiting ack); answers the stream as it then is and how long the outboxes
 * took to empty (ms).
 */
export async function drainEvents(
  db: TestDatabase,
  natsUrl: string,
  what: string,
): Promise<{ report: Awaited<ReturnType<typeof streamReport>>; outboxDrainedMs: number }> {
  const outboxDrainedMs = await waitFor(
    async () => Object.values(await outboxBacklog(db)).every((n) => n === 0),
    `every outbox published ${what}`,
    60_000,
    250,
  );
  let report = await streamReport(natsUrl);
  await waitFor(
    async () => {
      report = await streamReport(natsUrl);
      return report.consumers.every((c) => c.pending === 0 && c.ackPending === 0);
    },
    'every consumer caught up',
    60_000,
    250,
  );
  return { report, outboxDrainedMs };
}

/** Schemas (of the test database) that have an outbox, and their rows not yet published. */
export async function outboxBacklog(db: TestDatabase): Promise<Record<string, number>> {
  const schemas = await db.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox'`,
  );
  const out: Record<string, number> = {};
  for (const { schema } of schemas) {
    const [{ n }] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NULL`,
    );
    out[schema] = n;
  }
  return out;
}

/** Every published outbox row by subject, across the services' schemas. */
export async function publishedBySubject(db: TestDatabase): Promise<Record<string, number>> {
  const schemas = await db.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'outbox'`,
  );
  const out: Record<string, number> = {};
  for (const { schema } of schemas) {
    const rows = await db.query<{ subject: string; n: number }>(
      `SELECT subject, count(*)::int AS n FROM "${schema}".outbox WHERE published_at IS NOT NULL GROUP BY subject`,
    );
    for (const r of rows) out[r.subject] = (out[r.subject] ?? 0) + r.n;
  }
  return out;
}

/** Inbox rows per consumer and parked events, across the services' schemas. */
export async function inboxCounts(
  db: TestDatabase,
): Promise<{ inbox: Record<string, number>; parked: number }> {
  const schemas = await db.query<{ schema: string }>(
    `SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'inbox'`,
  );
  const inbox: Record<string, number> = {};
  let parked = 0;
  for (const { schema } of schemas) {
    const rows = await db.query<{ consumer: string; n: number }>(
      `SELECT consumer, count(*)::int AS n FROM "${schema}".inbox GROUP BY consumer`,
    );
    for (const r of rows) inbox[r.consumer] = (inbox[r.consumer] ?? 0) + r.n;
    const [{ p }] = await db.query<{ p: number }>(
      `SELECT count(*)::int AS p FROM "${schema}".parked_events`,
    );
    parked += p;
  }
  return { inbox, parked };
}

/**
 * The event types each known durable consumer handles (services/*: bills' autopay,
 * categorization's transaction.deleted, webhooks' deliveries), as subject suffixes.
 */
export const CONSUMED: Record<string, string[]> = {
  'bills-autopay': ['ledger.transaction.created', 'ledger.transaction.imported'],
  'categorization-transaction-deleted': ['ledger.transaction.deleted'],
  'documents-transaction-deleted': ['ledger.transaction.deleted'],
  'webhooks-deliveries': [
    'ledger.transaction.imported',
    'bills.bill.due_soon',
    'bills.pattern.detected',
    'categorization.rule.executed',
  ],
};

/**
 * For every durable consumer on the stream that we know: its inbox rows against the stream's
 * messages of the types it handles. Each is handled once, none left out: the two are equal.
 * Returns the consumers where they differ.
 */
export function consumerMismatches(
  report: { subjects: Record<string, number>; consumers: ConsumerReport[] },
  inbox: Record<string, number>,
): { consumer: string; inbox: number; events: number }[] {
  const out: { consumer: string; inbox: number; events: number }[] = [];
  for (const { consumer } of report.consumers) {
    const types = CONSUMED[consumer];
    const handled = inbox[consumer] ?? 0;
    if (!types) {
      // Not in CONSUMED yet: only its NATS state (nothing pending) is checked.
      console.warn(
        `distributed tests: consumer ${consumer} is not in CONSUMED; its inbox is not counted`,
      );
      continue;
    }
    const events = types.reduce((sum, t) => sum + (report.subjects[`pfs.${t}`] ?? 0), 0);
    if (events !== handled) out.push({ consumer, inbox: handled, events });
  }
  return out;
}
