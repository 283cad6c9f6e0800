import type { Rule } from '@pfs/proto/categorization/v1/rules';
import { z } from 'zod';
import { presentRule } from '../rules';
import { noInput, ruleOut } from '../schemas';
import { defineTool } from '../tool';

export const listRules = defineTool({
  name: 'list_rules',
  title: 'List categorization rules',
  description: 'The user’s rules that categorize records automatically, with their conditions.',
  scope: 'read',
  destructive: false,
  input: noInput,
  output: z.object({ rules: z.array(ruleOut) }),
  async run(_input, ctx) {
    const rules: Rule[] = [];
    for (let page = 1; ; page++) {
      const res = await ctx.services.rules.call(
        (c) => c.listRules,
        { page: { page, limit: 200 } },
        { userId: ctx.userId },
      );
      rules.push(...res.rules);
      if (!res.page || page >= res.page.pages) break;
    }
    return { rules: rules.map(presentRule) };
  },
});
