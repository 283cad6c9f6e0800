import { AppError, moneyToNumber, type ClientStreamCall, type FieldIssue } from '@pfs/kit';
import {
  ImportServiceClient,
  type ImportColumnRef,
  type ImportMapping,
  type ImportMappingInfo,
  type ImportRowPreview,
  type ImportTransactionsRequest,
  type ImportTransactionsResponse,
  type StatementImport,
} from '@pfs/proto/ledger/v1/imports';
import type { Request } from 'express';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { toAppError } from '../http/errors';
import { abandonUpload, inChunks, multipartParts } from '../http/multipart';
import { idParams, pageQuery, paginationSchema } from '../http/schemas';
import type { Upstreams } from '../upstreams';
import { defineRoute } from './route';
import { pageRequest, presentPage } from '../present/pagination';

/**
 * Bank statement import: the gateway reads the multipart upload with busboy and streams the
 * file to the ledger's ImportService over one client-streaming call, chunk by chunk, with
 * backpressure both ways; the ledger parses, deduplicates and stores it.
 */

/** The start of the file is held back until then, so fields sent after a small file still count. */
const HOLD_BYTES = 256 * 1024;
/** Uploading and importing a large file takes longer than an ordinary call. */
const IMPORT_DEADLINE_MS = 15 * 60_000;

export const DATE_FORMATS = [
  'DD/MM/YYYY',
  'DD-MM-YYYY',
  'DD.MM.YYYY',
  'DD/MM/YY',
  'MM/DD/YYYY',
  'MM-DD-YYYY',
  'MM/DD/YY',
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
] as const;

export const PRESET_IDS = [
  'commbank',
  'anz',
  'westpac',
  'nab',
  'monzo',
  'barclays',
  'lloyds',
  'hsbc',
  'chase',
  'chase-card',
  'bofa',
  'bofa-card',
  'wells-fargo',
] as const;

const columnRef = z
  .union([
    z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
    z
      .number()
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(999, 'must be at most 999'),
  ])
  .describe('A column: its header name (case-insensitive) or its position from 0');

export const mappingSchema = z
  .object({
    preset: z.enum(PRESET_IDS).optional().describe('Use a bank layout instead of detecting one'),
    date: columnRef.optional(),
    description: z
      .union([columnRef, z.array(columnRef).min(1).max(10)])
      .optional()
      .describe('One column, or several joined with a space'),
    amount: columnRef
      .optional()
      .describe('A signed amount: negative (or in brackets, or DR) is money out'),
    debit: columnRef.optional().describe('Money out, when the file has separate columns'),
    credit: columnRef.optional().describe('Money in, when the file has separate columns'),
    type: columnRef
      .optional()
      .describe('A DR/CR (D/C, debit/credit) marker for an unsigned amount'),
    merchant: columnRef.optional(),
    externalId: columnRef
      .optional()
      .describe("The bank's unique transaction id: rows are deduplicated by it"),
    account: columnRef.optional(),
    hasHeader: z.boolean().optional(),
    delimiter: z.enum([',', ';', '\t', '|']).optional(),
    decimalSeparator: z.enum(['.', ',']).optional(),
    invertSign: z
      .boolean()
      .optional()
      .describe('Positive amounts are money out (some card exports)'),
  })
  .refine((m) => m.amount === undefined || (m.debit === undefined && m.credit === undefined), {
    message: 'give either amount or debit/credit, not both',
    path: ['amount'],
  });

type MappingInput = z.output<typeof mappingSchema>;

const uploadFields = {
  mapping: z
    .string()
    .describe(
      'JSON object overriding detected CSV columns (see ImportMapping). Send the fields before the file part when the file is over 256 KiB.',
    ),
  dateFormat: z
    .enum(DATE_FORMATS)
    .describe('Order of numeric dates; detected from the file (then your country) when omitted'),
  dryRun: z.enum(['true', 'false']).describe('true: answer what would be imported, save nothing'),
  account: z
    .string()
    .describe(
      'CAMT.053 / MT940 files with statements of several accounts: the IBAN or account number to import (spaces and case do not matter)',
    ),
  saveMappingAs: z
    .string()
    .describe(
      "CSV only, not with dryRun: save the effective mapping and date order under this name (e.g. the bank's). The next file of the same layout is then read with it when its request names no columns.",
    ),
};

const columnOut = z.union([z.string(), z.number().int()]);
const mappingOut = z.object({
  preset: z.string().optional(),
  date: columnOut.optional(),
  description: z.array(columnOut).optional(),
  amount: columnOut.optional(),
  debit: columnOut.optional(),
  credit: columnOut.optional(),
  type: columnOut.optional(),
  merchant: columnOut.optional(),
  externalId: columnOut.optional(),
  account: columnOut.optional(),
  hasHeader: z.boolean().optional(),
  delimiter: z.string().optional(),
  decimalSeparator: z.string().optional(),
  invertSign: z.boolean().optional(),
});

export const importSchema = z.object({
  id: z.string().nullable().describe('null in a dry run'),
  status: z.enum(['receiving', 'queued', 'running', 'completed', 'failed', 'dry_run']),
  fileName: z.string(),
  format: z.enum(['csv', 'ofx', 'qfx', 'qif', 'camt053', 'mt940']),
  imported: z.number().int().describe('Rows that became transactions (in a dry run: would become)'),
  duplicates: z
    .number()
    .int()
    .describe(
      'Rows matching a transaction already imported (same bank id, or same date, amount, direction and description at the same occurrence)',
    ),
  skipped: z
    .number()
    .int()
    .describe(
      'Rows neither imported nor duplicates: rows with errors, balance lines, zero amounts',
    ),
  errors: z
    .array(z.object({ line: z.number().int(), error: z.string() }))
    .describe('The first 1000 row errors, by line'),
  errorCount: z.number().int(),
  duplicateRows: z
    .array(
      z.object({
        line: z.number().int(),
        duplicateOf: z
          .string()
          .nullable()
          .describe('The transaction the line matched (null: an earlier line of this dry run)'),
        reason: z.string(),
      }),
    )
    .describe('The first 1000 duplicate lines, each with the transaction it matched'),
  warnings: z
    .array(
      z.object({
        line: z.number().int(),
        warning: z.string(),
        transactionId: z.string().nullable().describe('The transaction the line became'),
      }),
    )
    .describe(
      'The first 1000 lines imported with something to tell, e.g. a bank id reused for a different transaction',
    ),
  skippedRows: z
    .array(z.object({ line: z.number().int(), reason: z.string() }))
    .describe('The first 1000 lines with nothing to import (balance lines, zero amounts), and why'),
  processedRows: z.number().int(),
  totalRows: z
    .number()
    .int()
    .describe('Exact once completed; estimated from the line count before'),
  totalRowsEstimated: z.boolean(),
  progress: z.number().describe('0 to 1'),
  byteSize: z.number().int(),
  failure: z.string().nullable(),
  detected: z.object({
    encoding: z.string(),
    dateFormat: z
      .string()
      .nullable()
      .describe('Order of numeric dates; null when every date was unambiguous'),
    dateFormatSource: z.string().describe('dateFormat | file | preset | country | unambiguous'),
    headers: z.array(z.string()),
    headerLine: z.number().int().nullable(),
    mapping: mappingOut
      .nullable()
      .describe('CSV only: the effective mapping, in the shape the mapping field takes'),
    source: z
      .enum(['request', 'saved', 'preset', 'headers', 'values'])
      .nullable()
      .describe(
        "CSV only: where the columns came from: the request's mapping, a saved mapping, a bank preset, header names, or the values alone",
      ),
    certain: z
      .boolean()
      .nullable()
      .describe(
        'CSV only: false when the date, amount or description column was guessed from its values: check columns, then send a mapping',
      ),
    columns: z
      .array(
        z.object({
          field: z.string(),
          column: z.number().int().describe('0-based position'),
          header: z.string().nullable(),
          reason: z.string().describe('Why this column was taken'),
        }),
      )
      .describe('CSV only: each mapped column and why it was chosen'),
    savedMapping: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe('The saved mapping this file was read with'),
  }),
  createdAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  savedMapping: z
    .lazy(() => importMappingSchema)
    .nullable()
    .describe('The mapping saved by this import (saveMappingAs)'),
});

export const importMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  headers: z.array(z.string()).describe('The header row it applies to (empty: a headerless file)'),
  mapping: mappingOut,
  dateFormat: z.string().nullable().describe('The date order saved with it'),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

const previewSchema = z.object({
  line: z.number().int(),
  status: z.enum(['new', 'duplicate', 'error', 'skipped']),
  parsed: z
    .object({
      date: z.string(),
      description: z.string(),
      amount: z.number(),
      type: z.enum(['debit', 'credit']),
      merchant: z.string().nullable(),
      externalId: z.string().nullable(),
    })
    .nullable(),
  duplicateOf: z.string().nullable().describe('The existing transaction a duplicate matches'),
  reason: z.string().nullable().describe('Why the row is a duplicate, an error or skipped'),
});

const importResponse = z.object({ success: z.literal(true), import: importSchema });
const dryRunResponse = z.object({
  success: z.literal(true),
  dryRun: z.literal(true),
  import: importSchema,
  mapping: mappingOut.nullable(),
  rows: z.array(previewSchema).describe('The first 1000 rows'),
  rowsTruncated: z.boolean(),
});

function refJson(ref: ImportColumnRef | undefined): string | number | undefined {
  return ref?.ref?.value;
}

function presentMapping(m: ImportMapping | undefined): z.output<typeof mappingOut> | null {
  if (!m) return null;
  const out: z.output<typeof mappingOut> = {};
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
    const value = refJson(m[key]);
    if (value !== undefined) out[key] = value;
  }
  if (m.description.length) out.description = m.description.map((r) => refJson(r) ?? '');
  if (m.hasHeader !== undefined) out.hasHeader = m.hasHeader;
  if (m.delimiter) out.delimiter = m.delimiter;
  if (m.decimalSeparator) out.decimalSeparator = m.decimalSeparator;
  if (m.invertSign !== undefined) out.invertSign = m.invertSign;
  return out;
}

export function presentImport(s: StatementImport): z.output<typeof importSchema> {
  const layout = s.layout;
  const finished = s.status === 'completed' || s.status === 'failed' || s.status === 'dry_run';
  return {
    id: s.id || null,
    status: s.status as z.output<typeof importSchema>['status'],
    fileName: s.fileName,
    format: (s.format || 'csv') as z.output<typeof importSchema>['format'],
    imported: s.imported,
    duplicates: s.duplicates,
    skipped: s.skipped,
    errors: s.errors.map((e) => ({ line: e.line, error: e.error })),
    errorCount: s.errorCount,
    duplicateRows: s.duplicateRows.map((d) => ({
      line: d.line,
      duplicateOf: d.duplicateOf || null,
      reason: d.reason,
    })),
    warnings: s.warnings.map((w) => ({
      line: w.line,
      warning: w.warning,
      transactionId: w.transactionId || null,
    })),
    skippedRows: s.skippedRows.map((k) => ({ line: k.line, reason: k.reason })),
    processedRows: s.processedRows,
    totalRows: s.totalRows,
    totalRowsEstimated: s.totalRowsEstimated,
    progress: finished ? 1 : s.totalRows > 0 ? Math.min(0.99, s.processedRows / s.totalRows) : 0,
    byteSize: Number(s.byteSize),
    failure: s.failure || null,
    detected: {
      encoding: layout?.encoding ?? '',
      dateFormat: layout?.dateFormat || null,
      dateFormatSource: layout?.dateFormatSource ?? '',
      headers: layout?.headers ?? [],
      headerLine: layout?.headerLine || null,
      mapping: presentMapping(layout?.mapping),
      source: (layout?.detection?.source || null) as z.output<
        typeof importSchema
      >['detected']['source'],
      certain: layout?.detection ? layout.detection.certain : null,
      columns: (layout?.detection?.columns ?? []).map((c) => ({
        field: c.field,
        column: c.column,
        header: c.header || null,
        reason: c.reason,
      })),
      savedMapping: layout?.detection?.savedMappingId
        ? { id: layout.detection.savedMappingId, name: layout.detection.savedMappingName }
        : null,
    },
    createdAt: s.createdAt || null,
    startedAt: s.startedAt || null,
    finishedAt: s.finishedAt || null,
    savedMapping: s.savedMapping ? presentImportMapping(s.savedMapping) : null,
  };
}

export function presentImportMapping(m: ImportMappingInfo): z.output<typeof importMappingSchema> {
  return {
    id: m.id,
    name: m.name,
    headers: m.headers,
    mapping: presentMapping(m.mapping) ?? {},
    dateFormat: m.dateFormat || null,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    lastUsedAt: m.lastUsedAt || null,
  };
}

function presentPreview(row: ImportRowPreview): z.output<typeof previewSchema> {
  const p = row.parsed;
  return {
    line: row.line,
    status: row.status as z.output<typeof previewSchema>['status'],
    parsed: p
      ? {
          date: p.date,
          description: p.description,
          amount: moneyToNumber(p.amount),
          type: p.type as 'debit' | 'credit',
          merchant: p.merchant ?? null,
          externalId: p.externalId ?? null,
        }
      : null,
    duplicateOf: row.duplicateOf || null,
    reason: row.reason || null,
  };
}

function toProtoRef(ref: string | number | undefined): ImportColumnRef | undefined {
  if (ref === undefined) return undefined;
  return {
    ref: typeof ref === 'number' ? { $case: 'index', value: ref } : { $case: 'name', value: ref },
  };
}

function toProtoMapping(m: MappingInput): ImportMapping {
  const description =
    m.description === undefined
      ? []
      : Array.isArray(m.description)
        ? m.description
        : [m.description];
  return {
    preset: m.preset ?? '',
    date: toProtoRef(m.date),
    description: description.map((r) => toProtoRef(r)!),
    amount: toProtoRef(m.amount),
    debit: toProtoRef(m.debit),
    credit: toProtoRef(m.credit),
    type: toProtoRef(m.type),
    merchant: toProtoRef(m.merchant),
    externalId: toProtoRef(m.externalId),
    account: toProtoRef(m.account),
    delimiter: m.delimiter ?? '',
    hasHeader: m.hasHeader,
    decimalSeparator: m.decimalSeparator ?? '',
    invertSign: m.invertSign,
  };
}

interface UploadOptions {
  mapping?: ImportMapping;
  dateFormat: string;
  dryRun: boolean;
  account?: string;
  saveMappingAs?: string;
}

/** Validates the form fields; every bad one is reported at once. */
function parseFields(fields: Map<string, string>): UploadOptions {
  const issues: FieldIssue[] = [];
  let mapping: ImportMapping | undefined;
  const rawMapping = fields.get('mapping');
  if (rawMapping !== undefined && rawMapping.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(rawMapping);
    } catch (err) {
      issues.push({ field: 'mapping', message: `must be valid JSON (${(err as Error).message})` });
    }
    if (json !== undefined) {
      const parsed = mappingSchema.safeParse(json);
      if (parsed.success) mapping = toProtoMapping(parsed.data);
      else {
        for (const i of parsed.error.issues) {
          issues.push({ field: ['mapping', ...i.path].join('.'), message: i.message });
        }
      }
    }
  }
  const dateFormat = fields.get('dateFormat')?.trim() ?? '';
  if (dateFormat && !(DATE_FORMATS as readonly string[]).includes(dateFormat.toUpperCase())) {
    issues.push({ field: 'dateFormat', message: `must be one of ${DATE_FORMATS.join(', ')}` });
  }
  const dryRun = fields.get('dryRun')?.trim().toLowerCase() ?? 'false';
  if (dryRun !== 'true' && dryRun !== 'false')
    issues.push({ field: 'dryRun', message: 'must be true or false' });
  if (issues.length) throw AppError.validation(issues, 'Invalid import request');
  // Their checks (length, a dry run saving nothing, CSV only) are the ledger's.
  return {
    mapping,
    dateFormat: dateFormat.toUpperCase(),
    dryRun: dryRun === 'true',
    account: fields.get('account'),
    saveMappingAs: fields.get('saveMappingAs'),
  };
}

/**
 * Reads the upload and streams its file to the ledger: the fields first, then the file, whose
 * start is held back (up to HOLD_BYTES) so fields sent after a small file are still seen.
 */
async function forwardUpload(
  req: Request,
  principal: Principal,
  upstreams: Upstreams,
): Promise<ImportTransactionsResponse> {
  if (!req.is('multipart/form-data')) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the statement as multipart/form-data with a "file" part',
    );
  }
  const fields = new Map<string, string>();
  let call: ClientStreamCall<ImportTransactionsRequest, ImportTransactionsResponse> | undefined;
  let fileName: string | undefined;
  let held: Buffer[] = [];
  let fieldBytes = 0;

  const open = () => {
    const options = parseFields(fields);
    const declared = Number(req.get('content-length') ?? 0);
    const stream = upstreams.ledger
      .service(ImportServiceClient)
      .clientStream((c) => c.importTransactions, { deadlineMs: IMPORT_DEADLINE_MS });
    call = stream;
    return stream
      .write({
        part: {
          $case: 'options',
          value: {
            fileName: fileName ?? '',
            mapping: options.mapping,
            dateFormat: options.dateFormat,
            dryRun: options.dryRun,
            account: options.account,
            saveMappingAs: options.saveMappingAs,
            countryCode: principal.countryCode ?? '',
            // The body less its form fields and multipart framing: the file's size, near enough.
            declaredBytes: String(
              Number.isFinite(declared) ? Math.max(0, declared - fieldBytes - 4096) : 0,
            ),
          },
        },
      })
      .then(() => stream);
  };
  const send = async (stream: NonNullable<typeof call>, chunk: Buffer) => {
    for await (const piece of inChunks(chunk))
      await stream.write({ part: { $case: 'chunk', value: piece } });
  };

  try {
    for await (const part of multipartParts(req, { files: 2, fields: 20, parts: 30 })) {
      if (part.kind === 'field') {
        if (!(part.name in uploadFields)) continue; // unknown fields are ignored
        if (part.truncated)
          throw AppError.validation([{ field: part.name, message: 'is too long' }]);
        if (call) {
          throw AppError.validation([
            {
              field: part.name,
              message: 'must come before the file part when the file is over 256 KiB',
            },
          ]);
        }
        fields.set(part.name, part.value);
        fieldBytes += part.value.length;
        continue;
      }
      if (part.name !== 'file') {
        part.stream.resume();
        continue;
      }
      if (fileName !== undefined) {
        part.stream.resume();
        throw AppError.validation([{ field: 'file', message: 'send one file per import' }]);
      }
      fileName = part.fileName;
      let heldBytes = 0;
      for await (const chunk of part.stream as AsyncIterable<Buffer>) {
        if (call) {
          await send(call, chunk);
          continue;
        }
        held.push(chunk);
        heldBytes += chunk.length;
        if (heldBytes >= HOLD_BYTES) {
          const stream = await open();
          for (const piece of held) await send(stream, piece);
          held = [];
        }
      }
    }
    if (fileName === undefined)
      throw AppError.validation([{ field: 'file', message: 'is required' }]);
    const stream = call ?? (await open());
    for (const piece of held) await send(stream, piece);
    return await stream.end();
  } catch (err) {
    call?.cancel();
    // A failure the ledger answered with (415, 413, 400) is the answer, not the cancellation.
    const answered = call
      ? await call.response.then(
          () => undefined,
          (e: unknown) => e,
        )
      : undefined;
    throw toAppError(
      answered instanceof AppError && answered.code !== 'INTERNAL_ERROR' ? answered : err,
    );
  }
}

export const importRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/bank/transactions/import',
    summary: 'Import a bank statement (CSV, OFX, QFX or QIF)',
    description:
      'multipart/form-data with a `file` part and optional `mapping` (JSON), `dateFormat` and `dryRun` fields. ' +
      'CSV: any delimiter (, ; tab |), UTF-8 (with or without BOM), UTF-16 or Windows-1252/Latin-1, header row detected ' +
      '(or none), signed amounts or debit/credit columns, thousands separators, currency symbols, (brackets) and CR/DR ' +
      'for signs, decimal commas. Layouts of CommBank, ANZ, Westpac, NAB, Monzo, Barclays, Lloyds, HSBC, Chase, Bank of ' +
      'America and Wells Fargo exports are recognised by their header (or column shape); `mapping` overrides any detected ' +
      'column. Day/month order of numeric dates: `dateFormat`, else what the whole file proves (a day above 12), else the ' +
      "bank's convention, else your country's. OFX 1.x (SGML) and 2.x (XML), QFX and QIF (!Type:Bank, CCard, Cash) are " +
      "read too. Re-importing creates nothing twice: rows carrying the bank's id (OFX FITID, a transaction-id column) are " +
      'matched by it, other rows by account, date, amount, direction and description plus their occurrence in the file ' +
      '(two identical coffees on one day are both kept, and both recognised next time). Bad rows are reported by line and ' +
      'the good ones still import. Files up to 2 MiB import at once in one database transaction (201); larger ones ' +
      '(up to 50 MiB, else 413) are stored and imported in the background (202): follow ' +
      '`GET /api/bank/transactions/imports/{id}`. `dryRun=true` saves nothing and answers each row (first 1000) with its ' +
      'parse and, for a duplicate, the transaction it matches and why. A file that is not a statement answers 415. ' +
      'Imports are idempotent by content, so no Idempotency-Key is needed.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    status: 201,
    requestBody: {
      contentType: 'multipart/form-data',
      description:
        'Form fields first, then the file part (required when the file is over 256 KiB).',
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          mapping: {
            type: 'string',
            contentMediaType: 'application/json',
            description: uploadFields.mapping.description,
            contentSchema: z.toJSONSchema(mappingSchema, { target: 'draft-2020-12', io: 'input' }),
          },
          dateFormat: {
            type: 'string',
            enum: [...DATE_FORMATS],
            description: uploadFields.dateFormat.description,
          },
          dryRun: {
            type: 'string',
            enum: ['true', 'false'],
            default: 'false',
            description: uploadFields.dryRun.description,
          },
          account: {
            type: 'string',
            maxLength: 100,
            description: uploadFields.account.description,
          },
          saveMappingAs: {
            type: 'string',
            maxLength: 100,
            description: uploadFields.saveMappingAs.description,
          },
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: 'The statement file',
          },
        },
      },
    },
    response: importResponse,
    otherResponses: [
      {
        status: 200,
        description: 'Dry run: what would be imported; nothing is saved',
        schema: dryRunResponse,
      },
      {
        status: 202,
        description: 'Large file: stored and queued for a background import (see Location)',
        schema: importResponse,
      },
    ],
    async handler({ req, res, principal, upstreams }) {
      let result: ImportTransactionsResponse;
      try {
        result = await forwardUpload(req, principal, upstreams);
      } catch (err) {
        abandonUpload(req, res);
        throw err;
      }
      const imported = presentImport(result.statementImport!);
      if (imported.status === 'dry_run') {
        res.status(200).json({
          success: true,
          dryRun: true,
          import: imported,
          mapping: imported.detected.mapping,
          rows: result.rows.map(presentPreview),
          rowsTruncated: result.rowsTruncated,
        });
        return { raw: true };
      }
      res.setHeader('Location', `/api/bank/transactions/imports/${imported.id}`);
      res
        .status(imported.status === 'completed' ? 201 : 202)
        .json({ success: true, import: imported });
      return { raw: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bank/transactions/imports',
    summary: 'List statement imports, newest first',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    query: z.object(pageQuery),
    response: z.object({
      success: z.literal(true),
      imports: z.array(importSchema),
      pagination: paginationSchema,
    }),
    async handler({ query, upstreams }) {
      const { imports, page } = await upstreams.ledger
        .service(ImportServiceClient)
        .call((c) => c.listImports, { page: pageRequest(query) });
      return {
        imports: imports.map(presentImport),
        pagination: presentPage(page),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bank/transactions/imports/{id}',
    summary: 'Get a statement import and its progress',
    description:
      'A background import moves queued → running → completed (or failed); processedRows and progress grow as it runs.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    params: idParams,
    response: importResponse,
    async handler({ params, upstreams }) {
      const { statementImport } = await upstreams.ledger
        .service(ImportServiceClient)
        .call((c) => c.getImport, { id: params.id });
      if (!statementImport) throw AppError.notFound('Import');
      return { import: presentImport(statementImport) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/bank/transactions/import-mappings',
    summary: 'List saved CSV import mappings',
    description:
      'Mappings saved with an import (saveMappingAs), one per CSV layout: a later file whose header row (or, without one, whose column shapes) match is read with it unless its request names columns.',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    response: z.object({ success: z.literal(true), mappings: z.array(importMappingSchema) }),
    async handler({ upstreams }) {
      const { mappings } = await upstreams.ledger
        .service(ImportServiceClient)
        .call((c) => c.listImportMappings, {});
      return { mappings: mappings.map(presentImportMapping) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/bank/transactions/import-mappings/{id}',
    summary: 'Delete a saved CSV import mapping',
    tags: ['Bank transactions'],
    auth: 'user',
    upstreams: ['ledger'],
    params: idParams,
    response: z.object({ success: z.literal(true), message: z.string() }),
    async handler({ params, upstreams }) {
      await upstreams.ledger
        .service(ImportServiceClient)
        .call((c) => c.deleteImportMapping, { id: params.id });
      return { message: 'Import mapping deleted' };
    },
  }),
];
