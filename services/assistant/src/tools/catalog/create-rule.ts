import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { assertOwnCategory } from '../ledger';
import { presentRule } from '../rules';
import { ruleOut, uuid } from '../schemas';
import { defineTool } from '../tool';

export const createRule = defineTool({
  name: 'create_rule',
  title: 'Create a categorization rule',
  description:
    'Creates a rule: transactions whose description contains the text (any case) get the ' +
    'category, from now on and whenever rules run.',
  scope: 'write',
  destructive: false,
  input: z.object({
    name: z.string().trim().min(1).max(200),
    contains: z.string().trim().min(1).max(1000),
    categoryId: uuid,
  }),
  output: z.object({ rule: ruleOut }),
  async run(input, ctx) {
    await assertOwnCategory(ctx, input.categoryId);
    const definition = {
      name: input.name,
      enabled: true,
      appliesTo: ['transactions'],
      match: 'all',
      conditions: [{ field: 'description', type: 'contains', value: input.contains }],
      actions: [{ type: 'setCategory', value: input.categoryId }],
    };
    const { rule } = await ctx.services.rules.call(
      (c) => c.createRule,
      { rule: { json: JSON.stringify(definition) } },
      { userId: ctx.userId },
    );
    if (!rule) throw new AppError('INTERNAL_ERROR', 'Categorization returned no rule');
    return { rule: presentRule(rule) };
  },
});
