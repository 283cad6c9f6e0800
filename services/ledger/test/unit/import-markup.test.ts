import { decodeEntities, OfxReader } from '../../src/domain/import/ofx';
import { QifReader } from '../../src/domain/import/qif';
import type { SourceItem } from '../../src/domain/import/types';

function readInPieces(
  reader: { push(t: string): SourceItem[]; end(): SourceItem[] },
  text: string,
  size: number,
) {
  const items: SourceItem[] = [];
  for (let i = 0; i < text.length; i += size) items.push(...reader.push(text.slice(i, i + size)));
  items.push(...reader.end());
  return items.map((i) => (i.kind === 'row' ? i.row : i));
}

describe('OFX', () => {
  const sgml = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>AUD',
    '<BANKACCTFROM><BANKID>062000<ACCTID>12345678<ACCTTYPE>SAVINGS</BANKACCTFROM>',
    '<BANKTRANLIST>',
    '<STMTTRN>',
    '<TRNTYPE>DEBIT',
    '<DTPOSTED>20250314100000[+10:AEST]',
    '<TRNAMT>-4.50',
    '<FITID>A1',
    '<NAME>COFFEE &amp; CO',
    '<MEMO>Flat white',
    '</STMTTRN>',
    '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250315<TRNAMT>100.00<FITID>A2<NAME>PAY</STMTTRN>',
    '<STMTTRN>',
    '<TRNTYPE>DEBIT<DTPOSTED>20250316<TRNAMT>-1.00<FITID>A3<NAME>UNCLOSED',
    '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');

  it('reads SGML transactions (unclosed leaf tags, one-line blocks, an unclosed last block) in any chunking', () => {
    for (const size of [7, 64, 100_000]) {
      expect(readInPieces(new OfxReader(), sgml, size)).toEqual([
        {
          line: 7,
          date: '20250314100000[+10:AEST]',
          description: 'COFFEE & CO Flat white',
          amount: '-4.50',
          externalId: '12345678:A1',
          account: '12345678',
        },
        {
          line: 15,
          date: '20250315',
          description: 'PAY',
          amount: '100.00',
          externalId: '12345678:A2',
          account: '12345678',
        },
        {
          line: 16,
          date: '20250316',
          description: 'UNCLOSED',
          amount: '-1.00',
          externalId: '12345678:A3',
          account: '12345678',
        },
      ]);
    }
  });

  it('reads XML transactions and follows the account of each statement', () => {
    const xml = `<?xml version="1.0"?><OFX><CREDITCARDMSGSRSV1>
      <CCSTMTTRNRS><CCSTMTRS><CCACCTFROM><ACCTID>card-1</ACCTID></CCACCTFROM><BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20250305</DTPOSTED><TRNAMT>-42.10</TRNAMT><FITID>1</FITID><NAME>M&amp;S</NAME></STMTTRN>
      </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS>
      <CCSTMTTRNRS><CCSTMTRS><CCACCTFROM><ACCTID>card-2</ACCTID></CCACCTFROM><BANKTRANLIST>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20250306</DTPOSTED><TRNAMT>-1.10</TRNAMT><FITID>1</FITID><NAME>Shop</NAME></STMTTRN>
      </BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;
    const rows = readInPieces(new OfxReader(), xml, 50) as {
      externalId: string;
      description: string;
    }[];
    expect(rows.map((r) => [r.externalId, r.description])).toEqual([
      ['card-1:1', 'M&S'],
      ['card-2:1', 'Shop'],
    ]);
  });

  it('decodes XML and HTML entities', () => {
    expect(decodeEntities('Caf&eacute; &#8211; &#x41;&amp;B &lt;3 &nbsp;&unknown; & co')).toBe(
      'Café – A&B <3 \u00a0&unknown; & co',
    );
  });
});

describe('QIF', () => {
  const qif = [
    '!Account',
    'NJoint Checking',
    'TBank',
    '^',
    '!Type:Cat',
    'NGroceries',
    '^',
    '!Type:Bank',
    "D3/14'25",
    'T-4.50',
    'PStarbucks',
    'MFlat white',
    '^',
    "D3/15'25",
    'U1,234.56',
    'PPayroll',
    '^',
    '!Type:Invst',
    'D3/16/25',
    'NBuy',
    'T-100.00',
    '^',
    '!Type:CCard',
    'D16/03/2025',
    'T-9.99',
    'PNetflix',
  ].join('\r\n');

  it('reads bank and card records, skipping category and investment lists', () => {
    for (const size of [5, 1000]) {
      expect(readInPieces(new QifReader(), qif, size)).toEqual([
        {
          line: 9,
          date: "3/14'25",
          description: 'Starbucks Flat white',
          amount: '-4.50',
          account: 'Joint Checking',
        },
        {
          line: 14,
          date: "3/15'25",
          description: 'Payroll',
          amount: '1,234.56',
          account: 'Joint Checking',
        },
        {
          line: 24,
          date: '16/03/2025',
          description: 'Netflix',
          amount: '-9.99',
          account: 'Joint Checking',
        },
      ]);
    }
  });
});

describe('OFX CDATA', () => {
  it('reads values written as CDATA sections (Suncorp), escaped as markup', () => {
    const block =
      '<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20131215</DTPOSTED><TRNAMT>-16.85</TRNAMT>' +
      '<FITID>1</FITID><NAME><![CDATA[ALDI & CO <WEST>  ]]></NAME></STMTTRN>';
    const items = new OfxReader().push(block);
    expect(items).toEqual([
      {
        kind: 'row',
        row: expect.objectContaining({ description: 'ALDI & CO <WEST>', amount: '-16.85' }),
      },
    ]);
  });
});
