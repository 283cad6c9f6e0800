import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseImportOptions } from '../../src/domain/import/options';
import {
  describePlan,
  inspectStatement,
  readRows,
  settleDateOrder,
} from '../../src/domain/import/reader';
import type { RowOutcome } from '../../src/domain/import/types';

/**
 * Every sample statement read end to end (bytes → rows), as the import does, fed in small
 * chunks so that records, characters and tags are split across chunk boundaries.
 */

const FIXTURES = join(__dirname, '..', 'fixtures', 'imports');

async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(
  file: string,
  options: { countryCode?: string; dateFormat?: string; mapping?: object } = {},
) {
  const bytes = readFileSync(join(FIXTURES, file));
  const settings = parseImportOptions({
    fileName: file,
    dateFormat: options.dateFormat ?? '',
    dryRun: false,
    countryCode: options.countryCode ?? 'AU',
    declaredBytes: 0,
    mapping: options.mapping,
  });
  // As for a large file: the order the start proves, then settled on the whole file.
  const inspected = inspectStatement(bytes, false, settings);
  const plan = inspected.dateOrderProven
    ? inspected
    : await settleDateOrder(inspected, chunks(bytes, 33), settings);
  const outcomes: RowOutcome[] = [];
  for await (const batch of readRows(chunks(bytes, 33), plan)) outcomes.push(...batch);
  return { layout: describePlan(plan), preset: plan.csv?.preset?.id, outcomes };
}

/** [line, date, type, amount] of each imported row, or [line, status] of the others. */
function summary(outcomes: RowOutcome[]) {
  return outcomes.map((o) =>
    o.status === 'row' ? [o.row.line, o.row.date, o.row.type, o.row.amount] : [o.line, o.status],
  );
}

function rows(outcomes: RowOutcome[]) {
  return outcomes.flatMap((o) => (o.status === 'row' ? [o.row] : []));
}

describe('bank presets', () => {
  it('CommBank: no header, +/- signed amount and balance, two identical coffees', async () => {
    const { preset, layout, outcomes } = await read('commbank.csv');
    expect(preset).toBe('commbank');
    expect(layout).toMatchObject({
      dateFormat: 'DD/MM/YYYY',
      dateFormatSource: 'file',
      headerLine: 0,
    });
    expect(summary(outcomes)).toEqual([
      [1, '2025-03-01', 'credit', '2345.67'],
      [2, '2025-03-03', 'debit', '85.20'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-14', 'debit', '4.50'],
      [5, '2025-03-17', 'debit', '1200.00'],
      [6, '2025-03-28', 'credit', '0.35'],
    ]);
    expect(rows(outcomes)[2].description).toBe(
      'EFTPOS THE COFFEE CLUB SYDNEY NS AUS Card xx1234 Value Date: 13/03/2025',
    );
  });

  it('ANZ: no header, date, amount, description', async () => {
    const { preset, outcomes } = await read('anz.csv');
    expect(preset).toBe('anz');
    expect(summary(outcomes)).toEqual([
      [1, '2025-03-02', 'debit', '65.00'],
      [2, '2025-03-05', 'debit', '12.99'],
      [3, '2025-03-15', 'credit', '3120.00'],
      [4, '2025-03-20', 'debit', '4.80'],
    ]);
  });

  it('Westpac: debit and credit columns, thousands separators, the account', async () => {
    const { preset, outcomes } = await read('westpac.csv');
    expect(preset).toBe('westpac');
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-01', 'credit', '2875.40'],
      [3, '2025-03-04', 'debit', '142.35'],
      [4, '2025-03-13', 'debit', '210.00'],
      [5, '2025-03-21', 'debit', '1049.00'],
    ]);
    expect(rows(outcomes)[0]).toMatchObject({
      description: 'DEPOSIT ACME PTY LTD PAYROLL 0301',
      account: '032000123456',
    });
  });

  it('NAB: "14 Mar 25" dates, merchant names', async () => {
    const { preset, layout, outcomes } = await read('nab.csv');
    expect(preset).toBe('nab');
    expect(layout.dateFormatSource).toBe('unambiguous');
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-03', 'debit', '56.10'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-15', 'credit', '2400.00'],
      [5, '2025-03-27', 'debit', '89.00'],
    ]);
    expect(rows(outcomes).map((r) => r.merchant)).toEqual([
      'Aldi',
      'The Coffee Club',
      null,
      'Telstra',
    ]);
  });

  it("Monzo: the bank's transaction ids, merchant names, emoji and a description falling back to the name", async () => {
    const { preset, outcomes } = await read('monzo.csv', { countryCode: 'GB' });
    expect(preset).toBe('monzo');
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-01', 'credit', '2150.00'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-14', 'debit', '4.50'],
      [5, '2025-03-18', 'debit', '3.20'],
      [6, '2025-03-22', 'debit', '100.00'],
    ]);
    const [, coffee, , nero, pot] = rows(outcomes);
    expect(coffee).toMatchObject({
      externalId: 'tx_0000AbCdEfGhIjKlMnOpQs',
      merchant: 'Pret A Manger',
      description: 'PRET A MANGER LONDON GBR',
    });
    expect(nero.merchant).toBe('Café Nero');
    expect(pot.description).toBe('Savings');
  });

  it('Barclays: padded memos collapsed', async () => {
    const { preset, outcomes } = await read('barclays.csv', { countryCode: 'GB' });
    expect(preset).toBe('barclays');
    expect(rows(outcomes).map((r) => r.description)).toEqual([
      'ACME LTD SALARY BGC',
      'TESCO STORES 2345 ON 05 MAR BCC',
      'PRET A MANGER ON 13 MAR BCC',
      'LANDLORD RENT DDR',
    ]);
    expect(summary(outcomes)[2]).toEqual([4, '2025-03-14', 'debit', '4.50']);
  });

  it("Lloyds: debit/credit columns, newest first, Excel's apostrophe on the sort code", async () => {
    const { preset, outcomes } = await read('lloyds.csv', { countryCode: 'GB' });
    expect(preset).toBe('lloyds');
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-28', 'debit', '75.00'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-07', 'debit', '41.80'],
      [5, '2025-03-01', 'credit', '1650.00'],
    ]);
    expect(rows(outcomes)[0].account).toBe('12345678');
  });

  it('HSBC: no header, date, description, quoted amount with thousands', async () => {
    const { preset, outcomes } = await read('hsbc.csv', { countryCode: 'GB' });
    expect(preset).toBe('hsbc');
    expect(summary(outcomes)).toEqual([
      [1, '2025-03-31', 'debit', '80.00'],
      [2, '2025-03-21', 'debit', '27.45'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-01', 'credit', '2345.67'],
    ]);
  });

  it('Chase checking: MM/DD/YYYY even for an Australian user, a stray trailing comma', async () => {
    const { preset, layout, outcomes } = await read('chase.csv', { countryCode: 'AU' });
    expect(preset).toBe('chase');
    expect(layout).toMatchObject({ dateFormat: 'MM/DD/YYYY', dateFormatSource: 'file' });
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-28', 'debit', '96.31'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-10', 'debit', '150.00'],
      [5, '2025-03-01', 'credit', '3402.00'],
    ]);
  });

  it('Chase credit card: purchases negative, payments and returns positive', async () => {
    const { preset, outcomes } = await read('chase-card.csv', { countryCode: 'US' });
    expect(preset).toBe('chase-card');
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-24', 'debit', '23.49'],
      [3, '2025-03-20', 'credit', '500.00'],
      [4, '2025-03-14', 'debit', '4.50'],
      [5, '2025-03-13', 'credit', '4.50'],
    ]);
  });

  it('Bank of America checking: the summary block above the header and the balance line are left out', async () => {
    const { preset, layout, outcomes } = await read('bofa.csv', { countryCode: 'US' });
    expect(preset).toBe('bofa');
    expect(layout.headerLine).toBe(7);
    expect(summary(outcomes)).toEqual([
      [8, 'skipped'],
      [9, '2025-03-03', 'debit', '4.50'],
      [10, '2025-03-14', 'credit', '2345.67'],
      [11, '2025-03-20', 'debit', '1005.67'],
    ]);
  });

  it("Bank of America credit card: the reference number is the bank's id", async () => {
    const { preset, outcomes } = await read('bofa-card.csv', { countryCode: 'US' });
    expect(preset).toBe('bofa-card');
    expect(rows(outcomes).map((r) => [r.externalId, r.type, r.amount, r.description])).toEqual([
      ['24431065086100123456789', 'debit', '54.12', 'WHOLE FOODS MARKET #10234'],
      ['74692165077100987654321', 'credit', '750.00', 'PAYMENT - THANK YOU'],
      ['24492155073740000123456', 'debit', '4.50', 'STARBUCKS STORE 12345'],
    ]);
  });

  it('Wells Fargo: no header, date, amount, "*", check number, description', async () => {
    const { preset, outcomes } = await read('wells-fargo.csv', { countryCode: 'US' });
    expect(preset).toBe('wells-fargo');
    expect(summary(outcomes)).toEqual([
      [1, '2025-03-31', 'debit', '45.00'],
      [2, '2025-03-14', 'debit', '4.50'],
      [3, '2025-03-07', 'debit', '120.00'],
      [4, '2025-03-01', 'credit', '2890.55'],
    ]);
    expect(rows(outcomes)[2].description).toBe('CHECK # 1043');
  });
});

describe('other formats and encodings', () => {
  it('OFX 1.x (SGML): FITIDs kept per account, entities decoded, one-line and multi-line blocks', async () => {
    const { layout, outcomes } = await read('statement-sgml.ofx', { countryCode: 'US' });
    expect(layout).toMatchObject({ format: 'ofx', dateFormatSource: 'unambiguous' });
    expect(
      rows(outcomes).map((r) => [r.date, r.type, r.amount, r.externalId, r.description]),
    ).toEqual([
      [
        '2025-03-01',
        'credit',
        '2890.55',
        '1234567890:202503010001',
        'ACME CORP PAYROLL DIRECT DEP',
      ],
      [
        '2025-03-14',
        'debit',
        '4.50',
        '1234567890:202503140001',
        'STARBUCKS STORE 12345 SEATTLE WA',
      ],
      [
        '2025-03-14',
        'debit',
        '4.50',
        '1234567890:202503140002',
        'STARBUCKS STORE 12345 SEATTLE WA',
      ],
      [
        '2025-03-18',
        'debit',
        '18.99',
        '1234567890:202503180001',
        'BARNES & NOBLE #2345 Café – books',
      ],
      ['2025-03-25', 'debit', '150.00', '1234567890:202503250001', 'CHECK 1042'],
    ]);
  });

  it('OFX 2.x (XML) credit card statement', async () => {
    const { layout, outcomes } = await read('statement-xml.ofx', { countryCode: 'GB' });
    expect(layout.format).toBe('ofx');
    expect(
      rows(outcomes).map((r) => [r.date, r.type, r.amount, r.externalId, r.description]),
    ).toEqual([
      ['2025-03-05', 'debit', '42.10', '4929XXXXXXXX1234:88451203', 'M&S SIMPLY FOOD LONDON GB'],
      ['2025-03-14', 'debit', '4.50', '4929XXXXXXXX1234:88451204', 'PRET A MANGER'],
      [
        '2025-03-20',
        'credit',
        '250.00',
        '4929XXXXXXXX1234:88451205',
        'PAYMENT RECEIVED - THANK YOU',
      ],
    ]);
  });

  it('QFX (OFX with Intuit tags)', async () => {
    const { layout, outcomes } = await read('statement.qfx', { countryCode: 'US' });
    expect(layout.format).toBe('qfx');
    expect(summary(outcomes).map((s) => s.slice(1))).toEqual([
      ['2025-03-14', 'debit', '4.50'],
      ['2025-03-15', 'credit', '3402.00'],
      ['2025-03-22', 'debit', '61.87'],
    ]);
  });

  it("QIF: apostrophe years, splits, payee and memo, the account's name, lists that are not transactions", async () => {
    const { layout, outcomes } = await read('statement.qif', { countryCode: 'AU' });
    expect(layout).toMatchObject({
      format: 'qif',
      dateFormat: 'MM/DD/YYYY',
      dateFormatSource: 'file',
    });
    expect(summary(outcomes)).toEqual([
      [13, '2025-03-01', 'credit', '2345.67'],
      [19, '2025-03-14', 'debit', '4.50'],
      [28, '2025-03-14', 'debit', '4.50'],
      [33, '2025-03-20', 'debit', '112.40'],
      [41, '2025-03-28', 'debit', '1200.00'],
    ]);
    expect(rows(outcomes)[1]).toMatchObject({
      description: 'Starbucks Flat white',
      account: 'Everyday Checking',
    });
  });

  it('Windows-1252 (Latin-1) export', async () => {
    const { layout, outcomes } = await read('latin1.csv', { countryCode: 'FR' });
    expect(layout.encoding).toBe('windows-1252');
    expect(rows(outcomes).map((r) => r.description)).toEqual([
      'CAFÉ ROUGE COVENT GARDEN',
      'PÂTISSERIE VALÉRIE £ VOUCHER',
      'MÜLLER & SÖHNE GMBH',
      'REMBOURSEMENT SÉCU',
    ]);
  });

  it('UTF-8 with a byte order mark, ISO dates', async () => {
    const { layout, outcomes } = await read('bom.csv');
    expect(layout).toMatchObject({ encoding: 'utf-8', mapping: { date: 'Date' } });
    expect(rows(outcomes).map((r) => [r.date, r.description])).toEqual([
      ['2025-03-02', 'Café Nero – Oxford St'],
      ['2025-03-14', 'Pret A Manger'],
      ['2025-03-15', 'Gehalt ACME GmbH'],
    ]);
  });

  it('Excel "Unicode text": UTF-16, tab-delimited', async () => {
    const { layout, outcomes } = await read('excel-unicode.txt');
    expect(layout).toMatchObject({ encoding: 'utf-16le', mapping: { delimiter: '\t' } });
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-14', 'debit', '4.50'],
      [3, '2025-03-15', 'credit', '1850.00'],
    ]);
  });

  it('European: semicolons, decimal commas, dotted thousands, DD.MM.YYYY, German headers', async () => {
    const { layout, outcomes } = await read('european-semicolon.csv', { countryCode: 'DE' });
    expect(layout.mapping).toMatchObject({
      delimiter: ';',
      decimalSeparator: ',',
      date: 'Buchungstag',
      amount: 'Betrag',
    });
    expect(summary(outcomes)).toEqual([
      [2, '2025-03-03', 'debit', '23.45'],
      [3, '2025-03-14', 'debit', '4.50'],
      [4, '2025-03-25', 'credit', '2350.00'],
      [5, '2025-03-28', 'debit', '1100.00'],
    ]);
    expect(rows(outcomes)[0].description).toBe('REWE Markt GmbH, Berlin');
  });

  it('Paid out / Paid in columns with £ amounts below an account preamble', async () => {
    const { layout, outcomes } = await read('nationwide-debit-credit.csv', { countryCode: 'GB' });
    expect(layout.mapping).toMatchObject({ debit: 'Paid out', credit: 'Paid in' });
    expect(summary(outcomes)).toEqual([
      [6, '2025-03-01', 'credit', '1850.00'],
      [7, '2025-03-06', 'debit', '32.15'],
      [8, '2025-03-14', 'debit', '4.50'],
      [9, '2025-03-25', 'debit', '650.00'],
    ]);
  });

  it('brackets, trailing minus, DR/CR markers, currency symbols and codes, the Unicode minus', async () => {
    const { outcomes } = await read('amount-styles.csv');
    expect(rows(outcomes).map((r) => `${r.type} ${r.amount}`)).toEqual([
      'debit 4.50',
      'debit 12.00',
      'debit 7.25',
      'credit 100.00',
      'credit 1234.56',
      'debit 12.00',
      'debit 5.00',
      'debit 3.10',
    ]);
  });

  it('ambiguous dates follow the dateFormat, else the country', async () => {
    const au = await read('amount-styles.csv', { countryCode: 'AU' });
    expect(au.layout).toMatchObject({ dateFormat: 'DD/MM/YYYY', dateFormatSource: 'country' });
    expect(rows(au.outcomes)[0].date).toBe('2025-03-03');
    const us = await read('amount-styles.csv', { countryCode: 'US' });
    expect(us.layout).toMatchObject({ dateFormat: 'MM/DD/YYYY', dateFormatSource: 'country' });
    expect(rows(us.outcomes)[1].date).toBe('2025-04-03');
    const explicit = await read('amount-styles.csv', {
      countryCode: 'US',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(explicit.layout.dateFormatSource).toBe('dateFormat');
    expect(rows(explicit.outcomes)[1].date).toBe('2025-03-04');
  });

  it('bad rows are reported by line; good rows around them are kept', async () => {
    const { outcomes } = await read('bad-rows.csv');
    expect(
      outcomes.map((o) =>
        o.status === 'row'
          ? [o.row.line, 'row']
          : o.status === 'error'
            ? [o.line, o.error]
            : [o.line, o.reason],
      ),
    ).toEqual([
      [2, 'row'],
      [3, 'date: "31/02/2025" is not a real date (read as DD/MM/YYYY)'],
      [4, 'amount: cannot read "12.3.4" as an amount'],
      [5, 'no amount (a balance or summary line)'],
      [6, 'date: cannot read "not a date" as a date'],
      [7, 'zero amount'],
      [8, 'row'],
      [10, 'row'],
    ]);
    expect(rows(outcomes)[1].description).toBe('Good row with a line break inside');
  });

  it('a mapping overrides the detected columns', async () => {
    const { layout, outcomes } = await read('monzo.csv', {
      mapping: { description: ['Name', 'Category'], externalId: 'Transaction ID' },
    });
    expect(layout.mapping).toMatchObject({ preset: 'monzo', description: ['Name', 'Category'] });
    expect(rows(outcomes)[1].description).toBe('Pret A Manger Eating out');
  });

  it('an unclosed quote reports the line it starts on and keeps the rows before it', async () => {
    const bytes = Buffer.from(
      'Date,Description,Amount\n01/03/2025,Fine,-1.00\n02/03/2025,"Never closed,-2.00\n03/03/2025,Lost,-3.00\n',
    );
    const settings = parseImportOptions({
      fileName: 'x.csv',
      dateFormat: '',
      dryRun: false,
      countryCode: 'AU',
      declaredBytes: 0,
    });
    const plan = inspectStatement(bytes, true, settings);
    const outcomes: RowOutcome[] = [];
    for await (const batch of readRows(chunks(bytes, 16), plan)) outcomes.push(...batch);
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'row' }),
      {
        status: 'error',
        line: 3,
        error: 'a quoted field is never closed (from line 3); the rest of the file cannot be read',
      },
    ]);
  });
});

describe('refusals', () => {
  const settings = parseImportOptions({
    fileName: 'x',
    dateFormat: '',
    dryRun: false,
    countryCode: 'AU',
    declaredBytes: 0,
  });
  const refusal = (text: string | Buffer) => {
    try {
      inspectStatement(Buffer.from(text), true, settings);
    } catch (err) {
      return (err as { code: string; message: string }).code;
    }
    return 'accepted';
  };

  it('refuses files that are no statement (415) and empty files (400)', () => {
    expect(refusal('%PDF-1.7\n1 0 obj')).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('<html><body>Statement</body></html>')).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('Dear customer,\nplease find attached\n')).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('   \n\n')).toBe('VALIDATION_ERROR');
    expect(refusal('Name,Note\nAlice,Hi\nBob,Yo\n')).toBe('VALIDATION_ERROR');
  });
});
