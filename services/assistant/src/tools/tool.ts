import type { z } from 'zod';
import type { Services } from '../clients';
import type { ToolInput, ToolName, ToolOutput } from './contract';

/** What a tool knows about its caller; every service call it makes acts as this user. */
export interface ToolContext {
  userId: string;
  countryCode: string;
  /** ISO 4217 of the user's figures. */
  currency: string;
  businessType: string;
  /** "Today" for the user (tests pin it). */
  now: Date;
  services: Services;
}

/**
 * One tool, defined once for chat and MCP: its name, description, input and output schemas
 * (turned into JSON Schema for MCP and the LLM), the scope it needs and its handler.
 */
export interface ToolDefinition<N extends ToolName = ToolName> {
  name: N;
  title: string;
  description: string;
  input: z.ZodType<ToolInput<N>>;
  output: z.ZodType<ToolOutput<N>>;
  /** read: runs with mcp:tools:call / mcp:read; write: needs mcp:full (or a JWT). */
  scope: 'read' | 'write';
  /** MCP destructiveHint: the write may change or overwrite existing data. */
  destructive: boolean;
  run(input: ToolInput<N>, ctx: ToolContext): Promise<ToolOutput<N>>;
}

export function defineTool<N extends ToolName>(definition: ToolDefinition<N>): ToolDefinition<N> {
  return definition;
}
