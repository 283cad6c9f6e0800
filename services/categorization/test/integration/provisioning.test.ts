import { defaultCategorySet } from '../../src/domain/default-categories';
import { newUser, startHarness, type Harness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

const defaultSetsOf = (userId: string) =>
  h.db('category_sets').where({ user_id: userId, is_default: true }).select('id');
const categoryCountOf = async (userId: string) =>
  Number((await h.db('categories').where({ user_id: userId }).count({ n: '*' }))[0].n);

describe('ProvisionDefaults', () => {
  it('creates the country catalogue once; repeating it creates nothing', async () => {
    const user = newUser();
    const expected = defaultCategorySet({ countryCode: 'AU', businessType: 'individual' })
      .categories.length;

    expect(await h.as(user).provision('AU', 'individual')).toBe(expected);
    expect(await h.as(user).provision('AU', 'individual')).toBe(0);
    // A later call with another profile does not add a second set either.
    expect(await h.as(user).provision('GB', 'business')).toBe(0);

    expect(await defaultSetsOf(user)).toHaveLength(1);
    expect(await categoryCountOf(user)).toBe(expected);
  });

  it('creates exactly one set when five calls race', async () => {
    const user = newUser();
    const expected = defaultCategorySet({ countryCode: 'AU', businessType: 'sole_trader' })
      .categories.length;

    const created = await Promise.all(
      Array.from({ length: 5 }, () => h.as(user).provision('AU', 'sole_trader')),
    );

    expect(created.filter((n) => n > 0)).toEqual([expected]);
    expect(await defaultSetsOf(user)).toHaveLength(1);
    expect(await categoryCountOf(user)).toBe(expected);
  });

  it('puts every category in the default set, with its tax label and rate', async () => {
    const user = newUser();
    await h.as(user).provision('AU', 'sole_trader');
    const [set] = await defaultSetsOf(user);
    const { categories } = await h.as(user).list({ limit: 200 });

    expect(categories.every((c) => c.categorySetId === set.id)).toBe(true);
    expect(categories.find((c) => c.name === 'Work Car Expenses')).toMatchObject({
      isTaxDeductible: true,
      taxCategory: 'D1: Work-related car expenses',
      defaultGstRate: '0.1',
    });
    expect(categories.find((c) => c.name === 'Groceries')).toMatchObject({
      isTaxDeductible: false,
      taxCategory: '',
      defaultGstRate: '0',
    });
    expect(categories.find((c) => c.name === 'Business: Office supplies')?.taxCategory).toBe(
      'BUSINESS_OFFICE',
    );
  });

  it('uses each country’s own catalogue, and a generic one for others', async () => {
    const gb = newUser();
    await h.as(gb).provision('gb', '');
    const gbCategories = (await h.as(gb).list({ limit: 200 })).categories;
    expect(gbCategories.find((c) => c.name === 'Household Energy')?.defaultGstRate).toBe('0.05');

    const fr = newUser();
    await h.as(fr).provision('FR', 'business');
    const frCategories = (await h.as(fr).list({ limit: 200 })).categories;
    expect(frCategories.every((c) => c.defaultGstRate === '0')).toBe(true);
    expect(frCategories.some((c) => c.name.startsWith('Business: '))).toBe(true);
  });

  it('rejects a malformed country code and an unknown business type', async () => {
    await expect(h.as(newUser()).provision('Australia', 'charity')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [
          { field: 'countryCode', message: expect.any(String) },
          { field: 'businessType', message: expect.any(String) },
        ],
      },
    });
  });
});

describe('ListCategories', () => {
  it('provisions lazily for a user without defaults, using the country given', async () => {
    const user = newUser();
    const expected = defaultCategorySet({ countryCode: 'NZ', businessType: 'individual' })
      .categories.length;

    const first = await h.as(user).list({ countryCode: 'NZ', limit: 200 });

    expect(first.page).toEqual({ page: 1, limit: 200, total: String(expected), pages: 1 });
    expect(first.categories.find((c) => c.name === 'Groceries')?.defaultGstRate).toBe('0.15');
    // The second list finds the set and provisions nothing more.
    expect((await h.as(user).list({ countryCode: 'NZ' })).page?.total).toBe(String(expected));
    expect(await defaultSetsOf(user)).toHaveLength(1);
  });

  it('defaults lazy provisioning to AU', async () => {
    const user = newUser();
    const { categories } = await h.as(user).list({ limit: 200 });
    expect(categories.find((c) => c.name === 'Gifts & Donations')?.taxCategory).toBe(
      'D9: Gifts or donations',
    );
  });

  it('orders by name case-insensitively, then id, and pages with an exact total', async () => {
    const user = newUser();
    await h.as(user).provision('US', 'individual');
    for (const name of ['Zebra rides', 'avocado toast', 'Apricot', 'apple pie', 'aardvark care']) {
      await h.as(user).create({ name });
    }

    const all = (await h.as(user).list({ limit: 200 })).categories.map((c) => c.name);
    // A case-sensitive sort would put "Apricot" before "aardvark care".
    expect(all.slice(0, 4)).toEqual(['aardvark care', 'apple pie', 'Apricot', 'avocado toast']);
    expect(all[all.length - 1]).toBe('Zebra rides');

    const second = await h.as(user).list({ page: 2, limit: 5 });
    expect(second.page).toEqual({
      page: 2,
      limit: 5,
      total: String(all.length),
      pages: Math.ceil(all.length / 5),
    });
    expect(second.categories.map((c) => c.name)).toEqual(all.slice(5, 10));

    const beyond = await h.as(user).list({ page: 99, limit: 5 });
    expect(beyond.categories).toEqual([]);
    expect(beyond.page?.total).toBe(String(all.length));
  });

  it('clamps the limit to 200 and defaults it to 50', async () => {
    const user = newUser();
    await h.as(user).provision('AU', 'business');
    expect((await h.as(user).list({ limit: 1000 })).page?.limit).toBe(200);
    expect((await h.as(user).list()).page).toMatchObject({ page: 1, limit: 50 });
  });
});

describe('caller identity', () => {
  it('refuses calls without a user id in metadata', async () => {
    const anonymous = h.as(undefined);
    await expect(anonymous.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.provision('AU')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(anonymous.create({ name: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
