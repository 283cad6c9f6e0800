import { AppError } from '@pfs/kit';
import {
  charLength,
  checkDecimal,
  checkText,
  Issues,
  nextDay,
  parseCalendarDate,
  parseDecimal,
  parseInstant,
} from '../../src/domain/fields';

function issuesOf(fn: (issues: Issues) => void): { field: string; message: string }[] {
  const issues = new Issues();
  fn(issues);
  try {
    issues.throwIfAny();
    return [];
  } catch (err) {
    return (err as AppError).details?.issues ?? [];
  }
}

describe('parseCalendarDate', () => {
  it('reads YYYY-MM-DD as midnight UTC', () => {
    expect(parseCalendarDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });

  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-04-31',
    '2024-1-5',
    '24-01-05',
    '2024-01-05T00:00:00Z',
    '',
  ])('refuses %p', (raw) => expect(parseCalendarDate(raw)).toBeUndefined());

  it('keeps two-digit years literal instead of mapping them to the 1900s', () => {
    expect(parseCalendarDate('0050-06-01')?.getUTCFullYear()).toBe(50);
  });
});

describe('parseInstant', () => {
  it.each([
    ['2024-03-10', '2024-03-10T00:00:00.000Z'],
    ['2024-03-10T12:30:00Z', '2024-03-10T12:30:00.000Z'],
    ['2024-03-10T12:30Z', '2024-03-10T12:30:00.000Z'],
    ['2024-03-10T12:30:45.123456Z', '2024-03-10T12:30:45.123Z'],
    ['2024-03-10T12:30:45.5z', '2024-03-10T12:30:45.500Z'],
    ['2024-03-10T09:00:00+10:00', '2024-03-09T23:00:00.000Z'],
    ['2024-03-10T09:00:00-0530', '2024-03-10T14:30:00.000Z'],
    ['2024-12-31T23:30:00-01:00', '2025-01-01T00:30:00.000Z'],
  ])('reads %p as %p', (raw, iso) => {
    expect(parseInstant(raw)?.toISOString()).toBe(iso);
  });

  it.each([
    '2024-03-10T12:30:00', // no offset: the instant would depend on the server's zone
    '2024-03-10 12:30:00Z',
    '2024-03-10T24:00:00Z',
    '2024-03-10T12:60:00Z',
    '2024-03-10T12:30:60Z',
    '2024-02-30T00:00:00Z',
    '2024-03-10T12:30:00+24:00',
    '2024-03-10T12:30:00+10:60',
    'yesterday',
    '1710000000',
  ])('refuses %p', (raw) => expect(parseInstant(raw)).toBeUndefined());
});

describe('nextDay', () => {
  it('adds exactly one UTC day', () => {
    expect(nextDay(new Date('2024-02-28T00:00:00Z')).toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12.30', '12.3'],
    ['+5', '5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['1e2', '100'],
    [' 7 ', '7'],
    ['-0', '0'],
  ])('parses %p exactly', (raw, text) => {
    expect(parseDecimal(raw)?.toFixed()).toBe(text);
  });

  it('never goes through a binary float', () => {
    expect(parseDecimal('0.1')!.plus(parseDecimal('0.2')!).toFixed()).toBe('0.3');
  });

  it.each(['', 'abc', '0x10', '0b1', 'NaN', 'Infinity', '1,5', '1.2.3', '--1', '1e99999'])(
    'refuses %p',
    (raw) => expect(parseDecimal(raw)).toBeUndefined(),
  );
});

describe('checkDecimal', () => {
  const rule = { places: 2, min: { value: '0', exclusive: true }, max: { value: '100' } };

  it('returns the value when it fits', () => {
    expect(
      issuesOf((i) => expect(checkDecimal(i, 'x', '99.99', rule)?.toFixed()).toBe('99.99')),
    ).toEqual([]);
  });

  it.each([
    ['abc', 'must be a decimal number'],
    ['1.234', 'must have at most 2 decimal places'],
    ['0', 'must be greater than 0'],
    ['100.01', 'must be at most 100'],
  ])('reports %p as %p', (raw, message) => {
    expect(issuesOf((i) => checkDecimal(i, 'x', raw, rule))).toEqual([{ field: 'x', message }]);
  });

  it('words inclusive and exclusive bounds', () => {
    const r = { places: 5, min: { value: '0' }, max: { value: '1', exclusive: true } };
    expect(issuesOf((i) => checkDecimal(i, 'r', '-0.1', r))).toEqual([
      { field: 'r', message: 'must be at least 0' },
    ]);
    expect(issuesOf((i) => checkDecimal(i, 'r', '1', r))).toEqual([
      { field: 'r', message: 'must be less than 1' },
    ]);
  });
});

describe('checkText', () => {
  it('trims', () => {
    expect(
      issuesOf((i) => expect(checkText(i, 't', '  hi  ', { min: 1, max: 5 })).toBe('hi')),
    ).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(charLength('😀😀')).toBe(2);
    expect(issuesOf((i) => checkText(i, 't', '😀😀😀', { min: 1, max: 3 }))).toEqual([]);
  });

  it.each([
    ['   ', 'must not be empty'],
    ['abcdef', 'must be at most 5 characters'],
    ['a\u0000b', 'must not contain NUL characters'],
  ])('reports %p', (raw, message) => {
    expect(issuesOf((i) => checkText(i, 't', raw, { min: 1, max: 5 }))).toEqual([
      { field: 't', message },
    ]);
  });
});
