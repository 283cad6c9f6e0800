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
import { extractMintExport } from './mirror-csv.mjs';

extractMintExport('mint-three-weeks', {
  mirror: process.argv[2] ?? '/work/.mirror/AnuSingh18+mint_transactions_analysis/repo',
  commit: '05d6b8f3fcd87153d2dceb5038d1d5d5af6eaea2',
  path: 'mint_transactions.csv',
  investmentAccount: /brokerage|\bira\b|\btod\b|health savings/i,
  noLabel: new Set(['Uncategorized']),
});
