import { AppError } from '@pfs/kit';
import {
  checkDefaultChange,
  copyName,
  namesForMove,
  NEW_SET_DEFAULTS,
  validateCategorySetPatch,
  validateDuplicateName,
  validateNewCategorySet,
} from '../../src/domain/category-set';

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

describe('validateNewCategorySet', () => {
  it('trims, fills defaults and never creates a default set', () => {
    expect(validateNewCategorySet({ name: '  Work ', isDefault: true })).toEqual({
      ...NEW_SET_DEFAULTS,
      name: 'Work',
    });
  });

  it('lists every bad field, name first when it is missing', () => {
    expect(
      issuesOf(() =>
        validateNewCategorySet({
          color: '#12345',
          icon: 'i'.repeat(51),
          description: 'd'.repeat(1001),
        }),
      ).map((i) => i.field),
    ).toEqual(['name', 'description', 'color', 'icon']);
    expect(issuesOf(() => validateNewCategorySet({ name: 'n'.repeat(201) }))).toEqual([
      { field: 'name', message: 'must be at most 200 characters' },
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateNewCategorySet({ name: '😀'.repeat(200) }).name).toHaveLength(400);
  });
});

describe('validateCategorySetPatch and checkDefaultChange', () => {
  it('returns only the fields present', () => {
    expect(validateCategorySetPatch({ isActive: false, description: ' x ' })).toEqual({
      isActive: false,
      description: 'x',
    });
    expect(validateCategorySetPatch({ description: '' })).toEqual({ description: '' });
  });

  it('refuses to take the flag off the default set, and only that', () => {
    expect(issuesOf(() => checkDefaultChange({ isDefault: true }, { isDefault: false }))).toEqual([
      { field: 'isDefault', message: expect.stringContaining('exactly one default') },
    ]);
    expect(() => checkDefaultChange({ isDefault: false }, { isDefault: false })).not.toThrow();
    expect(() => checkDefaultChange({ isDefault: false }, { isDefault: true })).not.toThrow();
    expect(() => checkDefaultChange({ isDefault: true }, { isDefault: true })).not.toThrow();
  });
});

describe('duplicate naming', () => {
  it('validates a given name', () => {
    expect(validateDuplicateName('  Copy ')).toBe('Copy');
    expect(issuesOf(() => validateDuplicateName('  '))).toEqual([
      { field: 'name', message: 'must not be empty' },
    ]);
  });

  it('picks the first free "(copy)" name, case-insensitively', () => {
    expect(copyName('Personal', ['Personal'])).toBe('Personal (copy)');
    expect(copyName('Personal', ['Personal', 'personal (COPY)'])).toBe('Personal (copy 2)');
    expect(copyName('Personal', ['Personal (copy)', 'Personal (copy 2)'])).toBe(
      'Personal (copy 3)',
    );
  });

  it('stays within 200 characters', () => {
    const long = 'x'.repeat(200);
    const name = copyName(long, [long]);
    expect([...name]).toHaveLength(200);
    expect(name.endsWith(' (copy)')).toBe(true);
  });
});

describe('namesForMove', () => {
  it('renames only clashing categories, with the source set as suffix', () => {
    const renamed = namesForMove(
      [
        { id: '1', name: 'Groceries' },
        { id: '2', name: 'Rent' },
        { id: '3', name: 'fuel' },
      ],
      ['groceries', 'Fuel', 'Fuel (Business)'],
      'Business',
    );
    expect(Object.fromEntries(renamed)).toEqual({
      '1': 'Groceries (Business)',
      '3': 'fuel (Business 2)',
    });
  });

  it('does not rename into a name another moving category keeps', () => {
    const renamed = namesForMove(
      [
        { id: '1', name: 'Tax' },
        { id: '2', name: 'Tax (Work)' },
      ],
      ['tax'],
      'Work',
    );
    expect(Object.fromEntries(renamed)).toEqual({ '1': 'Tax (Work 2)' });
  });
});
