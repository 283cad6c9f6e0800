// Source: github:David-OConnor/finance-monitor @ 88c69ca32596f7ec03f7c774c3268010d9908fb3
//   mint.csv (one person's Mint.com export, February 2010 to February 2024: credit cards,
//   an Amazon card, checking and savings in the US and the UK, and brokerage accounts;
//   categories as Mint assigned them or the owner changed them, in the 28 top-level names of
//   Mint's last taxonomy). The file was deleted in the next commit (1dac53f).
// Licence: no licence file in the repository at that commit.
// Rows written: 18,548 (of 20,741 source rows).
//
// Extracts data/finance-monitor.csv in the evaluation's shape. Rules fixed before any answer
// on this set was read:
// - the description is Mint's Original Description (the statement's text) where there is one,
//   else its Description;
// - kept: the bank and card accounts only; the brokerage, IRA and 401(k) accounts' buys, sells
//   and dividends are not statement lines (as in extract-mint.mjs);
// - left out: rows with no label ("Uncategorized", and "Hide", which hides a row from budgets),
//   and payments to a person (Zelle, Venmo), whose description is the person's name.
// The Account Name column is not copied.
// Usage: node tools/classifier-eval/scripts/extract-finance-monitor.mjs [mirror git dir]
import { extractMintExport } from './mirror-csv.mjs';

extractMintExport('finance-monitor', {
  mirror: process.argv[2] ?? '/work/.mirror/David-OConnor+finance-monitor/repo',
  commit: '88c69ca32596f7ec03f7c774c3268010d9908fb3',
  path: 'mint.csv',
  investmentAccount: /brokerage|\bira\b|401\(k\)|^11663499$|^4ZU07366$|^David A O'Connor$/i,
  noLabel: new Set(['Uncategorized', 'Hide']),
});
