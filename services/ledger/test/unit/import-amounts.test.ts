import { detectDecimalSeparator, formatCents, parseAmount } from '../../src/domain/import/amounts';

describe('parseAmount (signed cents)', () => {
  it.each([
    ['-4.50', -450],
    ['+1234.56', 123456],
    ['4.5', 450],
    ['12', 1200],
    ['.50', 50],
    ['0.00', 0],
    ['-0.00', 0],
    ['"1,234.56"', undefined], // quotes are the CSV reader's business, not the amount's
    ['1,234.56', 123456],
    ['1,234,567.89', 123456789],
    ['$4.50', 450],
    ['-$4.50', -450],
    ['$-4.50', -450],
    ['£1,234.56', 123456],
    ['€ 12,00', 1200],
    ['A$12.00', 1200],
    ['US$ 3.10', 310],
    ['AUD 5.00', 500],
    ['5.00 GBP', 500],
    ['(4.50)', -450],
    ['($1,000.00)', -100000],
    ['4.50-', -450],
    ['4.50 DR', -450],
    ['4.50DR', -450],
    ['100.00 CR', 10000],
    ['−3.10', -310],
    ['1.234,56', 123456],
    ['1 234,56', 123456],
    ['1\u00a0234,56', 123456],
    ["1'234.56", 123456],
    ['4,50', 450],
    ['1234.567', 123457],
    ['1234.565', 123457],
    ['-1234.565', -123457],
    ['1234.564', 123456],
  ])('%s → %s', (raw, cents) => {
    expect(parseAmount(raw)).toBe(cents);
  });

  it('tells an empty cell (null) from text that is no amount (undefined)', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('   ')).toBeNull();
    expect(parseAmount('-')).toBeNull();
    for (const bad of ['abc', '12.3.4', '1,2,3', 'N/A', '4.50 EUROS', '12abc', '--4']) {
      expect(parseAmount(bad)).toBeUndefined();
    }
  });

  it('reads a lone separator before three digits by the file’s decimal separator', () => {
    expect(parseAmount('1,234', '.')).toBe(123400);
    expect(parseAmount('1,234', ',')).toBe(123);
    expect(parseAmount('1.234', ',')).toBe(123400);
    expect(parseAmount('1.234', '.')).toBe(123);
  });

  it('marks amounts too large to be money as infinite', () => {
    expect(parseAmount('12345678901234567.00')).toBe(Infinity);
  });

  it('formats cents as money text', () => {
    expect(formatCents(450)).toBe('4.50');
    expect(formatCents(-123456)).toBe('-1234.56');
    expect(formatCents(5)).toBe('0.05');
  });
});

describe('detectDecimalSeparator', () => {
  it('finds decimal points and decimal commas from the file’s amounts', () => {
    expect(detectDecimalSeparator(['-4.50', '1,234.56', '12'])).toBe('.');
    expect(detectDecimalSeparator(['-4,50', '1.234,56', '12'])).toBe(',');
    expect(detectDecimalSeparator(['12', '1,234'], ',')).toBe(',');
    expect(detectDecimalSeparator(['12', '1,234'])).toBe('.');
  });
});
