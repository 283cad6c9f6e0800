import type {
  ImportColumnRef,
  ImportDetection,
  ImportMappingInfo,
  ImportLayout,
  ImportMapping,
  ImportRowPreview,
  StatementImport,
} from '@pfs/proto/ledger/v1/imports';
import type { LayoutDetection, MappingOverrides } from './domain/import/mapping';
import { ORDER_LABEL } from './domain/import/dates';
import type { ImportMappingRow } from './store/import-mappings';
import type { ColumnRef, DecimalSeparator } from './domain/import/types';
import type { Delimiter } from './domain/import/csv-dialect';
import type { PreviewRow } from './import-runner';
import type { DuplicateLine, ImportRow, SkippedLine, WarningLine } from './store/imports';

/** Proto ↔ domain for imports. */

const iso = (d: Date | null) => (d ? d.toISOString() : '');

function refFromProto(ref: ImportColumnRef | undefined): ColumnRef | undefined {
  if (!ref?.ref) return undefined;
  return ref.ref.value;
}

function refToProto(ref: ColumnRef | undefined): ImportColumnRef | undefined {
  if (ref === undefined) return undefined;
  return {
    ref: typeof ref === 'number' ? { $case: 'index', value: ref } : { $case: 'name', value: ref },
  };
}

export function mappingFromProto(m: ImportMapping | undefined): MappingOverrides | undefined {
  if (!m) return undefined;
  const out: MappingOverrides = {};
  if (m.preset) out.preset = m.preset;
  for (const key of [
    'date',
    'amount',
    'debit',
    'credit',
    'type',
    'merchant',
    'externalId',
    'account',
  ] as const) {
    const ref = refFromProto(m[key]);
    if (ref !== undefined) out[key] = ref;
  }
  const description = m.description.flatMap((r) => {
    const ref = refFromProto(r);
    return ref === undefined ? [] : [ref];
  });
  if (description.length) out.description = description;
  if (m.delimiter) out.delimiter = m.delimiter as Delimiter;
  if (m.hasHeader !== undefined) out.hasHeader = m.hasHeader;
  if (m.decimalSeparator) out.decimalSeparator = m.decimalSeparator as DecimalSeparator;
  if (m.invertSign !== undefined) out.invertSign = m.invertSign;
  return out;
}

export function mappingToProto(m: MappingOverrides): ImportMapping {
  return {
    preset: m.preset ?? '',
    date: refToProto(m.date),
    description: (m.description ?? []).map((r) => refToProto(r)!),
    amount: refToProto(m.amount),
    debit: refToProto(m.debit),
    credit: refToProto(m.credit),
    type: refToProto(m.type),
    merchant: refToProto(m.merchant),
    externalId: refToProto(m.externalId),
    account: refToProto(m.account),
    delimiter: m.delimiter ?? '',
    hasHeader: m.hasHeader,
    decimalSeparator: m.decimalSeparator ?? '',
    invertSign: m.invertSign,
  };
}

/** The layout as stored (describePlan's shape) made a message. */
export function layoutToProto(
  layout: Record<string, unknown> | null | undefined,
): ImportLayout | undefined {
  if (!layout) return undefined;
  const mapping = layout.mapping as MappingOverrides | undefined;
  return {
    format: String(layout.format ?? ''),
    encoding: String(layout.encoding ?? ''),
    dateFormat: String(layout.dateFormat ?? ''),
    dateFormatSource: String(layout.dateFormatSource ?? ''),
    mapping: mapping ? mappingToProto(mapping) : undefined,
    headers: Array.isArray(layout.headers) ? layout.headers.map(String) : [],
    headerLine: Number(layout.headerLine ?? 0),
    detection: detectionToProto(layout.detection as LayoutDetection | undefined),
  };
}

function detectionToProto(d: LayoutDetection | undefined): ImportDetection | undefined {
  if (!d) return undefined;
  return {
    source: d.source,
    certain: d.certain,
    columns: d.columns.map((c) => ({
      field: c.field,
      column: c.column,
      header: c.header ?? '',
      reason: c.reason,
    })),
    savedMappingId: d.savedMapping?.id ?? '',
    savedMappingName: d.savedMapping?.name ?? '',
  };
}

export function mappingInfoToProto(row: ImportMappingRow): ImportMappingInfo {
  return {
    id: row.id,
    name: row.name,
    headers: row.headers,
    mapping: mappingToProto(row.mapping),
    dateFormat: row.date_order ? ORDER_LABEL[row.date_order] : '',
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

export function importToProto(row: ImportRow): StatementImport {
  return {
    id: row.id,
    status: row.status,
    fileName: row.file_name,
    format: row.format,
    imported: row.imported,
    duplicates: row.duplicates,
    skipped: row.skipped,
    errors: row.errors,
    errorCount: row.error_count,
    processedRows: row.processed_rows,
    totalRows: row.total_rows ?? Math.max(row.estimated_rows, row.processed_rows),
    totalRowsEstimated: row.total_rows === null,
    byteSize: String(row.byte_size),
    failure: row.failure ?? '',
    layout: layoutToProto(row.layout),
    createdAt: iso(row.created_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    ...reportToProto({
      duplicateRows: row.duplicate_rows,
      warnings: row.warnings,
      skippedRows: row.skipped_rows,
    }),
  };
}

/** The report's lines (the first 1000 of each kind) as the message's fields. */
export function reportToProto(report: {
  duplicateRows?: DuplicateLine[];
  warnings?: WarningLine[];
  skippedRows?: SkippedLine[];
}): Pick<StatementImport, 'duplicateRows' | 'warnings' | 'skippedRows'> {
  return {
    duplicateRows: (report.duplicateRows ?? []).map((d) => ({
      line: d.line,
      duplicateOf: d.duplicateOf,
      reason: d.reason,
    })),
    warnings: (report.warnings ?? []).map((w) => ({
      line: w.line,
      warning: w.warning,
      transactionId: w.transactionId,
    })),
    skippedRows: (report.skippedRows ?? []).map((k) => ({ line: k.line, reason: k.reason })),
  };
}

export function previewToProto(row: PreviewRow): ImportRowPreview {
  const p = row.parsed;
  return {
    line: row.line,
    status: row.status,
    parsed: p && {
      date: p.date,
      description: p.description,
      amount: p.amount,
      type: p.type,
      merchant: p.merchant ?? undefined,
      externalId: p.externalId ?? undefined,
    },
    duplicateOf: row.duplicateOf ?? '',
    reason: row.reason ?? '',
  };
}
