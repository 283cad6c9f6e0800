import type { RulesSource } from './rules/source';
import {
  AppError,
  clientStream,
  isUuid,
  newId,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  ImportServiceService,
  type GetImportRequest,
  type GetImportResponse,
  type ImportServiceServer,
  type ImportTransactionsRequest,
  type ImportTransactionsResponse,
  type DeleteImportMappingRequest,
  type DeleteImportMappingResponse,
  type ListImportMappingsRequest,
  type ListImportMappingsResponse,
  type ListImportsRequest,
  type ListImportsResponse,
} from '@pfs/proto/ledger/v1/imports';
import { configSchema, type LedgerConfig } from './config';
import { parseImportOptions, type ImportSettings } from './domain/import/options';
import {
  describePlan,
  inspectStatement,
  SAMPLE_BYTES,
  settleDateOrder,
  type ImportPlan,
} from './domain/import/reader';
import { dryRun, importAtOnce } from './import-runner';
import { ImportWorker, storedOptions } from './import-worker';
import {
  importToProto,
  layoutToProto,
  mappingFromProto,
  previewToProto,
  mappingInfoToProto,
  reportToProto,
} from './import-wire';
import {
  deleteImportMapping,
  listImportMappings,
  markImportMappingUsed,
  saveImportMapping,
  toSavedMapping,
} from './store/import-mappings';
import type { DateOrderSource } from './domain/import/dates';
import {
  appendFileChunk,
  createImport,
  discardImport,
  findImport,
  listImports,
  queueImport,
} from './store/imports';

/** Date orders worth saving with a mapping: given by the user or proven by the file. */
const ORDER_KNOWN = new Set<DateOrderSource>(['dateFormat', 'file', 'saved']);

/** The import settings of the ledger's configuration. */
export interface ImportConfig {
  maxBytes: number;
  backgroundBytes: number;
  batchRows: number;
}

export interface ImportServiceDeps {
  db: Knex;
  logger: Logger;
  config: ImportConfig;
  /** Runs background imports; told when one is queued. */
  worker: ImportWorker;
  /** Custom rules applied to imported rows before the import answers (ADR 010). */
  rules?: RulesSource;
}

/** Stored pieces of a background import's file. */
const STORED_CHUNK_BYTES = 1024 * 1024;

function tooLarge(maxBytes: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, {
    maxBytes,
  });
}

/**
 * The file half of an ImportTransactions stream: its chunks in order, counted against the size
 * limit as they arrive. Lines are counted too, to estimate a background import's rows.
 */
class Upload {
  bytes = 0;
  lines = 0;

  constructor(
    private readonly messages: AsyncIterator<ImportTransactionsRequest>,
    private readonly maxBytes: number,
  ) {}

  async next(): Promise<Buffer | undefined> {
    const { done, value } = await this.messages.next();
    if (done) return undefined;
    if (value.part?.$case !== 'chunk') {
      throw AppError.validation([
        { field: 'chunk', message: 'only the first message carries options' },
      ]);
    }
    const chunk = value.part.value;
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw tooLarge(this.maxBytes);
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) this.lines++;
    return chunk;
  }

  /** Reads until `limit` bytes are in or the file ends. */
  async head(limit: number): Promise<{ chunks: Buffer[]; ended: boolean }> {
    const chunks: Buffer[] = [];
    let size = 0;
    while (size <= limit) {
      const chunk = await this.next();
      if (!chunk) return { chunks, ended: true };
      chunks.push(chunk);
      size += chunk.length;
    }
    return { chunks, ended: false };
  }

  async *rest(): AsyncGenerator<Buffer> {
    for (let chunk = await this.next(); chunk; chunk = await this.next()) yield chunk;
  }
}

/** The first `n` bytes of a list of chunks (all of them when shorter). */
function firstBytes(chunks: Buffer[], n: number): Buffer {
  const pieces: Buffer[] = [];
  let size = 0;
  for (const chunk of chunks) {
    if (size >= n) break;
    pieces.push(chunk.subarray(0, n - size));
    size += Math.min(chunk.length, n - size);
  }
  return Buffer.concat(pieces);
}

async function* iterate(chunks: Buffer[], rest?: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield* chunks;
  if (rest) yield* rest;
}

export function importBindings({
  db,
  logger,
  config,
  worker,
  rules,
}: ImportServiceDeps): GrpcServiceBinding[] {
  const log = logger.child({ component: 'imports' });

  /** Stores a large file as it arrives, then queues it for the worker. */
  async function importInBackground(
    userId: string,
    settings: ImportSettings,
    plan: ImportPlan,
    upload: Upload,
    head: Buffer[],
  ) {
    const id = newId();
    await createImport(db, {
      id,
      userId,
      status: 'receiving',
      fileName: settings.fileName,
      format: plan.format,
      byteSize: 0,
      options: { ...storedOptions(settings, plan), batchRows: config.batchRows },
      layout: describePlan(plan),
    });
    try {
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      for await (const chunk of iterate(head, upload.rest())) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= STORED_CHUNK_BYTES) {
          await appendFileChunk(db, id, seq++, Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      }
      if (pending.length) await appendFileChunk(db, id, seq++, Buffer.concat(pending));
      const queued = await queueImport(db, id, upload.bytes, upload.lines);
      worker.kick();
      log.info({ importId: id, bytes: upload.bytes }, 'import queued');
      return queued;
    } catch (err) {
      await discardImport(db, id).catch((cleanup: unknown) =>
        log.warn({ err: cleanup, importId: id }, 'could not discard an interrupted upload'),
      );
      throw err;
    }
  }

  const implementation: ImportServiceServer = {
    importTransactions: clientStream<ImportTransactionsRequest, ImportTransactionsResponse>(
      async (requests, ctx) => {
        const messages = requests[Symbol.asyncIterator]();
        const first = await messages.next();
        const options =
          !first.done && first.value.part?.$case === 'options' ? first.value.part.value : undefined;
        if (!options) {
          throw AppError.validation([
            { field: 'options', message: 'the first message must carry the options' },
          ]);
        }
        const settings = parseImportOptions({
          ...options,
          mapping: mappingFromProto(options.mapping),
          declaredBytes: Number(options.declaredBytes),
        });
        if (settings.declaredBytes > config.maxBytes) throw tooLarge(config.maxBytes);
        const saved = listImportMappings(db, ctx.userId);
        // Settled at once (reported when the upload is read) so a failed read is never unhandled.
        saved.catch(() => undefined);

        const upload = new Upload(messages, config.maxBytes);
        const head = await upload.head(Math.max(config.backgroundBytes, SAMPLE_BYTES));
        settings.savedMappings = (await saved).map(toSavedMapping);
        if (!upload.bytes) throw AppError.validation([{ field: 'file', message: 'is empty' }]);
        const headSize = upload.bytes;
        // Only the start decides the layout: no need to copy the whole head for it.
        let plan: ImportPlan & { dateOrderProven?: boolean } = inspectStatement(
          firstBytes(head.chunks, SAMPLE_BYTES + 1),
          head.ended,
          settings,
        );
        // A day above 12 may only come later in the file: read what is in memory for it.
        if (!plan.dateOrderProven && headSize > SAMPLE_BYTES && (head.ended || settings.dryRun)) {
          plan = await settleDateOrder(plan, iterate(head.chunks), settings);
        }
        if (settings.saveMappingAs && !plan.csv)
          throw AppError.validation([
            {
              field: 'saveMappingAs',
              message: `only CSV files have a column mapping to save; this file is ${plan.format.toUpperCase()}`,
            },
          ]);

        if (settings.dryRun) {
          const result = await dryRun(
            db,
            iterate(head.chunks, upload.rest()),
            ctx.userId,
            plan,
            config.batchRows,
          );
          return {
            statementImport: {
              id: '',
              status: 'dry_run',
              fileName: settings.fileName,
              format: plan.format,
              imported: result.tally.imported,
              duplicates: result.tally.duplicates,
              skipped: result.tally.skipped,
              errors: result.tally.errors,
              errorCount: result.tally.errorCount,
              processedRows: result.totalRows,
              totalRows: result.totalRows,
              totalRowsEstimated: false,
              byteSize: String(upload.bytes),
              failure: '',
              layout: layoutToProto(describePlan(plan)),
              createdAt: '',
              startedAt: '',
              finishedAt: '',
              ...reportToProto(result.tally),
            },
            rows: result.rows.map(previewToProto),
            rowsTruncated: result.truncated,
          };
        }

        const row = head.ended
          ? await importAtOnce(db, iterate(head.chunks), {
              userId: ctx.userId,
              fileName: settings.fileName,
              byteSize: upload.bytes,
              options: storedOptions(settings, plan) as unknown as Record<string, unknown>,
              plan,
              batchRows: config.batchRows,
              // One rules lookup per import; null (categorization away) marks rows for catch-up.
              rules: rules
                ? ((await rules.rulesFor(ctx.userId, 'transactions')) ?? null)
                : undefined,
              recordRuleAssignments:
                rules && ((items) => rules.recordRuleAssignments(ctx.userId, items)),
            })
          : await importInBackground(ctx.userId, settings, plan, upload, head.chunks);
        log.info(
          {
            importId: row.id,
            status: row.status,
            imported: row.imported,
            duplicates: row.duplicates,
            skipped: row.skipped,
          },
          'import received',
        );
        const usedId = plan.csv?.detection.savedMapping?.id;
        if (usedId) await markImportMappingUsed(db, ctx.userId, usedId);
        const savedNow =
          settings.saveMappingAs && plan.csv
            ? await saveImportMapping(db, ctx.userId, {
                name: settings.saveMappingAs,
                layoutKey: plan.csv.layoutKey,
                mapping: plan.csv.mapping,
                dateOrder: ORDER_KNOWN.has(plan.dateOrderSource) ? plan.rules.dateOrder : undefined,
                headers: plan.csv.headers,
              })
            : undefined;
        return {
          statementImport: {
            ...importToProto(row),
            savedMapping: savedNow && mappingInfoToProto(savedNow),
          },
          rows: [],
          rowsTruncated: false,
        };
      },
    ),

    getImport: unary<GetImportRequest, GetImportResponse>(async (req, ctx) => {
      const found = isUuid(req.id)
        ? await findImport(db, ctx.userId, req.id.toLowerCase())
        : undefined;
      if (!found) throw AppError.notFound('Import');
      return { statementImport: importToProto(found) };
    }),

    listImportMappings: unary<ListImportMappingsRequest, ListImportMappingsResponse>(
      async (_req, ctx) => ({
        mappings: (await listImportMappings(db, ctx.userId)).map(mappingInfoToProto),
      }),
    ),

    deleteImportMapping: unary<DeleteImportMappingRequest, DeleteImportMappingResponse>(
      async (req, ctx) => {
        const deleted =
          isUuid(req.id) && (await deleteImportMapping(db, ctx.userId, req.id.toLowerCase()));
        if (!deleted) throw AppError.notFound('Import mapping');
        return {};
      },
    ),

    listImports: unary<ListImportsRequest, ListImportsResponse>(async (req, ctx) => {
      const page = normalizePage(req.page);
      const { imports, total } = await listImports(db, ctx.userId, page);
      const info = pageInfo(page, total);
      return { imports: imports.map(importToProto), page: { ...info, total: String(info.total) } };
    }),
  };

  return [
    { name: 'pfs.ledger.v1.ImportService', definition: ImportServiceService, implementation },
  ];
}

/** The import settings from the ledger's configuration, defaults filling what is not given. */
export function importConfigOf(
  config: Partial<LedgerConfig> = {},
): ImportConfig & { pollMs: number; writers: number } {
  const settings = importSettingsSchema.parse(config);
  return {
    maxBytes: settings.IMPORT_MAX_BYTES,
    backgroundBytes: settings.IMPORT_BACKGROUND_BYTES,
    batchRows: settings.IMPORT_BATCH_ROWS,
    pollMs: settings.IMPORT_POLL_MS,
    writers: settings.IMPORT_WRITERS,
  };
}

const importSettingsSchema = configSchema.pick({
  IMPORT_MAX_BYTES: true,
  IMPORT_BACKGROUND_BYTES: true,
  IMPORT_BATCH_ROWS: true,
  IMPORT_POLL_MS: true,
  IMPORT_WRITERS: true,
});

/**
 * The background import worker of one ledger process. main.ts (and the embedded stack)
 * start it and stop it on shutdown, and hand it to createServer.
 */
export function createImportWorker(deps: {
  db: Knex;
  logger: Logger;
  config?: Partial<LedgerConfig>;
  rules?: RulesSource;
}): ImportWorker {
  const { batchRows, pollMs, writers } = importConfigOf(deps.config);
  return new ImportWorker({
    db: deps.db,
    logger: deps.logger,
    batchRows,
    pollMs,
    writers,
    rules: deps.rules,
  });
}
