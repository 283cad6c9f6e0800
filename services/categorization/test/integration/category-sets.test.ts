import { newId, ServiceClient } from '@pfs/kit';
import {
  CategorySetServiceClient,
  type CategorySetInput,
} from '@pfs/proto/categorization/v1/category_sets';
import { newUser, startHarness, type Harness } from './harness';

let h: Harness;
let sets: ServiceClient<CategorySetServiceClient>;

beforeAll(async () => {
  h = await startHarness();
  sets = new ServiceClient('categorization', CategorySetServiceClient, h.server.address);
});

afterAll(async () => {
  sets?.close();
  await h?.close();
});

function as(userId: string) {
  const opts = { userId };
  return {
    list: async () =>
      (await sets.call((c) => c.listCategorySets, { countryCode: '', businessType: '' }, opts))
        .sets,
    get: async (id: string) => (await sets.call((c) => c.getCategorySet, { id }, opts)).set!,
    create: async (set: CategorySetInput) =>
      (
        await sets.call(
          (c) => c.createCategorySet,
          { set, countryCode: 'AU', businessType: '' },
          opts,
        )
      ).set!,
    update: async (id: string, patch: CategorySetInput) =>
      (await sets.call((c) => c.updateCategorySet, { id, patch }, opts)).set!,
    remove: (id: string) => sets.call((c) => c.deleteCategorySet, { id }, opts),
    duplicate: async (id: string, name?: string) =>
      (await sets.call((c) => c.duplicateCategorySet, { id, name }, opts)).set!,
    move: (categoryId: string, targetSetId: string) =>
      sets.call((c) => c.moveCategory, { categoryId, targetSetId }, opts),
  };
}

async function defaultOf(userId: string) {
  const [first] = await as(userId).list();
  expect(first.isDefault).toBe(true);
  return first;
}

describe('ListCategorySets', () => {
  it('provisions the default set lazily and counts its categories', async () => {
    const user = newUser();
    const list = await as(user).list();
    expect(list).toHaveLength(1);
    const [set] = list;
    expect(set).toMatchObject({ name: 'Default', isDefault: true, isActive: true, userId: user });
    expect(set.categoryCount).toBe(set.categories.length);
    expect(set.categoryCount).toBeGreaterThan(10);
    expect(set.categories.every((c) => c.categorySetId === set.id)).toBe(true);
  });

  it('lists the default first, then by name', async () => {
    const user = newUser();
    await as(user).create({ name: 'zeta' });
    await as(user).create({ name: 'Alpha' });
    expect((await as(user).list()).map((s) => s.name)).toEqual(['Default', 'Alpha', 'zeta']);
  });
});

describe('CreateCategorySet and UpdateCategorySet', () => {
  it('creates an empty, non-default set with defaults filled in', async () => {
    const user = newUser();
    const set = await as(user).create({ name: '  Business  ', description: 'Work' });
    expect(set).toMatchObject({
      name: 'Business',
      description: 'Work',
      color: '#607D8B',
      icon: 'folder',
      isDefault: false,
      isActive: true,
      categoryCount: 0,
      categories: [],
    });
    expect(await as(user).get(set.id)).toEqual(set);
  });

  it('refuses a duplicate name case-insensitively and lists every bad field', async () => {
    const user = newUser();
    await as(user).create({ name: 'Travel' });
    await expect(as(user).create({ name: 'TRAVEL' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(as(user).create({ name: 'default' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      as(user).create({
        name: ' ',
        color: 'red',
        icon: 'x'.repeat(51),
        description: 'd'.repeat(1001),
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: ['name', 'description', 'color', 'icon'].map((field) => ({
          field,
          message: expect.any(String),
        })),
      },
    });
  });

  it('moves the default flag in one step and never leaves a user without one', async () => {
    const user = newUser();
    const original = await defaultOf(user);
    const other = await as(user).create({ name: 'Other' });

    const promoted = await as(user).update(other.id, { isDefault: true, color: '#000000' });
    expect(promoted).toMatchObject({ isDefault: true, color: '#000000' });
    expect((await as(user).get(original.id)).isDefault).toBe(false);
    const defaults = (await as(user).list()).filter((s) => s.isDefault);
    expect(defaults.map((s) => s.id)).toEqual([other.id]);

    await expect(as(user).update(other.id, { isDefault: false })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'isDefault', message: expect.any(String) }] },
    });
    // false on a set that is not the default changes nothing.
    await expect(as(user).update(original.id, { isDefault: false })).resolves.toMatchObject({
      isDefault: false,
    });
  });

  it('keeps exactly one default when two sets race for it', async () => {
    const user = newUser();
    await defaultOf(user);
    const a = await as(user).create({ name: 'A' });
    const b = await as(user).create({ name: 'B' });
    await Promise.all([
      as(user).update(a.id, { isDefault: true }),
      as(user).update(b.id, { isDefault: true }),
    ]);
    expect((await as(user).list()).filter((s) => s.isDefault)).toHaveLength(1);
  });

  it('answers NOT_FOUND for unknown, malformed and other users’ sets', async () => {
    const owner = newUser();
    const mine = await as(owner).create({ name: 'Mine' });
    const stranger = as(newUser());
    for (const id of [mine.id, newId(), 'nope']) {
      await expect(stranger.get(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(stranger.update(id, { name: 'x' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(stranger.remove(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(stranger.duplicate(id, 'copy')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await as(owner).get(mine.id)).name).toBe('Mine');
  });
});

describe('DuplicateCategorySet', () => {
  it('copies every category with new ids and the same names', async () => {
    const user = newUser();
    const source = await defaultOf(user);
    const copy = await as(user).duplicate(source.id, 'Business 2025');
    expect(copy).toMatchObject({
      name: 'Business 2025',
      isDefault: false,
      color: source.color,
      icon: source.icon,
      description: source.description,
      categoryCount: source.categoryCount,
    });
    expect(copy.categories.map((c) => c.name)).toEqual(source.categories.map((c) => c.name));
    expect(copy.categories.map((c) => c.defaultGstRate)).toEqual(
      source.categories.map((c) => c.defaultGstRate),
    );
    const sourceIds = new Set(source.categories.map((c) => c.id));
    expect(copy.categories.some((c) => sourceIds.has(c.id))).toBe(false);
    expect(copy.categories.every((c) => c.categorySetId === copy.id)).toBe(true);
    // The source is untouched.
    expect((await as(user).get(source.id)).categoryCount).toBe(source.categoryCount);
  });

  it('names the copy "(copy)", then "(copy 2)" when no name is given', async () => {
    const user = newUser();
    const set = await as(user).create({ name: 'Trips' });
    expect((await as(user).duplicate(set.id)).name).toBe('Trips (copy)');
    expect((await as(user).duplicate(set.id)).name).toBe('Trips (copy 2)');
    await expect(as(user).duplicate(set.id, 'trips')).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(as(user).duplicate(set.id, '   ')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('MoveCategory', () => {
  it('moves a category and keeps both counts right', async () => {
    const user = newUser();
    const source = await defaultOf(user);
    const target = await as(user).create({ name: 'Target' });
    const category = source.categories[0];

    const moved = await as(user).move(category.id, target.id);
    expect(moved).toMatchObject({
      moved: true,
      category: { id: category.id, categorySetId: target.id },
    });
    expect((await as(user).get(source.id)).categoryCount).toBe(source.categoryCount - 1);
    const after = await as(user).get(target.id);
    expect(after.categoryCount).toBe(1);
    expect(after.categories.map((c) => c.id)).toEqual([category.id]);

    // Into the set it is already in: nothing changes.
    await expect(as(user).move(category.id, target.id)).resolves.toMatchObject({ moved: false });
    expect((await as(user).get(target.id)).categoryCount).toBe(1);
  });

  it('refuses a name the target set already has, and others’ ids', async () => {
    const user = newUser();
    const source = await defaultOf(user);
    const copy = await as(user).duplicate(source.id, 'Copy');
    await expect(as(user).move(source.categories[0].id, copy.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    const stranger = newUser();
    const theirs = await as(stranger).create({ name: 'Theirs' });
    await expect(as(user).move(source.categories[0].id, theirs.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Category set not found',
    });
    await expect(as(stranger).move(source.categories[0].id, theirs.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Category not found',
    });
  });
});

describe('DeleteCategorySet', () => {
  it('refuses to delete the default set', async () => {
    const user = newUser();
    const set = await defaultOf(user);
    await expect(as(user).remove(set.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('moves its categories to the default set, suffixing clashing names', async () => {
    const user = newUser();
    const source = await defaultOf(user);
    const copy = await as(user).duplicate(source.id, 'Business');
    const extra = await h.as(user).create({ name: 'Only here' });
    await as(user).move(extra.id, copy.id);

    const result = await as(user).remove(copy.id);
    expect(result).toMatchObject({
      movedCategories: source.categoryCount + 1,
      defaultSetId: source.id,
    });
    await expect(as(user).get(copy.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const after = await as(user).get(source.id);
    expect(after.categoryCount).toBe(source.categoryCount * 2 + 1);
    const names = after.categories.map((c) => c.name);
    expect(names).toContain('Only here');
    expect(names).toContain(`${source.categories[0].name} (Business)`);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    // Moved categories keep their ids.
    expect(after.categories.map((c) => c.id)).toEqual(
      expect.arrayContaining(copy.categories.map((c) => c.id)),
    );
  });
});
