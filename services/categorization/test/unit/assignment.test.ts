import { AppError, newId } from '@pfs/kit';
import {
  checkItemCategories,
  planAssignment,
  roundConfidence,
  validateAssignmentRequest,
  type AssignmentItemInput,
  type AssignmentRequest,
  type AssignmentState,
  type AssignMode,
} from '../../src/domain/assignment';

const USER = newId();
const [A, B, C] = [newId(), newId(), newId()];
const SET = newId();
const setOf = new Map([A, B, C].map((id) => [id, SET]));

function issuesOf(fn: () => unknown): { field: string; message: string }[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('VALIDATION_ERROR');
    return (err as AppError).details?.issues ?? [];
  }
  throw new Error('expected a validation error');
}

function request(
  items: AssignmentItemInput[],
  mode: AssignMode = 'add',
  more: { assignedBy?: string; actor?: string } = {},
): AssignmentRequest {
  return validateAssignmentRequest({ items, mode, userId: USER, ...more });
}

function stored(
  categoryId: string,
  fields: Partial<AssignmentState> = {},
): AssignmentState & { id: string } {
  return {
    id: `row-${categoryId}`,
    categoryId,
    categorySetId: SET,
    isPrimary: false,
    confidence: 1,
    assignedBy: 'user',
    actor: USER,
    notes: null,
    ...fields,
  };
}

describe('validateAssignmentRequest', () => {
  it('defaults assignedBy to user and the actor to the caller', () => {
    const r = request([{ categoryId: A.toUpperCase(), confidence: 0.12345, notes: '' }]);
    expect(r).toEqual({
      mode: 'add',
      assignedBy: 'user',
      actor: USER,
      items: [{ categoryId: A, assignedBy: 'user', confidence: 0.123, notes: null }],
    });
  });

  it('lets an item name its own assignedBy and the request name an actor', () => {
    const r = request([{ categoryId: A }, { categoryId: B, assignedBy: 'classifier' }], 'add', {
      assignedBy: 'rule',
      actor: 'rule-42',
    });
    expect(r.items.map((i) => i.assignedBy)).toEqual(['rule', 'classifier']);
    expect(r.actor).toBe('rule-42');
  });

  it('allows at most one primary and names each extra one', () => {
    expect(
      issuesOf(() =>
        request([
          { categoryId: A, isPrimary: true },
          { categoryId: B, isPrimary: false },
          { categoryId: C, isPrimary: true },
        ]),
      ),
    ).toEqual([
      { field: 'categories.2.isPrimary', message: expect.stringContaining('categories.0') },
    ]);
  });

  it('lists every bad field with its path', () => {
    expect(
      issuesOf(() =>
        validateAssignmentRequest({
          items: [
            { categoryId: 'x', categorySetId: 'y' },
            { categoryId: A, confidence: -0.1 },
            { categoryId: A, confidence: Number.NaN, assignedBy: 'admin' },
          ],
          mode: undefined,
          assignedBy: 'nobody',
          actor: 'a'.repeat(201),
          userId: USER,
        }),
      ).map((i) => i.field),
    ).toEqual([
      'mode',
      'assignedBy',
      'actor',
      'categories.0.categoryId',
      'categories.0.categorySetId',
      'categories.1.confidence',
      'categories.2.categoryId',
      'categories.2.confidence',
      'categories.2.assignedBy',
    ]);
  });

  it('needs at least one item to add, none to replace, and at most 50', () => {
    expect(issuesOf(() => request([], 'add'))).toEqual([
      { field: 'categories', message: 'must contain at least one category' },
    ]);
    expect(request([], 'replace').items).toEqual([]);
    const many = Array.from({ length: 51 }, () => ({ categoryId: newId() }));
    expect(issuesOf(() => request(many, 'replace'))[0].field).toBe('categories');
  });

  it('rounds confidence half away from zero to three decimals', () => {
    expect(roundConfidence(0.1235)).toBe(0.124);
    expect(roundConfidence(0.5)).toBe(0.5);
    expect(roundConfidence(1)).toBe(1);
  });
});

describe('checkItemCategories', () => {
  it('rejects categories that are not the caller’s and sets that do not hold them', () => {
    const items = request([{ categoryId: A }, { categoryId: B, categorySetId: newId() }]).items;
    expect(
      issuesOf(() => checkItemCategories(items, new Map([[B, { categorySetId: SET }]]))),
    ).toEqual([
      { field: 'categories.0.categoryId', message: 'is not one of your categories' },
      { field: 'categories.1.categorySetId', message: 'is not the set this category belongs to' },
    ]);
  });
});

describe('planAssignment', () => {
  it('inserts new assignments and records them, the primary change last', () => {
    const plan = planAssignment(
      [],
      request([{ categoryId: A }, { categoryId: B, isPrimary: true, notes: 'why' }]),
      setOf,
    );
    expect(plan.insert.map((a) => [a.categoryId, a.isPrimary, a.confidence])).toEqual([
      [A, false, 1],
      [B, true, 1],
    ]);
    expect(
      plan.history.map((h) => [h.action, h.categoryId, h.fromCategoryId, h.toCategoryId, h.notes]),
    ).toEqual([
      ['assigned', A, null, A, null],
      ['assigned', B, null, B, 'why'],
      ['primary_changed', B, null, B, null],
    ]);
    expect(plan).toMatchObject({ primaryBefore: null, primaryAfter: B, update: [], remove: [] });
  });

  it('demotes the old primary when another becomes primary (add)', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true }), stored(B)],
      request([{ categoryId: C, isPrimary: true }]),
      setOf,
    );
    expect(plan.update).toEqual([{ ...stored(A), isPrimary: false, reassigned: false }]);
    expect(plan.insert).toMatchObject([{ categoryId: C, isPrimary: true }]);
    expect(plan.history.at(-1)).toMatchObject({
      action: 'primary_changed',
      categoryId: C,
      fromCategoryId: A,
      toCategoryId: C,
    });
  });

  it('promotes an existing assignment without recording an update', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true }), stored(B)],
      request([{ categoryId: B, isPrimary: true }]),
      setOf,
    );
    expect(plan.update.map((u) => [u.categoryId, u.isPrimary, u.reassigned])).toEqual([
      [A, false, false],
      [B, true, true],
    ]);
    expect(plan.history.map((h) => h.action)).toEqual(['primary_changed']);
  });

  it('keeps stored values for fields an add leaves out', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true, confidence: 0.4, notes: 'kept' })],
      request([{ categoryId: A }]),
      setOf,
    );
    expect(plan.update).toEqual([]);
    expect(plan.history).toEqual([]);
    expect(plan.primaryAfter).toBe(A);
  });

  it('unsets the primary when an add says isPrimary false', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true })],
      request([{ categoryId: A, isPrimary: false }]),
      setOf,
    );
    expect(plan).toMatchObject({ primaryBefore: A, primaryAfter: null });
    expect(plan.history).toMatchObject([
      { action: 'primary_changed', categoryId: A, fromCategoryId: A, toCategoryId: null },
    ]);
  });

  it('records an update with who made it when content changes', () => {
    const plan = planAssignment(
      [stored(A, { confidence: 0.5, assignedBy: 'classifier', actor: 'classifier' })],
      request([{ categoryId: A, confidence: 0.9 }], 'add', { assignedBy: 'rule', actor: 'rule-1' }),
      setOf,
    );
    expect(plan.update).toMatchObject([
      { categoryId: A, confidence: 0.9, assignedBy: 'rule', actor: 'rule-1', reassigned: true },
    ]);
    expect(plan.history).toMatchObject([
      { action: 'updated', categoryId: A, fromCategoryId: A, toCategoryId: A, actor: 'rule-1' },
    ]);
  });

  it('replace removes what is not listed and resets left-out fields', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true }), stored(B, { notes: 'old', confidence: 0.3 })],
      request([{ categoryId: B }, { categoryId: C }], 'replace'),
      setOf,
    );
    expect(plan.remove.map((r) => r.categoryId)).toEqual([A]);
    expect(plan.update).toMatchObject([{ categoryId: B, notes: null, confidence: 1 }]);
    expect(plan.insert).toMatchObject([{ categoryId: C, isPrimary: false }]);
    expect(plan.history.map((h) => [h.action, h.categoryId])).toEqual([
      ['removed', A],
      ['updated', B],
      ['assigned', C],
      ['primary_changed', A],
    ]);
    expect(plan).toMatchObject({ primaryBefore: A, primaryAfter: null });
  });

  it('replace with the same state changes nothing', () => {
    const plan = planAssignment(
      [stored(A, { isPrimary: true }), stored(B)],
      request([{ categoryId: A, isPrimary: true }, { categoryId: B }], 'replace'),
      setOf,
    );
    expect(plan).toMatchObject({ insert: [], update: [], remove: [], history: [] });
  });

  it('replace with nothing removes everything', () => {
    const plan = planAssignment([stored(A, { isPrimary: true })], request([], 'replace'), setOf);
    expect(plan.remove).toHaveLength(1);
    expect(plan.history.map((h) => h.action)).toEqual(['removed', 'primary_changed']);
  });
});
