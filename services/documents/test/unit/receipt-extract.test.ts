import { amountsIn } from '../../src/receipts/amounts';
import { dateIn } from '../../src/receipts/dates';
import { extractReceipt, isValidAbn } from '../../src/receipts/extract';
import { checkTax } from '../../src/receipts/tax-check';
import { Decimal } from '@pfs/kit';

const read = (lines: string[], countryCode = 'AU') =>
  extractReceipt(lines.join('\n'), { countryCode, today: '2026-06-01' });

describe('amounts', () => {
  it.each([
    ['TOTAL $1,234.56', ['1234.56']],
    ['Summe EUR 1.234,56', ['1234.56']],
    ['Total 1 234,56 €', ['1234.56']],
    ['Flat white 2 x 5.50  11.00', ['5.50', '11.00']],
    ['Discount  4.50-', ['-4.50']],
    ['Refund -12.00', ['-12.00']],
    ['GST 10%  3.00', ['3.00']],
    ['Time 10:42 Table 7', []],
    ['Qty 1   125.00', ['125.00']],
  ])('%s', (line, expected) => {
    expect(amountsIn(line).map((a) => a.value.toFixed(2))).toEqual(expected);
  });

  it('reads whole units for currencies without a minor unit', () => {
    expect(amountsIn('合計 ¥1,200', false).map((a) => a.value.toFixed(0))).toEqual(['1200']);
  });
});

describe('dates', () => {
  it('reads dates OCR bent: a zero for the O of October, no space after the comma, a colon before the time', () => {
    expect(dateIn('Invoice date:5 0ctober 2025', 'AU')).toBe('2025-10-05');
    expect(dateIn('0ct 14, 2025 8:50PM', 'US')).toBe('2025-10-14');
    expect(dateIn('Invoice Date   Mar 16,2026', 'US')).toBe('2026-03-16');
    expect(dateIn('08/09/2026:12:07:50   Reg 5', 'AU')).toBe('2026-09-08');
    // A two-digit year glued to its time is still read.
    expect(dateIn('10/03/1813:45', 'AU')).toBe('2018-03-10');
  });
  it.each([
    ['Date: 14/03/2026 10:42', 'AU', '2026-03-14'],
    ['03/14/26', 'US', '2026-03-14'],
    ['04/05/2026', 'US', '2026-04-05'],
    ['04/05/2026', 'GB', '2026-05-04'],
    ['13/04/2026', 'US', '2026-04-13'],
    ['2026-03-14T10:00', 'DE', '2026-03-14'],
    ['14 Mar 2026', 'AU', '2026-03-14'],
    ['March 14, 2026', 'US', '2026-03-14'],
    ['14-MAR-26', 'NZ', '2026-03-14'],
    ['14.03.2026', 'DE', '2026-03-14'],
    ['15 Marine Pde 2026', 'AU', null],
    ['31/02/2026', 'AU', null],
    // OCR dropped the space before the time.
    ['Date 02/02/20177:31:08 PM', 'MY', '2017-02-02'],
    ['25/12/201818:13:39', 'MY', '2018-12-25'],
    ['18/03/1815:17', 'MY', '2018-03-18'],
    ['10Mar201818:24', 'MY', '2018-03-10'],
  ])('%s (%s)', (line, country, expected) => {
    expect(dateIn(line, country)).toBe(expected);
  });
});

describe('ABN check digits', () => {
  it('accepts a valid ABN and rejects a typo', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
  });
});

describe('extractReceipt', () => {
  it('reads an Australian café receipt with GST included', () => {
    const { extracted, warnings } = read([
      'BLUE GUM CAFE',
      'ABN 51 824 753 556',
      '12 Smith St, Fitzroy VIC 3065',
      'TAX INVOICE',
      'Date: 14/03/2026  10:42',
      'Flat white          4.50',
      'Banana bread        6.50',
      'Eggs on toast      22.00',
      'Subtotal           33.00',
      'GST included        3.00',
      'TOTAL             $33.00',
      'EFTPOS            $33.00',
      'Thank you!',
    ]);
    expect(extracted).toMatchObject({
      merchant: 'BLUE GUM CAFE',
      dateISO: '2026-03-14',
      currency: 'AUD',
      total: '33.00',
      tax: '3.00',
      subtotal: '33.00',
      sellerTaxId: 'ABN 51 824 753 556',
      paymentMethod: 'eftpos',
      documentType: 'receipt',
    });
    expect(extracted.lineItems.map((i) => [i.description, i.amount])).toEqual([
      ['Flat white', '4.50'],
      ['Banana bread', '6.50'],
      ['Eggs on toast', '22.00'],
    ]);
    expect(extracted.confidence.total).toBeGreaterThan(0.9);
    expect(extracted.taxCheck).toMatchObject({ expectedRate: '0.1', consistent: true });
    expect(warnings).toEqual([]);
  });

  it('takes the total with the tip as the amount paid, not the cash tendered or the change', () => {
    const { extracted } = read(
      [
        "JOE'S DINER",
        '123 Main Street, Springfield',
        '03/14/2026 7:31 PM',
        '2 x Burger @ 12.50     25.00',
        'Fries                   4.00',
        'Subtotal               29.00',
        'Sales Tax 8%            2.32',
        'Total                  31.32',
        'Tip                     6.00',
        'Total                  37.32',
        'Cash                   40.00',
        'Change                  2.68',
      ],
      'US',
    );
    expect(extracted).toMatchObject({
      merchant: "JOE'S DINER",
      dateISO: '2026-03-14',
      currency: 'USD',
      total: '37.32',
      tax: '2.32',
      tip: '6.00',
      subtotal: '29.00',
      taxRate: '0.08',
      paymentMethod: 'cash',
    });
    expect(extracted.lineItems[0]).toEqual({
      description: 'Burger',
      quantity: '2',
      unitPrice: '12.50',
      amount: '25.00',
    });
  });

  it('reads a German receipt with comma decimals and VAT per rate', () => {
    const { extracted } = read(
      [
        'Bäckerei Müller GmbH',
        'Hauptstraße 5, 10115 Berlin',
        'USt-IdNr. DE123456789',
        '14.03.2026 08:15',
        'Brötchen 4 x 0,45       1,80',
        'Kaffee                  3,20',
        'Summe EUR               5,00',
        'MwSt 7%                 0,12',
        'MwSt 19%                0,51',
        'Bar                    10,00',
        'Rückgeld                5,00',
      ],
      'DE',
    );
    expect(extracted).toMatchObject({
      merchant: 'Bäckerei Müller GmbH',
      dateISO: '2026-03-14',
      currency: 'EUR',
      total: '5.00',
      tax: '0.63',
      sellerTaxId: 'DE123456789',
      paymentMethod: 'cash',
    });
  });

  it('recognises an invoice with its number, due date and the amount due', () => {
    const { extracted } = read(
      [
        'Acme Design Pty Ltd',
        'ABN 51 824 753 556',
        'TAX INVOICE',
        'Invoice No: INV-2026-0042',
        'Invoice date: 2 March 2026',
        'Due date: 16 March 2026',
        'Bill to: Sam Smith',
        'Logo design            1,000.00',
        'Subtotal               1,000.00',
        'GST 10%                  100.00',
        'Amount due            $1,100.00',
        'Pay by bank transfer BSB 062-000',
      ],
      'AU',
    );
    expect(extracted).toMatchObject({
      merchant: 'Acme Design Pty Ltd',
      documentType: 'invoice',
      invoiceNumber: 'INV-2026-0042',
      dateISO: '2026-03-02',
      dueDateISO: '2026-03-16',
      total: '1100.00',
      subtotal: '1000.00',
      tax: '100.00',
      taxRate: '0.1',
      paymentMethod: 'bank_transfer',
    });
    expect(extracted.taxCheck.consistent).toBe(true);
  });

  it('flags tax above the country rate', () => {
    const { extracted } = read(['SHOP', '01/03/2026', 'GST 5.00', 'TOTAL 20.00']);
    expect(extracted.taxCheck).toMatchObject({ expectedRate: '0.1', consistent: false });
  });

  it('falls back to the largest amount, saying so, when nothing is labelled', () => {
    const { extracted, warnings } = read(['Market stall', '5.00', '12.00']);
    expect(extracted.total).toBe('12.00');
    expect(extracted.confidence.total).toBeLessThan(0.5);
    expect(warnings.join(' ')).toMatch(/largest amount/);
  });

  it('gives nulls and warnings for text with nothing on it', () => {
    const { extracted, warnings } = read(['']);
    expect(extracted).toMatchObject({ merchant: null, dateISO: null, total: null, tax: null });
    expect(warnings.length).toBeGreaterThanOrEqual(3);
  });

  it('scales confidence by the OCR confidence', () => {
    const text = ['SHOP', '01/03/2026', 'TOTAL 20.00'].join('\n');
    const sharp = extractReceipt(text, { countryCode: 'AU', textConfidence: 100 });
    const blurry = extractReceipt(text, { countryCode: 'AU', textConfidence: 50 });
    expect(blurry.extracted.confidence.total).toBeCloseTo(sharp.extracted.confidence.total / 2, 1);
  });

  it('repairs OCR letter-for-digit confusions in amounts', () => {
    const { extracted } = read(['CAFE', '01/03/2026', 'TOTAL 1O.5O']);
    expect(extracted.total).toBe('10.50');
  });

  it('closes the gap a wide receipt font leaves after the decimal point', () => {
    const { extracted } = read(
      ['CAFE', '01/03/2026', 'Sub Total  RM  37. 55', 'TOTAL :  RM  39. 80'],
      'MY',
    );
    expect(extracted.total).toBe('39.80');
  });

  it('takes a printed name over a note written above it in lower case', () => {
    const { extracted } = read(['tan woon yann', 'INDAH GIFT & HOME DECO', 'TOTAL 60.30'], 'MY');
    expect(extracted.merchant).toBe('INDAH GIFT & HOME DECO');
    // With nothing printed to choose, the note is still better than nothing.
    expect(read(['corner deli', 'TOTAL 4.00']).extracted.merchant).toBe('corner deli');
  });

  it('reads a total that names the tax even when OCR garbled its "incl."', () => {
    const { extracted } = read(
      [
        'SHOP',
        'Subtotal :  148.00',
        'Total Excl. or GST  139.62',
        'Total Incl. or GST  148.00',
        'Payment :  148.00',
        'Change Due :  0.00',
      ],
      'MY',
    );
    expect(extracted.total).toBe('148.00');
    const included = read(
      ['SHOP', 'Due  7.50', 'Change  12.50', '(Total Included GST @ 6% : 0.42)'],
      'MY',
    );
    expect(included.extracted).toMatchObject({ total: '7.50', tax: '0.42' });
  });

  it('takes cash handed over less the change as the total when OCR lost the total line', () => {
    // Only a subtotal and the GST of the zero-rated items: 100.00 − 71.40 is what was paid.
    const lost = read(
      [
        'SHOP',
        'SUBTOTAL:  28,60',
        'TL:RM  28.60',
        '6% GST  0.07',
        'CASH  100.00',
        'CASH CHANGE  71.40',
      ],
      'MY',
    );
    expect(lost.extracted.total).toBe('28.60');
    // A garbled total and a rounding: the cash says which amount was paid.
    const garbled = read(
      [
        'SHOP',
        'Total Cty  25  32.69',
        'Total GST :  1.65',
        'Rounding :  0.02',
        'Tutal sl Ils o ST) :  32.70',
        'CASH :  40.00',
        'Change :  7.30',
      ],
      'MY',
    );
    expect(garbled.extracted.total).toBe('32.70');
    // A total restated after the rounding stands, whatever the cash lines say.
    const restated = read(
      [
        'SHOP',
        'Total  5.00',
        'Rounding Adjustment  0.03',
        'Total After Rounding  5.00',
        'Cash  10.03',
        'CHANGE  5.00',
      ],
      'MY',
    );
    expect(restated.extracted.total).toBe('5.00');
    // No total line could be read ("RM 14-10"): the cash is better than the largest amount.
    const unread = read(
      [
        'SHOP',
        'TAX AMT (S) 6%  RM 13.30',
        'GST 6%  RM 0.80',
        'TOTAL  RM 14-10',
        'CASH  RM 20.00',
        'CHANGE  RM 5.90',
      ],
      'MY',
    );
    expect(unread.extracted.total).toBe('14.10');
    // An amount the cash arithmetic gives that is printed nowhere is not taken.
    const unprinted = read(['SHOP', 'TOTAL  45.00', 'CASH  50.00', 'CHANGE  3.00'], 'MY');
    expect(unprinted.extracted.total).toBe('45.00');
  });

  it('reads "Total" as OCR misreads it, and a "Total:" line as the total', () => {
    expect(read(['SHOP', 'Tota! Inclusive GST:  217.00'], 'MY').extracted.total).toBe('217.00');
    expect(read(['SHOP', 'Tatel Amt Payable :  8.50'], 'MY').extracted.total).toBe('8.50');
    const colon = read(
      ['SHOP', 'Total (Exc luding GST):  8.11', 'GST payable (6%):  0.49', 'TOTAL:  8.60'],
      'MY',
    );
    expect(colon.extracted.total).toBe('8.60');
    // A merchant called Total keeps its name.
    expect(read(['TOTAL ENERGIES', 'TOTAL  60.00']).extracted.merchant).toBe('TOTAL ENERGIES');
    // "Total : 7.50 0.45" with two amounts is a row of the tax table.
    const table = read(
      [
        'SHOP',
        'Total Sales (Inclusive of GST) :  7.95',
        'CASH :  7.95',
        'S  6  7.50  0.45',
        'Total :  7.50  0.45',
      ],
      'MY',
    );
    expect(table.extracted.total).toBe('7.95');
  });

  it('takes the total printed after a cash rounding', () => {
    const after = read(
      [
        'SHOP',
        'Total Sales (Inclusive GST) RM 177.22',
        'Rounding Adjustment RM  -.02',
        'Rounding RM 177.20',
        'CREDIT RM 177.20',
      ],
      'MY',
    );
    expect(after.extracted.total).toBe('177.20');
    // "Round ing Adj" as OCR splits it, then the rounded total.
    const split = read(
      ['SHOP', 'Total (Inclusive of GST):  65.72', 'Round ing Adj  -0.02', 'TOTAL:  65.70'],
      'MY',
    );
    expect(split.extracted.total).toBe('65.70');
    // A rounding misread as 6.01 is not the total.
    const misread = read(
      [
        'SHOP',
        'Total Sales Incl GST  46.54',
        'Rounding Adj  6.01',
        'Total After Adj Incl GST  46.55',
      ],
      'MY',
    );
    expect(misread.extracted.total).toBe('46.55');
  });

  it('reads digits OCR took for letters after the currency, and never a barcode as money', () => {
    expect(read(['SHOP', 'AMT PAID CL GST:RMI11.90'], 'MY').extracted.total).toBe('111.90');
    const rounding = read(['SHOP', 'Total (Incl GST)  RM21.83', 'Rounding  RMO.02'], 'MY');
    expect(rounding.extracted.total).toBe('21.85');
    expect(amountsIn('955606500035.19  19.50').map((a) => a.value.toFixed(2))).toEqual(['19.50']);
  });

  it('does not take the taxable amount for the tax', () => {
    const { extracted } = read(
      [
        'SHOP',
        '4x 38.00  RM152.00',
        'SUBTOTAL.  RM152.00',
        'GST TAXABLE  RM152.00',
        'CASH  RM152.00',
      ],
      'MY',
    );
    expect(extracted.total).toBe('152.00');
    expect(extracted.tax).toBeNull();
  });

  it('takes a shop named after its street, and never a town with its postcode', () => {
    expect(
      read(['MAPLE STREET PHARMACY', '1420 MAIN ST', 'BOSTON, MA 02108', 'TOTAL 9.00'], 'US')
        .extracted.merchant,
    ).toBe('MAPLE STREET PHARMACY');
    // The street itself stays an address.
    expect(read(['12 Murray Street,', 'HOBART CAFE', 'TOTAL 9.00']).extracted.merchant).toBe(
      'HOBART CAFE',
    );
    for (const town of ['BOST0N, MA 02108', 'Battery Point TAS 7004', 'London SW1A 1AA'])
      expect(read([town, 'CORNER SHOP', 'TOTAL 9.00']).extracted.merchant).toBe('CORNER SHOP');
  });

  it('reads tax from a VAT summary table, not from a service named after tax', () => {
    const summary = read(
      [
        'SHOP',
        'Soup  4.60',
        'TOTAL  55.20',
        'VAT SUMMARY',
        'Rate  Net  VAT',
        'A 20%  46.00  9.20',
        'Total VAT  9.20',
      ],
      'GB',
    );
    expect(summary.extracted).toMatchObject({ total: '55.20', tax: '9.20' });
    const service = read(
      [
        'ACCOUNTANTS LTD',
        'Invoice No INV-77',
        'Tax return preparation  1  549.00  549.00',
        'Subtotal  549.00',
        'VAT 20%  109.80',
        'Total due  658.80',
      ],
      'GB',
    );
    expect(service.extracted).toMatchObject({ total: '658.80', tax: '109.80' });
  });

  it("does not take a suggested tip's total for the total", () => {
    const { extracted } = read(
      [
        'DINER',
        'Subtotal  $42.00',
        'Tax  $3.56',
        'Total  $45.56',
        'Suggested Tip:',
        '18%: $7.66 (Total: $53.22)',
        '20%: $8.52 (Total: $54.08)',
        '22%: $9.37 (Total: $54.93)',
      ],
      'US',
    );
    expect(extracted).toMatchObject({ total: '45.56', tax: '3.56', tip: null });
  });

  it('repairs the legal form OCR misread, and joins a name whose bracket the line left open', () => {
    expect(read(['AMANO MALAYSIA SON BHD', 'TOTAL 9.00'], 'MY').extracted.merchant).toBe(
      'AMANO MALAYSIA SDN BHD',
    );
    expect(read(['DIGI TELECOMMUNICATIONS SDN EHD', 'TOTAL 9.00'], 'MY').extracted.merchant).toBe(
      'DIGI TELECOMMUNICATIONS SDN BHD',
    );
    expect(read(['99 SPEED MART 5/D', 'TOTAL 9.00'], 'MY').extracted.merchant).toBe(
      '99 SPEED MART S/B',
    );
    expect(
      read(['AIK HUAT HARDWARE ENTERPRISE (SETIA', 'ALAM) SDN BHD', 'TOTAL 9.00'], 'MY').extracted
        .merchant,
    ).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
  });

  it('skips the printed asides above a name', () => {
    for (const aside of [
      'For feedback or complaint, please call',
      "ACCOUNT'S COPY",
      'Cash Sale',
      'PLEASE VISIT US AGAIN',
    ])
      expect(read([aside, 'FIVE STAR CASH & CARRY', 'TOTAL 9.00'], 'MY').extracted.merchant).toBe(
        'FIVE STAR CASH & CARRY',
      );
  });

  it('joins a legal name printed over two lines, but not the registration label after it', () => {
    const twoLines = read(
      ['LIAN CHI PU TIAN VEGETARIAN', 'RESTAURANT SDN BHD', 'TOTAL 9.00'],
      'MY',
    );
    expect(twoLines.extracted.merchant).toBe('LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD');
    const label = read(['SHELL ISNI PETRO TRADING', 'Company No: 0023', 'TOTAL 9.00'], 'MY');
    expect(label.extracted.merchant).toBe('SHELL ISNI PETRO TRADING');
  });

  it('reads a name with its registration number, and never a street line', () => {
    const { extracted } = read(
      ['AEON CO.(M) BHD (126926-H)', '3RD FLR, AEON TAMAN MALURI SC', 'TOTAL 17.70'],
      'MY',
    );
    expect(extracted.merchant).toBe('AEON CO.(M) BHD');
    expect(
      read(['JLN JEJAKA, TAMAN MALURI', 'FUYI MINI MARKET', 'TOTAL 3.00'], 'MY').extracted.merchant,
    ).toBe('FUYI MINI MARKET');
  });
});

describe('checkTax', () => {
  const base = { countryCode: 'GB', day: '2026-03-01', tip: null, statedRate: null, lineCount: 1 };
  it('accepts VAT at the standard rate', () => {
    const r = checkTax({ ...base, total: new Decimal('12.00'), tax: new Decimal('2.00') });
    expect(r).toMatchObject({ expectedRate: '0.2', consistent: true });
  });
  it('accepts a reduced rate', () => {
    const r = checkTax({ ...base, total: new Decimal('10.50'), tax: new Decimal('0.50') });
    expect(r.consistent).toBe(true);
    expect(r.message).toMatch(/reduced/);
  });
  it('says so for a country it has no rate for', () => {
    const r = checkTax({
      ...base,
      countryCode: 'ZZ',
      total: new Decimal('1'),
      tax: new Decimal('0.1'),
    });
    expect(r).toMatchObject({ expectedRate: null, consistent: true });
  });
});
