import { AppError } from '@pfs/kit';
import {
  CategorySetServiceClient,
  type CategorySetInput,
} from '@pfs/proto/categorization/v1/category_sets';
import { z } from 'zod';
import { idParams, name, uuid } from '../http/schemas';
import { categorySchema, presentCategory } from '../present/category';
import { categorySetSchema, presentCategorySet } from '../present/category-set';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { forgettingCategories } from '../compose/categories';

const TAGS = ['Category sets'];
const TIER_NOTE = 'Elite+ only: a lower tier gets 403 TIER_REQUIRED with details.requiredTier.';

const fields = {
  name,
  description: z.string().trim().max(1000, 'must be at most 1000 characters'),
  color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'must be a hex colour #RRGGBB'),
  icon: z.string().trim().max(50, 'must be at most 50 characters'),
  isActive: z.boolean(),
};

const createBody = z.object({
  name: fields.name.describe('1–200 characters, unique among your sets (case-insensitive)'),
  description: fields.description.optional().describe('Default ""'),
  color: fields.color.optional().describe('Default #607D8B'),
  icon: fields.icon.optional().describe('Default "folder"'),
  isActive: fields.isActive.optional().describe('Default true'),
});

const updateBody = z.object({
  name: fields.name.optional(),
  description: fields.description.optional(),
  color: fields.color.optional(),
  icon: fields.icon.optional(),
  isActive: fields.isActive.optional(),
  isDefault: z
    .boolean()
    .optional()
    .describe(
      'true makes this the default set (the previous default stops being one, in the same ' +
        'transaction); false on the current default is 400: a user always has exactly one default',
    ),
});

const duplicateBody = z.object({
  name: name
    .optional()
    .describe('Name of the copy (unique among your sets); default "<name> (copy)", "(copy 2)", …'),
});

const moveBody = z.object({
  categoryId: uuid.describe('One of your categories'),
  targetSetId: uuid.describe('One of your category sets'),
});

function toInput(b: z.output<typeof updateBody>): CategorySetInput {
  return {
    name: b.name,
    description: b.description,
    color: b.color,
    icon: b.icon,
    isActive: b.isActive,
    isDefault: b.isDefault,
  };
}

const one = z.object({ success: z.literal(true), set: categorySetSchema });
const oneWithMessage = one.extend({ message: z.string() });

const sets = (upstreams: Upstreams) => upstreams.categorization.service(CategorySetServiceClient);

export const categorySetRoutes = forgettingCategories([
  defineRoute({
    method: 'get',
    path: '/api/category-sets',
    summary: 'List your category sets',
    description: `Every set with its categories, the default set first, then by name. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    response: z.object({
      success: z.literal(true),
      sets: z.array(categorySetSchema),
      count: z.number().int().describe('Number of sets'),
    }),
    async handler({ upstreams, principal }) {
      const { sets: list } = await sets(upstreams).call((c) => c.listCategorySets, {
        countryCode: principal.countryCode,
        businessType: principal.businessType,
      });
      return { sets: list.map(presentCategorySet), count: list.length };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/category-sets',
    summary: 'Create a category set',
    description:
      'A new, empty set that is not the default (make it the default with PUT isDefault: true). ' +
      `Names are unique per user, case-insensitively (409). At most 100 sets (409). ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    idempotent: true,
    status: 201,
    body: createBody,
    response: oneWithMessage,
    async handler({ body, upstreams, principal }) {
      const { set } = await sets(upstreams).call((c) => c.createCategorySet, {
        set: toInput(body),
        countryCode: principal.countryCode,
        businessType: principal.businessType,
      });
      if (!set) throw new AppError('INTERNAL_ERROR', 'Categorization returned no set');
      return { set: presentCategorySet(set), message: 'Category set created' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/category-sets/{id}',
    summary: 'Get one category set with its categories',
    description: TIER_NOTE,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    params: idParams,
    response: one,
    async handler({ params, upstreams }) {
      const { set } = await sets(upstreams).call((c) => c.getCategorySet, { id: params.id });
      if (!set) throw AppError.notFound('Category set');
      return { set: presentCategorySet(set) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/category-sets/{id}',
    summary: 'Update a category set',
    description:
      'Changes the fields sent. isDefault: true moves the default flag to this set; false on ' +
      `the default set is 400. A name another of your sets has is 409. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    params: idParams,
    body: updateBody,
    response: oneWithMessage,
    async handler({ params, body, upstreams }) {
      const { set } = await sets(upstreams).call((c) => c.updateCategorySet, {
        id: params.id,
        patch: toInput(body),
      });
      if (!set) throw AppError.notFound('Category set');
      return { set: presentCategorySet(set), message: 'Category set updated' };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/category-sets/{id}',
    summary: 'Delete a category set',
    description:
      'The default set cannot be deleted (409). The set’s categories are not deleted: they move ' +
      'to the default set with their ids (transactions keep them), and a name the default set ' +
      `already has gets the deleted set’s name as a suffix, e.g. "Fuel (Business)". ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      const { movedCategories } = await sets(upstreams).call((c) => c.deleteCategorySet, {
        id: params.id,
      });
      const moved =
        movedCategories === 1 ? '1 category moved' : `${movedCategories} categories moved`;
      return { message: `Category set deleted; ${moved} to the default set` };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/category-sets/{id}/duplicate',
    summary: 'Duplicate a category set with all its categories',
    description:
      'Copies the set and every category in it (new ids). Category names are unique per set, ' +
      'not per user, so the copies keep their names. The copy is never the default. ' +
      `A name another of your sets has is 409. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    idempotent: true,
    status: 201,
    params: idParams,
    body: duplicateBody,
    response: oneWithMessage,
    async handler({ params, body, upstreams }) {
      const { set } = await sets(upstreams).call((c) => c.duplicateCategorySet, {
        id: params.id,
        name: body.name,
      });
      if (!set) throw new AppError('INTERNAL_ERROR', 'Categorization returned no set');
      return {
        set: presentCategorySet(set),
        message: `Category set duplicated with ${set.categoryCount} categories`,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/category-sets/move-category',
    summary: 'Move a category to another set',
    description:
      'A category is in exactly one set; it keeps its id, and its transaction assignments follow. ' +
      'Moving into the set it is already in changes nothing (200). A category or set that is not ' +
      `yours is 404; a name the target set already has is 409. ${TIER_NOTE}`,
    tags: TAGS,
    auth: 'user',
    tier: 'elite',
    upstreams: ['categorization'],
    body: moveBody,
    response: z.object({ success: z.literal(true), category: categorySchema, message: z.string() }),
    async handler({ body, upstreams }) {
      const { category, moved } = await sets(upstreams).call((c) => c.moveCategory, {
        categoryId: body.categoryId,
        targetSetId: body.targetSetId,
      });
      if (!category) throw new AppError('INTERNAL_ERROR', 'Categorization returned no category');
      return {
        category: presentCategory(category),
        message: moved ? 'Category moved' : 'The category is already in that set',
      };
    },
  }),
]);
