import { formatMoney, money, unary, type GrpcServiceBinding, type Knex } from '@pfs/kit';
import {
  type AggregateTransactionsRequest,
  type AggregateTransactionsResponse,
  AnalyticsServiceService,
  type AnalyticsServiceServer,
  type CashflowPoint,
  type GetCashflowRequest,
  type GetCashflowResponse,
  type GetSummaryRequest,
  type GetSummaryResponse,
} from '@pfs/proto/ledger/v1/analytics';
import {
  parseGroupBy,
  parseGroupLimit,
  parseInterval,
  periodStart,
  resolveRange,
} from './domain/analytics';
import { Issues } from './domain/fields';
import { normalizeListQuery } from './domain/listing';
import {
  aggregateTransactions,
  cashflowTotals,
  summaryTotals,
  type PeriodTotalRow,
} from './store/analytics';

function toPoint(row: PeriodTotalRow): CashflowPoint {
  return {
    period: row.period,
    income: formatMoney(row.income),
    expenses: formatMoney(row.expenses),
    net: formatMoney(row.net),
    balance: formatMoney(row.balance),
  };
}

/**
 * pfs.ledger.v1.AnalyticsService, served by the ledger process beside LedgerService. `now`
 * decides the default range (tests pin it).
 */
export function analyticsBindings({
  db,
  now = () => new Date(),
}: {
  db: Knex;
  now?: () => Date;
}): GrpcServiceBinding[] {
  const implementation: AnalyticsServiceServer = {
    getSummary: unary<GetSummaryRequest, GetSummaryResponse>(async (req, ctx) => {
      const issues = new Issues();
      const range = resolveRange(req, now(), issues);
      issues.throwIfAny();
      const totals = await summaryTotals(db, ctx.userId, range, {
        first: periodStart(range.from, 'month'),
        last: periodStart(range.to, 'month'),
      });
      return {
        summary: {
          from: range.from,
          to: range.to,
          income: formatMoney(totals.income),
          expenses: formatMoney(totals.expenses),
          // Decimal arithmetic on the exact NUMERIC sums, never binary floats.
          net: formatMoney(money(totals.income).minus(totals.expenses)),
          transactionCount: String(totals.count),
          byCategory: totals.byCategory.map((c) => ({
            categoryId: c.categoryId ?? undefined,
            income: formatMoney(c.income),
            expenses: formatMoney(c.expenses),
            count: String(c.count),
          })),
          byMonth: totals.byMonth.map((m) => ({
            month: m.period.slice(0, 7),
            income: formatMoney(m.income),
            expenses: formatMoney(m.expenses),
            net: formatMoney(m.net),
          })),
          topMerchants: totals.topMerchants.map((m) => ({
            merchant: m.merchant,
            total: formatMoney(m.total),
            count: String(m.count),
          })),
        },
      };
    }),

    getCashflow: unary<GetCashflowRequest, GetCashflowResponse>(async (req, ctx) => {
      const issues = new Issues();
      const interval = parseInterval(req.interval, issues);
      const range = resolveRange(req, now(), issues);
      issues.throwIfAny();
      const rows = await cashflowTotals(db, ctx.userId, range, interval, {
        first: periodStart(range.from, interval),
        last: periodStart(range.to, interval),
      });
      return { cashflow: { interval, from: range.from, to: range.to, points: rows.map(toPoint) } };
    }),

    aggregateTransactions: unary<AggregateTransactionsRequest, AggregateTransactionsResponse>(
      async (req, ctx) => {
        const { filter } = normalizeListQuery(req.filter, undefined);
        const issues = new Issues();
        const groupBy = parseGroupBy(req.groupBy, issues);
        const limit = parseGroupLimit(req.limit, issues);
        issues.throwIfAny();
        const totals = await aggregateTransactions(db, ctx.userId, filter, groupBy, limit);
        return {
          income: formatMoney(totals.income),
          expenses: formatMoney(totals.expenses),
          net: formatMoney(money(totals.income).minus(totals.expenses)),
          count: String(totals.count),
          groups: totals.groups.map((g) => ({
            key: g.key,
            name: g.name,
            income: formatMoney(g.income),
            expenses: formatMoney(g.expenses),
            count: String(g.count),
          })),
          groupCount: String(totals.groupCount),
        };
      },
    ),
  };

  return [
    { name: 'pfs.ledger.v1.AnalyticsService', definition: AnalyticsServiceService, implementation },
  ];
}
