import { detectDialect } from '../../src/domain/import/csv-dialect';
import {
  detectCsvLayout,
  findHeaderRecord,
  type MappingOverrides,
} from '../../src/domain/import/mapping';
import { parseImportOptions } from '../../src/domain/import/options';

const rows = (text: string, delimiter = ',') =>
  text
    .trim()
    .split('\n')
    .map((l) => l.split(delimiter));

function validationFields(run: () => unknown): string[] {
  try {
    run();
  } catch (err) {
    const e = err as { code: string; details?: { issues?: { field: string }[] } };
    expect(e.code).toBe('VALIDATION_ERROR');
    return (e.details?.issues ?? []).map((i) => i.field);
  }
  throw new Error('expected a validation error');
}

describe('delimiter detection', () => {
  it('finds , ; tab and |', () => {
    expect(detectDialect('a,b,c\n1,2,3\n4,5,6\n')?.delimiter).toBe(',');
    expect(detectDialect('a;b;c\n1;2;3\n')?.delimiter).toBe(';');
    expect(detectDialect('a\tb\tc\n1\t2\t3\n')?.delimiter).toBe('\t');
    expect(detectDialect('a|b|c\n1|2|3\n')?.delimiter).toBe('|');
  });

  it('ignores delimiters inside quotes and a preamble of odd lines', () => {
    const text =
      'Account:,"12,345"\n\nDate,Description,Amount\n14/03/2025,"Coffee, large",-4.50\n15/03/2025,Tea,-3.00\n16/03/2025,Cake,-5.00\n';
    expect(detectDialect(text)?.delimiter).toBe(',');
  });

  it('does not take decimal commas for the delimiter', () => {
    expect(
      detectDialect('Datum;Betrag;Saldo\n14.03.2025;-4,50;1.245,50\n15.03.2025;-3,00;1.242,50\n')
        ?.delimiter,
    ).toBe(';');
    expect(detectDialect('Datum;Betrag\n14.03.2025;-4,50\n15.03.2025;-3,00\n')?.delimiter).toBe(
      ';',
    );
  });

  it("honours Excel's sep= line, and finds nothing in text without columns", () => {
    expect(detectDialect('sep=;\nDate;Amount\n')).toEqual({ delimiter: ';', sepHintLine: true });
    expect(detectDialect('Dear customer\nyour statement is attached\n')).toBeUndefined();
  });
});

describe('header detection', () => {
  it('finds the header row, passing over a summary block above it', () => {
    const records = [
      ['Description', '', 'Summary Amt.'],
      ['Beginning balance as of 03/01/2025', '', '1,250.00'],
      ['Total credits', '', '2,345.67'],
      ['Date', 'Description', 'Amount', 'Running Bal.'],
      ['03/03/2025', 'STARBUCKS', '-4.50', '1,245.50'],
    ];
    expect(findHeaderRecord(records)).toBe(3);
  });

  it('takes a row of unknown words followed by dated rows for a header', () => {
    expect(findHeaderRecord(rows('When,What,How much\n14/03/2025,Coffee,-4.50'))).toBe(0);
  });

  it('finds none in a file that starts with data', () => {
    expect(findHeaderRecord(rows('14/03/2025,-4.50,Coffee\n15/03/2025,-3.00,Tea'))).toBe(-1);
  });
});

describe('column mapping', () => {
  it('guesses columns from header names in many wordings', () => {
    const layout = detectCsvLayout(
      rows(
        'Txn Date,Narration,Withdrawals,Deposits,Closing Balance\n14/03/2025,Coffee,4.50,,95.50\n15/03/2025,Pay,,100.00,195.50',
      ),
      ',',
      undefined,
    );
    expect(layout.columns).toMatchObject({ date: 0, description: [1], debit: 2, credit: 3 });
    expect(layout.preset).toBeUndefined();
  });

  it('guesses columns of a file without a header from their values', () => {
    const layout = detectCsvLayout(
      rows('2025-03-14,Coffee at the corner,-4.50,95.50\n2025-03-15,Salary,100.00,195.50'),
      ',',
      undefined,
    );
    expect(layout.headerRecord).toBe(-1);
    expect(layout.columns).toMatchObject({ date: 0, description: [1], amount: 2 });
  });

  it('uses a DR/CR marker column when amounts carry no sign', () => {
    const layout = detectCsvLayout(
      rows('Date,Details,Amount,DR/CR\n14/03/2025,Coffee,4.50,DR\n15/03/2025,Pay,100.00,CR'),
      ',',
      undefined,
    );
    expect(layout.columns).toMatchObject({ amount: 2, type: 3 });
  });

  it('recognises bank presets by their header', () => {
    const westpac = detectCsvLayout(
      rows(
        'Bank Account,Date,Narrative,Debit Amount,Credit Amount,Balance,Categories,Serial\n032000123456,01/03/2025,PAY,,10.00,10.00,INC,',
      ),
      ',',
      undefined,
    );
    expect(westpac.preset?.id).toBe('westpac');
    expect(westpac.mapping).toMatchObject({
      preset: 'westpac',
      date: 'Date',
      debit: 'Debit Amount',
      credit: 'Credit Amount',
    });
  });

  it('lets an explicit mapping override any detected column, by name or position', () => {
    const records = rows(
      'Date,Posted,Memo,Payee,Amount\n14/03/2025,15/03/2025,Flat white,Cafe,-4.50',
    );
    const layout = detectCsvLayout(records, ',', {
      date: 'posted',
      description: ['Payee', 2],
      merchant: 3,
    });
    expect(layout.columns).toMatchObject({ date: 1, description: [3, 2], merchant: 3, amount: 4 });
    expect(layout.mapping).toMatchObject({
      date: 'Posted',
      description: ['Payee', 'Memo'],
      merchant: 'Payee',
    });
  });

  it('switches from a signed amount to debit/credit columns when told to', () => {
    const records = rows('Date,Memo,Amount,Out,In\n14/03/2025,Cafe,-4.50,4.50,');
    const layout = detectCsvLayout(records, ',', { debit: 'Out', credit: 'In' });
    expect(layout.columns.amount).toBeUndefined();
    expect(layout.columns).toMatchObject({ debit: 3, credit: 4 });
  });

  it('applies a named preset and reports the columns it cannot find', () => {
    const records = rows('Date,Memo,Amount\n14/03/2025,Cafe,-4.50');
    expect(validationFields(() => detectCsvLayout(records, ',', { preset: 'westpac' }))).toEqual(
      expect.arrayContaining(['mapping.description.0', 'mapping.debit', 'mapping.credit']),
    );
  });

  it('names each mapping field that does not exist in the file', () => {
    const records = rows('Date,Memo,Amount\n14/03/2025,Cafe,-4.50');
    expect(
      validationFields(() => detectCsvLayout(records, ',', { date: 'When', amount: 7 })),
    ).toEqual(['mapping.date', 'mapping.amount']);
  });

  it('asks for a mapping when no date or amount column can be found', () => {
    const records = rows('Name,Note\nAlice,hello\nBob,world');
    expect(validationFields(() => detectCsvLayout(records, ',', undefined))).toEqual([
      'mapping.date',
      'mapping.amount',
    ]);
  });
});

describe('import options', () => {
  const base = {
    fileName: 'a.csv',
    dateFormat: '',
    dryRun: false,
    countryCode: 'au',
    declaredBytes: 0,
  };

  it('normalises what is valid', () => {
    const settings = parseImportOptions({ ...base, dateFormat: 'mm/dd/yyyy' });
    expect(settings).toMatchObject({
      explicitOrder: 'MDY',
      dateFormat: 'MM/DD/YYYY',
      countryCode: 'AU',
    });
  });

  it('reports every bad option at once', () => {
    const mapping = {
      preset: 'nosuchbank',
      delimiter: ':',
      amount: 'Amount',
      debit: 'Out',
      date: -1,
      description: [''],
    } as unknown as MappingOverrides;
    expect(
      validationFields(() => parseImportOptions({ ...base, dateFormat: 'DD/YY', mapping })),
    ).toEqual([
      'dateFormat',
      'mapping.preset',
      'mapping.delimiter',
      'mapping.date',
      'mapping.description.0',
      'mapping.amount',
    ]);
  });
});

describe('explaining the columns and saved mappings', () => {
  const headerless = (first: string) =>
    rows(`${first},Coffee at the corner,-4.50,95.50\n2025-03-15,Salary,100.00,195.50`);
  const unknownHeader = (rowsText: string) => rows(`Buchung;Text;Soll;Haben\n${rowsText}`, ';');

  it('says which columns were guessed from values, why, and that it is unsure', () => {
    const { detection } = detectCsvLayout(headerless('2025-03-14'), ',', undefined);
    expect(detection.source).toBe('values');
    expect(detection.certain).toBe(false);
    expect(detection.columns.map((c) => [c.field, c.column, c.header])).toEqual([
      ['date', 0, null],
      ['description', 1, null],
      ['amount', 2, null],
    ]);
    expect(detection.columns[0]!.reason).toBe(
      'the file has no header row; 100% of its values read as dates',
    );
    // Two amount columns (the amount and a balance): the reason says so.
    expect(detection.columns[2]!.reason).toMatch(/first column whose values are amounts.*of 2/);
  });

  it('is sure when header names, a preset or the request name the columns', () => {
    const named = detectCsvLayout(
      rows('Date,Description,Amount\n14/03/2025,Coffee,-4.50'),
      ',',
      undefined,
    );
    expect(named.detection).toMatchObject({ source: 'headers', certain: true });
    expect(named.detection.columns[0]).toEqual({
      field: 'date',
      column: 0,
      header: 'Date',
      reason: 'the header "Date" is a usual name for it',
    });
    const preset = detectCsvLayout(
      rows(
        'Bank Account,Date,Narrative,Debit Amount,Credit Amount,Balance,Categories,Serial\n032000123456,01/03/2025,PAY,,10.00,10.00,INC,',
      ),
      ',',
      undefined,
    );
    expect(preset.detection).toMatchObject({ source: 'preset', certain: true });
    expect(preset.detection.columns[0]!.reason).toContain('preset "westpac"');
    const requested = detectCsvLayout(unknownHeader('14.03.2025;Kaffee;4,50;'), ';', {
      date: 'Buchung',
      description: ['Text'],
      debit: 'Soll',
      credit: 'Haben',
    });
    expect(requested.detection).toMatchObject({ source: 'request', certain: true });
  });

  it('keys a layout by its header names, or by its column shapes without a header', () => {
    const a = detectCsvLayout(unknownHeader('14.03.2025;Kaffee;4,50;'), ';', {
      date: 'Buchung',
      description: ['Text'],
      debit: 'Soll',
      credit: 'Haben',
    });
    expect(a.layoutKey).toBe('h:buchung|text|soll|haben');
    expect(detectCsvLayout(headerless('2025-03-14'), ',', undefined).layoutKey).toBe(
      detectCsvLayout(headerless('2025-04-01'), ',', undefined).layoutKey,
    );
  });

  it('reads a file of a saved layout with the saved mapping unless the request names columns', () => {
    const mapping: MappingOverrides = {
      date: 'Buchung',
      description: ['Text'],
      debit: 'Soll',
      credit: 'Haben',
      decimalSeparator: ',',
    };
    const saved = [
      { id: 'm1', name: 'Sparkasse', layoutKey: 'h:buchung|text|soll|haben', mapping },
      { id: 'm2', name: 'Other', layoutKey: 'h:something|else', mapping: { date: 0 } },
    ];
    const file = unknownHeader('14.03.2025;Kaffee;4,50;\n15.03.2025;Gehalt;;2000,00');
    const used = detectCsvLayout(file, ';', undefined, saved);
    expect(used.columns).toMatchObject({ date: 0, description: [1], debit: 2, credit: 3 });
    expect(used.decimalSeparator).toBe(',');
    expect(used.detection).toMatchObject({
      source: 'saved',
      certain: true,
      savedMapping: { id: 'm1', name: 'Sparkasse' },
    });
    expect(used.detection.columns[0]!.reason).toBe('your saved mapping "Sparkasse"');
    // Options that name no column (a delimiter) keep the saved mapping; columns replace it.
    expect(detectCsvLayout(file, ';', { decimalSeparator: ',' }, saved).detection.source).toBe(
      'saved',
    );
    const overridden = detectCsvLayout(file, ';', { description: ['Text', 'Haben'] }, saved);
    expect(overridden.detection.savedMapping).toBeUndefined();
    expect(overridden.detection.source).toBe('request');
  });
});

describe('saveMappingAs option', () => {
  const base = { fileName: 'a.csv', dateFormat: '', countryCode: 'DE', declaredBytes: 0 };
  it('keeps a trimmed name and refuses an empty, long or dry-run one', () => {
    expect(
      parseImportOptions({ ...base, dryRun: false, saveMappingAs: ' Sparkasse ' }),
    ).toMatchObject({ saveMappingAs: 'Sparkasse' });
    expect(
      validationFields(() => parseImportOptions({ ...base, dryRun: false, saveMappingAs: ' ' })),
    ).toEqual(['saveMappingAs']);
    expect(
      validationFields(() =>
        parseImportOptions({ ...base, dryRun: false, saveMappingAs: 'x'.repeat(101) }),
      ),
    ).toEqual(['saveMappingAs']);
    expect(
      validationFields(() => parseImportOptions({ ...base, dryRun: true, saveMappingAs: 'A' })),
    ).toEqual(['saveMappingAs']);
  });
});
