import { AppError } from '@pfs/kit';
import { WRITING_TOOLS, type ToolContract } from '../../src/tools/contract';
import { describeTools, findTool, parseArguments, TOOLS } from '../../src/tools/registry';
import { RESOURCES } from '../../src/tools/resources';

// Every key of ToolContract, spelled out: the registry must implement exactly these.
const CONTRACT: Record<keyof ToolContract, true> = {
  search_transactions: true,
  get_transaction: true,
  spending_summary: true,
  cashflow: true,
  create_transaction: true,
  categorize_transaction: true,
  classify_transactions: true,
  list_categories: true,
  create_category: true,
  list_rules: true,
  create_rule: true,
  bills_due: true,
  bill_patterns: true,
  gst_calculate: true,
  gst_report: true,
  deductions_report: true,
  analyze_deduction: true,
  analyze_receipt: true,
  list_expenses: true,
  create_expense: true,
};

describe('tool registry', () => {
  it('implements exactly the contract’s tools, each once', () => {
    const names = TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(CONTRACT).sort());
  });

  it('marks exactly the writing tools as needing the write scope', () => {
    const writes = TOOLS.filter((t) => t.scope === 'write').map((t) => t.name);
    expect(writes.sort()).toEqual([...WRITING_TOOLS].sort());
  });

  it('describes every tool with object JSON Schemas and MCP hints', () => {
    for (const t of describeTools()) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema.type).toBe('object');
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.readOnly).toBe(t.scope === 'read');
      if (t.readOnly) expect(t.destructive).toBe(false);
    }
    const search = describeTools().find((t) => t.name === 'search_transactions')!;
    const props = search.inputSchema.properties as Record<string, { enum?: string[] }>;
    expect(props.sort.enum).toEqual(['date_desc', 'amount_asc', 'amount_desc']);
    const summary = describeTools().find((t) => t.name === 'spending_summary')!;
    expect(summary.inputSchema.required).toEqual(expect.arrayContaining(['from', 'to', 'groupBy']));
  });

  it('rejects bad arguments with one issue per field', () => {
    const tool = findTool('spending_summary')!;
    let error: unknown;
    try {
      parseArguments(tool, { from: '2025-02-30', to: 'soon', groupBy: 'weekday' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(() =>
      parseArguments(tool, { from: '2025-13-01', to: '2025-01-01', groupBy: 'month' }),
    ).toThrow(AppError);
    const fields = ((error as AppError).details?.issues ?? []).map((i) => i.field).sort();
    expect(fields).toEqual(['from', 'groupBy', 'to']);
  });

  it('accepts good arguments and ignores unknown keys', () => {
    const tool = findTool('gst_calculate')!;
    expect(parseArguments(tool, { amount: '110.00', extra: 1 })).toEqual({ amount: '110.00' });
    expect(() => parseArguments(tool, { amount: 110 })).toThrow(AppError);
    expect(() => parseArguments(tool, { amount: '1.001' })).toThrow(AppError);
  });

  it('offers the four resources', () => {
    expect(RESOURCES.map((r) => r.uri)).toEqual([
      'pfs://transactions/recent',
      'pfs://categories',
      'pfs://bills/upcoming',
      'pfs://tax/reports/current',
    ]);
  });
});
