import { AppError, isUuid, newId, offsetOf, type Knex, type Page } from '@pfs/kit';
import type { Category, CategoryFields, CategoryPatch } from '../domain/category';
import { formatGstRate } from '../domain/gst-rate';

const TABLE = 'categories';
const NAME_UNIQUE_INDEX = 'categories_user_lower_name_unique';

interface CategoryRow {
  id: string;
  user_id: string;
  category_set_id: string | null;
  name: string;
  icon: string;
  color: string;
  is_tax_deductible: boolean;
  tax_category: string | null;
  default_gst_rate: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS: (keyof CategoryRow)[] = [
  'id',
  'category_set_id',
  'name',
  'icon',
  'color',
  'is_tax_deductible',
  'tax_category',
  'default_gst_rate',
  'created_at',
  'updated_at',
];

export function toCategory(row: Omit<CategoryRow, 'user_id'>): Category {
  return {
    id: row.id,
    categorySetId: row.category_set_id,
    name: row.name,
    icon: row.icon,
    color: row.color,
    isTaxDeductible: row.is_tax_deductible,
    taxCategory: row.tax_category,
    // NUMERIC(7,5) arrives as "0.10000"; callers see the canonical "0.1".
    defaultGstRate: formatGstRate(row.default_gst_rate),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Column values for the fields present in a patch (absent fields are left alone). */
export function toColumns(fields: CategoryPatch): Partial<CategoryRow> {
  const columns: Partial<CategoryRow> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.icon !== undefined) columns.icon = fields.icon;
  if (fields.color !== undefined) columns.color = fields.color;
  if (fields.isTaxDeductible !== undefined) columns.is_tax_deductible = fields.isTaxDeductible;
  if (fields.taxCategory !== undefined) columns.tax_category = fields.taxCategory;
  if (fields.defaultGstRate !== undefined) columns.default_gst_rate = fields.defaultGstRate;
  return columns;
}

/** The unique index on (user_id, lower(name)) is the one arbiter of duplicate names, races included. */
async function translatingDuplicateName<T>(
  name: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const pgError = err as { code?: string; constraint?: string };
    if (pgError.code === '23505' && pgError.constraint === NAME_UNIQUE_INDEX) {
      throw new AppError('CONFLICT', `A category named "${name}" already exists`, {
        field: 'name',
      });
    }
    throw err;
  }
}

export async function listCategories(
  db: Knex,
  userId: string,
  page: Page,
): Promise<{ categories: Category[]; total: number }> {
  const mine = db<CategoryRow>(TABLE).where({ user_id: userId });
  const [rows, [{ total }]] = await Promise.all([
    mine
      .clone()
      .select(COLUMNS)
      // Case-insensitive so "apple" sits beside "Apple"; id breaks ties for stable pages.
      .orderByRaw('lower(name), id')
      .limit(page.limit)
      .offset(offsetOf(page)),
    mine.clone().count<{ total: number }[]>({ total: '*' }),
  ]);
  return { categories: rows.map(toCategory), total };
}

export async function findCategory(
  db: Knex,
  userId: string,
  id: string,
): Promise<Category | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db<CategoryRow>(TABLE).where({ user_id: userId, id }).first(COLUMNS);
  return row && toCategory(row);
}

/** The caller's categories among the ids, in one query; others' ids simply match nothing. */
export async function findCategories(
  db: Knex,
  userId: string,
  ids: readonly string[],
): Promise<Category[]> {
  if (!ids.length) return [];
  const rows = await db<CategoryRow>(TABLE)
    .where({ user_id: userId })
    .whereIn('id', ids)
    .select(COLUMNS);
  return rows.map(toCategory);
}

export async function insertCategory(
  db: Knex,
  userId: string,
  categorySetId: string,
  fields: CategoryFields,
): Promise<Category> {
  const [row] = await translatingDuplicateName(fields.name, () =>
    db<CategoryRow>(TABLE)
      .insert({
        id: newId(),
        user_id: userId,
        category_set_id: categorySetId,
        ...toColumns(fields),
      })
      .returning(COLUMNS),
  );
  return toCategory(row);
}

export async function updateCategory(
  db: Knex,
  userId: string,
  id: string,
  patch: CategoryPatch,
): Promise<Category | undefined> {
  const columns = toColumns(patch);
  if (!Object.keys(columns).length) return findCategory(db, userId, id);
  if (!isUuid(id)) return undefined;
  const [row] = await translatingDuplicateName(patch.name, () =>
    db(TABLE)
      .where({ user_id: userId, id })
      .update({ ...columns, updated_at: db.fn.now() })
      .returning<CategoryRow[]>(COLUMNS),
  );
  return row && toCategory(row);
}

export async function deleteCategory(db: Knex, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await db(TABLE).where({ user_id: userId, id }).del()) > 0;
}
