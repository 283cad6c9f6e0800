// Source: github:jegood78/Financial_Planning @ a0f6c73c6b87258546a4bbe8c1f77453a10b6123
//   monarch_transactions.csv (the same household as data/mint.csv, later period: a real Monarch
//   Money export of a USAA Visa card, checking and savings accounts; categories as kept in Monarch).
//   This commit holds the largest version of the file (1984 rows, 2024-06-19 … 2025-08-31).
// Licence: no licence file in the repository.
// Rows written: 1916 (of 1984 source rows).
//
// Extracts data/monarch.csv: date, description (Original Statement, the raw statement text, e.g.
// 'DOLLAR GENERAL 15815     JEFFERSONVILLNY'; Monarch's cleaned Merchant column is not used),
// amount (absolute), type (negative = debit, positive = credit) and the Monarch category.
// Dropped: the car-loan account (FIXED RATE LOAN) rows, and Zelle rows (the description is a
// person's name). The Account, Notes, Tags columns are not copied.
// Usage: node tools/classifier-eval/scripts/extract-monarch.mjs [mirror git dir]
import { readCsv, showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/jegood78+Financial_Planning/repo';
const COMMIT = 'a0f6c73c6b87258546a4bbe8c1f77453a10b6123';
const PATH = 'monarch_transactions.csv';

const records = readCsv(showFile(mirror, COMMIT, PATH));
const out = [];
for (const r of records) {
  if (r['Account'].startsWith('FIXED RATE LOAN')) continue;
  const description = r['Original Statement'].trim();
  const category = r['Category'].trim();
  if (/^zelle\b/i.test(description)) continue;
  const amount = Number(r['Amount'].replace(/,/g, ''));
  const date = r['Date'].trim();
  if (!category || !description || !amount || !/^\d{4}-\d\d-\d\d$/.test(date)) continue;
  out.push([
    date,
    description,
    Math.abs(amount).toFixed(2),
    amount < 0 ? 'debit' : 'credit',
    category,
  ]);
}
const target = writeDataset('monarch', out);
console.log(`${out.length} rows (of ${records.length}) → ${target}`);
