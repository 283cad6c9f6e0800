import { AppError } from '@pfs/kit';
import { z } from 'zod';
import { presentCategory } from '../categories';
import { categoryOut } from '../schemas';
import { defineTool } from '../tool';

export const createCategory = defineTool({
  name: 'create_category',
  title: 'Create a category',
  description:
    'Adds a category to the user’s default set. Categories are flat: parentId is refused. ' +
    'type is accepted for compatibility and does not change the category.',
  scope: 'write',
  destructive: false,
  input: z.object({
    name: z.string().trim().min(1).max(200),
    parentId: z.string().optional(),
    type: z.enum(['income', 'expense']).optional(),
  }),
  output: z.object({ category: categoryOut }),
  async run(input, ctx) {
    if (input.parentId !== undefined)
      throw AppError.validation([{ field: 'parentId', message: 'categories have no parent' }]);
    const { category } = await ctx.services.categories.call(
      (c) => c.createCategory,
      { category: { name: input.name } },
      { userId: ctx.userId },
    );
    if (!category) throw new AppError('INTERNAL_ERROR', 'Categorization returned no category');
    return { category: presentCategory(category) };
  },
});
