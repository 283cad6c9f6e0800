import {
  AppError,
  applyRules,
  compileRules,
  netChanges,
  validateRule,
  type Rule,
  type RuleRecord,
  type RuleTarget,
} from '../../src';

let seq = 0;
function rule(input: Record<string, unknown>, extra: Partial<Rule> = {}): Rule {
  seq++;
  return {
    ...validateRule({ name: `rule ${seq}`, ...input }),
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, seq)).toISOString(),
    ...extra,
  };
}

const CAT_A = '11111111-1111-4111-8111-111111111111';
const CAT_B = '22222222-2222-4222-8222-222222222222';

const tx = (over: RuleRecord = {}): RuleRecord => ({
  description: 'UBER *TRIP Sydney',
  merchant: 'Uber',
  amount: '25.50',
  type: 'debit',
  date: '2024-03-15',
  categoryId: null,
  isTaxDeductible: false,
  businessUsePercentage: '100',
  gstRate: null,
  gstIncluded: true,
  ...over,
});

function matches(
  condition: Record<string, unknown>,
  record: RuleRecord = tx(),
  target: RuleTarget = 'transactions',
): boolean {
  const r = rule({
    appliesTo: [target],
    conditions: [condition],
    actions: [{ type: 'setCategory', value: CAT_A }],
  });
  return applyRules(compileRules([r], target), record).matchedRuleIds.length === 1;
}

function validationIssues(input: Record<string, unknown>): string[] {
  try {
    validateRule(input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return ((err as AppError).details?.issues ?? []).map((i) => i.field);
  }
  throw new Error('expected a validation error');
}

describe('rule conditions', () => {
  it('contains, equals, startsWith, endsWith ignore case unless caseSensitive', () => {
    expect(matches({ field: 'description', type: 'contains', value: 'uber' })).toBe(true);
    expect(
      matches({ field: 'description', type: 'contains', value: 'uber', caseSensitive: true }),
    ).toBe(false);
    expect(
      matches({ field: 'description', type: 'contains', value: 'UBER', caseSensitive: true }),
    ).toBe(true);
    expect(matches({ field: 'merchant', type: 'equals', value: 'UBER' })).toBe(true);
    expect(matches({ field: 'merchant', type: 'equals', value: 'Ube' })).toBe(false);
    expect(matches({ field: 'description', type: 'startsWith', value: 'uber *' })).toBe(true);
    expect(matches({ field: 'description', type: 'startsWith', value: 'trip' })).toBe(false);
    expect(matches({ field: 'description', type: 'endsWith', value: 'SYDNEY' })).toBe(true);
    expect(
      matches({ field: 'description', type: 'endsWith', value: 'Sydney', caseSensitive: true }),
    ).toBe(true);
    expect(
      matches({ field: 'description', type: 'endsWith', value: 'sydney', caseSensitive: true }),
    ).toBe(false);
  });

  it('regex uses RE2 syntax, case-insensitive by default', () => {
    expect(matches({ field: 'description', type: 'regex', value: '^uber \\*trip' })).toBe(true);
    expect(
      matches({ field: 'description', type: 'regex', value: '^uber', caseSensitive: true }),
    ).toBe(false);
    expect(matches({ field: 'description', type: 'regex', value: '\\d+' })).toBe(false);
  });

  it('negate inverts any condition', () => {
    expect(matches({ field: 'description', type: 'contains', value: 'uber', negate: true })).toBe(
      false,
    );
    expect(matches({ field: 'description', type: 'contains', value: 'lyft', negate: true })).toBe(
      true,
    );
    expect(matches({ field: 'amount', type: 'between', value: [1, 10], negate: true })).toBe(true);
  });

  it('compares amounts as decimals', () => {
    expect(matches({ field: 'amount', type: 'gt', value: 25.49 })).toBe(true);
    expect(matches({ field: 'amount', type: 'gt', value: '25.50' })).toBe(false);
    expect(matches({ field: 'amount', type: 'gte', value: '25.5' })).toBe(true);
    expect(matches({ field: 'amount', type: 'lt', value: 25.51 })).toBe(true);
    expect(matches({ field: 'amount', type: 'lte', value: 25.5 })).toBe(true);
    expect(matches({ field: 'amount', type: 'lte', value: 25.49 })).toBe(false);
    expect(matches({ field: 'amount', type: 'equals', value: 25.5 })).toBe(true);
    // 0.1 + 0.2 is not 0.3 in binary floats; it is in decimals.
    expect(matches({ field: 'amount', type: 'equals', value: '0.3' }, tx({ amount: '0.30' }))).toBe(
      true,
    );
    expect(matches({ field: 'amount', type: 'between', value: [25.5, 30] })).toBe(true);
    expect(matches({ field: 'amount', type: 'between', value: [0, 25.49] })).toBe(false);
    expect(matches({ field: 'amount', type: 'in', value: [10, '25.50'] })).toBe(true);
  });

  it('compares dates as calendar days', () => {
    expect(matches({ field: 'date', type: 'gte', value: '2024-03-15' })).toBe(true);
    expect(matches({ field: 'date', type: 'gt', value: '2024-03-15' })).toBe(false);
    expect(matches({ field: 'date', type: 'between', value: ['2024-03-01', '2024-03-31'] })).toBe(
      true,
    );
    expect(matches({ field: 'date', type: 'lt', value: '2024-01-01' })).toBe(false);
  });

  it('in matches any listed value; isEmpty matches null and empty text; booleans by equals', () => {
    expect(matches({ field: 'merchant', type: 'in', value: ['lyft', 'uber'] })).toBe(true);
    expect(matches({ field: 'merchant', type: 'in', value: ['Uber'], caseSensitive: true })).toBe(
      true,
    );
    expect(matches({ field: 'type', type: 'in', value: ['credit'] })).toBe(false);
    expect(matches({ field: 'categoryId', type: 'isEmpty' })).toBe(true);
    expect(matches({ field: 'merchant', type: 'isEmpty' }, tx({ merchant: null }))).toBe(true);
    expect(matches({ field: 'isTaxDeductible', type: 'equals', value: false })).toBe(true);
  });

  it('works on bills, expenses and patterns fields', () => {
    expect(
      matches(
        { field: 'name', type: 'contains', value: 'power' },
        { name: 'Power bill', amount: '80.00', dueDate: '2024-05-01' },
        'bills',
      ),
    ).toBe(true);
    expect(
      matches(
        { field: 'dueDate', type: 'lt', value: '2024-06-01' },
        { name: 'x', dueDate: '2024-05-01' },
        'bills',
      ),
    ).toBe(true);
    expect(
      matches(
        { field: 'frequency', type: 'equals', value: 'monthly' },
        { name: 'Rent', frequency: 'monthly' },
        'patterns',
      ),
    ).toBe(true);
    expect(
      matches(
        { field: 'description', type: 'contains', value: 'pens' },
        { description: 'Pens', amount: '3.00', date: '2024-01-01' },
        'expenses',
      ),
    ).toBe(true);
  });
});

describe('match, order and stopProcessing', () => {
  const conds = [
    { field: 'description', type: 'contains', value: 'uber' },
    { field: 'amount', type: 'gt', value: 100 },
  ];

  it('match all needs every condition, any needs one', () => {
    expect(
      applyRules(
        compileRules(
          [rule({ conditions: conds, actions: [{ type: 'setCategory', value: CAT_A }] })],
          'transactions',
        ),
        tx(),
      ).matchedRuleIds,
    ).toHaveLength(0);
    expect(
      applyRules(
        compileRules(
          [
            rule({
              match: 'any',
              conditions: conds,
              actions: [{ type: 'setCategory', value: CAT_A }],
            }),
          ],
          'transactions',
        ),
        tx(),
      ).matchedRuleIds,
    ).toHaveLength(1);
  });

  it('runs in priority order (lower first); the last writer of a field wins', () => {
    const early = rule({
      priority: 1,
      conditions: [conds[0]],
      actions: [{ type: 'setMerchant', value: 'Early' }],
    });
    const late = rule({
      priority: 5,
      conditions: [conds[0]],
      actions: [{ type: 'setMerchant', value: 'Late' }],
    });
    // Given in reverse order: the engine sorts.
    const out = applyRules(compileRules([late, early], 'transactions'), tx());
    expect(out.matchedRuleIds).toEqual([early.id, late.id]);
    expect(out.record.merchant).toBe('Late');
    expect(out.changes.map((c) => c.to)).toEqual(['Early', 'Late']);
    expect([...netChanges(out.changes)]).toEqual([['merchant', { from: 'Uber', to: 'Late' }]]);
  });

  it('equal priorities run oldest first', () => {
    const a = rule({
      priority: 3,
      conditions: [conds[0]],
      actions: [{ type: 'setMerchant', value: 'A' }],
    });
    const b = rule({
      priority: 3,
      conditions: [conds[0]],
      actions: [{ type: 'setMerchant', value: 'B' }],
    });
    expect(applyRules(compileRules([b, a], 'transactions'), tx()).matchedRuleIds).toEqual([
      a.id,
      b.id,
    ]);
  });

  it('stopProcessing on a matching rule ends the run; on a non-matching rule it does not', () => {
    const stopper = rule({
      priority: 1,
      stopProcessing: true,
      conditions: [conds[0]],
      actions: [{ type: 'setCategory', value: CAT_A }],
    });
    const after = rule({
      priority: 2,
      conditions: [conds[0]],
      actions: [{ type: 'setCategory', value: CAT_B }],
    });
    let out = applyRules(compileRules([after, stopper], 'transactions'), tx());
    expect(out.matchedRuleIds).toEqual([stopper.id]);
    expect(out.record.categoryId).toBe(CAT_A);

    const idle = rule({
      priority: 1,
      stopProcessing: true,
      conditions: [{ field: 'description', type: 'contains', value: 'nomatch' }],
      actions: [{ type: 'setCategory', value: CAT_A }],
    });
    out = applyRules(compileRules([idle, after], 'transactions'), tx());
    expect(out.record.categoryId).toBe(CAT_B);
  });

  it('skips disabled rules and rules for other targets', () => {
    const off = rule({
      enabled: false,
      conditions: [conds[0]],
      actions: [{ type: 'setCategory', value: CAT_A }],
    });
    const bills = rule({
      appliesTo: ['bills'],
      conditions: [{ field: 'name', type: 'contains', value: 'uber' }],
      actions: [{ type: 'setCategory', value: CAT_A }],
    });
    expect(compileRules([off, bills], 'transactions').rules).toHaveLength(0);
  });

  it("later rules see earlier rules' changes", () => {
    const first = rule({
      priority: 1,
      conditions: [conds[0]],
      actions: [{ type: 'setCategory', value: CAT_A }],
    });
    const second = rule({
      priority: 2,
      conditions: [{ field: 'categoryId', type: 'equals', value: CAT_A }],
      actions: [{ type: 'setTaxFlags', value: { isTaxDeductible: true } }],
    });
    expect(
      applyRules(compileRules([second, first], 'transactions'), tx()).record.isTaxDeductible,
    ).toBe(true);
  });
});

describe('rule actions', () => {
  const when = [{ field: 'description', type: 'contains', value: 'uber' }];
  const run = (actions: unknown[], target: RuleTarget = 'transactions', record = tx()) =>
    applyRules(
      compileRules(
        [
          rule({
            appliesTo: [target],
            conditions:
              target === 'transactions'
                ? when
                : [{ field: 'name', type: 'contains', value: 'uber' }],
            actions,
          }),
        ],
        target,
      ),
      record,
    );

  it('setCategory, setTaxFlags, setBusinessUse, setMerchant, setGst change the record', () => {
    const out = run([
      { type: 'setCategory', value: CAT_A.toUpperCase() },
      { type: 'setTaxFlags', value: { isTaxDeductible: true, taxCategory: 'travel' } },
      { type: 'setBusinessUse', value: 60 },
      { type: 'setMerchant', value: ' Uber Rides ' },
      { type: 'setGst', value: { gstRate: 0.1, gstIncluded: false } },
    ]);
    expect(out.record).toMatchObject({
      categoryId: CAT_A,
      isTaxDeductible: true,
      businessUsePercentage: '60',
      merchant: 'Uber Rides',
      gstRate: '0.1',
      gstIncluded: false,
    });
    // taxCategory is not a transaction field: not written.
    expect(out.record.taxCategory).toBeUndefined();
    expect(out.changes.map((c) => c.field)).toEqual([
      'categoryId',
      'isTaxDeductible',
      'businessUsePercentage',
      'merchant',
      'gstRate',
      'gstIncluded',
    ]);
  });

  it('addCategory collects extra categories without changing the record', () => {
    const out = run([{ type: 'addCategory', value: CAT_B }]);
    expect(out.addCategories).toEqual([{ categoryId: CAT_B, ruleId: out.matchedRuleIds[0] }]);
    expect(out.changes).toEqual([]);
  });

  it('a value equal to the current one is no change; fields a target lacks are left alone', () => {
    expect(run([{ type: 'setMerchant', value: 'Uber' }]).changes).toEqual([]);
    const bill = run(
      [
        { type: 'setTaxFlags', value: { isTaxDeductible: true } },
        { type: 'setMerchant', value: 'Uber' },
      ],
      'bills',
      { name: 'Uber pass', merchant: null, amount: '10.00', categoryId: null },
    );
    expect(bill.record.isTaxDeductible).toBeUndefined();
    expect(bill.record.merchant).toBe('Uber');
  });

  it('does not modify its input', () => {
    const input = tx();
    run([{ type: 'setMerchant', value: 'X' }], 'transactions', input);
    expect(input.merchant).toBe('Uber');
  });
});

describe('validation', () => {
  it('fills defaults', () => {
    expect(
      validateRule({
        name: ' r ',
        conditions: [{ field: 'amount', type: 'gt', value: '10' }],
        actions: [{ type: 'setMerchant', value: 'm' }],
      }),
    ).toEqual({
      name: 'r',
      priority: 100,
      enabled: true,
      appliesTo: ['transactions'],
      match: 'all',
      conditions: [{ field: 'amount', type: 'gt', value: '10' }],
      actions: [{ type: 'setMerchant', value: 'm' }],
      stopProcessing: false,
    });
  });

  it('rejects invalid regexes (RE2 has no lookaround or backreferences)', () => {
    for (const value of ['(unclosed', '(?<=a)b', '(a)\\1', 'x'.repeat(501)]) {
      expect(
        validationIssues({
          name: 'r',
          conditions: [{ field: 'description', type: 'regex', value }],
          actions: [{ type: 'setMerchant', value: 'm' }],
        }),
      ).toEqual(['conditions.0.value']);
    }
  });

  it('reports every bad field by path', () => {
    expect(
      validationIssues({
        name: '',
        priority: 1.5,
        appliesTo: ['nope'],
        match: 'some',
        conditions: [
          { field: 'colour', type: 'equals', value: 'x' },
          { field: 'amount', type: 'contains', value: 'x' },
          { field: 'amount', type: 'between', value: [10] },
          { field: 'amount', type: 'between', value: [10, 1] },
          { field: 'merchant', type: 'in', value: 'x' },
          { field: 'date', type: 'gt', value: '2024-02-30' },
        ],
        actions: [
          { type: 'setCategory', value: 'not-a-uuid' },
          { type: 'setBusinessUse', value: 101 },
          { type: 'setGst', value: { gstRate: 2 } },
          { type: 'setTaxFlags', value: {} },
          { type: 'explode', value: 1 },
        ],
      }),
    ).toEqual([
      'name',
      'priority',
      'appliesTo',
      'match',
      'conditions.0.field',
      'conditions.1.type',
      'conditions.2.value',
      'conditions.3.value',
      'conditions.4.value',
      'conditions.5.value',
      'actions.0.value',
      'actions.1.value',
      'actions.2.value',
      'actions.3.value',
      'actions.4.type',
    ]);
  });

  it('limits conditions, actions and name length', () => {
    const c = { field: 'amount', type: 'gt', value: 1 };
    const a = { type: 'setMerchant', value: 'm' };
    expect(
      validationIssues({
        name: 'x'.repeat(201),
        conditions: Array(51).fill(c),
        actions: Array(21).fill(a),
      }),
    ).toEqual(['name', 'conditions', 'actions']);
  });
});

describe('regular expressions run in linear time', () => {
  it('(a+)+$ against 10,000 a followed by b completes', () => {
    const r = rule({
      conditions: [{ field: 'description', type: 'regex', value: '(a+)+$' }],
      actions: [{ type: 'setMerchant', value: 'm' }],
    });
    const out = applyRules(
      compileRules([r], 'transactions'),
      tx({ description: 'a'.repeat(10_000) + 'b' }),
    );
    expect(out.matchedRuleIds).toEqual([]);
    const hit = applyRules(
      compileRules([r], 'transactions'),
      tx({ description: 'a'.repeat(10_000) }),
    );
    expect(hit.matchedRuleIds).toEqual([r.id]);
  });
});
