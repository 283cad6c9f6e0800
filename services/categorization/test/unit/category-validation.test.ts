import { AppError } from '@pfs/kit';
import {
  NEW_CATEGORY_DEFAULTS,
  validateCategoryPatch,
  validateNewCategory,
} from '../../src/domain/category';
import { formatGstRate, gstRateIssue } from '../../src/domain/gst-rate';

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

describe('validateNewCategory', () => {
  it('trims the name and fills defaults for omitted fields', () => {
    expect(validateNewCategory({ name: '  Coffee  ' })).toEqual({
      ...NEW_CATEGORY_DEFAULTS,
      name: 'Coffee',
    });
  });

  it('keeps every given field, normalising the rate and an empty tax label', () => {
    expect(
      validateNewCategory({
        name: 'Tools',
        icon: 'wrench',
        color: '#a1B2c3',
        isTaxDeductible: true,
        taxCategory: '  ',
        defaultGstRate: '0.10000',
      }),
    ).toEqual({
      name: 'Tools',
      icon: 'wrench',
      color: '#a1B2c3',
      isTaxDeductible: true,
      taxCategory: null,
      defaultGstRate: '0.1',
    });
  });

  it('requires a name', () => {
    expect(issuesOf(() => validateNewCategory({}))).toEqual([
      { field: 'name', message: 'is required' },
    ]);
    expect(issuesOf(() => validateNewCategory({ name: '   ' }))).toEqual([
      { field: 'name', message: 'must not be empty' },
    ]);
  });

  it('counts name length in characters, as the database does', () => {
    expect(validateNewCategory({ name: '€'.repeat(200) }).name).toHaveLength(200);
    expect(validateNewCategory({ name: '😀'.repeat(200) }).name).toHaveLength(400);
    expect(issuesOf(() => validateNewCategory({ name: 'x'.repeat(201) }))[0].field).toBe('name');
  });

  it('lists every bad field at once, with camelCase names', () => {
    const issues = issuesOf(() =>
      validateNewCategory({
        icon: 'i'.repeat(51),
        color: 'red',
        taxCategory: 't'.repeat(101),
        defaultGstRate: '1',
      }),
    );
    expect(issues.map((i) => i.field)).toEqual([
      'name',
      'icon',
      'color',
      'taxCategory',
      'defaultGstRate',
    ]);
  });
});

describe('validateCategoryPatch', () => {
  it('returns only the fields present', () => {
    expect(validateCategoryPatch({})).toEqual({});
    expect(validateCategoryPatch({ color: '#000000', isTaxDeductible: false })).toEqual({
      color: '#000000',
      isTaxDeductible: false,
    });
  });

  it('clears the tax label with an empty string', () => {
    expect(validateCategoryPatch({ taxCategory: '' })).toEqual({ taxCategory: null });
  });

  it('rejects an empty name and a malformed colour together', () => {
    const issues = issuesOf(() => validateCategoryPatch({ name: '', color: '#12345' }));
    expect(issues.map((i) => i.field)).toEqual(['name', 'color']);
  });
});

describe('GST rates', () => {
  it.each(['0', '0.1', '0.15', '0.05', '0.99999', '00.5', '0.10000'])('accepts %s', (rate) => {
    expect(gstRateIssue(rate)).toBeUndefined();
  });

  it.each([
    '1',
    '1.0',
    '-0.1',
    '0.123456',
    '1e-1',
    '',
    '.1',
    '0.',
    'abc',
    ' 0.1',
    'Infinity',
    'NaN',
  ])('rejects "%s"', (rate) => {
    expect(gstRateIssue(rate)).toEqual(expect.any(String));
  });

  it('formats without trailing zeros or exponents', () => {
    expect(formatGstRate('0.10000')).toBe('0.1');
    expect(formatGstRate('0.00000')).toBe('0');
    expect(formatGstRate('0.00001')).toBe('0.00001');
    expect(formatGstRate('0.15000')).toBe('0.15');
  });
});
