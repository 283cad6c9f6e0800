import type { BrandList } from './brands.generated';

/**
 * Chains, utilities and public bodies a household in Canada or New Zealand pays every month
 * (both countries have their own default categories) that neither the hand-written lists nor
 * OpenStreetMap's index name: "NOFRILLS", "HYDRO ONE", "PRESTO AUTO LOAD", "COUNTDOWN", "IRD"
 * went to Dining Out or a category picked by their words. Read as the index's brands are: only
 * where the merchant opens with the name, and never teaching the keyword model. Written as
 * hand-written names they did teach it, and their words moved other users' lines: Enbridge Gas
 * made GAS an energy word (a base's "LAKENHEATH SH WITH GAS" pumps went to the utilities), Giant
 * Tiger made TIGER a shop's, Bee Card made BEE a bus fare's.
 */
// prettier-ignore
export const CANADA_NZ_CHAINS: readonly BrandList[] = [
  { concept: 'groceries', names: 'Nofrills|FreshCo|Food Basics|Maxi|Provigo|Zehrs|Fortinos|Longos|T&T Supermarket|Farm Boy|Thrifty Foods|Save-On-Foods|Save On Foods|Real Canadian Superstore|Sobeys|Countdown|Woolworths NZ|FreshChoice|SuperValue|Pak n Save|PaknSave' },
  { concept: 'fuel', names: 'Husky|Ultramar|Pioneer Petroleums|Irving Oil|Petro-Canada|Petro Canada|Gull|NPD Fuel|Allied Petroleum' },
  { concept: 'public_transport', names: 'Presto Card|Presto Fare|Presto Autoload|Presto Auto Load|TTC|Toronto Transit|GO Transit|STM|Calgary Transit|Winnipeg Transit|Auckland Transport|Snapper|Metlink|Bee Card' },
  { concept: 'phone_internet', names: 'Rogers|Rogers Communications|Rogers Wireless|Fido|Koodo|Virgin Plus|Freedom Mobile|Videotron|Shaw Cable|Cogeco|Eastlink|SaskTel|Public Mobile|Chatr|Spark NZ|Spark|2degrees|Skinny Mobile|Slingshot|Orcon' },
  { concept: 'energy', names: 'Hydro One|BC Hydro|Hydro-Quebec|Hydro Quebec|Enbridge|Enbridge Gas|FortisBC|Fortis BC|Toronto Hydro|Alectra|Hydro Ottawa|ATCO|Epcor|Enmax|SaskPower|SaskEnergy|Manitoba Hydro|Nova Scotia Power|NB Power|Mercury Energy|Mercury NZ|Meridian Energy|Trustpower|Nova Energy|Electric Kiwi|Flick Electric' },
  { concept: 'tax_payment', names: 'CRA|Canada Revenue Agency|Revenu Quebec|IRD|Inland Revenue NZ' },
  { concept: 'shopping', names: 'Canadian Tire|Giant Tiger|Hudsons Bay|Dollarama|Warehouse Stationery|Briscoes' },
  { concept: 'clothing', names: 'Winners|HomeSense|Roots Canada|Aritzia' },
  { concept: 'books', names: 'Indigo|Indigo Books|Chapters Indigo' },
  { concept: 'alcohol', names: 'SAQ|BC Liquor|Liquor Depot|Super Liquor' },
];
