import { intSetting } from '@pfs/kit';
import { z } from 'zod';

/** The tax service: GST/VAT/sales-tax rates, calculation and reporting periods, over gRPC. */
export { migrations } from './migrations';
export { createServer, SERVICE_NAME, type TaxDeps } from './server';
export { SHIPPED_RATES, RATES_AS_OF, type ShippedRate } from './domain/rates';
export { countryOf, type Country } from './domain/countries';
export { chooseRate } from './domain/calculate';

/** The PostgreSQL schema that holds this service's tables (and its migration history). */
export const SCHEMA = 'tax';

export const configSchema = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  GRPC_PORT: intSetting(50055, 1),
});

export type TaxConfig = z.infer<typeof configSchema>;
