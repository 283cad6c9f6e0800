import { z } from 'zod';
import { allCategories } from '../ledger';
import { categoryOut, noInput } from '../schemas';
import { defineTool } from '../tool';
import { presentCategory } from '../categories';

export const listCategories = defineTool({
  name: 'list_categories',
  title: 'List categories',
  description: 'All of the user’s categories (ids and names), to search or categorize by.',
  scope: 'read',
  destructive: false,
  input: noInput,
  output: z.object({ categories: z.array(categoryOut) }),
  async run(_input, ctx) {
    return { categories: (await allCategories(ctx)).map(presentCategory) };
  },
});
