import { AppError, RULE_TARGETS } from '@pfs/kit';
import { RuleServiceClient } from '@pfs/proto/categorization/v1/rules';
import { z } from 'zod';
import { idParams, pageQuery, paginationSchema, uuid } from '../http/schemas';
import {
  actionSchema,
  conditionSchema,
  presentRule,
  presentRuleChange,
  ruleChangeSchema,
  ruleSchema,
} from '../present/rule';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

const rules = (upstreams: Upstreams) => upstreams.categorization.service(RuleServiceClient);

const target = z.enum(RULE_TARGETS);

/**
 * The shape is checked here for the document and early 400s; categorization validates the
 * rule itself (field per target, value per type, RE2 regex, own categories, limits).
 */
const ruleBody = z.object({
  name: z.string().describe('At most 200 characters'),
  priority: z.number().int().optional().describe('Default 100; lower runs first'),
  enabled: z.boolean().optional().describe('Default true'),
  appliesTo: z.array(target).optional().describe('Default ["transactions"]'),
  match: z.enum(['all', 'any']).optional().describe('Default all'),
  conditions: z.array(conditionSchema.partial({ value: true })).describe('1–50 conditions'),
  actions: z.array(actionSchema).describe('1–20 actions'),
  stopProcessing: z.boolean().optional().describe('Default false'),
});
const patchBody = ruleBody.partial();

/** Passes only the keys the client sent, so a patch leaves the others as they are. */
function definitionJson(body: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (v !== undefined) out[k] = v;
  return JSON.stringify(out);
}

const one = z.object({ success: z.literal(true), rule: ruleSchema });

const TAGS = ['Rules'];
const RUN_DEADLINE_MS = 120_000;

export const ruleRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/rules',
    summary: 'List your rules',
    description: 'In evaluation order: priority ascending, then oldest first.',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    query: z.object({ ...pageQuery, appliesTo: target.optional() }),
    response: z.object({
      success: z.literal(true),
      rules: z.array(ruleSchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams }) {
      const { rules: list, page } = await rules(upstreams).call((c) => c.listRules, {
        page: pageRequest(query),
        appliesTo: query.appliesTo,
      });
      return {
        rules: list.map(presentRule),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/rules',
    summary: 'Create a rule',
    description:
      'Rules run on every new and imported transaction, expense, bill and pattern before it is saved, in priority order; ' +
      'a matching rule with stopProcessing ends the run for that record. Regular expressions use RE2 syntax (linear time; ' +
      'no lookaround or backreferences). At most 500 rules per user.',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    idempotent: true,
    status: 201,
    body: ruleBody,
    response: one,
    async handler({ body, upstreams }) {
      const { rule } = await rules(upstreams).call((c) => c.createRule, {
        rule: { json: definitionJson(body) },
      });
      if (!rule) throw new AppError('INTERNAL_ERROR', 'Categorization returned no rule');
      return { rule: presentRule(rule) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/rules/run',
    summary: 'Apply rules to existing records',
    description:
      'Applies your enabled rules (or only ruleIds, enabled or not) to every stored record of the targets they apply to ' +
      '(or only appliesTo), and publishes rule.executed.',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    body: z.object({
      ruleIds: z.array(uuid).max(500).optional(),
      appliesTo: z.array(target).optional(),
    }),
    response: z.object({
      success: z.literal(true),
      run: z.object({
        id: z.string(),
        processed: z.number().int(),
        matched: z.number().int(),
        updated: z.number().int(),
        ruleIds: z.array(z.string()),
        appliesTo: z.array(z.string()),
        byRule: z.array(z.object({ ruleId: z.string(), matched: z.number().int() })),
      }),
    }),
    async handler({ body, upstreams }) {
      const res = await rules(upstreams).call(
        (c) => c.runRules,
        { ruleIds: body?.ruleIds ?? [], appliesTo: body?.appliesTo ?? [] },
        { deadlineMs: RUN_DEADLINE_MS },
      );
      return {
        run: {
          id: res.runId,
          processed: Number(res.processed),
          matched: Number(res.matched),
          updated: Number(res.updated),
          ruleIds: res.ruleIds,
          appliesTo: res.appliesTo,
          byRule: res.byRule.map((r) => ({ ruleId: r.ruleId, matched: Number(r.matched) })),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/rules/{id}',
    summary: 'Get one rule',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    response: one,
    async handler({ params, upstreams }) {
      const { rule } = await rules(upstreams).call((c) => c.getRule, { id: params.id });
      if (!rule) throw AppError.notFound('Rule');
      return { rule: presentRule(rule) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/rules/{id}',
    summary: 'Update a rule',
    description: 'Fields left out keep their values; the resulting rule is validated whole.',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    body: patchBody,
    response: one,
    async handler({ params, body, upstreams }) {
      const { rule } = await rules(upstreams).call((c) => c.updateRule, {
        id: params.id,
        patch: { json: definitionJson(body) },
      });
      if (!rule) throw AppError.notFound('Rule');
      return { rule: presentRule(rule) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/rules/{id}',
    summary: 'Delete a rule',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await rules(upstreams).call((c) => c.deleteRule, { id: params.id });
      return { message: 'Rule deleted' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/rules/{id}/test',
    summary: 'Dry run a rule',
    description:
      'Shows what the rule (enabled or not) would change on your most recent records of a target, or on the sample ' +
      'records given; saves nothing.',
    tags: TAGS,
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    body: z
      .object({
        target: target.optional().describe("Default: the rule's first appliesTo"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(500)
          .optional()
          .describe('Most recent records to test (default 100)'),
        samples: z
          .array(z.record(z.string(), z.unknown()))
          .max(500)
          .optional()
          .describe('Records to test instead, by their REST field names'),
      })
      .optional(),
    response: z.object({
      success: z.literal(true),
      target: target,
      tested: z.number().int(),
      matches: z.number().int(),
      changes: z.array(ruleChangeSchema),
    }),
    async handler({ params, body, upstreams }) {
      const res = await rules(upstreams).call((c) => c.testRule, {
        id: params.id,
        target: body?.target,
        limit: body?.limit,
        samplesJson: body?.samples ? JSON.stringify(body.samples) : undefined,
      });
      return {
        target: res.target as z.output<typeof target>,
        tested: res.tested,
        matches: res.matches,
        changes: res.changes.map(presentRuleChange),
      };
    },
  }),
];
