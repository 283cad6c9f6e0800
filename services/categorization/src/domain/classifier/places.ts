/**
 * Places banks print after a merchant: state, country and territory codes, and the cities and
 * suburbs they append. Dropped from the words that say what was bought; kept among the places.
 */

/** State, country and territory codes that trail a description. */
export const REGION_CODES = new Set(
  [
    // Australia (banks truncate NSW to NS, QLD to QL)
    'NSW NS VIC VI QLD QL WA SA TAS TA ACT NT AU AUS AUST AUSTRALIA',
    // United Kingdom and Ireland
    'GB GBR UK ENG SCO WAL NIR IE IRL LONDON',
    // United States (2-letter codes are only dropped when they end the text: see below)
    'US USA',
    'NZ NZL CA CAN NL NLD IE SG SGP HK LU SE DE FR',
  ]
    .join(' ')
    .split(' '),
);

export const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

/** Cities and suburbs that banks append (a sample of the common ones; unknown places stay). */
const PLACE_NAMES: readonly string[] = [
  // Australia
  'SYDNEY',
  'MELBOURNE',
  'BRISBANE',
  'PERTH',
  'ADELAIDE',
  'HOBART',
  'CANBERRA',
  'DARWIN',
  'GEELONG',
  'NEWCASTLE',
  'WOLLONGONG',
  'PARRAMATTA',
  'CHATSWOOD',
  'BONDI',
  'BONDI JUNCTION',
  'MANLY',
  'RANDWICK',
  'NEWTOWN',
  'PENRITH',
  'BLACKTOWN',
  'LIVERPOOL',
  'HURSTVILLE',
  'BANKSTOWN',
  'MIRANDA',
  'CRONULLA',
  'HORNSBY',
  'RYDE',
  'EPPING',
  'STRATHFIELD',
  'BURWOOD',
  'ASHFIELD',
  'GLEBE',
  'ULTIMO',
  'PYRMONT',
  'REDFERN',
  'MASCOT',
  'ZETLAND',
  'ALEXANDRIA',
  'MARRICKVILLE',
  'LEICHHARDT',
  'BALMAIN',
  'MOSMAN',
  'NEUTRAL BAY',
  'DEE WHY',
  'BROOKVALE',
  'CASTLE HILL',
  'ROUSE HILL',
  'KELLYVILLE',
  'CAMPBELLTOWN',
  'SUTHERLAND',
  'SURRY HILLS',
  'DARLINGHURST',
  'PADDINGTON',
  'NORTH SYDNEY',
  'RICHMOND',
  'FITZROY',
  'COLLINGWOOD',
  'CARLTON',
  'BRUNSWICK',
  'FOOTSCRAY',
  'PRAHRAN',
  'TOORAK',
  'ST KILDA',
  'SOUTHBANK',
  'DOCKLANDS',
  'CHADSTONE',
  'DONCASTER',
  'BOX HILL',
  'GLEN WAVERLEY',
  'DANDENONG',
  'FRANKSTON',
  'RINGWOOD',
  'CAMBERWELL',
  'HAWTHORN',
  'KEW',
  'NORTHCOTE',
  'PRESTON',
  'COBURG',
  'ESSENDON',
  'FORTITUDE VALLEY',
  'CHERMSIDE',
  'CARINDALE',
  'INDOOROOPILLY',
  'TOOWONG',
  'SOUTHPORT',
  'SURFERS PARADISE',
  'ROBINA',
  'CAIRNS',
  'TOWNSVILLE',
  'TOOWOOMBA',
  'FREMANTLE',
  'JOONDALUP',
  'SUBIACO',
  'CANNINGTON',
  'MORLEY',
  'GLENELG',
  'NORWOOD',
  'LAUNCESTON',
  'BELCONNEN',
  'WODEN',
  'TUGGERANONG',
  'BRADDON',
  'GOLD COAST',
  'SUNSHINE COAST',
  'MACQUARIE PARK',
  'BELLA VISTA',
  // United Kingdom
  'MANCHESTER',
  'BIRMINGHAM',
  'LEEDS',
  'GLASGOW',
  'EDINBURGH',
  'BRISTOL',
  'SHEFFIELD',
  'NOTTINGHAM',
  'LEICESTER',
  'CARDIFF',
  'BELFAST',
  'BRIGHTON',
  'OXFORD',
  'CAMBRIDGE',
  'SOUTHAMPTON',
  'PORTSMOUTH',
  'COVENTRY',
  'YORK',
  'EXETER',
  'NORWICH',
  'ABERDEEN',
  'DUNDEE',
  'SWANSEA',
  'MILTON KEYNES',
  'CROYDON',
  'CAMDEN',
  'ISLINGTON',
  'HACKNEY',
  'SHOREDITCH',
  'STRATFORD',
  'WIMBLEDON',
  'KINGSTON',
  'CLAPHAM',
  'BRIXTON',
  'PECKHAM',
  'GREENWICH',
  'CANARY WHARF',
  'WESTMINSTER',
  'SOHO',
  'HOLBORN',
  'EUSTON',
  'KINGS CROSS',
  'EALING',
  'HAMMERSMITH',
  'CHELSEA',
  'FULHAM',
  'BATTERSEA',
  'SOUTHWARK',
  'LEWISHAM',
  // United States
  'NEW YORK',
  'BROOKLYN',
  'QUEENS',
  'BRONX',
  'MANHATTAN',
  'LOS ANGELES',
  'SAN FRANCISCO',
  'OAKLAND',
  'SAN JOSE',
  'SAN DIEGO',
  'SEATTLE',
  'PORTLAND',
  'CHICAGO',
  'BOSTON',
  'AUSTIN',
  'HOUSTON',
  'DALLAS',
  'DENVER',
  'PHOENIX',
  'ATLANTA',
  'MIAMI',
  'ORLANDO',
  'TAMPA',
  'PHILADELPHIA',
  'PITTSBURGH',
  'BALTIMORE',
  'DETROIT',
  'MINNEAPOLIS',
  'NASHVILLE',
  'CHARLOTTE',
  'RALEIGH',
  'COLUMBUS',
  'CLEVELAND',
  'CINCINNATI',
  'INDIANAPOLIS',
  'MILWAUKEE',
  'KANSAS CITY',
  'ST LOUIS',
  'SALT LAKE CITY',
  'LAS VEGAS',
  'SACRAMENTO',
  'SANTA MONICA',
  'PASADENA',
  'BERKELEY',
  'PALO ALTO',
  'MOUNTAIN VIEW',
  'SUNNYVALE',
  'ARLINGTON',
  'JERSEY CITY',
  'HOBOKEN',
  'NEWARK',
  'SAN ANTONIO',
  'FORT WORTH',
  'EL PASO',
  // Germany, Austria and Switzerland (as banks print them, accents spelt out or dropped)
  'BERLIN',
  'HAMBURG',
  'MUENCHEN',
  'MUNCHEN',
  'KOELN',
  'KOLN',
  'COLOGNE',
  'FRANKFURT',
  'STUTTGART',
  'DUESSELDORF',
  'DUSSELDORF',
  'DORTMUND',
  'LEIPZIG',
  'BREMEN',
  'DRESDEN',
  'HANNOVER',
  'NUERNBERG',
  'NURNBERG',
  'WIEN',
  // France and Belgium (as banks print them, accents spelt out or dropped)
  'LYON',
  'MARSEILLE',
  'TOULOUSE',
  'NANTES',
  'LILLE',
  'STRASBOURG',
  'MONTPELLIER',
  'RENNES',
  'BRUXELLES',
  // Spain (as banks print them, accents spelt out or dropped)
  'MADRID',
  'BARCELONA',
  'VALENCIA',
  'SEVILLA',
  'MALAGA',
  'BILBAO',
  'ZARAGOZA',
  // Italy (as banks print them, accents spelt out or dropped)
  'NAPOLI',
  'TORINO',
  'FIRENZE',
  'GENOVA',
  'PALERMO',
  'VENEZIA',
  // The Netherlands and Belgium (as banks print them, accents spelt out or dropped)
  'AMSTERDAM',
  'ROTTERDAM',
  'DEN HAAG',
  'UTRECHT',
  'EINDHOVEN',
  'GRONINGEN',
  'BRUSSEL',
];

/** Names by their first word, longest first, so "NEW YORK" is tried before a shorter name. */
type NamesByFirstWord = ReadonlyMap<string, readonly (readonly string[])[]>;

function byFirstWord(names: readonly string[]): NamesByFirstWord {
  const map = new Map<string, string[][]>();
  for (const name of names) {
    const words = name.split(' ');
    const list = map.get(words[0]) ?? [];
    list.push(words);
    map.set(words[0], list);
  }
  for (const list of map.values()) list.sort((a, b) => b.length - a.length);
  return map;
}

/** How many words from `index` form one of these names (0 when none does). */
function nameLengthAt(names: NamesByFirstWord, tokens: readonly string[], index: number): number {
  for (const name of names.get(tokens[index]) ?? []) {
    if (name.every((word, k) => tokens[index + k] === word)) return name.length;
  }
  return 0;
}

const PLACES_BY_FIRST_WORD = byFirstWord(PLACE_NAMES);

/** How many words from `index` form a known place name (0 when none does). */
export function placeLengthAt(tokens: readonly string[], index: number): number {
  return nameLengthAt(PLACES_BY_FIRST_WORD, tokens, index);
}

/**
 * US states' names, read as a place only where one opens a line whose rest says its trade: a
 * state's lottery, motor-vehicle office or university ("TEXAS LOTTERY" was a café's for Texas
 * Roadhouse's word). Not among the places dropped from names: there they moved the keyword
 * model's near ties (one Monarch gas bill's lines became a café's).
 */
const US_STATE_NAMES: readonly string[] = [
  'TEXAS',
  'CALIFORNIA',
  'FLORIDA',
  'OHIO',
  'MICHIGAN',
  'ILLINOIS',
  'PENNSYLVANIA',
  'ARIZONA',
  'COLORADO',
  'OREGON',
  'NEVADA',
  'UTAH',
  'IOWA',
  'KANSAS',
  'KENTUCKY',
  'TENNESSEE',
  'ALABAMA',
  'MISSISSIPPI',
  'LOUISIANA',
  'ARKANSAS',
  'OKLAHOMA',
  'MISSOURI',
  'MINNESOTA',
  'WISCONSIN',
  'NEBRASKA',
  'IDAHO',
  'WYOMING',
  'ALASKA',
  'HAWAII',
  'CONNECTICUT',
  'MASSACHUSETTS',
  'MARYLAND',
  'DELAWARE',
  'NEW JERSEY',
  'NEW MEXICO',
  'NEW HAMPSHIRE',
  'NORTH CAROLINA',
  'SOUTH CAROLINA',
  'NORTH DAKOTA',
  'SOUTH DAKOTA',
  'RHODE ISLAND',
  'WEST VIRGINIA',
  'VERMONT',
];

const STATES_BY_FIRST_WORD = byFirstWord(US_STATE_NAMES);

/** How many words from `index` form a US state's name (0 when none does). */
export function stateNameLengthAt(tokens: readonly string[], index: number): number {
  return nameLengthAt(STATES_BY_FIRST_WORD, tokens, index);
}
