/**
 * Payment processors and marketplaces that print their own prefix before the merchant they
 * collect for ("SQ *BLUE BOTTLE COFFEE", "PAYPAL *NETFLIX", "TST* HARVEST & BREW").
 */

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
  // Braintree's web shops: "BT*PIRATE SHIP", "BT*POLYCASE" (not BT the phone company, which
  // prints "BT BILL PAYMENT").
  [/^BT\s?\*\s?/, 'Braintree', ONLINE],
  // Amazon Pay, for shops other than Amazon: "AMZ*TWITCH", "AMZ*MONOPRICE" (Amazon's own lines
  // print AMZN or AMAZON).
  [/^AMZ\s?\*\s?/, 'Amazon Pay', ONLINE],
  [/^CKO\s?\*\s?/, 'Checkout.com', ONLINE],
  // Alone, "AFTERPAY" is an instalment of a purchase the statement does not show: kept as the
  // line's word, the buy-now-pay-later repayment it is.
  [/^AFTERPAY(\s?\*\s?|\s+)(?=\S)/, 'Afterpay'],
  [/^ZIP\s?\*\s?/, 'Zip'],
  [/^KLARNA\s?\*\s?/, 'Klarna', ONLINE],
  [/^CLEARPAY\s?\*\s?/, 'Clearpay', ONLINE],
  // QuickBooks Payments prints "IN *" before the business it collects for.
  [/^IN\s?\*\s?/, 'Intuit'],
  [/^DRI\s?\*\s?/, 'Digital River', ONLINE],
  // InstaMed collects for doctors and hospitals: "MED*CAPITAL DIGESTIVE".
  [/^MED\s?\*\s?/, 'InstaMed'],
  // Ticketmaster sells for the event it names: "TM *CAROLINA BALLET".
  [/^TM\s?\*\s?/, 'Ticketmaster'],
  // Western Union's bill payments: "SPEEDPAY RE ECUA" pays the biller ECUA.
  [/^SPEEDPAY\s+(RE\s+)?/, 'Speedpay'],
  // Italy's platform for paying public bodies: "PAGOPA TARI" is the waste charge it collected.
  [/^PAGOPA\s+/, 'pagoPA'],
];

const ONLINE_PROCESSORS: ReadonlySet<string> = new Set(
  PROCESSORS.filter(([, , online]) => online).map(([, name]) => name),
);

/**
 * Lenders and wallets whose name alone is a line of its own (an instalment repaid, money sent),
 * not a till's: their prefix before nothing of a shop is that line.
 */
const PAYS_FOR_ITSELF: ReadonlySet<string> = new Set([
  'Afterpay',
  'Zip',
  'Klarna',
  'Clearpay',
  'PayPal',
]);

/** Whether the processor's name alone is a line of its own (see PAYS_FOR_ITSELF). */
export function paysForItself(name: string): boolean {
  return PAYS_FOR_ITSELF.has(name);
}

/** The processor prefix taken off the text, and which processor it names. */
export function stripProcessor(text: string): { text: string; processor?: string } {
  for (const [pattern, name] of PROCESSORS) {
    if (pattern.test(text)) return { text: text.replace(pattern, ''), processor: name };
  }
  return { text };
}

/** Whether the processor takes payments on web sites, not at a till (PayPal, Shopify, Stripe…). */
export function isOnlineProcessor(name: string): boolean {
  return ONLINE_PROCESSORS.has(name);
}
