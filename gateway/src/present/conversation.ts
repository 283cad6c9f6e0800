import type { Caller, Conversation, Message } from '@pfs/proto/assistant';
import { z } from 'zod';
import type { Principal } from '../auth/principal';

export const conversationSchema = z.object({
  id: z.string(),
  title: z.string().describe('Made from the first question unless given at creation'),
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  toolsUsed: z.array(z.string()).describe('Names of the tools the assistant used'),
  assetUrls: z.array(z.string()).describe('Files attached to a user message'),
  createdAt: z.string(),
});

export function presentConversation(c: Conversation | undefined) {
  if (!c) throw new Error('assistant returned no conversation');
  return {
    id: c.id,
    title: c.title,
    messageCount: c.messageCount,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function presentMessage(m: Message | undefined) {
  if (!m) throw new Error('assistant returned no message');
  return {
    id: m.id,
    conversationId: m.conversationId,
    role: m.role as 'user' | 'assistant',
    content: m.content,
    toolsUsed: m.toolsUsed,
    assetUrls: m.assetUrls,
    createdAt: m.createdAt,
  };
}

/**
 * What the assistant needs to know of the caller besides the user id (metadata): the API
 * key's scopes, or mcp:full for a person's own login (a JWT acts as full), and the country and
 * business type that decide currency, financial year and tax rules.
 */
export function callerOf(principal: Principal): Caller {
  return {
    scopes: principal.method === 'api_key' ? principal.scopes : ['mcp:full'],
    countryCode: principal.countryCode,
    businessType: principal.businessType,
  };
}
