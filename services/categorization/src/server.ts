import {
  AppError,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  CategorizationServiceService,
  type CategorizationServiceServer,
  type Category as CategoryMessage,
} from '@pfs/proto/categorization';
import { createAssignmentBinding } from './assignments-server';
import { createClassificationBinding } from './classification-server';
import { createCategorySetBinding } from './category-sets-server';
import { createRuleBinding, type RuleTargetAddresses } from './rules-server';
import { validateCategoryPatch, validateNewCategory, type Category } from './domain/category';
import { defaultCategorySet } from './domain/default-categories';
import { lookupIds } from './domain/lookup';
import { parseUserProfile, type UserProfile } from './domain/user-profile';
import {
  deleteCategory,
  findCategories,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './store/categories';
import { ensureDefaultSet, provisionDefaultSet } from './store/category-sets';

export const SERVICE_NAME = 'pfs.categorization.v1.CategorizationService';

export interface CategorizationDeps {
  db: Knex;
  logger: Logger;
  /** Services that own rule targets (RunRules and TestRule call their RuleTargetService). */
  ruleTargets?: RuleTargetAddresses;
}

function toMessage(category: Category): CategoryMessage {
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

export function createServer({
  db,
  logger,
  ruleTargets,
}: CategorizationDeps): GrpcServiceBinding[] {
  /** The default set's id; a user who has none (registration could not reach us) gets it now. */
  async function defaultSetOf(userId: string, profile: UserProfile): Promise<string> {
    const { setId, created } = await ensureDefaultSet(db, userId, () =>
      defaultCategorySet(profile),
    );
    if (created)
      logger.info({ userId, ...profile, created }, 'provisioned default categories lazily');
    return setId;
  }

  const implementation: CategorizationServiceServer = {
    provisionDefaults: unary(async (request, { userId }) => {
      const profile = parseUserProfile(request);
      const { created } = await provisionDefaultSet(db, userId, defaultCategorySet(profile));
      if (created) logger.info({ userId, ...profile, created }, 'provisioned default categories');
      return { created };
    }),

    listCategories: unary(async (request, { userId }) => {
      const profile = parseUserProfile({ countryCode: request.countryCode });
      await defaultSetOf(userId, profile);
      const page = normalizePage(request.page);
      const { categories, total } = await listCategories(db, userId, page);
      const info = pageInfo(page, total);
      return {
        categories: categories.map(toMessage),
        page: { ...info, total: String(info.total) },
      };
    }),

    getCategory: unary(async (request, { userId }) => {
      const category = await findCategory(db, userId, request.id);
      if (!category) throw AppError.notFound('Category');
      return { category: toMessage(category) };
    }),

    batchGetCategories: unary(async (request, { userId }) => {
      const ids = lookupIds(request.ids);
      const found = new Map((await findCategories(db, userId, ids)).map((c) => [c.id, c]));
      // In the order asked for, so callers can zip results with their own rows if they wish.
      const categories = ids.flatMap((id) => found.get(id) ?? []);
      return { categories: categories.map(toMessage) };
    }),

    createCategory: unary(async (request, { userId }) => {
      const fields = validateNewCategory(request.category ?? {});
      // The request carries no country: a user without defaults gets the contract's default (AU).
      const setId = await defaultSetOf(userId, parseUserProfile({}));
      const category = await insertCategory(db, userId, setId, fields);
      return { category: toMessage(category) };
    }),

    updateCategory: unary(async (request, { userId }) => {
      const patch = validateCategoryPatch(request.patch ?? {});
      const category = await updateCategory(db, userId, request.id, patch);
      if (!category) throw AppError.notFound('Category');
      return { category: toMessage(category) };
    }),

    deleteCategory: unary(async (request, { userId }) => {
      if (!(await deleteCategory(db, userId, request.id))) throw AppError.notFound('Category');
      return {};
    }),
  };

  return [
    { name: SERVICE_NAME, definition: CategorizationServiceService, implementation },
    createCategorySetBinding({ db, logger }),
    createAssignmentBinding({ db, logger }),
    createClassificationBinding({ db, logger }),
    createRuleBinding({ db, logger, targets: ruleTargets }),
  ];
}
