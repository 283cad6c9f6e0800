import type { CategorySet } from '@pfs/proto/categorization/v1/category_sets';
import { z } from 'zod';
import { categorySchema, presentCategory } from './category';

export const categorySetSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  color: z.string().describe('Hex colour #RRGGBB'),
  icon: z.string().describe('Icon name'),
  userId: z.string(),
  isDefault: z.boolean().describe('Exactly one of a user’s sets is the default'),
  isActive: z.boolean(),
  categoryCount: z
    .number()
    .int()
    .describe('Number of categories in the set (always categories.length)'),
  categories: z.array(categorySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type CategorySetJson = z.output<typeof categorySetSchema>;

export function presentCategorySet(s: CategorySet): CategorySetJson {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    color: s.color,
    icon: s.icon,
    userId: s.userId,
    isDefault: s.isDefault,
    isActive: s.isActive,
    categoryCount: s.categoryCount,
    categories: s.categories.map(presentCategory),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}
