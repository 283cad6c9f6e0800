import { australia } from './catalogues/au';
import { canada } from './catalogues/ca';
import { generic } from './catalogues/generic';
import { unitedKingdom } from './catalogues/gb';
import { newZealand } from './catalogues/nz';
import type { CategorySeed, CountryCatalogue } from './catalogues/seed';
import { unitedStates } from './catalogues/us';
import type { UserProfile } from './user-profile';

export type { CategorySeed, CountryCatalogue } from './catalogues/seed';

/** Countries with their own catalogue; every other country gets the generic one. */
export const COUNTRY_CATALOGUES: Readonly<Record<string, CountryCatalogue>> = {
  AU: australia,
  GB: unitedKingdom,
  NZ: newZealand,
  CA: canada,
  US: unitedStates,
};
export const GENERIC_CATALOGUE = generic;

/** The default category set a new user starts with. */
export interface DefaultCategorySet {
  name: string;
  description: string;
  icon: string;
  color: string;
  categories: readonly CategorySeed[];
}

/** ISO codes a user may give that mean a country we know under its canonical code. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB' };

export function catalogueFor(countryCode: string): CountryCatalogue {
  const code = countryCode.toUpperCase();
  return COUNTRY_CATALOGUES[COUNTRY_ALIASES[code] ?? code] ?? GENERIC_CATALOGUE;
}

/**
 * Chooses the default categories by country; sole traders and businesses also get the
 * business expense categories their country's return asks for.
 */
export function defaultCategorySet(profile: UserProfile): DefaultCategorySet {
  const catalogue = catalogueFor(profile.countryCode);
  const withBusiness = profile.businessType !== 'individual';
  return {
    name: 'Default',
    description: withBusiness
      ? `Everyday, tax-deductible and business categories for ${profile.countryCode}`
      : `Everyday and tax-deductible categories for ${profile.countryCode}`,
    icon: 'layers',
    color: '#3F51B5',
    categories: withBusiness ? [...catalogue.personal, ...catalogue.business] : catalogue.personal,
  };
}
