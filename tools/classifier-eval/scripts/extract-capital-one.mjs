// Extracts the Capital One card export of github:uumoss-bb/coins_that_stack (2021 and 2022
// files, at the commits below) from the local mirror into data/capital-one.csv: date,
// description, amount, type and the category Capital One assigned. Card numbers are dropped.
// Usage: node tools/classifier-eval/scripts/extract-capital-one.mjs [mirror git dir]
import { showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/uumoss-bb+coins_that_stack/repo';
const SOURCES = [
  ['128627533b7239c4aed39dd7cb2b28e36045199b', 'src/transactions/cap_2021.js'],
  ['2decd75fed36c9bb456d1f7365aaf93f18c648d0', 'src/transactions/cap_2022.js'],
];
const out = [];
for (const [commit, path] of SOURCES) {
  const text = showFile(mirror, commit, path);
  const rows = JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1));
  for (const r of rows) {
    const debit = Number(r.Debit || 0);
    const credit = Number(r.Credit || 0);
    const type = debit > 0 ? 'debit' : 'credit';
    const amount = debit > 0 ? debit : credit;
    out.push([r.Transaction_Date, r.Description.trim(), amount.toFixed(2), type, r.Category]);
  }
}
const target = writeDataset('capital-one', out);
console.log(`${out.length} rows → ${target}`);
