import {
  addMonths,
  monthsOf,
  nextPeriod,
  parseInterval,
  periodStart,
  periodStarts,
  resolveRange,
  type DateRange,
} from '../../src/domain/analytics';
import { Issues } from '../../src/domain/fields';
import { AppError } from '@pfs/kit';

function range(
  input: { from?: string; to?: string },
  today = new Date('2025-06-15T23:59:00Z'),
): DateRange {
  const issues = new Issues();
  const out = resolveRange(input, today, issues);
  issues.throwIfAny();
  return out;
}

function rangeIssues(input: { from?: string; to?: string }): string[] {
  const issues = new Issues();
  resolveRange(input, new Date('2025-06-15T00:00:00Z'), issues);
  try {
    issues.throwIfAny();
  } catch (err) {
    return ((err as AppError).details?.issues ?? []).map((i) => `${i.field}: ${i.message}`);
  }
  return [];
}

describe('addMonths', () => {
  it('clamps to the end of shorter months and crosses years both ways', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
    expect(addMonths('2025-01-15', -1)).toBe('2024-12-15');
    expect(addMonths('2025-03-31', -13)).toBe('2024-02-29');
    expect(addMonths('2020-02-29', 60)).toBe('2025-02-28');
  });
});

describe('periodStart / nextPeriod', () => {
  it('starts weeks on Monday and months on the 1st', () => {
    expect(periodStart('2025-06-15', 'day')).toBe('2025-06-15');
    // 2025-06-15 is a Sunday; 2025-06-09 the Monday before.
    expect(periodStart('2025-06-15', 'week')).toBe('2025-06-09');
    expect(periodStart('2025-06-16', 'week')).toBe('2025-06-16');
    expect(periodStart('2025-01-01', 'week')).toBe('2024-12-30');
    expect(periodStart('2025-06-15', 'month')).toBe('2025-06-01');
    expect(nextPeriod('2024-12-30', 'week')).toBe('2025-01-06');
    expect(nextPeriod('2024-02-01', 'month')).toBe('2024-03-01');
    expect(nextPeriod('2024-02-28', 'day')).toBe('2024-02-29');
  });
});

describe('periodStarts', () => {
  it('lists every period touching the range, partial ends included', () => {
    expect(periodStarts({ from: '2025-01-30', to: '2025-02-02' }, 'day')).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-01',
      '2025-02-02',
    ]);
    expect(periodStarts({ from: '2025-01-01', to: '2025-01-31' }, 'week')).toEqual([
      '2024-12-30',
      '2025-01-06',
      '2025-01-13',
      '2025-01-20',
      '2025-01-27',
    ]);
    expect(periodStarts({ from: '2024-11-15', to: '2025-02-01' }, 'month')).toEqual([
      '2024-11-01',
      '2024-12-01',
      '2025-01-01',
      '2025-02-01',
    ]);
    expect(monthsOf({ from: '2024-12-31', to: '2025-01-01' })).toEqual(['2024-12', '2025-01']);
    expect(periodStarts({ from: '2024-01-01', to: '2024-12-31' }, 'day')).toHaveLength(366);
  });
});

describe('resolveRange', () => {
  it('defaults to the 12 calendar months up to today (UTC)', () => {
    expect(range({})).toEqual({ from: '2024-07-01', to: '2025-06-15' });
    expect(monthsOf(range({}))).toHaveLength(12);
    expect(range({}, new Date('2025-01-01T00:30:00+01:00'))).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
  });

  it('fills a missing bound from the given one', () => {
    expect(range({ to: '2024-03-10' })).toEqual({ from: '2023-04-01', to: '2024-03-10' });
    expect(range({ from: '2025-01-01' })).toEqual({ from: '2025-01-01', to: '2025-06-15' });
    expect(range({ from: '2025-01-01', to: '2025-01-01' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-01',
    });
  });

  it('refuses bad dates, reversed ranges and ranges over 5 years', () => {
    expect(rangeIssues({ from: '2025-02-30' })).toEqual(['from: must be a date (YYYY-MM-DD)']);
    expect(rangeIssues({ to: 'yesterday' })).toEqual(['to: must be a date (YYYY-MM-DD)']);
    expect(rangeIssues({ from: '2025-06-16' })).toEqual(['from: must not be after to']);
    expect(rangeIssues({ from: '2025-02-01', to: '2025-01-31' })).toEqual([
      'from: must not be after to',
    ]);
    expect(rangeIssues({ from: '2020-01-01', to: '2024-12-31' })).toEqual([]);
    expect(rangeIssues({ from: '2020-01-01', to: '2025-01-01' })).toEqual([
      'to: the range from..to must not exceed 5 years',
    ]);
    expect(rangeIssues({ from: '1800-01-01', to: '1800-02-01' })).toHaveLength(2);
  });
});

describe('parseInterval', () => {
  it('defaults to month and refuses unknown intervals', () => {
    const issues = new Issues();
    expect(parseInterval('', issues)).toBe('month');
    expect(parseInterval('week', issues)).toBe('week');
    expect(parseInterval('year', issues)).toBe('month');
    expect(issues.has('interval')).toBe(true);
  });
});
