import { AppError, type Knex, type Logger } from '@pfs/kit';
import type { Services } from '../clients';
import { currencyOf } from '../domain/currency';
import { userAsksToWrite } from '../domain/intent';
import { titleFromQuestion } from '../domain/title';
import type { AnswerEngine, ChatTurn } from '../engine/types';
import {
  appendMessages,
  createConversation,
  findConversation,
  HISTORY_TURNS,
  recentMessages,
  type ConversationRow,
  type MessageRow,
} from '../store/conversations';
import type { ToolName } from '../tools/contract';
import { ownFileName, storedFile } from '../tools/files';
import { engineToolCaller } from '../tools/registry';
import type { ToolContext } from '../tools/tool';

export const MAX_MESSAGE_CHARS = 8_000;
export const MAX_ASSETS = 10;

export interface Caller {
  userId: string;
  countryCode: string;
  businessType: string;
}

export interface SendInput {
  conversationId?: string;
  message: string;
  assetUrls: string[];
}

export interface SendResult {
  conversation: ConversationRow;
  message: MessageRow;
  toolsUsed: string[];
}

export interface ChatDeps {
  db: Knex;
  logger: Logger;
  services: Services;
  engine: AnswerEngine;
  now: () => Date;
}

function toTurn(row: MessageRow): ChatTurn {
  return {
    role: row.role,
    content: row.content,
    toolsUsed: row.tools_used,
    state: row.state ?? undefined,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * One chat turn: checks the attachments are the caller's own, hands the engine the
 * conversation so far with the registry as the caller, then stores the question and the
 * answer together (an answer that fails stores nothing).
 */
export async function sendMessage(
  deps: ChatDeps,
  caller: Caller,
  input: SendInput,
  stream?: { onDelta(text: string): void; onTool(name: string): void; signal?: AbortSignal },
): Promise<SendResult> {
  const message = input.message.trim();
  const issues = [];
  if (!message) issues.push({ field: 'message', message: 'must not be empty' });
  if (message.length > MAX_MESSAGE_CHARS)
    issues.push({ field: 'message', message: `must be at most ${MAX_MESSAGE_CHARS} characters` });
  if (input.assetUrls.length > MAX_ASSETS)
    issues.push({ field: 'assetUrls', message: `at most ${MAX_ASSETS} files per message` });
  if (issues.length) throw AppError.validation(issues);

  const ctx: ToolContext = {
    userId: caller.userId,
    countryCode: caller.countryCode || 'AU',
    currency: currencyOf(caller.countryCode || 'AU'),
    businessType: caller.businessType || 'individual',
    now: deps.now(),
    services: deps.services,
  };
  // Another user's file (or none at all) is 404, exactly as GET /api/chat/files answers.
  const assetUrls: string[] = [];
  for (const url of input.assetUrls) {
    const fileName = ownFileName(url, caller.userId);
    await storedFile(ctx, fileName);
    assetUrls.push(`/api/chat/files/${caller.userId}/${fileName}`);
  }

  let conversation: ConversationRow | undefined;
  if (input.conversationId) {
    conversation = await findConversation(deps.db, caller.userId, input.conversationId);
    if (!conversation) throw AppError.notFound('Conversation');
  } else {
    conversation = await createConversation(deps.db, caller.userId, titleFromQuestion(message));
  }
  const history = (
    await recentMessages(deps.db, caller.userId, conversation.id, HISTORY_TURNS)
  ).map(toTurn);

  const used: ToolName[] = [];
  const tools = engineToolCaller(ctx, {
    allowWrite: userAsksToWrite(message),
    onCall: (name) => {
      if (!used.includes(name)) used.push(name);
      stream?.onTool(name);
    },
  });
  const answer = await deps.engine.answer({
    userId: caller.userId,
    countryCode: ctx.countryCode,
    currency: ctx.currency,
    now: ctx.now,
    message,
    assetUrls,
    history,
    tools,
    onDelta: stream?.onDelta,
    signal: stream?.signal,
  });
  const toolsUsed = [...new Set<string>([...answer.toolsUsed, ...used])];
  const saved = await appendMessages(
    deps.db,
    caller.userId,
    conversation.id,
    titleFromQuestion(message),
    [
      { role: 'user', content: message, assetUrls },
      { role: 'assistant', content: answer.content, toolsUsed, state: answer.state },
    ],
  );
  if (!saved) throw AppError.notFound('Conversation');
  return { conversation: saved.conversation, message: saved.messages[1], toolsUsed };
}
