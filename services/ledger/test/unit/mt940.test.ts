import { detectFormat } from '../../src/domain/import/formats';
import { Mt940Reader, readDetails } from '../../src/domain/import/mt940';
import { brief, fixtureBytes, readStatement, rowsOf } from './import-statements.helper';

/**
 * MT940 from published examples: WoLpH/mt940's test files (BSD-3-Clause; mt940_tests/jejik,
 * from jejik/mt940, MIT, and mt940_tests/betterplace, from betterplace/mt940_parser,
 * Apache-2.0), with the
 * dates and amounts of their expected output (the .yml next to each upstream file), and a file
 * written here in the structure of the SWIFT MT940 specification and the German DFÜ annex
 * (test/fixtures/import/mt940-features.sta).
 */

describe('MT940 detection', () => {
  it('is recognised by its SWIFT header, its first field or a bank header before :20:', () => {
    expect(detectFormat(':20:STARTUMSE\n:25:10020030/1234567\n')).toBe('mt940');
    expect(detectFormat('{1:F01DEUTDEFFAXXX0000000000}{2:O940}{4:\n:20:X\n')).toBe('mt940');
    expect(detectFormat('ABNANL2A\n940\nABNANL2A\n:20:ABN AMRO BANK NV\n:25:517852257\n')).toBe(
      'mt940',
    );
    expect(detectFormat('Date,Description,Amount\n:20:,x,1\n')).toBe('csv');
  });
});

describe('MT940 files', () => {
  it('jejik abnamro.sta: the booking date of :61:, free-text :86:, as upstream expects', async () => {
    const { plan, outcomes } = await readStatement(fixtureBytes('jejik-abnamro.sta'), 'x.sta');
    expect(plan.format).toBe('mt940');
    // mt940_tests/jejik/abnamro.yml: entry_date and amount of each transaction.
    expect(brief(outcomes)).toEqual([
      ['2011-05-24', '-9.00'],
      ['2011-05-23', '-11.59'],
      ['2011-05-23', '-11.63'],
      ['2011-05-23', '-11.80'],
      ['2011-05-23', '-13.45'],
      ['2011-05-23', '-15.49'],
      ['2011-05-23', '-107.00'],
      ['2011-05-23', '-141.48'],
      // The file's second message.
      ['2011-05-24', '-9.49'],
      ['2011-05-24', '-15.00'],
    ]);
    expect(rowsOf(outcomes)[0]).toMatchObject({
      line: 8,
      description:
        'GIRO 428428 KPN - DIGITENNE BETALINGSKENM. 000000042188659 5314606715 BETREFT FACTUUR D.D. 20-05-2011 INCL. 1,44 BTW',
      account: '517852257',
      externalId: null, // NONREF only
    });
  });

  it('jejik ing.sta: a bank header before :20:, statement-level :86: after :62F: ignored', async () => {
    const { outcomes } = await readStatement(fixtureBytes('jejik-ing.sta'), 'ing.940', 7);
    expect(brief(outcomes)).toEqual([
      ['2010-07-22', '-25.03'],
      ['2010-07-22', '-3.03'],
      ['2010-07-22', '-1.11'],
      ['2010-07-22', '-20.00'],
      ['2010-07-22', '-1.10'],
      ['2010-07-22', '3.68'],
      ['2010-07-23', '1.00'],
    ]);
    expect(rowsOf(outcomes)[2].externalId).toBe('0001234567:TMG TANGO');
  });

  it('structured :86: (German GVC with SEPA keywords, Dutch /NAME/REMI/), reversals, a new year, the SWIFT envelope', async () => {
    for (const size of [5, 1 << 16]) {
      const { outcomes } = await readStatement(fixtureBytes('mt940-features.sta'), 'f.sta', size);
      const iban = 'DE89370400440532013000';
      expect(rowsOf(outcomes)).toEqual([
        {
          line: 6,
          date: '2025-01-02', // value date 31 Dec 2024, booked 2 Jan
          description: 'BAECKEREI MUELLER SAGT DANKE',
          amount: '12.50',
          type: 'debit',
          merchant: 'BAECKEREI MUELLER',
          externalId: `${iban}:B4L01XYZ`,
          account: iban,
        },
        {
          line: 8,
          date: '2025-01-02',
          description: 'Gehalt Januar 2025',
          amount: '1500.00',
          type: 'credit',
          merchant: 'ACME GMBH',
          externalId: `${iban}:B4L02XYZ/PAYROLL-JAN/SAL-2501`,
          account: iban,
        },
        expect.objectContaining({
          line: 10,
          date: '2025-01-03',
          description: 'Storno Kartenzahlung',
          amount: '12.50',
          type: 'credit', // RD: a debit reversed
          externalId: `${iban}:B4L03XYZ`,
        }),
        expect.objectContaining({
          line: 13,
          description: 'Terugboeking kosten',
          amount: '5.00',
          type: 'debit', // RC: a credit reversed
          merchant: 'JANSEN',
          externalId: `${iban}:E2E-77`,
        }),
      ]);
    }
  });

  it('betterplace sepa_snippet.sta: two accounts in one file are refused, naming them', async () => {
    await expect(
      readStatement(fixtureBytes('betterplace-sepa_snippet.sta'), 'x.sta'),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [
          {
            field: 'file',
            message: expect.stringContaining(
              '2 accounts (50880050/0194787400888, 50880050/0194791600888)',
            ),
          },
        ],
      },
    });
    // While reading (a large file's later statement), the second account stops the import.
    const reader = new Mt940Reader();
    expect(() => {
      reader.push(fixtureBytes('betterplace-sepa_snippet.sta').toString());
      reader.end();
    }).toThrow();
  });

  it('with an account chosen, reads that account and skips the others by line', async () => {
    const bytes = fixtureBytes('betterplace-sepa_snippet.sta');
    const { outcomes } = await readStatement(bytes, 'x.sta', 33, '50880050/0194791600888');
    expect(outcomes.slice(0, 4)).toEqual([
      {
        status: 'skipped',
        line: 5,
        reason: expect.stringMatching(/account 50880050\/0194787400888/),
      },
      expect.objectContaining({ status: 'skipped', line: 10 }),
      expect.objectContaining({ status: 'skipped', line: 15 }),
      expect.objectContaining({ status: 'skipped', line: 19 }),
    ]);
    expect(brief(outcomes)).toEqual([
      ['2007-09-04', '-0.08'],
      ['2007-09-04', '335.33'],
      ['2007-09-04', '15000.00'],
      ['2007-09-04', '15000.05'],
      ['2007-09-04', '125004.88'],
      ['2007-09-04', '915311.55'],
      ['2007-09-04', '-3572569.03'],
    ]);
    await expect(readStatement(bytes, 'x.sta', 33, 'DE00 1234')).rejects.toMatchObject({
      details: {
        issues: [
          {
            field: 'account',
            message: expect.stringContaining('no statement of account DE001234'),
          },
        ],
      },
    });
  });

  it('GVC remittance: SVWZ text, end-to-end id, counterparty', () => {
    expect(
      readDetails(
        '166?00GUTSCHRIFT?100399?20EREF+EndToEndId TFNR 22 004?21 00001?22\nSVWZ+Verw CTSc-01 BC-PPP TF?23Nr 22 004?30DRESDEFF508?31DE1450880\n0500194785000?32KARL?33        KAUFMANN',
      ),
    ).toEqual({
      // As WoLpH/mt940 reads it (betterplace/sepa_snippet.yml: purpose, end_to_end_reference).
      description: 'Verw CTSc-01 BC-PPP TFNr 22 004',
      counterparty: 'KARL        KAUFMANN',
      endToEnd: 'EndToEndId TFNR 22 004 00001',
    });
  });
});
