import type { UserCategory } from '../../src/domain/classifier/categories';
import { Classifier } from '../../src/domain/classifier/classifier';
import { UserModel } from '../../src/domain/classifier/user-model';
import { defaultCategories, namedCategories } from './named-categories';

const us = defaultCategories('US');

const classify = (
  categories: UserCategory[],
  description: string,
  type = 'debit',
  userModel?: UserModel,
) =>
  new Classifier({ countryCode: 'US', businessType: 'individual', categories, userModel }).classify(
    { id: 't', description, amount: 120, type },
  );

describe('paper cheques', () => {
  it('say no category, and why, where no category of the user is for cheques', () => {
    for (const description of ['CHECK 1234', 'DDA CHECK 0000000999', 'CHECK # 0000001639']) {
      const result = classify(us, description);
      expect(result.categoryId).toBeNull();
      expect(result.confidence).toBe(0);
      expect(result.reasoning).toMatch(/paper cheque.*no category of yours is for that/);
    }
    expect(classify(us, 'MOBILE CHECK DEPOSIT', 'credit').categoryId).toBeNull();
  });

  it('go to a category named for cheques, in the languages the ontology knows', () => {
    const english = namedCategories(['Food & Dining', 'Cash & Checks', 'Fees & Charges']);
    expect(classify(english, 'CHECK 1234').categoryName).toBe('Cash & Checks');
    const german = namedCategories(['Lebensmittel', 'Schecks', 'Gebühren']);
    expect(classify(german, 'CHEQUE 000123').categoryName).toBe('Schecks');
    // A health check is not a cheque.
    const health = namedCategories(['Health Check-ups', 'Groceries']);
    expect(classify(health, 'CHECK 1234').categoryId).toBeNull();
  });

  it('paid in go to a cheque category, else to a general income one, never to wages', () => {
    const mobile = 'DEPOSIT@MOBILE';
    const household = namedCategories(['Paychecks', 'Other Income', 'Phone', 'Transfer']);
    const paidIn = classify(household, mobile, 'credit');
    expect(paidIn.categoryName).toBe('Other Income');
    expect(paidIn.reasoning).toMatch(/a cheque paid in/);
    expect(
      classify(namedCategories(['Income', 'Mobile Phone']), 'MOBILE DEPOSIT', 'credit'),
    ).toMatchObject({ categoryName: 'Income' });
    const withCheques = namedCategories(['Income', 'Cash & Checks', 'Bills & Utilities']);
    expect(classify(withCheques, 'MOBILE DEPOSIT', 'credit').categoryName).toBe('Cash & Checks');
    // A kind of income is no place for a cheque of unknown origin; nor is the US default
    // "Income/Salary", which is wages to the tax return.
    const kinds = namedCategories(['Paychecks', 'Interest Income', 'Phone']);
    expect(classify(kinds, mobile, 'credit').categoryId).toBeNull();
    const phoned = classify(us, 'MOBILE DEPOSIT', 'credit');
    expect(phoned.categoryId).toBeNull();
    expect(phoned.reasoning).toMatch(/cheque paid in.*no category of yours is for that/);
    expect(classify(us, 'REMOTE DEPOSIT', 'credit').categoryId).toBeNull();
    // Nor Australia's "Income Protection Insurance", nor a business's sales income.
    for (const [countryCode, businessType] of [
      ['AU', 'individual'],
      ['US', 'business'],
    ] as const) {
      const categories = defaultCategories(countryCode, businessType);
      const result = new Classifier({ countryCode, businessType, categories }).classify({
        id: 't',
        description: 'MOBILE DEPOSIT',
        amount: 120,
        type: 'credit',
      });
      expect(result.categoryId).toBeNull();
    }
    // A cheque written (money out) is no income, whatever categories there are.
    expect(classify(household, 'CHECK 1234', 'debit').categoryName).not.toBe('Other Income');
  });

  it('paid in teach the keyword model nothing of how they came in', () => {
    // DEPOSIT alone is as often wages or a transfer: "Checking Deposit" is not read as a cheque.
    const app = namedCategories(['Income', 'Cash & Checks', 'Food & Dining']);
    expect(classify(app, 'Checking Deposit', 'credit').categoryName).toBe('Income');
  });

  it('follow the user where they have filed their cheques', () => {
    const rent = us.find((c) => c.name === 'Rent') as UserCategory;
    const model = new UserModel();
    ['CHECK 1201', 'CHECK 1202', 'CHECK 1203'].forEach((description, i) =>
      model.learn({ transactionId: `l${i}`, description, type: 'debit', categoryId: rent.id }),
    );
    expect(classify(us, 'CHECK 1204', 'debit', model).categoryId).toBe(rent.id);
  });

  it('are not read into a debit card as banks print it, nor into a cheque-book order', () => {
    expect(classify(us, 'CHECK CRD PURCHASE 01/02 STARBUCKS').categoryName).toBe('Dining Out');
    expect(classify(us, 'CHK CARD PURCHASE SHELL OIL 5744').categoryName).toBe('Fuel');
    expect(classify(us, 'CHECK CARD 0102 SHELL OIL 5744').categoryName).toBe('Fuel');
    expect(classify(us, 'CHECK ORDER FEE').categoryName).toBe('Bank Fees');
  });

  it('are not called refunds when money comes in; a shop’s credit is', () => {
    expect(classify(us, 'ZELLE FROM JOHN', 'credit').reasoning).not.toMatch(/refund/);
    expect(classify(us, 'AMAZON MKTPLACE', 'credit').reasoning).toMatch(/likely a refund/);
  });
});
