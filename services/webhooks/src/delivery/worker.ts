import { randomUUID } from 'node:crypto';
import type { Knex, Logger } from '@pfs/kit';
import { retryDelayMs } from '../domain/schedule';
import { signHeaders } from '../domain/secret';
import { createSecretBox, type SecretBox } from '../domain/secret-box';
import type { DeliveryRow } from '../store/deliveries';
import type { Sender } from './sender';

export interface DeliveryWorkerOptions {
  db: Knex;
  logger: Logger;
  sender: Sender;
  /** The clock of scheduling, leases and signatures (tests pass a fake one). */
  now?: () => Date;
  random?: () => number;
  pollMs?: number;
  /** How long a claim holds a delivery; longer than the request timeout. */
  leaseMs?: number;
  /** In-flight requests per endpoint (counted in PostgreSQL, so across replicas too). */
  endpointConcurrency?: number;
  /** In-flight requests of this worker. */
  concurrency?: number;
  disableAfterDays?: number;
  /** Finished deliveries older than this are pruned (default 30 days), every pruneEveryMs (1 h). */
  retentionDays?: number;
  pruneEveryMs?: number;
  /** WEBHOOK_SECRET_KEY, to open sealed signing secrets. */
  secretKey?: string;
  /** Identifies this worker's leases (default a random id). */
  owner?: string;
  /**
   * Test seam simulating a crash between send and record: called after the request, before the
   * outcome is written; returning false leaves the delivery claimed and unrecorded.
   */
  afterSend?: (delivery: ClaimedDelivery) => boolean;
}

export interface ClaimedDelivery extends DeliveryRow {
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
}

const EXCERPT = 1_024;

/**
 * Sends due deliveries. A claim is one short transaction: due rows are locked with
 * FOR UPDATE SKIP LOCKED (so concurrent workers in any number of replicas take disjoint rows),
 * capped per endpoint by the leases already held, and leased to this worker until
 * now + leaseMs. The request runs outside any transaction; its outcome is recorded after.
 * A worker that dies between send and record leaves the lease to expire, and the delivery is
 * sent again with the same webhook-id: at least once, never concurrently.
 */
export class DeliveryWorker {
  private readonly db: Knex;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly perEndpoint: number;
  private readonly concurrency: number;
  private readonly disableAfterMs: number;
  readonly owner: string;
  private readonly box: SecretBox;
  private readonly inFlight = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private pruneTimer?: NodeJS.Timeout;
  private running = false;
  private ticking?: Promise<void>;
  /** A wake() that arrived during a claim: claim again right after it. */
  private wakeRequested = false;

  constructor(private readonly opts: DeliveryWorkerOptions) {
    this.db = opts.db;
    this.log = opts.logger.child({ component: 'webhook-worker' });
    this.now = opts.now ?? (() => new Date());
    this.random = opts.random ?? Math.random;
    this.pollMs = opts.pollMs ?? 500;
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.perEndpoint = opts.endpointConcurrency ?? 4;
    this.concurrency = opts.concurrency ?? 32;
    this.disableAfterMs = (opts.disableAfterDays ?? 5) * 86_400_000;
    this.owner = opts.owner ?? randomUUID();
    this.box = createSecretBox(opts.secretKey);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
    this.pruneTimer = setInterval(() => {
      this.prune().catch((err: unknown) => this.log.error({ err }, 'pruning deliveries failed'));
    }, this.opts.pruneEveryMs ?? 3_600_000);
    this.pruneTimer.unref?.();
  }

  /** Deletes finished deliveries older than the retention, in batches; returns how many. */
  async prune(batch = 5_000): Promise<number> {
    const before = new Date(this.now().getTime() - (this.opts.retentionDays ?? 30) * 86_400_000);
    let total = 0;
    for (;;) {
      const { rowCount } = (await this.db.raw(
        `DELETE FROM deliveries WHERE id IN (
           SELECT id FROM deliveries WHERE status <> 'pending' AND created_at < ? LIMIT ?)`,
        [before, batch],
      )) as { rowCount: number | null };
      total += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) return total;
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.ticking;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims at once (e.g. right after new deliveries were written). */
  wake(): void {
    if (!this.running) return;
    if (this.ticking) this.wakeRequested = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
      });
    }, ms);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    let claimed = 0;
    let room = 0;
    this.wakeRequested = false;
    try {
      room = this.concurrency - this.inFlight.size;
      if (room > 0) claimed = (await this.claimAndSend(room)).length;
    } catch (err) {
      this.log.error({ err }, 'claiming webhook deliveries failed');
    }
    if (!this.running) return;
    // A full batch means more may be due: come back soon (after a slot frees, if none is free).
    this.schedule((room > 0 && claimed === room) || this.wakeRequested ? 0 : this.pollMs);
  }

  /** One round: claims up to `limit` due deliveries and starts sending them. */
  async claimAndSend(limit = this.concurrency): Promise<Promise<void>[]> {
    const claimed = await this.claim(limit);
    return claimed.map((d) => {
      const p = this.deliver(d).catch((err: unknown) =>
        this.log.error({ err, deliveryId: d.id }, 'webhook delivery failed unexpectedly'),
      );
      this.inFlight.add(p);
      void p.finally(() => {
        this.inFlight.delete(p);
        // Half the slots free: claim them in one round rather than one claim per slot.
        if (this.running && this.inFlight.size === Math.floor(this.concurrency / 2)) this.wake();
      });
      return p;
    });
  }

  /** Test and bench helper: one round, waiting for every request it started. */
  async runOnce(limit = this.concurrency): Promise<number> {
    const started = await this.claimAndSend(limit);
    await Promise.all(started);
    return started.length;
  }

  async claim(limit: number): Promise<ClaimedDelivery[]> {
    const now = this.now();
    return this.db.transaction(async (trx) => {
      // Fair across endpoints: at most perEndpoint due rows of each endpoint are candidates,
      // interleaved (every endpoint's first, then every endpoint's second, …), and endpoints
      // whose every slot is leased are left out, so a backlog or a slow partner cannot fill the
      // batch. The due conditions are repeated on d so that a row another worker claimed since
      // this statement's snapshot is re-checked when locked, and skipped.
      const { rows: due } = await trx.raw<{ rows: { id: string; endpoint_id: string }[] }>(
        `WITH busy AS (
           SELECT endpoint_id FROM deliveries
            WHERE status = 'pending' AND lease_until > :now
            GROUP BY endpoint_id HAVING count(*) >= :cap
         ), ranked AS (
           SELECT d.id, d.next_attempt_at,
                  row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS rn
             FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
            WHERE d.status = 'pending' AND d.next_attempt_at <= :now
              AND (d.lease_until IS NULL OR d.lease_until <= :now)
              AND (e.enabled OR d.origin <> 'event')
              AND d.endpoint_id NOT IN (SELECT endpoint_id FROM busy)
         )
         SELECT d.id, d.endpoint_id
           FROM deliveries d JOIN ranked r ON r.id = d.id
          WHERE r.rn <= :cap AND d.status = 'pending'
            AND (d.lease_until IS NULL OR d.lease_until <= :now)
          ORDER BY r.rn, r.next_attempt_at, d.id
          LIMIT :scan
          FOR UPDATE OF d SKIP LOCKED`,
        { now, cap: this.perEndpoint, scan: Math.max(limit * 2, limit) },
      );
      if (!due.length) return [];
      const endpointIds = [...new Set(due.map((d) => d.endpoint_id))].sort();
      // Claims touching one endpoint take turns (locked in id order: no deadlock), so the
      // leases counted next are exact across replicas and the per-endpoint bound holds.
      // NO KEY UPDATE: claims exclude each other, while the consumer's inserts (their foreign
      // key takes KEY SHARE on the endpoint) are not blocked by a claim, so the two cannot deadlock.
      await trx.raw('SELECT id FROM endpoints WHERE id = ANY(?) ORDER BY id FOR NO KEY UPDATE', [
        endpointIds,
      ]);
      const { rows: busy } = await trx.raw<{ rows: { endpoint_id: string; n: string }[] }>(
        `SELECT endpoint_id, count(*) AS n FROM deliveries
          WHERE status = 'pending' AND lease_until > ? AND endpoint_id = ANY(?)
          GROUP BY endpoint_id`,
        [now, endpointIds],
      );
      const budget = new Map(endpointIds.map((id) => [id, this.perEndpoint]));
      for (const b of busy) budget.set(b.endpoint_id, this.perEndpoint - Number(b.n));
      const chosen: string[] = [];
      for (const d of due) {
        if (chosen.length >= limit) break;
        const left = budget.get(d.endpoint_id) ?? 0;
        if (left <= 0) continue;
        budget.set(d.endpoint_id, left - 1);
        chosen.push(d.id);
      }
      if (!chosen.length) return [];
      const { rows } = await trx.raw<{ rows: ClaimedDelivery[] }>(
        `UPDATE deliveries d
            SET lease_until = ?, lease_owner = ?, attempts = d.attempts + 1, last_attempt_at = ?
           FROM endpoints e
          WHERE d.id = ANY(?) AND e.id = d.endpoint_id
        RETURNING d.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at`,
        [new Date(now.getTime() + this.leaseMs), this.owner, now, chosen],
      );
      return rows;
    });
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const at = this.now();
    const headers = signHeaders(d.message_id, at, d.body, {
      secret: this.box.open(d.secret),
      previousSecret: d.previous_secret ? this.box.open(d.previous_secret) : null,
      previousSecretExpiresAt: d.previous_secret_expires_at,
    });
    const result = await this.opts.sender({ url: d.url, headers, body: d.body });
    if (this.opts.afterSend && !this.opts.afterSend(d)) return;
    const now = this.now();
    const common = {
      lease_until: null,
      lease_owner: null,
      response_status: result.status ?? null,
      latency_ms: result.latencyMs,
      response_excerpt: result.responseExcerpt.slice(0, EXCERPT),
      last_error: result.error ? result.error.slice(0, 500) : null,
    };
    if (result.ok) {
      // The hot path in one statement: the delivery succeeded (if this worker still holds it)
      // and its endpoint's run of failures, if any, is over.
      await this.db.raw(
        `WITH done AS (
           UPDATE deliveries
              SET status = 'succeeded', succeeded_at = :now, lease_until = NULL, lease_owner = NULL,
                  response_status = :status, latency_ms = :latency, response_excerpt = :excerpt,
                  last_error = NULL
            WHERE id = :id AND lease_owner = :owner AND status = 'pending'
           RETURNING endpoint_id
         )
         UPDATE endpoints SET failing_since = NULL
          WHERE id IN (SELECT endpoint_id FROM done) AND failing_since IS NOT NULL`,
        {
          now,
          status: common.response_status,
          latency: common.latency_ms,
          excerpt: common.response_excerpt,
          id: d.id,
          owner: this.owner,
        },
      );
      return;
    }
    await this.db.transaction(async (trx) => {
      const step = d.schedule_step + 1;
      const delay = retryDelayMs(step, this.random);
      const n = await trx('deliveries')
        .where({ id: d.id, lease_owner: this.owner, status: 'pending' })
        .update(
          delay === undefined
            ? { ...common, status: 'failed', schedule_step: step }
            : {
                ...common,
                schedule_step: step,
                next_attempt_at: new Date(now.getTime() + delay),
              },
        );
      if (!n || d.origin !== 'event') return;
      // The endpoint's run of failures: disabled once it has lasted disableAfterMs.
      const [endpoint] = await trx('endpoints')
        .where({ id: d.endpoint_id })
        .update({ failing_since: trx.raw('coalesce(failing_since, ?)', [at]) })
        .returning<{ failing_since: Date; enabled: boolean }[]>(['failing_since', 'enabled']);
      if (
        endpoint?.enabled &&
        now.getTime() - new Date(endpoint.failing_since).getTime() >= this.disableAfterMs
      ) {
        const reason =
          `Disabled automatically on ${now.toISOString()}: every delivery has failed since ` +
          `${new Date(endpoint.failing_since).toISOString()} (last: ${result.error ?? 'failure'}).`;
        await trx('endpoints')
          .where({ id: d.endpoint_id })
          .update({ enabled: false, disabled_reason: reason, disabled_at: now, updated_at: now });
        this.log.warn(
          { endpointId: d.endpoint_id },
          'webhook endpoint disabled after failing for days',
        );
      }
    });
  }
}
