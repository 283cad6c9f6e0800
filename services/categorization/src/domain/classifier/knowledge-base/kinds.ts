import type { ConceptId } from '../concepts';

/**
 * Finer kinds of a concept that budgeting apps give categories of their own: Mint's "Coffee
 * Shops", "Fast Food" and "Restaurants" under Food & Dining, "Pet Food & Supplies",
 * "Veterinary" and "Pet Grooming" under Pets, "Dentist", "Doctor" and "Eyecare" under Health &
 * Fitness, "Hair" and "Spa & Massage" under Personal Care, "Mobile Phone" and "Internet" under
 * Bills & Utilities, "Sporting Goods" and "Hobbies" under Shopping, "Toys" and "Baby Supplies"
 * under Kids, "ATM Fee" and "Late Fee" under Fees & Charges, "Federal Tax" and "Local Tax"
 * under Taxes, "Auto Insurance", "Home Insurance" and "Life Insurance" beside Insurance. A
 * known merchant of a kind, or a line whose own words name the kind (`inLines`), goes to the
 * user's category that names the kind itself; a user without one gets the concept's category,
 * as before, and a category named for a kind is not the concept's where another category means
 * the concept as well (categories.ts). The keyword model stays over concepts, so a category
 * set without such categories is classified exactly as it was.
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
  /** None where a kind is known by its lines' words only. */
  merchants?: string;
  terms: readonly string[];
  /**
   * The words that say the kind on a transaction line, where they are fewer than `terms`: a
   * "CAFE" on a US card line is as often a diner as a coffee shop.
   */
  inLines?: readonly string[];
  /**
   * The default categories this kind goes to, in order, before its concept's: a child's school
   * is no work-related self-education, Australia's only education category (deductible at D4),
   * but its families' costs.
   */
  catalogue?: readonly string[];
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
  // Mint's "Dentist" and "Eyecare" beside "Doctor" under Health & Fitness.
  dental: {
    concept: 'medical',
    describe: 'a dentist',
    merchants: 'Bupa Dental|Pacific Smiles|Smile Direct|Primary Dental|1300 Smiles|National Dental Care|Mydentist|Aspen Dental|Western Dental|Bright Now Dental',
    terms: ['dentist', 'dentists', 'dental', 'dental care', 'orthodontist', 'orthodontics', 'zahnarzt', 'zahnbehandlung', 'dentiste', 'dentista', 'tandarts'],
    inLines: ['dental', 'dentist', 'dentists', 'dentistry', 'orthodontics', 'orthodontist', 'orthodontic', 'zahnarzt', 'zahnarztpraxis', 'dentiste', 'dentista', 'tandarts', 'tandartspraktijk'],
  },
  optical: {
    concept: 'medical',
    describe: 'an optician or optometrist',
    merchants: 'Specsavers|Vision Express|Boots Opticians|LensCrafters|Warby Parker',
    terms: ['eyecare', 'eye care', 'optical', 'optician', 'opticians', 'optometrist', 'optometry', 'glasses', 'eyewear', 'optiker', 'augenarzt', 'opticien', 'lunettes', 'optica', 'gafas', 'ottico', 'occhiali', 'oculista'],
    inLines: ['optical', 'optician', 'opticians', 'optometry', 'optometrist', 'optometrists', 'optometric', 'eyecare', 'eye care', 'eyewear', 'optiker', 'opticien', 'optica', 'ottica'],
  },
  // Mint's "Veterinary" beside "Pet Food & Supplies" and "Pet Grooming" under Pets.
  vet: {
    concept: 'pets',
    describe: 'a vet',
    merchants: 'Greencross Vets|VetPartners|Banfield|BluePearl|Vets4Pets|Medivet',
    terms: ['veterinary', 'vet', 'vets', 'veterinarian', 'tierarzt', 'veterinaire', 'veterinario', 'veterinaria', 'dierenarts'],
    inLines: ['veterinary', 'vet', 'vets', 'veterinarian', 'animal hospital', 'animal clinic', 'pet hospital', 'pet clinic', 'tierarzt', 'tierklinik', 'veterinaire', 'veterinario', 'veterinaria', 'dierenarts', 'dierenkliniek'],
  },
  // Known by the line's words alone: groomers are small businesses, and a chain's grooming is
  // its pet shop's counter.
  grooming: {
    concept: 'pets',
    describe: 'a pet groomer',
    terms: ['pet grooming', 'grooming', 'dog grooming', 'groomer', 'hundesalon', 'hundefriseur', 'toilettage', 'peluqueria canina', 'toelettatura', 'trimsalon'],
    inLines: ['grooming', 'groomer', 'groomers', 'dog grooming', 'hundesalon', 'hundefriseur', 'toilettage', 'trimsalon'],
  },
  // Mint's "Spa & Massage" beside "Hair" under Personal Care.
  spa: {
    concept: 'personal_care',
    describe: 'a spa or massage',
    merchants: 'Endota Spa|Hand & Stone|Hand and Stone|Elements Massage|Massage Heights',
    terms: ['spa', 'spas', 'massage', 'massages', 'day spa', 'massagen', 'masajes', 'massaggi'],
    inLines: ['spa', 'day spa', 'massage', 'massages', 'massagen', 'masajes', 'massaggi'],
  },
  sporting_goods: {
    concept: 'shopping',
    describe: 'a sporting-goods store',
    merchants: 'Sports Direct|Rebel Sport|Decathlon|Anaconda|Dicks Sporting Goods|REI|Academy Sports|Bass Pro Shops|Cabelas|Big 5 Sporting Goods|Scheels|Hibbett Sports|Golf Galaxy|Play It Again Sports|Sportsmans Warehouse|Intersport|Amart Sports',
    terms: ['sporting goods', 'sports goods', 'sports equipment', 'sporting equipment', 'sportartikel', 'sportgeschaft', 'articles de sport', 'articulos deportivos', 'articoli sportivi', 'sportartikelen'],
    inLines: ['sporting goods', 'sports goods', 'sports equipment', 'sporting equipment', 'sportartikel', 'sportgeschaft', 'articles de sport', 'articulos deportivos', 'articoli sportivi', 'sportartikelen', 'bike shop', 'bicycle shop', 'bike store', 'bicycles', 'cyclery'],
  },
  // Mint's "Toys" and "Baby Supplies" under Kids, "Hobbies" under Shopping.
  toys: {
    concept: 'shopping',
    describe: 'a toy shop',
    merchants: 'Smyths Toys|Lego|Lego Store|Toys R Us|Build-A-Bear|Build A Bear|Mr Toys Toyworld',
    terms: ['toys', 'toy', 'spielzeug', 'spielwaren', 'jouets', 'juguetes', 'giocattoli', 'speelgoed'],
    inLines: ['toys', 'toy', 'toy store', 'toy shop', 'spielwaren', 'jouets', 'juguetes', 'giocattoli', 'speelgoed'],
  },
  baby: {
    concept: 'shopping',
    describe: 'a baby-supplies store',
    merchants: 'buybuy BABY|Buy Buy Baby|Babies R Us|Baby Bunting',
    terms: ['baby supplies', 'baby', 'babies', 'babybedarf', 'babyartikel', 'puericulture', 'bebe', 'articulos para bebe', 'prima infanzia', 'babyspullen'],
    inLines: ['baby', 'babies', 'babymarkt'],
  },
  crafts: {
    concept: 'shopping',
    describe: 'a craft or hobby store',
    merchants: 'Spotlight|Lincraft|Hobbycraft|Michaels|Joann|Hobby Lobby',
    terms: ['hobbies', 'hobby', 'crafts', 'craft', 'arts crafts', 'arts & crafts', 'bastelbedarf', 'basteln', 'loisirs creatifs', 'manualidades', 'hobbistica', 'knutselen'],
    inLines: ['crafts', 'craft store', 'craft supplies', 'hobby shop', 'hobby store', 'fabric', 'fabrics', 'yarn', 'bastelbedarf'],
  },
  // Mint's "Newspapers & Magazines" beside "Television" and "Music".
  news: {
    concept: 'streaming',
    describe: 'a newspaper or magazine',
    merchants: 'NYTimes|New York Times|Wall Street Journal|Washington Post|The Guardian|Guardian News|The Times|Times Newspapers|Financial Times|The Economist|Economist Newspaper|News Corp|Substack|Medium.com',
    terms: ['newspapers', 'newspaper', 'magazines', 'magazine', 'news', 'zeitung', 'zeitungen', 'zeitschriften', 'journaux', 'presse', 'periodicos', 'revistas', 'giornali', 'riviste', 'kranten', 'tijdschriften'],
    inLines: ['newspaper', 'newspapers', 'magazine', 'magazines', 'zeitung', 'journal'],
  },
  // A child's school: its fees, canteen, excursions and the apps that take them.
  school: {
    concept: 'education',
    describe: "a child's school, its canteen or excursions",
    merchants: 'Flexischools|Qkr|ParentPay|Scopay|WisePay',
    terms: ['school', 'schools', 'school fees', 'schooling', 'schule', 'schulgeld', 'ecole', 'escuela', 'scuola'],
    inLines: ['school fees', 'school fee', 'primary school', 'elementary school', 'secondary school', 'grammar school', 'public school', 'school lunch', 'school lunches', 'school canteen', 'school tuckshop', 'tuckshop', 'cantine scolaire', 'comedor escolar', 'mensa scolastica', 'schulkantine', 'school excursion', 'school camp', 'school photos', 'school uniform', 'school fete', 'school trip', 'school book', 'school books', 'school supplies', 'school shoes', 'school bus', 'school levy', 'school contribution', 'school donation', 'school term', 'school holiday', 'school dinner', 'school dinners', 'dinner money', 'schulgeld'],
    catalogue: ['Education', 'Kids & Childcare', 'Child Care'],
  },
  // Lessons and tutoring outside school: music, driving, a tutor. Australia's only education
  // category is the work-related D4 deduction, which they are not.
  lessons: {
    concept: 'education',
    describe: 'private lessons or tutoring',
    merchants: 'Kumon|Mathnasium|Sylvan Learning',
    terms: ['lessons', 'tutoring', 'music lessons', 'nachhilfe', 'musikunterricht', 'cours particuliers', 'clases particulares', 'ripetizioni', 'bijles'],
    inLines: ['lessons', 'lesson', 'tutoring', 'tutor', 'music school', 'music teacher', 'piano teacher', 'driving school', 'driving instructor', 'drivers ed', 'nachhilfe'],
    catalogue: ['Education', 'Kids & Childcare', 'Child Care'],
  },
  // Child support paid to the other parent: a family cost, not childcare that Canada's default
  // "Child Care" deducts (line 21400), so no childcare category but a transfer there.
  child_support: {
    concept: 'childcare',
    describe: 'child support',
    terms: ['child support', 'child maintenance', 'kindesunterhalt', 'unterhalt', 'pension alimentaire', 'manutencion', 'mantenimento figli', 'kinderalimentatie', 'alimentatie'],
    inLines: ['child support', 'child maintenance', 'kindesunterhalt', 'unterhalt', 'unterhaltszahlung', 'pension alimentaire', 'pension alimenticia', 'manutencion', 'mantenimento figli', 'kinderalimentatie', 'alimentatie'],
    catalogue: ['Kids & Childcare', 'Kids', 'Transfers'],
  },
  // Mint's "Kids Activities" under Kids, beside "Gym" under Health & Fitness.
  kids_activities: {
    concept: 'gym',
    describe: 'a children’s activity (swimming, gymnastics, martial arts)',
    merchants: 'The Little Gym|My Gym|British Swim School|Goldfish Swim School|Gymboree Play & Music',
    terms: ['kids activities', 'kids activity', 'children activities', 'childrens activities', 'kids sports', 'youth sports', 'kinderaktivitaten', 'kinderfreizeit', 'activites enfants', 'actividades infantiles', 'attivita bambini', 'kinderactiviteiten'],
    inLines: ['gymnastics', 'gymnastic', 'tumbling', 'cheer', 'cheerleading', 'swim school', 'swim lessons', 'swimming lessons', 'karate', 'taekwondo', 'tae kwon do', 'little league', 'youth sports', 'kids'],
  },
  // Mint's "Life Insurance" under Financial and "Home Insurance" under Home, beside "Auto
  // Insurance" and "Health Insurance".
  home_insurance: {
    concept: 'insurance',
    describe: 'home or renters insurance',
    merchants: 'Lemonade|Hiscox Home',
    terms: ['home insurance', 'homeowners insurance', 'renters insurance', 'house insurance', 'contents insurance', 'hausratversicherung', 'wohngebaudeversicherung', 'assurance habitation', 'seguro de hogar', 'assicurazione casa', 'inboedelverzekering', 'opstalverzekering', 'woonverzekering'],
    inLines: ['homeowners', 'home insurance', 'home ins', 'renters insurance', 'renters ins', 'contents insurance', 'hausrat', 'habitation'],
  },
  life_insurance: {
    concept: 'insurance',
    describe: 'life insurance',
    merchants: 'Vitality Life|TAL Life|MLC Life',
    terms: ['life insurance', 'life assurance', 'lebensversicherung', 'risikolebensversicherung', 'assurance vie', 'seguro de vida', 'assicurazione vita', 'levensverzekering', 'overlijdensrisicoverzekering'],
    inLines: ['life', 'life insurance', 'life ins', 'life assurance', 'term life', 'whole life', 'lebensversicherung', 'assurance vie', 'levensverzekering'],
  },
  // Mint's "Federal Tax", "State Tax" and "Local Tax" beside "Property Tax" and "Sales Tax".
  federal_tax: {
    concept: 'tax_payment',
    describe: 'federal income tax',
    merchants: 'IRS|IRS USATAXPYMT|USATAXPYMT|US Treasury Tax|EFTPS',
    terms: ['federal tax', 'federal taxes', 'federal income tax', 'irs'],
    inLines: ['irs', 'usataxpymt', 'us treasury', 'eftps'],
  },
  local_tax: {
    concept: 'state_tax',
    describe: 'a city or county tax',
    merchants: 'Tax Collector',
    terms: ['local tax', 'local taxes', 'city tax', 'county tax', 'municipal tax', 'gemeindesteuer', 'impots locaux', 'impuestos municipales', 'tasse comunali', 'gemeentebelasting'],
    inLines: ['city of', 'county', 'township', 'borough', 'municipal', 'wage tax', 'local tax'],
  },
  // Only insurers whose business is mostly motor cover: one that sells home and car alike
  // (State Farm, Allstate, USAA) cannot say which policy a payment was for.
  auto_insurance: {
    concept: 'insurance',
    describe: 'a car insurer',
    merchants: 'GEICO|Progressive|Progressive Insurance|Root Insurance|Budget Direct|Bingle|Youi|Youi Insurance|Esure|Sheilas Wheels|Admiral|Admiral Insurance|Hastings Direct|Churchill|AAMI',
    terms: ['auto insurance', 'car insurance', 'vehicle insurance', 'motor insurance', 'autoversicherung', 'kfz versicherung', 'kfz', 'assurance auto', 'assurance automobile', 'seguro de coche', 'seguro de auto', 'assicurazione auto', 'autoverzekering'],
  },
  mobile: {
    concept: 'phone_internet',
    describe: 'a mobile-phone carrier',
    merchants: 'AT&T|ATT|Verizon Wireless|T-Mobile|Sprint|Cricket Wireless|MetroPCS|Metro PCS|Boost Mobile|Mint Mobile|Visible|Google Fi|Project Fi|Google Project Fi|Google Voice|Giffgaff|Giff Gaff',
    terms: ['phone', 'mobile', 'mobile phone', 'cell', 'cell phone', 'cellphone', 'handy', 'mobilfunk', 'telephone', 'telefon', 'movil', 'telefono', 'cellulare', 'mobiel', 'telefoon'],
  },
  internet_tv: {
    concept: 'phone_internet',
    describe: 'an internet or cable-TV provider',
    merchants: 'Comcast|Xfinity|Comcast Xfinity|Spectrum|Charter Spectrum|Time Warner Cable|Cox Communications|Optimum|Frontier Communications|CenturyLink|Mediacom|Starlink|Virgin Media|BT Broadband|Shell Energy Broadband|Aussie Broadband|Aussie Broadband Ltd|TPG Internet|Origin Broadband|Superloop',
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
  // Mint's "Amusement" and "Arts" beside "Movies & DVDs" and "Music" under Entertainment.
  amusement: {
    concept: 'entertainment',
    describe: 'an amusement park, zoo or games venue',
    merchants: 'iFLY|iFLY Indoor Skydiving|Timezone|Strike Bowling|Holey Moley|Archie Brothers|Luna Park|Dreamworld|Movie World|Taronga Zoo|Legoland|Six Flags|Disneyland|Walt Disney World|Universal Studios|Topgolf|Dave & Busters|Madame Tussauds|Sea Life',
    terms: ['amusement', 'amusements', 'theme parks', 'attractions', 'freizeitpark', 'freizeitparks', 'parc d attractions', 'parque de atracciones', 'parco divertimenti', 'pretpark'],
    inLines: ['amusement', 'theme park', 'water park', 'waterpark', 'wildlife', 'wildlife park', 'safari park', 'zoo', 'aquarium', 'bowling', 'arcade', 'trampoline', 'mini golf', 'go karts', 'karting', 'laser tag', 'escape room', 'fun park', 'fun center', 'playland', 'freizeitpark', 'tierpark', 'pretpark'],
  },
  // A budgeting user's "Gaming" or "Video Games" beside "Fun Money" or "Entertainment".
  video_games: {
    concept: 'entertainment',
    describe: 'a video-game store or platform',
    merchants: 'Steam|Steam Games|Steampowered|Valve|Valve Software|PlayStation|PlayStation Network|Sony Playstation|PSN|Xbox|Microsoft Xbox|Nintendo|Nintendo eShop|Epic Games|Blizzard|Riot Games|Roblox|Humble Bundle|GOG|EB Games|GameStop',
    terms: ['gaming', 'games', 'video games', 'videogames', 'video gaming', 'computer games', 'videospiele', 'computerspiele', 'jeux video', 'videojuegos', 'videogiochi', 'gamen'],
    inLines: ['playstation', 'xbox', 'nintendo'],
  },
  // Ticket sellers are no kind: a concert, a match or a show.
  arts: {
    concept: 'entertainment',
    describe: 'a museum, gallery or performance',
    terms: ['arts', 'art', 'culture', 'kultur', 'kunst', 'cultura', 'cultuur', 'museums'],
    inLines: ['museum', 'museums', 'gallery', 'opera', 'ballet', 'symphony', 'philharmonic', 'playhouse', 'orchestra', 'musee', 'museo', 'schouwburg'],
  },
  // A user who keeps parking and tolls apart ("Parking" beside "Tolls", "Parken" beside "Maut"):
  // a toll road's account is no car park, whichever of the two the concept found first.
  tolls: {
    concept: 'parking_tolls',
    describe: 'a toll road or road-user charge',
    merchants: 'Linkt|Linkt Sydney|Linkt Brisbane|E-Toll|Etoll|Roam Express|EastLink|CityLink|Transurban|E-ZPass|EZPass|FasTrak|SunPass|TxTag|Dart Charge|Dartford Crossing|Mersey Gateway|Humber Bridge|M6 Toll|Tyne Tunnel|Congestion Charge|ULEZ|Tollaust',
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
  // Mint's "ATM Fee" and "Late Fee" beside "Bank Fee", "Service Fee" and "Finance Charge".
  atm_fee: {
    concept: 'bank_fee',
    describe: 'an ATM fee or its rebate',
    merchants: 'ATM Operator Fee|ATM Rebate|ATM Fee Rebate|ATM Fee Refund|ATM Surcharge Rebate',
    terms: ['atm fee', 'atm fees', 'atm charge', 'atm charges', 'atm gebuhr', 'geldautomatengebuhr', 'frais de retrait', 'comision cajero', 'commissione prelievo', 'geldautomaatkosten'],
    inLines: ['atm fee', 'atm fees', 'atm surcharge', 'atm charge', 'atm rebate', 'atm withdrawal fee', 'atm operator fee'],
  },
  late_fee: {
    concept: 'bank_fee',
    describe: 'a late-payment fee',
    merchants: 'Late Payment Fee',
    terms: ['late fee', 'late fees', 'late payment fee', 'late charges', 'mahngebuhr', 'mahngebuhren', 'penalites de retard', 'recargo por demora', 'penale di mora', 'aanmaningskosten'],
    inLines: ['late fee', 'late payment fee', 'late charge', 'mahngebuhr'],
  },
  // Mint's and Monarch's "Auto Payment" beside "Loan Repayment" or "Student Loan".
  car_loan: {
    concept: 'loan_repayment',
    describe: 'a car-loan repayment',
    merchants: 'Toyota Financial|Toyota Financial Services|Lexus Financial|Honda Financial|Honda Financial Services|American Honda Finance|Ford Credit|GM Financial|Ally Auto|NMAC|Hyundai Capital|Kia Finance|BMW Financial|BMW Financial Services|Mercedes-Benz Financial|VW Credit|Volkswagen Credit|Subaru Finance|Santander Consumer|Chrysler Capital|Westlake Financial|Credit Acceptance|Capital One Auto|Chase Auto|Exeter Finance|Black Horse|Toyota Finance',
    terms: ['auto payment', 'car payment', 'auto loan', 'car loan', 'auto loans', 'car loans', 'vehicle loan', 'car finance', 'auto finance', 'autokredit', 'autofinanzierung', 'credit auto', 'pret auto', 'prestamo coche', 'prestamo auto', 'finanziamento auto', 'autolening', 'autofinanciering'],
    inLines: ['auto loan', 'car loan', 'auto finance', 'car finance', 'vehicle loan', 'vehicle finance', 'motor finance', 'motor credit', 'auto financial'],
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
