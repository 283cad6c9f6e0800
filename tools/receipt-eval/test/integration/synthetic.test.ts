import { evaluateSynthetic, SYNTHETIC_SEED } from '../../src/evaluate';

/**
 * The documents service's reader end to end (PaddleOCR, extraction) on the first 24 generated
 * photos (src/synthetic, the README's seed): AU, GB, US and NZ receipts and invoices, slanted,
 * blurred, faded, folded. Written together with the reader, so reported apart from SROIE; the
 * floors are a document (4.2 points) under what was measured once slanted pages were levelled
 * (2026-11-26: total 100%, date 100%, merchant 100%, tax 95.8%; before, 91.7 / 83.3 / 91.7 /
 * 79.2%), so that a change that costs the reader on these fails here.
 */
const FLOORS = { total: 95, date: 95, merchant: 95, tax: 91 };

describe('receipt reader on generated photos', () => {
  it('reads totals, dates, sellers and taxes of AU, GB, US and NZ documents', async () => {
    const figures = await evaluateSynthetic({ count: 24, seed: SYNTHETIC_SEED, concurrency: 2 });
    if (process.env.SYNTHETIC_PRINT) console.log(JSON.stringify(figures, null, 1));
    expect(figures.overall.documents).toBe(24);
    expect(Object.keys(figures.byCountry).sort()).toEqual(['AU', 'GB', 'NZ', 'US']);
    expect(figures.overall.total).toBeGreaterThanOrEqual(FLOORS.total);
    expect(figures.overall.date).toBeGreaterThanOrEqual(FLOORS.date);
    expect(figures.overall.merchant).toBeGreaterThanOrEqual(FLOORS.merchant);
    expect(figures.overall.tax).toBeGreaterThanOrEqual(FLOORS.tax);
    expect(figures.documentsPerSecond).toBeGreaterThan(0);
  }, 300_000);
});
