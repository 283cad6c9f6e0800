import { validateNewCategory } from '../../src/domain/category';
import {
  catalogueFor,
  COUNTRY_CATALOGUES,
  defaultCategorySet,
  GENERIC_CATALOGUE,
  type CountryCatalogue,
} from '../../src/domain/default-categories';
import { BUSINESS_TYPES } from '../../src/domain/user-profile';

const catalogues: [string, CountryCatalogue][] = [
  ...Object.entries(COUNTRY_CATALOGUES),
  ['generic', GENERIC_CATALOGUE],
];

describe.each(catalogues)('the %s catalogue', (_code, catalogue) => {
  const everything = [...catalogue.personal, ...catalogue.business];

  it('has case-insensitively unique names across personal and business categories', () => {
    const names = everything.map((c) => c.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('holds only categories a user could have created (names, icons, colours, labels, rates)', () => {
    for (const seed of everything) {
      expect(validateNewCategory({ ...seed, taxCategory: seed.taxCategory ?? '' })).toEqual(seed);
    }
  });

  it('labels every deductible category and has rates in [0, 1)', () => {
    for (const seed of everything) {
      if (seed.isTaxDeductible) expect(seed.taxCategory).toBeTruthy();
      expect(Number(seed.defaultGstRate)).toBeGreaterThanOrEqual(0);
      expect(Number(seed.defaultGstRate)).toBeLessThan(1);
    }
  });

  it('prefixes business categories so they group together', () => {
    expect(catalogue.business.length).toBeGreaterThan(0);
    for (const seed of catalogue.business) expect(seed.name).toMatch(/^Business: /);
    for (const seed of catalogue.personal) expect(seed.name).not.toMatch(/^Business: /);
  });
});

describe.each(catalogues)('the %s catalogue covers ordinary spending', (_code, catalogue) => {
  const names = catalogue.personal.map((c) => c.name);

  it('has 25–40 personal categories, as leading budgeting apps do', () => {
    expect(names.length).toBeGreaterThanOrEqual(25);
    expect(names.length).toBeLessThanOrEqual(40);
  });

  it('has somewhere right for fuel, travel, pharmacy, fitness, subscriptions, personal care, clothing, home, pets and cash', () => {
    expect(names).toEqual(
      expect.arrayContaining([
        'Fuel',
        'Parking & Tolls',
        'Travel & Holidays',
        'Pharmacy',
        'Fitness & Sport',
        'Subscriptions & Streaming',
        'Personal Care',
        'Clothing',
        'Home & Garden',
        'Pets',
        'Cash Withdrawals',
      ]),
    );
  });
});

describe('Australia', () => {
  const au = COUNTRY_CATALOGUES.AU;

  it('offers a useful everyday set', () => {
    const names = au.personal.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Groceries',
        'Dining Out',
        'Utilities',
        'Rent/Mortgage',
        'Transport',
        'Entertainment',
        'Health',
        'Shopping',
        'Income/Salary',
        'Transfers',
      ]),
    );
    expect(au.personal.length).toBeGreaterThanOrEqual(20);
  });

  it('maps personal deductions to ATO return labels D1–D15', () => {
    const deductible = au.personal.filter((c) => c.isTaxDeductible);
    for (const seed of deductible) expect(seed.taxCategory).toMatch(/^D([1-9]|1[0-5]): /);
    const labels = new Set(deductible.map((c) => c.taxCategory?.split(':')[0]));
    for (const label of [
      'D1',
      'D2',
      'D3',
      'D4',
      'D5',
      'D6',
      'D7',
      'D8',
      'D9',
      'D10',
      'D12',
      'D15',
    ]) {
      expect(labels).toContain(label);
    }
  });

  it('labels business expenses with BUSINESS_ codes', () => {
    for (const seed of au.business) expect(seed.taxCategory).toMatch(/^BUSINESS_[A-Z_]+$/);
  });

  it('charges 10% GST where it applies and none on GST-free supplies', () => {
    const rate = (name: string) =>
      [...au.personal, ...au.business].find((c) => c.name === name)?.defaultGstRate;
    expect(rate('Dining Out')).toBe('0.1');
    expect(rate('Business: Office supplies')).toBe('0.1');
    for (const free of [
      'Groceries',
      'Health',
      'Rent/Mortgage',
      'Income/Salary',
      'Gifts & Donations',
      'Bank Fees',
    ]) {
      expect(rate(free)).toBe('0');
    }
  });
});

describe('the United States', () => {
  const us = COUNTRY_CATALOGUES.US;

  it('offers a small business each Schedule C line its everyday spending is reported on', () => {
    const labels = us.business.map((c) => c.taxCategory);
    for (const line of [
      '8',
      '9',
      '10',
      '11',
      '15',
      '16b',
      '17',
      '18',
      '20b',
      '21',
      '22',
      '23',
      '24a',
      '24b',
      '25',
      '26',
      '27a',
    ])
      expect(labels).toContainEqual(
        expect.stringMatching(new RegExp(`^Schedule C: Line ${line} `)),
      );
    for (const seed of us.business)
      if (seed.isTaxDeductible) expect(seed.taxCategory).toMatch(/^Schedule C: /);
  });
});

describe('country rates', () => {
  const rates = (code: string) =>
    new Set(
      [...catalogueFor(code).personal, ...catalogueFor(code).business].map((c) => c.defaultGstRate),
    );

  it('uses each country’s standard indirect tax rate', () => {
    expect(rates('GB')).toEqual(new Set(['0.2', '0.05', '0']));
    expect(rates('NZ')).toEqual(new Set(['0.15', '0']));
    expect(rates('CA')).toEqual(new Set(['0.05', '0']));
    expect(rates('US')).toEqual(new Set(['0']));
    expect(rates('DE')).toEqual(new Set(['0']));
  });

  it('zero-rates food and reduces domestic energy in the UK', () => {
    const gb = catalogueFor('GB').personal;
    expect(gb.find((c) => c.name === 'Groceries')?.defaultGstRate).toBe('0');
    expect(gb.find((c) => c.name === 'Household Energy')?.defaultGstRate).toBe('0.05');
  });

  it('uses SA103 and Schedule C labels for business expenses', () => {
    for (const seed of catalogueFor('GB').business) expect(seed.taxCategory).toMatch(/^SA103: /);
    for (const seed of catalogueFor('US').business)
      expect(seed.taxCategory).toMatch(/^Schedule C: Line \d+[a-z]? /);
  });
});

describe('defaultCategorySet', () => {
  it('picks the catalogue by country, case-insensitively, with UK as GB and a generic fallback', () => {
    expect(catalogueFor('nz')).toBe(COUNTRY_CATALOGUES.NZ);
    expect(catalogueFor('UK')).toBe(COUNTRY_CATALOGUES.GB);
    expect(catalogueFor('FR')).toBe(GENERIC_CATALOGUE);
  });

  it('adds business categories for sole traders and businesses only', () => {
    const au = COUNTRY_CATALOGUES.AU;
    for (const businessType of BUSINESS_TYPES) {
      const set = defaultCategorySet({ countryCode: 'AU', businessType });
      const expected =
        businessType === 'individual'
          ? au.personal.length
          : au.personal.length + au.business.length;
      expect(set.categories).toHaveLength(expected);
      expect(set.name).toBe('Default');
    }
  });
});
