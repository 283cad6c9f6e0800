import type { Logger } from '@pfs/kit';
import type { AssistantConfig } from '../config';
import { createLlmEngine } from './llm';
import type { AnswerEngine } from './types';

interface OfflineEngineModule {
  createOfflineEngine(): AnswerEngine;
}

/** The LLM provider when LLM_BASE_URL is set; otherwise the offline engine (no model, no network). */
export function selectEngine(config: AssistantConfig, logger: Logger): AnswerEngine {
  if (!config.LLM_BASE_URL) {
    // Loaded only when it is the engine in use: a deployment with a model never loads the
    // offline engine's vocabularies and matchers.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const offline = require('./offline') as OfflineEngineModule;
    return offline.createOfflineEngine();
  }
  logger.info({ baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL }, 'assistant uses an LLM');
  return createLlmEngine({
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    maxSteps: config.LLM_MAX_STEPS,
    maxTokens: config.LLM_MAX_TOKENS,
    timeoutMs: config.LLM_TIMEOUT_MS,
    logger,
  });
}
