import { randomUUID } from 'node:crypto';
import type { Stack } from '../../src';
import {
  client,
  expectError,
  registerUser,
  setTier,
  startTestStack,
  type Api,
  type TestUser,
} from './harness';

interface CategoryJson {
  id: string;
  name: string;
  categorySetId: string;
  [key: string]: unknown;
}
interface SetJson {
  id: string;
  name: string;
  isDefault: boolean;
  categoryCount: number;
  categories: CategoryJson[];
  [key: string]: unknown;
}

let stack: Stack;
let api: Api;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  api = client(stack);
  alice = await registerUser(api);
  bob = await registerUser(api);
  await setTier(api, alice.id, 'elite');
  await setTier(api, bob.id, 'enterprise');
});
afterAll(() => stack.close());

const SET_KEYS = [
  'id',
  'name',
  'description',
  'color',
  'icon',
  'userId',
  'isDefault',
  'isActive',
  'categoryCount',
  'categories',
  'createdAt',
  'updatedAt',
].sort();

async function eliteUser(): Promise<TestUser> {
  const user = await registerUser(api);
  await setTier(api, user.id, 'elite');
  return user;
}

async function listSets(user: TestUser) {
  const res = await api('GET', '/api/category-sets', { token: user.token });
  expect(res.status).toBe(200);
  return res.body.sets as SetJson[];
}

async function createSet(user: TestUser, body: Record<string, unknown>) {
  const res = await api('POST', '/api/category-sets', { token: user.token, body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.set;
}

describe('tiers and scopes', () => {
  it('refuses every category-set route below elite with TIER_REQUIRED', async () => {
    const free = await registerUser(api);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/category-sets'],
      ['POST', '/api/category-sets', { name: 'x' }],
      ['GET', `/api/category-sets/${randomUUID()}`],
      ['PUT', `/api/category-sets/${randomUUID()}`, { name: 'x' }],
      ['DELETE', `/api/category-sets/${randomUUID()}`],
      ['POST', `/api/category-sets/${randomUUID()}/duplicate`, { name: 'x' }],
      [
        'POST',
        '/api/category-sets/move-category',
        { categoryId: randomUUID(), targetSetId: randomUUID() },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: free.token, body });
      expectError(res, 403, 'TIER_REQUIRED');
      expect(res.body.details.requiredTier).toBe('elite');
    }
    await setTier(api, free.id, 'professional');
    expectError(
      await api('GET', '/api/category-sets', { token: free.token }),
      403,
      'TIER_REQUIRED',
    );
    await setTier(api, free.id, 'elite');
    expect((await api('GET', '/api/category-sets', { token: free.token })).status).toBe(200);
  });

  it('lets an mcp:read key read but not write', async () => {
    const key = (
      await api('POST', '/api/api-keys', {
        token: alice.token,
        body: { name: 'reader', scopes: ['mcp:read'] },
      })
    ).body.key;
    expect((await api('GET', '/api/category-sets', { apiKey: key })).status).toBe(200);
    expectError(
      await api('POST', '/api/category-sets', { apiKey: key, body: { name: 'Nope' } }),
      403,
      'INSUFFICIENT_SCOPE',
    );
  });

  it('needs a credential', async () => {
    expectError(await api('GET', '/api/category-sets'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /api/category-sets', () => {
  it('answers exactly the SPEC fields with the default set and correct counts', async () => {
    const res = await api('GET', '/api/category-sets', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: res.body.sets.length });
    const [set] = res.body.sets;
    expect(Object.keys(set).sort()).toEqual(SET_KEYS);
    expect(set).toMatchObject({
      name: 'Default',
      isDefault: true,
      isActive: true,
      userId: alice.id,
    });
    expect(set.color).toMatch(/^#[0-9A-Fa-f]{6}$/);
    expect(set.categoryCount).toBe(set.categories.length);
    expect(set.categoryCount).toBeGreaterThan(10);
    expect(set.categories[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      icon: expect.any(String),
      color: expect.any(String),
      isTaxDeductible: expect.any(Boolean),
      defaultGstRate: expect.any(Number),
    });

    const one = await api('GET', `/api/category-sets/${set.id}`, { token: alice.token });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ success: true, set });
  });

  it('answers 404 for another user’s, unknown and malformed ids', async () => {
    const [bobsSet] = await listSets(bob);
    for (const id of [bobsSet.id, randomUUID(), 'not-a-uuid']) {
      expectError(
        await api('GET', `/api/category-sets/${id}`, { token: alice.token }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('PUT', `/api/category-sets/${id}`, {
          token: alice.token,
          body: { name: 'Mine' },
        }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('DELETE', `/api/category-sets/${id}`, { token: alice.token }),
        404,
        'NOT_FOUND',
      );
      expectError(
        await api('POST', `/api/category-sets/${id}/duplicate`, {
          token: alice.token,
          body: { name: 'Stolen' },
        }),
        404,
        'NOT_FOUND',
      );
    }
    expect((await listSets(bob))[0].name).toBe(bobsSet.name);
  });
});

describe('POST /api/category-sets', () => {
  it('creates an empty set (201) and replays an Idempotency-Key', async () => {
    const user = await eliteUser();
    const headers = { 'idempotency-key': `create-${randomUUID()}` };
    const body = {
      name: 'Business',
      description: 'Work stuff',
      color: '#112233',
      icon: 'briefcase',
    };
    const res = await api('POST', '/api/category-sets', { token: user.token, body, headers });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(Object.keys(res.body.set).sort()).toEqual(SET_KEYS);
    expect(res.body.set).toMatchObject({
      ...body,
      userId: user.id,
      isDefault: false,
      isActive: true,
      categoryCount: 0,
      categories: [],
    });
    const again = await api('POST', '/api/category-sets', { token: user.token, body, headers });
    expect(again.status).toBe(201);
    expect(again.body.set.id).toBe(res.body.set.id);
    expect(await listSets(user)).toHaveLength(2);
  });

  it('refuses bad fields (listing each) and duplicate names (409)', async () => {
    const user = await eliteUser();
    const bad = await api('POST', '/api/category-sets', {
      token: user.token,
      body: {
        name: '',
        color: 'blue',
        icon: 'i'.repeat(51),
        description: 'd'.repeat(1001),
        isActive: 'yes',
      },
    });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual(
      ['color', 'description', 'icon', 'isActive', 'name'].sort(),
    );
    expectError(
      await api('POST', '/api/category-sets', { token: user.token, body: {} }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await api('POST', '/api/category-sets', {
        token: user.token,
        rawBody: '{"name":',
        headers: {},
      }),
      400,
      'VALIDATION_ERROR',
    );

    await createSet(user, { name: 'Travel' });
    expectError(
      await api('POST', '/api/category-sets', { token: user.token, body: { name: 'tRAVEL' } }),
      409,
      'CONFLICT',
    );
    // Another user may use the same name.
    expect(
      (await api('POST', '/api/category-sets', { token: bob.token, body: { name: 'Travel' } }))
        .status,
    ).toBe(201);
  });
});

describe('PUT /api/category-sets/{id}', () => {
  it('updates fields and moves the default flag, keeping exactly one default', async () => {
    const user = await eliteUser();
    const [original] = await listSets(user);
    const other = await createSet(user, { name: 'Other' });

    const res = await api('PUT', `/api/category-sets/${other.id}`, {
      token: user.token,
      body: { name: 'Main', isDefault: true, isActive: true, color: '#ABCDEF' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: expect.any(String),
      set: { id: other.id, name: 'Main', isDefault: true, color: '#ABCDEF' },
    });
    const sets = await listSets(user);
    expect(sets.filter((s) => s.isDefault).map((s) => s.id)).toEqual([other.id]);
    expect(sets.find((s) => s.id === original.id)?.isDefault).toBe(false);

    const unset = await api('PUT', `/api/category-sets/${other.id}`, {
      token: user.token,
      body: { isDefault: false },
    });
    expectError(unset, 400, 'VALIDATION_ERROR');
    expect(unset.body.details.issues[0].field).toBe('isDefault');

    const deactivated = await api('PUT', `/api/category-sets/${original.id}`, {
      token: user.token,
      body: { isActive: false, description: 'Old' },
    });
    expect(deactivated.body.set).toMatchObject({
      isActive: false,
      description: 'Old',
      isDefault: false,
    });
    expect(deactivated.body.set.categoryCount).toBe(original.categoryCount);

    expectError(
      await api('PUT', `/api/category-sets/${original.id}`, {
        token: user.token,
        body: { name: 'main' },
      }),
      409,
      'CONFLICT',
    );
    expectError(
      await api('PUT', `/api/category-sets/${original.id}`, {
        token: user.token,
        body: { color: '#12' },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST /api/category-sets/{id}/duplicate', () => {
  it('copies every category under the new name', async () => {
    const user = await eliteUser();
    const [source] = await listSets(user);
    const res = await api('POST', `/api/category-sets/${source.id}/duplicate`, {
      token: user.token,
      body: { name: 'Business copy' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
    const copy = res.body.set;
    expect(Object.keys(copy).sort()).toEqual(SET_KEYS);
    expect(copy).toMatchObject({
      name: 'Business copy',
      isDefault: false,
      categoryCount: source.categoryCount,
    });
    expect(copy.categories).toHaveLength(source.categoryCount);
    const strip = (c: Record<string, unknown>) => ({
      ...c,
      id: undefined,
      categorySetId: undefined,
      createdAt: undefined,
      updatedAt: undefined,
    });
    expect(copy.categories.map(strip)).toEqual(source.categories.map(strip));
    const sourceIds = new Set(source.categories.map((c: { id: string }) => c.id));
    expect(copy.categories.filter((c: { id: string }) => sourceIds.has(c.id))).toEqual([]);

    const sets = await listSets(user);
    expect(sets.map((s) => s.categoryCount)).toEqual([source.categoryCount, source.categoryCount]);
    expect(sets.filter((s) => s.isDefault)).toHaveLength(1);

    // The copies are real categories of the user.
    const cat = await api('GET', `/api/categories/${copy.categories[0].id}`, { token: user.token });
    expect(cat.body.category).toMatchObject({
      categorySetId: copy.id,
      name: source.categories[0].name,
    });
  });

  it('picks "(copy)" when no name is given and refuses a taken name', async () => {
    const user = await eliteUser();
    const set = await createSet(user, { name: 'Trips' });
    const res = await api('POST', `/api/category-sets/${set.id}/duplicate`, { token: user.token });
    expect(res.status).toBe(201);
    expect(res.body.set.name).toBe('Trips (copy)');
    expectError(
      await api('POST', `/api/category-sets/${set.id}/duplicate`, {
        token: user.token,
        body: { name: 'TRIPS' },
      }),
      409,
      'CONFLICT',
    );
    expectError(
      await api('POST', `/api/category-sets/${set.id}/duplicate`, {
        token: user.token,
        body: { name: 42 },
      }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST /api/category-sets/move-category', () => {
  it('moves a category and keeps both counts right', async () => {
    const user = await eliteUser();
    const [source] = await listSets(user);
    const target = await createSet(user, { name: 'Target' });
    const category = source.categories[0];

    const res = await api('POST', '/api/category-sets/move-category', {
      token: user.token,
      body: { categoryId: category.id, targetSetId: target.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Category moved',
      category: { id: category.id, name: category.name, categorySetId: target.id },
    });
    const after = await listSets(user);
    expect(after.find((s) => s.id === source.id)).toMatchObject({
      categoryCount: source.categoryCount - 1,
    });
    expect(after.find((s) => s.id === target.id)).toMatchObject({ categoryCount: 1 });
    expect(after.every((s) => s.categoryCount === s.categories.length)).toBe(true);

    const same = await api('POST', '/api/category-sets/move-category', {
      token: user.token,
      body: { categoryId: category.id, targetSetId: target.id },
    });
    expect(same.status).toBe(200);
    expect(same.body.category.categorySetId).toBe(target.id);
    expect((await listSets(user)).find((s) => s.id === target.id)?.categoryCount).toBe(1);
  });

  it('answers 404 for other users’ ids, 400 for bad ones, 409 for a name clash', async () => {
    const user = await eliteUser();
    const [mine] = await listSets(user);
    const [bobs] = await listSets(bob);
    const move = (body: unknown) =>
      api('POST', '/api/category-sets/move-category', { token: user.token, body });

    expectError(
      await move({ categoryId: bobs.categories[0].id, targetSetId: mine.id }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await move({ categoryId: mine.categories[0].id, targetSetId: bobs.id }),
      404,
      'NOT_FOUND',
    );
    const bad = await move({ categoryId: 'x' });
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.body.details.issues.map((i: { field: string }) => i.field).sort()).toEqual([
      'categoryId',
      'targetSetId',
    ]);

    const copy = (
      await api('POST', `/api/category-sets/${mine.id}/duplicate`, {
        token: user.token,
        body: { name: 'Copy' },
      })
    ).body.set;
    expectError(
      await move({ categoryId: mine.categories[0].id, targetSetId: copy.id }),
      409,
      'CONFLICT',
    );
    // Bob's categories are untouched.
    expect((await listSets(bob))[0].categoryCount).toBe(bobs.categoryCount);
  });
});

describe('DELETE /api/category-sets/{id}', () => {
  it('refuses the default set and moves a deleted set’s categories to the default', async () => {
    const user = await eliteUser();
    const [def] = await listSets(user);
    expectError(
      await api('DELETE', `/api/category-sets/${def.id}`, { token: user.token }),
      409,
      'CONFLICT',
    );

    const side = await createSet(user, { name: 'Side' });
    const own = await api('POST', '/api/categories', {
      token: user.token,
      body: { name: 'Side hustle' },
    });
    await api('POST', '/api/category-sets/move-category', {
      token: user.token,
      body: { categoryId: own.body.category.id, targetSetId: side.id },
    });
    const res = await api('DELETE', `/api/category-sets/${side.id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Category set deleted; 1 category moved to the default set',
    });
    expectError(
      await api('GET', `/api/category-sets/${side.id}`, { token: user.token }),
      404,
      'NOT_FOUND',
    );

    const [after, ...rest] = await listSets(user);
    expect(rest).toEqual([]);
    expect(after).toMatchObject({
      id: def.id,
      isDefault: true,
      categoryCount: def.categoryCount + 1,
    });
    const cat = await api('GET', `/api/categories/${own.body.category.id}`, { token: user.token });
    expect(cat.body.category).toMatchObject({ name: 'Side hustle', categorySetId: def.id });
  });

  it('suffixes names the default set already has', async () => {
    const user = await eliteUser();
    const [def] = await listSets(user);
    const copy = (
      await api('POST', `/api/category-sets/${def.id}/duplicate`, {
        token: user.token,
        body: { name: 'Biz' },
      })
    ).body.set;
    expect(
      (await api('DELETE', `/api/category-sets/${copy.id}`, { token: user.token })).status,
    ).toBe(200);
    const [after] = await listSets(user);
    expect(after.categoryCount).toBe(def.categoryCount * 2);
    const names = after.categories.map((c: { name: string }) => c.name);
    expect(names).toContain(`${def.categories[0].name} (Biz)`);
    expect(new Set(names.map((n: string) => n.toLowerCase())).size).toBe(names.length);
  });
});
