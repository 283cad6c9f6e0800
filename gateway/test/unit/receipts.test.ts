import {
  amountWindow,
  dateWindow,
  merchantSimilarity,
  rankCandidates,
  type RecordFacts,
} from '../../src/compose/receipt-candidates';
import { parseRange } from '../../src/http/range';
import { parseAssetUrl } from '../../src/present/file';
import { contentDisposition } from '../../src/routes/documents';

const record = (over: Partial<RecordFacts>): RecordFacts => ({
  id: 'id',
  entityType: 'transaction',
  date: '2026-03-14',
  amount: '33.00',
  description: 'SOMETHING',
  merchant: null,
  direction: 'out',
  ...over,
});

const receipt = { total: '33.00', tip: null, dateISO: '2026-03-14', merchant: 'Blue Gum Cafe' };

describe('rankCandidates', () => {
  it('puts the exact amount, date and merchant first, with its reasons', () => {
    const ranked = rankCandidates(receipt, [
      record({ id: 'far', date: '2026-03-20', description: 'PETROL' }),
      record({ id: 'best', description: 'SQ *BLUE GUM CAFE FITZROY' }),
      record({ id: 'near', date: '2026-03-16', amount: '35.00', description: 'BLUE GUM' }),
    ]);
    expect(ranked.map((c) => c.id)).toEqual(['best', 'near', 'far']);
    expect(ranked[0].score).toBe(1);
    expect(ranked[0].reasons).toEqual([
      'amount 33.00 equals the receipt total',
      'same date as the receipt',
      expect.stringContaining('reads like Blue Gum Cafe'),
    ]);
  });

  it('counts a tip added at the terminal, never money in, and drops weak matches', () => {
    const ranked = rankCandidates({ ...receipt, tip: '4.00' }, [
      record({ id: 'tip', amount: '37.00', date: '2026-03-15' }),
      record({ id: 'refund', direction: 'in' }),
      record({ id: 'weak', amount: '80.00', date: '2026-02-01' }),
    ]);
    expect(ranked.map((c) => c.id)).toEqual(['tip']);
    expect(ranked[0].reasons[0]).toBe('amount 37.00 is the total plus the tip');
  });

  it('scores by date and merchant alone when the total is unknown', () => {
    const ranked = rankCandidates({ ...receipt, total: null }, [
      record({ id: 'a', amount: '12.00', description: 'BLUE GUM CAFE' }),
      record({ id: 'b', amount: '12.00', description: 'OTHER SHOP' }),
    ]);
    expect(ranked[0]).toMatchObject({ id: 'a', score: 1 });
  });

  it('keeps each record once and at most the limit', () => {
    const many = Array.from({ length: 30 }, (_, i) => record({ id: `r${i % 20}` }));
    expect(rankCandidates(receipt, many, 5)).toHaveLength(5);
    expect(new Set(rankCandidates(receipt, many).map((c) => c.id)).size).toBe(10);
  });
});

describe('windows and similarity', () => {
  it('searches amounts within 20% and dates within a week', () => {
    expect(amountWindow('33.00')).toEqual({ min: '26.40', max: '39.60' });
    expect(dateWindow('2026-03-01')).toEqual({ from: '2026-02-22', to: '2026-03-08' });
  });

  it('reads bank descriptions as the merchant they are', () => {
    expect(merchantSimilarity('Woolworths Metro', 'WOOLWORTHS 1234 SYDNEY')).toBeGreaterThanOrEqual(
      0.5,
    );
    expect(merchantSimilarity('Blue Gum Cafe', 'SQ *BLUEGUM CAFE')).toBeGreaterThan(0.5);
    expect(merchantSimilarity('Blue Gum Cafe', 'SHELL COLES EXPRESS')).toBeLessThan(0.5);
    expect(merchantSimilarity('', 'ANY')).toBe(0);
  });

  it('reads a receipt’s accents and a bank’s plain letters as the same name', () => {
    expect(merchantSimilarity('Café Crème', 'CAFE CREME PARIS')).toBe(1);
    // ß and Ø are letters of their own, not a base letter and a mark: dropped, they cut the word.
    expect(merchantSimilarity('Bäckerei Groß', 'BACKEREI GROSS 0412 BERLIN')).toBe(1);
    expect(merchantSimilarity('Ørsted', 'ORSTED SALES')).toBe(1);
  });
});

describe('parseRange', () => {
  it('reads single ranges and refuses what starts past the end', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve (several ranges, other units, nonsense)', () => {
    for (const h of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=a-b'])
      expect(parseRange(h, 100)).toBeNull();
  });
});

describe('asset URLs and downloads', () => {
  const user = '0b6f0c3e-7d1e-4c43-9a4a-2c8f1e0c6b11';
  it('parses our own asset URLs only', () => {
    expect(parseAssetUrl(`/api/chat/files/${user}/abc.png`)).toEqual({
      userId: user,
      fileName: 'abc.png',
    });
    expect(parseAssetUrl(`https://api.example.com/api/chat/files/${user}/abc.png`)).toEqual({
      userId: user,
      fileName: 'abc.png',
    });
    for (const bad of [
      '/etc/passwd',
      `/api/chat/files/${user}/../x`,
      `/api/chat/files/${user}/a/b.png`,
      `/api/chat/files/not-a-user/a.png`,
      'https://[bad',
    ])
      expect(parseAssetUrl(bad)).toBeNull();
  });

  it('names the download safely in ASCII and exactly in UTF-8', () => {
    expect(contentDisposition('attachment', 'Rechnung "März".pdf')).toBe(
      `attachment; filename="Rechnung _M_rz_.pdf"; filename*=UTF-8''Rechnung%20%22M%C3%A4rz%22.pdf`,
    );
  });
});
