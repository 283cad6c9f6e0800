import { formatMoney, unary, type GrpcServiceBinding, type Knex } from '@pfs/kit';
import {
  ReportServiceService,
  type GetDeductionTotalsRequest,
  type GetDeductionTotalsResponse,
  type GetGstTotalsRequest,
  type GetGstTotalsResponse,
  type GstTotals,
  type ReportServiceServer,
} from '@pfs/proto/ledger/v1/reports';
import { resolveReportRange } from './domain/reports';
import { deductionTotals, gstTotals, type GstTotalsRow } from './store/reports';

function toGstTotals(row: GstTotalsRow): GstTotals {
  return {
    gstCollected: formatMoney(row.gstCollected),
    gstPaid: formatMoney(row.gstPaid),
    sales: formatMoney(row.sales),
    purchases: formatMoney(row.purchases),
    count: String(row.count),
  };
}

/**
 * pfs.ledger.v1.ReportService, served by the ledger process beside LedgerService: the figures
 * of the tax reports, aggregated in SQL (the tax service decides periods, the gateway composes).
 */
export function reportBindings({ db }: { db: Knex }): GrpcServiceBinding[] {
  const implementation: ReportServiceServer = {
    getGstTotals: unary<GetGstTotalsRequest, GetGstTotalsResponse>(async (req, ctx) => {
      const range = resolveReportRange(req);
      const { totals, byCategory } = await gstTotals(db, ctx.userId, range);
      return {
        from: range.from,
        to: range.to,
        totals: toGstTotals(totals),
        byCategory: byCategory.map((c) => ({
          categoryId: c.categoryId ?? undefined,
          totals: toGstTotals(c),
        })),
      };
    }),

    getDeductionTotals: unary<GetDeductionTotalsRequest, GetDeductionTotalsResponse>(
      async (req, ctx) => {
        const range = resolveReportRange(req);
        const { totals, byCategory } = await deductionTotals(db, ctx.userId, range);
        return {
          from: range.from,
          to: range.to,
          deductible: formatMoney(totals.deductible),
          gross: formatMoney(totals.gross),
          count: String(totals.count),
          byCategory: byCategory.map((c) => ({
            categoryId: c.categoryId ?? undefined,
            deductible: formatMoney(c.deductible),
            gross: formatMoney(c.gross),
            count: String(c.count),
          })),
        };
      },
    ),
  };

  return [
    { name: 'pfs.ledger.v1.ReportService', definition: ReportServiceService, implementation },
  ];
}
