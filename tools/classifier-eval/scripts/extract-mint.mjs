// Source: github:jegood78/Financial_Planning @ 7e23b53028d7e38a5c4ca70dc74748b00d1f08ae
//   mint_transactions.csv (a household's real Mint.com export: USAA Visa card, checking and savings,
//   plus brokerage/IRA/loan accounts; categories as assigned in Mint by the owner).
// Licence: no licence file in the repository.
// Rows written: 753 (of 991 source rows).
//
// Extracts data/mint.csv: date, description (Original Description, as printed on the statement,
// e.g. 'STARBUCKS STORE 22656    MECHANICSBURGPA'), amount, type (Mint's Transaction Type) and the
// Mint category. Kept: only rows of the bank/card accounts (Signature Visa, CHECKING Account,
// SAVINGS Account); brokerage, IRA, TSP and car-loan rows (Buy/Sell/Dividend…) are not statement
// lines. Dropped for privacy: Zelle rows (the description is a person's name) and rows whose
// category label is a family member's name (Jeff_Pay, Elaina_Pay, Eleanor Savings, Adeline
// Savings). The Account Name column is not copied.
// Usage: node tools/classifier-eval/scripts/extract-mint.mjs [mirror git dir]
import { mintExportRows, readCsv, showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/jegood78+Financial_Planning/repo';
const COMMIT = '7e23b53028d7e38a5c4ca70dc74748b00d1f08ae';
const PATH = 'mint_transactions.csv';
const ACCOUNTS = new Set(['Signature Visa', 'CHECKING Account', 'SAVINGS Account']);
const NAMED_CATEGORIES = new Set(['Jeff_Pay', 'Elaina_Pay', 'Eleanor Savings', 'Adeline Savings']);

const records = readCsv(showFile(mirror, COMMIT, PATH));
const out = mintExportRows(
  records,
  (r, category, description) =>
    ACCOUNTS.has(r['Account Name'].trim()) &&
    !NAMED_CATEGORIES.has(category) &&
    !/^zelle\b/i.test(description),
);
const target = writeDataset('mint', out);
console.log(`${out.length} rows (of ${records.length}) → ${target}`);
