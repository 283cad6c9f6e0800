import { newId, ServiceClient } from '@pfs/kit';
import {
  AssignMode,
  AssignmentServiceClient,
  type AssignCategoriesRequest,
  type AssignmentItem,
  type RuleAssignment,
} from '@pfs/proto/categorization/v1/assignments';
import { newUser, startHarness, type Harness } from './harness';

let h: Harness;
let assignments: ServiceClient<AssignmentServiceClient>;

beforeAll(async () => {
  h = await startHarness();
  assignments = new ServiceClient('categorization', AssignmentServiceClient, h.server.address);
});

afterAll(async () => {
  assignments?.close();
  await h?.close();
});

type AssignOptions = Partial<Omit<AssignCategoriesRequest, 'transactionId' | 'items'>>;

function as(userId: string) {
  const opts = { userId };
  return {
    list: async (transactionId: string) =>
      (await assignments.call((c) => c.listAssignments, { transactionId }, opts)).assignments,
    assign: (transactionId: string, items: AssignmentItem[], more: AssignOptions = {}) =>
      assignments.call(
        (c) => c.assignCategories,
        {
          transactionId,
          items,
          mode: AssignMode.ASSIGN_MODE_ADD,
          assignedBy: '',
          actor: '',
          ...more,
        },
        opts,
      ),
    replace: (transactionId: string, items: AssignmentItem[], more: AssignOptions = {}) =>
      assignments.call(
        (c) => c.assignCategories,
        {
          transactionId,
          items,
          mode: AssignMode.ASSIGN_MODE_REPLACE,
          assignedBy: '',
          actor: '',
          ...more,
        },
        opts,
      ),
    history: async (transactionId: string, page = 0, limit = 0) =>
      assignments.call(
        (c) => c.listAssignmentHistory,
        { transactionId, page: { page, limit } },
        opts,
      ),
  };
}

/** A user with three categories of their own. */
async function setUp() {
  const user = newUser();
  const [a, b, c] = [
    await h.as(user).create({ name: 'Alpha' }),
    await h.as(user).create({ name: 'Bravo' }),
    await h.as(user).create({ name: 'Charlie' }),
  ];
  return { user, api: as(user), a, b, c, tx: newId() };
}

describe('AssignCategories (add)', () => {
  it('assigns several categories, embeds them and records who did it', async () => {
    const { user, api, a, b, tx } = await setUp();
    const res = await api.assign(tx, [
      { categoryId: a.id, isPrimary: true, confidence: 0.8765, notes: 'receipt' },
      { categoryId: b.id },
    ]);
    expect(res).toMatchObject({
      primaryCategoryId: a.id,
      primaryChanged: true,
    });
    expect(res.previousPrimaryCategoryId).toBeUndefined();
    expect(res.assignments).toHaveLength(2);
    expect(res.assignments[0]).toMatchObject({
      transactionId: tx,
      categoryId: a.id,
      categorySetId: a.categorySetId,
      userId: user,
      isPrimary: true,
      confidence: 0.877,
      assignedBy: 'user',
      actor: user,
      notes: 'receipt',
      category: { id: a.id, name: 'Alpha' },
    });
    expect(res.assignments[1]).toMatchObject({ categoryId: b.id, isPrimary: false, confidence: 1 });
    expect(await api.list(tx)).toEqual(res.assignments);

    const { history } = await api.history(tx);
    expect(history.map((e) => [e.action, e.categoryId, e.fromCategoryId, e.toCategoryId])).toEqual([
      ['primary_changed', a.id, undefined, a.id],
      ['assigned', b.id, undefined, b.id],
      ['assigned', a.id, undefined, a.id],
    ]);
    expect(history.every((e) => e.actor === user && e.assignedBy === 'user')).toBe(true);
  });

  it('updates an existing assignment instead of duplicating it; repeating changes nothing', async () => {
    const { api, a, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id, confidence: 0.5 }], {
      assignedBy: 'classifier',
      actor: 'classifier',
    });
    const res = await api.assign(tx, [{ categoryId: a.id, confidence: 0.9 }], {
      assignedBy: 'rule',
      actor: 'rule:groceries',
    });
    expect(res.assignments).toHaveLength(1);
    expect(res.assignments[0]).toMatchObject({
      confidence: 0.9,
      assignedBy: 'rule',
      actor: 'rule:groceries',
    });
    await api.assign(tx, [{ categoryId: a.id, confidence: 0.9 }], {
      assignedBy: 'rule',
      actor: 'rule:groceries',
    });
    const { history, page } = await api.history(tx);
    expect(page?.total).toBe('2');
    expect(history[0]).toMatchObject({
      action: 'updated',
      assignedBy: 'rule',
      actor: 'rule:groceries',
    });
    expect(history[1]).toMatchObject({ action: 'assigned', assignedBy: 'classifier' });
  });

  it('lets a new primary demote the old one', async () => {
    const { api, a, b, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id, isPrimary: true }]);
    const res = await api.assign(tx, [{ categoryId: b.id, isPrimary: true }]);
    expect(res).toMatchObject({
      primaryCategoryId: b.id,
      previousPrimaryCategoryId: a.id,
      primaryChanged: true,
    });
    expect(res.assignments.map((x) => [x.categoryId, x.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    const [latest] = (await api.history(tx)).history;
    expect(latest).toMatchObject({
      action: 'primary_changed',
      fromCategoryId: a.id,
      toCategoryId: b.id,
    });
  });

  it('keeps the primary when an add leaves isPrimary out', async () => {
    const { api, a, b, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id, isPrimary: true }]);
    const res = await api.assign(tx, [{ categoryId: a.id, notes: 'n' }, { categoryId: b.id }]);
    expect(res).toMatchObject({ primaryCategoryId: a.id, primaryChanged: false });
  });

  it('keeps one primary under concurrent requests', async () => {
    const { api, a, b, c, tx } = await setUp();
    await Promise.all(
      [a, b, c].map((cat) => api.assign(tx, [{ categoryId: cat.id, isPrimary: true }])),
    );
    const list = await api.list(tx);
    expect(list).toHaveLength(3);
    expect(list.filter((x) => x.isPrimary)).toHaveLength(1);
  });
});

describe('AssignCategories (replace)', () => {
  it('makes the items the whole set and records removals and the primary change', async () => {
    const { api, a, b, c, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id, isPrimary: true }, { categoryId: b.id }]);
    const res = await api.replace(tx, [{ categoryId: b.id }, { categoryId: c.id }]);
    expect(res.assignments.map((x) => x.categoryId).sort()).toEqual([b.id, c.id].sort());
    expect(res).toMatchObject({ previousPrimaryCategoryId: a.id, primaryChanged: true });
    expect(res.primaryCategoryId).toBeUndefined();
    const actions = (await api.history(tx)).history.slice(0, 3).map((e) => e.action);
    expect(actions).toEqual(['primary_changed', 'assigned', 'removed']);

    const cleared = await api.replace(tx, []);
    expect(cleared.assignments).toEqual([]);
    expect(await api.list(tx)).toEqual([]);
  });
});

describe('validation and isolation', () => {
  it('names every bad item field', async () => {
    const { api, a, tx } = await setUp();
    await expect(
      api.assign(tx, [
        { categoryId: 'nope' },
        { categoryId: a.id, isPrimary: true, confidence: 1.5, assignedBy: 'robot' },
        { categoryId: a.id, isPrimary: true, notes: 'x'.repeat(5001) },
      ]),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [
          { field: 'categories.0.categoryId', message: 'must be a UUID' },
          { field: 'categories.1.confidence', message: expect.any(String) },
          { field: 'categories.1.assignedBy', message: expect.any(String) },
          { field: 'categories.2.categoryId', message: 'is listed more than once' },
          { field: 'categories.2.isPrimary', message: expect.any(String) },
          { field: 'categories.2.notes', message: expect.any(String) },
        ],
      },
    });
    await expect(api.assign(tx, [])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(
      api.assign(tx, [{ categoryId: a.id }], { mode: AssignMode.ASSIGN_MODE_UNSPECIFIED }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('refuses other users’ categories and a set that is not the category’s', async () => {
    const { api, a, tx } = await setUp();
    const theirs = await h.as(newUser()).create({ name: 'Theirs' });
    await expect(
      api.assign(tx, [{ categoryId: a.id }, { categoryId: theirs.id }]),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [{ field: 'categories.1.categoryId', message: 'is not one of your categories' }],
      },
    });
    await expect(
      api.assign(tx, [{ categoryId: a.id, categorySetId: theirs.categorySetId }]),
    ).rejects.toMatchObject({
      details: { issues: [{ field: 'categories.0.categorySetId', message: expect.any(String) }] },
    });
    expect(await api.list(tx)).toEqual([]);
  });

  it('shows nothing of another user’s assignments on the same transaction id', async () => {
    const { api, a, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id }]);
    const stranger = as(newUser());
    expect(await stranger.list(tx)).toEqual([]);
    expect((await stranger.history(tx)).history).toEqual([]);
    await expect(stranger.list('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('history', () => {
  it('pages newest first and survives the category’s deletion', async () => {
    const { api, a, b, tx } = await setUp();
    await api.assign(tx, [{ categoryId: a.id, isPrimary: true }]);
    await api.assign(tx, [{ categoryId: b.id }]);
    await h.as((await api.list(tx))[0].userId).remove(a.id);

    expect(await api.list(tx)).toMatchObject([{ categoryId: b.id }]);
    const { history, page } = await api.history(tx, 1, 2);
    expect(page).toMatchObject({ page: 1, limit: 2, total: '5', pages: 3 });
    expect(history.map((e) => [e.action, e.assignedBy, e.fromCategoryId, e.toCategoryId])).toEqual([
      ['primary_changed', 'system', a.id, undefined],
      ['removed', 'system', a.id, undefined],
    ]);
    const rest = await api.history(tx, 2, 2);
    expect(rest.history.map((e) => e.action)).toEqual(['assigned', 'primary_changed']);
  });
});

describe('RecordRuleAssignments', () => {
  const record = (userId: string, items: RuleAssignment[]) =>
    assignments.call((c) => c.recordRuleAssignments, { items }, { userId });

  it('records 1,000 rule-made primaries with their history in one call', async () => {
    const { user, api, a, b } = await setUp();
    const txs = Array.from({ length: 1000 }, () => newId());
    // The first one already carries another primary, which the rule's category demotes.
    await api.assign(txs[0], [{ categoryId: b.id, isPrimary: true }]);
    const ruleId = newId();
    const res = await record(
      user,
      txs.map((transactionId) => ({ transactionId, categoryId: a.id, ruleId })),
    );
    expect(res).toEqual({ recorded: 1000, skipped: 0 });

    const first = await api.list(txs[0]);
    expect(first.map((x) => [x.categoryId, x.isPrimary, x.assignedBy])).toEqual([
      [a.id, true, 'rule'],
      [b.id, false, 'user'],
    ]);
    expect(first[0].actor).toBe(ruleId);
    const last = await api.list(txs[999]);
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({
      categoryId: a.id,
      isPrimary: true,
      assignedBy: 'rule',
      actor: ruleId,
    });

    const history = (await api.history(txs[999])).history;
    expect(
      history.map((e) => [e.action, e.fromCategoryId, e.toCategoryId, e.assignedBy, e.actor]),
    ).toEqual([
      ['primary_changed', undefined, a.id, 'rule', ruleId],
      ['assigned', undefined, a.id, 'rule', ruleId],
    ]);
    const demoted = (await api.history(txs[0])).history[0];
    expect(demoted).toMatchObject({
      action: 'primary_changed',
      fromCategoryId: b.id,
      toCategoryId: a.id,
      actor: ruleId,
    });

    // Again: already the primary, so nothing new is recorded.
    await record(user, [{ transactionId: txs[999], categoryId: a.id, ruleId }]);
    expect((await api.history(txs[999])).history).toHaveLength(2);
  });

  it('uses the previous category for the history and skips foreign categories', async () => {
    const { user, api, a, b } = await setUp();
    const other = await setUp();
    const [t1, t2] = [newId(), newId()];
    const ruleId = newId();
    const res = await record(user, [
      { transactionId: t1, categoryId: a.id, ruleId, previousCategoryId: b.id },
      { transactionId: t2, categoryId: other.a.id, ruleId },
    ]);
    expect(res).toEqual({ recorded: 1, skipped: 1 });
    expect((await api.history(t1)).history[0]).toMatchObject({
      action: 'primary_changed',
      fromCategoryId: b.id,
      toCategoryId: a.id,
    });
    expect(await api.list(t2)).toEqual([]);
    expect(await other.api.list(t2)).toEqual([]);
  });

  it('refuses more than 5,000 items and malformed ids', async () => {
    const { user, a } = await setUp();
    const ruleId = newId();
    await expect(
      record(
        user,
        Array.from({ length: 5001 }, () => ({ transactionId: newId(), categoryId: a.id, ruleId })),
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(
      record(user, [{ transactionId: 'nope', categoryId: a.id, ruleId }]),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
