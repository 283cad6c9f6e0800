import { AppError, isUuid, newId, type Knex } from '@pfs/kit';
import type { Category } from '../domain/category';
import {
  checkDefaultChange,
  copyName,
  MAX_SETS_PER_USER,
  namesForMove,
  type CategorySet,
  type CategorySetFields,
  type CategorySetPatch,
} from '../domain/category-set';
import type { DefaultCategorySet } from '../domain/default-categories';
import { toCategory, toColumns } from './categories';

const TABLE = 'category_sets';

export interface ProvisionedSet {
  setId: string;
  /** Categories created by this call: 0 when the user already had a default set. */
  created: number;
}

export async function findDefaultSetId(db: Knex, userId: string): Promise<string | undefined> {
  const row = await db(TABLE)
    .where({ user_id: userId, is_default: true })
    .first<{ id: string } | undefined>('id');
  return row?.id;
}

/**
 * Creates the user's default set with its categories, once. Concurrent callers (registration
 * racing a first list, retries) queue on a per-user advisory lock, and the second finds the
 * first's set; the partial unique index on the default flag is the backstop if anything
 * bypasses the lock.
 */
export async function provisionDefaultSet(
  db: Knex,
  userId: string,
  defaults: DefaultCategorySet,
): Promise<ProvisionedSet> {
  return db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [
      `categorization:default-set:${userId}`,
    ]);
    const existing = await findDefaultSetId(trx, userId);
    if (existing) return { setId: existing, created: 0 };

    const setId = newId();
    const inserted = await trx(TABLE)
      .insert({
        id: setId,
        user_id: userId,
        name: defaults.name,
        description: defaults.description,
        icon: defaults.icon,
        color: defaults.color,
        is_default: true,
      })
      .onConflict(trx.raw('(user_id) WHERE is_default'))
      .ignore()
      .returning('id');
    if (!inserted.length) {
      return { setId: (await findDefaultSetId(trx, userId)) as string, created: 0 };
    }

    // A name the user already has (e.g. kept from an earlier set) is skipped, not an error.
    const created = await trx('categories')
      .insert(
        defaults.categories.map((seed) => ({
          id: newId(),
          user_id: userId,
          category_set_id: setId,
          ...toColumns(seed),
        })),
      )
      .onConflict()
      .ignore()
      .returning('id');
    return { setId, created: created.length };
  });
}

/** The user's default set id, provisioning the defaults first if the user has none yet. */
export async function ensureDefaultSet(
  db: Knex,
  userId: string,
  defaults: () => DefaultCategorySet,
): Promise<ProvisionedSet> {
  const existing = await findDefaultSetId(db, userId);
  if (existing) return { setId: existing, created: 0 };
  return provisionDefaultSet(db, userId, defaults());
}

// ---------------------------------------------------------------------------------------------
// Category sets as a feature: list, read, create, update, delete, duplicate, move a category.

const SET_NAME_UNIQUE_INDEX = 'category_sets_user_lower_name_unique';
const CATEGORY_NAME_UNIQUE_INDEX = 'categories_user_lower_name_unique';
const CATEGORY_TABLE = 'categories';
const ASSIGNMENT_TABLE = 'transaction_category_assignments';

type CategoryRow = Parameters<typeof toCategory>[0];
const CATEGORY_COLUMNS: (keyof CategoryRow)[] = [
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

interface CategorySetRow {
  id: string;
  user_id: string;
  name: string;
  description: string;
  color: string;
  icon: string;
  is_default: boolean;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const SET_COLUMNS: (keyof CategorySetRow)[] = [
  'id',
  'user_id',
  'name',
  'description',
  'color',
  'icon',
  'is_default',
  'is_active',
  'created_at',
  'updated_at',
];

function toCategorySet(row: CategorySetRow, categories: Category[]): CategorySet {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isDefault: row.is_default,
    isActive: row.is_active,
    categoryCount: categories.length,
    categories,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function setColumns(fields: CategorySetPatch): Partial<CategorySetRow> {
  const columns: Partial<CategorySetRow> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.color !== undefined) columns.color = fields.color;
  if (fields.icon !== undefined) columns.icon = fields.icon;
  if (fields.isActive !== undefined) columns.is_active = fields.isActive;
  if (fields.isDefault !== undefined) columns.is_default = fields.isDefault;
  return columns;
}

function pgError(err: unknown): { code?: string; constraint?: string } {
  return err as { code?: string; constraint?: string };
}

/** The unique index on (user_id, lower(name)) decides duplicate set names, races included. */
async function translatingDuplicateSetName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = pgError(err);
    if (e.code === '23505' && e.constraint === SET_NAME_UNIQUE_INDEX) {
      throw new AppError('CONFLICT', `A category set named "${name}" already exists`, {
        field: 'name',
      });
    }
    throw err;
  }
}

/** Serialises changes to a user's default flag (and provisioning, which takes the same lock). */
async function lockDefaultSet(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [
    `categorization:default-set:${userId}`,
  ]);
}

/** The sets with their categories (in list order), in two queries whatever the number of sets. */
async function withCategories(
  db: Knex,
  userId: string,
  rows: CategorySetRow[],
): Promise<CategorySet[]> {
  const setIds = rows.map((r) => r.id);
  const categories: CategoryRow[] = setIds.length
    ? await db(CATEGORY_TABLE)
        .where({ user_id: userId })
        .whereIn('category_set_id', setIds)
        .select<CategoryRow[]>(CATEGORY_COLUMNS)
        .orderByRaw('lower(name), id')
    : [];
  const bySet = new Map<string, Category[]>(setIds.map((id) => [id, []]));
  for (const row of categories) bySet.get(row.category_set_id as string)?.push(toCategory(row));
  return rows.map((row) => toCategorySet(row, bySet.get(row.id) ?? []));
}

/** Every set of the user, the default first, then by name; each with its categories. */
export async function listCategorySets(db: Knex, userId: string): Promise<CategorySet[]> {
  const rows = await db<CategorySetRow>(TABLE)
    .where({ user_id: userId })
    .select(SET_COLUMNS)
    .orderByRaw('is_default DESC, lower(name), id');
  return withCategories(db, userId, rows);
}

async function findSetRow(
  db: Knex,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<CategorySetRow | undefined> {
  if (!isUuid(id)) return undefined;
  const query = db<CategorySetRow>(TABLE).where({ user_id: userId, id }).first(SET_COLUMNS);
  return forUpdate ? query.forUpdate() : query;
}

export async function findCategorySet(
  db: Knex,
  userId: string,
  id: string,
): Promise<CategorySet | undefined> {
  const row = await findSetRow(db, userId, id);
  return row && (await withCategories(db, userId, [row]))[0];
}

async function assertRoomForAnotherSet(db: Knex, userId: string): Promise<void> {
  const [{ total }] = await db(TABLE)
    .where({ user_id: userId })
    .count<{ total: number }[]>({ total: '*' });
  if (total >= MAX_SETS_PER_USER) {
    throw new AppError('CONFLICT', `You can have at most ${MAX_SETS_PER_USER} category sets`);
  }
}

/** A new, empty, non-default set. */
export async function insertCategorySet(
  db: Knex,
  userId: string,
  fields: CategorySetFields,
): Promise<CategorySet> {
  await assertRoomForAnotherSet(db, userId);
  const [row] = await translatingDuplicateSetName(fields.name, () =>
    db<CategorySetRow>(TABLE)
      .insert({ id: newId(), user_id: userId, ...setColumns(fields), is_default: false })
      .returning(SET_COLUMNS),
  );
  return toCategorySet(row, []);
}

/**
 * Changes the fields present. Making a set the default unsets the previous default in the
 * same transaction (under the user's default-set lock), so there is always exactly one.
 */
export async function updateCategorySet(
  db: Knex,
  userId: string,
  id: string,
  patch: CategorySetPatch,
): Promise<CategorySet | undefined> {
  return db.transaction(async (trx) => {
    if (patch.isDefault) await lockDefaultSet(trx, userId);
    const current = await findSetRow(trx, userId, id, true);
    if (!current) return undefined;
    checkDefaultChange({ isDefault: current.is_default }, patch);

    const columns = setColumns(patch);
    if (patch.isDefault === false || (patch.isDefault && current.is_default)) {
      delete columns.is_default;
    }
    if (columns.is_default) {
      await trx(TABLE)
        .where({ user_id: userId, is_default: true })
        .whereNot({ id })
        .update({ is_default: false, updated_at: trx.fn.now() });
    }
    let row = current;
    if (Object.keys(columns).length) {
      [row] = await translatingDuplicateSetName(patch.name ?? current.name, () =>
        trx(TABLE)
          .where({ user_id: userId, id })
          .update({ ...columns, updated_at: trx.fn.now() })
          .returning<CategorySetRow[]>(SET_COLUMNS),
      );
    }
    return (await withCategories(trx, userId, [row]))[0];
  });
}

export interface DeletedSet {
  movedCategories: number;
  defaultSetId: string;
  defaultSetName: string;
}

/**
 * Deletes a set that is not the default; its categories move to the default set, keeping
 * their ids (so transactions and assignments that use them stay valid). A name the default
 * set already has is suffixed with the deleted set's name.
 */
export async function deleteCategorySet(
  db: Knex,
  userId: string,
  id: string,
): Promise<DeletedSet | undefined> {
  return db.transaction(async (trx) => {
    await lockDefaultSet(trx, userId);
    const set = await findSetRow(trx, userId, id, true);
    if (!set) return undefined;
    if (set.is_default) {
      throw new AppError(
        'CONFLICT',
        'The default category set cannot be deleted: make another set the default first',
      );
    }
    const defaultSet = await trx<CategorySetRow>(TABLE)
      .where({ user_id: userId, is_default: true })
      .first(['id', 'name']);
    if (!defaultSet) throw new AppError('INTERNAL_ERROR', 'The user has no default category set');

    const moving: { id: string; name: string }[] = await trx(CATEGORY_TABLE)
      .where({ user_id: userId, category_set_id: id })
      .select('id', 'name')
      .forUpdate();
    const taken: { name: string }[] = await trx(CATEGORY_TABLE)
      .where({ user_id: userId, category_set_id: defaultSet.id })
      .select('name');
    const renamed = namesForMove(
      moving,
      taken.map((c) => c.name),
      set.name,
    );
    for (const [categoryId, name] of renamed) {
      await trx(CATEGORY_TABLE)
        .where({ user_id: userId, id: categoryId })
        .update({ name, category_set_id: defaultSet.id, updated_at: trx.fn.now() });
    }
    await trx(CATEGORY_TABLE)
      .where({ user_id: userId, category_set_id: id })
      .update({ category_set_id: defaultSet.id, updated_at: trx.fn.now() });
    await trx(ASSIGNMENT_TABLE)
      .where({ user_id: userId, category_set_id: id })
      .update({ category_set_id: defaultSet.id });
    await trx(TABLE).where({ user_id: userId, id }).del();
    return {
      movedCategories: moving.length,
      defaultSetId: defaultSet.id,
      defaultSetName: defaultSet.name,
    };
  });
}

/**
 * Copies a set and every category in it (new ids, same names: names are unique per set) under
 * a new name; the copy is never the default. Without a name the copy is "<name> (copy)", …
 */
export async function duplicateCategorySet(
  db: Knex,
  userId: string,
  id: string,
  name: string | undefined,
): Promise<CategorySet | undefined> {
  return db.transaction(async (trx) => {
    const source = await findSetRow(trx, userId, id);
    if (!source) return undefined;
    await assertRoomForAnotherSet(trx, userId);
    const copy =
      name ??
      copyName(
        source.name,
        (await trx(TABLE).where({ user_id: userId }).select('name')).map(
          (s: { name: string }) => s.name,
        ),
      );
    const [row] = await translatingDuplicateSetName(copy, () =>
      trx<CategorySetRow>(TABLE)
        .insert({
          id: newId(),
          user_id: userId,
          name: copy,
          description: source.description,
          color: source.color,
          icon: source.icon,
          is_active: source.is_active,
          is_default: false,
        })
        .returning(SET_COLUMNS),
    );
    await trx.raw(
      `INSERT INTO ${CATEGORY_TABLE}
         (id, user_id, category_set_id, name, icon, color, is_tax_deductible, tax_category,
          default_gst_rate)
       SELECT gen_random_uuid(), user_id, ?, name, icon, color, is_tax_deductible, tax_category,
              default_gst_rate
         FROM ${CATEGORY_TABLE}
        WHERE user_id = ? AND category_set_id = ?`,
      [row.id, userId, id],
    );
    return (await withCategories(trx, userId, [row]))[0];
  });
}

export type MoveResult =
  | { outcome: 'moved'; category: Category }
  | { outcome: 'unchanged'; category: Category }
  | { outcome: 'category_not_found' }
  | { outcome: 'set_not_found' };

/**
 * Moves one category into another of the user's sets (a category is in exactly one set);
 * its assignments follow. A name the target set already has is a conflict.
 */
export async function moveCategory(
  db: Knex,
  userId: string,
  categoryId: string,
  targetSetId: string,
): Promise<MoveResult> {
  return db.transaction(async (trx) => {
    const category = isUuid(categoryId)
      ? await trx(CATEGORY_TABLE)
          .where({ user_id: userId, id: categoryId })
          .first<CategoryRow | undefined>(CATEGORY_COLUMNS)
          .forUpdate()
      : undefined;
    if (!category) return { outcome: 'category_not_found' };
    const target = await findSetRow(trx, userId, targetSetId);
    if (!target) return { outcome: 'set_not_found' };
    if (category.category_set_id === target.id) {
      return { outcome: 'unchanged', category: toCategory(category) };
    }
    let row: CategoryRow;
    try {
      [row] = await trx(CATEGORY_TABLE)
        .where({ user_id: userId, id: category.id })
        .update({ category_set_id: target.id, updated_at: trx.fn.now() })
        .returning<CategoryRow[]>(CATEGORY_COLUMNS);
    } catch (err) {
      const e = pgError(err);
      if (e.code === '23505' && e.constraint === CATEGORY_NAME_UNIQUE_INDEX) {
        throw new AppError(
          'CONFLICT',
          `The set "${target.name}" already has a category named "${category.name}"`,
          { field: 'categoryId' },
        );
      }
      throw err;
    }
    await trx(ASSIGNMENT_TABLE)
      .where({ user_id: userId, category_id: category.id })
      .update({ category_set_id: target.id });
    return { outcome: 'moved', category: toCategory(row) };
  });
}
