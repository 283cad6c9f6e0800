import { AppError, unary, type GrpcServiceBinding, type Knex, type Logger } from '@pfs/kit';
import type { Category as CategoryMessage } from '@pfs/proto/categorization';
import {
  CategorySetServiceService,
  type CategorySet as CategorySetMessage,
  type CategorySetServiceServer,
} from '@pfs/proto/categorization/v1/category_sets';
import type { Category } from './domain/category';
import {
  validateCategorySetPatch,
  validateDuplicateName,
  validateNewCategorySet,
  type CategorySet,
} from './domain/category-set';
import { defaultCategorySet } from './domain/default-categories';
import { parseUserProfile } from './domain/user-profile';
import {
  deleteCategorySet,
  duplicateCategorySet,
  ensureDefaultSet,
  findCategorySet,
  insertCategorySet,
  listCategorySets,
  moveCategory,
  updateCategorySet,
} from './store/category-sets';

export const CATEGORY_SET_SERVICE_NAME = 'pfs.categorization.v1.CategorySetService';

export interface CategorySetDeps {
  db: Knex;
  logger: Logger;
}

export function categoryMessage(category: Category): CategoryMessage {
  return {
    id: category.id,
    name: category.name,
    icon: category.icon,
    color: category.color,
    isTaxDeductible: category.isTaxDeductible,
    taxCategory: category.taxCategory ?? '',
    defaultGstRate: category.defaultGstRate,
    categorySetId: category.categorySetId ?? '',
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  };
}

function setMessage(set: CategorySet): CategorySetMessage {
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    color: set.color,
    icon: set.icon,
    userId: set.userId,
    isDefault: set.isDefault,
    isActive: set.isActive,
    categoryCount: set.categoryCount,
    categories: set.categories.map(categoryMessage),
    createdAt: set.createdAt.toISOString(),
    updatedAt: set.updatedAt.toISOString(),
  };
}

/** CategorySetService: the Elite+ category-set feature (the gateway enforces the tier). */
export function createCategorySetBinding({ db, logger }: CategorySetDeps): GrpcServiceBinding {
  /** Every user has a default set: one who has none yet (registration missed us) gets it now. */
  async function ensureDefaults(
    userId: string,
    raw: { countryCode?: string; businessType?: string },
  ) {
    const profile = parseUserProfile(raw);
    const { created } = await ensureDefaultSet(db, userId, () => defaultCategorySet(profile));
    if (created)
      logger.info({ userId, ...profile, created }, 'provisioned default categories lazily');
  }

  const implementation: CategorySetServiceServer = {
    listCategorySets: unary(async (request, { userId }) => {
      await ensureDefaults(userId, request);
      const sets = await listCategorySets(db, userId);
      return { sets: sets.map(setMessage) };
    }),

    getCategorySet: unary(async (request, { userId }) => {
      const set = await findCategorySet(db, userId, request.id);
      if (!set) throw AppError.notFound('Category set');
      return { set: setMessage(set) };
    }),

    createCategorySet: unary(async (request, { userId }) => {
      const fields = validateNewCategorySet(request.set ?? {});
      await ensureDefaults(userId, request);
      const set = await insertCategorySet(db, userId, fields);
      return { set: setMessage(set) };
    }),

    updateCategorySet: unary(async (request, { userId }) => {
      const patch = validateCategorySetPatch(request.patch ?? {});
      const set = await updateCategorySet(db, userId, request.id, patch);
      if (!set) throw AppError.notFound('Category set');
      return { set: setMessage(set) };
    }),

    deleteCategorySet: unary(async (request, { userId }) => {
      const deleted = await deleteCategorySet(db, userId, request.id);
      if (!deleted) throw AppError.notFound('Category set');
      return { movedCategories: deleted.movedCategories, defaultSetId: deleted.defaultSetId };
    }),

    duplicateCategorySet: unary(async (request, { userId }) => {
      const name = request.name === undefined ? undefined : validateDuplicateName(request.name);
      const set = await duplicateCategorySet(db, userId, request.id, name);
      if (!set) throw AppError.notFound('Category set');
      return { set: setMessage(set) };
    }),

    moveCategory: unary(async (request, { userId }) => {
      const result = await moveCategory(db, userId, request.categoryId, request.targetSetId);
      if (result.outcome === 'category_not_found') throw AppError.notFound('Category');
      if (result.outcome === 'set_not_found') throw AppError.notFound('Category set');
      return { category: categoryMessage(result.category), moved: result.outcome === 'moved' };
    }),
  };

  return {
    name: CATEGORY_SET_SERVICE_NAME,
    definition: CategorySetServiceService,
    implementation,
  };
}
