import type { BrandList } from './brands.generated';

/**
 * Chains, utilities and public bodies the hand-written lists and OpenStreetMap's index
 * (brands.generated.ts) do not name: those of Canada and New Zealand, which have their own default
 * categories ("NOFRILLS", "HYDRO ONE", "PRESTO AUTO LOAD", "COUNTDOWN", "IRD" went to Dining Out or
 * a category picked by their words), and regional US chains ("INGLES", "EARTH FARE", "ROYAL FARMS",
 * "PERKINS"), and a few of Australia's, the United Kingdom's and Ireland's ("ENGLISH HERITAGE" and
 * "EIR" went to Dining Out). Read as the index's brands are: only where the merchant opens with the
 * name, and never teaching the keyword model. Written as hand-written names they did teach it, and
 * their words moved other users' lines: Enbridge Gas made GAS an energy word (a base's "LAKENHEATH
 * SH WITH GAS" pumps went to the utilities), Giant Tiger made TIGER a shop's, Bee Card made BEE a
 * bus fare's, and Earth Fare would make FARE a grocer's.
 */
// prettier-ignore
export const REGIONAL_CHAINS: readonly BrandList[] = [
  // Canada and New Zealand
  { concept: 'groceries', names: 'Nofrills|FreshCo|Food Basics|Maxi|Provigo|Zehrs|Fortinos|Longos|T&T Supermarket|Farm Boy|Thrifty Foods|Save-On-Foods|Save On Foods|Real Canadian Superstore|Sobeys|Countdown|Woolworths NZ|FreshChoice|SuperValue|Pak n Save|PaknSave' },
  { concept: 'fuel', names: 'Couche-Tard|Couche Tard|Husky|Ultramar|Pioneer Petroleums|Irving Oil|Petro-Canada|Petro Canada|Gull|NPD Fuel|NPD|Allied Petroleum' },
  { concept: 'public_transport', names: 'Presto Card|Presto Fare|Presto Autoload|Presto Auto Load|TTC|Toronto Transit|GO Transit|STM|Calgary Transit|Winnipeg Transit|Auckland Transport|Snapper|Metlink|Bee Card' },
  // A phone company's wireless arm: MOBILITY alone is a scooter share's ("TELUS MOBILITY" was a ride).
  { concept: 'phone_internet', names: 'Telus Mobility|Rogers Mobility|SaskTel Mobility' },
  { concept: 'phone_internet', names: 'Rogers|Rogers Communications|Rogers Wireless|Fido|Koodo|Virgin Plus|Freedom Mobile|Videotron|Shaw Cable|Cogeco|Eastlink|SaskTel|Public Mobile|Chatr|Spark NZ|Spark|2degrees|Skinny Mobile|Slingshot|Orcon' },
  { concept: 'energy', names: 'Hydro One|BC Hydro|Hydro-Quebec|Hydro Quebec|Enbridge|Enbridge Gas|FortisBC|Fortis BC|Toronto Hydro|Alectra|Hydro Ottawa|ATCO|Epcor|Enmax|SaskPower|SaskEnergy|Manitoba Hydro|Nova Scotia Power|NB Power|Mercury Energy|Mercury NZ|Meridian Energy|Trustpower|Nova Energy|Electric Kiwi|Flick Electric' },
  { concept: 'parking_tolls', kind: 'tolls', names: 'ETR|407 ETR|407ETR|Highway 407' },
  { concept: 'tax_payment', names: 'CRA|Canada Revenue Agency|Revenu Quebec|IRD|Inland Revenue NZ' },
  { concept: 'shopping', names: 'Canadian Tire|Giant Tiger|Hudsons Bay|Dollarama|Warehouse Stationery|Briscoes' },
  { concept: 'clothing', names: 'Winners|HomeSense|Roots Canada|Aritzia' },
  { concept: 'books', names: 'Indigo|Indigo Books|Chapters Indigo' },
  { concept: 'airline', names: 'WestJet|Flair Airlines|Swoop Airlines|Air Transat|Porter Airlines' },
  { concept: 'insurance', names: 'Manulife|Canada Life|Great-West Life|ICBC|SGI Canada|Manitoba Public Insurance|Intact Insurance|Desjardins Assurance|Belairdirect|Aviva Canada' },
  { concept: 'share_trading', names: 'Wealthsimple|Questrade|Qtrade' },
  // Interac's transfers as banks shorten them, and the banks a line pays into or a card's bill
  // names ("BMO MASTERCARD", its network dropped, "SCOTIABANK", "CIBC" a café's closest match).
  { concept: 'transfer', names: 'Interac|Interac Etrnsfr|BMO|Scotiabank|CIBC|Simplii|Simplii Financial|EQ Bank' },
  // The other big Canadian banks and credit unions, so their own cash machines are cash taken out
  // ("RBC ROYAL BANK ATM", "DESJARDINS ATM", "TD ATM W/D" were a bank's fee); TD alone is two
  // letters, its cash machine by name only (TD Canada Trust, with a legal form's word, is in
  // merchants.ts).
  { concept: 'transfer', names: 'RBC|RBC Royal Bank|Royal Bank|TD Canada Trust|Desjardins|Tangerine|ATB Financial|National Bank|Banque Nationale|Laurentian Bank|Coast Capital|Meridian Credit Union|Vancity' },
  { concept: 'cash_withdrawal', names: 'TD ATM' },
  { concept: 'entertainment', names: 'Cineplex|Cineplex Entertainment' },
  { concept: 'car_registration', names: 'ServiceOntario|Service Ontario|SAAQ' },
  // The federal benefits as a Canadian statement prints them (money in).
  { concept: 'salary', names: 'Canada Child Benefit|CCB Canada|Canada CCB|GST Credit|GSTHST Credit|GST HST Credit|Canada Workers Benefit|Employment Insurance|EI Canada|Canada Pension Plan|CPP Canada|Old Age Security|OAS Canada|Canada OAS|Canada Fed GST|Canada GST|Canada Carb|Canada Carbon Rebate|Canada CWB|Ontario Trillium|Ontario Trillium Benefit|Govt Canada' },
  // The federal tax refund as the Canada Revenue Agency's deposit prints it ("CANADA RIT").
  { concept: 'tax_payment', names: 'Canada RIT' },
  { concept: 'shopping', names: 'MEC Mountain Equipment|Mountain Equipment Co' },
  // New Zealand's: Z Energy sells fuel, not power.
  { concept: 'fuel', names: 'Z Energy' },
  { concept: 'public_transport', names: 'KiwiRail|Interislander' },
  { concept: 'phone_internet', names: 'Skinny|Skinny Mobile|Skinny Broadband' },
  { concept: 'gambling', names: 'SkyCity|Sky City Casino' },
  { concept: 'shopping', names: 'TradeMe' },
  // New Zealand's banks (Kiwibank and BNZ a café's closest match) and the accident corporation's
  // levy on the self-employed.
  { concept: 'transfer', names: 'Kiwibank|BNZ' },
  { concept: 'tax_payment', names: 'ACC Levy|ACC Levies' },
  { concept: 'water', names: 'Watercare|Wellington Water' },
  { concept: 'health_insurance', names: 'Southern Cross Health|Southern Cross Healthcare|nib NZ' },
  // Benefits paid by Work and Income and the Ministry of Social Development ("MSD PAYMENT", money
  // in, was a card's bill at 0.87); DeliverEasy, a food-delivery service (a café's closest match).
  { concept: 'salary', names: 'Work and Income|Work & Income|WINZ|Ministry of Social Development|MSD' },
  { concept: 'food_delivery', names: 'DeliverEasy|Deliver Easy' },
  { concept: 'car_registration', names: 'Waka Kotahi|NZTA' },
  { concept: 'pharmacy', names: 'Unichem' },
  { concept: 'alcohol', names: 'SAQ|BC Liquor|Liquor Depot|Super Liquor' },
  // The United States' regional chains
  { concept: 'groceries', names: 'Ingles|Ingles Markets|Brookshire Brothers|Brookshires|Brookshire|Tom Thumb|Lunds & Byerlys|Lunds&Byerlys|Lunds and Byerlys|Western Beef|Earth Fare|99 Ranch|99 Ranch Market|Northgate Market|Northgate Gonzalez' },
  { concept: 'fuel', names: 'Royal Farms|Stripes|MAPCO|Twice Daily|Weigels|Weigel\'s|Parkers Kitchen|Rutters|Rutter\'s|Spinx|Fas Mart|Quick Chek|QuickChek|Allsups|Allsup\'s' },
  // Amazon's grocery service under its own name ("AMAZON GROCERY" was the general shop's).
  { concept: 'groceries', names: 'Amazon Grocery|Amazon Grocery Subscription|Amazon Groceries' },
  // Starbucks' and Dunkin's ticker symbols, as some card statements print them ("SBUX 1234").
  { concept: 'dining', names: 'SBUX|DNKN' },
  { concept: 'dining', names: 'Perkins|Perkins Restaurant|Biggby|Biggby Coffee|Moes Southwest|Moes Southwest Grill|Krystal|Wetzels Pretzels|Lou Malnatis|Giordanos|McAlisters|McAlisters Deli' },
  { concept: 'medical', names: 'Concentra|MedExpress|US Anesthesia Partners' },
  // Therapy practices and an eyewear chain by their full names ("LIFESTANCE" a café's closest match).
  { concept: 'medical', names: 'LifeStance|LifeStance Health|Headway Health|Alma Health|Americas Best Contacts|Americas Best Eyeglasses|Americas Best Contacts & Eyeglasses' },
  { concept: 'education', names: 'Code Ninjas|Princeton Review|College Board|MySchoolBucks|PayPAMS|Outschool|SchoolPay|K12 Payment Center' },
  // School lunch accounts a parent tops up ("LUNCH MONEY NOW" a café's, "MEALS PLUS" a
  // subscription's), a daycare chain and sitters' sites ("THE LEARNING EXPERIENCE" a course's at
  // 0.30, "URBANSITTER" a café's closest match).
  { concept: 'education', kind: 'school', names: 'Lunch Money Now|LunchMoneyNow|MealsPlus|Meals Plus|SchoolCafe|LINQ Connect|Titan School Solutions' },
  { concept: 'childcare', names: 'The Learning Experience|Learning Experience|Kiddie Academy|Goddard School|The Goddard School|Childrens Lighthouse|Lightbridge Academy|UrbanSitter|Sittercity|Bambino Sitters' },
  // A trip's paperwork, lounges and flight search: "ESTA APPLICATION" and "KAYAK" were
  // a café's closest match, "PRIORITY PASS" a courier's; a traveller's eSIM is a phone plan.
  { concept: 'airline', names: 'TSA PreCheck|TSA Pre Check|CLEAR Membership|Clearme|ESTA|CBP ESTA|ETIAS|Priority Pass|Kayak|Kayak.com' },
  { concept: 'phone_internet', names: 'Airalo|Holafly|Ubigi' },
  // The United States' theme and water parks ("BUSCH GARDENS" a German café's at 0.99, "CEDAR
  // POINT" a service station's, "DISNEY RESORT" the streaming service).
  { concept: 'entertainment', kind: 'amusement', names: "Busch Gardens|SeaWorld|Sea World|Knotts Berry Farm|Knott's Berry Farm|Dollywood|Kings Island|Kings Dominion|Cedar Point|Hersheypark|Hershey Park|Carowinds|Silver Dollar City|Universal Studios Hollywood|Universal Epic Universe|Disney Resort|Disney Resorts|Disneyland Resort|Walt Disney Resort|Disney Parks|Great Wolf Lodge|Kennywood|Worlds of Fun|Schlitterbahn|Typhoon Lagoon|Blizzard Beach|Adventure Island|Kalahari Resorts|Wild Adventures" },
  // Southwest's tickets, its name cut to eight letters ("SOUTHWES 5262345678", public transport).
  { concept: 'airline', names: 'Southwes|Southwest Air' },
  // A dental plan's premium and a health-care card's bill, not a dentist's or a carer's visit.
  { concept: 'health_insurance', names: 'Delta Dental|MetLife Dental' },
  // Insurers beside the hand-written list's largest ("KEMPER", "AMICA", "TRANSAMERICA", "MOLINA"
  // went to Dining Out, "GUARDIAN LIFE" to the newspaper's subscription at 0.99, "FLORIDA BLUE" to
  // the utilities). Nationwide alone stays Britain's building society.
  { concept: 'insurance', names: 'MetLife|Nationwide Insurance|Nationwide Mutual|Auto-Owners|Auto Owners|Auto Owners Insurance|Kemper|Kemper Auto|Safeco|Safeco Insurance|The General Insurance|Plymouth Rock|Plymouth Rock Assurance|Amica|Amica Mutual|Globe Life|New York Life|Prudential|Prudential Insurance|Transamerica|Haven Life|Ladder Life|Ladder Insurance|Bestow|Bestow Life|Guardian Life|Lincoln Financial|Pacific Life|Foremost Insurance|Bristol West|Dairyland|Dairyland Insurance|Infinity Insurance|National General|Hagerty|Openly|Branch Insurance|Clearcover|Elephant Insurance|Chubb Insurance|Chubb Personal Risk|The Hartford|Hartford Insurance|Assurant|Mercury Insurance|Shelter Insurance|Country Financial|Farm Bureau|Farm Bureau Insurance|Grange Insurance|Westfield Insurance|Sentry Insurance|Horace Mann|Penn Mutual|MassMutual|Mass Mutual|Securian|Banner Life|Protective Life|Colonial Penn|Gerber Life|Fidelity Life|Ethos Life|Policygenius' },
  { concept: 'health_insurance', names: 'Molina|Molina Healthcare|Highmark|Highmark BCBS|CareFirst|Premera|Premera Blue Cross|Florida Blue|Harvard Pilgrim|EmblemHealth|Emblem Health|WellCare|Regence|Priority Health|Medica|Tufts Health Plan|Oxford Health|Independence Blue Cross|Excellus|Capital Blue Cross|Horizon BCBS|Horizon Blue Cross|Wellmark|Geisinger Health Plan|SelectHealth|Health Net|CareSource|Amerigroup|Devoted Health|Clover Health|Bright Health|Alignment Health|Sharp Health Plan|VSP|VSP Vision|VSP Vision Care|EyeMed|Guardian Dental|Cigna Dental' },
  { concept: 'card_repayment', names: 'CareCredit|Care Credit' },
  // Power, gas and water companies beside the hand-written list's largest: "PGANDE", "SDGE",
  // "NIPSCO", "PECO" went to Dining Out, "COLUMBIA GAS" to Columbia's clothes at 0.99. Pepco alone
  // stays the clothing chain of Europe.
  { concept: 'energy', names: 'Con Ed|APS Electric|APS Energy|Arizona Public Service|SRP Power|SRP Electric|Salt River Project|Spire Energy|Spire Missouri|Spire Alabama|Atmos Energy|Piedmont Natural Gas|SoCalGas|SoCal Gas|Southern California Gas|Sunrun|Sunnova|SunPower|Vivint Solar|SDGE|SDG&E|San Diego Gas|San Diego Gas & Electric|NIPSCO|OG&E|OGE Energy|Oklahoma Gas & Electric|AEP Ohio|AEP Texas|American Electric Power|JCP&L|JCPL|Jersey Central Power|PECO|PECO Energy|BGE|Baltimore Gas|Baltimore Gas & Electric|Pepco Bill|Pepco Billpay|Pepco Electric|Potomac Electric|Washington Gas|Nicor|Nicor Gas|Columbia Gas|Spire Energy|Spire Missouri|Spire Alabama|SMUD|Seattle City Light|TECO|TECO Energy|TECO Peoples Gas|JEA|OUC|Orlando Utilities|Oncor|Cleco|TVA|Tennessee Valley Authority|EPB|EPB Chattanooga|KUB|Knoxville Utilities Board|LG&E|LGE|LG&E KU|LGE KU|Louisville Gas & Electric|Kentucky Utilities|Duquesne Light|PSE|Avista|Avista Utilities|NW Natural|Northwest Natural|National Fuel|National Fuel Gas|RG&E|Rochester Gas & Electric|NYSEG|Central Hudson|Central Hudson Gas|Unitil|United Illuminating|Gulf Power|Atlantic City Electric|Met-Ed|Met Ed|Penelec|Ohio Edison|Toledo Edison|Mon Power|West Penn Power|AES Ohio|AES Indiana|Dayton Power & Light|Vectren|Southwest Gas|PNM|Black Hills Energy|NorthWestern Energy|Hawaiian Electric|HECO|Chugach Electric|Central Maine Power|Versant Power|Liberty Utilities|Orange & Rockland|PSEG Long Island|LIPA|Empire District Electric|Kansas Gas Service|Oklahoma Natural Gas|Texas Gas Service|SWEPCO|Santee Cooper|Elizabethtown Gas|NJNG|New Jersey Natural Gas|South Jersey Gas|Philadelphia Gas Works|PGW|UGI|UGI Utilities|Vermont Gas|Berkshire Gas|Cooperative Energy|Dominion Energy Ohio|Dominion Energy South Carolina|SCE&G|Florida Public Utilities|Entergy Arkansas|Entergy Louisiana|Entergy Texas|Entergy Mississippi' },
  { concept: 'water', names: 'Aqua America|Aqua PA|Aqua Pennsylvania|Aqua NC|Aqua NJ|Aqua IL|Aqua VA|Aqua Illinois|Aqua New Jersey|Aqua Virginia|Aqua Indiana|Aqua Ohio|Aqua Texas|Aqua North Carolina|Essential Utilities|California Water Service|Cal Water|SJW|San Jose Water|Golden State Water|Middlesex Water|Artesian Water|York Water|Connecticut Water|Veolia Water|SUEZ Water|Denver Water|DC Water|WSSC Water|WSSC|NYC Water Board|Philadelphia Water|Austin Water|San Antonio Water System|SAWS|Tampa Water|Las Vegas Valley Water|LVVWD|Portland Water Bureau|Seattle Public Utilities|EBMUD|East Bay Municipal Utility' },
  { concept: 'books', names: 'Scholastic|Scholastic Book Fairs' },
  { concept: 'software', names: 'Discord|Discord Nitro' },
  // AI assistants and apps billed monthly ("PERPLEXITY AI" and "CURSOR AI POWERED IDE" a café's or
  // streaming's closest match at 0.16-0.30, "ALLTRAILS" a café's).
  { concept: 'software', names: 'Perplexity|Perplexity AI|Cursor|Anysphere|AllTrails' },
  // Social apps' paid tiers, not their advertising ("META VERIFIED", "SNAPCHAT+" an advertiser's).
  { concept: 'software', names: 'Meta Verified|Snapchat Plus|Snapchat+|Telegram Premium' },
  // A small business's: company formation and registered agents, shipping supplies, online
  // lenders, employers of record, email marketing, expense software and corporate cards (each a
  // café's closest match, "CONSTANT CONTACT" a doctor's for CONTACT).
  { concept: 'professional_fees', names: 'ZenBusiness|Incfile|Bizee|Northwest Registered Agent|Harbor Compliance' },
  // Amazon's account for businesses' purchases ("AMAZON BUSINESS" was Amazon's shop).
  { concept: 'office_supplies', names: 'Uline|Amazon Business|AMZN Business' },
  { concept: 'loan_repayment', names: 'Kabbage|BlueVine|OnDeck|Fundbox|Lendio|Credibly|National Funding' },
  // Carmakers' finance and lease arms as their debits print them, and Australia's novated-lease
  // providers ("NISSAN MOTOR ACCEPTANCE" and "TOYOTA LEASE TRUST" were car servicing by the make,
  // "LEASE PLAN" rent).
  { concept: 'loan_repayment', names: 'Toyota Lease|Toyota Motor Credit|TMCC|Honda Lease|American Honda Finance|Nissan Motor Acceptance|Nissan Motor Acceptance Corp|NMAC|Infiniti Financial|Hyundai Motor Finance|Kia Motors Finance|Ford Motor Credit|Subaru Motors Finance|Tesla Finance|Lease Plan|Maxxia|SG Fleet|Smartleasing|Fleet Partners' },
  { concept: 'wages', names: 'TriNet|Insperity' },
  { concept: 'software', names: 'Constant Contact|Expensify' },
  // Children's and students' learning apps and applications, and furniture chains known by
  // their letters ("ABCMOUSE", "QUIZLET", "RH" and "CB2" a café's closest match).
  { concept: 'education', names: 'ABCmouse|Quizlet|CommonApp|Parchment|Varsity Tutors' },
  { concept: 'furniture', names: 'RH|Restoration Hardware|CB2|Z Gallerie|ZGallerie' },
  // Care by video and by post, and mail-order pharmacies ("MDLIVE" and "NURX" a café's closest
  // match, "AMWELL" a shop's, "OPTUM RX" a pharmacy at only 0.25).
  { concept: 'medical', names: 'Amwell|MDLive|Nurx|Doctor On Demand|PlushCare|Sesame Care|SmileDirectClub|Smile Direct Club' },
  { concept: 'pharmacy', names: 'OptumRx|Optum Rx|Optum Pharmacy|Cost Plus Drugs|Mark Cuban Cost Plus' },
  // The largest mail-order pharmacies as cards print them ("EXPRESS SCRIPTS" the clothing chain
  // Express at 0.99, "OPTUMRX MAIL SERVICE" and "CAREMARK MAIL" a courier's for MAIL, "HUMANA
  // PHARMACY" the insurer).
  { concept: 'pharmacy', names: 'Express Scripts|Express Scripts Pharmacy|ESI Mail Pharmacy|Caremark|Caremark Mail|OptumRx Mail Service|Optum Rx Mail Service|Optum Rx Mail Order|Humana Pharmacy|CenterWell Pharmacy' },
  // A small business's sign maker, industrial supplier and phone systems ("FASTSIGNS" and
  // "MCMASTER-CARR" a café's closest match, "RINGCENTRAL" a builder's merchant's).
  { concept: 'advertising', names: 'FASTSIGNS|Signarama|Sign-A-Rama' },
  { concept: 'hardware', names: 'McMaster-Carr|McMaster Carr|Global Industrial|Zoro Tools' },
  { concept: 'phone_internet', names: 'RingCentral|Dialpad|Nextiva|OpenPhone|Ooma' },
  // Toll roads' and a transit system's own names, and an apartment block's laundry machines
  // ("NTTA", "HCTRA", "IPASS" a café's closest match, "MARTA" a grocer's).
  { concept: 'parking_tolls', names: 'NTTA|North Texas Tollway|HCTRA|Harris County Toll|I-PASS|IPASS|Peach Pass|TxTag|PikePass|Pike Pass|K-TAG|NC Quick Pass|Riverlink' },
  { concept: 'public_transport', names: 'MARTA|Atlanta MARTA|DART|Valley Metro|TriMet|RTD Denver|King County Metro|Sound Transit' },
  { concept: 'dry_cleaning', names: 'CSC ServiceWorks|CSC Service Works|Coinmach|WASH Laundry|Wash Multifamily' },
  // Groceries and drink delivered, and a subscription box ("WEEE", "PEAPOD", "DRIZLY" a café's
  // closest match, "FRESHDIRECT" a shop's).
  { concept: 'groceries', names: 'Weee|FreshDirect|Fresh Direct|Peapod|ButcherBox|Sedanos|Sedano\'s' },
  { concept: 'alcohol', names: 'Drizly|Minibar Delivery' },
  { concept: 'shopping', names: 'FabFitFun' },
  // Waste Management's bill as cards print it (WM was Walmart's), satellite internet and TV.
  { concept: 'waste', names: 'WM EZPay|WM Ezpay Waste|WM Corporate Services' },
  { concept: 'phone_internet', names: 'HughesNet|Viasat Internet|Ziply Fiber|Google Fiber' },
  { concept: 'streaming', names: 'Dish Network|Sling|DirecTV Stream' },
  // Sportsbooks, fantasy sports and sweepstakes ("PRIZEPICKS", "HARD ROCK BET", "BOVADA" a café's
  // closest match, "ESPN BET" the streaming service).
  { concept: 'gambling', names: 'PrizePicks|Underdog Fantasy|Underdog Sports|Hard Rock Bet|ESPN Bet|Bovada|Fanatics Sportsbook|Fliff|Publishers Clearing House|PCH.com' },
  // A household's cash-advance apps, online lenders and credit builders, neobanks and a
  // remittance service ("OPPLOANS", "KIKOFF", "XOOM" a café's closest match, "MISSION LANE" a
  // charity's for MISSION, "SELF LENDER" a storage unit's for SELF).
  { concept: 'loan_repayment', names: 'EarnIn|Activehours|Brigit|MoneyLion|Klover|FloatMe|OppLoans|Oportun|Best Egg|Avant|Upgrade|Prosper Funding|Prosper Marketplace|Mariner Finance|World Finance|Regional Finance|Self Lender|Self Financial|Kikoff|Possible Finance' },
  { concept: 'card_repayment', names: 'Mission Lane|Credit One Bank' },
  // The banks behind store cards ("SYNCB/AMAZON" was Amazon's shop at 0.99, "COMENITY BANK" an
  // unsure transfer).
  { concept: 'card_repayment', names: 'Synchrony Bank|Synchrony|SYNCB|Comenity|Comenity Bank|Comenity Pay|Comenity Capital|Citi Retail Services' },
  { concept: 'transfer', names: 'Xoom|Chime|Varo|Varo Bank' },
  // The largest US banks, as a line paying into them or their own cash machine prints them
  // ("PNC ATM", "CHASE BANK ATM" a bank's fee, "WELLS FARGO ATM" a mortgage's at 0.19).
  { concept: 'transfer', names: 'Chase Bank|JPMorgan Chase|Wells Fargo|Wells Fargo Bank|Bank of America|Bank America|BKOFAMERICA|BofA|Citibank|PNC|PNC Bank|US Bank|U S Bank|TD Bank|BMO Harris|BMO Harris Bank|Truist|Truist Bank|Fifth Third|Fifth Third Bank|Huntington Bank|KeyBank|Citizens Bank|Regions Bank|Santander Bank|M&T Bank|Ally Bank|Navy Federal|Navy Federal Credit Union|First Citizens Bank|Frost Bank|Zions Bank|Comerica|Comerica Bank|BECU|Golden 1 Credit Union|PenFed|PenFed Credit Union' },
  // Chase alone is also many a business's name ("CHASE PLANT HIRE"): its cash machine by name.
  { concept: 'cash_withdrawal', names: 'Chase ATM' },
  // Corporate cards: their name on a bank's line is the card's bill.
  { concept: 'card_repayment', names: 'Ramp|Brex|Divvy' },
  { concept: 'entertainment', names: 'Fortnite' },
  { concept: 'streaming', names: 'NBA League Pass|NFL Sunday Ticket|NFL Plus|MLB.TV|MLB TV|NHL.TV' },
  // Australia's superannuation clearing houses, through which an employer pays its staff's super
  // ("SUPERCHOICE" a grocer's closest match).
  { concept: 'wages', names: 'SuperChoice|Super Choice|ClickSuper|QuickSuper|Beam Super|Ozedi' },
  // A grocer's or a department store's bank, insurance, phone plan and travel desk, named after
  // it ("TESCO BANK", "ALDI TALK", "COSTCO TRAVEL" were groceries at 0.99).
  { concept: 'card_repayment', names: "Tesco Bank|Sainsburys Bank|Sainsbury's Bank|M&S Bank|John Lewis Finance|Asda Money" },
  { concept: 'insurance', names: "Tesco Insurance|Sainsburys Insurance|Sainsbury's Insurance|Asda Insurance|M&S Insurance|Aldi Insurance" },
  { concept: 'phone_internet', names: 'Aldi Talk|Aldi Mobile|Lidl Connect|Lidl Mobile|Asda Mobile|Sainsburys Mobile' },
  { concept: 'accommodation', names: 'Costco Travel|Sams Club Travel|BJs Travel' },
  // Australia's and the United Kingdom's
  // Australia's buy-now-pay-later instalments, its trams' and buses' operator, and a child's
  // pocket-money card ("HUMM", "OPENPAY", "KEOLIS DOWNER" a café's closest match, "SPRIGGY" a
  // grocer's).
  { concept: 'card_repayment', names: 'Humm|Openpay|Humm Group' },
  { concept: 'public_transport', names: 'Keolis Downer|Keolis' },
  { concept: 'transfer', names: 'Spriggy' },
  // Britain's toy and bargain book chains, read only after their THE ("THE WORKS" was workwear).
  { concept: 'shopping', names: 'The Entertainer|The Works' },
  // A school's payment portals ("CLASSLIST" a doctor's closest match, Australia's "COMPASS
  // EDUCATION" a professional body's) and Britain's uniform makers ("TRUTEX" a café's).
  { concept: 'education', kind: 'school', names: 'ClassList|SchoolMoney|Compass Education|SchoolStream' },
  { concept: 'clothing', names: 'Trutex|Schoolwear Centres|Stevensons Schoolwear' },
  { concept: 'entertainment', names: 'English Heritage|Historic Environment Scotland|Historic Scotland' },
  { concept: 'health_insurance', names: 'Denplan|DKV Seguros|DKV Krankenversicherung' },
  { concept: 'software', names: 'Fasthosts' },
  { concept: 'advertising', names: 'Rated People|RatedPeople|MyBuilder|Service Seeker|ServiceSeeker' },
  // A tradesperson's job-management software ("TRADIFY", "FERGUS", "SIMPRO" a café's, a bus's or
  // a grocer's closest match).
  { concept: 'software', names: 'Tradify|ServiceM8|Fergus|simPRO|AroFlo|Jobber|Housecall Pro|ServiceTitan' },
  { concept: 'car_service', names: 'Bapcor' },
  { concept: 'memberships', names: 'QBCC' },
  // Trade unions whose dues a member's statement names ("UNIFOR LOCAL 444" was a grocer's for
  // LOCAL): the larger unions of Canada, the US, Britain and Australia, by their own names.
  { concept: 'memberships', names: 'CUPE|Unifor|OPSEU|PSAC|ETFO|OSSTF|BCGEU|UFCW|Teamsters|IBEW|SEIU|AFSCME|UNISON|NASUWT|Unite the Union|CFMEU|ANMF|IG Metall|Verdi' },
  { concept: 'shopping', kind: 'sporting_goods', names: '99 Bikes' },
  // Britain's building societies, paid into as savings or a mortgage ("COVENTRY BUILDING SOCIETY"
  // was a professional body at 0.98, "YORKSHIRE BS" the water company); its breakdown cover
  // ("GREEN FLAG" a café, "AA MEMBERSHIP" a professional body); NS&I's Premium Bonds (a streaming
  // subscription for PREMIUM).
  { concept: 'transfer', names: 'Nationwide BS|Nationwide Building Society|Nationwide Bldg Soc|Yorkshire BS|Yorkshire Building Society|Coventry BS|Coventry Building Society|Skipton BS|Skipton Building Society|Leeds BS|Leeds Building Society|Principality Building Society|West Bromwich Building Society' },
  { concept: 'insurance', names: 'Green Flag|AA Breakdown|AA Breakdown Cover|AA Membership' },
  { concept: 'share_trading', names: 'Premium Bonds' },
  // Ireland's
  { concept: 'groceries', names: 'Dunnes Stores|SuperValu|Centra' },
  { concept: 'fuel', names: 'Maxol|Topaz|Circle K Ireland' },
  { concept: 'phone_internet', names: 'Eir|Eir Mobile|Three Ireland' },
  // Its banks a line pays into (AIB and PTSB a café's closest match).
  { concept: 'transfer', names: 'AIB|Allied Irish Banks|PTSB|Permanent TSB' },
  { concept: 'insurance', names: 'Irish Life' },
  { concept: 'energy', names: 'ESB Networks|ESB|Flogas|SSE Airtricity|Bord Gais Energy|Bord Gais|Electric Ireland' },
  { concept: 'water', names: 'Uisce Eireann|Irish Water' },
  { concept: 'tax_payment', names: 'Revenue Commissioners' },
  { concept: 'parking_tolls', kind: 'tolls', names: 'eFlow' },
  { concept: 'car_service', names: 'NCT|National Car Testing Service' },
  // Benefits the tax office pays, not a tax refund.
  { concept: 'salary', names: 'HMRC Tax Credits|HMRC Tax Credit|Working Tax Credit|HMRC Child Tax Credit' },
];
