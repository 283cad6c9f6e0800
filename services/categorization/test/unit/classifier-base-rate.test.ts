import { shiftToBaseRate } from '../../src/domain/classifier/base-rate';
import { Classifier } from '../../src/domain/classifier/classifier';
import { UserModel } from '../../src/domain/classifier/user-model';
import { namedCategories } from './named-categories';

describe('shiftToBaseRate', () => {
  it('moves an even belief to where the user files merchants, keeping its total', () => {
    const belief = new Map([
      ['dining', 0.3],
      ['shopping', 0.3],
    ]);
    // 8 restaurants and 2 shops; with one pseudo-merchant per category of 4: 9/14 and 3/14.
    shiftToBaseRate(
      belief,
      new Map([
        ['dining', 8],
        ['shopping', 2],
      ]),
      4,
    );
    expect((belief.get('dining') as number) + (belief.get('shopping') as number)).toBeCloseTo(
      0.6,
      12,
    );
    expect((belief.get('dining') as number) / (belief.get('shopping') as number)).toBeCloseTo(
      3,
      12,
    );
  });

  it('leaves the belief as it was when the user has filed no merchant', () => {
    const belief = new Map([
      ['dining', 0.2],
      ['shopping', 0.5],
    ]);
    shiftToBaseRate(belief, new Map(), 4);
    expect(belief).toEqual(
      new Map([
        ['dining', 0.2],
        ['shopping', 0.5],
      ]),
    );
  });

  it('weighs one labelled merchant against one pseudo-merchant per category', () => {
    const belief = new Map([
      ['dining', 0.5],
      ['shopping', 0.5],
    ]);
    shiftToBaseRate(belief, new Map([['shopping', 1]]), 20);
    // One merchant of 20 categories: shopping's weight is 2/21 · 20 against dining's 1/21 · 20.
    expect(belief.get('shopping')).toBeCloseTo(2 / 3, 12);
  });
});

describe('the user model counts merchants, not lines', () => {
  it('counts a merchant once however many lines, and lets it go with its last label', () => {
    const model = new UserModel();
    const label = (transactionId: string, description: string, categoryId: string) =>
      model.learn({ transactionId, description, type: 'debit', categoryId });
    label('a', 'AMZN MKTP US*2E7834L62', 'shopping');
    label('b', 'AMZN MKTP US*RB8LQ8UR2', 'shopping');
    label('c', 'AMZN MKTP US*IU62Q2VE3', 'shopping');
    label('d', 'THE BLIND ELEPHANT', 'dining');
    label('e', 'SOVEREIGN REMEDIES', 'dining');
    expect(model.merchantsPerCategory()).toEqual(
      new Map([
        ['shopping', 1],
        ['dining', 2],
      ]),
    );
    model.forget('a');
    model.forget('b');
    expect(model.merchantsPerCategory().get('shopping')).toBe(1);
    // A correction moves the merchant: its old category keeps none of it.
    label('c', 'AMZN MKTP US*IU62Q2VE3', 'dining');
    expect(model.merchantsPerCategory()).toEqual(new Map([['dining', 3]]));
  });
});

describe('a name the knowledge has no word for', () => {
  const categories = namedCategories(['Food & Dining', 'Shopping', 'Groceries', 'Travel']);
  const idOf = (name: string) => categories.find((c) => c.name === name)?.id as string;

  it('goes where the user files new merchants, not where their repeated lines are', () => {
    const model = new UserModel();
    // Forty monthly lines of one shop, and eight restaurants of a line or two each.
    for (let i = 0; i < 40; i++)
      model.learn({
        transactionId: `s${i}`,
        description: `AMZN MKTP US*${1000 + i}`,
        type: 'debit',
        amount: 20 + i,
        categoryId: idOf('Shopping'),
      });
    ['BUN D', 'CASK N FLAGON', 'ARCHER STREET', 'OPIUM', 'BENITOS HAT', 'KONOBA MOSKAR'].forEach(
      (name, i) =>
        model.learn({
          transactionId: `d${i}`,
          description: name,
          type: 'debit',
          amount: 30,
          categoryId: idOf('Food & Dining'),
        }),
    );
    const classify = (userModel?: UserModel) =>
      new Classifier({
        countryCode: 'US',
        businessType: 'individual',
        categories,
        userModel,
      }).classify({ id: 'q', description: 'THE BLIND ELEPHANT', type: 'debit', amount: 21 })
        .categoryName;
    expect(classify(model)).toBe('Food & Dining');
  });
});
