import sharp from 'sharp';
import { isValidAbn } from '../../../../services/documents/src/receipts';
import type { ReceiptExtraction } from '../../../../services/documents/src/reader';
import { SYNTHETIC_SEED } from '../../src/evaluate';
import { merchantMatches, scoreGenerated } from '../../src/score';
import {
  COUNTRIES,
  divRound,
  formatCents,
  generateDocuments,
  inclusiveTax,
  isValidGbVat,
  isValidNzGst,
  printedText,
  type SyntheticDocument,
} from '../../src/synthetic/generate';
import { renderDocument } from '../../src/synthetic/render';

/** The generated set (src/synthetic): deterministic, and every key's arithmetic holds. */
const docs = generateDocuments(120, SYNTHETIC_SEED);
const textOf = (d: SyntheticDocument) => printedText(d, d.key.kind === 'invoice' ? 72 : 42);
const cents = (amount: string) => {
  const [units, fraction] = amount.split('.');
  return Number(units) * 100 + Number(fraction);
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** The printed date read back, independently of the reader: the key's date must be printed. */
function printedDateISO(printed: string, monthFirst: boolean): string | null {
  const iso = (y: number, m: number, d: number) =>
    `${y < 100 ? 2000 + y : y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  let m = /^(\d{2})[/-](\d{2})[/-](\d{2}|\d{4})$/.exec(printed);
  if (m) return monthFirst ? iso(+m[3], +m[1], +m[2]) : iso(+m[3], +m[2], +m[1]);
  m = /^(\d{1,2})[ -]([A-Za-z]+)[ -](\d{4})$/.exec(printed);
  if (m) return iso(+m[3], MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, +m[1]);
  m = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(printed);
  if (m) return iso(+m[3], MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, +m[2]);
  return null;
}

describe('generated receipts and invoices', () => {
  it('are the same for a seed, whatever the count, and differ for another seed', () => {
    expect(generateDocuments(120, SYNTHETIC_SEED)).toEqual(docs);
    expect(generateDocuments(24, SYNTHETIC_SEED)).toEqual(docs.slice(0, 24));
    const other = generateDocuments(24, SYNTHETIC_SEED + 1);
    expect(other.map((d) => d.key.total)).not.toEqual(docs.slice(0, 24).map((d) => d.key.total));
  });

  it('do money in integer cents', () => {
    expect(formatCents(123450)).toBe('1234.50');
    expect(formatCents(123450, { thousands: true, symbol: '$' })).toBe('$1,234.50');
    expect(formatCents(-2)).toBe('-0.02');
    expect(divRound(2347, 11)).toBe(213); // 213.36…
    expect(divRound(9, 6)).toBe(2); // 1.5 rounds up
    expect(divRound(-9, 6)).toBe(-2);
    expect(inclusiveTax(1100, 10_000)).toBe(100); // AU: 11.00 includes 1.00 GST
    expect(inclusiveTax(2300, 15_000)).toBe(300); // NZ: 23.00 includes 3.00 GST
    expect(inclusiveTax(1200, 20_000)).toBe(200); // GB: 12.00 includes 2.00 VAT
    for (const d of docs) {
      expect(d.key.total).toMatch(/^\d+\.\d{2}$/);
      expect(d.key.tax).toMatch(/^\d+\.\d{2}$/);
      expect(cents(d.key.total)).toBe(d.facts.totalCents);
      expect(cents(d.key.tax ?? '')).toBe(d.facts.taxCents);
      for (const f of [d.facts.totalCents, d.facts.taxCents, d.facts.itemsCents])
        expect(Number.isInteger(f)).toBe(true);
    }
  });

  it('cover every country and kind, a fifth invoices, mostly AU/GB/NZ', () => {
    for (const c of COUNTRIES) {
      const mine = docs.filter((d) => d.key.countryCode === c);
      expect(mine).toHaveLength(30);
      expect(mine.some((d) => d.key.kind === 'receipt')).toBe(true);
      if (c !== 'US') expect(mine.some((d) => d.key.kind === 'invoice')).toBe(true);
    }
    const invoices = docs.filter((d) => d.key.kind === 'invoice');
    expect(invoices.length).toBeGreaterThanOrEqual(15);
    expect(invoices.length).toBeLessThanOrEqual(36);
    expect(invoices.filter((d) => d.key.countryCode !== 'US').length).toBeGreaterThan(
      invoices.length * 0.75,
    );
    const categories = new Set(docs.map((d) => d.facts.category));
    for (const c of ['cafe', 'hardware', 'pharmacy', 'fuel', 'supermarket', 'restaurant'])
      expect(categories).toContain(c);
  });

  it('print what the key says: merchant first or under a note, the total, the date', () => {
    for (const d of docs) {
      const text = textOf(d);
      const plain = text.replace(/,/g, '');
      // The total paid, or (cash rounding printed after it) the total before rounding.
      if (plain.includes(d.key.total)) expect(d.key.total).toBe(formatCents(d.facts.totalCents));
      else {
        expect(d.facts.roundingCents).not.toBe(0);
        expect(plain).toContain(formatCents(d.facts.totalCents - d.facts.roundingCents));
        expect(plain).toMatch(new RegExp(`Rounding\\s+${formatCents(d.facts.roundingCents)}`, 'i'));
      }
      expect(text).toContain(d.facts.printedDate);
      expect(printedDateISO(d.facts.printedDate, d.facts.monthFirst)).toBe(d.key.dateISO);
      const title = d.lines.findIndex((l) => l.style === 'title');
      expect(title).toBeGreaterThanOrEqual(0);
      expect(title).toBeLessThanOrEqual(1);
      expect(merchantMatches(d.lines[title].text, d.key.merchant)).toBe(true);
      if (title === 1) expect(d.lines[0].text).toMatch(/^[^A-Z]*$|TAX INVOICE|Tax Invoice|Welcome/);
    }
  });

  it('add up: items, tax per country, tip, cash rounding, tendered and change', () => {
    for (const d of docs) {
      const f = d.facts;
      expect(f.items.reduce((s, i) => s + i.amountCents, 0)).toBe(f.itemsCents);
      for (const i of f.items)
        if (i.qtyMilli % 1000 === 0) expect(i.amountCents).toBe((i.qtyMilli / 1000) * i.unitCents);
      const sale = f.totalCents - f.roundingCents - (f.tipCents ?? 0);
      if (f.tenderedCents !== null) expect(f.tenderedCents - f.totalCents).toBe(f.changeCents);
      const { countryCode, kind } = d.key;

      if (kind === 'invoice') {
        expect(f.subtotalCents).toBe(f.itemsCents);
        expect(f.totalCents).toBe((f.subtotalCents ?? 0) + f.taxCents);
      }
      if (countryCode === 'AU') {
        if (kind === 'receipt') expect(sale).toBe(f.itemsCents + f.surchargeCents);
        // GST is a tenth of the taxable price: 1/11 of the total when nothing is GST-free.
        const free = f.items.filter((i) => i.cls === 'food' || i.cls === 'rx');
        const gross = kind === 'invoice' ? f.totalCents : sale;
        const taxable = gross - free.reduce((s, i) => s + i.amountCents, 0);
        expect(f.taxCents).toBe(divRound(taxable, 11));
        if (!free.length) expect(f.taxCents).toBe(Math.round(gross / 11));
        if (kind === 'invoice') expect(f.taxCents).toBe(Math.round(f.totalCents / 11));
        if (f.roundingCents) {
          expect(f.payment).toBe('cash');
          expect(f.totalCents % 5).toBe(0);
          expect(Math.abs(f.roundingCents)).toBeLessThanOrEqual(2);
        }
      }
      if (countryCode === 'NZ') {
        // GST content: 3/23 of a GST-inclusive total (15%).
        expect(f.taxCents).toBe(Math.round(((kind === 'invoice' ? f.totalCents : sale) * 3) / 23));
        if (f.roundingCents) expect(f.totalCents % 10).toBe(0);
      }
      if (countryCode === 'GB') {
        // VAT per rate on the gross at that rate, summed; the rates' gross is the items.
        expect(f.taxByRate.reduce((s, r) => s + r.taxCents, 0)).toBe(f.taxCents);
        if (kind === 'receipt') {
          expect(f.taxByRate.reduce((s, r) => s + r.baseCents, 0)).toBe(f.itemsCents);
          expect(f.totalCents).toBe(f.itemsCents + f.surchargeCents);
          for (const r of f.taxByRate)
            expect(r.taxCents).toBe(
              r.rateMilli === 20_000
                ? Math.round(r.baseCents / 6)
                : r.rateMilli === 5_000
                  ? Math.round(r.baseCents / 21)
                  : 0,
            );
        }
      }
      if (countryCode === 'US') {
        expect(f.totalCents).toBe((f.subtotalCents ?? 0) + f.taxCents + (f.tipCents ?? 0));
        expect(f.taxCents).toBe(divRound(f.taxByRate[0].baseCents * f.taxByRate[0].rateMilli, 1e5));
      }
    }
    // Each of these appears in the set.
    expect(docs.some((d) => d.facts.tipCents !== null)).toBe(true);
    expect(docs.some((d) => d.facts.roundingCents !== 0 && d.key.countryCode === 'AU')).toBe(true);
    expect(docs.some((d) => d.facts.changeCents !== null && d.facts.changeCents > 0)).toBe(true);
    expect(docs.some((d) => d.facts.taxByRate.length > 1 && d.key.countryCode === 'GB')).toBe(true);
  });

  it("print the sellers' tax numbers with valid check digits", () => {
    for (const d of docs) {
      const id = d.facts.sellerTaxId ?? '';
      if (d.key.countryCode === 'AU') expect(isValidAbn(id.replace(/^\D+/, ''))).toBe(true);
      if (d.key.countryCode === 'GB') {
        expect(id).toMatch(/VAT/);
        expect(isValidGbVat(id.replace(/^\D+/, ''))).toBe(true);
      }
      if (d.key.countryCode === 'NZ') {
        expect(id).toMatch(/^GST .*\d{3}-\d{3}-\d{3}$/);
        expect(isValidNzGst(id.replace(/^\D+/, ''))).toBe(true);
      }
      if (id) expect(textOf(d)).toContain(id);
    }
  });

  it('write US dates month first, with days over 12 and up to 12', () => {
    const us = docs.filter((d) => d.key.countryCode === 'US' && d.facts.monthFirst);
    const day = (d: SyntheticDocument) => Number(d.key.dateISO.slice(8));
    expect(us.some((d) => day(d) > 12)).toBe(true);
    expect(us.some((d) => day(d) <= 12)).toBe(true);
    for (const d of us) expect(d.facts.printedDate.slice(0, 2)).toBe(d.key.dateISO.slice(5, 7));
    // Other countries day first.
    for (const d of docs.filter((x) => x.key.countryCode !== 'US'))
      expect(d.facts.monthFirst).toBe(false);
  });

  it('record photo distortions, every kind present, a few turned', () => {
    const seen = new Map<string, number>();
    for (const d of docs) for (const x of d.key.distortions) seen.set(x, (seen.get(x) ?? 0) + 1);
    for (const name of [
      'rotation',
      'quarter-turn',
      'upside-down',
      'blur',
      'low-contrast',
      'fade',
      'fold',
      'speckle',
      'on-a-table',
      'jpeg-q<55',
      'width<850',
    ])
      expect(seen.get(name) ?? 0).toBeGreaterThan(0);
    // A few turned: one of each in every 20 documents.
    expect(seen.get('quarter-turn')).toBe(6);
    expect(seen.get('upside-down')).toBe(6);
    expect(seen.get('none') ?? 0).toBe(0);
    expect(docs.filter((d) => !d.key.distortions.length).length).toBeGreaterThanOrEqual(6);
    for (const d of docs) {
      const p = d.photo;
      expect(p.widthPx).toBeGreaterThanOrEqual(700);
      expect(p.widthPx).toBeLessThanOrEqual(1400);
      expect(p.jpegQuality).toBeGreaterThanOrEqual(40);
      expect(p.jpegQuality).toBeLessThanOrEqual(85);
      expect(Math.abs(p.rotationDeg)).toBeLessThanOrEqual(8);
      if (p.rotationDeg) expect(Math.abs(p.rotationDeg)).toBeGreaterThanOrEqual(1);
    }
  });

  it('render to the same JPEG each time, phone-photo sized, turned as planned', async () => {
    const turned = docs.find((d) => d.photo.turn === 90 || d.photo.turn === 270)!;
    for (const d of [docs[0], turned]) {
      const a = await renderDocument(d);
      const b = await renderDocument(d);
      expect(a.equals(b)).toBe(true);
      const meta = await sharp(a).metadata();
      expect(meta.format).toBe('jpeg');
      const width = d === turned ? meta.height : meta.width;
      expect(width).toBeGreaterThanOrEqual(d.photo.widthPx);
      expect(width).toBeLessThanOrEqual(d.photo.widthPx * 1.4);
    }
  });
});

describe('scoring a generated document', () => {
  const read = (over: Partial<ReceiptExtraction>) =>
    ({ merchant: null, dateISO: null, total: null, tax: null, ...over }) as ReceiptExtraction;
  const key = { merchant: 'Blue Wren Café', dateISO: '2026-03-14', total: '23.45', tax: '2.13' };

  it('wants total and tax to the cent, the date, 80% of the name', () => {
    const all = scoreGenerated(
      read({ merchant: 'BLUE WREN CAFE', dateISO: '2026-03-14', total: '23.45', tax: '2.13' }),
      key,
    );
    expect(all).toEqual({ total: true, date: true, merchant: true, tax: true });
    const none = scoreGenerated(read({ merchant: 'BLUE', total: '23.47' }), key);
    expect(none).toEqual({ total: false, date: false, merchant: false, tax: false });
  });
});
