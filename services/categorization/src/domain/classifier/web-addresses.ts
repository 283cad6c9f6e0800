import { KEYWORDS } from './knowledge-base/keywords';

/**
 * Web domains and e-mail addresses on a bank line: a domain names the merchant ("HELP.UBER.COM"
 * is Uber), an address at a mail provider is a person's contact and names no one.
 */

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
 * The text without addresses at a mail provider ("MATTKENNER@ICLOUD.COM", "ARCHITECTBAR@GMAIL.CO"):
 * a person's contact, neither the merchant's words nor its web site (read as a domain, a dessert
 * bar's owner's address made it Apple's iCloud). An address at a business's own domain
 * ("GSUITE_INFINCC@GOOGLE.COM", "BILL@TRAVEL.CLOUD") says what it bills for, and stays.
 */
export function withoutMailProviderAddresses(text: string): string {
  return text.replace(/[A-Z0-9._%+-]+@([A-Z0-9-]+)\.[A-Z0-9.-]*/g, (address, host: string) =>
    MAIL_PROVIDERS.has(host) ? ' ' : address,
  );
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
  // France's and Spain's government domains (IMPOTS.GOUV.FR, AGENCIATRIBUTARIA.GOB.ES).
  'GOUV',
  'GOB',
  'AC',
  'EDU',
]);

/**
 * Domains name the merchant: HELP.UBER.COM → UBER, NETFLIX.COM → NETFLIX, AMZN.COM/BILL → AMZN,
 * PANTHERTAXIS.CO.UK → PANTHERTAXIS TAXIS, OTTO.DE → OTTO. Each name is also added to `domains`.
 * European countries' endings only where the word ends: "VA.BEACH" is no Belgian address.
 */
export function replaceDomains(text: string, domains: string[]): string {
  return text.replace(
    /\b((?:[A-Z0-9-]+\.)+)(COM|NET|ORG|IO|CO|AU|UK|US|APP|TV|ME|(?:DE|FR|ES|IT|NL|BE|AT|CH|IE|NZ|CA|EU)(?![A-Z]))((?:\.[A-Z]{2})?)(\/\S*)?/g,
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
