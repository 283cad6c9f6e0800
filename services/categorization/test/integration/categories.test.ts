import { newId } from '@pfs/kit';
import { MAX_BATCH_GET_IDS } from '../../src/domain/lookup';
import { newUser, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('CreateCategory and GetCategory', () => {
  it('creates a category in the user’s default set and reads it back', async () => {
    const user = newUser();
    await h.as(user).provision('AU', 'individual');
    const [set] = await h.db('category_sets').where({ user_id: user, is_default: true });

    const created = await h.as(user).create({
      name: '  Coworking  ',
      icon: 'building-2',
      color: '#12ab9F',
      isTaxDeductible: true,
      taxCategory: 'D5: Other work-related expenses',
      defaultGstRate: '0.10',
    });

    expect(created).toMatchObject({
      name: 'Coworking',
      icon: 'building-2',
      color: '#12ab9F',
      isTaxDeductible: true,
      taxCategory: 'D5: Other work-related expenses',
      defaultGstRate: '0.1',
      categorySetId: set.id,
    });
    expect(created.createdAt).toMatch(ISO_UTC);
    expect(created.updatedAt).toMatch(ISO_UTC);
    expect(await h.as(user).get(created.id)).toEqual(created);
  });

  it('fills defaults and provisions the default set first for a brand-new user', async () => {
    const user = newUser();
    const created = await h.as(user).create({ name: 'Boat Club' });

    expect(created).toMatchObject({
      icon: 'tag',
      color: '#9E9E9E',
      isTaxDeductible: false,
      taxCategory: '',
      defaultGstRate: '0',
    });
    const sets = await h.db('category_sets').where({ user_id: user, is_default: true });
    expect(sets).toHaveLength(1);
    expect(created.categorySetId).toBe(sets[0].id);
    expect(Number((await h.as(user).list()).page?.total)).toBeGreaterThan(20);
  });

  it('refuses a duplicate name regardless of case', async () => {
    const user = newUser();
    await h.as(user).create({ name: 'Coffee' });
    await expect(h.as(user).create({ name: 'cOFFEE' })).rejects.toMatchObject({ code: 'CONFLICT' });
    // A catalogue name counts too.
    await expect(h.as(user).create({ name: 'groceries' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Another user may use the same name.
    await expect(h.as(newUser()).create({ name: 'coffee' })).resolves.toMatchObject({
      name: 'coffee',
    });
  });

  it('lets only one of two racing creates of the same name succeed', async () => {
    const user = newUser();
    const results = await Promise.allSettled([
      h.as(user).create({ name: 'Racing' }),
      h.as(user).create({ name: 'RACING' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT' },
    });
  });

  it('lists every bad field in one validation error', async () => {
    await expect(
      h.as(newUser()).create({
        name: ' ',
        icon: 'x'.repeat(51),
        color: 'blue',
        taxCategory: 'y'.repeat(101),
        defaultGstRate: '1.5',
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: ['name', 'icon', 'color', 'taxCategory', 'defaultGstRate'].map((field) => ({
          field,
          message: expect.any(String),
        })),
      },
    });
    await expect(h.as(newUser()).create({})).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'name', message: 'is required' }] },
    });
  });

  it('answers NOT_FOUND for unknown, malformed and other users’ ids', async () => {
    const owner = newUser();
    const mine = await h.as(owner).create({ name: 'Private' });
    const stranger = h.as(newUser());

    for (const id of [mine.id, newId(), 'not-a-uuid', '']) {
      await expect(stranger.get(id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Category not found',
      });
      await expect(stranger.update(id, { name: 'Mine now' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      await expect(stranger.remove(id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await h.as(owner).get(mine.id)).toMatchObject({ name: 'Private' });
  });
});

describe('UpdateCategory', () => {
  it('changes only the fields present', async () => {
    const user = newUser();
    const created = await h.as(user).create({
      name: 'Books',
      icon: 'book',
      color: '#111111',
      isTaxDeductible: true,
      taxCategory: 'D4: Work-related self-education expenses',
      defaultGstRate: '0.1',
    });

    const updated = await h.as(user).update(created.id, { color: '#222222', defaultGstRate: '0' });
    expect(updated).toMatchObject({
      name: 'Books',
      icon: 'book',
      color: '#222222',
      isTaxDeductible: true,
      taxCategory: 'D4: Work-related self-education expenses',
      defaultGstRate: '0',
      createdAt: created.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const cleared = await h
      .as(user)
      .update(created.id, { isTaxDeductible: false, taxCategory: '' });
    expect(cleared).toMatchObject({ isTaxDeductible: false, taxCategory: '', color: '#222222' });

    // An empty patch changes nothing and answers the category.
    expect(await h.as(user).update(created.id, {})).toEqual(cleared);
  });

  it('allows a change of case but refuses another category’s name', async () => {
    const user = newUser();
    const books = await h.as(user).create({ name: 'Books' });
    await h.as(user).create({ name: 'Music' });

    expect((await h.as(user).update(books.id, { name: 'BOOKS' })).name).toBe('BOOKS');
    await expect(h.as(user).update(books.id, { name: 'music' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('validates the patch, listing every bad field', async () => {
    const user = newUser();
    const created = await h.as(user).create({ name: 'Garden' });
    await expect(
      h.as(user).update(created.id, { name: '', color: '#GGGGGG', defaultGstRate: '0.123456' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'name' }, { field: 'color' }, { field: 'defaultGstRate' }] },
    });
  });
});

describe('DeleteCategory', () => {
  it('deletes the category; a second delete is NOT_FOUND', async () => {
    const user = newUser();
    const created = await h.as(user).create({ name: 'Temporary' });

    await h.as(user).remove(created.id);

    await expect(h.as(user).get(created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.as(user).remove(created.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The name is free again.
    await expect(h.as(user).create({ name: 'temporary' })).resolves.toMatchObject({
      name: 'temporary',
    });
  });
});

describe('BatchGetCategories', () => {
  it('returns the caller’s categories among the ids, deduplicated, in the order asked', async () => {
    const user = newUser();
    const a = await h.as(user).create({ name: 'Alpha' });
    const b = await h.as(user).create({ name: 'Beta' });
    const theirs = await h.as(newUser()).create({ name: 'Gamma' });

    const found = await h
      .as(user)
      .batchGet([b.id, 'junk', theirs.id, a.id, newId(), b.id, b.id.toUpperCase()]);

    expect(found.map((c) => c.name)).toEqual(['Beta', 'Alpha']);
    expect(found[0]).toEqual(b);
  });

  it('answers an empty list for no ids', async () => {
    expect(await h.as(newUser()).batchGet([])).toEqual([]);
  });

  it(`refuses more than ${MAX_BATCH_GET_IDS} ids`, async () => {
    const ids = Array.from({ length: MAX_BATCH_GET_IDS + 1 }, () => newId());
    await expect(h.as(newUser()).batchGet(ids)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'ids' }] },
    });
    await expect(h.as(newUser()).batchGet(ids.slice(1))).resolves.toEqual([]);
  });
});
