import { asiaPacific } from './asia-pacific';
import { latinAmerica } from './americas';
import { canada } from './canada';
import { europeanUnion, restOfEurope } from './europe';
import { india } from './india';
import { middleEastAfrica } from './middle-east-africa';
import { expandSeries, type RateSeries, type ShippedRate } from './types';
import { unitedStates } from './united-states';

export { RATES_AS_OF, SOURCES } from './sources';
export type { ShippedRate } from './types';

export const RATE_SERIES: RateSeries[] = [
  ...europeanUnion,
  ...restOfEurope,
  ...asiaPacific,
  ...india,
  ...middleEastAfrica,
  ...canada,
  ...unitedStates,
  ...latinAmerica,
];

/** Every rate row shipped with the service (what the migration loads and seed-rates upserts). */
export const SHIPPED_RATES: ShippedRate[] = RATE_SERIES.flatMap(expandSeries);
