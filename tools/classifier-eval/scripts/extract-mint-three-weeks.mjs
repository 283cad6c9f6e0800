// Source: github:AnuSingh18/mint_transactions_analysis @ 05d6b8f3fcd87153d2dceb5038d1d5d5af6eaea2
//   mint_transactions.csv (a household's Mint.com export of three weeks, 8 to 28 June 2022:
//   credit cards, checking and savings, a health savings account and brokerage accounts;
//   categories as Mint assigned them or the owners changed them, in Mint's detailed names).
// Licence: no licence file in the repository.
// Rows written: 83 (of 99 source rows). Too few for the warm figures to mean much (a test
// part of 16 lines); it is here for a cold figure on data no one here had read.
//
// The same rules as extract-finance-monitor.mjs, fixed before any answer on this set was read:
// the statement's text (Original Description), bank and card accounts only (the health savings,
// brokerage, TOD and IRA accounts' buys and dividends are not statement lines), no rows without
// a label ("Uncategorized") and no payments to a person (Zelle, Venmo). The Account Name column
// is not copied.
// Usage: node tools/classifier-eval/scripts/extract-mint-three-weeks.mjs [mirror git dir]
import { mintExportRows, readCsv, showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/AnuSingh18+mint_transactions_analysis/repo';
const COMMIT = '05d6b8f3fcd87153d2dceb5038d1d5d5af6eaea2';
const PATH = 'mint_transactions.csv';
const INVESTMENT_ACCOUNT = /brokerage|\bira\b|\btod\b|health savings/i;
const NO_LABEL = new Set(['Uncategorized']);
const TO_A_PERSON = /\b(zelle|venmo)\b/i;

const records = readCsv(showFile(mirror, COMMIT, PATH));
const out = mintExportRows(
  records,
  (r, category, description) =>
    !INVESTMENT_ACCOUNT.test(r['Account Name'].trim()) &&
    !NO_LABEL.has(category) &&
    !TO_A_PERSON.test(description),
  { orDescription: true },
);
const target = writeDataset('mint-three-weeks', out);
console.log(`${out.length} rows (of ${records.length}) → ${target}`);
