import { newId, offsetOf, type Knex, type Page } from '@pfs/kit';

export interface ConversationRow {
  id: string;
  user_id: string;
  title: string | null;
  message_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  content: string;
  tools_used: string[];
  asset_urls: string[];
  state: Record<string, unknown> | null;
  created_at: Date;
}

export interface NewMessage {
  role: 'user' | 'assistant';
  content: string;
  toolsUsed?: string[];
  assetUrls?: string[];
  state?: Record<string, unknown>;
}

/** Messages an engine sees of a conversation's past (the most recent ones). */
export const HISTORY_TURNS = 40;
/** Messages GET /api/chat/conversations/{id} shows at most (the most recent ones). */
export const MAX_MESSAGES_SHOWN = 1_000;

export async function createConversation(
  db: Knex,
  userId: string,
  title: string | null,
): Promise<ConversationRow> {
  const [row] = await db<ConversationRow>('conversations')
    .insert({ id: newId(), user_id: userId, title })
    .returning('*');
  return row;
}

export async function listConversations(
  db: Knex,
  userId: string,
  page: Page,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const [rows, [{ count }]] = await Promise.all([
    db<ConversationRow>('conversations')
      .where({ user_id: userId })
      .orderBy([
        { column: 'updated_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(offsetOf(page)),
    db('conversations').where({ user_id: userId }).count<{ count: string }[]>({ count: '*' }),
  ]);
  return { rows, total: Number(count) };
}

export async function findConversation(
  db: Knex,
  userId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  return db<ConversationRow>('conversations').where({ id, user_id: userId }).first();
}

export async function deleteConversation(db: Knex, userId: string, id: string): Promise<boolean> {
  const deleted = await db('conversations').where({ id, user_id: userId }).delete();
  return deleted > 0;
}

/** The last `limit` messages of a conversation, oldest first. */
export async function recentMessages(
  db: Knex,
  userId: string,
  conversationId: string,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db<MessageRow>('messages')
    .where({ conversation_id: conversationId, user_id: userId })
    .orderBy('seq', 'desc')
    .limit(limit);
  return rows.reverse();
}

/**
 * Appends a turn's messages and bumps the conversation's count and activity time; the first
 * question names an untitled conversation. Nothing is written when the conversation is gone
 * (deleted meanwhile): the answer is then NOT_FOUND.
 */
export async function appendMessages(
  db: Knex,
  userId: string,
  conversationId: string,
  title: string,
  messages: NewMessage[],
): Promise<{ conversation: ConversationRow; messages: MessageRow[] } | undefined> {
  return db.transaction(async (trx) => {
    const [conversation] = await trx<ConversationRow>('conversations')
      .where({ id: conversationId, user_id: userId })
      .update({
        message_count: trx.raw('message_count + ?', [messages.length]),
        title: trx.raw('coalesce(title, ?)', [title]),
        updated_at: trx.fn.now(),
      })
      .returning('*');
    if (!conversation) return undefined;
    // One statement: the identity column orders the messages as listed.
    const rows = await trx<MessageRow>('messages')
      .insert(
        messages.map((m) => ({
          id: newId(),
          conversation_id: conversationId,
          user_id: userId,
          role: m.role,
          content: m.content,
          tools_used: m.toolsUsed ?? [],
          asset_urls: m.assetUrls ?? [],
          state: m.state ? JSON.stringify(m.state) : null,
        })) as never,
      )
      .returning('*');
    return { conversation, messages: rows as MessageRow[] };
  });
}
