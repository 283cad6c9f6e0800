import { Classifier } from '../../src/domain/classifier/classifier';
import { NeighbourIndex, terms } from '../../src/domain/classifier/neighbours';
import { UserModel } from '../../src/domain/classifier/user-model';
import { namedCategories } from './named-categories';

const entry = (seq: number, categoryId: string, amount?: number, type = 'debit') => ({
  seq,
  categoryId,
  amount,
  type,
});

describe('terms', () => {
  it('counts lower-cased words and adjacent word pairs', () => {
    expect([...terms('Shell  KINGS shell')]).toEqual([
      ['shell', 2],
      ['kings', 1],
      ['shell kings', 1],
      ['kings shell', 1],
    ]);
  });
});

describe('NeighbourIndex', () => {
  it('votes for the category of the most similar labelled description', () => {
    const index = new NeighbourIndex();
    index.add('blue bottle coffee', entry(1, 'dining'));
    index.add('shell fiveways', entry(2, 'fuel'));
    index.add('shell kings', entry(3, 'fuel'));
    const vote = index.vote({ text: 'blue bottle coffee sydney', type: 'debit' })!;
    expect([...vote.distribution.entries()].sort((a, b) => b[1] - a[1])[0][0]).toBe('dining');
    expect(vote.nearest).toBe('blue bottle coffee');
    expect(vote.similarity).toBeGreaterThan(0.5);
    expect(vote.similarity).toBeLessThan(1);
    const total = [...vote.distribution.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 10);
  });

  it('lets the newest label of the same description win (the user changed their mind)', () => {
    const index = new NeighbourIndex();
    index.add('amazon marketplace', entry(1, 'shopping'));
    index.add('amazon marketplace', entry(2, 'shopping'));
    index.add('amazon marketplace', entry(3, 'household'));
    const vote = index.vote({ text: 'amazon marketplace' })!;
    expect(vote.similarity).toBeCloseTo(1, 10);
    expect(vote.distribution.get('household')!).toBeGreaterThan(vote.distribution.get('shopping')!);
  });

  it('prefers the label with the same amount, and money moving the same way', () => {
    const index = new NeighbourIndex();
    index.add('usaa funds transfer', entry(1, 'savings', 1100));
    index.add('usaa funds transfer', entry(2, 'credit card payment', 250.5));
    index.add('usaa funds transfer', entry(3, 'income', 1100, 'credit'));
    const vote = index.vote({ text: 'usaa funds transfer', amount: 1100, type: 'debit' })!;
    const best = [...vote.distribution.entries()].sort((a, b) => b[1] - a[1])[0][0];
    expect(best).toBe('savings');
  });

  it('forgets a removed label at once, and an emptied description entirely', () => {
    const index = new NeighbourIndex();
    index.add('netflix', entry(1, 'streaming'));
    index.add('netflix', entry(2, 'entertainment'));
    index.remove('netflix', 2);
    expect([...index.vote({ text: 'netflix' })!.distribution.keys()]).toEqual(['streaming']);
    index.remove('netflix', 1);
    expect(index.vote({ text: 'netflix' })).toBeUndefined();
  });

  it('finds nothing for a description sharing no n-gram with any label', () => {
    const index = new NeighbourIndex();
    index.add('woolworths', entry(1, 'groceries'));
    expect(index.vote({ text: 'zz qq' })).toBeUndefined();
  });
});

describe('UserModel neighbours in the classifier', () => {
  const categories = namedCategories(['Shopping', 'Household', 'Groceries']);

  it('follows the user’s latest filing of a merchant; forgetting the newest label weakens it, learning it again brings it back', () => {
    const model = new UserModel();
    const label = (n: number, categoryId: string) =>
      model.learn({
        transactionId: `t${n}`,
        description: `ACME HOMEWARES ${1000 + n} SPRINGFIELD`,
        amount: 20 + n,
        type: 'debit',
        categoryId,
      });
    label(1, 'c0');
    label(2, 'c0');
    label(3, 'c1');
    label(4, 'c1');
    const classifier = new Classifier({
      countryCode: 'US',
      businessType: 'individual',
      categories,
      userModel: model,
    });
    const query = {
      id: 'q',
      description: 'ACME HOMEWARES 1099 SPRINGFIELD',
      amount: 31,
      type: 'debit',
    };
    const before = classifier.classify(query);
    expect(before.categoryId).toBe('c1');
    expect(before.source).toBe('user_label');
    expect(before.reasoning).toBe(
      "Like 'Acme Homewares Springfield', which you labelled Household",
    );
    model.forget('t4');
    const during = classifier.classify(query);
    expect(during.confidence).toBeLessThanOrEqual(before.confidence);
    label(4, 'c1');
    const again = classifier.classify(query);
    expect(again.categoryId).toBe('c1');
    expect(again.confidence).toBeGreaterThanOrEqual(during.confidence);
    expect(again.reasoning).toBe(before.reasoning);
    model.forget('t3');
    model.forget('t4');
    expect(classifier.classify(query).categoryId).toBe('c0');
  });
});
