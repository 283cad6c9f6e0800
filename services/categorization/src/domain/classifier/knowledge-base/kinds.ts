import type { ConceptId } from '../concepts';

/**
 * Finer kinds of a concept that budgeting apps give categories of their own: Mint's "Coffee
 * Shops", "Fast Food" and "Restaurants" under Food & Dining, "Pet Food & Supplies" and
 * "Veterinary" under Pets, "Hair" under Personal Care, "Mobile Phone" and "Internet" under
 * Bills & Utilities, "Sporting Goods" under Shopping, "Auto Insurance" beside Insurance. A known merchant of a kind goes to the
 * user's category that names the kind itself; a user without one gets the concept's category,
 * as before. Only known merchants carry a kind: the keyword model stays over concepts, so a
 * category set without such categories is classified exactly as it was.
 *
 * `merchants` are names exactly as the concept's list in merchants.ts spells them (a unit test
 * checks each is there). `terms` are what a category named after the kind is called, in the
 * ontology's languages (lower case, no accents; 4+ letters also match as a prefix); a category
 * counts only when one of them is its whole meaning (weight 1), never a family word.
 */
export interface Kind {
  concept: ConceptId;
  /** Completes "… is …" in a reasoning line. */
  describe: string;
  merchants: string;
  terms: readonly string[];
  /**
   * The words that say the kind on a transaction line, where they are fewer than `terms`: a
   * "CAFE" on a US card line is as often a diner as a coffee shop.
   */
  inLines?: readonly string[];
}

// prettier-ignore
export const KINDS = {
  coffee: {
    concept: 'dining',
    describe: 'a coffee shop',
    merchants: 'Starbucks|Gloria Jeans|The Coffee Club|Costa|Costa Coffee|Caffe Nero|Dunkin|Dunkin Donuts|Tim Hortons|Peets Coffee|Dutch Bros|Caribou Coffee|Blue Bottle Coffee|Philz Coffee',
    terms: ['coffee', 'coffee shops', 'cafe', 'cafes', 'kaffee', 'cafeteria', 'caffe', 'koffie'],
    inLines: ['coffee', 'espresso', 'kaffee', 'koffie'],
  },
  fast_food: {
    concept: 'dining',
    describe: 'a fast-food chain',
    merchants: 'McDonalds|Maccas|McDonalds Aus|KFC|Hungry Jacks|Subway|Dominos|Dominos Pizza|Pizza Hut|Red Rooster|Oporto|Burger King|Wendys|Taco Bell|Chick-fil-A|Popeyes|Sonic Drive-In|Arbys|Jack in the Box|Whataburger|In-N-Out|Five Guys|Little Caesars|Papa Johns|Dairy Queen|Carls Jr|Hardees|Chipotle|Panda Express|Panera Bread|Greggs|Jimmy Johns|Jersey Mikes|Raising Canes|Wingstop|Bojangles|Zaxbys|Del Taco|El Pollo Loco|Culvers|Steak n Shake|Qdoba|Shake Shack|In N Out Burger|Pollo Tropical|Chipotle Mexican Grill|Chipotle Online|Guzman y Gomez|Zambrero|Checkers Drive-In|Checkers|Rallys',
    terms: ['fast food', 'fastfood', 'takeaway', 'takeaways', 'take out', 'imbiss', 'schnellimbiss', 'restauration rapide', 'comida rapida', 'afhaal'],
  },
  hair: {
    concept: 'personal_care',
    describe: 'a hairdresser or barber',
    merchants: 'Great Clips|Supercuts|Sport Clips|Just Cuts|Toni & Guy|Regis Salons|Fantastic Sams|Cost Cutters',
    terms: ['hair', 'haircut', 'haircuts', 'hairdresser', 'barber', 'friseur', 'coiffeur', 'peluqueria', 'parrucchiere', 'kapper'],
  },
  pet_supplies: {
    concept: 'pets',
    describe: 'a pet-supplies store',
    merchants: 'Chewy|PetSmart|Petco|Petbarn|Pets at Home|PETstock|Pet Circle|Pet Supplies Plus',
    terms: ['pet food', 'pet supplies', 'tierbedarf', 'tierfutter', 'animalerie', 'articulos para mascotas', 'dierenvoeding'],
  },
  sporting_goods: {
    concept: 'shopping',
    describe: 'a sporting-goods store',
    merchants: 'Sports Direct|Rebel Sport|Decathlon|Anaconda|Dicks Sporting Goods|REI|Academy Sports|Bass Pro Shops|Cabelas|Big 5 Sporting Goods|Scheels|Hibbett Sports|Golf Galaxy|Play It Again Sports|Sportsmans Warehouse|Intersport|Amart Sports',
    terms: ['sporting goods', 'sports goods', 'sports equipment', 'sporting equipment', 'sportartikel', 'sportgeschaft', 'articles de sport', 'articulos deportivos', 'articoli sportivi', 'sportartikelen'],
  },
  // Only insurers whose business is mostly motor cover: one that sells home and car alike
  // (State Farm, Allstate, USAA) cannot say which policy a payment was for.
  auto_insurance: {
    concept: 'insurance',
    describe: 'a car insurer',
    merchants: 'GEICO|Progressive|Progressive Insurance|Root Insurance|Budget Direct|Bingle|Youi|Youi Insurance|Esure|Sheilas Wheels|Admiral|Admiral Insurance|Hastings Direct|Churchill|AAMI',
    terms: ['auto insurance', 'car insurance', 'vehicle insurance', 'motor insurance', 'autoversicherung', 'kfz versicherung', 'assurance auto', 'assurance automobile', 'seguro de coche', 'seguro de auto', 'assicurazione auto', 'autoverzekering'],
  },
  mobile: {
    concept: 'phone_internet',
    describe: 'a mobile-phone carrier',
    merchants: 'AT&T|ATT|Verizon Wireless|T-Mobile|Sprint|Cricket Wireless|Boost Mobile|Mint Mobile|Visible|Google Fi|Project Fi|Google Project Fi|Google Voice|Giffgaff|Giff Gaff',
    terms: ['phone', 'mobile', 'mobile phone', 'cell', 'cell phone', 'cellphone', 'handy', 'mobilfunk', 'telephone', 'telefon', 'movil', 'telefono', 'cellulare', 'mobiel', 'telefoon'],
  },
  internet_tv: {
    concept: 'phone_internet',
    describe: 'an internet or cable-TV provider',
    merchants: 'Comcast|Xfinity|Spectrum|Charter Spectrum|Cox Communications|Optimum|Frontier Communications|Mediacom|Starlink|Virgin Media|Aussie Broadband|Superloop',
    terms: ['internet', 'cable', 'broadband', 'cable tv', 'internet & cable', 'wifi', 'kabel', 'internet y cable'],
  },
  cruise: {
    concept: 'accommodation',
    describe: 'a cruise line',
    merchants: 'Royal Caribbean|Carnival Cruise|Carnival Cruise Lines|Norwegian Cruise Line|Princess Cruises|Celebrity Cruises|Holland America|Disney Cruise|MSC Cruises|Viking Cruises|Cunard|P&O Cruises|Virgin Voyages|Oceania Cruises|Regent Seven Seas|Silversea|Seabourn|Azamara|AmaWaterways|Uniworld|Hurtigruten|AIDA Cruises|Costa Cruises|TUI Cruises',
    terms: ['cruise', 'cruises', 'kreuzfahrt', 'kreuzfahrten', 'croisiere', 'croisieres', 'crucero', 'cruceros', 'crociera', 'crociere'],
  },
  // An app store's bill (apps, in-app purchases, storage) is software to Mint ("Electronics &
  // Software"); without such a category it stays with the subscriptions.
  app_store: {
    concept: 'streaming',
    describe: 'an app store',
    merchants: 'Apple.com/bill|Google Play',
    terms: ['software', 'apps', 'app store', 'app stores', 'logiciels', 'programas', 'programmi'],
  },
  // Mint's "Music" beside "Television" and "Movies & DVDs" under Entertainment.
  music: {
    concept: 'streaming',
    describe: 'a music-streaming service',
    merchants: 'Spotify|Spotify AB|Spotify USA|Amazon Music|Apple Music|YouTube Music|Deezer|Tidal|SiriusXM|Pandora',
    terms: ['music', 'music streaming', 'musik', 'musique', 'musica', 'muziek'],
  },
  // Mint's "Movies & DVDs" beside "Amusement" and "Arts" under Entertainment.
  cinema: {
    concept: 'entertainment',
    describe: 'a cinema',
    merchants: 'Hoyts|Event Cinemas|Village Cinemas|Reading Cinemas|Palace Cinemas|Dendy Cinemas|Odeon|Vue|Vue Cinemas|Cineworld|Everyman Cinema|AMC|AMC Theatres|Regal Cinemas|Regal|Cinemark|Alamo Drafthouse|Fandango',
    terms: ['movies', 'movie', 'cinema', 'cinemas', 'films', 'kino', 'cine', 'bioscoop'],
    inLines: ['movie', 'movies', 'cinema', 'cinemas', 'cineplex', 'kino', 'bioscoop'],
  },
  // A user who keeps parking and tolls apart ("Parking" beside "Tolls", "Parken" beside "Maut"):
  // a toll road's account is no car park, whichever of the two the concept found first.
  tolls: {
    concept: 'parking_tolls',
    describe: 'a toll road or road-user charge',
    merchants: 'Linkt|Linkt Sydney|Linkt Brisbane|E-Toll|Etoll|Roam Express|EastLink|CityLink|Transurban|E-ZPass|EZPass|FasTrak|SunPass|TxTag|Dart Charge|Congestion Charge|ULEZ|Tollaust',
    terms: ['tolls', 'toll', 'road tolls', 'toll roads', 'maut', 'mautgebuhren', 'peage', 'peages', 'peaje', 'peajes', 'pedaggio', 'pedaggi', 'tol', 'tolwegen'],
    inLines: ['toll', 'tolls', 'maut', 'peage', 'peaje', 'pedaggio'],
  },
  parking: {
    concept: 'parking_tolls',
    describe: 'a car park or parking app',
    merchants: 'Wilson Parking|Secure Parking|Care Park|Ace Parking|Cellopark|EasyPark|ParkMobile|PayByPhone|RingGo|NCP|NCP Car Park|APCOA|Q-Park|Euro Car Parks|SpotHero|ParkWhiz|LAZ Parking|Impark|JustPark|Parkopedia|Premium Parking|ParkPay',
    terms: ['parking', 'car park', 'car parks', 'parken', 'parkgebuhren', 'parkhaus', 'stationnement', 'aparcamiento', 'estacionamiento', 'parcheggio', 'parcheggi', 'parkeren', 'parkeerkosten'],
    inLines: ['parking', 'car park', 'carpark', 'parkhaus', 'stationnement', 'aparcamiento', 'parcheggio', 'parkeren'],
  },
  // Mint keeps "Dividend & Cap Gains" under Investments, interest under Income.
  dividends: {
    concept: 'interest_income',
    describe: 'a dividend',
    merchants: 'Dividend|Dividend Payment|Dividend Reinvestment',
    terms: ['dividend', 'dividends', 'investments', 'investment', 'dividenden', 'dividendes', 'dividendos', 'dividendi'],
  },
} as const satisfies Record<string, Kind>;

export type KindId = keyof typeof KINDS;

export const KIND_IDS = Object.keys(KINDS) as KindId[];
