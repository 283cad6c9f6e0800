import { formatMoney } from '@pfs/kit';
import type { Response } from 'express';
import type { DeductionsReportJson, GstReportJson } from './tax';

/**
 * CSV downloads of the tax reports (RFC 4180: comma-separated, CRLF line ends, a header row).
 * They hold the same figures as the JSON reports; amounts have exactly two decimals.
 */

// A text cell that a spreadsheet would read as a formula gets a leading apostrophe (OWASP
// "CSV injection"); amounts and counts are written by us and never start with these.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One text field: quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvText(value: string | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const amount = (value: number): string => formatMoney(value);
const count = (value: number): string => String(value);

function document(rows: string[][]): string {
  return rows.map((cells) => cells.join(',')).join('\r\n') + '\r\n';
}

/**
 * GST report: one `category` line per category, a `total` line, and for Australian users the
 * BAS labels as lines `G1`, `1A`, `1B` with their figure in `amount`.
 */
export function gstReportCsv(report: GstReportJson): string {
  const rows: string[][] = [
    [
      'line',
      'category_id',
      'category_name',
      'gst_collected',
      'gst_paid',
      'net_gst',
      'count',
      'amount',
    ],
  ];
  for (const c of report.byCategory) {
    rows.push([
      'category',
      csvText(c.categoryId),
      csvText(c.categoryName),
      amount(c.gstCollected),
      amount(c.gstPaid),
      amount(c.netGst),
      count(c.count),
      '',
    ]);
  }
  rows.push([
    'total',
    '',
    '',
    amount(report.gstCollected),
    amount(report.gstPaid),
    amount(report.netGst),
    count(report.transactionCount),
    '',
  ]);
  if (report.bas) {
    rows.push([
      'G1',
      '',
      csvText('Total sales (including GST)'),
      '',
      '',
      '',
      '',
      amount(report.bas.G1),
    ]);
    rows.push(['1A', '', csvText('GST on sales'), '', '', '', '', amount(report.bas['1A'])]);
    rows.push(['1B', '', csvText('GST on purchases'), '', '', '', '', amount(report.bas['1B'])]);
  }
  return document(rows);
}

/** Deductions report: `category` lines, a `tax_category` subtotal per tax category, a `total`. */
export function deductionsReportCsv(report: DeductionsReportJson): string {
  const rows: string[][] = [
    ['line', 'tax_category', 'category_id', 'category_name', 'amount', 'count'],
  ];
  for (const group of report.byTaxCategory) {
    for (const c of group.categories) {
      rows.push([
        'category',
        csvText(group.taxCategory),
        csvText(c.categoryId),
        csvText(c.categoryName),
        amount(c.amount),
        count(c.count),
      ]);
    }
    rows.push([
      'tax_category',
      csvText(group.taxCategory),
      '',
      '',
      amount(group.amount),
      count(group.count),
    ]);
  }
  rows.push(['total', '', '', '', amount(report.totalDeductible), count(report.transactionCount)]);
  return document(rows);
}

/** Sends a CSV download; the route then answers {raw: true}. */
export function sendCsv(res: Response, filename: string, body: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.send(body);
}
