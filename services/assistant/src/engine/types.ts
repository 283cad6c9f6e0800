import type { ToolCaller, ToolName } from '../tools/contract';

/**
 * One interface for both answering engines (the offline default in ./offline and the LLM
 * provider in ./llm). The chat service stores turns and hands an engine the conversation so far;
 * the engine answers only from tool results.
 */
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  toolsUsed: string[];
  /** Engine-private state carried from the previous assistant turn (follow-ups, pending confirmations). */
  state?: Record<string, unknown>;
  createdAt: string;
}

export interface EngineRequest {
  userId: string;
  /** ISO 3166-1 alpha-2 of the user (financial year, date order, GST rate). */
  countryCode: string;
  currency: string;
  /** "Today" for the user; injected so tests and evaluations are repeatable. */
  now: Date;
  message: string;
  /** Asset URLs of the user's own uploaded files attached to this message (already checked). */
  assetUrls: string[];
  history: ChatTurn[];
  tools: ToolCaller;
  /** Server-sent events: called with pieces of the answer as they are produced (LLM engine). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface EngineAnswer {
  content: string;
  toolsUsed: ToolName[];
  /** Saved with the assistant's turn and given back in history on the next message. */
  state?: Record<string, unknown>;
}

export interface AnswerEngine {
  answer(request: EngineRequest): Promise<EngineAnswer>;
}
