// Source: github:ilongaelton/personal-transaction- @ 07b604863ca57b4db9c53775cf6d628090e30cb9
//   ressource/personal_transactions_dashboard_ready (2).csv, a copy of Kaggle's
//   "entrepreneurlife/personal-finance" (one person's Mint export, January 2018 to September
//   2019: a checking account and two cards; Mint's cleaned Description, no Original
//   Description; 22 Mint categories as the owner kept them; a Month column added by the copy).
// Licence: no licence file in the repository.
// Rows written: every row with a label, a description and a debit/credit type. The
// descriptions were cleaned by Mint or the owner ("Grocery Store", "Thai Restaurant",
// "Phone Company"): a user whose lines carry few brand names. Added 2026-11-28, scored before
// any of its answers was read. The Account Name and Month columns are not copied.
// Usage: node tools/classifier-eval/scripts/extract-personal-finance.mjs [mirror git dir]
import { readCsv, showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/ilongaelton+personal-transaction-/repo';
const records = readCsv(
  showFile(
    mirror,
    '07b604863ca57b4db9c53775cf6d628090e30cb9',
    'ressource/personal_transactions_dashboard_ready (2).csv',
  ),
);
const rows = [];
for (const r of records) {
  const category = r['Category'].trim();
  const description = r['Description'].trim();
  const type = r['Transaction Type'].trim();
  const amount = Number(r['Amount'].replace(/,/g, ''));
  if (!category || !description || !amount || !['debit', 'credit'].includes(type)) continue;
  rows.push([
    r['Date'].trim().slice(0, 10),
    description,
    Math.abs(amount).toFixed(2),
    type,
    category,
  ]);
}
const target = writeDataset('personal-finance', rows);
console.log(`${rows.length} rows (of ${records.length}) → ${target}`);
