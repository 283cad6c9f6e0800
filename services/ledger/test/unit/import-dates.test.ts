import {
  chooseDateOrder,
  countryDateOrder,
  DateOrderEvidence,
  parseStatementDate,
  readDate,
} from '../../src/domain/import/dates';

describe('statement dates', () => {
  it.each([
    ['14/03/2025', 'DMY', '2025-03-14'],
    ['03/14/2025', 'MDY', '2025-03-14'],
    ['3/4/2025', 'DMY', '2025-04-03'],
    ['3/4/2025', 'MDY', '2025-03-04'],
    ['14-03-2025', 'DMY', '2025-03-14'],
    ['14.03.2025', 'DMY', '2025-03-14'],
    ['14/03/25', 'DMY', '2025-03-14'],
    ['14/03/99', 'DMY', '1999-03-14'],
    ['2025-03-14', 'DMY', '2025-03-14'],
    ['2025/03/14', 'MDY', '2025-03-14'],
    ['20250314', 'DMY', '2025-03-14'],
    ['20250314120000.000[-5:EST]', 'DMY', '2025-03-14'],
    ['2025-03-14T10:22:01Z', 'DMY', '2025-03-14'],
    ['14/03/2025 10:22', 'DMY', '2025-03-14'],
    ['03/14/2025 10:22:01 PM', 'MDY', '2025-03-14'],
    ['14 Mar 2025', 'MDY', '2025-03-14'],
    ['14 March 2025', 'DMY', '2025-03-14'],
    ['14-Mar-25', 'DMY', '2025-03-14'],
    ['14 Mar 25', 'DMY', '2025-03-14'],
    ['Mar 14, 2025', 'DMY', '2025-03-14'],
    ['March 14 2025', 'DMY', '2025-03-14'],
    ['Fri, 14 Mar 2025', 'DMY', '2025-03-14'],
    ['14th March 2025', 'DMY', '2025-03-14'],
    ["3/14'25", 'MDY', '2025-03-14'],
    ["3/ 4' 5", 'MDY', '2005-03-04'],
    ['29/02/2024', 'DMY', '2024-02-29'],
  ] as const)('%s (%s) → %s', (raw, order, expected) => {
    expect(parseStatementDate(raw, order)).toBe(expected);
  });

  it('refuses dates that do not exist or are no dates', () => {
    expect(parseStatementDate('31/02/2025', 'DMY')).toBeUndefined();
    expect(parseStatementDate('29/02/2025', 'DMY')).toBeUndefined();
    expect(parseStatementDate('14/03/2025', 'MDY')).toBeUndefined();
    expect(parseStatementDate('14/03/2025', 'YMD')).toBeUndefined();
    expect(parseStatementDate('1800-01-01', 'DMY')).toBeUndefined();
    for (const text of ['', 'yesterday', '4.50', '2025', '14 Foo 2025', '32/01/2025']) {
      expect(parseStatementDate(text, 'DMY')).toBeUndefined();
    }
    expect(readDate('4.50')).toBeUndefined();
  });
});

describe('day/month order of a file', () => {
  const evidence = (...dates: string[]) => {
    const e = new DateOrderEvidence();
    dates.forEach((d) => e.add(d));
    return e;
  };

  it('is proven by a first number above 12 (DD/MM) or a second above 12 (MM/DD)', () => {
    expect(evidence('01/03/2025', '14/03/2025').proven).toBe('DMY');
    expect(evidence('03/01/2025', '03/14/2025').proven).toBe('MDY');
    expect(evidence('01/03/2025', '02/03/2025').proven).toBeUndefined();
    expect(evidence('14/03/2025', '03/14/2025').proven).toBeUndefined(); // contradicting
  });

  it('falls back to the explicit format, then the file, then the bank, then the country', () => {
    const ambiguous = evidence('01/03/2025', '02/03/2025');
    expect(
      chooseDateOrder({ explicit: 'MDY', evidence: evidence('14/03/2025'), countryCode: 'AU' }),
    ).toEqual({
      order: 'MDY',
      source: 'dateFormat',
    });
    expect(
      chooseDateOrder({ evidence: evidence('03/14/2025'), preset: 'DMY', countryCode: 'AU' }),
    ).toEqual({
      order: 'MDY',
      source: 'file',
    });
    expect(chooseDateOrder({ evidence: ambiguous, preset: 'MDY', countryCode: 'AU' })).toEqual({
      order: 'MDY',
      source: 'preset',
    });
    expect(chooseDateOrder({ evidence: ambiguous, countryCode: 'US' })).toEqual({
      order: 'MDY',
      source: 'country',
    });
    expect(chooseDateOrder({ evidence: ambiguous, countryCode: 'GB' })).toEqual({
      order: 'DMY',
      source: 'country',
    });
    expect(chooseDateOrder({ evidence: evidence('2025-03-01'), countryCode: 'AU' }).source).toBe(
      'unambiguous',
    );
  });

  it('knows which countries write the month first', () => {
    expect(countryDateOrder('us')).toBe('MDY');
    expect(countryDateOrder('AU')).toBe('DMY');
    expect(countryDateOrder('')).toBe('DMY');
  });
});
