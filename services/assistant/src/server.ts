import {
  AppError,
  isUuid,
  normalizePage,
  pageInfo,
  serverStream,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  AssistantServiceService,
  type AssistantServiceServer,
  type Caller as CallerMessage,
  type Conversation,
  type Message,
  type SendMessageRequest,
  type SendMessageResponse,
} from '@pfs/proto/assistant';
import { sendMessage, type Caller, type SendResult } from './chat/chat';
import type { Services } from './clients';
import { currencyOf } from './domain/currency';
import { scopeNeededFor, scopesAllow, type McpOperation } from './domain/scopes';
import type { AnswerEngine } from './engine/types';
import {
  createConversation,
  deleteConversation,
  findConversation,
  listConversations,
  MAX_MESSAGES_SHOWN,
  recentMessages,
  type ConversationRow,
  type MessageRow,
} from './store/conversations';
import { findResource, RESOURCES } from './tools/resources';
import { describeTools, findTool, parseArguments } from './tools/registry';
import type { ToolContext } from './tools/tool';

export const SERVICE_NAME = 'pfs.assistant.v1.AssistantService';

export interface AssistantDeps {
  db: Knex;
  logger: Logger;
  services: Services;
  engine: AnswerEngine;
  /** "Today" for tools and engines (tests pin it). */
  now?: () => Date;
}

const NEW_CONVERSATION = 'New conversation';

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title ?? NEW_CONVERSATION,
    messageCount: row.message_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    role: row.role,
    content: row.content,
    toolsUsed: row.tools_used,
    assetUrls: row.asset_urls,
    createdAt: row.created_at.toISOString(),
  };
}

function toSendResponse(r: SendResult): SendMessageResponse {
  return {
    conversationId: r.conversation.id,
    message: toMessage(r.message),
    toolsUsed: r.toolsUsed,
  };
}

function callerOf(userId: string, caller: CallerMessage | undefined): Caller {
  return {
    userId,
    countryCode: (caller?.countryCode || 'AU').toUpperCase(),
    businessType: caller?.businessType || 'individual',
  };
}

/** A caller's scopes must allow the operation; too little is INSUFFICIENT_SCOPE (403). */
function requireScope(caller: CallerMessage | undefined, operation: McpOperation): void {
  const scopes = caller?.scopes ?? [];
  if (!scopesAllow(scopes, operation)) {
    throw new AppError(
      'INSUFFICIENT_SCOPE',
      `This operation needs the ${scopeNeededFor(operation)} scope`,
      {
        scopes,
        requiredScope: scopeNeededFor(operation),
      },
    );
  }
}

export function createServer({
  db,
  logger,
  services,
  engine,
  now = () => new Date(),
}: AssistantDeps): GrpcServiceBinding[] {
  const chatDeps = { db, logger, services, engine, now };
  const toolContext = (userId: string, caller: CallerMessage | undefined): ToolContext => {
    const c = callerOf(userId, caller);
    return {
      userId,
      countryCode: c.countryCode,
      currency: currencyOf(c.countryCode),
      businessType: c.businessType,
      now: now(),
      services,
    };
  };
  const sendInput = (req: SendMessageRequest | undefined) => {
    if (req?.conversationId && !isUuid(req.conversationId)) throw AppError.notFound('Conversation');
    return {
      conversationId: req?.conversationId || undefined,
      message: req?.message ?? '',
      assetUrls: req?.assetUrls ?? [],
    };
  };

  const implementation: AssistantServiceServer = {
    createConversation: unary(async (req, { userId }) => {
      const title = req.title.replace(/\s+/g, ' ').trim();
      if (title.length > 200)
        throw AppError.validation([{ field: 'title', message: 'must be at most 200 characters' }]);
      const row = await createConversation(db, userId, title || null);
      return { conversation: toConversation(row) };
    }),

    listConversations: unary(async (req, { userId }) => {
      const page = normalizePage(req.page);
      const { rows, total } = await listConversations(db, userId, page);
      const info = pageInfo(page, total);
      return {
        conversations: rows.map(toConversation),
        page: { ...info, total: String(info.total) },
      };
    }),

    getConversation: unary(async (req, { userId }) => {
      if (!isUuid(req.id)) throw AppError.notFound('Conversation');
      const row = await findConversation(db, userId, req.id);
      if (!row) throw AppError.notFound('Conversation');
      const messages = await recentMessages(db, userId, row.id, MAX_MESSAGES_SHOWN);
      return { conversation: toConversation(row), messages: messages.map(toMessage) };
    }),

    deleteConversation: unary(async (req, { userId }) => {
      if (!isUuid(req.id) || !(await findConversation(db, userId, req.id)))
        throw AppError.notFound('Conversation');
      // The files uploaded into the conversation go with it, bytes included. Files first: if
      // documents cannot be reached the delete fails whole and can be retried, rather than
      // leaving files that no conversation points to.
      await services.documents.call(
        (c) => c.deleteConversationFiles,
        { conversationId: req.id.toLowerCase() },
        { userId },
      );
      if (!(await deleteConversation(db, userId, req.id))) throw AppError.notFound('Conversation');
      return {};
    }),

    sendMessage: unary(async (req, { userId }) =>
      toSendResponse(await sendMessage(chatDeps, callerOf(userId, req.caller), sendInput(req))),
    ),

    streamMessage: serverStream(async (req, send, { userId }) => {
      // Deltas are sent in order; each waits for the client's window (gRPC flow control).
      let queue = Promise.resolve();
      const enqueue = (message: Parameters<typeof send>[0]) => {
        queue = queue.then(() => send(message));
      };
      const result = await sendMessage(
        chatDeps,
        callerOf(userId, req.request?.caller),
        sendInput(req.request),
        {
          onDelta: (text) => enqueue({ part: { $case: 'delta', value: text } }),
          onTool: (name) => enqueue({ part: { $case: 'tool', value: name } }),
        },
      );
      await queue;
      await send({ part: { $case: 'done', value: toSendResponse(result) } });
    }),

    listTools: unary(async (req) => {
      requireScope(req.caller, 'tools/list');
      return {
        tools: describeTools().map((t) => ({
          name: t.name,
          title: t.title,
          description: t.description,
          inputSchemaJson: JSON.stringify(t.inputSchema),
          outputSchemaJson: JSON.stringify(t.outputSchema),
          readOnly: t.readOnly,
          destructive: t.destructive,
          scope: t.scope,
        })),
      };
    }),

    callTool: unary(async (req, { userId }) => {
      const tool = findTool(req.name);
      if (!tool) throw AppError.notFound(`Tool ${req.name}`);
      requireScope(req.caller, tool.scope === 'write' ? 'tools/call:write' : 'tools/call:read');
      let args: unknown;
      try {
        args = req.argumentsJson ? JSON.parse(req.argumentsJson) : {};
      } catch {
        throw AppError.validation([{ field: 'arguments', message: 'must be a JSON object' }]);
      }
      if (typeof args !== 'object' || args === null || Array.isArray(args))
        throw AppError.validation([{ field: 'arguments', message: 'must be an object' }]);
      // Bad arguments are the caller's mistake (INVALID_ARGUMENT, JSON-RPC -32602); a tool
      // that runs and fails (a record not found, a service refusing) is a result with isError.
      const input = parseArguments(tool, args);
      try {
        const output = await tool.run(input, toolContext(userId, req.caller));
        const structuredJson = JSON.stringify(output);
        return { structuredJson, text: structuredJson, isError: false };
      } catch (err) {
        if (
          !(err instanceof AppError) ||
          (err.httpStatus >= 500 && err.code !== 'SERVICE_UNAVAILABLE')
        )
          throw err;
        const issues = err.details?.issues?.map((i) => `${i.field}: ${i.message}`).join('; ');
        return {
          structuredJson: '',
          text: issues ? `${err.message} (${issues})` : err.message,
          isError: true,
        };
      }
    }),

    listResources: unary(async (req) => {
      requireScope(req.caller, 'resources/list');
      return {
        resources: RESOURCES.map((r) => ({
          uri: r.uri,
          name: r.name,
          title: r.title,
          description: r.description,
          mimeType: r.mimeType,
        })),
      };
    }),

    readResource: unary(async (req, { userId }) => {
      requireScope(req.caller, 'resources/read');
      const resource = findResource(req.uri);
      const data = await resource.read(toolContext(userId, req.caller));
      return {
        contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: JSON.stringify(data) }],
      };
    }),
  };

  logger.debug({ tools: describeTools().length }, 'assistant tools registered');
  return [{ name: SERVICE_NAME, definition: AssistantServiceService, implementation }];
}
