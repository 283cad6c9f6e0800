import { latinLetters } from '@pfs/kit';
import type { ConceptId } from './concepts';

/**
 * What each concept is called, in English, German, French, Spanish, Italian and Dutch, so the
 * knowledge base finds its category among names nobody planned for ("Food & Drink",
 * "Gas/Automotive", "Essen & Trinken", "Courses", "Boodschappen"). Words are lower case without
 * accents; a word of 4+ letters also matches inflected or inside a compound ("restaurant" →
 * "restaurants", "auto" → "Autokosten"; see `inflects`), a phrase needs all its words.
 * Weights: 1 the concept itself, 0.7 its family ("auto" for fuel, "travel" for an airline),
 * 0.4 a catch-all that fits when nothing better does ("merchandise").
 * `not` words rule a category out (a "Gas & Electricity" category is not for petrol);
 * `unlessNamed` words do so unless the name also says the concept itself (a weight-1 term).
 */
export interface ConceptTerms {
  terms: readonly (readonly [string, number])[];
  not?: readonly string[];
  unlessNamed?: readonly string[];
}

const SHOPPING_BROAD: [string, number][] = [
  ['shopping', 0.4],
  ['merchandise', 0.4],
  ['retail', 0.4],
  ['purchases', 0.4],
  ['einkaufe', 0.4],
  ['einkauf', 0.4],
  ['shopping', 0.4],
  ['achats', 0.4],
  ['compras', 0.4],
  ['acquisti', 0.4],
  ['winkelen', 0.4],
  ['aankopen', 0.4],
  ['general', 0.3],
];
const FOOD_FAMILY: [string, number][] = [
  ['food', 0.6],
  ['essen', 0.6],
  ['nourriture', 0.6],
  ['alimentation', 0.6],
  ['comida', 0.6],
  ['cibo', 0.6],
  ['eten', 0.6],
  ['voeding', 0.6],
];
const DINING: [string, number][] = [
  ['dining', 1],
  ['restaurant', 1],
  ['eating out', 1],
  // German's "going out to eat": ESSEN alone is food of either kind.
  ['essen gehen', 1],
  ['auswarts essen', 1],
  // A category of their own for fast food or takeaway (Mint's "Fast Food" beside "Restaurants")
  // takes the fast-food chains (knowledge-base/kinds.ts); a restaurant goes to "Restaurants".
  ['takeaway', 0.9],
  ['take out', 0.9],
  ['fast food', 0.9],
  ['cafe', 0.9],
  // Below food: with "Coffee" beside "Food & Drink" (Copilot's list), a meal is not a coffee.
  ['coffee', 0.55],
  // The name budgeting apps and Plaid give dining ("Food & Drink", "Food and Drink").
  ['food drink', 1],
  // Below food too: Copilot's "Drinks" beside "Food" is for the bars and coffee, not a meal.
  ['drink', 0.5],
  ['drinks', 0.5],
  ['meals', 0.8],
  ['lunch', 0.8],
  ['gastronomie', 1],
  ['auswarts', 1],
  ['trinken', 0.7],
  ['restauration', 1],
  ['sorties', 0.6],
  ['repas', 0.8],
  ['restaurantes', 1],
  ['comer fuera', 1],
  ['bebida', 0.7],
  ['ristorant', 1],
  ['pasti', 0.8],
  ['bar', 0.7],
  ['uit eten', 1],
  ['horeca', 1],
  ['uiteten', 1],
  ['drinken', 0.7],
  ...FOOD_FAMILY,
];
const GROCERIES: [string, number][] = [
  ['groceries', 1],
  // France's "Alimentation" is the food shopping (eating out is "Restaurants" beside it).
  ['alimentation', 0.8],
  ['grocery', 1],
  ['supermarket', 1],
  ['lebensmittel', 1],
  ['supermarkt', 1],
  ['courses', 1],
  ['epicerie', 1],
  ['supermarche', 1],
  ['alimentacion', 0.9],
  ['supermercado', 1],
  ['mercado', 0.8],
  ['comestibles', 1],
  ['spesa', 1],
  ['alimentari', 1],
  ['supermercato', 1],
  ['boodschappen', 1],
  ['levensmiddelen', 1],
  ['household', 0.5],
  ['haushalt', 0.5],
  ...FOOD_FAMILY,
  ...SHOPPING_BROAD,
];
/**
 * A category for eating out ("Uit eten", "Eating Out", "Auswärts essen") is no place for the
 * groceries its word for food would send there, unless it names them too.
 */
const EATING_OUT = [
  'eating out',
  'dining out',
  'eat out',
  'uit eten',
  'uiteten',
  'auswarts',
  'comer fuera',
  'mangiare fuori',
  'horeca',
];
/**
 * A category for hiring a car ("Car Rental", "Location de voiture", "Autohuur") is not for
 * the parking, fuel or registration of one's own, unless it names them too ("Parking & Car
 * Hire"). Car hire (car_rental) and repairs (car_service) find it by their car words.
 */
/**
 * A car's other costs: a category named for one of them ("Auto Maintenance", "Car Payment",
 * "Auto Insurance") is no place for fuel or parking by its car word alone (YNAB's "Auto
 * Maintenance" beside "Transportation" took the fuel). Registration still goes there where
 * nothing else fits: Monarch's household files the state's vehicle office as maintenance.
 */
const CAR_OTHER_COSTS = [
  'maintenance',
  'repair',
  'repairs',
  'service',
  'parts',
  'payment',
  'payments',
  'loan',
  'insurance',
  'wartung',
  'reparatur',
  'versicherung',
  'reparation',
  'assurance',
  'mantenimiento',
  'seguro',
  'riparazione',
  'assicurazione',
  'reparatie',
  'verzekering',
];
const CAR_HIRE = [
  'rental',
  'rentals',
  'hire',
  'mietwagen',
  'autovermietung',
  'location',
  'alquiler',
  'noleggio',
  'autohuur',
  'autoverhuur',
  'verhuur',
];
const AUTO_FAMILY: [string, number][] = [
  ['auto', 0.7],
  ['automotive', 0.8],
  ['car', 0.7],
  ['cars', 0.7],
  ['vehicle', 0.7],
  ['motor', 0.7],
  ['kfz', 0.7],
  ['voiture', 0.7],
  ['vehicule', 0.7],
  ['coche', 0.7],
  ['vehiculo', 0.7],
  ['macchina', 0.7],
  ['veicolo', 0.7],
  ['wagen', 0.6],
  ['transport', 0.5],
  ['transportation', 0.5],
  ['verkehr', 0.5],
  ['mobilitat', 0.5],
  ['mobilite', 0.5],
  ['transporte', 0.5],
  ['trasporti', 0.5],
  ['vervoer', 0.5],
  ['mobiliteit', 0.5],
  ['travel', 0.3],
];
/** The words that name a car itself, in the ontology's languages (AUTO_FAMILY's strongest). */
const CAR_WORDS = AUTO_FAMILY.filter(([, weight]) => weight >= 0.7).map(([word]) => word);
/** A car's rent or loan is not a home's: "Car Rental", "Mietwagen", "Auto Loan". */
const NOT_HOUSING = [...CAR_WORDS, 'mietwagen'];
/** A home's things, in the ontology's languages: a DIY store's and a furniture store's word alike. */
const HOME_FAMILY: [string, number][] = [
  ['home', 0.7],
  ['hogar', 0.7],
  ['maison', 0.7],
  ['haushalt', 0.7],
  ['huis', 0.7],
  ['garten', 0.7],
  ['jardin', 0.7],
  ['giardino', 0.7],
  ['tuin', 0.7],
];
const TRAVEL_FAMILY: [string, number][] = [
  ['travel', 0.8],
  ['trip', 0.8],
  ['trips', 0.8],
  ['holiday', 0.8],
  ['holidays', 0.8],
  ['vacation', 0.8],
  ['reise', 0.8],
  ['reisen', 0.8],
  ['urlaub', 0.8],
  ['voyage', 0.8],
  ['voyages', 0.8],
  ['vacances', 0.8],
  ['viaje', 0.8],
  ['viajes', 0.8],
  ['vacaciones', 0.8],
  ['viaggi', 0.8],
  ['vacanze', 0.8],
  ['reizen', 0.8],
  ['vakantie', 0.8],
];
const HEALTH_FAMILY: [string, number][] = [
  ['health', 0.7],
  ['healthcare', 0.8],
  ['gesundheit', 0.7],
  ['sante', 0.7],
  ['salud', 0.7],
  ['salute', 0.7],
  ['gezondheid', 0.7],
  // Dutch banks' "Zorg" (care): doctors, pharmacies and the health insurer's premium.
  ['zorg', 0.7],
  ['zorgkosten', 0.8],
  ['wellness', 0.5],
  ['medical', 0.7],
  ['medizin', 0.7],
];
const BILLS_FAMILY: [string, number][] = [
  ['utilities', 0.8],
  ['utility', 0.8],
  ['bills', 0.6],
  ['nebenkosten', 0.8],
  ['charges', 0.4],
  ['factures', 0.6],
  ['suministros', 0.8],
  ['facturas', 0.6],
  ['bollette', 0.8],
  ['utenze', 0.8],
  ['vaste lasten', 0.8],
  ['nutsvoorzieningen', 0.8],
  ['housing', 0.4],
  ['wohnen', 0.4],
  ['logement', 0.4],
  ['vivienda', 0.4],
  ['casa', 0.4],
  ['wonen', 0.4],
  ['home', 0.3],
];
const ENTERTAINMENT_FAMILY: [string, number][] = [
  ['entertainment', 0.8],
  ['amusement', 0.8],
  ['leisure', 0.7],
  ['fun', 0.6],
  // EveryDollar's "Lifestyle": going out, hobbies, subscriptions.
  ['lifestyle', 0.6],
  ['hobbies', 0.6],
  ['recreation', 0.7],
  ['freizeit', 0.7],
  ['unterhaltung', 0.8],
  ['loisirs', 0.7],
  ['divertissement', 0.8],
  ['ocio', 0.7],
  ['entretenimiento', 0.8],
  ['svago', 0.7],
  ['divertimento', 0.8],
  ['tempo libero', 0.7],
  ['vrije tijd', 0.7],
  ['ontspanning', 0.7],
  ['vermaak', 0.8],
];
const SUBSCRIPTIONS: [string, number][] = [
  ['subscriptions', 0.8],
  ['subscription', 0.8],
  ['streaming', 1],
  ['television', 0.9],
  ['tv', 0.9],
  ['abos', 0.8],
  ['abonnements', 0.8],
  ['abonnement', 0.8],
  ['suscripciones', 0.8],
  ['abbonamenti', 0.8],
  ['abonnementen', 0.8],
  ['media', 0.6],
  ['tv', 0.6],
];
const FEES: [string, number][] = [
  ['bank', 0.7],
  // Bankin's "Banque", and its kin: where a bank's own charges go.
  ['banque', 0.7],
  ['banco', 0.7],
  ['banca', 0.7],
  ['fee', 1],
  ['fees', 1],
  // Said together, not a fee beside a family word: "Bank Fee" is as much the fees' as "Service Fee".
  ['bank fee', 1],
  ['bank fees', 1],
  ['bank charges', 1],
  // GnuCash's "Bank Service Charge".
  ['bank service charge', 1],
  ['bank service charges', 1],
  ['service charge', 0.8],
  ['service charges', 0.8],
  ['charges', 0.7],
  ['interest charge', 1],
  ['gebuhren', 1],
  ['bankgebuhren', 1],
  ['zinsen', 0.6],
  ['frais', 1],
  ['bancaires', 0.8],
  ['comisiones', 1],
  ['comision', 1],
  ['commissioni', 1],
  ['spese bancarie', 1],
  ['kosten', 0.5],
  ['bankkosten', 1],
  ['finance', 0.4],
];
/**
 * "Car Payment", "Auto Payment", "Loan Payment": a loan's repayments, not a transfer, a card
 * repayment or cash, though "payment" is a word of all three (YNAB's list sent them to "Car
 * Payment" for want of a transfers category).
 */
const PAYMENT_OF_A_LOAN = [
  'car',
  'cars',
  'auto',
  'vehicle',
  'loan',
  'loans',
  'mortgage',
  'student',
];
const TRANSFERS: [string, number][] = [
  ['transfer', 1],
  ['transfers', 1],
  ['payment', 0.6],
  ['payments', 0.6],
  ['credit', 0.4],
  ['umbuchung', 1],
  ['ueberweisung', 1],
  ['uberweisung', 1],
  ['zahlungen', 0.6],
  ['virement', 1],
  ['virements', 1],
  ['transferencia', 1],
  ['transferencias', 1],
  ['trasferimenti', 1],
  ['bonifici', 1],
  ['giroconto', 1],
  ['overboeking', 1],
  ['overboekingen', 1],
];
// Mint's "Check" (under "Cash & ATM"), a "Cash & Checks" category; not a "Health Check-up".
const CHEQUES: [string, number][] = [
  ['check', 1],
  ['checks', 1],
  ['cheque', 1],
  ['cheques', 1],
  ['scheck', 1],
  ['schecks', 1],
  ['assegno', 1],
  ['assegni', 1],
];
const CHEQUE_NOT = ['up', 'ups', 'health', 'medical', 'vehicle', 'car'];

// Words that name money in as such, and words for one kind of it, wages.
const GENERAL_INCOME: [string, number][] = [
  ['income', 1],
  ['einkommen', 1],
  ['einnahmen', 1],
  ['revenu', 1],
  ['revenus', 1],
  ['ingresos', 1],
  ['entrate', 1],
  ['reddito', 1],
  ['inkomen', 1],
  ['inkomsten', 1],
  // YNAB's one income category, "Inflow: Ready to Assign".
  ['inflow', 1],
  ['inflows', 1],
];
const WAGES: [string, number][] = [
  ['salary', 1],
  ['wages', 0.8],
  ['paycheck', 1],
  ['gehalt', 1],
  ['lohn', 1],
  ['salaire', 1],
  ['salario', 1],
  ['nomina', 1],
  ['stipendio', 1],
  ['salaris', 1],
  ['loon', 1],
];
const INCOME: [string, number][] = [...GENERAL_INCOME, ...WAGES];

/** Mobility in German, French, Dutch, Spanish and Italian: Italy's MOBILI (furniture) opens them. */
const MOBILITY = ['mobilitat', 'mobilite', 'mobiliteit', 'mobilidad', 'mobilita'];

/**
 * "Purchases Food", "Food Shopping": food bought. Not where shopping at large goes, nor the
 * concepts that take a shopping category's broad words (clothing, electronics, books…).
 */
const NOT_FOOD = [...FOOD_FAMILY.map(([w]) => w), 'groceries', 'grocery', 'lebensmittel'];
/** An insurer's category ("Health Insurance", "Versicherung") is no place for what it covers. */
const NOT_INSURANCE = [
  'insurance',
  'versicherung',
  'assurance',
  'seguro',
  'assicurazione',
  'verzekering',
  // German writes the insured thing and the insurance as one word.
  'autoversicherung',
  'hausratversicherung',
  'haftpflichtversicherung',
  'lebensversicherung',
];
/** "Home Insurance", "Home Phone", "Home Loan" are bills of a home, not where its things are bought. */
const NOT_HOME_BILLS = [
  ...NOT_INSURANCE,
  'phone',
  'internet',
  'loan',
  'mortgage',
  'rent',
  'tax',
  'utilities',
];
/** A premium is a bill: with no category for insurance, one for bills fits ("Bills & Utilities"). */
const PREMIUM_AS_BILL: [string, number][] = [
  ['bills', 0.5],
  ['factures', 0.5],
  ['facturas', 0.5],
];
/** "Fees & Charges" is where bank and service fees go, not the power or water bill. */
const NOT_FEES = ['fee', 'fees', 'gebuhren', 'frais', 'comisiones', 'commissioni'];
/**
 * A bill's concept is never a bank's category: "Business: Bank charges" said the bills' CHARGES
 * and took a sole trader's waste collection, which no other of their categories named.
 */
const NOT_BILLS = [
  ...NOT_FEES,
  'bank',
  'banking',
  'bankkosten',
  'bancaires',
  'bancarias',
  'bancarie',
];
const INSURANCE_FAMILY: [string, number][] = [
  ['insurance', 0.7],
  ['versicherung', 0.7],
  ['assurance', 0.7],
  ['seguro', 0.7],
  ['assicurazion', 0.7],
  ['verzekering', 0.7],
];
const TAXES: [string, number][] = [
  ['tax', 1],
  ['taxes', 1],
  ['steuer', 1],
  ['steuern', 1],
  ['impots', 1],
  ['impuestos', 1],
  ['tasse', 1],
  ['belasting', 1],
];
const RETIREMENT: [string, number][] = [
  ['retirement', 1],
  ['altersvorsorge', 1.1],
  ['retraite', 1.1],
  ['jubilacion', 1.1],
  ['plan de pensiones', 1.1],
  ['previdenza', 1.1],
  ['pensione', 1.1],
  ['pensioen', 1.1],
];

/**
 * Cash in the ontology's languages, and a transfers category after it: what cash paid in and
 * cash taken out both look for.
 */
const CASH: [string, number][] = [
  ...['cash', 'atm', 'bargeld', 'especes', 'efectivo', 'contanti', 'contant'].map(
    (w): [string, number] => [w, 1],
  ),
  ...TRANSFERS.map(([w, x]): [string, number] => [w, x * 0.7]),
];

/** A gift in the ontology's languages: a present's own category, and a fundraiser's too. */
const GIFTS = ['gifts', 'gift', 'geschenke', 'cadeaux', 'regalos', 'regali', 'cadeaus'];

// prettier-ignore
export const ONTOLOGY: Partial<Record<ConceptId, ConceptTerms>> = {
  groceries: { terms: GROCERIES, unlessNamed: EATING_OUT },
  dining: { terms: DINING },
  // Budgeting apps file bars with meals (Mint's Alcohol & Bars under Food & Dining, Monarch's
  // Restaurants & Bars, Capital One's Dining): the dining family outweighs entertainment.
  bar: { terms: [['bar', 1], ['bars', 1], ['pub', 1], ['drinks', 1], ['drink', 1], ['nightlife', 1], ['kneipe', 1], ['trinken', 1], ['drinken', 1], ['ausgehen', 0.8], ['sorties', 0.8], ['copas', 1], ['kroeg', 1], ['uitgaan', 0.8], ...DINING.map(([w, x]): [string, number] => [w, x * 0.9]), ...ENTERTAINMENT_FAMILY.map(([w, x]): [string, number] => [w, x * 0.8])] },
  food_delivery: { terms: [['delivery', 1], ['lieferdienst', 1], ['livraison', 1], ['domicilio', 1], ['consegna', 1], ['bezorging', 1], ...DINING] },
  // A bottle shop is a shop: without a category for drink it goes with the groceries or the
  // shopping before the restaurants ("Alcohol & Bars" still takes it by its own word), except
  // into Mint's "Food & Dining", which holds "Alcohol & Bars" beside the groceries.
  alcohol: { terms: [['alcohol', 1], ['food dining', 0.65], ['liquor', 1], ['wine', 1], ['beer', 0.9], ['drinks', 0.9], ['drink', 0.9], ['alkohol', 1], ['wein', 1], ['vin', 1], ['alcool', 1], ['vino', 1], ['drank', 1], ['tobacco', 1], ['tabak', 1], ['tabac', 1], ...DINING.map(([w, x]): [string, number] => [w, x * 0.4]), ...GROCERIES.map(([w, x]): [string, number] => [w, x * 0.6]), ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.2])] },
  fuel: { terms: [['fuel', 1], ['gas', 0.9], ['gasoline', 1], ['petrol', 1], ['diesel', 1], ['tanken', 1], ['benzin', 1], ['kraftstoff', 1], ['carburant', 1], ['essence', 1], ['gasolina', 1], ['combustible', 1], ['carburante', 1], ['benzina', 1], ['brandstof', 1], ['tanken', 1], ...AUTO_FAMILY], not: ['electric', 'electricity', 'strom', 'utilities', 'energy', 'heating'], unlessNamed: [...CAR_HIRE, ...CAR_OTHER_COSTS] },
  public_transport: { terms: [['public transport', 1], ['transit', 1], ['train', 1], ['rail', 1], ['railway', 1], ['bus', 1], ['commute', 1], ['oepnv', 1], ['opnv', 1], ['bahn', 1], ['transports', 0.9], ['transport', 0.9], ['transportation', 0.9], ['verkehr', 0.9], ['transporte', 0.9], ['trasporti', 0.9], ['ov', 1], ['openbaar vervoer', 1], ['mezzi pubblici', 1], ['trasporto pubblico', 1], ['trasporti pubblici', 1], ['transporte publico', 1], ['transports en commun', 1], ['transport en commun', 1], ['nahverkehr', 1], ['vervoer', 0.9], ['mobilitat', 0.8], ['travel', 0.5]] },
  // German transfers ("Überweisungen", "Überträge") start with "uber" and read as its compounds.
  rideshare: { not: ['uberweisung', 'ubertrag'], terms: [['taxi', 1], ['rideshare', 1], ['uber', 1], ['cab', 1], ['transport', 0.8], ['transportation', 0.8], ['verkehr', 0.8], ['transporte', 0.8], ['trasporti', 0.8], ['vervoer', 0.8], ['mobilitat', 0.7], ...TRAVEL_FAMILY.map(([w]): [string, number] => [w, 0.5])] },
  parking_tolls: { terms: [['parking', 1], ['tolls', 1], ['toll', 1], ['parken', 1], ['maut', 1], ['stationnement', 1], ['peage', 1], ['aparcamiento', 1], ['peaje', 1], ['parcheggio', 1], ['pedaggi', 1], ['parkeren', 1], ['tol', 1], ...AUTO_FAMILY], unlessNamed: [...CAR_HIRE, ...CAR_OTHER_COSTS] },
  car_service: { terms: [['car maintenance', 1], ['car service', 1], ['auto service', 1], ['vehicle service', 1], ['vehicle maintenance', 1], ['service parts', 1], ['auto parts', 1], ['car parts', 1], ['auto maintenance', 1], ['auto repair', 1], ['car repair', 1], ['repairs', 0.6], ['werkstatt', 1], ['entretien', 0.8], ['taller', 1], ['manutenzione', 0.8], ['onderhoud', 0.8], ...AUTO_FAMILY], not: ['home', 'house'] },
  car_rental: { not: ['home', 'house', 'equipment', 'tool', 'tools'], terms: [['car rental', 1.2], ['car rentals', 1.2], ['rental car', 1.2], ['rental cars', 1.2], ['car hire', 1.2], ['vehicle hire', 1.2], ['vehicle rental', 1.2], ['van hire', 1.2], ['rent a car', 1.2], ['mietwagen', 1.2], ['autovermietung', 1.2], ['location de voiture', 1.2], ['location voiture', 1.2], ['alquiler coche', 1.2], ['alquiler vehiculos', 1.2], ['noleggio auto', 1.2], ['autonoleggio', 1.2], ['autohuur', 1.2], ['autoverhuur', 1.2], ...TRAVEL_FAMILY, ...AUTO_FAMILY.map(([w, x]): [string, number] => [w, x * 0.9])] },
  car_registration: { terms: [['registration', 1], ['rego', 1], ['fees', 0.3], ['vehicle excise', 1], ['excise', 0.8], ['vehicle tax', 1], ['road tax', 1], ['car tax', 1], ['vehicle licence', 1], ['vehicle license', 1], ['zulassung', 1], ['kfz steuer', 1], ...AUTO_FAMILY], unlessNamed: CAR_HIRE },
  airline: { terms: [['flights', 1], ['flight', 1], ['airfare', 1], ['airline', 1], ['airlines', 1], ['air travel', 1], ['fluge', 1], ['flug', 1], ['vols', 1], ['vuelos', 1], ['voli', 1], ['vluchten', 1], ...TRAVEL_FAMILY, ['foreign', 0.3], ['overseas', 0.3], ['international', 0.3], ['transport', 0.4], ['transportation', 0.4]] },
  accommodation: { terms: [['hotel', 1], ['hotels', 1], ['lodging', 1], ['accommodation', 1], ['unterkunft', 1], ['hebergement', 1], ['alojamiento', 1], ['alloggio', 1], ['hotel', 1], ['verblijf', 1], ['overnachting', 1], ...TRAVEL_FAMILY] },
  streaming: { terms: [['rundfunkbeitrag', 1], ['rundfunk', 1], ...SUBSCRIPTIONS, ...ENTERTAINMENT_FAMILY.map(([w, x]): [string, number] => [w, x * 0.9])] },
  entertainment: { terms: [['movies', 1], ['cinema', 1], ['events', 0.8], ['tickets', 0.8], ['games', 0.8], ['kino', 1], ['cine', 1], ['sport', 0.5], ...ENTERTAINMENT_FAMILY.map(([w]): [string, number] => [w, 1])] },
  gambling: { terms: [['gambling', 1], ['betting', 1], ['lottery', 1], ['glucksspiel', 1], ['jeux', 0.8], ['giochi', 0.8], ['juegos', 0.8], ['apuestas', 1], ['scommesse', 1], ['gokken', 1], ['loterie', 1], ['loterias', 1], ['lotteria', 1], ['lotterie', 1], ['loterij', 1], ['sportwetten', 1], ...ENTERTAINMENT_FAMILY] },
  gym: { terms: [['gym', 1], ['fitness', 1], ['sport', 0.9], ['sports', 0.9], ['deporte', 0.9], ['deportes', 0.9], ['fitnessstudio', 1], ['salle de sport', 1], ['gimnasio', 1], ['palestra', 1], ['sportschool', 1], ['workout', 1], ...HEALTH_FAMILY.map(([w, x]): [string, number] => [w, x * 0.8]), ...ENTERTAINMENT_FAMILY.map(([w, x]): [string, number] => [w, x * 0.6])] },
  pharmacy: { terms: [['pharmacy', 1], ['drugstore', 1], ['chemist', 1], ['medicine', 1], ['medicines', 1], ['prescriptions', 1], ['apotheke', 1], ['drogerie', 0.9], ['pharmacie', 1], ['farmacia', 1], ['apotheek', 1], ['drogist', 0.9], ['medikamente', 1], ['medicaments', 1], ['medicamentos', 1], ['medicinali', 1], ['medicijnen', 1], ...HEALTH_FAMILY, ['personal', 0.4]], not: NOT_INSURANCE },
  medical: { terms: [['doctor', 1], ['medical', 1], ['dental', 1], ['dentist', 1], ['arzt', 1], ['zahnarzt', 1], ['medecin', 1], ['dentiste', 1], ['medico', 1], ['dentista', 1], ['huisarts', 1], ['tandarts', 1], ['optical', 0.8], ['eyecare', 1], ['eye care', 1], ['optician', 1], ['optometrist', 1], ['optiker', 1], ['augenarzt', 1], ['opticien', 1], ['optica', 1], ['ottico', 1], ['oculista', 1], ['health care', 1], ...HEALTH_FAMILY], not: NOT_INSURANCE },
  health_insurance: { terms: [...PREMIUM_AS_BILL, ['health insurance', 1.2], ['krankenversicherung', 1.2], ['krankenkasse', 1.2], ['kranken', 1], ['gkv', 1], ['pkv', 1], ['mutuelle', 1.2], ['seguro medico', 1.2], ['zorgverzekering', 1.2], ...INSURANCE_FAMILY] },
  insurance: { terms: [...PREMIUM_AS_BILL, ['insurance', 1], ['versicherung', 1], ['versicherungen', 1], ['assurance', 1], ['assurances', 1], ['seguro', 1], ['seguros', 1], ['assicurazion', 1], ['verzekering', 1], ['verzekeringen', 1], ['autoversicherung', 1.1], ['hausratversicherung', 1.1], ['haftpflichtversicherung', 1.1], ['haftpflicht', 1], ['lebensversicherung', 1.1], ['rechtsschutz', 1]] },
  energy: { not: ['fuel', 'petrol', 'gasoline', 'auto', 'automotive', ...NOT_BILLS], terms: [['electricity', 1], ['electric', 1], ['energy', 1], ['power', 0.8], ['gas', 0.6], ['strom', 1], ['energie', 1], ['electricite', 1], ['electricidad', 1], ['luz', 0.9], ['elettricita', 1], ['luce', 0.9], ['stroom', 1], ...BILLS_FAMILY] },
  water: { not: NOT_BILLS, terms: [['water', 1], ['wasser', 1], ['eau', 1], ['agua', 1], ['acqua', 1], ...BILLS_FAMILY] },
  waste: { not: NOT_BILLS, terms: [['garbage', 1], ['trash', 1], ['waste', 1], ['rubbish', 1], ['refuse', 1], ['recycling', 1], ['sanitation', 1], ['mull', 1], ['mullabfuhr', 1], ['abfall', 1], ['ordures', 1], ['dechets', 1], ['basura', 1], ['residuos', 1], ['rifiuti', 1], ['afval', 1], ...BILLS_FAMILY] },
  // A phone contract is a subscription where no category says phone or bills (Bankin's
  // "Abonnements", Finanzguru's "Abos & Verträge").
  phone_internet: { terms: [['subscriptions', 0.5], ['abonnements', 0.5], ['abonnement', 0.5], ['abos', 0.5], ['vertrage', 0.5], ['suscripciones', 0.5], ['abbonamenti', 0.5], ['abonnementen', 0.5], ['phone', 1], ['mobile', 1], ['internet', 1], ['broadband', 1], ['telephone', 1], ['communication', 0.9], ['communications', 0.9], ['cell', 0.8], ['handy', 1], ['telefon', 1], ['telecom', 1], ['telefono', 1], ['movil', 1], ['telefonia', 1], ['cellulare', 1], ['telefoon', 1], ['mobiel', 1], ...BILLS_FAMILY.map(([w, x]): [string, number] => [w, x * 0.8])] },
  rent: { not: NOT_HOUSING, terms: [['rent', 1], ['miete', 1], ['loyer', 1], ['alquiler', 1], ['affitto', 1], ['huur', 1], ['housing', 0.8], ['wohnen', 0.8], ['logement', 0.8], ['vivienda', 0.8], ['casa', 0.6], ['wonen', 0.8], ['mortgage', 0.6], ['bills', 0.5]] },
  mortgage: { not: NOT_HOUSING, terms: [['mortgage', 1], ['home loan', 1], ['hypothek', 1], ['kredit', 0.6], ['pret immobilier', 1], ['hipoteca', 1], ['mutuo', 1], ['hypotheek', 1], ['housing', 0.8], ['wohnen', 0.8], ['logement', 0.8], ['vivienda', 0.8], ['wonen', 0.8], ['rent', 0.6], ['bills', 0.5], ['loan payment', 0.7], ['loan payments', 0.7], ['loan repayment', 0.7], ['loan repayments', 0.7]] },
  // A car's fees ("Expenses:Auto:Fees", "Vehicle Hire Charge") are the car's, not the bank's.
  bank_fee: { not: CAR_WORDS, terms: FEES },
  // Fees below interest: "Finance Charge" beside "ATM Fee" and "Service Fee" (Mint) takes it.
  interest_charge: { terms: [['interest', 1], ['finance charge', 1], ['finance charges', 1], ...FEES.map(([w, x]): [string, number] => [w, x * 0.9])] },
  interest_income: { not: ['fee', 'fees', 'charge', 'charges', 'cost', 'costs', 'expense', 'expenses', 'gebuhren', 'kosten', 'frais', 'comisiones', 'commissioni'], terms: [['interest income', 1.2], ['interest', 1], ['dividends', 1.2], ['dividend', 1.2], ['investment income', 1.2], ['zinsertrag', 1.2], ...INCOME.map(([w]): [string, number] => [w, 0.7])] },
  salary: { terms: INCOME },
  sales_income: { not: ['tax', 'taxes'], terms: [['sales', 1], ['revenue', 1], ['umsatz', 1], ['ventes', 1], ['ventas', 1], ['vendite', 1], ['omzet', 1], ...INCOME.map(([w]): [string, number] => [w, 0.7])] },
  transfer: { not: PAYMENT_OF_A_LOAN, terms: TRANSFERS },
  cheque: { not: CHEQUE_NOT, terms: CHEQUES },
  // A cheque category first; else a general income one, not one for a kind of income.
  cheque_deposit: { not: [...CHEQUE_NOT, ...WAGES.map(([w]) => w), 'salaries', 'paychecks', 'payroll', 'insurance', 'protection', 'sales', 'revenue', 'turnover', 'interest', 'dividends', 'investment', 'investments', 'zinsen'], terms: [...CHEQUES, ...GENERAL_INCOME.map(([w]): [string, number] => [w, 0.6])] },
  // A cash category first ("Cash & ATM"), else a transfers one.
  cash_deposit: { not: PAYMENT_OF_A_LOAN, terms: [...CASH, ['deposits', 1], ['einzahlungen', 1], ['versements', 0.8], ['versamenti', 0.8], ['stortingen', 1]] },
  cash_withdrawal: { not: PAYMENT_OF_A_LOAN, terms: [...CASH, ['withdrawals', 1], ['abhebungen', 1], ['retraits', 1], ['retiros', 1], ['prelievi', 1], ['prelievo', 1], ['opnames', 1]] },
  card_repayment: { not: PAYMENT_OF_A_LOAN, terms: [['credit card', 1], ['kreditkarte', 1.1], ['kreditkarten', 1.1], ['carte de credit', 1.1], ['tarjeta de credito', 1.1], ['carta di credito', 1.1], ['creditcard', 1.1], ['card payment', 1], ['repayment', 1], ['debt', 0.8], ['debts', 0.8], ['payment', 0.9], ['payments', 0.9], ['zahlungen', 0.9], ['paiements', 0.9], ['pagos', 0.9], ['pagamenti', 0.9], ['betalingen', 0.9], ...TRANSFERS] },
  tax_payment: { terms: [...TAXES, ...TRANSFERS.map(([w, x]): [string, number] => [w, x * 0.5])] },
  shopping: { not: NOT_FOOD, terms: SHOPPING_BROAD.map(([w]): [string, number] => [w, 1]) },
  clothing: { not: NOT_FOOD, terms: [['clothing', 1], ['clothes', 1], ['apparel', 1], ['fashion', 1], ['kleidung', 1], ['bekleidung', 1], ['mode', 0.9], ['vetements', 1], ['habillement', 1], ['ropa', 1], ['abbigliamento', 1], ['kleding', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.5])] },
  electronics: { not: NOT_FOOD, terms: [['electronics', 1], ['computer', 0.9], ['computers', 0.9], ['tech', 0.9], ['elektronik', 1], ['electronique', 1], ['electronica', 1], ['elettronica', 1], ['elektronica', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.5])] },
  hardware: { not: [...NOT_FOOD, ...NOT_HOME_BILLS], terms: [...HOME_FAMILY, ['garden', 0.8], ['lawn', 0.8], ['hardware', 1], ['diy', 1], ['building', 0.9], ['bldg', 0.9], ['builders', 1], ['home improvement', 1], ['baumarkt', 1], ['bricolage', 1], ['bricolaje', 1], ['ferramenta', 1], ['bouwmarkt', 1], ['home maintenance', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.5])] },
  books: { not: NOT_FOOD, terms: [['books', 1], ['bucher', 1], ['livres', 1], ['libros', 1], ['libri', 1], ['boeken', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.5])] },
  furniture: { not: [...NOT_FOOD, ...NOT_HOME_BILLS, ...MOBILITY], terms: [['furniture', 1], ['furnishings', 1], ['housewares', 1], ...HOME_FAMILY, ['homewares', 1], ['mobel', 1], ['meubles', 1], ['muebles', 1], ['mobili', 1], ['meubels', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 1.5])] },
  pets: { terms: [['pets', 1], ['pet', 1], ['vet', 1], ['veterinary', 1], ['veterinarian', 1], ['tierarzt', 1], ['veterinaire', 1], ['veterinario', 1], ['dierenarts', 1], ['haustiere', 1], ['tiere', 1], ['animaux', 1], ['mascotas', 1], ['animali', 1], ['huisdieren', 1], ...SHOPPING_BROAD] },
  personal_care: { terms: [['personal care', 1], ['cura della persona', 1], ['cura persona', 1], ['personal', 0.7], ['beauty', 1], ['spa', 1], ['esthetique', 1], ['soins', 0.8], ['hair', 1], ['haircut', 1], ['cosmetics', 1], ['korperpflege', 1], ['pflege', 0.9], ['friseur', 1], ['beaute', 1], ['coiffeur', 1], ['belleza', 1], ['peluqueria', 1], ['bellezza', 1], ['parrucchiere', 1], ['verzorging', 1], ['kapper', 1], ...SHOPPING_BROAD, ...HEALTH_FAMILY.map(([w, x]): [string, number] => [w, x * 0.5])] },
  education: { terms: [['education', 1], ['courses', 0.6], ['school', 1], ['schule', 1], ['ecole', 1], ['escuela', 1], ['scuola', 1], ['scolarite', 1], ['tuition', 1], ['learning', 1], ['bildung', 1], ['ausbildung', 1], ['education', 1], ['formation', 1], ['educacion', 1], ['formacion', 1], ['istruzione', 1], ['formazione', 1], ['onderwijs', 1], ['opleiding', 1]] },
  donations: { terms: [['donations', 1], ['charity', 1], ['gifts', 0.7], ['giving', 1], ['spenden', 1], ['dons', 1], ['donaciones', 1], ['donazioni', 1], ['beneficenza', 1], ['donaties', 1], ['goede doelen', 1]] },
  // "Family" is Copilot's childcare; a council's "Family Support" is social services.
  childcare: { terms: [['childcare', 1], ['child care', 1], ['family care', 0.9], ['daycare', 1], ['kids', 0.8], ['children', 0.8], ['kinder', 0.8], ['kinderbetreuung', 1], ['kita', 1], ['creche', 1], ['enfants', 0.8], ['guarderia', 1], ['ninos', 0.8], ['asilo', 1], ['bambini', 0.8], ['kinderopvang', 1], ['kinderen', 0.8], ['family', 0.6], ['familie', 0.6], ['famille', 0.6], ['familia', 0.6], ['famiglia', 0.6], ['gezin', 0.6]], unlessNamed: ['support', 'social', 'services', 'allowance', 'benefit', 'benefits'] },
  software: { terms: [['software', 1], ['apps', 0.8], ['saas', 1], ['cloud', 0.8], ['computing', 0.9], ['online services', 1], ...SUBSCRIPTIONS.map(([w, x]): [string, number] => [w, x * 0.8])] },
  postage: { not: NOT_FOOD, terms: [['business services', 0.6], ['postage', 1], ['shipping', 1], ['post', 0.8], ['porto', 1], ['versand', 1], ['courrier', 1], ['envios', 1], ['spedizioni', 1], ['verzending', 1], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 0.5])] },
  office_supplies: { not: [...NOT_FOOD, 'home', 'baby', 'pet', 'pets'], terms: [['business services', 0.6], ['stationery', 1], ['stationary', 1], ['schreibwaren', 1], ['papeterie', 1], ['papeleria', 1], ['cancelleria', 1], ['kantoorartikelen', 1], ['office', 0.9], ['supplies', 0.8], ['buro', 0.9], ['bureau', 0.9], ['oficina', 0.9], ['ufficio', 0.9], ['kantoor', 0.9], ...SHOPPING_BROAD.map(([w, x]): [string, number] => [w, x * 0.8])] },
  dry_cleaning: { not: NOT_FOOD, terms: [['personal care', 0.6], ['laundry', 1], ['dry cleaning', 1], ['reinigung', 1], ['wascherei', 1], ['pressing', 1], ['lavanderia', 1], ['stomerij', 1], ...SHOPPING_BROAD] },
  loan_repayment: { not: ['student', 'studien', 'etudiant', 'estudiante', 'studente', 'studie', 'home', 'house', 'mortgage', 'hypothek', 'hypotheque', 'hipoteca', 'mutuo', 'hypotheek', 'interest', 'zinsen'], terms: [['loan', 1], ['loans', 1], ['loan repayment', 1.2], ['loan repayments', 1.2], ['loan payment', 1.2], ['auto payment', 1.2], ['car payment', 1.2], ['auto loan', 1.2], ['car loan', 1.2], ['kredit', 1], ['kredite', 1], ['darlehen', 1], ['ratenkredit', 1.2], ['prets', 1], ['credit auto', 1.2], ['prestamo', 1], ['prestamos', 1], ['prestito', 1], ['prestiti', 1], ['finanziamento', 1], ['lening', 1], ['leningen', 1], ['krediet', 1]] },
  student_loan: { terms: [['student loan', 1.2], ['student loans', 1.2], ['studienkredit', 1.2], ['bafog', 1.2], ['pret etudiant', 1.2], ['prestamo estudiantil', 1.2], ['prestito studentesco', 1.2], ['studielening', 1.2], ['studieschuld', 1.2], ['loans', 0.6], ['loan', 0.6]] },
  share_trading: { terms: [['investments', 1], ['investment', 1], ['investing', 1], ['brokerage', 1], ['stocks', 1], ['shares', 0.9], ['crypto', 1], ['geldanlage', 1], ['anlagen', 0.9], ['wertpapiere', 1], ['investissements', 1], ['placements', 1], ['inversiones', 1], ['investimenti', 1], ['beleggingen', 1], ['savings', 0.7], ['sparen', 0.7], ['epargne', 0.7], ['ahorro', 0.7], ['ahorros', 0.7], ['risparmio', 0.7], ['risparmi', 0.7]] },
  // The concepts below had only their catalogue names: a user who named their own categories
  // ("Marketing", "Subcontractors", "Legal & Accounting", "Property Tax", "Wages") got nothing.
  income_protection: { terms: [['income protection', 1.2], ['disability insurance', 1.2], ['berufsunfahigkeit', 1.2], ['prevoyance', 1.1], ['seguro de incapacidad', 1.2], ['arbeidsongeschiktheid', 1.2], ...INSURANCE_FAMILY] },
  business_insurance: { terms: [['business insurance', 1.2], ['liability insurance', 1.2], ['public liability', 1.2], ['professional indemnity', 1.2], ['betriebsversicherung', 1.2], ['betriebshaftpflicht', 1.2], ['assurance professionnelle', 1.2], ['seguro de empresa', 1.2], ['assicurazione aziendale', 1.2], ['bedrijfsverzekering', 1.2], ...INSURANCE_FAMILY] },
  owners_fees: { not: NOT_HOUSING, terms: [['hoa', 1.2], ['homeowners association', 1.2], ['strata', 1.2], ['body corporate', 1.2], ['owners corporation', 1.2], ['condo fees', 1.2], ['hausgeld', 1.2], ['copropriete', 1.2], ['comunidad', 1], ['condominio', 1.2], ['spese condominiali', 1.2], ['vve', 1.2], ['housing', 0.7], ['wohnen', 0.7], ['logement', 0.7], ['vivienda', 0.7], ['wonen', 0.7], ...BILLS_FAMILY.map(([w, x]): [string, number] => [w, x * 0.9]), ...HOME_FAMILY.map(([w, x]): [string, number] => [w, x * 0.8])] },
  council_rates: { terms: [['council tax', 1.2], ['council rates', 1.2], ['rates', 1], ['property tax', 1.2], ['property taxes', 1.2], ['grundsteuer', 1.2], ['taxe fonciere', 1.2], ['ibi', 1.2], ['imu', 1.2], ['ozb', 1.2], ['gemeentelijke belastingen', 1.2], ...TAXES.map(([w, x]): [string, number] => [w, x * 0.6]), ...BILLS_FAMILY.map(([w, x]): [string, number] => [w, x * 0.9])] },
  storage: { not: ['cloud', 'online', 'data', 'digital', 'backup', 'software', 'wolke', 'nube'], terms: [['storage', 1.2], ['self storage', 1.2], ['storage unit', 1.2], ['moving', 1], ['removals', 1], ['truck rental', 1], ['truck hire', 1], ['movers', 1], ['relocation', 0.9], ['lagerraum', 1.2], ['einlagerung', 1.2], ['umzug', 1], ['garde meuble', 1.2], ['demenagement', 1], ['trastero', 1.2], ['mudanza', 1], ['magazzino', 1], ['trasloco', 1], ['opslag', 1.2], ['verhuizing', 1], ['verhuis', 1], ...HOME_FAMILY.map(([w, x]): [string, number] => [w, x * 0.9]), ['housing', 0.5], ['rent', 0.4]] },
  coworking: { terms: [['coworking', 1.2], ['co working', 1.2], ['office space', 1.2], ['office rent', 1.2], ['workspace', 1.1], ['premises', 1], ['buromiete', 1.2], ['bureaux', 0.9], ['alquiler de oficina', 1.2], ['affitto ufficio', 1.2], ['kantoorhuur', 1.2], ['werkplek', 1.1]] },
  state_tax: { terms: [['sales tax', 1.2], ['state tax', 1.2], ['state taxes', 1.2], ['state local', 1.2], ['local tax', 1.2], ['local taxes', 1.2], ...TAXES.map(([w, x]): [string, number] => [w, x * 0.8])] },
  advertising: { terms: [['business services', 0.8], ['advertising', 1], ['marketing', 1], ['ads', 1], ['advertisement', 1], ['promotion', 0.9], ['promotions', 0.9], ['werbung', 1], ['publicite', 1], ['publicidad', 1], ['pubblicita', 1], ['reclame', 1]] },
  contractors: { terms: [['business services', 0.7], ['contractors', 1], ['contractor', 1], ['subcontractors', 1], ['subcontractor', 1], ['subcontracts', 1], ['contract labor', 1], ['contract labour', 1], ['contract work', 1], ['freelancers', 1], ['freelance', 0.9], ['outsourcing', 0.9], ['fremdleistungen', 1], ['subunternehmer', 1], ['sous traitance', 1], ['subcontratistas', 1], ['subcontratacion', 1], ['subappalti', 1], ['onderaannemers', 1], ['inhuur', 0.9]] },
  professional_fees: { terms: [['professional fees', 1.2], ['professional services', 1.1], ['business services', 1], ['professional', 0.7], ['prof fees', 1.1], ['legal', 1], ['lawyer', 1], ['solicitor', 1], ['attorney', 1], ['accounting', 1], ['accountant', 1], ['bookkeeping', 1], ['consulting', 1], ['consultancy', 1], ['advisory', 0.9], ['rechtsanwalt', 1], ['anwalt', 1], ['rechtsberatung', 1], ['beratung', 1], ['honorare', 1], ['buchhaltung', 1], ['avocat', 1], ['honoraires', 1], ['comptabilite', 1], ['conseil', 0.9], ['abogado', 1], ['asesoria', 1], ['gestoria', 1], ['honorarios', 1], ['contabilidad', 1], ['avvocato', 1], ['consulenza', 1], ['contabilita', 1], ['advocaat', 1], ['boekhouding', 1], ['advieskosten', 1]] },
  tax_agent: { terms: [['tax agent', 1.2], ['tax preparation', 1.2], ['tax return', 1.2], ['tax advisor', 1.2], ['tax adviser', 1.2], ['steuerberater', 1.2], ['steuerberatung', 1.2], ['expert comptable', 1.2], ['asesor fiscal', 1.2], ['commercialista', 1.2], ['belastingadviseur', 1.2], ['accountant', 0.8], ['accounting', 0.8], ...TAXES.map(([w, x]): [string, number] => [w, x * 0.5])] },
  memberships: { terms: [['memberships', 1], ['membership', 1], ['dues', 1], ['union dues', 1], ['trade union', 1], ['union fees', 1], ['professional subscriptions', 1.1], ['professional bodies', 1.1], ['associations', 0.9], ['mitgliedsbeitrage', 1.1], ['mitgliedschaft', 1], ['gewerkschaft', 1], ['cotisations', 1], ['adhesions', 1], ['syndicat', 1], ['cuotas', 1], ['afiliaciones', 1], ['sindicato', 1], ['quote associative', 1], ['sindacato', 1], ['lidmaatschap', 1], ['contributie', 1], ['vakbond', 1]] },
  work_clothing: { terms: [['work clothing', 1.2], ['workwear', 1.2], ['uniforms', 1.1], ['uniform', 1.1], ['protective clothing', 1.1], ['safety gear', 1.1], ['ppe', 1], ['arbeitskleidung', 1.2], ['berufskleidung', 1.2], ['vetements de travail', 1.2], ['ropa de trabajo', 1.2], ['uniformes', 1.1], ['abbigliamento da lavoro', 1.2], ['divise', 1.1], ['werkkleding', 1.2], ['clothing', 0.5], ['clothes', 0.5], ['kleidung', 0.5], ['vetements', 0.5], ['ropa', 0.5], ['abbigliamento', 0.5], ['kleding', 0.5]] },
  tools: { terms: [['tools', 1], ['tool', 1], ['equipment', 0.8], ['equip', 0.8], ['werkzeug', 1], ['werkzeuge', 1], ['outils', 1], ['outillage', 1], ['herramientas', 1], ['attrezzi', 1], ['utensili', 1], ['gereedschap', 1], ['hardware', 0.5]] },
  home_office: { terms: [['home office', 1.2], ['working from home', 1.2], ['wfh', 1.2], ['office equipment', 1.1], ['office furniture', 1.1], ['homeoffice', 1.2], ['arbeitszimmer', 1.2], ['teletravail', 1.2], ['teletrabajo', 1.2], ['smart working', 1.2], ['thuiswerken', 1.2], ['thuiskantoor', 1.2], ['office', 0.6], ['buro', 0.6], ['bureau', 0.6], ['oficina', 0.6], ['ufficio', 0.6], ['kantoor', 0.6]] },
  gifts: { terms: [...GIFTS.map((w): [string, number] => [w, 1.2]), ['presents', 1.1], ['gifts donations', 1]] },
  crowdfunding: { terms: [['crowdfunding', 1.2], ...GIFTS.map((w): [string, number] => [w, 0.9]), ['donations', 0.8], ['charity', 0.8], ['giving', 0.8], ['spenden', 0.8], ['dons', 0.8], ['donaciones', 0.8], ['donazioni', 0.8], ['donaties', 0.8]] },
  super: { terms: [['superannuation', 1.2], ['super fund', 1.1], ['super contributions', 1.1], ['personal super', 1.1], ['kiwisaver', 1.2], ['rrsp', 1.1], ...RETIREMENT] },
  pension: { terms: [['pension', 1.2], ['pensions', 1.2], ['superannuation', 0.9], ['rentenversicherung', 1.2], ...RETIREMENT] },
  ira: { terms: [['ira', 1.2], ['roth', 1.2], ['401k', 1.1], ...RETIREMENT] },
  hsa: { terms: [['hsa', 1.2], ['health savings', 1.2], ['fsa', 1], ...HEALTH_FAMILY.map(([w, x]): [string, number] => [w, x * 0.8])] },
  investment_costs: { terms: [['investment costs', 1.2], ['investment fees', 1.2], ['brokerage fees', 1.2], ['platform fees', 1.1], ['margin interest', 1.1], ['financial advice', 1.1], ['financial advisor', 1.1], ['financial adviser', 1.1], ['depotgebuhren', 1.2], ['frais de courtage', 1.2], ['comisiones de inversion', 1.2], ['commissioni di intermediazione', 1.2], ['beleggingskosten', 1.2], ['investment', 0.6], ['investments', 0.6], ['brokerage', 0.8]] },
  wages: { terms: [['wages', 1.2], ['salaries', 1.1], ['payroll', 1.2], ['staff costs', 1.2], ['staff wages', 1.2], ['employees', 1], ['personnel', 1], ['lohne', 1.2], ['gehalter', 1.1], ['personalkosten', 1.2], ['salaires', 1.1], ['nominas', 1.2], ['sueldos', 1.1], ['stipendi', 1.1], ['personale', 1], ['lonen', 1.2], ['salarissen', 1.1], ['personeelskosten', 1.2]] },
  fines: { terms: [['fines', 1], ['penalties', 1], ['strafen', 1], ['bussgeld', 1], ['amendes', 1], ['multas', 1], ['multe', 1], ['boetes', 1], ...AUTO_FAMILY.map(([w, x]): [string, number] => [w, x * 0.5])] },
};

const STOP = new Set([
  'and',
  'the',
  'of',
  'for',
  'und',
  'fur',
  'et',
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'y',
  'e',
  'di',
  'del',
  'en',
  'van',
  'het',
  'een',
  'für',
]);

const CATCH_ALL = new Set([
  'other',
  'others',
  'misc',
  'miscellaneous',
  'general',
  'sonstige',
  'sonstiges',
  'diverses',
  'autre',
  'autres',
  'divers',
  'otros',
  'otras',
  'varios',
  'altro',
  'altri',
  'varie',
  'overig',
  'overige',
]);
const CATCH_ALL_FACTOR = 0.85;

/** "Essen & Trinken" → ["essen", "trinken"]. */
export function nameTokens(name: string): string[] {
  return latinLetters(name)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t && !STOP.has(t));
}

let oneWordTerms: Set<string> | undefined;

/**
 * Whether a word is one categories are named with ("gas", "home", "bills"), in any of the
 * ontology's languages: lower case, as nameTokens() gives it.
 */
export function namesCategories(word: string): boolean {
  oneWordTerms ??= new Set(
    Object.values(ONTOLOGY).flatMap((entry) =>
      entry.terms.map(([term]) => term).filter((term) => !term.includes(' ')),
    ),
  );
  return oneWordTerms.has(word);
}

/** Each term's words, split once: a resolver matches every term against every name. */
const termWords = new Map<string, readonly string[]>();

/**
 * A name's word that is the term's word inflected ("restaurants", "ristoranti", "electricity"),
 * not a word of its own made from it by "-ing": "Training" is not trains, "Sporting Goods" not a
 * sport club, "Shopping" not a shop.
 */
function inflects(token: string, word: string): boolean {
  if (!token.startsWith(word)) return false;
  const rest = token.slice(word.length);
  if (rest === 'ing') return false;
  // A four-letter word inside a longer one is its plural or a compound ("Autokosten"), not
  // "autopsy", "rental" or "postage".
  return word.length > 4 || rest === 's' || rest === 'es' || token.length >= 8;
}

/**
 * A term's words as a name's are read (nameTokens drops the stop words): "location de voiture"
 * and "transports en commun" never matched a name, which has no DE or EN left to say.
 */
function wordsOf(term: string): readonly string[] {
  let words = termWords.get(term);
  if (!words) {
    words = term.split(' ').filter((word) => !STOP.has(word));
    termWords.set(term, words);
  }
  return words;
}

/** The shortest word that a longer one can say as its plural or compound (`inflects`). */
export const SHORTEST_STEM = 4;

const says = (t: string, w: string) => t === w || (w.length >= SHORTEST_STEM && inflects(t, w));

function matches(tokens: readonly string[], term: string): boolean {
  return wordsOf(term).every((w) => tokens.some((t) => says(t, w)));
}

/** The name's words a term says, as one key ("transfers" for both "transfer" and "transfers"). */
function wordsSaid(tokens: readonly string[], term: string): string {
  return tokens.filter((t) => wordsOf(term).some((w) => says(t, w))).join(' ');
}

/** How many of these terms a name (split by nameTokens) says: "Pet Food & Supplies" says "pet food". */
export function termsSaid(terms: readonly string[], tokens: readonly string[]): number {
  return tokens.length ? terms.filter((term) => matches(tokens, term)).length : 0;
}

/**
 * How well a category name means this concept: the best term's weight, plus a little for each
 * further term (so "Gas/Automotive" beats "Automotive" for fuel) except a family word beside a
 * word of the concept itself, which takes a little away; 0 when a `not` word is there.
 */
export function meaningScore(concept: ConceptId, name: string): number {
  return meaningScoreOfTokens(concept, nameTokens(name));
}

/** meaningScore() of a name already split by nameTokens() (a resolver splits each name once). */
export function meaningScoreOfTokens(concept: ConceptId, tokens: readonly string[]): number {
  const entry = ONTOLOGY[concept];
  if (!entry) return 0;
  if (!tokens.length) return 0;
  if (entry.not?.some((w) => matches(tokens, w))) return 0;
  const found = new Map<string, number>();
  for (const [term, weight] of entry.terms) {
    if (matches(tokens, term)) found.set(term, Math.max(found.get(term) ?? 0, weight));
  }
  if (!found.size) return 0;
  // A term inside a longer one found ("personal" in "personal care") is that term, not a
  // further word beside it; nor is a term that says the same words of the name as another
  // ("transfer" and "transfers" both say "Transfers": one word, not two).
  for (const term of [...found.keys()]) {
    const within = [...found.keys()].some(
      (other) => other !== term && ` ${other} `.includes(` ${term} `),
    );
    if (within) found.delete(term);
  }
  const bySaid = new Map<string, [string, number]>();
  for (const [term, weight] of [...found.entries()]) {
    const key = wordsSaid(tokens, term);
    const kept = bySaid.get(key);
    if (kept && kept[1] >= weight) found.delete(term);
    else {
      if (kept) found.delete(kept[0]);
      bySaid.set(key, [term, weight]);
    }
  }
  const weights = [...found.values()].sort((a, b) => b - a);
  if (weights[0] < 1 && entry.unlessNamed?.some((w) => matches(tokens, w))) return 0;
  // Each further word adds a little, except a family word beside a word of the concept itself,
  // which takes a little away: "Food & Dining" also holds the groceries, so a user who has it
  // and "Restaurants" files a meal under the narrower one.
  const itself = weights[0] >= 1;
  const score =
    weights[0] + weights.slice(1).reduce((sum, w) => sum + (itself && w < 1 ? -0.03 : 0.1 * w), 0);
  // "Other Income", "Misc Expenses": a catch-all fits when no category names the thing itself.
  return tokens.some((t) => CATCH_ALL.has(t)) ? score * CATCH_ALL_FACTOR : score;
}

/** The lowest score that counts as a fit. */
export const MEANING_THRESHOLD = 0.35;
