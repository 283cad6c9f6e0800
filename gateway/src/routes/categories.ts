import { AppError } from '@pfs/kit';
import type { CategoryInput } from '@pfs/proto/categorization';
import { z } from 'zod';
import { idParams, name, pageQuery, paginationSchema, rateFraction } from '../http/schemas';
import { categorySchema, presentCategory } from '../present/category';
import { defineRoute } from './route';
import { forgettingCategories } from '../compose/categories';
import { pageRequest, presentPage } from '../present/pagination';

const fields = {
  name,
  icon: z.string().trim().max(50, 'must be at most 50 characters'),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour #RRGGBB'),
  isTaxDeductible: z.boolean(),
  taxCategory: z.string().trim().max(100, 'must be at most 100 characters').nullable(),
  defaultGstRate: rateFraction,
};

const createBody = z.object({
  name: fields.name,
  icon: fields.icon.optional(),
  color: fields.color.optional(),
  isTaxDeductible: fields.isTaxDeductible.optional(),
  taxCategory: fields.taxCategory.optional(),
  defaultGstRate: fields.defaultGstRate.optional(),
});
const patchBody = createBody.partial();

function toInput(b: z.output<typeof patchBody>): CategoryInput {
  return {
    name: b.name,
    icon: b.icon,
    color: b.color,
    isTaxDeductible: b.isTaxDeductible,
    taxCategory: b.taxCategory === null ? '' : b.taxCategory,
    defaultGstRate: b.defaultGstRate === undefined ? undefined : String(b.defaultGstRate),
  };
}

const one = z.object({ success: z.literal(true), category: categorySchema });

export const categoryRoutes = forgettingCategories([
  defineRoute({
    method: 'get',
    path: '/api/categories',
    summary: 'List your categories',
    tags: ['Categories'],
    auth: 'user',
    upstreams: ['categorization'],
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      categories: z.array(categorySchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams, principal }) {
      const { categories, page } = await upstreams.categorization.call((c) => c.listCategories, {
        page: pageRequest(query),
        countryCode: principal.countryCode,
      });
      return {
        categories: categories.map(presentCategory),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/categories',
    summary: 'Create a category',
    description: 'Names are unique per user, case-insensitively (409).',
    tags: ['Categories'],
    auth: 'user',
    upstreams: ['categorization'],
    idempotent: true,
    status: 201,
    body: createBody,
    response: one,
    async handler({ body, upstreams }) {
      const { category } = await upstreams.categorization.call((c) => c.createCategory, {
        category: toInput(body),
      });
      if (!category) throw new AppError('INTERNAL_ERROR', 'Categorization returned no category');
      return { category: presentCategory(category) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/categories/{id}',
    summary: 'Get one category',
    tags: ['Categories'],
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    response: one,
    async handler({ params, upstreams }) {
      const { category } = await upstreams.categorization.call((c) => c.getCategory, {
        id: params.id,
      });
      if (!category) throw AppError.notFound('Category');
      return { category: presentCategory(category) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/categories/{id}',
    summary: 'Update a category',
    tags: ['Categories'],
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    body: patchBody,
    response: one,
    async handler({ params, body, upstreams }) {
      const { category } = await upstreams.categorization.call((c) => c.updateCategory, {
        id: params.id,
        patch: toInput(body),
      });
      if (!category) throw AppError.notFound('Category');
      return { category: presentCategory(category) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/categories/{id}',
    summary: 'Delete a category',
    description: 'Transactions that used it keep their categoryId but embed category: null.',
    tags: ['Categories'],
    auth: 'user',
    upstreams: ['categorization'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await upstreams.categorization.call((c) => c.deleteCategory, { id: params.id });
      return { message: 'Category deleted' };
    },
  }),
]);
