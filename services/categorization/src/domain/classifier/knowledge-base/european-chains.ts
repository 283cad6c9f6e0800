import type { BrandList } from './brands.generated';

/**
 * Chains a household in Germany, France, Spain, Italy or the Netherlands meets every month that
 * neither the hand-written lists nor OpenStreetMap's index (brands.generated.ts, which leaves
 * out a name two concepts claim, as Carrefour's supermarkets and service stations do) name.
 * Read as the index's brands are: only where the merchant opens with the name, and never
 * teaching the keyword model (their words would move every unknown merchant's near tie).
 */
// prettier-ignore
export const EUROPEAN_CHAINS: readonly BrandList[] = [
  { concept: 'groceries', names: 'AH|Dirk vdBroek|Dirk vd Broek|Dia|Dia Retail|Pam|Pam Panorama|Pam Local|Netto|Dirk van den Broek|Carrefour|Carrefour Market|Carrefour City|Carrefour Express|Monoprix|Monop|Auchan|E.Leclerc|Leclerc|Intermarche|Super U|Hyper U|Picard Surgeles|Netto Marken-Discount|Penny|Penny Markt|Kaufland|Tegut|Supermercados Dia|Eroski|Alcampo|Hipercor|Jumbo|Jumbo Supermarkten|Dirk van den Broek|Dekamarkt|Hoogvliet|Vomar|Norma|Grand Frais|Bon Preu|Bennet|Deen Supermarkten|Deen|Spar' },
  { concept: 'fuel', names: 'Italiana Petroli|IP Italiana Petroli|Aral|TotalEnergies|Total Access|Cepsa|Q8|Eni|Eni Station|OMV|JET Tankstelle|Star Tankstelle|Avia|Tamoil|Tango|Tinq' },
  { concept: 'clothing', names: 'Zalando|About You|C&A|Kiabi|Bershka|Pull&Bear|Pull and Bear|Stradivarius|Massimo Dutti|Calzedonia|Tezenis|Deichmann|Peek & Cloppenburg|OVS' },
  { concept: 'shopping', names: 'Action|bol.com|Wehkamp|Otto.de|Galeries Lafayette|La Redoute|Cdiscount|Galeria Kaufhof|Blokker|Xenos|Tedi|Kleinanzeigen|Leboncoin|Wallapop|Subito.it|Marktplaats' },
  { concept: 'pharmacy', names: 'DM Drogerie|dm-drogerie|Mueller Drogerie|Muller Drogerie|DocMorris|Shop Apotheke|Redcare Pharmacy' },
  { concept: 'personal_care', names: 'Parfumerie Douglas|Douglas Parfumerie|Parfuemerie Douglas|Douglas Parfuemerie|Douglas Cosmetics|Nocibe|Marionnaud|Rituals' },
  { concept: 'food_delivery', names: 'Lieferando|Thuisbezorgd|Glovo|Wolt|Foodora|Takeaway.com' },
  { concept: 'phone_internet', names: 'Ben Mobiel|Ben NL|Telekom|Telekom Deutschland|TIM|Orange France|Orange|SFR|Bouygues Telecom|Free Mobile|Free Telecom|Telecom Italia|Iliad|Fastweb|KPN|Ziggo|Odido|Congstar|Simyo|Yoigo|Masmovil' },
  { concept: 'energy', names: 'Vandebron|Enel|Enel Energia|Stadtwerke|EnBW|RWE|Naturgy|A2A|Hera Comm|Edison Energia|Greenchoice|Budget Energie|EWE|Iren|Hera|Acea Energia|Acea' },
  { concept: 'health_insurance', names: 'Techniker Krankenkasse|TK Techniker Krankenkasse|AOK Bayern|AOK Plus|AOK Nordost|AOK Nordwest|AOK Niedersachsen|AOK Hessen|AOK Bremen|AOK Sachsen-Anhalt|AOK Rheinland Hamburg|AOK Baden-Wuerttemberg|Sanitas|Asisa|DKV Seguros|AOK|Barmer|DAK Gesundheit|Zilveren Kruis|VGZ|Menzis|Adeslas|DAK|MGEN|Harmonie Mutuelle|CPAM|Assurance Maladie|Ameli' },
  { concept: 'insurance', names: 'HUK|HUK24|DEVK|Ergo Versicherung|Unipol|UnipolSai|Centraal Beheer|Nationale-Nederlanden|MAIF|MACIF|Groupama|Matmut|Mutua Madrilena|Linea Directa|Interpolis|Achmea|FBTO|Ohra' },
  { concept: 'parking_tolls', kind: 'tolls', names: 'Autostrade per l Italia|Autostrade|Telepass|Vinci Autoroutes|Sanef|APRR|Abertis|Via-T|Bip&Drive' },
  { concept: 'streaming', names: 'DAZN|Canal+|Canal Plus|Joyn|RTL+|Videoland|Movistar Plus' },
  { concept: 'rideshare', names: 'FreeNow|Free Now|Bolt.eu|Cabify|BlaBlaCar' },
  { concept: 'water', names: 'Waternet|Vitens|Evides|Brabant Water|Dunea|Oasen|Berliner Wasserbetriebe|Veolia Eau|Suez Eau|Acea Ato|Canal de Isabel II|Aigues de Barcelona' },
  // Spain's and the Netherlands' payments between people, as Venmo and Zelle are.
  { concept: 'transfer', names: 'Postepay|Bizum|Tikkie|Satispay|Paylib|Twint|Swish|MobilePay|Vipps|Blik' },
  { concept: 'donations', names: 'Croix-Rouge|Croix Rouge Francaise|Secours Populaire|Secours Catholique|Restos du Coeur|Fondation Abbe Pierre|Emmaus|Deutsches Rotes Kreuz|DRK|Caritas|Diakonie|Brot fuer die Welt|Misereor|SOS-Kinderdorf|Cruz Roja|Caritas Espanola|Croce Rossa|Emergency ONG|Rode Kruis|KWF Kankerbestrijding|Artsen zonder Grenzen' },
  { concept: 'airline', names: 'Iberia|Vueling|Eurowings|Transavia|ITA Airways|Alitalia|Volotea|Air Europa|TAP Air Portugal|TAP Portugal|Scandinavian Airlines|Austrian Airlines|Brussels Airlines|Condor Flugdienst|Swiss International Air Lines' },
  { concept: 'hardware', names: 'Bricoman|Brico io|Bricocenter|OBI|OBI Baumarkt|toom Baumarkt|toom|Castorama|Bricomart|Gamma Bouwmarkt|Praxis Bouwmarkt|Karwei|Hagebau|Hagebaumarkt|Gamma' },
  { concept: 'electronics', names: 'Media Markt|MediaMarkt|Euronics|Boulanger|Conrad Electronic' },
  { concept: 'public_transport', names: 'HTM|HTM Den Haag|HTM Personenvervoer|Deutsche Bahn|NS Reizigers|NS Groep|NS International|OV-chipkaart|GVB|Ouigo|Italo Treno|Italo|MVV|HVV|MVG|KVB|Cercanias|Renfe Cercanias|TMB|ATAC|ATAC Roma|GTT|HTM|Connexxion' },
  { concept: 'books', names: 'Thalia|Hugendubel|Feltrinelli|La Feltrinelli|Mondadori Store' },
  { concept: 'postage', names: 'La Poste|Correos|Deutsche Post|PostNL|Poste Italiane|Chronopost|Colissimo|Mondial Relay|Relais Colis|Correos Express|SEUR|MRW|BRT|Bartolini|GLS|Sendcloud' },
  { concept: 'entertainment', names: 'UGC|UGC Cine Cite|Pathe Gaumont|Kinepolis|CGR Cinemas|Cinesa|Yelmo Cines|UCI Cinemas|The Space Cinema|CineStar|Cinemaxx|UCI Kinowelt|Vue Cinemas' },
  { concept: 'gambling', names: 'FDJ|Francaise des Jeux|PMU|Tipico|bwin|Lotto24|Sisal|SNAI|Lottomatica|Staatsloterij|Nederlandse Loterij|Postcode Loterij|Holland Casino|Loterias y Apuestas del Estado|Loterias y Apuestas|Westlotto|Lotto Bayern|Lotto Hessen' },
  { concept: 'medical', names: 'Doctolib' },
  { concept: 'car_registration', names: 'DGT|Direccion General de Trafico' },
  // The Dutch banks' shared cash machines, and a German bank's own ("GA NR00001234 BLZ 70050000").
  { concept: 'cash_withdrawal', names: 'Geldmaat|GA BLZ|GA NR BLZ' },
  // Online banks a line pays into, as Monzo and Revolut are (bunq, DKB and ING-DiBa alone were a
  // café's closest match).
  { concept: 'transfer', names: 'N26|bunq|DKB|Deutsche Kreditbank|comdirect|ING-DiBa|ING DiBa|Consorsbank|Vivid Money' },
  // A small business's accounting software and chambers of commerce.
  { concept: 'software', names: 'DATEV|lexoffice|sevDesk|Lexware|Pennylane|Holded|Moneybird|e-Boekhouden|Exact Online|Fatture in Cloud' },
  { concept: 'memberships', names: 'IHK|Handwerkskammer|Kamer van Koophandel|KvK|Camara de Comercio|Camera di Commercio' },
  { concept: 'share_trading', names: 'Trade Republic|Scalable Capital|DEGIRO|flatex|flatexDEGIRO|Bitpanda|Smartbroker|finanzen.net zero' },
  // Online pet shops ("ZOOPLUS" a café's closest match).
  { concept: 'pets', kind: 'pet_supplies', names: 'zooplus|Zooplus AG|bitiba|Zooroyal|Tiendanimal|Wanimo' },
  // The state pension funds: money in is the pension or benefit they pay ("INPS" was a tax
  // refund at 0.92, "DEUTSCHE RENTENVERSICHERUNG" a retirement contribution), money out the
  // contributions.
  { concept: 'pension', names: 'INPS|Deutsche Rentenversicherung|DRV Bund|Rentenversicherung Bund|CNAV|CARSAT|Agirc-Arrco|Agirc Arrco|ABP Pensioenen|PFZW' },
  // France's fines agency and its payment site ("AMENDES.GOUV" a café's closest match,
  // "WWW.AMENDES.GOUV.FR" a shop's).
  { concept: 'fines', names: 'ANTAI|Amendes Gouv|Amende Gouv|Amendes' },
  { concept: 'tax_payment', names: 'TGSS|Tesoreria General de la Seguridad Social|Seguridad Social|PagoPA|URSSAF|Finanzamt|DGFIP|Tresor Public|Impots Gouv|AEAT|Agencia Tributaria|Agenzia delle Entrate|Agenzia Entrate|Belastingdienst' },
];
