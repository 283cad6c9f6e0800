import { latinLetters, LruMap } from '@pfs/kit';
import { splitAcceptorLine } from './acceptor-line';
import { REGION_CODES, US_STATES, placeLengthAt } from './places';
import { isOnlineProcessor, paysForItself, stripProcessor } from './processors';
import { replaceDomains, withoutMailProviderAddresses } from './web-addresses';

/**
 * Bank descriptions are noisy: "SQ *BLUE BOTTLE COFFEE SYDNEY NS AUS", "WOOLWORTHS 1234
 * CHATSWOOD NSW", "PURCHASE AUTHORIZED ON 03/14 CHIPOTLE 1234 NEW YORK NY S3820". This module
 * turns one into the words that say what was bought and from whom, and the few leading words
 * that name the merchant (used to remember a user's labels and to look merchants up).
 */

export interface NormalizedDescription {
  /** Every meaningful word, in order (numbers, dates, card masks, locations and bank noise removed). */
  words: string[];
  /** The same words with the places and region codes kept ("SERVICE NSW", "TRANSPORT FOR LONDON"). */
  withPlaces: string[];
  /** The words that name the merchant: bank channel words and legal suffixes removed too (≤ 4). */
  merchant: string[];
  /** The card processor or marketplace the payment went through, e.g. "Square", "PayPal". */
  processor?: string;
  /** The names of the web domains the text shows: "CARE.COM/BILL" → CARE. */
  domains: string[];
  /** The line prints an airline ticket's number ("UNITED 0162345678901"); absent where not. */
  airlineTicket?: true;
}

/**
 * An airline ticket's 13-digit number as card lines print it after the carrier's cut-off name
 * ("UNITED 0162345678901", "SOUTHWES 5262345678901", "AMERICAN AI 0017170049566"): it opens
 * with the carrier's three-digit IATA code. The codes of carriers that sell to the ontology's
 * countries; of the third-party sets' 74,689 lines, the 10 it matches are all airlines'.
 */
const AIRLINE_CODES =
  '001|005|006|012|014|016|027|037|044|045|047|053|055|057|065|074|075|079|080|081|082|083|086|098|105|108|117|125|131|134|139|157|160|173|176|180|205|217|220|230|232|235|257|279|297|328|390|526|555|607|618|724|738|781|784|795|838|932|999';
const AIRLINE_TICKET = new RegExp(`(?<!\\d)(?:${AIRLINE_CODES})\\d{10}(?!\\d)`);

/**
 * Installations whose commissaries the Defense Commissary Agency names without a marker such as
 * AFB or NAS ("LITTLE CREEK COMM", "SEYMOUR JOHNSON COMM"). Only names that are mostly a base's,
 * not a city's: "COX PENSACOLA COMM" is Cox Communications, so Pensacola is not here.
 */
const INSTALLATIONS = [
  'LITTLE CREEK|OCEANA|SEYMOUR JOHNSON|LEJEUNE|CHERRY POINT|NEW RIVER|LACKLAND|RANDOLPH',
  'MAXWELL|KEESLER|EGLIN|HURLBURT|TYNDALL|MACDILL|MAYPORT|WHITING FIELD|BARKSDALE|OFFUTT',
  'TINKER|ALTUS|MCCONNELL|WHITEMAN|WRIGHT PATTERSON|WRIGHT PATT|SELFRIDGE|SCHRIEVER',
  'MALMSTROM|ELLSWORTH|DAVIS MONTHAN|NELLIS|KIRTLAND|HOLLOMAN|PENDLETON|MIRAMAR',
  'TWENTYNINE PALMS|VANDENBERG|LEMOORE|MCCHORD|WHIDBEY|EIELSON|ELMENDORF|HICKAM|SCHOFIELD',
  'KANEOHE|LAKENHEATH|MILDENHALL|RAMSTEIN|VOGELWEH|SPANGDAHLEM|GRAFENWOEHR|VILSECK|AVIANO',
  'SIGONELLA|INCIRLIK|KADENA|YOKOTA|YOKOSUKA|MISAWA|IWAKUNI|SASEBO|OSAN|HUMPHREYS|KUNSAN',
  'BOLLING|QUANTICO|DAHLGREN|HANSCOM|DYESS|GOODFELLOW|SHEPPARD|LAUGHLIN',
  'NORTH ISLAND|JBLM|JBSA',
].join('|');

/**
 * COMM after a military marker or an installation's name, and not the start of another
 * business's name ("FT WORTH COMM COLLEGE", "NAS JAX COMM CENTER").
 */
const COMMISSARY = new RegExp(
  `(\\b(?:AFB|NAS|RAF|NAVAL|USAF|MCAS|FT|FORT|${INSTALLATIONS})\\b.*?\\b)COMM\\b` +
    '(?! ?(?:COLLEGE|COLL|BANK|CENTER|CTR|CU|ED|SERV|SVCS?|SV|SERVICES)\\b)',
  'g',
);

/**
 * A card's bill as the paying bank prints it: a store card's ("AMAZON STORE CARD PAYMENT"), its
 * servicer's ("TARGET CARD SERVICES PAYMENT", "AMAZON CORP SYF PAYMNT": Synchrony), a card
 * issuer's statement name ("CARDMEMBER SERV WEB PYMT") and Wells Fargo's CCPYMT. Read as the
 * store's purchase, the web's software or a mortgage before.
 */
const CARD_BILL =
  /\b(?:(?:CARD ?SERVICES?|STORE CARD) (?:PAYMENT|PAYMNT|PYMT|PMT)|CARDMEMBER SERV(?:ICES?)?|SYF (?:PAYMENT|PAYMNT|PYMT|PMT)|CCPYMT)\b/g;

/**
 * A bank's card before the payment ("PNC CARD PAYMENT", "BK OF AMER VISA ONLINE PMT"): its bill,
 * where after a shop's name the same words are a purchase by card ("TESCO CARD PAYMENT").
 */
const ISSUER_CARD_BILL =
  /\b(PNC|CHASE|CITI|WELLS FARGO|BK OF AMER|BANK OF AMERICA|BOFA|US BANK|USAA|NAVY FEDERAL|NFCU|TD|CAPITAL ONE|DISCOVER|BARCLAYS|HSBC|NATWEST|LLOYDS|HALIFAX|SANTANDER|CBA|NAB|ANZ|WESTPAC) (?:VISA|MC|MASTERCARD|CARD|CRD)(?: (?:ONLINE|AUTO|WEB|E))? ?(?:PAYMENT|PAYMNT|PYMT|PMT|PAY|EPAY)\b/g;

/** Bank phrasing around a card payment, removed before anything else. */
const CHANNEL_PHRASES: readonly RegExp[] = [
  // A US ACH entry's receiver, the account holder ("… DES:DIR DEP ID:123 INDN:JOHN SMITH CO
  // ID:123 PPD"): the same name on every line and never the payer, read as a chain's (JOHN).
  /\bINDN\s*:.*?(?=\bCO ID\b|$)/g,
  // The ACH entry's company id ("CO ID:XXXXX20270"): CO was read as a word (a co-op's).
  /\bCO ID\s*:\s*\S*/g,
  /\b(RECURRING )?(PAYMENT|PURCHASE( RETURN)?) AUTHORI[SZ]ED ON\b/g,
  // A card paid with its PIN or at a till ("CARD PURCHASE WITH PIN 11/23 TARGET T-1234",
  // "POINT OF SALE WITHDRAWAL TARGET"): no cash was taken.
  /\b(CARD )?PURCHASE WITH PIN\b/g,
  /\bPOINT OF SALE( (WITHDRAWAL|PURCHASE|DEBIT))?\b/g,
  // Canada's debit card at a till ("INTERAC PURCHASE - 1234 SHOPPERS DRUG MART", "IDP PURCHASE -
  // LOBLAWS", "INTERAC RETAIL PURCHASE"), not an Interac e-Transfer, and a bill's payment ("MISC
  // PAYMENT ROGERS").
  /\b(CONTACTLESS )?INTERAC (RETAIL )?PURCHASE\b/g,
  /\bIDP PURCHASE\b/g,
  /\bMISC PAYMENT\b/g,
  /\bDEBIT CARD (PURCHASE|PAYMENT)\b/g,
  // A debit card as some US banks shorten it: "DBT CRD 1234 11/23 TARGET T-1234".
  /\bDBT (CRD|CARD)\b/g,
  /\bVISA (DEBIT )?PURCHASE\b/g,
  /\bEFTPOS (PURCHASE|DEBIT)\b/g,
  /\bPOS (PURCHASE|DEBIT|TRANSACTION)\b/g,
  /\bCARD (PURCHASE|PAYMENT)\b/g,
  /\bCONTACTLESS (PAYMENT|PURCHASE)\b/g,
  /\bAPPLE PAY\b|\bGOOGLE PAY\b/g,
  // How US card issuers print a phone wallet's payment: "APLPAY TRADER JOE S", "GglPay BUN",
  // "AdrdPy PLOUGH" (Android Pay).
  /\bAPLPAY\b|\bGGLPAY\b|\bADRDPY\b/g,
  /\bFOREIGN (CURRENCY|TRANSACTION)( AMOUNT)?\b/g,
  // A card payment as European banks print it: "PAIEMENT PAR CARTE", "FACTURE CARTE DU 120524",
  // "PAGO CON TARJETA", "PAGAMENTO CON CARTA", and a direct debit's "ADDEBITO DIRETTO".
  /\b(PAIEMENT|ACHAT) (PAR )?CARTE( BANCAIRE)?\b/g,
  /\bFACTURE CARTE( DU)?\b/g,
  // A French bank's card and its number ("CARTE X1234 23/11 CARREFOUR"); "CARTE GRISE" stays.
  /\bCARTE X\d{4}\b/g,
  // A Dutch bank's card number after the shop ("BEA, Betaalpas JUMBO HOUTEN,PAS123").
  /\bPAS\d{3}\b/g,
  /\b(PAGO|COMPRA) (CON )?TARJETA\b/g,
  /\bPAGAMENTO (CON )?CARTA\b/g,
  /\bADDEBITO DIRETTO\b/g,
  /\bVALUE DATE\b/g,
  // Export fields around a line: "Trace #3861 (eff. date 10/15/2010)" (the date itself is gone).
  /\bEFF\.?\s*DATE\b/g,
  /\bTRACE\s*#?\s*\d+/g,
  // A street address where the money moved ("@ FBI BRANCH DC WASHINGTON 935 PENNSYLVANIA AVE"):
  // never the line's opening words ("24 HOUR FITNESS", "7 ELEVEN"), and not "ST", which is as
  // often a saint's town after the name ("24 HOUR FITNESS ST PETE").
  /(?<=[A-Z,] +)\d{1,5} (?:[A-Z]+ ){1,3}(?:AVE|AVENUE|RD|ROAD|STREET|BLVD|HWY|PKWY|LN|LANE)\b/g,
];

/**
 * How European banks say money moved, never what it paid for: a direct debit (LASTSCHRIFT, PRLV,
 * PRELEVEMENT, ADEUDO, ADDEBITO, SDD, INCASSO, SEPA) or a card payment (KARTENZAHLUNG, GIROCARD,
 * TARJETA or TARJ, PAGAMENTO, PINBETALING, BETAALAUTOMAAT, the Dutch debit card BETAALPAS). Words
 * of their own in any line.
 */
const EUROPEAN_CHANNEL_WORDS =
  'SEPA PRLV PRELEVEMENT LASTSCHRIFT BASISLASTSCHRIFT FOLGELASTSCHRIFT ERSTLASTSCHRIFT KARTENZAHLUNG GIROCARD ABBUCHUNG ADEUDO TARJETA TARJ ADDEBITO SDD PAGAMENTO INCASSO PINBETALING BETAALAUTOMAAT BETAALPAS'.split(
    ' ',
  );

/** Words that describe how money moved, not what it paid for (dropped from merchant names). */
const CHANNEL_WORDS = new Set([
  ...'VISA MASTERCARD MC EFTPOS POS PURCHASE PURCHASES CARD DEBIT CONTACTLESS AUTHORIZED AUTHORISED ON REF REFERENCE BPAY VIS VDP VDC BGC CPT DEB FPI FPO STO TFR CD DES INDN PPD CCD WEB ACH TEL ORIG NAME ENTRY DESCR SEC TRACE IND RECEIPT TXN TRN TRANSACTION AUD GBP USD NZD CAD EUR CHECKCARD CHKCARD ONLINE INTERNET WWW HTTPS HTTP COM NET ORG APP APPS PMT PYMT DDR DD SO ID NO TO FROM FOR AT OF THE AND VIA PAYMENT PAYMENTS PAID INTL INT TAP PAY AMT VENDOR NZL'.split(
    ' ',
  ),
  ...EUROPEAN_CHANNEL_WORDS,
]);

/**
 * The same at the start of a line only, where they are shorter or everyday words elsewhere: the
 * French card's CB ("CB CARREFOUR 12/05"), a Spanish purchase or direct-debit receipt ("COMPRA
 * MERCADONA", "COMPRA EN REPSOL", "RECIBO IBERDROLA"), a payment or purchase (PAGO, PAIEMENT,
 * ACHAT, ACQUISTO; a phone's "PAGO MOVIL EN MERCADONA"), the Dutch card terminal's BEA (ING writes
 * "BEA, Apple Pay JUMBO"), a US bank's "ACH CREDIT" before the payer ("ACH CREDIT GUSTO PAY":
 * CREDIT also names card repayments), a Canadian bank's "PREAUTHORIZED DEBIT" before the biller.
 * Left there, they hid the chain a name opens with.
 */
const LEADING_CHANNEL = new RegExp(
  `^((ACH CREDIT|ACH DEBIT|PRE-?AUTHORI[SZ]ED DEBIT|PRE-?AUTHORI[SZ]ED PAYMENT|VISA|EFTPOS|POS|CARD|DEBIT|PURCHASE|TAP|CONTACTLESS|CB|COMPRA EN|COMPRA|RECIBO|PAGO MOVIL EN|PAGO MOVIL|PAGO|PAIEMENT|ACHAT|ACQUISTO|BEA|${EUROPEAN_CHANNEL_WORDS.join('|')})[\\s,]+)+`,
);

const DIRECT_CHANNELS = new Set(['DEBIT', 'CREDIT', 'DEP', 'DEPOSIT', 'DR', 'CR']);

/** Legal forms: they say how a business is registered, never what it sells or does. */
const LEGAL_FORMS = 'PTY LTD LIMITED INC INCORPORATED LLC LLP PLC CORP CORPORATION GMBH';
const LEGAL_FORM_SET: ReadonlySet<string> = new Set(LEGAL_FORMS.split(' '));

/** A legal form ("INC", "LLC", "PTY"): no evidence of what was bought. */
export function isLegalForm(word: string): boolean {
  return LEGAL_FORM_SET.has(word);
}

/** Legal suffixes: part of a registered name, never of what the merchant sells. */
const LEGAL_WORDS = new Set(`${LEGAL_FORMS} CO COMPANY TRUST TRADING TA T/A`.split(' '));

const MONTHS = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC';

/** Words a merchant never starts with when the rest is generic ("THE COFFEE CLUB" → COFFEE CLUB). */
const LEADING_FILLER = new Set(['THE', 'A', 'AN']);

/** A UK postcode district such as SW1A, EC2, M1 (only dropped after the first word). */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/**
 * Names of letters and numbers, which the store numbers' rule below would drop: "F45 BONDI
 * JUNCTION" (the gyms), "1UND1" (Germany's phone and internet company) and Italy's tax form F24
 * were a café's closest match, as was the bank N26. A road's (A19, M25) stays a number.
 */
const NUMBERED_NAMES: ReadonlySet<string> = new Set(['F45', 'H10', '1UND1', 'F24', 'N26']);

/** A token that carries no words: a number, a reference like S385073123456789, or bank noise. */
function isTrailingNoise(token: string): boolean {
  return (
    token.replace(/\D/g, '').length >= 2 ||
    /^\d+$/.test(token) ||
    CHANNEL_WORDS.has(token) ||
    token.length < 2
  );
}

function isRegionTail(tokens: readonly string[], index: number): boolean {
  return index > 0 && isRegionCode(tokens, index);
}

/** A state, country or territory code, wherever it stands (a US state's only at the end). */
function isRegionCode(tokens: readonly string[], index: number): boolean {
  const word = tokens[index];
  if (REGION_CODES.has(word)) return true;
  // Two-letter state codes only where a US bank puts them: the last word (before any references).
  return US_STATES.has(word) && tokens.slice(index + 1).every(isTrailingNoise);
}

/**
 * Descriptions whose normalisation is kept (a few hundred bytes each). A user's statement
 * repeats its merchants' lines, a model is learned again from every label when it is rebuilt,
 * and the per-user map replays them: normalising was two fifths of learning a label.
 */
const NORMALIZED_KEPT = 20_000;
const normalizedLines = new LruMap<string, NormalizedDescription>(NORMALIZED_KEPT);

/** Frozen, so that no caller can change what the next one is given. */
function frozen(normalized: NormalizedDescription): NormalizedDescription {
  Object.freeze(normalized.words);
  Object.freeze(normalized.withPlaces);
  Object.freeze(normalized.merchant);
  Object.freeze(normalized.domains);
  return Object.freeze(normalized);
}

/**
 * The text's words as the normaliser reads them: hyphenated and ampersanded names joined or
 * split, punctuation dropped, a possessive's lone S joined back to its word.
 */
function wordTokens(text: string): string[] {
  const cleaned = text
    // Hyphenated names: "H-E-B", "I-MED", "T-MOBILE" are one word; "MED-TEX", "HI-FI" two.
    .replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, (m) =>
      m.split('-').some((part) => part.length === 1) ? m.replace(/-/g, '') : m.replace(/-/g, ' '),
    )
    .replace(/(\w)&(\w)/g, '$1$2') // M&S, AT&T, H&M
    .replace(/\b([A-Z]) & ([A-Z])\b/g, '$1$2') // "B & Q", "H & M": initials, spaced
    .replace(/\b([A-Z]) AND ([A-Z])\b/g, '$1$2') // "B AND Q", "M AND S": the ampersand spelled out
    // Two initials that are the whole name, spaced where an export dropped the ampersand ("b q
    // 1234"): each letter alone would be dropped below, and the merchant with them. Not a
    // person's initials before a name ("W M MORRISON PETRO" is Morrisons).
    .replace(/^\s*([A-Z]) ([A-Z])(?=\s*$|\s+\S*\d)/, '$1$2')
    .replace(/\bAT T\b/g, 'ATT') // AT&T where an export dropped the ampersand
    // Brands whose name is a word and a letter: the lone letter falls away below and leaves a
    // word that names no one ("BIG W" was BIG, a café's by default; "Z ENERGY", New Zealand's
    // service stations, an energy bill). So does a stop word: "NO FRILLS", Canada's grocer, was
    // FRILLS.
    .replace(/\bBIG W\b/g, 'BIGW')
    .replace(/^\s*Z ENERGY\b/, 'ZENERGY')
    .replace(/^\s*NO FRILLS\b/, 'NOFRILLS')
    .replace(/(\w)'(\w)/g, '$1$2') // MCDONALD'S
    .replace(/(\w)\.(\w)(?=\.|\b)/g, '$1$2') // J.B., W.H.
    // A letter and a word of two ("E.ON"): split, the letter fell away and the word was ON.
    .replace(/\b([A-Z])\.([A-Z]{2})\b/g, '$1$2')
    .replace(/[^A-Z0-9 ]+/g, ' ');

  const tokens: string[] = [];
  for (const token of cleaned.split(/\s+/).filter(Boolean)) {
    // Banks print apostrophes as spaces: "TRADER JOE S", "MCDONALD S" → JOES, MCDONALDS.
    if (token === 'S' && tokens.length && /[A-RT-Z]$/.test(tokens[tokens.length - 1]))
      tokens[tokens.length - 1] += 'S';
    else tokens.push(token);
  }
  return tokens;
}

/** "ADS123", "INV1088", "13CABS": a word glued to a number keeps the word. */
function withoutGluedNumber(token: string): string {
  return /^[A-Z]{3,}\d{2,}$|^\d{2,}[A-Z]{3,}$/.test(token) ? token.replace(/\d+/g, '') : token;
}

/**
 * Whether the words name anyone: some word that is not a number, a letter, a legal form, a
 * bank's channel word or a place.
 */
function namesAnyone(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const token = withoutGluedNumber(tokens[i]);
    if (isTrailingNoise(token) || LEGAL_WORDS.has(token)) continue;
    const place = placeLengthAt(tokens, i);
    if (place) {
      i += place - 1;
      continue;
    }
    if (!isRegionCode(tokens, i)) return true;
  }
  return false;
}

/**
 * Normalises one description (and the merchant field, when the bank gave one). Pure and
 * deterministic: the same input always gives the same words (kept, and frozen). A card line in
 * the networks' layout is read as its name, with its city and state kept among the places only.
 */
export function normalizeDescription(
  description: string,
  merchant?: string | null,
): NormalizedDescription {
  const key = `${merchant ?? ''}\u0000${description}`;
  let normalized = normalizedLines.get(key);
  if (!normalized) {
    normalized = frozen(normalizeLine(description, merchant));
    normalizedLines.set(key, normalized);
  }
  return normalized;
}

function normalizeLine(description: string, merchant?: string | null): NormalizedDescription {
  const acceptor = splitAcceptorLine(description);
  if (!acceptor) return normalizeText(description, merchant);
  const named = normalizeText(acceptor.name, merchant);
  const place = normalizeText(acceptor.location);
  return {
    ...named,
    withPlaces: [...named.withPlaces, ...place.withPlaces],
    domains: [...named.domains, ...place.domains],
  };
}

/**
 * Some exports cut the card acceptor's name at 20 characters and glue the city straight on
 * ("NELLIS AFB COMMISSARNELLIS AFB", "GglPay NELLIS STARBUNELLIS AFB"): a long word that ends
 * in another word of the line (five letters or more, after at least four: "WEBPAYPAL", an ACH
 * entry's class before the company, stays one word) is split there, so that the name's last
 * word is read, not a word no one wrote.
 */
function splitGluedCity(text: string): string {
  const words = new Set(text.match(/\b[A-Z]{5,}\b/g) ?? []);
  if (words.size < 2) return text;
  return text.replace(/\b[A-Z]{8,}\b/g, (word) => {
    for (const other of words) {
      if (word.length - other.length >= 4 && word.endsWith(other))
        return `${word.slice(0, -other.length)} ${other}`;
    }
    return word;
  });
}

function normalizeText(description: string, merchant?: string | null): NormalizedDescription {
  const raw = [merchant ?? '', description].filter((s) => s.trim()).join(' ');
  let text = ` ${latinLetters(raw).toUpperCase()} `
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[‘’`]/g, "'");

  text = splitGluedCity(text);

  // Irish banks' card lines: the channel glued to the day ("POS23NOV TESCO", "ATM23NOV DUBLIN"),
  // and AIB's Visa debit at another bank's cash machine, named for the shop that hosts it
  // ("VDA-CENTRA"): cash taken out, not bought.
  text = text
    .replace(new RegExp(`\\b(POS|ATM)\\d{1,2}(?:${MONTHS})\\b`, 'g'), ' $1 ')
    .replace(/\bVDA\s*-\s*/g, ' ATM ');

  // Dates, times and card masks first: they contain the punctuation the rest relies on.
  text = text
    .replace(/\b\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?\b/g, ' ')
    .replace(/\b\d{1,2}[/.-]\d{1,2}([/.-]\d{2,4})?\b/g, ' ')
    .replace(new RegExp(`\\b\\d{1,2}\\s?(${MONTHS})(\\s?\\d{2,4})?\\b`, 'g'), ' ')
    .replace(/\b\d{1,2}:\d{2}(:\d{2})?(\s?[AP]M)?\b/g, ' ')
    .replace(/\b(X{2,}|\*{2,}|#{2,})\s?\d{2,6}\b/g, ' ')
    .replace(/\b\d{4,6}X{2,}\d*\b/g, ' ')
    // A debit card as some US banks print it ("CHECK CRD PURCHASE", "CHECK CARD 0102"), not a
    // paper cheque: a card, whose number and channel words go below.
    .replace(/\b(CHECK|CHK) ?(CARD|CRD)\b/g, 'CARD')
    .replace(/\bCARD\s?(NO\.?|NUMBER)?\s?\d{3,}\b/g, ' ')
    // Exports that join two fields without a space: "Checking WithdrawalWITHDRAWAL @ ATMLK50"
    // is a withdrawal at the cash machine LK50, not a merchant "ATMLK".
    .replace(/\b([A-Z]{4,})\1\b/g, '$1 $1')
    // ...and a name field cut off and glued to a city that begins with the same letters
    // ("PLOUGH CAMBRICAMBRIDGE"); glued to a word the line names elsewhere, splitGluedCity().
    .replace(/\b([A-Z]{4,})(\1[A-Z]{3,})\b(?!\.)/g, '$1 $2')
    // The machine's id may be long when it holds digits ("@ ATMFC1L3767"); "@ ATMOSPHERE" is a name.
    .replace(/@\s*ATM(?:[A-Z0-9]{0,5}|[A-Z0-9]*\d[A-Z0-9]*)\b/g, ' ATM ')
    // Anywhere else, "WITHDRAWAL @" is a debit card paying the business after it ("WITHDRAWAL @
    // TARGET T1431"), sometimes glued to a copy of its name ("GOLDSBOROWITHDRAWAL @").
    .replace(/([A-Z0-9]*)WITHDRAWAL\s*@/g, '$1 @')
    // A British service station as card lines shorten it ("LEAWAY S/STN", "STRATRODE S STN"),
    // whose S would otherwise join the name before it like a possessive's.
    .replace(/\bS\s?[/.]?\s?STN\b/g, ' SSTN ')
    // A service station's name cut off at the line's end ("HARBORNE SERVICE S", "HOCKLEY
    // SERVICE ST"); "… SERVI" is left, as often a cut-off "services" of any trade.
    .replace(/\bSERVICE S(?:T|TA|TAT|TATI|TATIO)?\s*$/, 'SERVICE STATION')
    // A US state's motor-vehicle office, its postal code joined on ("NCDMV REG 018").
    .replace(/\b([A-Z]{2})DMV\b/g, '$1 DMV')
    // A base's commissary as card lines shorten it ("RAF LAKENHEATH COMM", "LITTLE CREEK
    // COMM"); COMM alone is too many things (communications, a bank, a college).
    .replace(COMMISSARY, '$1COMMISSARY')
    // The same, its name cut off by the line's name field ("MAXWELL AFB COMMISSA").
    .replace(/\bCOMMISS(?:A|AR)\b/g, 'COMMISSARY')
    // An ACH entry as some banks export it: "WITHDRAWAL-ACH-A-CHASE" is money moved by ACH to
    // CHASE (no cash, and not one hyphenated name; a deposit stays one). The entry class glued
    // to the company's name before it ("WEBCHASE") is left so: split off, the user's labels of
    // one company's entries merged with another's (finance-monitor's inner splits 86.7 → 86.4%).
    .replace(/\bWITHDRAWAL-ACH-(?:[A-Z]-)?/g, ' ACH ')
    // The same, the other way round ("ACH WITHDRAWAL GEICO"), and as credit unions print an
    // electronic debit ("EXTERNAL WITHDRAWAL GEICO", "ELECTRONIC WITHDRAWAL", "WITHDRAWAL ACH"):
    // no cash was taken.
    .replace(/\b(?:ACH|EXTERNAL|ELECTRONIC|EFT) WITHDRAWAL\b|\bWITHDRAWAL (?:ACH|EFT)\b/g, ' ACH ')
    // A card paying a shop, as credit unions print it ("POS WITHDRAWAL TARGET", "DEBIT CARD
    // WITHDRAWAL KROGER", "WITHDRAWAL DEBIT CARD TARGET"): a purchase, not cash.
    .replace(
      /\b(?:POS|(?:ATM\/)?DEBIT CARD|CARD) WITHDRAWAL\b|\bWITHDRAWAL (?:DEBIT CARD|POS)\b/g,
      ' POS ',
    )
    .replace(/\b(?:EFT DEBIT|ELECTRONIC PAYMENT)\b/g, ' ACH ')
    .replace(/\bDEPOSIT-ACH-/g, ' DEPOSIT ACH ');

  // Paying the card's bill, not paying by card: "CARD PAYMENT" below is a channel, and would
  // leave "USAA CREDIT" of "USAA CREDIT CARD PAYMENT".
  text = text
    .replace(/\b(CREDIT|CR) (CARD|CRD) (PAYMENT|PAYMT|PYMT|PMT)\b/g, 'CREDIT CARD REPAYMENT')
    .replace(CARD_BILL, ' CREDIT CARD REPAYMENT ')
    .replace(ISSUER_CARD_BILL, '$1 CREDIT CARD REPAYMENT');
  for (const phrase of CHANNEL_PHRASES) text = text.replace(phrase, ' ');
  text = withoutMailProviderAddresses(text);
  const domains: string[] = [];
  text = replaceDomains(text, domains);

  // A processor prefix may follow channel noise ("VISA PURCHASE SQ *CAFE"): strip leading
  // channel words first, then the processor.
  const unstripped = text.trim().replace(LEADING_CHANNEL, '');
  let stripped = stripProcessor(unstripped);
  let tokens = wordTokens(stripped.text);
  // A lender's or wallet's prefix before nothing of a shop ("AFTERPAY SYDNEY AU", "AFTERPAY
  // 1234567") is its own line, an instalment, as "AFTERPAY" alone is: the place left alone would
  // be read as the shop's name (Sydney's, public transport's).
  if (stripped.processor && paysForItself(stripped.processor) && !namesAnyone(tokens)) {
    stripped = { text: unstripped };
    tokens = wordTokens(unstripped);
  }

  const words: string[] = [];
  const withPlaces: string[] = [];
  let skipPlace = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = withoutGluedNumber(tokens[i]);
    const digits = token.replace(/\D/g, '').length;
    const numbered = NUMBERED_NAMES.has(token);
    if (!numbered && (digits >= 2 || digits === token.length)) continue; // store numbers, references, amounts
    if (token.length < 2) continue;
    withPlaces.push(token);
    if (skipPlace > 0) {
      skipPlace -= 1;
      continue;
    }
    if (isRegionTail(tokens, i)) continue;
    // A place that opens the line, or follows its opening "THE", is part of a name: "THE
    // RALEIGH TIMES" is a bar, not The Times in Raleigh.
    if (i > 0 && !(i === 1 && tokens[0] === 'THE')) {
      const place = placeLengthAt(tokens, i);
      if (place) {
        skipPlace = place - 1;
        continue;
      }
      if (POSTCODE.test(token) && digits > 0 && !numbered) continue;
    }
    words.push(token);
  }

  const merchantWords = words.filter(
    (w, i) =>
      !CHANNEL_WORDS.has(w) &&
      !LEGAL_WORDS.has(w) &&
      // "DIRECT DEBIT AGL" and "DIRECT DEP ACME" name AGL and ACME, not "DIRECT".
      !(w === 'DIRECT' && DIRECT_CHANNELS.has(words[i + 1] ?? '')),
  );
  while (merchantWords.length > 1 && LEADING_FILLER.has(merchantWords[0])) merchantWords.shift();

  return {
    words,
    withPlaces,
    merchant: merchantWords.slice(0, 4),
    processor: stripped.processor,
    domains,
    ...(AIRLINE_TICKET.test(raw) && { airlineTicket: true as const }),
  };
}

/** Bank channel words ("VISA", "PAYMENT", "ONLINE"): they say how money moved, not to whom. */
export function isChannelWord(word: string): boolean {
  return CHANNEL_WORDS.has(word);
}

/** Words too common to be evidence of anything ("THE", "OF", "TO"). */
export const STOPWORDS: ReadonlySet<string> = new Set([
  'THE',
  'OF',
  'AND',
  'TO',
  'FROM',
  'FOR',
  'AT',
  'ON',
  'IN',
  'BY',
  'WITH',
  'AN',
  'OR',
  'NO',
  'ID',
  'REF',
]);

/**
 * The description without these merchant words (each once, wherever it stands): what is left
 * of "KING SOOPERS FUEL" once "KING SOOPERS" is known to be another business is FUEL.
 */
export function withoutWords(
  normalized: NormalizedDescription,
  drop: readonly string[],
): NormalizedDescription {
  const remove = (words: readonly string[]) => {
    const left = [...drop];
    return words.filter((word) => {
      const at = left.indexOf(word);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
  };
  return {
    ...normalized,
    words: remove(normalized.words),
    withPlaces: remove(normalized.withPlaces),
    merchant: remove(normalized.merchant),
  };
}

/**
 * Legal forms a country's banks print that are a trade's word elsewhere: Italy's S.p.A. as "SPA"
 * ("HERA SPA", "FASTWEB SPA", "A2A ENERGIA SPA" went to personal care).
 */
const LEGAL_FORMS_OF_COUNTRY: Readonly<Record<string, ReadonlySet<string>>> = {
  IT: new Set(['SPA']),
};

/**
 * The description without the country's legal form where it ends the line ("HERA SPA" in Italy);
 * the same object when there is none.
 */
export function withoutLegalFormOf(
  normalized: NormalizedDescription,
  countryCode: string,
): NormalizedDescription {
  const forms = LEGAL_FORMS_OF_COUNTRY[countryCode.toUpperCase()];
  const last = normalized.words[normalized.words.length - 1];
  if (!forms || normalized.words.length < 2 || !forms.has(last)) return normalized;
  return withoutWords(normalized, [last]);
}

/**
 * Whether the merchant sells online, as the line shows it: named by a web domain (its first word
 * is a domain's name: "GRASSHOPPER.COM", "KLARNA*ASKET.COM") or paid through a processor of web
 * shops. A domain elsewhere on the line (a Square receipt's address, a bar's e-mail) says
 * nothing of how the merchant sells.
 */
export function sellsOnline(normalized: NormalizedDescription): boolean {
  if (normalized.processor && isOnlineProcessor(normalized.processor)) return true;
  const first = normalized.merchant[0];
  return first !== undefined && normalized.domains.includes(first);
}

/** A merchant key for display and storage: "BLUE BOTTLE COFFEE". */
export function merchantKey(normalized: NormalizedDescription): string {
  return normalized.merchant.join(' ');
}

/** "BLUE BOTTLE COFFEE" → "Blue Bottle Coffee" for reasoning lines. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .trim();
}
