import {
  formatMoney,
  operatorUnary,
  unary,
  type GrpcServiceBinding,
  type Knex,
  type Logger,
} from '@pfs/kit';
import {
  TaxServiceService,
  type CalculateTaxRequest,
  type CalculateTaxResponse,
  type GetReportingPeriodRequest,
  type GetReportingPeriodResponse,
  type ListRatesRequest,
  type ListRatesResponse,
  type SeedRatesRequest,
  type SeedRatesResponse,
  type TaxRate as TaxRateMessage,
  type TaxServiceServer,
} from '@pfs/proto/tax';
import { calculateTax, chooseRate } from './domain/calculate';
import {
  Issues,
  parseAmount,
  parseCountryCode,
  parseDate,
  parseRate,
  parseStateProvince,
  parseTaxType,
  utcDay,
} from './domain/fields';
import { resolvePeriod } from './domain/period';
import { SHIPPED_RATES, type ShippedRate } from './domain/rates';
import { ratesInEffect, upsertRates } from './store/rates';

export const SERVICE_NAME = 'pfs.tax.v1.TaxService';

export interface TaxDeps {
  db: Knex;
  logger: Logger;
  /** Decides "today" for rates and the default reporting period (tests pin it). */
  now?: () => Date;
}

function toMessage(rate: ShippedRate): TaxRateMessage {
  return {
    countryCode: rate.countryCode,
    stateProvince: rate.stateProvince ?? undefined,
    taxType: rate.taxType,
    taxName: rate.taxName,
    standardRate: rate.standardRate,
    reducedRate: rate.reducedRate ?? undefined,
    zeroRate: rate.zeroRate ?? undefined,
    combinedRate: rate.combinedRate ?? undefined,
    description: rate.description,
    effectiveFrom: rate.effectiveFrom,
    effectiveTo: rate.effectiveTo ?? undefined,
    source: rate.source,
  };
}

export function createServer({
  db,
  logger,
  now = () => new Date(),
}: TaxDeps): GrpcServiceBinding[] {
  const implementation: TaxServiceServer = {
    listRates: unary<ListRatesRequest, ListRatesResponse>(async (req) => {
      const issues = new Issues();
      const countryCode = req.countryCode
        ? parseCountryCode(issues, 'countryCode', req.countryCode)
        : undefined;
      const stateProvince = parseStateProvince(issues, 'stateProvince', req.stateProvince);
      const date = parseDate(issues, 'date', req.date, utcDay(now()));
      issues.throwIfAny();
      const rates = await ratesInEffect(db, {
        date,
        countryCode,
        stateProvince: stateProvince ?? undefined,
      });
      return { rates: rates.map(toMessage), date };
    }),

    calculateTax: unary<CalculateTaxRequest, CalculateTaxResponse>(async (req) => {
      const issues = new Issues();
      const amount = parseAmount(issues, 'amount', req.amount);
      const countryCode = parseCountryCode(issues, 'countryCode', req.countryCode);
      const taxType = parseTaxType(issues, 'taxType', req.taxType);
      const stateProvince = parseStateProvince(issues, 'stateProvince', req.stateProvince);
      const date = parseDate(issues, 'date', req.date, utcDay(now()));
      const givenRate =
        req.gstRate === undefined ? undefined : parseRate(issues, 'gstRate', req.gstRate);
      issues.throwIfAny();
      if (!amount || !countryCode) throw new Error('unreachable: validated above');

      let rate = givenRate;
      let applied: ShippedRate | undefined;
      if (!rate) {
        const active = await ratesInEffect(db, { date, countryCode });
        const choice = chooseRate(active, { countryCode, stateProvince, taxType, date });
        applied = choice.row;
        rate = parseRate(new Issues(), 'gstRate', choice.rate);
        if (!rate) throw new Error(`stored rate out of range: ${choice.rate}`);
      }
      const split = calculateTax(amount, rate, req.gstIncluded);
      return {
        amount: formatMoney(split.amount),
        baseAmount: formatMoney(split.baseAmount),
        gstAmount: formatMoney(split.gstAmount),
        totalAmount: formatMoney(split.totalAmount),
        gstIncluded: req.gstIncluded,
        gstRate: rate.toFixed(),
        countryCode,
        taxType: applied?.taxType ?? taxType ?? '',
        stateProvince: stateProvince ?? undefined,
        date,
        appliedRate: applied ? toMessage(applied) : undefined,
      };
    }),

    seedRates: operatorUnary<SeedRatesRequest, SeedRatesResponse>(async () => {
      const counts = await db.transaction((trx) => upsertRates(trx, SHIPPED_RATES));
      logger.info(counts, 'tax rates seeded');
      return counts;
    }),

    getReportingPeriod: unary<GetReportingPeriodRequest, GetReportingPeriodResponse>(async (req) =>
      resolvePeriod(req, utcDay(now())),
    ),
  };

  return [{ name: SERVICE_NAME, definition: TaxServiceService, implementation }];
}
