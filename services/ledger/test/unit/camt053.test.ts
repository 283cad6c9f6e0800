import { AppError } from '@pfs/kit';
import { Camt053Reader, camtEntryItems } from '../../src/domain/import/camt053';
import { detectFormat } from '../../src/domain/import/formats';
import { parseXmlElement, XmlError } from '../../src/domain/import/xml';
import { brief, fixtureBytes, readStatement, rowsOf } from './import-statements.helper';

/**
 * CAMT.053 from published examples: genkgo/camt's test data (MIT; test/data/camt053.v2.minimal,
 * .v4, .v8 and .v2.multi.statement, whose structure follows the ISO 20022 camt.053 message
 * definition report) and files written here in the same structure (see the comments in
 * test/fixtures/import/camt053-*.xml).
 */

describe('CAMT.053 detection', () => {
  it('is recognised by its namespace or its root element, in every version', () => {
    for (const v of ['02', '03', '04', '05', '06', '07', '08']) {
      const xml = `<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${v}"><BkToCstmrStmt>`;
      expect(detectFormat(xml)).toBe('camt053');
    }
    expect(detectFormat('<?xml version="1.0"?><x:Document xmlns:x="y"><x:BkToCstmrStmt>')).toBe(
      'camt053',
    );
    expect(detectFormat('<?xml version="1.0"?><Document><Other/></Document>')).toBeUndefined();
  });
});

describe('CAMT.053 files', () => {
  it('genkgo camt053.v2.minimal: booking date, credit, remittance, counterparty', async () => {
    const { plan, outcomes } = await readStatement(
      fixtureBytes('genkgo-camt053.v2.minimal.xml'),
      'statement.xml',
    );
    expect(plan.format).toBe('camt053');
    expect(rowsOf(outcomes)).toEqual([
      {
        line: 90,
        date: '2014-12-31', // booked 31 Dec, value date 2 Jan
        description: '4654654654654654', // RmtInf/Strd/CdtrRefInf/Ref
        amount: '8.85',
        type: 'credit',
        merchant: 'NAME NAME',
        externalId: null,
        account: 'NL26VAYB8060476890',
      },
    ]);
  });

  it.each(['genkgo-camt053.v4.xml', 'genkgo-camt053.v8.xml'])(
    '%s: the later versions (Amt in TxDtls, Sts/Cd, Pty/Nm, DtTm) read the same',
    async (file) => {
      const { outcomes } = await readStatement(fixtureBytes(file), file, 50);
      const rows = rowsOf(outcomes);
      expect(brief(outcomes)).toEqual([['2014-12-31', '8.85']]);
      expect(rows[0].merchant).toBe('NAME NAME');
      expect(rows[0].account).toBe('NL26VAYB8060476890');
      if (file.includes('v8'))
        expect(rows[0].externalId).toBe(
          'NL26VAYB8060476890:AAAASESS-FP-CN_98765/01/MUELL/FINP/RA12345',
        );
    },
  );

  it('genkgo camt053.v2.multi.statement: two statements of one account are one import', async () => {
    const { outcomes } = await readStatement(
      fixtureBytes('genkgo-camt053.v2.multi.statement.xml'),
      'multi.xml',
    );
    expect(outcomes.map((o) => o.status)).toEqual(['row', 'row']);
  });

  it('a batch entry splits into its transactions; pending entries are skipped; reversals keep their direction', async () => {
    for (const size of [17, 64 * 1024]) {
      const { outcomes } = await readStatement(
        fixtureBytes('camt053-features.xml'),
        'features.xml',
        size,
      );
      const iban = 'DE89370400440532013000';
      expect(outcomes).toEqual([
        {
          status: 'row',
          row: {
            line: 12,
            date: '2025-03-03',
            description: 'Gehalt Maerz 2025 Personalnr 4711',
            amount: '2150.00',
            type: 'credit',
            merchant: 'ACME GmbH',
            externalId: `${iban}:BANKREF-0001/SALARY-2025-03`,
            account: iban,
          },
        },
        {
          status: 'row',
          row: expect.objectContaining({
            line: 35,
            date: '2025-03-05',
            description: 'Strom Abschlag 03/2025',
            amount: '100.00',
            type: 'debit',
            merchant: 'Stadtwerke & Co',
            externalId: `${iban}:BANKREF-0002/INV-100`,
          }),
        },
        {
          status: 'row',
          row: expect.objectContaining({
            line: 42,
            description: 'RF18539007547034',
            amount: '50.00',
            type: 'debit',
            merchant: 'Telekom',
            externalId: `${iban}:BANKREF-0002/TX-2`,
          }),
        },
        { status: 'skipped', line: 51, reason: 'the entry is pending, not booked' },
        {
          status: 'row',
          row: expect.objectContaining({
            date: '2025-03-07',
            amount: '100.00',
            type: 'credit',
            description: 'Ruecklastschrift Strom Abschlag 03/2025',
          }),
        },
        {
          status: 'row',
          row: expect.objectContaining({
            date: '2025-03-14',
            amount: '4.20',
            type: 'debit',
            description: 'KARTENZAHLUNG BAECKEREI MUELLER',
            externalId: null,
          }),
        },
        {
          status: 'row',
          row: expect.objectContaining({
            date: '2025-03-20', // no booking date: the value date
            description: 'Streaming AB',
            merchant: 'Streaming AB',
          }),
        },
      ]);
    }
  });

  it('refuses a file with statements of several accounts, naming them', async () => {
    const bytes = fixtureBytes('camt053-two-accounts.xml');
    await expect(readStatement(bytes, 'two.xml')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        issues: [
          {
            field: 'file',
            message: expect.stringContaining('2 accounts (CH9300762011623852957, 0532013000)'),
          },
        ],
      },
    });
    // A second account found only while reading (beyond the inspected start) is refused too.
    const reader = new Camt053Reader();
    let error: unknown;
    try {
      reader.push(bytes.toString());
      reader.end();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
  });
});

describe('CAMT.053 with an account chosen', () => {
  it('reads the chosen account (spaces and case do not matter) and skips the others', async () => {
    const bytes = fixtureBytes('camt053-two-accounts.xml');
    const { outcomes } = await readStatement(bytes, 'two.xml', 40, 'ch93 0076 2011 6238 5295 7');
    expect(outcomes).toEqual([
      {
        status: 'row',
        row: expect.objectContaining({ date: '2025-03-02', amount: '10.00', type: 'debit' }),
      },
      {
        status: 'skipped',
        line: 15,
        reason: 'an entry of account 0532013000, not the one chosen',
      },
    ]);
  });
});

describe('safe XML', () => {
  it('refuses DTDs, so no entity is ever expanded', () => {
    expect(() =>
      parseXmlElement('<!DOCTYPE x [<!ENTITY a "aaaa">]><Ntry><Amt>&a;</Amt></Ntry>'),
    ).toThrow(XmlError);
    const reader = new Camt053Reader();
    expect(() => {
      reader.push(
        '<?xml version="1.0"?><!DOCTYPE Document SYSTEM "file:///etc/passwd"><Document><BkToCstmrStmt>',
      );
      reader.end();
    }).toThrow(
      expect.objectContaining({
        details: { issues: [expect.objectContaining({ message: expect.stringMatching(/DTD/) })] },
      }),
    );
  });

  it('decodes only the predefined entities and character references', () => {
    const e = parseXmlElement('<A x="&quot;1&quot;">&lt;b&gt; &amp; &#233;&#x20AC; &nbsp;</A>');
    expect(e.text).toBe('<b> & é€ &nbsp;');
    expect(e.attrs.x).toBe('"1"');
  });

  it('reports a malformed entry by line and reads on', () => {
    const items = camtEntryItems('<Ntry><Amt>1</Amt></Foo></Ntry>', 9, undefined);
    expect(items).toEqual([{ kind: 'error', line: 9, error: expect.stringContaining('<Ntry>') }]);
  });
});
