import { AppError, type FieldIssue } from '@pfs/kit';
import { z } from 'zod';
import { analyzeDeduction } from './catalog/analyze-deduction';
import { analyzeReceipt } from './catalog/analyze-receipt';
import { billPatterns } from './catalog/bill-patterns';
import { billsDue } from './catalog/bills-due';
import { cashflow } from './catalog/cashflow';
import { categorizeTransaction } from './catalog/categorize-transaction';
import { classifyTransactions } from './catalog/classify-transactions';
import { createCategory } from './catalog/create-category';
import { createExpense } from './catalog/create-expense';
import { createRule } from './catalog/create-rule';
import { createTransaction } from './catalog/create-transaction';
import { deductionsReport } from './catalog/deductions-report';
import { getTransaction } from './catalog/get-transaction';
import { gstCalculate } from './catalog/gst-calculate';
import { gstReport } from './catalog/gst-report';
import { listCategories } from './catalog/list-categories';
import { listExpenses } from './catalog/list-expenses';
import { listRules } from './catalog/list-rules';
import { searchTransactions } from './catalog/search-transactions';
import { spendingSummary } from './catalog/spending-summary';
import {
  WRITING_TOOLS,
  type ToolCaller,
  type ToolInput,
  type ToolName,
  type ToolOutput,
} from './contract';
import type { ToolContext, ToolDefinition } from './tool';

/** Every tool, once: chat and MCP both read this list. A new tool is one file plus one line. */
export const TOOLS: readonly ToolDefinition[] = [
  searchTransactions,
  getTransaction,
  spendingSummary,
  cashflow,
  createTransaction,
  categorizeTransaction,
  classifyTransactions,
  listCategories,
  createCategory,
  listRules,
  createRule,
  billsDue,
  billPatterns,
  gstCalculate,
  gstReport,
  deductionsReport,
  analyzeDeduction,
  analyzeReceipt,
  listExpenses,
  createExpense,
] as unknown as readonly ToolDefinition[];

const BY_NAME = new Map<string, ToolDefinition>(TOOLS.map((t) => [t.name, t]));

export function findTool(name: string): ToolDefinition | undefined {
  return BY_NAME.get(name);
}

export interface ToolDescription {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  readOnly: boolean;
  destructive: boolean;
  scope: 'read' | 'write';
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete out.$schema;
  // MCP wants an object schema for arguments, even when a tool takes none.
  if (out.type !== 'object') return { type: 'object', properties: {} };
  return out;
}

let described: ToolDescription[] | undefined;

/** The tools as MCP and the LLM see them (JSON Schema made once from the zod schemas). */
export function describeTools(): ToolDescription[] {
  return (described ??= TOOLS.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: jsonSchema(t.input, 'input'),
    outputSchema: jsonSchema(t.output, 'output'),
    readOnly: t.scope === 'read',
    destructive: t.destructive,
    scope: t.scope,
  })));
}

/** Validates raw arguments against the tool's schema: each problem is a field issue (400). */
export function parseArguments<N extends ToolName>(
  tool: ToolDefinition<N>,
  args: unknown,
): ToolInput<N> {
  const parsed = tool.input.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issues: FieldIssue[] = parsed.error.issues.map((i) => ({
    field: i.path.length ? i.path.join('.') : 'arguments',
    message: i.message,
  }));
  throw AppError.validation(issues, `Invalid arguments for ${tool.name}`);
}

export async function runTool<N extends ToolName>(
  tool: ToolDefinition<N>,
  args: unknown,
  ctx: ToolContext,
): Promise<ToolOutput<N>> {
  return tool.run(parseArguments(tool, args), ctx);
}

export interface EngineToolCallerOptions {
  /**
   * May the engine run writing tools in this turn? The chat service decides from the user's
   * own message (never from tool results), so injected text cannot switch it on.
   */
  allowWrite: boolean;
  onCall?: (name: ToolName) => void;
}

/** The ToolCaller an answering engine gets: the registry, as the user, with writes gated. */
export function engineToolCaller(ctx: ToolContext, opts: EngineToolCallerOptions): ToolCaller {
  return {
    async call<N extends ToolName>(name: N, input: ToolInput<N>): Promise<ToolOutput<N>> {
      const tool = findTool(name) as ToolDefinition<N> | undefined;
      if (!tool) throw AppError.notFound(`Tool ${name}`);
      if (WRITING_TOOLS.includes(name) && !opts.allowWrite) {
        throw new AppError('FORBIDDEN', `${name} writes: it runs only when the user asks for it`);
      }
      opts.onCall?.(name);
      return runTool(tool, input, ctx);
    },
  };
}
