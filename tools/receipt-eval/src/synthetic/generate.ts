/**
 * A generated (synthetic) set of receipts and invoices as shops and small businesses in
 * Australia, the United Kingdom, the United States and New Zealand print them, each with the
 * key a reader should find (seller, date, total, tax) and a plan of the photo's distortions
 * (render.ts draws it). Pure and deterministic: the same seed gives the same documents, and
 * document i is the same whatever the count (each has its own stream of a seeded PRNG).
 *
 * Money is integer cents throughout: tax and rounding are integer divisions rounded half up,
 * and amounts are printed from cents, never from floating-point arithmetic on money.
 *
 * It is written by the people who wrote the reader, so its figures are reported apart from
 * the real receipts' (SROIE).
 */

import { seededRandom } from '@pfs/kit';

export type CountryCode = 'AU' | 'GB' | 'US' | 'NZ';
export const COUNTRIES: readonly CountryCode[] = ['AU', 'GB', 'US', 'NZ'];
export type DocumentKind = 'receipt' | 'invoice';

/** One printed line, with the layout a renderer needs. */
export interface PrintedLine {
  /** The text from the left margin, or centred with align 'center'. */
  text: string;
  /** A value printed flush right on the same line (an amount, a reference). */
  right?: string;
  /** An invoice table's right-aligned columns (quantity, unit price, amount), rightmost last. */
  cells?: string[];
  align?: 'left' | 'center';
  /** title: the seller's name, larger and bold; bold: a total; rule: a row of dashes; blank: a gap. */
  style?: 'title' | 'bold' | 'small' | 'rule' | 'blank';
}

/** What the reader should find, with the photo's distortions for the figures per distortion. */
export interface SyntheticKey {
  id: string;
  countryCode: CountryCode;
  kind: DocumentKind;
  merchant: string;
  dateISO: string;
  /** The amount paid (an invoice: the total due), two decimals. */
  total: string;
  /** The tax the document states (GST, VAT, sales tax), two decimals. */
  tax: string | null;
  currency: 'AUD' | 'GBP' | 'USD' | 'NZD';
  distortions: string[];
}

/** How the figures were made, in cents, so tests can check the arithmetic of every document. */
export interface Facts {
  category: Category;
  items: Item[];
  /** Tax base: AU/NZ/GB the tax-inclusive amount taxed at each rate; US the taxable subtotal. */
  taxByRate: { label: string; rateMilli: number; baseCents: number; taxCents: number }[];
  /** Sum of the item lines (after discounts). */
  itemsCents: number;
  /** Printed subtotal (US and invoices before tax; null where none is printed). */
  subtotalCents: number | null;
  taxCents: number;
  /** A card or public-holiday surcharge (AU/NZ, taxable) or a UK service charge (not taxed). */
  surchargeCents: number;
  surchargeLabel: string | null;
  tipCents: number | null;
  /** Cash rounding (AU to 5c, NZ to 10c) after the sale total. */
  roundingCents: number;
  totalCents: number;
  tenderedCents: number | null;
  changeCents: number | null;
  payment: 'cash' | 'card';
  sellerTaxId: string | null;
  invoiceNumber: string | null;
  dueDateISO: string | null;
  /** How the date was printed. */
  printedDate: string;
  /** The US order (month first) was used. */
  monthFirst: boolean;
}

export interface Item {
  description: string;
  /** Quantity in thousandths (2 = 2000; 0.845 kg = 845; 2.5 hours = 2500). */
  qtyMilli: number;
  unitCents: number;
  amountCents: number;
  cls: TaxClass;
  /** Sold by weight: qtyMilli grams at unitCents a kilogram. */
  perKg?: boolean;
}

/** Where a photo's distortions come from (render.ts applies them). */
export interface PhotoPlan {
  /** The photo's width before any quarter turn. */
  widthPx: number;
  font: 'mono' | 'sans';
  paper: string;
  ink: string;
  /** The table the paper lies on, or null when the paper fills the frame (like a scan). */
  surface: string | null;
  /** The surface's margin around the paper, a share of the width. */
  marginShare: number;
  /** Uneven light across a photo (0 none … 0.2): a darker side. */
  lightFalloff: number;
  rotationDeg: number;
  turn: 0 | 90 | 180 | 270;
  blurSigma: number;
  /** Multiplier of the ink–paper contrast (1: unchanged). */
  contrast: number;
  /** Thermal fade: a white veil whose opacity varies along the page. */
  fade: { angleDeg: number; stops: number[] } | null;
  /** Creases: position along the page (0–1), across or along it, the step of light at it. */
  folds: { at: number; vertical: boolean; shade: number }[];
  /** Speckle (dark dots per pixel) and sensor noise (grey levels). */
  speckle: { dots: number; noise: number } | null;
  jpegQuality: number;
  noiseSeed: number;
}

export interface SyntheticDocument {
  key: SyntheticKey;
  lines: PrintedLine[];
  facts: Facts;
  photo: PhotoPlan;
}

// ---------------------------------------------------------------------------------------------
// Seeded randomness

/** The shared runtime's seeded stream (mulberry32): the same seed gives the same numbers. */
export const mulberry32 = seededRandom;

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(lo = 0, hi = 1): number {
    return lo + (hi - lo) * this.next();
  }
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const sum = choices.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * sum;
    for (const [value, w] of choices) {
      r -= w;
      if (r < 0) return value;
    }
    return choices[choices.length - 1][0];
  }
  sample<T>(items: readonly T[], n: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length) out.push(pool.splice(this.int(0, pool.length - 1), 1)[0]);
    return out;
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => String(this.int(0, 9))).join('');
  }
}

/** Document i's own seed: independent of how many documents are generated. */
function documentSeed(seed: number, index: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Money in integer cents

/** n / d rounded half away from zero, in integers (n, d integers, d > 0). */
export function divRound(n: number, d: number): number {
  if (n < 0) return -divRound(-n, d);
  return Math.floor((2 * n + d) / (2 * d));
}

/** Tax contained in a tax-inclusive amount: AU gross/11, NZ gross*3/23, GB 20% gross/6. */
export function inclusiveTax(grossCents: number, rateMilli: number): number {
  return divRound(grossCents * rateMilli, 100_000 + rateMilli);
}

/** Tax added on top of a net amount at a rate in thousandths of a percent (8.875% = 8875). */
export function addedTax(netCents: number, rateMilli: number): number {
  return divRound(netCents * rateMilli, 100_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "1234.5" never: cents 123450 print "1234.50" ("1,234.50" with thousands, "$1,234.50"). */
export function formatCents(
  cents: number,
  options: { symbol?: string; thousands?: boolean } = {},
): string {
  const abs = Math.abs(cents);
  let units = String(Math.floor(abs / 100));
  if (options.thousands) units = units.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}${options.symbol ?? ''}${units}.${pad2(abs % 100)}`;
}

/** Thousandths as printed: 845 → "0.845", 2500 → "2.5" (fixed decimals when given). */
function formatMilli(milli: number, decimals?: number): string {
  const whole = Math.floor(milli / 1000);
  const frac = String(milli % 1000).padStart(3, '0');
  if (decimals !== undefined) return decimals ? `${whole}.${frac.slice(0, decimals)}` : `${whole}`;
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${whole}.${trimmed}` : `${whole}`;
}

// ---------------------------------------------------------------------------------------------
// Sellers' tax identifiers, with their check digits

/** An Australian Business Number: nine digits, then the two check digits put in front. */
export function makeAbn(rng: Rng): string {
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const body = Array.from({ length: 9 }, () => rng.int(0, 9));
  const s = body.reduce((sum, d, i) => sum + d * weights[i + 2], 0);
  // (first − 1) × 10 + second ≡ −s (mod 89), with first 1–9 and second 0–9.
  const x = (89 - (s % 89)) % 89;
  const digits = [Math.floor(x / 10) + 1, x % 10, ...body].join('');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}

/** A UK VAT registration number (mod 97 check): "GB 123 4567 89". */
export function makeGbVat(rng: Rng): string {
  const body = [rng.int(1, 9), ...Array.from({ length: 6 }, () => rng.int(0, 9))];
  const s = body.reduce((sum, d, i) => sum + d * (8 - i), 0);
  const check = (97 - (s % 97)) % 97;
  const d = `${body.join('')}${pad2(check)}`;
  return `${d.slice(0, 3)} ${d.slice(3, 7)} ${d.slice(7)}`;
}

export function isValidGbVat(vat: string): boolean {
  const d = vat.replace(/\D/g, '');
  if (d.length !== 9) return false;
  const s = [...d.slice(0, 7)].reduce((sum, c, i) => sum + Number(c) * (8 - i), 0);
  return (s + Number(d.slice(7))) % 97 === 0;
}

/** A New Zealand IRD (GST) number, nine digits with the mod-11 check digit: "112-345-678". */
export function makeNzGst(rng: Rng): string {
  for (;;) {
    const base = String(rng.int(10_000_000, 14_999_999));
    const check = nzCheckDigit(base);
    if (check === null) continue;
    const d = `${base}${check}`;
    return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  }
}

function nzCheckDigit(base8: string): number | null {
  for (const weights of [
    [3, 2, 7, 6, 5, 4, 3, 2],
    [7, 4, 3, 2, 5, 2, 7, 6],
  ]) {
    const r = [...base8].reduce((sum, c, i) => sum + Number(c) * weights[i], 0) % 11;
    const check = r === 0 ? 0 : 11 - r;
    if (check !== 10) return check;
  }
  return null;
}

export function isValidNzGst(gst: string): boolean {
  const d = gst.replace(/\D/g, '').padStart(9, '0');
  return d.length === 9 && nzCheckDigit(d.slice(0, 8)) === Number(d[8]);
}

// ---------------------------------------------------------------------------------------------
// Sellers and what they sell

export type Category =
  'cafe' | 'hardware' | 'pharmacy' | 'fuel' | 'supermarket' | 'restaurant' | 'services';

/** std: standard rate; food: GST-free (AU), zero-rated (GB), exempt (US); reduced: GB 5%. */
type TaxClass = 'std' | 'food' | 'reduced' | 'rx' | 'fuel';

/** What a business on an invoice bills for. */
type Trade = 'electrical' | 'plumbing' | 'building' | 'it' | 'office';

interface Seller {
  name: string;
  trade?: Trade;
  /** A legal name printed under the trading name, or on an invoice. */
  legal?: string;
  slogan?: string;
  web?: string;
}

const SELLERS: Record<CountryCode, Record<Category, Seller[]>> = {
  AU: {
    cafe: [
      { name: 'Blue Wren Café', slogan: 'specialty coffee & brunch', web: 'bluewrencafe.com.au' },
      { name: 'Paddington Grind', slogan: 'roasted in sydney' },
      { name: 'Little Lonsdale Coffee', legal: 'LLC Hospitality Pty Ltd' },
      { name: 'The Wattle Tree Cafe', slogan: 'good food, good mood' },
    ],
    hardware: [
      { name: 'Harbourside Hardware', legal: 'Harbourside Hardware Pty Ltd' },
      { name: 'Ironbark Trade Supplies', slogan: 'tradies welcome from 6am' },
      { name: 'Southern Cross Hardware', web: 'southerncrosshardware.com.au' },
    ],
    pharmacy: [
      { name: 'Greenway Pharmacy', slogan: 'your local health partner' },
      { name: 'Bayside Discount Chemist' },
      { name: 'Murray Street Pharmacy', legal: 'Murray St Pharmacy Pty Ltd' },
    ],
    fuel: [
      { name: 'Kookaburra Fuels', slogan: 'fuel • food • coffee' },
      { name: 'Riverina Petroleum' },
      { name: 'Outback Fuel Co' },
    ],
    supermarket: [
      { name: 'Fresh Harvest Foodstore', slogan: 'locally owned since 1987' },
      { name: 'Eastgate Supermarket' },
      { name: 'Bushland Grocer', web: 'bushlandgrocer.com.au' },
    ],
    restaurant: [
      { name: 'Saltbush Kitchen', legal: 'Saltbush Hospitality Pty Ltd' },
      { name: 'The Jacaranda Bistro' },
      { name: 'Golden Lantern Restaurant' },
    ],
    services: [
      {
        name: 'Sparkright Electrical',
        trade: 'electrical',
        legal: 'Sparkright Electrical Pty Ltd',
      },
      {
        name: 'Clearflow Plumbing',
        trade: 'plumbing',
        legal: 'Clearflow Plumbing Services Pty Ltd',
      },
      { name: 'Brightside IT Services', trade: 'it' },
      { name: 'Redgum Accounting', trade: 'office', legal: 'Redgum Accounting Group Pty Ltd' },
    ],
  },
  GB: {
    cafe: [
      { name: 'The Copper Kettle', slogan: 'tea room & bakery' },
      { name: 'Bramley & Bean' },
      { name: 'Station Road Coffee House', web: 'stationroadcoffee.co.uk' },
    ],
    hardware: [
      { name: 'Whitcombe Hardware', legal: 'Whitcombe & Sons Ltd' },
      { name: 'Fenwick DIY Centre' },
    ],
    pharmacy: [
      { name: 'Hollins Pharmacy', slogan: 'caring for the community' },
      { name: 'Kingsway Chemist' },
    ],
    fuel: [
      { name: 'Moorside Service Station' },
      { name: 'Pennine Fuels', slogan: 'open 24 hours' },
    ],
    supermarket: [
      { name: 'Greengage Foodhall' },
      { name: 'Harlow Village Stores', slogan: 'your village shop' },
      { name: 'Northgate Convenience' },
    ],
    restaurant: [
      { name: 'The Red Lion', slogan: 'free house · est. 1742' },
      { name: 'The Drovers Arms' },
      { name: 'Casa Nostra Trattoria', legal: 'Casa Nostra (Leeds) Ltd' },
    ],
    services: [
      { name: 'Ashdown Joinery Ltd', trade: 'building' },
      { name: 'Kestrel IT Solutions Ltd', trade: 'it' },
      { name: 'Mercer & Hale Surveyors', trade: 'office' },
    ],
  },
  US: {
    cafe: [
      { name: 'Morning Glory Coffee', slogan: 'fresh roasted daily' },
      { name: 'Blue Door Espresso Bar' },
    ],
    hardware: [
      { name: 'Lakeside Hardware & Supply' },
      { name: 'Prairie Home Hardware', slogan: 'family owned since 1952' },
    ],
    pharmacy: [{ name: 'Maple Street Pharmacy' }, { name: 'Riverside Drug' }],
    fuel: [{ name: 'Red Mesa Gas & Go' }, { name: 'Liberty Fuel Stop' }],
    supermarket: [
      { name: 'Green Valley Market', slogan: 'where neighbors shop' },
      { name: 'Hometown Grocery' },
    ],
    restaurant: [
      { name: 'Big Sky Diner' },
      { name: "Luigi's Trattoria", slogan: 'authentic italian' },
      { name: 'Smokehouse BBQ Co' },
      { name: 'Golden Lotus Bistro' },
    ],
    services: [
      { name: 'Summit Roofing', trade: 'building', legal: 'Summit Roofing LLC' },
      { name: 'Brightpath Consulting Inc', trade: 'office' },
    ],
  },
  NZ: {
    cafe: [
      { name: 'Kowhai Coffee Co', slogan: 'brewed with aroha' },
      { name: 'The Flat White Room' },
    ],
    hardware: [
      { name: 'Southern Alps Hardware' },
      { name: 'Totara Building Supplies', legal: 'Totara Building Supplies Ltd' },
    ],
    pharmacy: [{ name: 'Ponsonby Pharmacy' }, { name: 'Harbour View Chemist' }],
    fuel: [{ name: 'Kiwi Fuel Stop' }, { name: 'Rimu Fuels', slogan: 'locally owned' }],
    supermarket: [
      { name: 'Pohutukawa Foodmarket' },
      { name: 'Harbourside Fresh', slogan: 'fresh from the farm' },
    ],
    restaurant: [{ name: 'The Kauri Kitchen' }, { name: 'Tui Street Eatery' }],
    services: [
      { name: 'Matai Electrical Ltd', trade: 'electrical' },
      { name: 'Kea Web Design', trade: 'it', legal: 'Kea Web Design Limited' },
      { name: 'Harakeke Plumbing Ltd', trade: 'plumbing' },
    ],
  },
};

/** [description, lowest cents, highest cents, tax class, sold by weight ($/kg)]. */
type Product = readonly [string, number, number, TaxClass, ('kg' | 'each')?];

const PRODUCTS: Record<Exclude<Category, 'fuel' | 'services'>, Product[]> = {
  cafe: [
    ['Flat White', 450, 600, 'std'],
    ['Latte', 450, 600, 'std'],
    ['Cappuccino', 450, 600, 'std'],
    ['Long Black', 400, 550, 'std'],
    ['Chai Latte', 500, 650, 'std'],
    ['Hot Chocolate', 450, 600, 'std'],
    ['Banana Bread', 550, 750, 'std'],
    ['Smashed Avo on Toast', 1600, 2400, 'std'],
    ['Croissant', 450, 650, 'std'],
    ['Blueberry Muffin', 450, 600, 'std'],
    ['Bacon & Egg Roll', 950, 1400, 'std'],
    ['Ham Cheese Toastie', 900, 1300, 'std'],
    ['Iced Coffee', 650, 850, 'std'],
    ['Orange Juice', 550, 750, 'std'],
    ['Scone w Jam & Cream', 550, 750, 'std'],
  ],
  hardware: [
    ['Timber Screws 8G x 50 100pk', 990, 1890, 'std'],
    ['Masking Tape 24mm x 50m', 450, 890, 'std'],
    ['Paint Roller Kit 230mm', 1490, 2990, 'std'],
    ['Cable Ties 200mm 100pk', 590, 1190, 'std'],
    ['Extension Lead 5m', 1290, 2490, 'std'],
    ['Sandpaper 120 Grit 5pk', 490, 990, 'std'],
    ['Garden Hose 15m', 2490, 4990, 'std'],
    ['LED Bulb 9W Warm White', 390, 890, 'std'],
    ['Silicone Sealant Clear', 890, 1590, 'std'],
    ['Claw Hammer 20oz', 1990, 3990, 'std'],
    ['Drill Bit Set 13pc', 1990, 4490, 'std'],
    ['PVA Wood Glue 1L', 1190, 1990, 'std'],
    ['Work Gloves Large', 690, 1490, 'std'],
    ['Wall Plugs 8mm 50pk', 350, 790, 'std'],
  ],
  pharmacy: [
    ['Paracetamol 500mg 20 Tabs', 300, 650, 'std'],
    ['Ibuprofen 200mg 24 Tabs', 450, 950, 'std'],
    ['Vitamin C 1000mg 60s', 1290, 2490, 'std'],
    ['Sunscreen SPF50 200ml', 1190, 2290, 'std'],
    ['Hand Cream 75ml', 690, 1490, 'std'],
    ['Toothpaste 110g', 350, 750, 'std'],
    ['Cough Syrup 200ml', 990, 1690, 'std'],
    ['Adhesive Bandages 40pk', 490, 890, 'std'],
    ['Nicotine Patches 7pk', 2490, 3990, 'reduced'],
    ['Prescription', 790, 4290, 'rx'],
  ],
  supermarket: [
    ['Full Cream Milk 2L', 310, 450, 'food'],
    ['Wholemeal Bread 700g', 350, 550, 'food'],
    ['Bananas', 290, 450, 'food', 'kg'],
    ['Free Range Eggs 12pk', 550, 850, 'food'],
    ['Tasty Cheese 500g', 690, 1100, 'food'],
    ['Chicken Breast Fillets', 1100, 1500, 'food', 'kg'],
    ['Royal Gala Apples', 390, 650, 'food', 'kg'],
    ['Greek Yoghurt 1kg', 550, 800, 'food'],
    ['Rolled Oats 750g', 250, 450, 'food'],
    ['Dishwashing Liquid 1L', 390, 650, 'std'],
    ['Toilet Paper 12pk', 790, 1290, 'std'],
    ['Laundry Powder 2kg', 990, 1790, 'std'],
    ['Milk Chocolate Block 180g', 350, 600, 'std'],
    ['Cola 1.25L', 280, 450, 'std'],
    ['Potato Chips 175g', 350, 550, 'std'],
    ['Shampoo 400ml', 550, 990, 'std'],
  ],
  restaurant: [
    ['Margherita Pizza', 1900, 2600, 'std'],
    ['Fish & Chips', 2200, 2900, 'std'],
    ['Chicken Parmigiana', 2400, 3200, 'std'],
    ['Caesar Salad', 1600, 2200, 'std'],
    ['Steak Frites', 3200, 4400, 'std'],
    ['Pad Thai Chicken', 1900, 2500, 'std'],
    ['Cheeseburger & Fries', 1800, 2500, 'std'],
    ['Garlic Bread', 700, 1100, 'std'],
    ['Glass Pinot Noir', 1100, 1600, 'std'],
    ['Pint of Lager', 650, 1000, 'std'],
    ['Sparkling Water', 450, 700, 'std'],
    ['Soft Drink', 400, 600, 'std'],
    ['Tiramisu', 1200, 1600, 'std'],
    ['Sticky Date Pudding', 1200, 1600, 'std'],
  ],
};

const LABOUR: Product = ['Labour (hours)', 8500, 14500, 'std'];
const CALL_OUT: Product = ['Call-out fee', 6900, 12900, 'std'];
const MATERIALS: Product = ['Materials and consumables', 4500, 38000, 'std'];
const SERVICES: Record<Trade, Product[]> = {
  electrical: [
    LABOUR,
    CALL_OUT,
    MATERIALS,
    ['Supply and install LED downlights', 6500, 9500, 'std'],
    ['Replace safety switch (RCD)', 14000, 26000, 'std'],
    ['Test and tag appliances', 900, 1500, 'std'],
  ],
  plumbing: [
    LABOUR,
    CALL_OUT,
    MATERIALS,
    ['Replace hot water system valve', 18000, 32000, 'std'],
    ['Clear blocked drain (jet rodding)', 22000, 39000, 'std'],
    ['Supply mixer tap', 12000, 28000, 'std'],
  ],
  building: [
    LABOUR,
    MATERIALS,
    ['Site inspection and report', 25000, 60000, 'std'],
    ['Replace broken tiles', 30000, 90000, 'std'],
    ['Supply and fit internal door', 35000, 75000, 'std'],
    ['Skip hire (6 yard)', 25000, 40000, 'std'],
  ],
  it: [
    ['Website maintenance (monthly)', 19000, 45000, 'std'],
    ['Consulting (hours)', 12000, 22000, 'std'],
    ['Cloud backup licence', 2900, 8900, 'std'],
    ['Laptop setup and data migration', 15000, 30000, 'std'],
    ['Domain renewal (1 year)', 2500, 4500, 'std'],
  ],
  office: [
    ['Consulting (hours)', 12000, 22000, 'std'],
    ['Annual accounts preparation', 95000, 240000, 'std'],
    ['Bookkeeping (monthly)', 30000, 80000, 'std'],
    ['Tax return preparation', 40000, 120000, 'std'],
    ['Site inspection and report', 25000, 60000, 'std'],
  ],
};

const SHOP_EXTRAS: Product[] = [
  ['Water 600ml', 250, 450, 'food'],
  ['Chocolate Bar', 250, 450, 'std'],
  ['Barista Coffee', 400, 550, 'std'],
  ['Meat Pie', 450, 650, 'std'],
  ['Car Wash Premium', 1200, 2000, 'std'],
];

/** Rates in thousandths of a percent (10% = 10000). */
function rateOf(country: CountryCode, cls: TaxClass, usRate: number): number {
  if (country === 'AU') return cls === 'food' || cls === 'rx' ? 0 : 10_000;
  if (country === 'NZ') return 15_000;
  if (country === 'GB')
    return cls === 'food' || cls === 'rx' ? 0 : cls === 'reduced' ? 5_000 : 20_000;
  return cls === 'food' || cls === 'rx' || cls === 'fuel' ? 0 : usRate;
}

// ---------------------------------------------------------------------------------------------
// Places, dates and other printed details

interface Place {
  street: string;
  town: string;
  phone: string;
  /** US: the combined state and local sales tax there. */
  salesTaxMilli?: number;
  taxLabel?: string;
}

const STREETS: Record<CountryCode, string[]> = {
  AU: ['Oxford St', 'George St', 'Smith St', 'Beach Rd', 'Marine Pde', 'High St', 'Queen St'],
  GB: ['High Street', 'Market Place', 'Station Road', 'Church Lane', 'Kirkgate', 'Bridge Street'],
  US: ['Main St', 'Broadway', 'Elm Street', 'Lincoln Ave', 'Market St', 'Lake Shore Dr'],
  NZ: ['Ponsonby Road', 'Queen Street', 'Cuba Street', 'Colombo Street', 'George Street'],
};

const TOWNS: Record<CountryCode, [string, string, number?, string?][]> = {
  AU: [
    ['Paddington NSW 2021', '(02) 9555 0'],
    ['Fitzroy VIC 3065', '(03) 9555 1'],
    ['Fremantle WA 6160', '(08) 9555 2'],
    ['Newstead QLD 4006', '(07) 3555 3'],
    ['Glenelg SA 5045', '(08) 8555 4'],
    ['Battery Point TAS 7004', '(03) 6255 5'],
  ],
  GB: [
    ['Harrogate HG1 1AB', '01423 55'],
    ['Leeds LS1 4DT', '0113 496 0'],
    ['York YO1 7HH', '01904 55'],
    ['Bath BA1 1SU', '01225 55'],
    ['Kendal LA9 4QT', '01539 55'],
  ],
  US: [
    ['Austin, TX 78701', '(512) 555-0', 8_250, 'TX Sales Tax'],
    ['Boston, MA 02108', '(617) 555-0', 6_250, 'MA Sales Tax'],
    ['Brooklyn, NY 11201', '(718) 555-0', 8_875, 'NYS/NYC Tax'],
    ['Indianapolis, IN 46204', '(317) 555-0', 7_000, 'IN Sales Tax'],
    ['Nashville, TN 37203', '(615) 555-0', 9_250, 'Sales Tax'],
    ['Pittsburgh, PA 15222', '(412) 555-0', 7_000, 'PA Sales Tax'],
    ['Sacramento, CA 95814', '(916) 555-0', 8_750, 'CA Sales Tax'],
    ['Denver, CO 80202', '(303) 555-0', 8_810, 'Sales Tax'],
  ],
  NZ: [
    ['Auckland 1011', '(09) 555 0'],
    ['Wellington 6011', '(04) 555 1'],
    ['Christchurch 8011', '(03) 555 2'],
    ['Dunedin 9016', '(03) 555 3'],
    ['Hamilton 3204', '(07) 555 4'],
  ],
};

function place(rng: Rng, country: CountryCode): Place {
  const [town, phonePrefix, salesTaxMilli, taxLabel] = rng.pick(TOWNS[country]);
  const number = rng.int(1, country === 'US' ? 2400 : 240);
  const street =
    country === 'AU' && rng.chance(0.35)
      ? `Shop ${rng.int(1, 24)}, ${number} ${rng.pick(STREETS.AU)}`
      : `${number} ${rng.pick(STREETS[country])}`;
  // "(02) 9555 0" takes three more digits, "01423 55" four.
  const tail = rng.digits(/[\s-]\d$/.test(phonePrefix) ? 3 : 4);
  return { street, town, phone: `${phonePrefix}${tail}`, salesTaxMilli, taxLabel };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface Day {
  y: number;
  m: number;
  d: number;
  weekday: number;
  iso: string;
}

const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 0, 2);
const LAST_DAY = Date.UTC(2026, 10, 20);

function dayAt(ms: number): Day {
  const t = new Date(ms);
  const [y, m, d] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
  return { y, m, d, weekday: t.getUTCDay(), iso: `${y}-${pad2(m)}-${pad2(d)}` };
}

function randomDay(rng: Rng): Day {
  return dayAt(FIRST_DAY + rng.int(0, (LAST_DAY - FIRST_DAY) / DAY_MS) * DAY_MS);
}

function addDays(day: Day, n: number): Day {
  return dayAt(Date.UTC(day.y, day.m - 1, day.d) + n * DAY_MS);
}

type DateFormat =
  | 'dmy'
  | 'dmy2'
  | 'dmy-dash'
  | 'mdy'
  | 'mdy2'
  | 'd-mon-y'
  | 'd-month-y'
  | 'mon-d-y'
  | 'month-d-y'
  | 'd-mon-y-dash';

function formatDate(day: Day, format: DateFormat): string {
  const yy = pad2(day.y % 100);
  switch (format) {
    case 'dmy':
      return `${pad2(day.d)}/${pad2(day.m)}/${day.y}`;
    case 'dmy2':
      return `${pad2(day.d)}/${pad2(day.m)}/${yy}`;
    case 'dmy-dash':
      return `${pad2(day.d)}-${pad2(day.m)}-${day.y}`;
    case 'mdy':
      return `${pad2(day.m)}/${pad2(day.d)}/${day.y}`;
    case 'mdy2':
      return `${pad2(day.m)}/${pad2(day.d)}/${yy}`;
    case 'd-mon-y':
      return `${day.d} ${MONTHS[day.m - 1]} ${day.y}`;
    case 'd-month-y':
      return `${day.d} ${MONTH_NAMES[day.m - 1]} ${day.y}`;
    case 'mon-d-y':
      return `${MONTHS[day.m - 1]} ${day.d}, ${day.y}`;
    case 'month-d-y':
      return `${MONTH_NAMES[day.m - 1]} ${day.d}, ${day.y}`;
    case 'd-mon-y-dash':
      return `${pad2(day.d)}-${MONTHS[day.m - 1].toUpperCase()}-${day.y}`;
  }
}

function receiptDateFormat(rng: Rng, country: CountryCode): DateFormat {
  switch (country) {
    case 'AU':
      return rng.weighted([
        ['dmy', 6],
        ['dmy2', 3],
        ['d-mon-y', 1],
      ]);
    case 'GB':
      return rng.weighted([
        ['dmy', 5],
        ['d-mon-y', 3],
        ['dmy2', 1],
        ['d-mon-y-dash', 1],
      ]);
    case 'US':
      return rng.weighted([
        ['mdy', 6],
        ['mdy2', 3],
        ['mon-d-y', 1],
      ]);
    case 'NZ':
      return rng.weighted([
        ['dmy', 7],
        ['dmy2', 2],
        ['d-mon-y', 1],
      ]);
  }
}

function invoiceDateFormat(rng: Rng, country: CountryCode): DateFormat {
  switch (country) {
    case 'AU':
      return rng.weighted([
        ['dmy', 6],
        ['d-month-y', 2],
        ['d-mon-y', 2],
      ]);
    case 'GB':
      return rng.weighted([
        ['d-month-y', 4],
        ['dmy', 4],
        ['d-mon-y', 2],
      ]);
    case 'US':
      return rng.weighted([
        ['mdy', 5],
        ['month-d-y', 3],
        ['mon-d-y', 2],
      ]);
    case 'NZ':
      return rng.weighted([
        ['dmy', 6],
        ['d-mon-y', 3],
        ['d-month-y', 1],
      ]);
  }
}

function clock(rng: Rng, country: CountryCode, open = 7, close = 21): string {
  const h = rng.int(open, close);
  const m = rng.int(0, 59);
  const s = rng.int(0, 59);
  const twelve = country === 'US' ? rng.chance(0.8) : rng.chance(0.2);
  if (twelve) {
    const h12 = h % 12 === 0 ? 12 : h % 12;
    return `${h12}:${pad2(m)}${rng.chance(0.5) ? ' ' : ''}${h < 12 ? 'AM' : 'PM'}`;
  }
  return rng.chance(0.3) ? `${pad2(h)}:${pad2(m)}:${pad2(s)}` : `${pad2(h)}:${pad2(m)}`;
}

const CURRENCY: Record<CountryCode, SyntheticKey['currency']> = {
  AU: 'AUD',
  GB: 'GBP',
  US: 'USD',
  NZ: 'NZD',
};
const SYMBOL: Record<CountryCode, string> = { AU: '$', GB: '£', US: '$', NZ: '$' };

const FIRST_NAMES = [
  'Jordan',
  'Priya',
  'Sam',
  'Mia',
  'Tom',
  'Aroha',
  'Liam',
  'Chloe',
  'Wei',
  'Ava',
];
const LAST_NAMES = ['Ellis', 'Nguyen', 'Patel', 'Walker', 'Okafor', 'Brown', 'Tane', 'Murphy'];

// ---------------------------------------------------------------------------------------------
// Line helpers

const line = (text: string, right?: string, style?: PrintedLine['style']): PrintedLine => ({
  text,
  ...(right !== undefined ? { right } : {}),
  ...(style ? { style } : {}),
});
const centre = (text: string, style?: PrintedLine['style']): PrintedLine => ({
  text,
  align: 'center',
  ...(style ? { style } : {}),
});
const rule = (): PrintedLine => ({ text: '', style: 'rule' });
const blank = (): PrintedLine => ({ text: '', style: 'blank' });

/** Thermal printers print upper case ASCII: "Café" prints "CAFE". */
function thermal(text: string, upper: boolean): string {
  const ascii = text.normalize('NFD').replace(/\p{M}/gu, '');
  return upper ? ascii.toUpperCase() : ascii;
}

/** Receipt descriptions are cut to the printer's column. */
const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n).trimEnd() : s);

// ---------------------------------------------------------------------------------------------
// Items and the arithmetic of a sale

function priceIn(rng: Rng, lo: number, hi: number): number {
  // Shop prices end in 0, 5 or 9 cents mostly.
  const cents = rng.int(lo, hi);
  const ending = rng.pick([0, 0, 5, 9, 9, 0]);
  return Math.max(10, cents - (cents % 10) + ending);
}

function pickItems(rng: Rng, category: Category, country: CountryCode, seller: Seller): Item[] {
  if (category === 'fuel') return [];
  // A long black is an Australian and New Zealand coffee.
  const products =
    category === 'services'
      ? SERVICES[seller.trade ?? 'office']
      : PRODUCTS[category].filter(
          ([name]) => !(country !== 'AU' && country !== 'NZ' && name === 'Long Black'),
        );
  const count =
    category === 'supermarket'
      ? rng.int(3, 12)
      : category === 'restaurant'
        ? rng.int(2, 7)
        : category === 'services'
          ? rng.int(1, 5)
          : rng.int(1, 5);
  return rng.sample(products, count).map(([name, lo, hi, cls, per]) => {
    const description = name;
    if (per === 'kg') {
      const grams = rng.int(250, 1800);
      const perKg = priceIn(rng, lo, hi);
      return {
        description,
        qtyMilli: grams,
        unitCents: perKg,
        amountCents: divRound(grams * perKg, 1000),
        cls,
        perKg: true,
      };
    }
    if (category === 'services' && /hours/.test(name)) {
      const qtyMilli = rng.int(2, 16) * 500;
      const unit = rng.int(lo / 500, hi / 500) * 500;
      return {
        description: name.replace(' (hours)', ''),
        qtyMilli,
        unitCents: unit,
        amountCents: divRound(qtyMilli * unit, 1000),
        cls,
      };
    }
    const qty = rng.chance(category === 'cafe' || category === 'restaurant' ? 0.3 : 0.2)
      ? rng.int(2, 4)
      : 1;
    const unit = category === 'services' ? rng.int(lo / 100, hi / 100) * 100 : priceIn(rng, lo, hi);
    return { description, qtyMilli: qty * 1000, unitCents: unit, amountCents: qty * unit, cls };
  });
}

/** AU cash rounding: to the nearest 5 cents (1–2 down, 3–4 up, 6–7 down, 8–9 up). */
function roundCash(cents: number, step: 5 | 10): number {
  const r = cents % step;
  if (step === 5) return r === 0 ? 0 : r <= 2 ? -r : 5 - r;
  // NZ: to 10 cents, a 5 rounded down (the usual "Swedish" rounding of the tills).
  return r === 0 ? 0 : r <= 5 ? -r : 10 - r;
}

function cashTendered(rng: Rng, due: number): number {
  const notes = [500, 1000, 2000, 5000, 10000].filter((n) => n >= due);
  if (rng.chance(0.2)) return due; // exact money
  const roundUp = Math.ceil(due / 500) * 500;
  return rng.chance(0.4) || !notes.length ? roundUp + (roundUp === due ? 500 : 0) : notes[0];
}

// ---------------------------------------------------------------------------------------------
// Receipts

interface Context {
  rng: Rng;
  country: CountryCode;
  seller: Seller;
  place: Place;
  category: Category;
  day: Day;
  upper: boolean;
  dateFormat: DateFormat;
  /** The mark of GST-free items on an AU receipt ("#", "*", "^"), set when the items print. */
  freeMark: string;
  money: (cents: number, symbol?: boolean) => string;
}

function header(ctx: Context, lines: PrintedLine[], taxId: string | null): void {
  const { rng, country, seller, upper } = ctx;
  const centred = rng.chance(0.7);
  const put = (text: string, style?: PrintedLine['style']) =>
    lines.push(centred ? centre(text, style) : line(text, undefined, style));
  if (seller.slogan && rng.chance(0.35)) put(seller.slogan.toLowerCase(), 'small');
  else if ((country === 'AU' || country === 'NZ') && rng.chance(0.08)) put('TAX INVOICE');
  else if (rng.chance(0.05)) put('Welcome to');
  put(thermal(seller.name, upper || rng.chance(0.6)), 'title');
  if (seller.legal && rng.chance(0.5)) put(thermal(seller.legal, upper));
  if (rng.chance(0.3))
    put(
      rng.pick([
        `Store ${rng.int(100, 9999)}`,
        `Store #${rng.int(10, 999)}`,
        `Branch ${rng.int(2, 40)}`,
      ]),
    );
  put(thermal(ctx.place.street, upper));
  put(thermal(ctx.place.town, upper));
  if (rng.chance(0.75)) put(`${rng.pick(['Ph', 'Tel', 'Phone'])}: ${ctx.place.phone}`);
  if (taxId) put(taxId);
  if (seller.web && rng.chance(0.5)) put(`www.${seller.web}`);
}

function dateLine(ctx: Context, printed: string): PrintedLine[] {
  const { rng, country } = ctx;
  const time = clock(rng, country, ctx.category === 'restaurant' ? 11 : 7);
  const till = `${rng.pick(['Reg', 'Till', 'POS', 'Lane'])} ${rng.int(1, 9)}`;
  const trans = `${rng.pick(['Trans', 'Txn', 'Rcpt', 'Receipt'])} ${rng.digits(rng.int(4, 6))}`;
  switch (rng.int(0, 5)) {
    case 0:
      return [line(`${printed} ${time}`, till)];
    case 1:
      return [line(`Date: ${printed}`, `Time: ${time}`)];
    case 2:
      return [line(`${WEEKDAYS[ctx.day.weekday]} ${printed}  ${time}`), line(trans, till)];
    case 3:
      return [line(`${printed}  ${time}`), line(`${trans}  ${till}`, `Op ${rng.int(1, 60)}`)];
    case 4:
      return [line(trans, `${printed} ${time}`)];
    default:
      return [line(`Date ${printed}`), line(`Time ${time}`, trans)];
  }
}

function itemLines(ctx: Context, items: Item[], width: number): PrintedLine[] {
  const { rng, country, upper } = ctx;
  const out: PrintedLine[] = [];
  const gbCodes = country === 'GB' && rng.chance(0.5);
  const usFlags = country === 'US' && rng.chance(0.5);
  const auMark = country === 'AU' ? rng.pick(['#', '*', '^']) : '';
  ctx.freeMark = auMark || ctx.freeMark;
  const multiLine = rng.chance(0.5);
  for (const item of items) {
    let name = thermal(item.description, upper);
    if (country === 'AU' && (item.cls === 'food' || item.cls === 'rx'))
      name = rng.chance(0.5) ? `${auMark}${name}` : `${name} ${auMark}`;
    let amount = ctx.money(item.amountCents);
    if (gbCodes)
      amount = `${amount} ${item.cls === 'food' || item.cls === 'rx' ? 'Z' : item.cls === 'reduced' ? 'R' : 'A'}`;
    if (usFlags) amount = `${amount} ${item.cls === 'std' ? 'T' : 'N'}`;
    if (item.perKg) {
      out.push(line(cut(name, width)));
      out.push(
        line(
          `  ${formatMilli(item.qtyMilli, 3)} kg @ ${ctx.money(item.unitCents, true)}/kg`,
          amount,
        ),
      );
    } else if (item.qtyMilli > 1000) {
      const qty = item.qtyMilli / 1000;
      if (multiLine) {
        out.push(line(cut(name, width)));
        out.push(line(`  ${qty} @ ${ctx.money(item.unitCents)}`, amount));
      } else out.push(line(cut(`${qty} x ${name}`, width - 2), amount));
    } else out.push(line(cut(name, width), amount));
  }
  return out;
}

function receipt(ctx: Context, facts: Facts, lines: PrintedLine[]): void {
  const { rng, country } = ctx;
  const printedDate = facts.printedDate;
  const dateFirst = rng.chance(0.75);

  header(ctx, lines, facts.sellerTaxId);
  if (
    (country === 'AU' || country === 'NZ') &&
    rng.chance(0.75) &&
    !lines.some((l) => l.text === 'TAX INVOICE')
  )
    lines.push(centre(rng.pick(['TAX INVOICE', 'Tax Invoice', '*** TAX INVOICE ***'])));
  if (country === 'GB' && rng.chance(0.2)) lines.push(centre('VAT RECEIPT'));
  if (ctx.category === 'restaurant')
    lines.push(
      line(
        `Table ${rng.int(1, 40)}  Covers ${rng.int(1, 6)}`,
        `${rng.pick(['Server', 'Staff', 'Served by'])}: ${rng.pick(FIRST_NAMES)}`,
      ),
    );
  if (dateFirst) lines.push(...dateLine(ctx, printedDate));
  lines.push(rule());

  // Items (fuel first at a service station).
  const width = 28;
  if (ctx.category === 'fuel') lines.push(...fuelLines(ctx, facts.items[0]));
  lines.push(
    ...itemLines(ctx, ctx.category === 'fuel' ? facts.items.slice(1) : facts.items, width),
  );
  lines.push(rule());

  const count = facts.items.reduce((s, i) => s + (i.qtyMilli % 1000 ? 1 : i.qtyMilli / 1000), 0);
  if (ctx.category === 'supermarket' && rng.chance(0.4))
    lines.push(
      line(rng.pick([`${count} ITEMS`, `Total items: ${count}`, `No. of items ${count}`])),
    );

  switch (country) {
    case 'AU':
    case 'NZ':
      totalsInclusive(ctx, facts, lines);
      break;
    case 'GB':
      totalsGb(ctx, facts, lines);
      break;
    case 'US':
      totalsUs(ctx, facts, lines);
      break;
  }

  if (!dateFirst) {
    lines.push(blank());
    lines.push(...dateLine(ctx, printedDate));
  }
  footer(ctx, lines);
}

function fuelLines(ctx: Context, fuel: Item): PrintedLine[] {
  const { rng, country } = ctx;
  const pump = `Pump ${rng.chance(0.5) ? pad2(rng.int(1, 12)) : rng.int(1, 12)}`;
  const amount = ctx.money(fuel.amountCents);
  const grade = fuel.description;
  if (country === 'US') {
    const gallons = formatMilli(fuel.qtyMilli, 3);
    const price = `$${formatMilli(fuel.unitCents, 3)}`; // unitCents holds tenths of a cent per gallon
    return rng.chance(0.5)
      ? [line(`${pump} ${grade}`), line(`  ${gallons} GAL @ ${price}/GAL`, amount)]
      : [line(`${grade} ${pump}`, amount), line(`  ${gallons} G  PRICE/G ${price}`)];
  }
  const litres = formatMilli(fuel.qtyMilli, 2);
  if (country === 'GB') {
    const pence = `${Math.floor(fuel.unitCents / 10)}.${fuel.unitCents % 10}p`;
    return [line(`${pump} ${grade}`), line(`  ${litres} L @ ${pence}/L`, amount)];
  }
  const perL = `$${formatMilli(fuel.unitCents, 3)}`;
  const cents = `${Math.floor(fuel.unitCents / 10)}.${fuel.unitCents % 10}c/L`;
  return rng.chance(0.5)
    ? [line(`${pump} ${grade}`), line(`  ${litres} L @ ${perL}/L`, amount)]
    : [line(`${pump}  ${grade}`, amount), line(`  ${litres}L  ${cents}`)];
}

function paymentLines(ctx: Context, facts: Facts, lines: PrintedLine[], due: number): void {
  const { rng, country } = ctx;
  const money = ctx.money;
  if (facts.payment === 'cash') {
    const tendered = facts.tenderedCents ?? due;
    const change = facts.changeCents ?? 0;
    if (country === 'US') {
      lines.push(
        line(rng.pick(['Amount tendered', 'Cash Tendered', 'CASH']), money(tendered, true)),
      );
      lines.push(line(rng.pick(['Change', 'Change due', 'CHANGE']), money(change, true)));
    } else if (country === 'GB') {
      lines.push(line(rng.pick(['Cash', 'CASH', 'Cash tendered']), money(tendered, true)));
      lines.push(line(rng.pick(['Change due', 'CHANGE']), money(change, true)));
    } else {
      lines.push(line(rng.pick(['CASH', 'Cash', 'Cash Tendered']), money(tendered, true)));
      lines.push(line(rng.pick(['CHANGE', 'Change']), money(change, true)));
    }
    return;
  }
  const last4 = rng.digits(4);
  const brand = rng.pick(['VISA', 'MASTERCARD', 'Visa Debit', 'AMEX']);
  switch (country) {
    case 'AU':
      if (rng.chance(0.5)) lines.push(line('EFTPOS', money(due, true)));
      else lines.push(line(`${brand} ****${last4}`, money(due, true)));
      if (rng.chance(0.4)) {
        lines.push(blank());
        lines.push(centre('CUSTOMER COPY'));
        lines.push(line(`${rng.pick(['CREDIT', 'SAVINGS', 'CHEQUE'])} ACCOUNT`));
        lines.push(line('PURCHASE', `AUD ${money(due, true)}`));
        lines.push(line(rng.pick(['APPROVED 00', 'APPROVED', '(00) APPROVED'])));
      }
      break;
    case 'NZ':
      lines.push(
        line(rng.pick(['EFTPOS', 'Eftpos CHQ', 'Paywave VISA', 'Contactless']), money(due, true)),
      );
      if (rng.chance(0.3)) lines.push(line('Paymark  ACCEPTED', `Ref ${rng.digits(6)}`));
      break;
    case 'GB':
      lines.push(
        line(rng.pick(['Card payment', 'Contactless', `${brand} Contactless`]), money(due, true)),
      );
      if (rng.chance(0.4)) lines.push(line(`Card ************${last4}`));
      if (rng.chance(0.4)) lines.push(line('Change due', money(0, true)));
      break;
    case 'US':
      lines.push(line(`${brand} ************${last4}`, money(due, true)));
      if (rng.chance(0.5)) lines.push(line(`Auth code: ${rng.digits(6)}`));
      break;
  }
}

/** AU and NZ: prices include GST; the GST in the total is stated. */
function totalsInclusive(ctx: Context, facts: Facts, lines: PrintedLine[]): void {
  const { rng, country } = ctx;
  const money = ctx.money;
  const sale = facts.itemsCents + facts.surchargeCents;
  if (facts.surchargeCents) {
    if (rng.chance(0.5)) lines.push(line('Subtotal', money(facts.itemsCents)));
    lines.push(line(facts.surchargeLabel ?? 'Surcharge', money(facts.surchargeCents)));
  }
  const gst = money(facts.taxCents, true);
  const gstLine = (): PrintedLine =>
    country === 'AU'
      ? rng.pick([
          line('GST included in total', gst),
          line(`Total includes GST of ${gst}`),
          line('GST INCLUDED', gst),
          line('Includes GST', gst),
          line('GST', gst),
        ])
      : rng.pick([
          line('GST content', gst),
          line(`Total includes GST of ${gst}`),
          line('GST 15% incl', gst),
          line('Includes GST', gst),
          line('GST Component', gst),
        ]);
  const label = rng
    .pick(['TOTAL', 'Total', 'TOTAL AUD', 'Total (inc GST)', 'AMOUNT DUE'])
    .replace('AUD', CURRENCY[country]);
  const gstBeforeTotal = rng.chance(0.25);
  if (gstBeforeTotal) lines.push(gstLine());
  if (facts.roundingCents !== 0 && rng.chance(0.5)) {
    // "Subtotal 23.47 / Rounding -0.02 / TOTAL 23.45"
    lines.push(line('Sub Total', money(sale)));
    lines.push(line('Rounding', money(facts.roundingCents)));
    lines.push(line(label, money(facts.totalCents, true), 'bold'));
  } else {
    lines.push(line(label, money(sale, true), 'bold'));
    if (facts.roundingCents !== 0)
      lines.push(
        line(rng.pick(['Rounding', 'Cash rounding', 'ROUNDING']), money(facts.roundingCents)),
      );
  }
  paymentLines(ctx, facts, lines, facts.totalCents);
  if (!gstBeforeTotal) lines.push(gstLine());
  const free = facts.items.some((i) => i.cls === 'food' || i.cls === 'rx');
  if (country === 'AU' && free)
    lines.push(
      line(
        rng
          .pick(['# Denotes GST-free item', '* GST free items', '^ GST exempt item'])
          .replace(/^./, ctx.freeMark),
      ),
    );
}

function totalsGb(ctx: Context, facts: Facts, lines: PrintedLine[]): void {
  const { rng } = ctx;
  const money = ctx.money;
  if (ctx.category === 'restaurant') {
    lines.push(line('Subtotal', money(facts.itemsCents)));
    if (facts.surchargeCents) lines.push(line('Service charge 12.5%', money(facts.surchargeCents)));
    lines.push(
      line(rng.pick(['TOTAL', 'Total', 'Total to pay']), money(facts.totalCents, true), 'bold'),
    );
    const vat = facts.taxByRate.find((r) => r.rateMilli === 20_000);
    lines.push(
      rng.chance(0.5)
        ? line('VAT 20% included', money(vat?.taxCents ?? 0, true))
        : line(`Includes VAT @ 20%: ${money(vat?.taxCents ?? 0, true)}`),
    );
    if (facts.surchargeCents && rng.chance(0.6))
      lines.push(line('Service charge is discretionary', undefined, 'small'));
    paymentLines(ctx, facts, lines, facts.totalCents);
    return;
  }
  lines.push(
    line(
      rng.pick(['TOTAL', 'Total', 'BALANCE DUE', 'Total to pay']),
      money(facts.totalCents, true),
      'bold',
    ),
  );
  const variant = rng.int(0, 2);
  if (variant === 0) {
    // "VAT @ 20%  1.67" lines in the totals block, before the payment.
    for (const r of facts.taxByRate)
      if (r.taxCents) lines.push(line(`VAT @ ${r.rateMilli / 1000}%`, money(r.taxCents)));
    // Several rates, or none charged: their total ("Total VAT 0.00" on a zero-rated basket).
    if (facts.taxByRate.filter((r) => r.taxCents).length !== 1)
      lines.push(line('Total VAT', money(facts.taxCents)));
    paymentLines(ctx, facts, lines, facts.totalCents);
    return;
  }
  paymentLines(ctx, facts, lines, facts.totalCents);
  lines.push(blank());
  if (variant === 1) {
    // A VAT summary: a code, its rate, net, VAT, and the VAT's total.
    lines.push(line(rng.pick(['VAT SUMMARY', 'VAT Summary', 'VAT ANALYSIS'])));
    lines.push(line('Rate', 'Net      VAT'));
    for (const r of facts.taxByRate) {
      const code = r.rateMilli === 20_000 ? 'A' : r.rateMilli === 5_000 ? 'R' : 'Z';
      lines.push(
        line(
          `${code} ${r.rateMilli / 1000}%`,
          `${money(r.baseCents - r.taxCents)}  ${money(r.taxCents).padStart(6)}`,
        ),
      );
    }
    lines.push(line('Total VAT', money(facts.taxCents)));
  } else {
    lines.push(line('VAT Rate    Gross    VAT'));
    for (const r of facts.taxByRate)
      lines.push(
        line(
          `VAT @ ${r.rateMilli / 1000}%`,
          `${money(r.baseCents)}  ${money(r.taxCents).padStart(6)}`,
        ),
      );
    lines.push(line('VAT TOTAL', money(facts.taxCents)));
  }
}

function totalsUs(ctx: Context, facts: Facts, lines: PrintedLine[]): void {
  const { rng } = ctx;
  const money = ctx.money;
  const rate = ctx.place.salesTaxMilli ?? 7_000;
  const beforeTip = (facts.subtotalCents ?? 0) + facts.taxCents;
  lines.push(
    line(rng.pick(['Subtotal', 'SUBTOTAL', 'Sub-total']), money(facts.subtotalCents ?? 0)),
  );
  lines.push(
    rng.pick([
      line(`Tax ${formatMilli(rate)}%`, money(facts.taxCents)),
      line(ctx.place.taxLabel ?? 'Sales Tax', money(facts.taxCents)),
      line('TAX', money(facts.taxCents)),
      line(`Sales Tax (${formatMilli(rate)}%)`, money(facts.taxCents)),
    ]),
  );
  if (ctx.category !== 'restaurant') {
    lines.push(
      line(
        rng.pick(['Total', 'TOTAL', 'TOTAL DUE', 'Balance Due']),
        money(facts.totalCents, true),
        'bold',
      ),
    );
    paymentLines(ctx, facts, lines, facts.totalCents);
    return;
  }
  if (facts.tipCents === null) {
    lines.push(line('Total', money(beforeTip, true), 'bold'));
    paymentLines(ctx, facts, lines, beforeTip);
    lines.push(blank());
    lines.push(line('Suggested Tip:'));
    const sub = facts.subtotalCents ?? 0;
    for (const pct of [18, 20, 22]) {
      const tip = divRound(sub * pct, 100);
      lines.push(line(`${pct}%: ${money(tip, true)}`, `(Total: ${money(beforeTip + tip, true)})`));
    }
    lines.push(line('Tip: ________________'));
    return;
  }
  if (rng.chance(0.5)) {
    lines.push(line('Total', money(beforeTip, true)));
    lines.push(line(rng.pick(['Tip', 'TIP', 'Gratuity']), money(facts.tipCents)));
    lines.push(
      line(rng.pick(['Total', 'TOTAL', 'Grand Total']), money(facts.totalCents, true), 'bold'),
    );
    paymentLines(ctx, facts, lines, facts.totalCents);
  } else {
    lines.push(line('Total', money(beforeTip, true), 'bold'));
    lines.push(blank());
    lines.push(centre('CUSTOMER COPY'));
    lines.push(
      line(`${rng.pick(['VISA', 'MASTERCARD', 'AMEX'])} ${rng.pick(['SALE', 'CREDIT SALE'])}`),
    );
    lines.push(line(`Card #: XXXXXXXXXXXX${rng.digits(4)}`));
    lines.push(line('Amount:', money(beforeTip, true)));
    lines.push(line('+ Tip:', money(facts.tipCents, true)));
    lines.push(line('= Total:', money(facts.totalCents, true), 'bold'));
    lines.push(line('Signature: ____________________'));
  }
}

function footer(ctx: Context, lines: PrintedLine[]): void {
  const { rng, country } = ctx;
  lines.push(blank());
  if ((ctx.category === 'hardware' || ctx.category === 'pharmacy') && rng.chance(0.35)) {
    const by = addDays(ctx.day, 30);
    const fmt = country === 'US' ? 'mdy' : 'dmy';
    lines.push(centre(`Returns accepted until ${formatDate(by, fmt)}`, 'small'));
  }
  if (ctx.category === 'supermarket' && rng.chance(0.4))
    lines.push(line(rng.pick(['Points earned', 'Rewards points']), String(rng.int(5, 240))));
  lines.push(
    centre(
      rng.pick([
        'Thank you for shopping with us',
        'THANK YOU',
        'Thank you, come again!',
        'Please keep this receipt',
        'Have a great day',
      ]),
      'small',
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Invoices

function invoice(ctx: Context, facts: Facts, lines: PrintedLine[]): void {
  const { rng, country, seller } = ctx;
  const money = (c: number, symbol = false) =>
    formatCents(c, { symbol: symbol ? SYMBOL[country] : '', thousands: true });
  lines.push(line(seller.name, undefined, 'title'));
  if (seller.legal) lines.push(line(seller.legal));
  lines.push(line(`${ctx.place.street}, ${ctx.place.town}`, undefined, 'small'));
  lines.push(line(`${rng.pick(['Phone', 'Tel', 'Ph'])} ${ctx.place.phone}`, undefined, 'small'));
  if (facts.sellerTaxId) lines.push(line(facts.sellerTaxId));
  lines.push(blank());
  lines.push(
    line(
      country === 'AU' || country === 'NZ'
        ? 'TAX INVOICE'
        : country === 'GB'
          ? rng.pick(['INVOICE', 'VAT INVOICE', 'Invoice'])
          : rng.pick(['INVOICE', 'Invoice']),
      undefined,
      'bold',
    ),
  );
  const due = facts.dueDateISO
    ? formatDate(dayAt(Date.parse(`${facts.dueDateISO}T00:00:00Z`)), ctx.dateFormat)
    : '';
  // Label and value side by side, or the value flush right (an information block).
  const flush = rng.chance(0.5);
  const info = (label: string, value: string) =>
    lines.push(flush ? line(label, value) : line(`${label} ${value}`));
  info(rng.pick(['Invoice No:', 'Invoice number', 'Invoice #']), facts.invoiceNumber ?? '');
  info(rng.pick(['Invoice date:', 'Date:', 'Invoice Date', 'Date of issue:']), facts.printedDate);
  if (due) info(rng.pick(['Due date:', 'Due Date', 'Payment due:']), due);
  if (rng.chance(0.3)) info('Terms:', rng.pick(['14 days', '7 days', '30 days', 'Net 30']));
  if (rng.chance(0.3)) info('Customer ref:', `PO-${rng.digits(5)}`);
  lines.push(blank());
  lines.push(line('Bill to:', undefined, 'bold'));
  lines.push(line(`${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`));
  const customer = place(rng, country);
  lines.push(line(`${customer.street}, ${customer.town}`));
  lines.push(blank());
  const netLabel = country === 'GB' ? 'Net' : 'Amount';
  lines.push({ text: 'Description', cells: ['Qty', 'Unit price', netLabel], style: 'bold' });
  lines.push(rule());
  for (const item of facts.items)
    lines.push({
      text: item.description,
      cells: [formatMilli(item.qtyMilli), money(item.unitCents), money(item.amountCents)],
    });
  lines.push(rule());
  const rate = facts.taxByRate[0];
  const taxLabel =
    country === 'AU'
      ? rng.pick(['GST 10%', 'GST', 'Total GST'])
      : country === 'NZ'
        ? rng.pick(['GST 15%', 'GST', 'Add GST 15%'])
        : country === 'GB'
          ? rng.pick(['VAT @ 20%', 'VAT 20%', 'VAT'])
          : rng.pick([`Sales tax (${formatMilli(rate.rateMilli)}%)`, 'Sales Tax', 'Tax']);
  const subLabel =
    country === 'AU' || country === 'NZ'
      ? rng.pick(['Subtotal', 'Subtotal (ex GST)', 'Total ex GST'])
      : country === 'GB'
        ? rng.pick(['Subtotal', 'Net total', 'Total net'])
        : 'Subtotal';
  lines.push({ text: '', cells: ['', subLabel, money(facts.subtotalCents ?? 0)] });
  lines.push({ text: '', cells: ['', taxLabel, money(facts.taxCents)] });
  const totalLabel = rng.pick(['Total due', 'Amount due', 'TOTAL', 'Total', 'Balance due']);
  const withCurrency = rng.chance(0.4);
  lines.push({
    text: '',
    cells: [
      '',
      withCurrency ? `${totalLabel} ${CURRENCY[country]}` : totalLabel,
      money(facts.totalCents, !withCurrency),
    ],
    style: 'bold',
  });
  lines.push(blank());
  lines.push(line('Payment details', undefined, 'bold'));
  switch (country) {
    case 'AU':
      lines.push(
        line(`BSB ${rng.digits(3)}-${rng.digits(3)}  Account ${rng.digits(4)} ${rng.digits(4)}`),
      );
      break;
    case 'NZ':
      lines.push(line(`Bank account 12-${rng.digits(4)}-${rng.digits(7)}-00`));
      break;
    case 'GB':
      lines.push(
        line(
          `Sort code ${rng.digits(2)}-${rng.digits(2)}-${rng.digits(2)}  Account ${rng.digits(8)}`,
        ),
      );
      break;
    case 'US':
      lines.push(line(`ACH routing ${rng.digits(9)}  Account ${rng.digits(10)}`));
      break;
  }
  lines.push(line(`Please quote ${facts.invoiceNumber} as the reference.`, undefined, 'small'));
  lines.push(line('Thank you for your business.', undefined, 'small'));
}

// ---------------------------------------------------------------------------------------------
// The photo

const PAPERS = ['#f6f4ee', '#f3f1ea', '#f7f6f2', '#efece3', '#f4f2ec', '#ece9df'];
const SURFACES = ['#5b4a3a', '#3b3f45', '#8a8d91', '#6e5d4b', '#2f3a33', '#b9b2a6', '#4a4038'];

function photoPlan(rng: Rng, kind: DocumentKind, turned: 'quarter' | 'half' | null): PhotoPlan {
  const invoiceDoc = kind === 'invoice';
  const widthPx = invoiceDoc ? rng.int(1000, 1400) : rng.int(700, 1400);
  const surface = rng.chance(0.45) ? rng.pick(SURFACES) : null;
  const turn: PhotoPlan['turn'] =
    turned === 'quarter' ? rng.pick([90, 270] as const) : turned === 'half' ? 180 : 0;
  // Mostly small slants: 1 + 7u² degrees.
  const rotationDeg = rng.chance(0.65)
    ? ((rng.chance(0.5) ? -1 : 1) * Math.round((1 + 7 * rng.float() ** 2) * 10)) / 10
    : 0;
  const fade = !invoiceDoc && rng.chance(0.3);
  let contrast = rng.chance(0.25) ? Math.round(rng.float(0.45, 0.7) * 100) / 100 : 1;
  let blurSigma = rng.chance(0.3)
    ? Math.round(rng.float(0.5, 1.3) * (widthPx / 1000) * 100) / 100
    : 0;
  // Readable by a person: two losses of contrast together are milder, and so is their blur.
  if (fade && contrast < 1) contrast = Math.max(contrast, 0.7);
  if ((fade || contrast < 1) && blurSigma > 0)
    blurSigma = Math.min(blurSigma, 0.8 * (widthPx / 1000));
  const folds: PhotoPlan['folds'] = [];
  if (rng.chance(0.25)) {
    if (invoiceDoc)
      for (const at of [1 / 3, 2 / 3])
        folds.push({
          at: at + rng.float(-0.02, 0.02),
          vertical: false,
          shade: rng.float(0.03, 0.09),
        });
    else
      folds.push({
        at: rng.float(0.3, 0.7),
        vertical: rng.chance(0.2),
        shade: rng.float(0.03, 0.09),
      });
  }
  const ink = fade
    ? rng.pick(['#5e5e5e', '#666666', '#6f6a66', '#727272'])
    : invoiceDoc
      ? '#1d1d1f'
      : rng.pick(['#1a1a1a', '#222222', '#2b2b2b', '#1f1c1a']);
  const plan: PhotoPlan = {
    widthPx,
    font: invoiceDoc ? 'sans' : rng.chance(0.75) ? 'mono' : 'sans',
    paper: invoiceDoc ? rng.pick(['#fbfbf9', '#f8f8f5', '#fdfcf9']) : rng.pick(PAPERS),
    ink,
    surface,
    marginShare: surface ? rng.float(0.05, 0.12) : 0,
    lightFalloff: surface ? rng.float(0, 0.18) : 0,
    rotationDeg,
    turn,
    blurSigma,
    contrast,
    fade: fade
      ? {
          angleDeg: rng.pick([0, 90, 45, 135, 180, 270]),
          stops: [
            rng.float(0, 0.15),
            rng.float(0.15, 0.45),
            rng.float(0.05, 0.5),
            rng.float(0, 0.3),
          ],
        }
      : null,
    folds,
    speckle: rng.chance(0.3) ? { dots: rng.float(0.0004, 0.002), noise: rng.float(4, 12) } : null,
    jpegQuality: rng.int(40, 85),
    noiseSeed: rng.int(1, 2 ** 31 - 1),
  };
  // A tenth are clean photos (a baseline): upright, sharp, a good JPEG, a phone's full width.
  if (rng.chance(0.1) && !turned)
    return {
      ...plan,
      ink: invoiceDoc ? '#1d1d1f' : '#222222',
      surface: null,
      marginShare: 0,
      lightFalloff: 0,
      rotationDeg: 0,
      turn: 0,
      blurSigma: 0,
      contrast: 1,
      fade: null,
      folds: [],
      speckle: null,
      jpegQuality: Math.max(plan.jpegQuality, 70),
      widthPx: Math.max(plan.widthPx, 900),
    };
  return plan;
}

/** The names of a plan's distortions, for the figures per distortion. */
export function distortionsOf(p: PhotoPlan): string[] {
  const out: string[] = [];
  if (Math.abs(p.rotationDeg) >= 1) out.push('rotation');
  if (p.turn === 90 || p.turn === 270) out.push('quarter-turn');
  if (p.turn === 180) out.push('upside-down');
  if (p.blurSigma > 0) out.push('blur');
  if (p.contrast < 1) out.push('low-contrast');
  if (p.fade) out.push('fade');
  if (p.folds.length) out.push('fold');
  if (p.speckle) out.push('speckle');
  if (p.surface) out.push('on-a-table');
  if (p.jpegQuality < 55) out.push('jpeg-q<55');
  if (p.widthPx < 850) out.push('width<850');
  return out;
}

// ---------------------------------------------------------------------------------------------
// One document

const RECEIPT_CATEGORIES: readonly (readonly [Category, number])[] = [
  ['cafe', 3],
  ['supermarket', 3],
  ['restaurant', 3],
  ['hardware', 2],
  ['pharmacy', 2],
  ['fuel', 2],
];

export function generateDocument(index: number, seed: number): SyntheticDocument {
  const rng = new Rng(documentSeed(seed, index));
  const country = COUNTRIES[index % COUNTRIES.length];
  const kind: DocumentKind = rng.chance(country === 'US' ? 0.1 : 0.25) ? 'invoice' : 'receipt';
  const category: Category = kind === 'invoice' ? 'services' : rng.weighted(RECEIPT_CATEGORIES);
  const seller = rng.pick(SELLERS[country][category]);
  const where = place(rng, country);
  const day = randomDay(rng);
  const usRate = where.salesTaxMilli ?? 7_000;
  const upper = kind === 'receipt' && rng.chance(0.6);
  const format =
    kind === 'invoice' ? invoiceDateFormat(rng, country) : receiptDateFormat(rng, country);
  const symbolOnTotals = rng.chance(0.6);
  const ctx: Context = {
    rng,
    country,
    seller,
    place: where,
    category,
    day,
    upper,
    dateFormat: format,
    freeMark: '#',
    money: (cents, symbol = false) =>
      formatCents(cents, { symbol: symbol && symbolOnTotals ? SYMBOL[country] : '' }),
  };

  // What was sold.
  const items = pickItems(rng, category, country, seller);
  if (category === 'fuel') {
    const grade =
      country === 'US'
        ? rng.pick(['Regular', 'Unleaded', 'Premium', 'Diesel'])
        : country === 'GB'
          ? rng.pick(['Unleaded', 'Diesel', 'Super Unleaded'])
          : country === 'NZ'
            ? rng.pick(['91 Unleaded', '95 Premium', 'Diesel'])
            : rng.pick(['Unleaded 91', 'Premium 95', 'E10', 'Diesel']);
    // Gallons to a thousandth, litres to a hundredth (in thousandths either way).
    const fuelQty = country === 'US' ? rng.int(4000, 18000) : rng.int(1500, 6500) * 10;
    // Price in tenths of a cent per litre (AU 189.9c = 1899) or per gallon (US $3.459 = 3459).
    const unit =
      country === 'US'
        ? rng.int(2899, 4299)
        : country === 'GB'
          ? rng.int(1339, 1589)
          : country === 'NZ'
            ? rng.int(2399, 2999)
            : rng.int(1699, 2199);
    const amountCents = divRound(fuelQty * unit, 1000 * 10);
    items.unshift({
      description: grade,
      qtyMilli: fuelQty,
      unitCents: unit,
      amountCents,
      cls: 'fuel',
    });
    const extras = rng.int(0, 2);
    for (const [name, lo, hi, cls] of rng.sample(SHOP_EXTRAS, extras)) {
      const unitCents = priceIn(rng, lo, hi);
      items.push({ description: name, qtyMilli: 1000, unitCents, amountCents: unitCents, cls });
    }
  }
  const itemsCents = items.reduce((s, i) => s + i.amountCents, 0);

  const payment: Facts['payment'] =
    kind === 'invoice' ? 'card' : rng.chance(country === 'US' ? 0.25 : 0.3) ? 'cash' : 'card';
  let surchargeCents = 0;
  let surchargeLabel: string | null = null;
  let tipCents: number | null = null;
  let subtotalCents: number | null = null;
  let taxCents: number;
  let taxByRate: Facts['taxByRate'] = [];
  let totalCents: number;

  if (kind === 'invoice') {
    // Invoices are written net of tax, the tax added on top.
    const rate =
      country === 'AU' ? 10_000 : country === 'NZ' ? 15_000 : country === 'GB' ? 20_000 : usRate;
    subtotalCents = itemsCents;
    taxCents = addedTax(itemsCents, rate);
    taxByRate = [{ label: 'standard', rateMilli: rate, baseCents: itemsCents, taxCents }];
    totalCents = itemsCents + taxCents;
  } else if (country === 'US') {
    const taxable = items
      .filter((i) => rateOf('US', i.cls, usRate) > 0)
      .reduce((s, i) => s + i.amountCents, 0);
    subtotalCents = itemsCents;
    taxCents = addedTax(taxable, usRate);
    taxByRate = [{ label: 'sales tax', rateMilli: usRate, baseCents: taxable, taxCents }];
    totalCents = itemsCents + taxCents;
    if (category === 'restaurant' && rng.chance(0.7)) {
      const pct = rng.int(15, 22);
      tipCents = divRound(itemsCents * pct, 100);
      if (rng.chance(0.5)) tipCents = Math.max(100, divRound(tipCents, 100) * 100);
      totalCents += tipCents;
    }
  } else {
    // AU, NZ, GB: prices include the tax; the tax is the share of each rate's gross.
    const surchargeAllowed =
      (country === 'AU' || country === 'NZ') && (category === 'cafe' || category === 'restaurant');
    if (surchargeAllowed && rng.chance(0.3)) {
      // Per mille of the sale: a card surcharge, or a weekend or public-holiday one.
      const choices: readonly (readonly [number, string])[] =
        payment === 'card'
          ? [
              [15, 'Card Surcharge 1.5%'],
              [15, 'Card surcharge'],
              [100, 'Sunday Surcharge 10%'],
            ]
          : [
              [150, 'Public Holiday Surcharge 15%'],
              [100, 'Sunday Surcharge 10%'],
            ];
      const [permille, label] = rng.pick(choices);
      surchargeCents = divRound(itemsCents * permille, 1000);
      surchargeLabel = label;
    }
    if (country === 'GB' && category === 'restaurant' && rng.chance(0.4)) {
      surchargeCents = divRound(itemsCents * 125, 1000); // service charge, outside VAT
      surchargeLabel = 'Service charge 12.5%';
    }
    const byRate = new Map<number, number>();
    for (const i of items) {
      const r = rateOf(country, i.cls, usRate);
      byRate.set(r, (byRate.get(r) ?? 0) + i.amountCents);
    }
    if (surchargeCents && country !== 'GB') {
      const r = rateOf(country, 'std', usRate);
      byRate.set(r, (byRate.get(r) ?? 0) + surchargeCents);
    }
    taxByRate = [...byRate.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([rateMilli, baseCents]) => ({
        label: rateMilli ? `${rateMilli / 1000}%` : 'free',
        rateMilli,
        baseCents,
        taxCents: inclusiveTax(baseCents, rateMilli),
      }));
    if (country !== 'GB') taxByRate = taxByRate.filter((r) => r.rateMilli > 0);
    taxCents = taxByRate.reduce((s, r) => s + r.taxCents, 0);
    totalCents = itemsCents + surchargeCents;
  }

  // Cash: AU rounds to 5c, NZ to 10c.
  let roundingCents = 0;
  if (payment === 'cash' && (country === 'AU' || country === 'NZ')) {
    roundingCents = roundCash(totalCents, country === 'AU' ? 5 : 10);
    totalCents += roundingCents;
  }
  const tenderedCents = payment === 'cash' ? cashTendered(rng, totalCents) : null;
  const changeCents = tenderedCents !== null ? tenderedCents - totalCents : null;

  const sellerTaxId =
    country === 'AU'
      ? rng.pick(['ABN ', 'ABN: ', 'A.B.N. ']) + makeAbn(rng)
      : country === 'GB'
        ? rng.pick(['VAT Reg No: GB ', 'VAT No. ', 'VAT Reg. No. GB ']) + makeGbVat(rng)
        : country === 'NZ'
          ? rng.pick(['GST No: ', 'GST No. ', 'GST Reg ']) + makeNzGst(rng)
          : kind === 'invoice'
            ? `EIN ${rng.digits(2)}-${rng.digits(7)}`
            : null;

  const printedDate = formatDate(day, format);
  const dueDateISO = kind === 'invoice' ? addDays(day, rng.pick([7, 14, 14, 30])).iso : null;
  const invoiceNumber =
    kind === 'invoice'
      ? rng.pick([`INV-${rng.digits(5)}`, `${rng.int(1000, 9999)}`, `INV${day.y}-${rng.digits(4)}`])
      : null;

  const facts: Facts = {
    category,
    items,
    taxByRate,
    itemsCents,
    subtotalCents,
    taxCents,
    surchargeCents,
    surchargeLabel,
    tipCents,
    roundingCents,
    totalCents,
    tenderedCents,
    changeCents,
    payment,
    sellerTaxId,
    invoiceNumber,
    dueDateISO,
    printedDate,
    monthFirst: format === 'mdy' || format === 'mdy2',
  };

  const lines: PrintedLine[] = [];
  if (kind === 'invoice') invoice(ctx, facts, lines);
  else receipt(ctx, facts, lines);

  const photo = photoPlan(rng, kind, turnedIn(seed, index));
  const key: SyntheticKey = {
    id: `${country.toLowerCase()}-${kind === 'invoice' ? 'inv' : 'rct'}-${String(index).padStart(3, '0')}`,
    countryCode: country,
    kind,
    merchant: seller.name,
    dateISO: day.iso,
    total: formatCents(totalCents),
    tax: formatCents(taxCents),
    currency: CURRENCY[country],
    distortions: distortionsOf(photo),
  };
  return { key, lines, facts, photo };
}

/**
 * A few photos are turned: in each block of 20 documents the block's own PRNG picks one to
 * turn a quarter and one to turn upside down (so 120 documents have 6 of each, whatever
 * their luck, and document i still depends only on the seed and i).
 */
function turnedIn(seed: number, index: number): 'quarter' | 'half' | null {
  const block = new Rng(documentSeed(seed ^ 0x5bd1e995, Math.floor(index / 20)));
  const [quarter, half] = block.sample(
    Array.from({ length: 20 }, (_, k) => k),
    2,
  );
  return index % 20 === quarter ? 'quarter' : index % 20 === half ? 'half' : null;
}

/** count documents from seed: the first n are the same whatever the count. */
export function generateDocuments(count: number, seed: number): SyntheticDocument[] {
  return Array.from({ length: count }, (_, i) => generateDocument(i, seed));
}

/** The printed text as a fixed-width page (what a perfect OCR would read), width columns wide. */
export function printedText(doc: SyntheticDocument, width = 42): string {
  return doc.lines
    .map((l) => {
      if (l.style === 'rule') return '-'.repeat(width);
      if (l.style === 'blank') return '';
      if (l.cells) {
        const cells = l.cells.map((c) => c.padStart(12)).join(' ');
        return `${l.text.padEnd(Math.max(l.text.length + 1, width - cells.length))}${cells}`.trimEnd();
      }
      if (l.align === 'center' && !l.right) {
        const padding = Math.max(0, Math.floor((width - l.text.length) / 2));
        return `${' '.repeat(padding)}${l.text}`;
      }
      if (l.right === undefined) return l.text;
      const gap = Math.max(2, width - l.text.length - l.right.length);
      return `${l.text}${' '.repeat(gap)}${l.right}`;
    })
    .join('\n');
}
