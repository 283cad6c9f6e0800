// Source: github:fcortes10/purchases-clustering @ d055daf58b5a4e81a289dc81a670bc298fb80e4c
//   data-csv/purchase-card-transactions-201612.csv … data-csv/purchase-card-transactions-201711.csv
//   (12 monthly files, Dec 2016 – Nov 2017). The repo copies Birmingham City Council's published
//   purchase-card transactions (https://data.birmingham.gov.uk/dataset/purchase-card-transactions).
// Licence: no licence file in the repository (the upstream data is council open data).
// Rows written: 51542 (of 51591 source rows; 49 with an empty expense category or zero amount dropped).
//
// Extracts data/birmingham-pcard.csv: date (TRANS DATE), description (MERCHANT NAME, as printed on
// the card statement, e.g. 'shell kings 587', 'amazon uk marketplace'), amount (ORIGINAL GROSS AMT,
// GBP), type (negative amounts are refunds → credit), category (TRANS CAC DESC 1, the council's
// expense account, e.g. 'Vehicle Fuel', 'Purchases Food', 'Stationery'). The masked CARD NUMBER and
// the cost-centre / directorate columns are not copied.
// Usage: node tools/classifier-eval/scripts/extract-birmingham-pcard.mjs [mirror git dir]
import { readCsv, showFile, writeDataset } from './mirror-csv.mjs';

const mirror = process.argv[2] ?? '/work/.mirror/fcortes10+purchases-clustering/repo';
const COMMIT = 'd055daf58b5a4e81a289dc81a670bc298fb80e4c';
const MONTHS = [
  '201612',
  '201701',
  '201702',
  '201703',
  '201704',
  '201705',
  '201706',
  '201707',
  '201708',
  '201709',
  '201710',
  '201711',
];

const out = [];
let source = 0;
for (const month of MONTHS) {
  const text = showFile(mirror, COMMIT, `data-csv/purchase-card-transactions-${month}.csv`);
  // The monthly files use ';' or ',' as separator.
  const records = readCsv(text, text.slice(0, text.indexOf('\n')).includes(';') ? ';' : ',');
  for (const r of records) {
    source++;
    const [dd, mm, yy] = r['TRANS DATE'].trim().split('/');
    const raw = Number(r['ORIGINAL GROSS AMT'].replace(/,/g, '').trim());
    const description = r['MERCHANT NAME'].replace(/\s+/g, ' ').trim();
    const category = r['TRANS CAC DESC 1'].trim();
    if (!category || !description || !raw || !yy) continue;
    out.push([
      `20${yy}-${mm}-${dd}`,
      description,
      Math.abs(raw).toFixed(2),
      raw < 0 ? 'credit' : 'debit',
      category,
    ]);
  }
}
const target = writeDataset('birmingham-pcard', out);
console.log(`${out.length} rows (of ${source}) → ${target}`);
