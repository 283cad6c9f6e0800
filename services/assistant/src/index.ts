/** The assistant service: conversations, messages and the tool registry shared by chat and MCP. */
export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type AssistantDeps } from './server';
export { configSchema, type AssistantConfig } from './config';
export { createServices, closeServices, type Services, type ServiceAddresses } from './clients';
export { selectEngine } from './engine/select';
export { TOOLS, describeTools } from './tools/registry';
export { RESOURCES } from './tools/resources';
export type { AnswerEngine, EngineRequest, EngineAnswer, ChatTurn } from './engine/types';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'assistant';
