import type { Knex, Migration } from '@pfs/kit';

export const webhooks001: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE endpoints (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        event_types text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        disabled_reason text,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.raw('CREATE INDEX endpoints_user_idx ON endpoints (user_id, created_at)');
    await db.raw(`
      CREATE TABLE deliveries (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES endpoints(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        message_id text NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        -- event (from the bus), test (POST /test) or redelivery
        origin text NOT NULL DEFAULT 'event',
        body text NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        schedule_step integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        lease_until timestamptz,
        lease_owner text,
        last_attempt_at timestamptz,
        response_status integer,
        latency_ms integer,
        last_error text,
        response_excerpt text,
        succeeded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The workers' claim walks only pending rows, in due order.
    await db.raw(
      "CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending'",
    );
    await db.raw('CREATE INDEX deliveries_endpoint_idx ON deliveries (endpoint_id, created_at)');
  },
  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS deliveries');
    await db.raw('DROP TABLE IF EXISTS endpoints');
  },
};
