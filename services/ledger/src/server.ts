import {
  AppError,
  isUuid,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  LedgerServiceService,
  type CreateTransactionRequest,
  type CreateTransactionResponse,
  type DeleteTransactionRequest,
  type DeleteTransactionResponse,
  type GetTransactionRequest,
  type GetTransactionResponse,
  type LedgerServiceServer,
  type ListTransactionsRequest,
  type ListTransactionsResponse,
  type UpdateTransactionRequest,
  type UpdateTransactionResponse,
} from '@pfs/proto/ledger';
import { analyticsBindings } from './analytics-server';
import { batchUpdateHandler } from './batch-server';
import type { LedgerConfig } from './config';
import { normalizeListQuery } from './domain/listing';
import {
  enqueueTransactionDeleted,
  enqueueTransactionUpdated,
  prepareTransactionCreated,
} from './events/transactions';
import { parseNewTransaction, parsePatch, resolvePatch } from './domain/transactions';
import {
  deleteTransaction,
  findTransaction,
  insertTransactionWith,
  listTransactions,
  updateTransaction,
} from './store/transactions';
import { expenseBindings } from './expenses-server';
import type { ImportWorker } from './import-worker';
import { createImportWorker, importBindings, importConfigOf } from './imports';
import { reportBindings } from './reports-server';
import { toTransactionMessage } from './wire';
import { assignmentsOf, ruleNewRecord, ruleTargetBinding, type RulesSource } from './rules';

export interface LedgerDeps {
  db: Knex;
  logger: Logger;
  /** Accepted for symmetry with the other services; no transaction RPC needs a setting yet. */
  config?: Partial<LedgerConfig>;
  /**
   * Runs background imports (started and stopped by the caller). Without it, the server makes
   * one that runs only the imports it queues itself.
   */
  importWorker?: ImportWorker;
  /**
   * Categorization's rules (ADR 010): applied to every new record before it is saved. Without
   * it (or while categorization is away) records are saved with rules_pending for catch-up.
   */
  rules?: RulesSource;
}

const NOT_FOUND = 'Transaction';

/**
 * An id that is not a UUID cannot name any transaction; answering NOT_FOUND up front also
 * keeps PostgreSQL from rejecting the uuid cast.
 */
function requireTransactionId(id: string): string {
  if (!isUuid(id)) throw AppError.notFound(NOT_FOUND);
  return id.toLowerCase();
}

export function createServer({
  db,
  logger,
  config,
  importWorker,
  rules,
}: LedgerDeps): GrpcServiceBinding[] {
  const log = logger.child({ component: 'transactions' });

  const implementation: LedgerServiceServer = {
    createTransaction: unary<CreateTransactionRequest, CreateTransactionResponse>(
      async (req, ctx) => {
        const fields = parseNewTransaction(
          req.transaction ?? { date: '', description: '', amount: '', type: '' },
        );
        // Custom rules run before the insert, so the answer already shows their effect.
        const ruled = await ruleNewRecord(rules, ctx.userId, 'transactions', fields);
        // The row and its transaction.created event commit together (transactional outbox),
        // in one statement. Categorization away: saved as sent with rules_pending, and the
        // catch-up job applies the rules later.
        const created = await insertTransactionWith(
          db,
          ctx.userId,
          ruled.fields,
          { rulesPending: ruled.pending },
          (transaction) => prepareTransactionCreated(db, ctx.userId, transaction),
        );
        const assignments =
          ruled.set && ruled.outcome ? assignmentsOf(ruled.set, ruled.outcome) : [];
        if (
          rules &&
          assignments.length &&
          !(await rules.assign(ctx.userId, created.id, assignments))
        )
          await db('transactions')
            .where({ id: created.id, user_id: ctx.userId })
            .update({ rules_pending: true });
        log.debug({ transactionId: created.id }, 'transaction created');
        return { transaction: toTransactionMessage(created) };
      },
    ),

    listTransactions: unary<ListTransactionsRequest, ListTransactionsResponse>(async (req, ctx) => {
      const { filter, sort } = normalizeListQuery(req.filter, req.sort);
      const page = normalizePage(req.page);
      const { transactions, total } = await listTransactions(db, ctx.userId, filter, sort, page);
      const info = pageInfo(page, total);
      return {
        transactions: transactions.map(toTransactionMessage),
        page: { ...info, total: String(info.total) },
      };
    }),

    getTransaction: unary<GetTransactionRequest, GetTransactionResponse>(async (req, ctx) => {
      const found = await findTransaction(db, ctx.userId, requireTransactionId(req.id));
      if (!found) throw AppError.notFound(NOT_FOUND);
      return { transaction: toTransactionMessage(found) };
    }),

    updateTransaction: unary<UpdateTransactionRequest, UpdateTransactionResponse>(
      async (req, ctx) => {
        const id = requireTransactionId(req.id);
        // Field-level checks need no row, so a bad patch fails before touching the database.
        const changes = parsePatch(req.patch ?? {});
        // A real change and its transaction.updated event commit together.
        const updated = await updateTransaction(
          db,
          ctx.userId,
          id,
          (current) => resolvePatch(current, changes),
          (trx, before, after) => enqueueTransactionUpdated(trx, ctx.userId, before, after),
        );
        if (!updated) throw AppError.notFound(NOT_FOUND);
        log.debug({ transactionId: id, fields: Object.keys(changes) }, 'transaction updated');
        return { transaction: toTransactionMessage(updated) };
      },
    ),

    deleteTransaction: unary<DeleteTransactionRequest, DeleteTransactionResponse>(
      async (req, ctx) => {
        const id = requireTransactionId(req.id);
        // transaction.deleted lets categorization drop the assignments and documents the links.
        const deleted = await deleteTransaction(db, ctx.userId, id, (trx, row) =>
          enqueueTransactionDeleted(trx, ctx.userId, row),
        );
        if (!deleted) throw AppError.notFound(NOT_FOUND);
        log.debug({ transactionId: id }, 'transaction deleted');
        return {};
      },
    ),

    batchUpdateTransactions: batchUpdateHandler(db, log),
  };

  return [
    { name: 'pfs.ledger.v1.LedgerService', definition: LedgerServiceService, implementation },
    ...expenseBindings({ db, logger, rules }),
    ruleTargetBinding({ db, logger, rules }),
    ...analyticsBindings({ db }),
    ...reportBindings({ db }),
    ...importBindings({
      db,
      logger,
      config: importConfigOf(config),
      worker: importWorker ?? createImportWorker({ db, logger, config, rules }),
      rules,
    }),
  ];
}
