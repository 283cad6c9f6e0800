import type { Knex, Migration } from '@pfs/kit';

export const chat001: Migration = {
  async up(db: Knex) {
    await db.raw(`
      CREATE TABLE conversations (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        -- NULL until the first question names it.
        title text,
        message_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The list: a user's conversations, most recently active first.
    await db.raw(
      'CREATE INDEX conversations_user_recent_idx ON conversations (user_id, updated_at DESC, id)',
    );
    await db.raw(`
      CREATE TABLE messages (
        id uuid PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        content text NOT NULL,
        tools_used text[] NOT NULL DEFAULT '{}',
        asset_urls text[] NOT NULL DEFAULT '{}',
        -- The engine's private state after an assistant turn (follow-ups, pending confirmations).
        state jsonb,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.raw('CREATE INDEX messages_conversation_idx ON messages (conversation_id, seq)');
  },
  async down(db: Knex) {
    await db.raw('DROP TABLE IF EXISTS messages');
    await db.raw('DROP TABLE IF EXISTS conversations');
  },
};
