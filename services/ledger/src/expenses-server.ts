import {
  AppError,
  formatMoney,
  isUuid,
  normalizePage,
  pageInfo,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  ExpenseServiceService,
  type CreateExpenseRequest,
  type CreateExpenseResponse,
  type DeleteExpenseRequest,
  type DeleteExpenseResponse,
  type Expense as ExpenseMessage,
  type ExpenseServiceServer,
  type GetExpenseRequest,
  type GetExpenseResponse,
  type ListExpensesRequest,
  type ListExpensesResponse,
  type UpdateExpenseRequest,
  type UpdateExpenseResponse,
} from '@pfs/proto/ledger/v1/expenses';
import {
  normalizeExpenseFilter,
  parseExpensePatch,
  parseNewExpense,
  resolveExpensePatch,
  type Expense,
} from './domain/expenses';
import { plainDecimal } from './domain/transactions';
import {
  deleteExpense,
  findExpense,
  insertExpense,
  listExpenses,
  updateExpense,
} from './store/expenses';
import { ruleNewRecord, type RulesSource } from './rules';

const NOT_FOUND = 'Expense';

/** The proto form of a stored expense: money "12.30", percentages unpadded. */
export function toExpenseMessage(e: Expense): ExpenseMessage {
  return {
    id: e.id,
    date: e.date,
    description: e.description,
    amount: formatMoney(e.amount),
    categoryId: e.categoryId ?? undefined,
    isTaxDeductible: e.isTaxDeductible,
    taxDeductions: e.taxDeductions.map((d) => ({
      taxCategory: d.taxCategory,
      amount: formatMoney(d.amount),
      percentage: d.percentage === null ? undefined : plainDecimal(d.percentage),
      notes: d.notes ?? undefined,
    })),
    notes: e.notes ?? undefined,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** An id that is not a UUID names no expense (and would make PostgreSQL reject the cast). */
function requireExpenseId(id: string): string {
  if (!isUuid(id)) throw AppError.notFound(NOT_FOUND);
  return id.toLowerCase();
}

/** pfs.ledger.v1.ExpenseService, served by the ledger process beside LedgerService. */
export function expenseBindings({
  db,
  logger,
  rules,
}: {
  db: Knex;
  logger: Logger;
  /** Categorization's rules (ADR 010), applied to every new expense before it is saved. */
  rules?: RulesSource;
}): GrpcServiceBinding[] {
  const log = logger.child({ component: 'expenses' });

  const implementation: ExpenseServiceServer = {
    createExpense: unary<CreateExpenseRequest, CreateExpenseResponse>(async (req, ctx) => {
      const fields = parseNewExpense(
        req.expense ?? { date: '', description: '', amount: '', taxDeductions: [] },
      );
      // Custom rules run before the insert, so the answer already shows their effect; with
      // categorization away the expense is saved as sent and the catch-up job settles it.
      const ruled = await ruleNewRecord(rules, ctx.userId, 'expenses', fields);
      const created = await insertExpense(db, ctx.userId, ruled.fields, {
        rulesPending: ruled.pending,
      });
      log.debug({ expenseId: created.id }, 'expense created');
      return { expense: toExpenseMessage(created) };
    }),

    listExpenses: unary<ListExpensesRequest, ListExpensesResponse>(async (req, ctx) => {
      const filter = normalizeExpenseFilter(req.filter);
      const page = normalizePage(req.page);
      const { expenses, total } = await listExpenses(db, ctx.userId, filter, page);
      const info = pageInfo(page, total);
      return {
        expenses: expenses.map(toExpenseMessage),
        page: { ...info, total: String(info.total) },
      };
    }),

    getExpense: unary<GetExpenseRequest, GetExpenseResponse>(async (req, ctx) => {
      const found = await findExpense(db, ctx.userId, requireExpenseId(req.id));
      if (!found) throw AppError.notFound(NOT_FOUND);
      return { expense: toExpenseMessage(found) };
    }),

    updateExpense: unary<UpdateExpenseRequest, UpdateExpenseResponse>(async (req, ctx) => {
      const id = requireExpenseId(req.id);
      const changes = parseExpensePatch(req.patch ?? {});
      const updated = await updateExpense(db, ctx.userId, id, (current) =>
        resolveExpensePatch(current, changes),
      );
      if (!updated) throw AppError.notFound(NOT_FOUND);
      log.debug({ expenseId: id, fields: Object.keys(changes) }, 'expense updated');
      return { expense: toExpenseMessage(updated) };
    }),

    deleteExpense: unary<DeleteExpenseRequest, DeleteExpenseResponse>(async (req, ctx) => {
      const id = requireExpenseId(req.id);
      if (!(await deleteExpense(db, ctx.userId, id))) throw AppError.notFound(NOT_FOUND);
      log.debug({ expenseId: id }, 'expense deleted');
      return {};
    }),
  };

  return [
    { name: 'pfs.ledger.v1.ExpenseService', definition: ExpenseServiceService, implementation },
  ];
}
