/**
 * Dates as receipts print them: "14/03/2026", "03/14/26" (US order), "2026-03-14",
 * "14 Mar 2026", "Mar 14, 2026", "14-MAR-26", "14.03.2026". The user's country decides the
 * order of an ambiguous numeric date; an impossible reading falls back to the other order.
 */

/** Countries that write the month first. */
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'BZ', 'CA']);
/** Countries that write the year first with separators other than "-". */
const YEAR_FIRST = new Set(['CN', 'JP', 'KR', 'TW', 'HU', 'LT', 'MN', 'IR']);

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  // German, French, Spanish, Italian and Dutch abbreviations that differ from English.
  mär: 3,
  mrz: 3,
  mai: 5,
  okt: 10,
  dez: 12,
  janv: 1,
  févr: 2,
  fev: 2,
  avr: 4,
  juin: 6,
  juil: 7,
  août: 8,
  aout: 8,
  déc: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  gen: 1,
  mag: 5,
  giu: 6,
  lug: 7,
  set: 9,
  ott: 10,
  mei: 5,
  maa: 3,
};

const FULL_NAMES = [
  ['january', 'januar', 'janvier', 'enero', 'gennaio', 'januari'],
  ['february', 'februar', 'février', 'fevrier', 'febrero', 'febbraio', 'februari'],
  ['march', 'märz', 'maerz', 'mars', 'marzo', 'maart'],
  ['april', 'avril', 'abril', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mei'],
  ['june', 'juni', 'juin', 'junio', 'giugno'],
  ['july', 'juli', 'juillet', 'julio', 'luglio'],
  ['august', 'août', 'aout', 'agosto', 'augustus'],
  ['september', 'septembre', 'septiembre', 'settembre'],
  ['october', 'oktober', 'octobre', 'octubre', 'ottobre'],
  ['november', 'novembre', 'noviembre'],
  ['december', 'dezember', 'décembre', 'decembre', 'diciembre', 'dicembre'],
];
const FULL: Record<string, number> = Object.fromEntries(
  FULL_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1])),
);

/** A month's name or abbreviation; any other word ("Marine Pde") is not a month. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTHS[w] ?? FULL[w];
}

function fullYear(y: number): number {
  return y < 100 ? 2000 + y : y;
}

/** YYYY-MM-DD of a real calendar day between 1990 and 2099, else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  const y = fullYear(year);
  if (y < 1990 || y > 2099 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const d = new Date(Date.UTC(y, month - 1, day));
  if (d.getUTCMonth() !== month - 1) return null;
  return d.toISOString().slice(0, 10);
}

const ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
const NUMERIC = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/;
const DAY_MONTH_NAME =
  /\b(\d{1,2})(?:st|nd|rd|th)?[\s\-./]*([A-Za-zäéû]{3,9})\.?[\s\-./,]*(\d{4}|\d{2})\b/;
const MONTH_NAME_DAY = /\b([A-Za-zäéû]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})\b/;

/**
 * OCR can drop the space between a date and the time printed after it ("02/02/20177:31:08",
 * "10Mar201818:24"): the year is four digits starting 19 or 20, or two, when a time follows
 * ("08/09/2026:12:07" is a year and a time after a colon, not 2020 and 26:12).
 */
const GLUED_TIME =
  /(\b\d{1,2}(?:[/.-]\d{1,2}[/.-]|\s?[A-Za-z]{3}\s?)(?:(?:19|20)\d{2}|(?!(?:19|20)\d{2}:)\d{2}))(?=\d{1,2}:\d{2})/g;

/** OCR reads the O of "Oct" and "October" as a zero: "0ct 14, 2025", "5 0ctober 2025". */
const OCR_MONTH_ZERO = /\b0(?=ct(?:ober)?\b)/gi;

/** The first date in a line, read in the country's order. */
export function dateIn(text: string, countryCode: string): string | null {
  const line = text.replace(GLUED_TIME, '$1 ').replace(OCR_MONTH_ZERO, 'O');
  const iso = ISO.exec(line);
  if (iso) {
    const v = isoDate(+iso[1], +iso[2], +iso[3]);
    if (v) return v;
  }
  const named = DAY_MONTH_NAME.exec(line);
  if (named) {
    const month = monthOf(named[2]);
    const v = month ? isoDate(+named[3], month, +named[1]) : null;
    if (v) return v;
  }
  const us = MONTH_NAME_DAY.exec(line);
  if (us) {
    const month = monthOf(us[1]);
    const v = month ? isoDate(+us[3], month, +us[2]) : null;
    if (v) return v;
  }
  const num = NUMERIC.exec(line);
  if (num) {
    const [a, b, y] = [+num[1], +num[2], +num[3]];
    const country = countryCode.toUpperCase();
    if (YEAR_FIRST.has(country) && num[3].length === 2) {
      const v = isoDate(a, b, y);
      if (v) return v;
    }
    const monthFirst = MONTH_FIRST.has(country);
    const first = monthFirst ? isoDate(y, a, b) : isoDate(y, b, a);
    return first ?? (monthFirst ? isoDate(y, b, a) : isoDate(y, a, b));
  }
  return null;
}
