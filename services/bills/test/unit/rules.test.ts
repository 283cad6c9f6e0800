import { compileRules, money, validateRule, type Rule } from '@pfs/kit';
import { applyBillRulesOrPending, ruleSubject, type BillRulesSource } from '../../src/rules';

const CAT = '00000000-0000-4000-8000-000000000001';

function rule(): Rule {
  return {
    ...validateRule({
      name: 'power',
      appliesTo: ['bills', 'patterns'],
      conditions: [{ field: 'name', type: 'contains', value: 'power' }],
      actions: [
        { type: 'setCategory', value: CAT },
        { type: 'setMerchant', value: 'Power Co' },
      ],
    }),
    id: '00000000-0000-4000-8000-0000000000aa',
    createdAt: '2030-01-01T00:00:00.000Z',
  } as Rule;
}

const subject = {
  appliesTo: 'bills' as const,
  userId: '00000000-0000-4000-8000-0000000000bb',
  name: 'Power bill',
  merchant: null,
  amount: money('120.00'),
  categoryId: null,
  dueDate: '2030-02-01',
};

describe('bill rules', () => {
  it('sets the category and merchant of a matching bill', () => {
    const set = compileRules([rule()], 'bills');
    expect(ruleSubject(set, subject)).toMatchObject({ categoryId: CAT, merchant: 'Power Co' });
    expect(ruleSubject(set, { ...subject, name: 'Water' })).toMatchObject({ categoryId: null });
  });

  it('marks the record pending while categorization cannot be reached', async () => {
    const away: BillRulesSource = { rulesFor: async () => undefined, close: () => undefined };
    expect(await applyBillRulesOrPending(subject, away)).toEqual({ subject, pending: true });
    expect(await applyBillRulesOrPending(subject)).toEqual({ subject, pending: false });
  });
});
