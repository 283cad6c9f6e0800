import { KEYWORDS } from './knowledge-base/keywords';
import { latinLetters } from './letters';

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
}

/** A processor that takes payments on web sites, not at a till ("PAYPAL *BUXFER"). */
const ONLINE = true;

/**
 * Prefixes of payment processors: the merchant is what follows them. ONLINE marks the web shops'
 * processors (sellsOnline).
 */
const PROCESSORS: readonly (readonly [RegExp, string, typeof ONLINE?])[] = [
  [/^SQ\s?\*\s?|^SQU\s?\*\s?|^SQUARE\s?\*\s?/, 'Square'],
  [/^PAYPAL\s?\*\s?|^PP\s?\*\s?/, 'PayPal', ONLINE],
  [/^SP\s?\*\s?|^SP\s(?=[A-Z])/, 'Shopify', ONLINE],
  [/^ZLR\s?\*\s?/, 'Zeller'],
  [/^SUMUP\s?\*\s?|^SMP\s?\*\s?/, 'SumUp'],
  [/^TST\s?\*\s?/, 'Toast'],
  [/^IZ\s?\*\s?|^IZETTLE\s?\*\s?|^ZTL\s?\*\s?/, 'Zettle'],
  [/^LS\s?\*\s?/, 'Lightspeed'],
  [/^CLV\s?\*\s?/, 'Clover'],
  [/^WPY\s?\*\s?/, 'WePay', ONLINE],
  [/^DNH\s?\*\s?/, 'GoDaddy', ONLINE],
  [/^FS\s?\*\s?|^FSP\s?\*\s?/, 'FastSpring', ONLINE],
  [/^PADDLE\.NET\s?\*\s?/, 'Paddle', ONLINE],
  [/^TYRO\s?\*\s?/, 'Tyro'],
  [/^STRIPE\s?\*\s?/, 'Stripe', ONLINE],
  [/^CKO\s?\*\s?/, 'Checkout.com', ONLINE],
  [/^AFTERPAY\s?\*?\s?/, 'Afterpay'],
  [/^ZIP\s?\*\s?/, 'Zip'],
  [/^KLARNA\s?\*\s?/, 'Klarna', ONLINE],
  // QuickBooks Payments prints "IN *" before the business it collects for.
  [/^IN\s?\*\s?/, 'Intuit'],
  [/^DRI\s?\*\s?/, 'Digital River', ONLINE],
  // InstaMed collects for doctors and hospitals: "MED*CAPITAL DIGESTIVE".
  [/^MED\s?\*\s?/, 'InstaMed'],
  // Ticketmaster sells for the event it names: "TM *CAROLINA BALLET".
  [/^TM\s?\*\s?/, 'Ticketmaster'],
  // Western Union's bill payments: "SPEEDPAY RE ECUA" pays the biller ECUA.
  [/^SPEEDPAY\s+(RE\s+)?/, 'Speedpay'],
];

const ONLINE_PROCESSORS: ReadonlySet<string> = new Set(
  PROCESSORS.filter(([, , online]) => online).map(([, name]) => name),
);

/** Mail providers: an address there says nothing of the business that gave it. */
const MAIL_PROVIDERS: ReadonlySet<string> = new Set([
  'GMAIL',
  'GOOGLEMAIL',
  'YAHOO',
  'YMAIL',
  'AOL',
  'ICLOUD',
  'ME',
  'MAC',
  'HOTMAIL',
  'OUTLOOK',
  'LIVE',
  'MSN',
  'PROTONMAIL',
  'PROTON',
  'GMX',
  'WEB',
  'COMCAST',
  'VERIZON',
  'ATT',
  'SBCGLOBAL',
  'BTINTERNET',
  'BIGPOND',
]);

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

/** Bank phrasing around a card payment, removed before anything else. */
const CHANNEL_PHRASES: readonly RegExp[] = [
  /\b(RECURRING )?(PAYMENT|PURCHASE) AUTHORI[SZ]ED ON\b/g,
  /\bDEBIT CARD (PURCHASE|PAYMENT)\b/g,
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
  /\bVALUE DATE\b/g,
  // Export fields around a line: "Trace #3861 (eff. date 10/15/2010)" (the date itself is gone).
  /\bEFF\.?\s*DATE\b/g,
  /\bTRACE\s*#?\s*\d+/g,
  // A street address where the money moved ("@ FBI BRANCH DC WASHINGTON 935 PENNSYLVANIA AVE"):
  // never the line's opening words ("24 HOUR FITNESS", "7 ELEVEN"), and not "ST", which is as
  // often a saint's town after the name ("24 HOUR FITNESS ST PETE").
  /(?<=[A-Z,] +)\d{1,5} (?:[A-Z]+ ){1,3}(?:AVE|AVENUE|RD|ROAD|STREET|BLVD|HWY|PKWY|LN|LANE)\b/g,
];

/** Words that describe how money moved, not what it paid for (dropped from merchant names). */
const CHANNEL_WORDS = new Set(
  'VISA MASTERCARD MC EFTPOS POS PURCHASE PURCHASES CARD DEBIT CONTACTLESS AUTHORIZED AUTHORISED ON REF REFERENCE BPAY VIS VDP VDC BGC CPT DEB FPI FPO STO TFR CD DES INDN PPD CCD WEB ACH TEL ORIG NAME ENTRY DESCR SEC TRACE IND RECEIPT TXN TRN TRANSACTION AUD GBP USD NZD CAD EUR CHECKCARD CHKCARD ONLINE INTERNET WWW HTTPS HTTP COM NET ORG APP APPS PMT PYMT DDR DD SO ID NO TO FROM FOR AT OF THE AND VIA PAYMENT PAYMENTS PAID INTL INT TAP PAY AMT VENDOR NZL'.split(
    ' ',
  ),
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

/** State, country and territory codes that trail a description. */
const REGION_CODES = new Set(
  [
    // Australia (banks truncate NSW to NS, QLD to QL)
    'NSW NS VIC VI QLD QL WA SA TAS TA ACT NT AU AUS AUST AUSTRALIA',
    // United Kingdom and Ireland
    'GB GBR UK ENG SCO WAL NIR IE IRL LONDON',
    // United States (2-letter codes are only dropped when they end the text: see below)
    'US USA',
    'NZ NZL CA CAN NL NLD IE SG SGP HK LU SE DE FR',
  ]
    .join(' ')
    .split(' '),
);

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

/** Cities and suburbs that banks append (a sample of the common ones; unknown places stay). */
const PLACE_NAMES: readonly string[] = [
  // Australia
  'SYDNEY',
  'MELBOURNE',
  'BRISBANE',
  'PERTH',
  'ADELAIDE',
  'HOBART',
  'CANBERRA',
  'DARWIN',
  'GEELONG',
  'NEWCASTLE',
  'WOLLONGONG',
  'PARRAMATTA',
  'CHATSWOOD',
  'BONDI',
  'BONDI JUNCTION',
  'MANLY',
  'RANDWICK',
  'NEWTOWN',
  'PENRITH',
  'BLACKTOWN',
  'LIVERPOOL',
  'HURSTVILLE',
  'BANKSTOWN',
  'MIRANDA',
  'CRONULLA',
  'HORNSBY',
  'RYDE',
  'EPPING',
  'STRATHFIELD',
  'BURWOOD',
  'ASHFIELD',
  'GLEBE',
  'ULTIMO',
  'PYRMONT',
  'REDFERN',
  'MASCOT',
  'ZETLAND',
  'ALEXANDRIA',
  'MARRICKVILLE',
  'LEICHHARDT',
  'BALMAIN',
  'MOSMAN',
  'NEUTRAL BAY',
  'DEE WHY',
  'BROOKVALE',
  'CASTLE HILL',
  'ROUSE HILL',
  'KELLYVILLE',
  'CAMPBELLTOWN',
  'SUTHERLAND',
  'SURRY HILLS',
  'DARLINGHURST',
  'PADDINGTON',
  'NORTH SYDNEY',
  'RICHMOND',
  'FITZROY',
  'COLLINGWOOD',
  'CARLTON',
  'BRUNSWICK',
  'FOOTSCRAY',
  'PRAHRAN',
  'TOORAK',
  'ST KILDA',
  'SOUTHBANK',
  'DOCKLANDS',
  'CHADSTONE',
  'DONCASTER',
  'BOX HILL',
  'GLEN WAVERLEY',
  'DANDENONG',
  'FRANKSTON',
  'RINGWOOD',
  'CAMBERWELL',
  'HAWTHORN',
  'KEW',
  'NORTHCOTE',
  'PRESTON',
  'COBURG',
  'ESSENDON',
  'FORTITUDE VALLEY',
  'CHERMSIDE',
  'CARINDALE',
  'INDOOROOPILLY',
  'TOOWONG',
  'SOUTHPORT',
  'SURFERS PARADISE',
  'ROBINA',
  'CAIRNS',
  'TOWNSVILLE',
  'TOOWOOMBA',
  'FREMANTLE',
  'JOONDALUP',
  'SUBIACO',
  'CANNINGTON',
  'MORLEY',
  'GLENELG',
  'NORWOOD',
  'LAUNCESTON',
  'BELCONNEN',
  'WODEN',
  'TUGGERANONG',
  'BRADDON',
  'GOLD COAST',
  'SUNSHINE COAST',
  'MACQUARIE PARK',
  'BELLA VISTA',
  // United Kingdom
  'MANCHESTER',
  'BIRMINGHAM',
  'LEEDS',
  'GLASGOW',
  'EDINBURGH',
  'BRISTOL',
  'SHEFFIELD',
  'NOTTINGHAM',
  'LEICESTER',
  'CARDIFF',
  'BELFAST',
  'BRIGHTON',
  'OXFORD',
  'CAMBRIDGE',
  'SOUTHAMPTON',
  'PORTSMOUTH',
  'COVENTRY',
  'YORK',
  'EXETER',
  'NORWICH',
  'ABERDEEN',
  'DUNDEE',
  'SWANSEA',
  'MILTON KEYNES',
  'CROYDON',
  'CAMDEN',
  'ISLINGTON',
  'HACKNEY',
  'SHOREDITCH',
  'STRATFORD',
  'WIMBLEDON',
  'KINGSTON',
  'CLAPHAM',
  'BRIXTON',
  'PECKHAM',
  'GREENWICH',
  'CANARY WHARF',
  'WESTMINSTER',
  'SOHO',
  'HOLBORN',
  'EUSTON',
  'KINGS CROSS',
  'EALING',
  'HAMMERSMITH',
  'CHELSEA',
  'FULHAM',
  'BATTERSEA',
  'SOUTHWARK',
  'LEWISHAM',
  // United States
  'NEW YORK',
  'BROOKLYN',
  'QUEENS',
  'BRONX',
  'MANHATTAN',
  'LOS ANGELES',
  'SAN FRANCISCO',
  'OAKLAND',
  'SAN JOSE',
  'SAN DIEGO',
  'SEATTLE',
  'PORTLAND',
  'CHICAGO',
  'BOSTON',
  'AUSTIN',
  'HOUSTON',
  'DALLAS',
  'DENVER',
  'PHOENIX',
  'ATLANTA',
  'MIAMI',
  'ORLANDO',
  'TAMPA',
  'PHILADELPHIA',
  'PITTSBURGH',
  'BALTIMORE',
  'DETROIT',
  'MINNEAPOLIS',
  'NASHVILLE',
  'CHARLOTTE',
  'RALEIGH',
  'COLUMBUS',
  'CLEVELAND',
  'CINCINNATI',
  'INDIANAPOLIS',
  'MILWAUKEE',
  'KANSAS CITY',
  'ST LOUIS',
  'SALT LAKE CITY',
  'LAS VEGAS',
  'SACRAMENTO',
  'SANTA MONICA',
  'PASADENA',
  'BERKELEY',
  'PALO ALTO',
  'MOUNTAIN VIEW',
  'SUNNYVALE',
  'ARLINGTON',
  'JERSEY CITY',
  'HOBOKEN',
  'NEWARK',
  'SAN ANTONIO',
  'FORT WORTH',
  'EL PASO',
];

/** Place names by their first word, longest first, so "NEW YORK" is tried before a shorter name. */
const PLACES_BY_FIRST_WORD: ReadonlyMap<string, readonly string[][]> = (() => {
  const map = new Map<string, string[][]>();
  for (const name of PLACE_NAMES) {
    const words = name.split(' ');
    const list = map.get(words[0]) ?? [];
    list.push(words);
    map.set(words[0], list);
  }
  for (const list of map.values()) list.sort((a, b) => b.length - a.length);
  return map;
})();

/** How many words from `index` form a known place name (0 when none does). */
function placeLengthAt(tokens: readonly string[], index: number): number {
  for (const place of PLACES_BY_FIRST_WORD.get(tokens[index]) ?? []) {
    if (place.every((word, k) => tokens[index + k] === word)) return place.length;
  }
  return 0;
}

const MONTHS = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC';

/** Words a merchant never starts with when the rest is generic ("THE COFFEE CLUB" → COFFEE CLUB). */
const LEADING_FILLER = new Set(['THE', 'A', 'AN']);

/** A UK postcode district such as SW1A, EC2, M1 (only dropped after the first word). */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

function stripProcessor(text: string): { text: string; processor?: string } {
  for (const [pattern, name] of PROCESSORS) {
    if (pattern.test(text)) return { text: text.replace(pattern, ''), processor: name };
  }
  return { text };
}

/**
 * The one-word keywords a web domain's name can end in, glued to the business's own name
 * ("PANTHERTAXIS", "TAFTCLOTHING", "SMYTHSTOYS"): a domain has no spaces, so what the business
 * is would be read only in character n-grams. Not the words that end other words more often
 * than they name a trade: "JENNINGSSEATS" is no EATS, "OUTDOORS" no DOORS, "NORDSTROM" no
 * STROM (German electricity), "SHUTTERSTOCK" no STOCK, "OFFICEPOWER" no POWER, "CLOTHES2ORDER"
 * no ORDER.
 */
const GLUED_TRADE_WORDS: ReadonlySet<string> = (() => {
  const notTrades = new Set([
    'EATS',
    'ARMS',
    'DOORS',
    'STROM',
    'STOCK',
    'POWER',
    'CHARGE',
    'ORDER',
  ]);
  const words = Object.values(KEYWORDS)
    .flatMap((list) => list.split('|'))
    .filter((k) => /^[a-z]{4,}$/.test(k))
    .map((k) => k.toUpperCase());
  return new Set(words.filter((w) => !notTrades.has(w)));
})();

/**
 * A domain name of eight letters or more followed by the trade word it ends in (the longest,
 * after at least three letters of the business's own name). The name stays whole and first,
 * for the known merchants: "TOOLSTATION" is a builders' merchant, whatever its STATION says.
 */
function withGluedTrade(name: string): string {
  if (name.length < 8 || GLUED_TRADE_WORDS.has(name)) return name;
  for (let cut = 3; cut <= name.length - 4; cut++) {
    if (GLUED_TRADE_WORDS.has(name.slice(cut))) return `${name} ${name.slice(cut)}`;
  }
  return name;
}

const DOMAIN_NOISE = new Set([
  'WWW',
  'HELP',
  'PAY',
  'BILLING',
  'SUPPORT',
  'M',
  'CO',
  'COM',
  'NET',
  'ORG',
  'GOV',
  'AC',
  'EDU',
]);

/**
 * Domains name the merchant: HELP.UBER.COM → UBER, NETFLIX.COM → NETFLIX, AMZN.COM/BILL → AMZN,
 * PANTHERTAXIS.CO.UK → PANTHERTAXIS TAXIS. Each name is also added to `domains`.
 */
function replaceDomains(text: string, domains: string[]): string {
  return text.replace(
    /\b((?:[A-Z0-9-]+\.)+)(COM|NET|ORG|IO|CO|AU|UK|US|APP|TV|ME)((?:\.[A-Z]{2})?)(\/\S*)?/g,
    (_m, labels: string) => {
      const parts = labels.split('.').filter(Boolean);
      // Second-level suffixes (.CO.UK, .COM.AU) and service hosts are not the merchant's name.
      const meaningful = parts.filter((p) => !DOMAIN_NOISE.has(p));
      const name = meaningful.length ? meaningful[meaningful.length - 1] : (parts[0] ?? '');
      if (name) domains.push(name.replace(/-/g, ''));
      return ` ${withGluedTrade(name)} `;
    },
  );
}

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
  if (index === 0) return false;
  const word = tokens[index];
  if (REGION_CODES.has(word)) return true;
  // Two-letter state codes only where a US bank puts them: the last word (before any references).
  return US_STATES.has(word) && tokens.slice(index + 1).every(isTrailingNoise);
}

/** The card acceptor's name and location as card networks print them: 25 + 13 + 2 characters. */
const ACCEPTOR_NAME = 25;
const ACCEPTOR_LOCATION = 13;
const ACCEPTOR_LINE = ACCEPTOR_NAME + ACCEPTOR_LOCATION + 2;

/**
 * A card line in the networks' fixed layout, "AMORE PIZZA              MECHANICSBURGPA": the
 * name padded to 25 characters, the city to 13, then the state or country. Only where its
 * padding shows (two spaces ending either field), so that free text of 40 characters is left
 * whole; a name that fills its field and a city that fills its own ("PLAZA AZTECA
 * MECHANICSBURMECHANICSBURGPA") cannot be told from free text and are left to the place list.
 */
export function splitAcceptorLine(
  description: string,
): { name: string; location: string } | undefined {
  if (description.length !== ACCEPTOR_LINE) return undefined;
  const region = description.slice(-2).toUpperCase();
  if (!US_STATES.has(region) && !REGION_CODES.has(region)) return undefined;
  const paddedName = description.slice(ACCEPTOR_NAME - 2, ACCEPTOR_NAME) === '  ';
  const end = ACCEPTOR_NAME + ACCEPTOR_LOCATION;
  const paddedCity = description.slice(end - 2, end) === '  ';
  if (!paddedName && !paddedCity) return undefined;
  if (description[ACCEPTOR_NAME] === ' ' || !description.slice(0, ACCEPTOR_NAME).trim())
    return undefined;
  return { name: description.slice(0, ACCEPTOR_NAME), location: description.slice(ACCEPTOR_NAME) };
}

/**
 * Normalises one description (and the merchant field, when the bank gave one). Pure and
 * deterministic: the same input always gives the same words. A card line in the networks'
 * layout is read as its name, with its city and state kept among the places only.
 */
export function normalizeDescription(
  description: string,
  merchant?: string | null,
): NormalizedDescription {
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
    .replace(/\bDEPOSIT-ACH-/g, ' DEPOSIT ACH ');

  // Paying the card's bill, not paying by card: "CARD PAYMENT" below is a channel, and would
  // leave "USAA CREDIT" of "USAA CREDIT CARD PAYMENT".
  text = text.replace(
    /\b(CREDIT|CR) (CARD|CRD) (PAYMENT|PAYMT|PYMT|PMT)\b/g,
    'CREDIT CARD REPAYMENT',
  );
  for (const phrase of CHANNEL_PHRASES) text = text.replace(phrase, ' ');
  // An address at a mail provider ("MATTKENNER@ICLOUD.COM", "ARCHITECTBAR@GMAIL.CO") is a
  // person's contact, neither the merchant's words nor its web site: read as a domain, a dessert
  // bar's owner's address made it Apple's iCloud. An address at a business's own domain
  // ("GSUITE_INFINCC@GOOGLE.COM", "BILL@TRAVEL.CLOUD") says what it bills for, and stays.
  text = text.replace(/[A-Z0-9._%+-]+@([A-Z0-9-]+)\.[A-Z0-9.-]*/g, (address, host: string) =>
    MAIL_PROVIDERS.has(host) ? ' ' : address,
  );
  const domains: string[] = [];
  text = replaceDomains(text, domains);

  // A processor prefix may follow channel noise ("VISA PURCHASE SQ *CAFE"): strip leading
  // channel words first, then the processor.
  let trimmed = text
    .trim()
    .replace(/^((VISA|EFTPOS|POS|CARD|DEBIT|PURCHASE|TAP|CONTACTLESS)\s+)+/, '');
  const stripped = stripProcessor(trimmed);
  trimmed = stripped.text;

  const cleaned = trimmed
    // Hyphenated names: "H-E-B", "I-MED", "T-MOBILE" are one word; "MED-TEX", "HI-FI" two.
    .replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, (m) =>
      m.split('-').some((part) => part.length === 1) ? m.replace(/-/g, '') : m.replace(/-/g, ' '),
    )
    .replace(/(\w)&(\w)/g, '$1$2') // M&S, AT&T, H&M
    .replace(/\b([A-Z]) & ([A-Z])\b/g, '$1$2') // "B & Q", "H & M": initials, spaced
    .replace(/\bAT T\b/g, 'ATT') // AT&T where an export dropped the ampersand
    .replace(/(\w)'(\w)/g, '$1$2') // MCDONALD'S
    .replace(/(\w)\.(\w)(?=\.|\b)/g, '$1$2') // E.ON, J.B.
    .replace(/[^A-Z0-9 ]+/g, ' ');

  const tokens: string[] = [];
  for (const token of cleaned.split(/\s+/).filter(Boolean)) {
    // Banks print apostrophes as spaces: "TRADER JOE S", "MCDONALD S" → JOES, MCDONALDS.
    if (token === 'S' && tokens.length && /[A-RT-Z]$/.test(tokens[tokens.length - 1]))
      tokens[tokens.length - 1] += 'S';
    else tokens.push(token);
  }
  const words: string[] = [];
  const withPlaces: string[] = [];
  let skipPlace = 0;
  for (let i = 0; i < tokens.length; i++) {
    let token = tokens[i];
    // "ADS123", "INV1088", "13CABS": a word glued to a number keeps the word.
    if (/^[A-Z]{3,}\d{2,}$|^\d{2,}[A-Z]{3,}$/.test(token)) token = token.replace(/\d+/g, '');
    const digits = token.replace(/\D/g, '').length;
    if (digits >= 2 || digits === token.length) continue; // store numbers, references, amounts
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
      if (POSTCODE.test(token) && digits > 0) continue;
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
 * Whether the merchant sells online, as the line shows it: named by a web domain (its first word
 * is a domain's name: "GRASSHOPPER.COM", "KLARNA*ASKET.COM") or paid through a processor of web
 * shops. A domain elsewhere on the line (a Square receipt's address, a bar's e-mail) says
 * nothing of how the merchant sells.
 */
export function sellsOnline(normalized: NormalizedDescription): boolean {
  if (normalized.processor && ONLINE_PROCESSORS.has(normalized.processor)) return true;
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
