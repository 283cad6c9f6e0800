import { AppError } from '@pfs/kit';
import {
  financialYearLabel,
  financialYearOf,
  financialYearRange,
  resolvePeriod,
} from '../../src/domain/period';

const period = (
  req: Partial<{ countryCode: string; from: string; to: string; financialYear: number }>,
  today = '2025-03-14',
) => resolvePeriod({ countryCode: 'AU', from: '', to: '', financialYear: 0, ...req }, today);

function issuesOf(f: () => unknown): string[] {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return ((err as AppError).details?.issues ?? []).map((i) => i.field);
  }
  throw new Error('expected a validation error');
}

describe('financial years', () => {
  it.each([
    ['AU', 2025, '2024-07-01', '2025-06-30', 'FY2024-25'],
    ['NZ', 2025, '2024-04-01', '2025-03-31', 'FY2024-25'],
    ['GB', 2025, '2024-04-06', '2025-04-05', 'FY2024-25'],
    ['IN', 2026, '2025-04-01', '2026-03-31', 'FY2025-26'],
    ['ZA', 2024, '2023-03-01', '2024-02-29', 'FY2023-24'],
    ['US', 2025, '2025-01-01', '2025-12-31', '2025'],
    ['CA', 2024, '2024-01-01', '2024-12-31', '2024'],
    ['HK', 2024, '2024-01-01', '2024-12-31', '2024'],
  ])('%s financialYear %d is %s..%s (%s)', (countryCode, financialYear, from, to, label) => {
    expect(period({ countryCode, financialYear })).toMatchObject({
      from,
      to,
      financialYear,
      financialYearLabel: label,
    });
  });

  it('defaults to the financial year that holds today', () => {
    expect(period({}, '2025-07-01')).toMatchObject({
      from: '2025-07-01',
      to: '2026-06-30',
      financialYear: 2026,
    });
    expect(period({}, '2025-06-30')).toMatchObject({
      from: '2024-07-01',
      to: '2025-06-30',
      financialYear: 2025,
    });
    expect(period({ countryCode: 'gb' }, '2025-04-05')).toMatchObject({
      financialYear: 2025,
      countryCode: 'GB',
      currency: 'GBP',
    });
  });

  it('recognises an explicit range that is exactly one financial year', () => {
    expect(period({ from: '2024-07-01', to: '2025-06-30' }).financialYear).toBe(2025);
    expect(period({ from: '2024-07-01', to: '2025-06-29' })).toMatchObject({
      financialYear: 0,
      financialYearLabel: '',
    });
  });

  it('helpers agree with each other', () => {
    for (const start of ['01-01', '07-01', '04-06', '03-01']) {
      for (let year = 2000; year < 2030; year++) {
        const { from, to } = financialYearRange(start, year);
        expect([financialYearOf(start, from), financialYearOf(start, to)]).toEqual([year, year]);
        expect(financialYearLabel(start, year)).toMatch(
          start === '01-01' ? /^\d{4}$/ : /^FY\d{4}-\d{2}$/,
        );
      }
    }
  });
});

describe('bad periods', () => {
  it.each([
    [{ from: '2025-02-01', to: '2025-01-01' }, ['from']],
    [{ from: '2025-02-30', to: '2025-03-01' }, ['from']],
    [{ from: '2025-01-01' }, ['to']],
    [{ to: '2025-01-01' }, ['from']],
    [{ from: '2025-01-01', to: '2025-02-01', financialYear: 2025 }, ['financialYear']],
    [{ financialYear: 1800 }, ['financialYear']],
    [{ from: '2010-01-01', to: '2025-01-01' }, ['to']],
    [{ countryCode: 'AUS' }, ['countryCode']],
  ])('%j → 400 on %j', (req, fields) => {
    expect(issuesOf(() => period(req))).toEqual(fields);
  });
});
