import { AppError, currentContext } from '@pfs/kit';
import { AssistantServiceClient, type SendMessageResponse } from '@pfs/proto/assistant';
import type { Response } from 'express';
import { z } from 'zod';
import { idParams, pageQuery, paginationSchema } from '../http/schemas';
import { toAppError } from '../http/errors';
import {
  callerOf,
  conversationSchema,
  messageSchema,
  presentConversation,
  presentMessage,
} from '../present/conversation';
import { pageRequest, presentPage } from '../present/pagination';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';

const TAGS = ['Assistant'];
const svc = (upstreams: Upstreams) => upstreams.assistant;
const common = { tags: TAGS, auth: 'user' as const, upstreams: ['assistant' as const] };

const messageBody = z.object({
  conversationId: z
    .string()
    .max(100)
    .optional()
    .describe('Omit (or leave empty) to start a new conversation'),
  message: z
    .string()
    .min(1, 'must not be empty')
    .max(8000, 'must be at most 8000 characters')
    .describe('The question or instruction'),
  assetUrls: z
    .array(z.string().max(2048))
    .max(10, 'at most 10 files per message')
    .optional()
    .describe('assetUrls from POST /api/chat/upload: the caller’s own files only (else 404)'),
  assetUrl: z.string().max(2048).optional().describe('One file, as an alternative to assetUrls'),
});

const messageResult = z.object({
  conversationId: z.string(),
  message: messageSchema.describe('The assistant’s answer'),
  toolsUsed: z.array(z.string()),
});

function presentSend(r: SendMessageResponse) {
  return {
    conversationId: r.conversationId,
    message: presentMessage(r.message),
    toolsUsed: r.toolsUsed,
  };
}

function sse(res: Response, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export const assistantRoutes = [
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/chat/conversations',
    summary: 'List your conversations',
    description: 'Most recently active first.',
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      data: z.object({ conversations: z.array(conversationSchema), pagination: paginationSchema }),
    }),
    async handler({ query, upstreams }) {
      const { conversations, page } = await svc(upstreams).call((c) => c.listConversations, {
        page: pageRequest(query),
      });
      return {
        data: {
          conversations: conversations.map(presentConversation),
          pagination: presentPage(page),
        },
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/chat/conversations',
    summary: 'Start a conversation',
    description: 'Without a title, the first question names it.',
    status: 201,
    idempotent: true,
    body: z.object({
      title: z.string().max(200, 'must be at most 200 characters').optional(),
    }),
    response: z.object({
      success: z.literal(true),
      data: z.object({ conversation: conversationSchema }),
    }),
    async handler({ body, upstreams }) {
      const { conversation } = await svc(upstreams).call((c) => c.createConversation, {
        title: body.title ?? '',
      });
      return { data: { conversation: presentConversation(conversation) } };
    },
  }),
  defineRoute({
    ...common,
    method: 'get',
    path: '/api/chat/conversations/{id}',
    summary: 'Get a conversation with its messages',
    description: 'Messages oldest first (the last 1000). Another user’s conversation is 404.',
    params: idParams,
    response: z.object({
      success: z.literal(true),
      data: z.object({ conversation: conversationSchema, messages: z.array(messageSchema) }),
    }),
    async handler({ params, upstreams }) {
      const r = await svc(upstreams).call((c) => c.getConversation, { id: params.id });
      return {
        data: {
          conversation: presentConversation(r.conversation),
          messages: r.messages.map(presentMessage),
        },
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'delete',
    path: '/api/chat/conversations/{id}',
    summary: 'Delete a conversation',
    description:
      'With its messages and the files uploaded into it (their stored bytes too). Another user’s conversation is 404.',
    params: idParams,
    response: z.object({ success: z.literal(true) }),
    async handler({ params, upstreams }) {
      await svc(upstreams).call((c) => c.deleteConversation, { id: params.id });
      return {};
    },
  }),
  defineRoute({
    ...common,
    method: 'post',
    path: '/api/chat/message',
    summary: 'Ask the assistant',
    description:
      'Answers from your own data through the assistant’s tools (named in toolsUsed); every ' +
      'figure comes from a tool result. Without conversationId a new conversation starts. ' +
      'Writes (adding or categorising) are proposed first and run when you confirm. With ' +
      '`Accept: text/event-stream` the answer streams as server-sent events: `tool` ' +
      '({name}), `delta` ({text}), then `done` (the JSON body below) or `error`.',
    body: messageBody,
    response: z.object({ success: z.literal(true), data: messageResult }),
    produces: ['text/event-stream'],
    async handler({ body, principal, upstreams, req, res }) {
      const request = {
        conversationId: body.conversationId ?? '',
        message: body.message,
        assetUrls: [...(body.assetUrls ?? []), ...(body.assetUrl ? [body.assetUrl] : [])],
        caller: callerOf(principal),
      };
      const accept = req.get('accept') ?? '';
      if (!accept.includes('text/event-stream')) {
        return { data: presentSend(await svc(upstreams).call((c) => c.sendMessage, request)) };
      }
      const stream = svc(upstreams)
        .service(AssistantServiceClient)
        .serverStream((c) => c.streamMessage, { request });
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        res.status(200);
        res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache, no-transform');
        res.setHeader('X-Accel-Buffering', 'no');
        res.flushHeaders();
      };
      res.on('close', () => stream.cancel());
      try {
        for await (const m of stream.messages) {
          const part = m.part;
          if (!part) continue;
          start();
          if (part.$case === 'delta') sse(res, 'delta', { text: part.value });
          else if (part.$case === 'tool') sse(res, 'tool', { name: part.value });
          else sse(res, 'done', { success: true, data: presentSend(part.value) });
        }
      } catch (err) {
        // Before the first event the failure is an ordinary HTTP error (404, 400, 503…).
        if (!started) throw err;
        const e = toAppError(err);
        sse(res, 'error', {
          success: false,
          error: e.message,
          code: e.code,
          requestId: currentContext()?.requestId ?? '',
        });
      }
      if (!started) throw new AppError('INTERNAL_ERROR', 'The assistant sent no answer');
      res.end();
      return { raw: true };
    },
  }),
];
