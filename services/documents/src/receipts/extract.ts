import { Decimal, type Money } from '@pfs/kit';
import type { ReceiptExtraction, ReceiptLineItem } from '../reader';
import { amountsIn, amountText, hasMinorUnit, lineAmount } from './amounts';
import { dateIn } from './dates';
import { checkTax, currencyOfCountry } from './tax-check';

/**
 * Reads the fields of a receipt or invoice from its text (a PDF's text layer, OCR output or a
 * plain-text receipt). Pure: the same text and country always give the same extraction.
 *
 * The total is the amount paid: the labelled total that includes tax and tip, not a subtotal,
 * a cash tendered or the change.
 */
export interface ExtractOptions {
  countryCode: string;
  /** 0–100, from OCR: scales every field's confidence. Text layers and plain text are 100. */
  textConfidence?: number;
  /** "Today", for the tax check of a document without a date. */
  today?: string;
}

export interface Extracted {
  extracted: ReceiptExtraction;
  warnings: string[];
}

// Labels, in the languages our users' receipts come in. Each is tested against a whole line.
const SUBTOTAL =
  /\b(sub[\s-]?total|zwischensumme|sous[\s-]?total|subtotaal|net\s+(amount|total)|total\s+(excl?\.?|ex\.?|before|net|hors\s+taxes?|ht)\b|amount\s+excl)|\b(excl(\.|usive|uding)?|ex\.?|before)\s*(of\s+)?(gst|vat|tax)\b/i;
const TOTAL =
  /^\W*due\b(?!\s*date)|\b(grand\s+total|total|(amount|amt)\.?\s+(due|paid|payable)|balance\s+(due|owing)|to\s+pay|sum|summe|gesamt(betrag)?|zu\s+zahlen|montant|totale|importe|totaal|te\s+betalen|jumlah|net\s+to\s+pay|payable)\b/i;
const STRONG_TOTAL =
  /\b(grand\s+total|total\s+(due|amount|paid|payable|to\s+pay|((sales|amount)\s+)?\(?(incl?\.?|inc\.?|including|inclusive)|ttc|\(?[a-z]{3}\)?)|(amount|amt)\.?\s+(due|paid|payable)|total\s+(amt\s+)?rounded|nett?\s+total|balance\s+due|gesamtbetrag|zu\s+zahlen|total\s+ttc|te\s+betalen)\b|\btotal\s*:/i;
const NOT_TOTAL =
  /\b(total\s+(items?|qty|quantity|savings?|saved|discounts?|points|tax|gst|vat|hst)|items?\s+total|no\.?\s+of\s+items|you\s+saved|tax\s+total|gst\s+total|vat\s+total)\b/i;
const TAX =
  /\b(gst|vat|tax|hst|pst|qst|mwst|ust|tva|iva|btw|ppn|sst|sales\s+tax|consumption\s+tax|moms|alv)\b/i;
/** "Tax invoice", "ABN", "VAT reg no": words of a tax identity, not a tax amount. */
const TAX_IDENTITY =
  /\b(tax\s+invoice|abn|vat\s*(reg(istration)?|no\.?|number|#|id)|gst\s*(reg(istration)?|no\.?|number|#|id)|tax\s*(id|no\.?|number|#)|tin|gstin|ust-?id(nr)?|steuer-?nr|siret|nif|cif|tva\s+intra)\b/i;
const TAX_INCLUDED_IN_TOTAL =
  /\b(incl(usive|udes|uding|\.)?|inc\.?)\s*(of\s+)?(gst|vat|tax|mwst|tva|iva)\b|\b(gst|vat|tax)\s*(incl(usive|\.)?|inc\.?)(?!\w)/i;
/** A cash-rounding adjustment ("ROUNDING ADJ -0.01"): the amount paid is the total plus it. */
const ROUNDING = /\b(round\s?ing|round(ing)?\s+adj(ustment)?|rnd\s+adj)\b/i;
/** A tax summary table ("GST SUMMARY  AMOUNT  TAX"): its totals are per rate, not the total. */
const SUMMARY_TABLE = /\b(gst|vat|tax)\s*summary\b|\bsummary\s+(amount|amt)/i;
/** A printed guide of tips the customer could add, with the totals they would make. */
const TIP_GUIDE = /\b(suggested\s+(tip|gratuity)|(tip|gratuity)\s+guide)/i;
const TIP = /\b(tip|tips|gratuity|trinkgeld|pourboire|propina|mancia|fooi)\b/i;
const SERVICE_CHARGE = /\bservice\s+charge\b/i;
const TENDER =
  /\b(cash|tendered|change|balance\s+remaining|points|cashback|card\s+balance|rückgeld|monnaie|cambio|wisselgeld)\b/i;
const DUE_LABEL = /\b(due\s+(date|by|on)|pay\s+by|payment\s+due|fällig|échéance|vencimiento)\b/i;
const INVOICE_WORD = /\b(invoice|rechnung|facture|factura|fattura|factuur)\b/i;
const INVOICE_NUMBER =
  /\b(?:tax\s+)?(?:invoice|inv|receipt|bill|order|rechnung|facture|factura|ref(?:erence)?|trans(?:action)?|docket)\s*(?:no\.?|number|num|nr\.?|#|id)?\s*[:#.]?\s*([A-Z]{0,4}[-/]?\d[A-Z0-9\-/]{2,})\b/i;

const PAYMENT_METHODS: [RegExp, string][] = [
  [/\bapple\s*pay\b/i, 'apple_pay'],
  [/\bgoogle\s*pay\b|\bg\s*pay\b/i, 'google_pay'],
  [/\bpaypal\b/i, 'paypal'],
  [/\bamex\b|\bamerican\s+express\b/i, 'amex'],
  [/\bmaster\s*card\b|\bmcard\b/i, 'mastercard'],
  [/\bvisa\b/i, 'visa'],
  [/\beftpos\b/i, 'eftpos'],
  [/\binterac\b/i, 'interac'],
  [/\b(bank\s+transfer|direct\s+deposit|bsb|iban|sort\s+code)\b/i, 'bank_transfer'],
  [/\bdirect\s+debit\b/i, 'direct_debit'],
  [/\b(debit|credit)\s+card\b|\bcard\b|\bcontactless\b|\bchip\b/i, 'card'],
  [/\bcash\b|\bbar\b/i, 'cash'],
];

const CURRENCY_SYMBOLS: [RegExp, string][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹|\brs\.?\s?\d/i, 'INR'],
  [/¥|円/, 'JPY'],
  [/₩/, 'KRW'],
  [/\bRM\s?\d/, 'MYR'],
  [/\bRp\.?\s?\d/, 'IDR'],
  [/₱/, 'PHP'],
  [/฿/, 'THB'],
  [/₫/, 'VND'],
  [/\bCHF\b|\bFr\.\s?\d/, 'CHF'],
  [/\bkr\.?\s?\d|\d\s?kr\b/i, 'SEK'],
];
const ISO_CURRENCY =
  /\b(AUD|NZD|USD|CAD|GBP|EUR|SGD|HKD|INR|MYR|JPY|CNY|KRW|IDR|PHP|THB|VND|ZAR|AED|CHF|SEK|NOK|DKK|PLN|CZK|HUF|MXN|BRL)\b/;
const DOLLAR_CURRENCIES = new Set(['AUD', 'NZD', 'USD', 'CAD', 'SGD', 'HKD', 'MXN']);

/** Identifiers of the seller for tax: ABN (checksum), VAT numbers, GSTIN, Canadian BN. */
const ABN = /\bA\.?B\.?N\.?\s*[:#]?\s*(\d{2}\s?\d{3}\s?\d{3}\s?\d{3})\b/i;
const GSTIN = /\b(\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z])\b/;
const CANADIAN_BN = /\b(\d{9}\s?RT\s?\d{4})\b/i;
const EU_VAT =
  /\b((?:AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|XI|CHE)[-\s]?[0-9A-Z][0-9A-Z.\s]{7,13}[0-9A-Z])\b/;
const LABELLED_TAX_ID =
  /\b(?:vat|gst|hst|tax|ust-?id(?:nr)?|steuer-?nr|tin|nif|cif|siret|tva)\s*(?:reg(?:istration)?\.?)?\s*(?:no\.?|number|nr\.?|#|id)?\s*[:#.]?\s*([A-Z]{0,3}[\s-]?\d[\d\s-]{5,16}\d[A-Z]{0,3})/i;

/** The Australian Business Register's ABN check digits (modulus 89). */
export function isValidAbn(abn: string): boolean {
  const digits = abn.replace(/\s/g, '').split('').map(Number);
  if (digits.length !== 11) return false;
  digits[0] -= 1;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  return digits.reduce((sum, d, i) => sum + d * weights[i], 0) % 89 === 0;
}

const OCR_TOTAL =
  /\b(?:[TtIlLf1][Oo0AaUu][TtFfLl][AaEe@][LlIi1!|]|T[Tt][Aa][Ll]|[Tt][Oo0][Tt][Aa][Ll1!|])(?=[\s:(.]|$)/g;

function normaliseLine(line: string): string {
  return (
    line
      .replace(/[\t\u00a0]+/g, ' ')
      // "-RM0.02", "-$4.50": the sign belongs to the amount after the currency.
      .replace(/-\s?(?:RM|Rp|[$€£])\s?(?=[\d.])/g, '-')
      // OCR reads a zero between digits as O and a one as l or I: "1O.5O" → "10.50".
      .replace(/(?<=\d[.,]?)[Oo](?=[\d.,]|\b)/g, '0')
      .replace(/(?<=\d)[lI](?=\d)/g, '1')
      // ... and after a currency sign: "RMO.02" → "RM0.02", "RMI11.90" → "RM111.90".
      .replace(/(?<=\b(?:RM|Rp)\s?|[$€£]\s?)[OoIl|]+(?=[\d.,])/g, (m) =>
        m.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1'),
      )
      // "Total" as OCR misreads it on faded thermal paper: "Tota!", "Tofal", "Tatel", "Ttal".
      .replace(OCR_TOTAL, (m) => (/^(total|fatal|ital)$/i.test(m) ? m : 'Total'))
      // "$ 12.50", "12 .50" and "12. 50" after OCR (wide receipt fonts leave a gap at the point).
      .replace(/(\d)\s+([.,]\d{2})\b/g, '$1$2')
      .replace(/(\d[.,])\s+(\d{2})\b/g, '$1$2')
      .replace(/ {2,}/g, '  ')
      .trim()
  );
}

function detectCurrency(text: string, countryCode: string): { currency: string; stated: boolean } {
  const home = currencyOfCountry(countryCode) ?? 'USD';
  const iso = ISO_CURRENCY.exec(text);
  if (iso) return { currency: iso[1], stated: true };
  for (const [pattern, code] of CURRENCY_SYMBOLS) {
    if (pattern.test(text)) {
      // "kr" is the krone as well as the krona: the user's own when they are Scandinavian.
      if (code === 'SEK' && ['NOK', 'DKK', 'ISK'].includes(home))
        return { currency: home, stated: true };
      return { currency: code, stated: true };
    }
  }
  if (/\$/.test(text))
    return { currency: DOLLAR_CURRENCIES.has(home) ? home : 'USD', stated: true };
  return { currency: home, stated: false };
}

const LETTERS = /\p{L}/gu;
const NOT_A_NAME =
  /^(tax\s+invoice|invoice|receipt|tax\s+receipt|welcome( to)?|thank\s+you|customer\s+copy|merchant\s+copy|duplicate|copy|original|order|table|date|time|tel|phone|ph|fax|www\.|http|email|e-mail|abn|acn|vat|gst|cashier|server|operator|till|store|terminal|shop\s+no|sale|tax)\b/i;
const ADDRESS =
  /\b(st|street|rd|road|ave|avenue|blvd|lane|ln|dr|drive|pde|parade|hwy|highway|pl|place|cres|ct|court|way|level|suite|shop|unit|floor|flr|lot|strasse|straße|rue|via|calle|jalan|jln|taman)\b\.?/i;
/** A registration number after the name ("(519537-X)", "862725-U") is not part of it. */
const REGISTRATION_NUMBER = /\s*\(?\b\d{5,}[- ]?[A-Z]\b\)?,?\s*$/i;
/**
 * Words that make a line an address even without a number ("JLN JEJAKA, TAMAN MALURI"): the
 * Malay ones lead the street's name; "Street" ends it, so "MAPLE STREET PHARMACY" is a name.
 */
const STREET =
  /\b(jalan|jln|lorong|persiaran)\b|\b(street|strasse|straße|boulevard)\b\.?\s*(,|\d|$)/i;
/** A town with its state and postcode: "BOSTON, MA 02108", "Battery Point TAS 7004", "SW1A 1AA". */
const TOWN_AND_POSTCODE =
  /,\s*[A-Z][A-Z0]\.?\s+[\dO]{5}(-\d{4})?\s*$|\b(NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\s*$|\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\s*$/;
/** Lines that are never a seller's name wherever they sit ("GOODS SOLD ARE NOT RETURNABLE"). */
const BOILERPLATE =
  /\b(thank\s+you|goods\s+sold|returnable|refundable|come\s+again|welcome|visit|please|feedback|complaint|shopping\s+with|copy|cash\s+(sale|bill)|promo)\b/i;
/**
 * The Malaysian legal form as OCR misreads it ("SON BHD", "SDN EHD", "SEN 3HD", "S/D"): a
 * fixed phrase, so a name ending in a near miss ends in the phrase.
 */
const MISREAD_SDN_BHD = /\bS[DO0E]?N\.?\s*[B8E3]H[DIZ]?D?\b\.?|\bSDN\.?\s*BH[DIZ]D?\b\.?/gi;
const MISREAD_S_B = /\b[S5]\/[BD89]\b/g;

function repairLegalForm(name: string): string {
  return name.replace(MISREAD_SDN_BHD, 'SDN BHD').replace(MISREAD_S_B, 'S/B');
}
/** A name printed over two lines: the second starts with a legal form or the first ends in "&". */
const NAME_CONTINUES =
  /^(&|and\b|co\.?\b|company\b(?!\s*(no|reg|registration|number)\b)|\(m\)|sdn\.?\b|bhd\.?\b|s\/b\b|pty\.?\b|ltd\.?\b|limited\b|inc\.?\b|llc\b|gmbh\b|plc\b|enterprise\b|trading\b|electrical\b|house\b)/i;
const PHONE = /(\+?\d[\d\s()-]{7,}\d)/;
const BUSINESS_SUFFIX =
  /\b(pty\.?\s*ltd|ltd|llc|inc|gmbh|s\.?a\.?r?\.?l?|sdn\.?\s*bhd|bhd|plc|co\.)\b\.?/i;

/** The seller's name: the first line near the top that reads as a name, not an address or label. */
function findMerchant(lines: string[]): { name: string | null; confidence: number } {
  // A line in lower case only is a note written on the receipt (a name, "paid") far more often
  // than a printed seller's name: it is taken only when no printed line qualifies.
  return nameIn(lines, true) ?? nameIn(lines, false) ?? { name: null, confidence: 0 };
}

function nameIn(
  lines: string[],
  printedOnly: boolean,
): { name: string | null; confidence: number } | null {
  const head = lines.slice(0, 8);
  for (let i = 0; i < head.length; i++) {
    const line = head[i].replace(/^[*=\-#~_. ]+|[*=\-#~_. ]+$/g, '');
    if (printedOnly && !/\p{Lu}/u.test(line)) continue;
    const letters = (line.match(LETTERS) ?? []).length;
    const printed = line.replace(REGISTRATION_NUMBER, '').replace(/\s/g, '');
    if (letters < 3 || letters < printed.length * 0.5) continue;
    if (NOT_A_NAME.test(line) || TAX_IDENTITY.test(line) || BOILERPLATE.test(line)) continue;
    if (dateIn(line, 'AU')) continue;
    if (amountsIn(line).length) continue;
    if ((ADDRESS.test(line) && /\d/.test(line)) || STREET.test(line)) continue;
    if (TOWN_AND_POSTCODE.test(line)) continue;
    if (PHONE.test(line) && letters < 8) continue;
    const next = head[i + 1]?.trim() ?? '';
    // A legal name over two lines: the second carries the legal form ("RESTAURANT SDN BHD"),
    // or the first leaves a bracket open ("… ENTERPRISE (SETIA" + "ALAM) SDN BHD").
    const nextBare = next.replace(REGISTRATION_NUMBER, '');
    const legalFormNext =
      BUSINESS_SUFFIX.test(nextBare) && !BUSINESS_SUFFIX.test(line) && !/\d/.test(nextBare);
    const openBracket = (line.match(/\(/g) ?? []).length > (line.match(/\)/g) ?? []).length;
    const joined =
      (/&$/.test(line) || NAME_CONTINUES.test(next) || legalFormNext || openBracket) &&
      !amountsIn(next).length
        ? `${line} ${next}`
        : line;
    const name = repairLegalForm(joined)
      .replace(REGISTRATION_NUMBER, '')
      .replace(/[,;:]+$/, '')
      .replace(/\s{2,}/g, ' ')
      .trim();
    // Confidence falls the further down the name sits; a company suffix confirms a name.
    const confidence = Math.min(
      0.95,
      (i === 0 ? 0.85 : 0.7 - i * 0.05) + (BUSINESS_SUFFIX.test(name) ? 0.1 : 0),
    );
    return { name, confidence };
  }
  return null;
}

function findSellerTaxId(text: string): string | null {
  const abn = ABN.exec(text);
  if (abn && isValidAbn(abn[1]))
    return `ABN ${abn[1].replace(/\s/g, '').replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')}`;
  const gstin = GSTIN.exec(text);
  if (gstin) return `GSTIN ${gstin[1]}`;
  const bn = CANADIAN_BN.exec(text);
  if (bn) return bn[1].replace(/\s/g, '').toUpperCase();
  for (const line of text.split('\n')) {
    if (!/\b(vat|ust|tva|iva|btw|mwst|moms)\b/i.test(line)) continue;
    const eu = EU_VAT.exec(line);
    if (eu) return eu[1].replace(/[\s.-]/g, '').toUpperCase();
  }
  const labelled = LABELLED_TAX_ID.exec(text);
  if (labelled && /\d{6,}/.test(labelled[1].replace(/[\s-]/g, ''))) return labelled[1].trim();
  return null;
}

function findPaymentMethod(lines: string[]): string | null {
  // The tender lines sit at the bottom: search from there so "Cash" in a shop name loses.
  for (const line of [...lines].reverse()) {
    for (const [pattern, method] of PAYMENT_METHODS) if (pattern.test(line)) return method;
  }
  return null;
}

interface Labelled {
  index: number;
  amount: Money;
  strong: boolean;
  /** "ROUNDING  45.35": a rounding line that states the rounded total. */
  rounded?: boolean;
}

const TAX_IN_ITEM_NAME =
  /\b(gst|vat|tax)\s+(?!(amount|amt|total|incl\w*|inc|payable|due|rate|summary|content|component|portion|charged|paid|of|on|at|for|to|is|exempt|free|refund|reg\w*|no|number|id|code|invoice|receipt|included)\b)[a-z]{4,}\b/i;

/** "Total includes GST of 3.00", "(Total Included GST @ 6% : 0.42)": the amount is the tax's. */
const TAX_AMOUNT_STATED = /\b(includes|included)\b|\b(gst|vat|tax)\s+of\b/i;

function isTaxLine(line: string): boolean {
  if (!TAX.test(line) || TAX_IDENTITY.test(line)) return false;
  // "GST TAXABLE  152.00", "Taxable amount": the amount tax was charged on, not the tax.
  if (/\btaxable\b/i.test(line)) return false;
  // "Tax return preparation  1  549.00": a service that is named after tax.
  if (TAX_IN_ITEM_NAME.test(line)) return false;
  // "Total incl. GST  33.00" is a total; "Total includes GST of 3.00" and "GST included 3.00" are tax.
  if (TOTAL.test(line) && TAX_INCLUDED_IN_TOTAL.test(line)) return TAX_AMOUNT_STATED.test(line);
  if (/\b(excl(\.|usive|uding)?|before|ex\.?|hors|net)\s*(of\s+)?(gst|vat|tax)/i.test(line))
    return false;
  // "AMT PAID INCL GST  111.90" (however garbled the "incl"): the amount paid.
  if (STRONG_TOTAL.test(line) && !NOT_TOTAL.test(line) && !TAX_AMOUNT_STATED.test(line))
    return false;
  // A line that starts as a total and is not the tax's own total ("TOTAL GST") is the total
  // including it, however OCR garbled the "incl." ("Total Ingl. or GST", "(nclusive of GST)").
  if (/^\W*total\b/i.test(line) && !NOT_TOTAL.test(line) && !TAX_AMOUNT_STATED.test(line))
    return false;
  return true;
}

const percentIn = (line: string): Money | null => {
  const m = /(\d{1,2}(?:[.,]\d{1,3})?)\s?%/.exec(line);
  return m ? new Decimal(m[1].replace(',', '.')).div(100) : null;
};

const QTY_AT_PRICE = /^(\d{1,3})\s*(?:x|@|×)\s*/i;
const TRAILING_QTY_PRICE = /\b(\d{1,3})\s*(?:x|@|×)\s*[$€£]?\s*(\d+[.,]\d{2})\b/i;

function lineItem(line: string, minorUnit: boolean): ReceiptLineItem | null {
  const amounts = amountsIn(line, minorUnit);
  if (!amounts.length) return null;
  const last = amounts[amounts.length - 1];
  const description = line
    .slice(0, amounts[0].index)
    .replace(QTY_AT_PRICE, '')
    .replace(/[\s$€£:.*@×-]+$/, '')
    .replace(/^[\s*.-]+/, '')
    .trim();
  if ((description.match(LETTERS) ?? []).length < 2) return null;
  let quantity: string | null = null;
  let unitPrice: string | null = null;
  const lead = QTY_AT_PRICE.exec(line);
  const trailing = TRAILING_QTY_PRICE.exec(line);
  if (trailing) {
    quantity = trailing[1];
    unitPrice = amountText(new Decimal(trailing[2].replace(',', '.')), minorUnit);
  } else if (lead) {
    quantity = lead[1];
    if (amounts.length >= 2) unitPrice = amountText(amounts[amounts.length - 2].value, minorUnit);
  }
  return {
    description: description
      .replace(TRAILING_QTY_PRICE, '')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    quantity,
    unitPrice,
    amount: amountText(last.value, minorUnit),
  };
}

const CHANGE_GIVEN = /\b(change|baki)\b/i;
const CASH_HANDED = /\b(cash|tender(ed)?|received|payment|paid|accepted)\b/i;

/**
 * "CASH 50.00 … CHANGE 4.55": the amount paid (45.45) and the two lines it was read from; the
 * cash line is one of the four lines before the change, and holds more than the change.
 */
function paidInCash(lines: string[], minorUnit: boolean): { paid: Money; lines: number[] } | null {
  for (let c = lines.length - 1; c > 0; c--) {
    if (!CHANGE_GIVEN.test(lines[c])) continue;
    const change = lineAmount(lines[c], minorUnit);
    if (change === null || change.lt(0)) continue;
    for (let t = c - 1; t >= Math.max(0, c - 4); t--) {
      if (!CASH_HANDED.test(lines[t]) || CHANGE_GIVEN.test(lines[t])) continue;
      const handed = lineAmount(lines[t], minorUnit);
      if (handed !== null && handed.gt(change))
        return { paid: handed.minus(change), lines: [t, c] };
    }
    return null;
  }
  return null;
}

/**
 * The labelled total to report: the first total after a cash rounding ("TOTAL AFTER ROUNDING"),
 * else strong labels first, then the largest.
 */
function chooseTotal(
  totals: Labelled[],
  tip: Money | null,
  firstRoundingLine: number,
): Labelled | null {
  // "ROUNDING 6.01" far from every other total is a misread adjustment, not the rounded total.
  const plain = totals.filter((t) => !t.rounded);
  const plausible = totals.filter(
    (t) =>
      !t.rounded || !plain.length || plain.some((p) => p.amount.minus(t.amount).abs().lt('0.10')),
  );
  if (!plausible.length) return null;
  const positive = plausible.filter((t) => t.amount.gt(0));
  const pool = positive.length ? positive : plausible;
  // With a tip, the amount paid is the total that already includes it.
  if (tip) {
    const withTip = pool.filter((t) => pool.some((o) => o.amount.plus(tip).eq(t.amount)));
    if (withTip.length) return withTip[withTip.length - 1];
  }
  const afterRounding = pool.filter((t) => t.rounded || t.index > firstRoundingLine);
  if (afterRounding.length) return afterRounding[0];
  const strong = pool.filter((t) => t.strong);
  const candidates = strong.length ? strong : pool;
  // Several totals (a total, then "total incl. VAT"): the largest is the one paid.
  return candidates.reduce((best, t) => (t.amount.gt(best.amount) ? t : best));
}

export function extractReceipt(text: string, options: ExtractOptions): Extracted {
  const countryCode = options.countryCode.toUpperCase();
  const warnings: string[] = [];
  const lines = text
    .split(/\r?\n/)
    .map(normaliseLine)
    .filter((l) => l.length > 0);
  const joined = lines.join('\n');
  const { currency, stated: currencyStated } = detectCurrency(joined, countryCode);
  const minorUnit = hasMinorUnit(currency);

  const totals: Labelled[] = [];
  const subtotals: Labelled[] = [];
  const taxes: (Labelled & { rate: Money | null })[] = [];
  const tips: Labelled[] = [];
  const items: ReceiptLineItem[] = [];
  let dueDateISO: string | null = null;
  // Several dates (an invoice number "18/06/04-1016956", a reprint time): a labelled one first,
  // then one with a four-digit year, then the first.
  const dates: { date: string; rank: number }[] = [];
  const roundings: Labelled[] = [];
  let firstRoundingLine = Number.POSITIVE_INFINITY;
  let firstSummaryLine = Number.POSITIVE_INFINITY;
  let inSummaryTable = false;
  let summaryTax: Money | null = null;
  let inTipGuide = false;
  let changeGiven = false;

  lines.forEach((line, index) => {
    const date = dateIn(line, countryCode);
    if (date) {
      if (DUE_LABEL.test(line)) dueDateISO ??= date;
      else
        dates.push({
          date,
          rank: /\bdate\b|\bdated\b|\bdatum\b|\btarikh\b/i.test(line)
            ? 0
            : /\d{4}/.test(line)
              ? 1
              : 2,
        });
    }
    if (SUMMARY_TABLE.test(line)) inSummaryTable = true;
    if (inSummaryTable) {
      // The table's "Total VAT  9.20" is the tax, when no line above stated it.
      const stated = /\b(total\s+(vat|gst|tax)|(vat|gst|tax)\s+total)\b/i.test(line)
        ? amountsIn(line, minorUnit)
        : [];
      if (stated.length === 1) summaryTax ??= stated[0].value;
      return;
    }
    // "Suggested tip: 18%: $7.66 (Total: $53.22)": what the total would be with a tip.
    if (TIP_GUIDE.test(line)) inTipGuide = true;
    if (/\(\s*total\s*:?\s*[$€£]?\s*\d/i.test(line) || (inTipGuide && /%/.test(line))) return;
    const amount = lineAmount(line, minorUnit);
    if (amount === null) return;
    if (ROUNDING.test(line) && !/\btotal\b/i.test(line)) {
      // Cash rounding moves a total by a few cents; "ROUNDING  45.35" is the rounded total.
      if (amount.abs().lt('0.10')) roundings.push({ index, amount, strong: true });
      else totals.push({ index, amount, strong: true, rounded: true });
      firstRoundingLine = Math.min(firstRoundingLine, index);
      firstSummaryLine = Math.min(firstSummaryLine, index);
      return;
    }
    // "NET TOTAL" after the tax is the total to pay (Malaysian and Singaporean tills); before it,
    // the amount net of tax.
    if (/\bnett?\s+total\b/i.test(line) && taxes.length) {
      totals.push({ index, amount, strong: true });
      firstSummaryLine = Math.min(firstSummaryLine, index);
      return;
    }
    if (SUBTOTAL.test(line)) {
      subtotals.push({ index, amount, strong: true });
      firstSummaryLine = Math.min(firstSummaryLine, index);
      return;
    }
    if (isTaxLine(line)) {
      taxes.push({ index, amount, strong: /\btotal\b/i.test(line), rate: percentIn(line) });
      firstSummaryLine = Math.min(firstSummaryLine, index);
      return;
    }
    if (TIP.test(line) || SERVICE_CHARGE.test(line)) {
      tips.push({ index, amount, strong: true });
      return;
    }
    if (TOTAL.test(line) && !NOT_TOTAL.test(line) && !TENDER.test(line)) {
      // "Total :  7.50  0.45" with two amounts is a row of a tax table, not the strong total.
      const tableRow = amountsIn(line, minorUnit).length > 1;
      totals.push({ index, amount, strong: STRONG_TOTAL.test(line) && !tableRow });
      firstSummaryLine = Math.min(firstSummaryLine, index);
      return;
    }
    if (/\bchange\b/i.test(line) && amount.gt(0)) changeGiven = true;
    if (TENDER.test(line) || DUE_LABEL.test(line) || /\b(discount|saving|voucher)\b/i.test(line))
      return;
    if (index < firstSummaryLine) {
      const item = lineItem(line, minorUnit);
      if (item) items.push(item);
    }
  });

  const dateISO = dates.length
    ? dates.reduce((best, d) => (d.rank < best.rank ? d : best)).date
    : null;
  // With change given, a "TOTAL PAID" / "PAYMENT" line is the cash tendered, not the total.
  if (changeGiven)
    for (let i = totals.length - 1; i >= 0; i--)
      if (/\b(paid|tendered|payment)\b/i.test(lines[totals[i].index]) && totals.length > 1)
        totals.splice(i, 1);
  const tip = tips.length ? tips[tips.length - 1].amount : null;
  const subtotal = subtotals.length ? subtotals[0].amount : null;
  const strongTax = taxes.filter((t) => t.strong);
  const taxLine = strongTax.length ? strongTax[strongTax.length - 1] : taxes[0];
  // Several tax lines (one per rate) add up, unless one of them is their total.
  const tax = taxLine
    ? strongTax.length || taxes.length === 1
      ? taxLine.amount
      : taxes.reduce((s, t) => s.plus(t.amount), new Decimal(0))
    : summaryTax;
  const taxRate = taxes.find((t) => t.rate)?.rate ?? null;

  let total: Money | null = null;
  let totalConfidence = 0;
  const chosen = chooseTotal(totals, tip, firstRoundingLine);
  if (chosen) {
    // Cash rounding printed after the total ("ROUNDING ADJ -0.01") is part of what was paid,
    // unless the same total is printed again after it ("TOTAL AFTER ROUNDING  5.00").
    const restated = (r: Labelled) =>
      totals.some((t) => t.index > r.index && t.amount.eq(chosen.amount));
    total = roundings
      .filter((r) => r.index > chosen.index && !restated(r))
      .reduce((sum, r) => sum.plus(r.amount), chosen.amount);
    totalConfidence = chosen.strong ? 0.85 : 0.75;
  } else if (subtotal && tax) {
    total = subtotal.plus(tax).plus(tip ?? 0);
    totalConfidence = 0.6;
    warnings.push('No total line was found: the total is the subtotal plus tax');
  } else {
    const all = lines.flatMap((l) => (TENDER.test(l) ? [] : amountsIn(l, minorUnit)));
    if (all.length) {
      total = all.reduce((m, a) => (a.value.gt(m) ? a.value : m), all[0].value);
      totalConfidence = 0.35;
      warnings.push('No total line was found: the total is the largest amount on the document');
    }
  }

  // Cross-checks raise confidence: subtotal + tax (+ tip) = total, or the items add up.
  const itemSum = items.reduce((s, i) => s.plus(i.amount ?? 0), new Decimal(0));
  const addsUp = (amount: Money) => {
    const adds = (base: Money | null, extra: Money) => base !== null && base.plus(extra).eq(amount);
    return (
      adds(subtotal, (tax ?? new Decimal(0)).plus(tip ?? 0)) ||
      adds(subtotal, tip ?? new Decimal(0)) ||
      (items.length > 1 &&
        (itemSum.eq(amount) ||
          itemSum
            .plus(tax ?? 0)
            .plus(tip ?? 0)
            .eq(amount)))
    );
  };
  // Cash handed over less the change is what was paid: it settles a total OCR garbled, a
  // total line it missed or a rounding it could not read, when that amount is printed too.
  const cash = paidInCash(lines, minorUnit);
  // A total that adds up or is printed twice (before and after a rounding) stands; a subtotal
  // equal to it proves nothing (tax-inclusive tills print both).
  const confirmed = (amount: Money) =>
    Boolean(chosen) &&
    ((subtotal !== null && tax !== null && !tax.isZero() && addsUp(amount)) ||
      (items.length > 1 && itemSum.eq(amount)) ||
      totals.filter((t) => t.amount.eq(amount)).length > 1);
  if (cash && !(total && (total.eq(cash.paid) || confirmed(total)))) {
    const printedElsewhere = lines.some(
      (l, i) =>
        !cash.lines.includes(i) && amountsIn(l, minorUnit).some((a) => a.value.eq(cash.paid)),
    );
    const cashRounding =
      total !== null && total.minus(cash.paid).abs().lt('0.05') && cash.paid.mod('0.05').isZero();
    // With no total line read at all, the cash says more than the largest amount would.
    if (printedElsewhere || cashRounding || !chosen) {
      total = cash.paid;
      totalConfidence = printedElsewhere || cashRounding ? 0.9 : 0.7;
    }
  }
  if (total) {
    if (addsUp(total)) totalConfidence = Math.max(totalConfidence, 0.97);
    else if (items.length > 1 && !chosen) totalConfidence = Math.min(totalConfidence, 0.3);
  }
  if (tax && total && tax.gte(total)) {
    warnings.push(`The tax read (${tax.toFixed(2)}) is not less than the total; it was dropped`);
  }
  const keptTax = tax && total && tax.gte(total) ? null : tax;

  const merchant = findMerchant(lines);
  if (!merchant.name) warnings.push('The seller’s name could not be read');
  if (!dateISO) warnings.push('No date was found on the document');
  if (!total) warnings.push('No amount was found on the document');

  const invoiceNumber = INVOICE_NUMBER.exec(joined)?.[1] ?? null;
  const isInvoice =
    INVOICE_WORD.test(joined) &&
    (dueDateISO !== null ||
      /\b(bill\s+to|invoice\s+to|payment\s+terms|terms|remit|due)\b/i.test(joined) ||
      /\b(invoice|rechnung|facture|factura)\s*(no|number|nr|#)/i.test(joined));

  const scale = Math.max(0, Math.min(100, options.textConfidence ?? 100)) / 100;
  const conf = (v: number) => Math.round(v * scale * 100) / 100;
  const day = dateISO ?? options.today ?? new Date().toISOString().slice(0, 10);

  return {
    extracted: {
      merchant: merchant.name,
      dateISO,
      currency,
      total: total ? amountText(total, minorUnit) : null,
      tax: keptTax ? amountText(keptTax, minorUnit) : null,
      tip: tip ? amountText(tip, minorUnit) : null,
      lineItems: items.slice(0, 200),
      subtotal: subtotal ? amountText(subtotal, minorUnit) : null,
      taxRate: taxRate ? taxRate.toString() : null,
      sellerTaxId: findSellerTaxId(joined),
      invoiceNumber,
      dueDateISO,
      paymentMethod: findPaymentMethod(lines),
      documentType: isInvoice ? 'invoice' : 'receipt',
      confidence: {
        merchant: conf(merchant.confidence),
        dateISO: conf(dateISO ? 0.9 : 0),
        currency: conf(currencyStated ? 0.95 : 0.6),
        total: conf(totalConfidence),
        tax: conf(keptTax ? (taxLine?.strong || taxes.length === 1 ? 0.85 : 0.7) : 0),
      },
      taxCheck: checkTax({
        countryCode,
        day,
        total,
        tax: keptTax,
        tip,
        statedRate: taxRate,
        lineCount: Math.max(1, items.length),
      }),
    },
    warnings,
  };
}
