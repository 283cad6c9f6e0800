import { intSetting, optionalString } from '@pfs/kit';
import { z } from 'zod';

export const configSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50057, 1),
  LEDGER_GRPC_URL: z.string().default('127.0.0.1:50052'),
  CATEGORIZATION_GRPC_URL: z.string().default('127.0.0.1:50053'),
  BILLS_GRPC_URL: z.string().default('127.0.0.1:50054'),
  TAX_GRPC_URL: z.string().default('127.0.0.1:50055'),
  DOCUMENTS_GRPC_URL: z.string().default('127.0.0.1:50056'),
  /** Deadline of each call a tool makes to an owning service. */
  TOOL_DEADLINE_MS: intSetting(10_000, 1),
  /** OpenAI-compatible chat-completions endpoint (e.g. https://api.openai.com/v1); unset: offline engine. */
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Model calls per answer (each may run tools). */
  LLM_MAX_STEPS: intSetting(6, 1),
  /** Completion tokens per answer, over all its steps. */
  LLM_MAX_TOKENS: intSetting(4_000, 1),
  /** Wall-clock time per answer. */
  LLM_TIMEOUT_MS: intSetting(60_000, 1),
});

export type AssistantConfig = z.infer<typeof configSchema>;
