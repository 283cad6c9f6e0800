import { extractFeatures } from '../../src/domain/classifier/features';
import { splitAcceptorLine } from '../../src/domain/classifier/acceptor-line';
import {
  merchantKey,
  sellsOnline,
  normalizeDescription,
  withoutLegalFormOf,
  withoutWords,
} from '../../src/domain/classifier/normalize';

const merchantOf = (description: string, merchant?: string) =>
  merchantKey(normalizeDescription(description, merchant));

describe('normalizeDescription', () => {
  it('gives one line the same words every time, frozen, and the merchant field its own reading', () => {
    const first = normalizeDescription('SQ *BLUE BOTTLE COFFEE Sydney AUS');
    const again = normalizeDescription('SQ *BLUE BOTTLE COFFEE Sydney AUS');
    expect(again).toEqual(first);
    for (const n of [first, again]) {
      expect(Object.isFrozen(n)).toBe(true);
      for (const words of [n.words, n.withPlaces, n.merchant, n.domains])
        expect(Object.isFrozen(words)).toBe(true);
    }
    expect(() => (first.words as string[]).push('TEA')).toThrow(TypeError);
    expect(normalizeDescription('SQ *BLUE BOTTLE COFFEE Sydney AUS').words).not.toContain('TEA');
    expect(merchantKey(normalizeDescription('CARD 0042', 'Blue Bottle'))).toBe('BLUE BOTTLE');
    expect(merchantKey(normalizeDescription('CARD 0042', 'Campos'))).toBe('CAMPOS');
  });

  it.each([
    ['SQ *BLUE BOTTLE COFFEE Sydney AUS', 'BLUE BOTTLE COFFEE', 'Square'],
    ['SQ*BLUE BOTTLE COFFEE MELBOURNE VIC', 'BLUE BOTTLE COFFEE', 'Square'],
    ['PAYPAL *NETFLIX', 'NETFLIX', 'PayPal'],
    ['SP * ALLBIRDS', 'ALLBIRDS', 'Shopify'],
    ['ZLR*BAR ITALIA LEICHHARDT', 'BAR ITALIA', 'Zeller'],
    ["TST* JOE'S PIZZA BROADWAY", 'JOES PIZZA BROADWAY', 'Toast'],
    ['VISA PURCHASE SQ *CAMPOS COFFEE NEWSTEAD', 'CAMPOS COFFEE NEWSTEAD', 'Square'],
    ['IN *COACH CHRIS CONFIDENC800-5215950  PA', 'COACH CHRIS CONFIDENC', 'Intuit'],
    ['SPEEDPAY RE ECUA 866 316 3360 NY', 'ECUA', 'Speedpay'],
    ['BT*PIRATE SHIP', 'PIRATE SHIP', 'Braintree'],
    ['AMZ*TWITCH', 'TWITCH', 'Amazon Pay'],
    ['AFTERPAY *MYER', 'MYER', 'Afterpay'],
    ['AFTERPAY MYER', 'MYER', 'Afterpay'],
    ['CLEARPAY*ASOS', 'ASOS', 'Clearpay'],
    // A name glued to a number is still a name after the prefix.
    ['PAYPAL *GOTPARTS747', 'GOTPARTS', 'PayPal'],
  ])('strips the card-processor prefix of %s', (description, merchant, processor) => {
    const n = normalizeDescription(description);
    expect(merchantKey(n)).toBe(merchant);
    expect(n.processor).toBe(processor);
  });

  it.each([
    ['BIG W 0123 SYDNEY', 'BIGW'],
    ['Z ENERGY PONSONBY', 'ZENERGY PONSONBY'],
    // A stop word's brand: NO falls away like a card number's word.
    ['NO FRILLS 3456', 'NOFRILLS'],
    // Not a lone letter anywhere else: "W M MORRISON" is still Morrisons.
    ['W M MORRISON PETRO', 'MORRISON PETRO'],
  ])('joins a brand of a word and a letter in %s', (description, merchant) => {
    expect(merchantOf(description)).toBe(merchant);
  });

  it('keeps a buy-now-pay-later name that is the whole line (an instalment, no shop named)', () => {
    const n = normalizeDescription('AFTERPAY');
    expect(merchantKey(n)).toBe('AFTERPAY');
    expect(n.processor).toBeUndefined();
  });

  it.each([
    ['AFTERPAY SYDNEY AU', 'AFTERPAY'],
    ['AFTERPAY AU PTY LTD', 'AFTERPAY'],
    ['AFTERPAY 1234567', 'AFTERPAY'],
    ['CLEARPAY LONDON GB', 'CLEARPAY'],
    ['PAYPAL *AU', 'PAYPAL'],
  ])(
    'keeps a lender or wallet before nothing of a shop as the line, %s',
    (description, merchant) => {
      // The place was read as the shop's name: "AFTERPAY SYDNEY AU" was Sydney's public transport.
      const n = normalizeDescription(description);
      expect(merchantKey(n)).toBe(merchant);
      expect(n.processor).toBeUndefined();
    },
  );

  it('strips a till processor before a place, which is its business name', () => {
    expect(normalizeDescription('SQ *MELBOURNE').processor).toBe('Square');
  });

  it.each([
    ['WOOLWORTHS 1234 SYDNEY NS AUS', 'WOOLWORTHS'],
    ['WOOLWORTHS 3345 CARLTON VIC', 'WOOLWORTHS'],
    ['BUNNINGS 634000', 'BUNNINGS'],
    ['OFFICEWORKS 0456', 'OFFICEWORKS'],
    ['TESCO STORES 3345 LONDON GB', 'TESCO STORES'],
    ['CHIPOTLE 1234 NEW YORK NY', 'CHIPOTLE'],
    ['SHELL OIL 57442 AUSTIN TX', 'SHELL OIL'],
    ['DUNKIN #354123', 'DUNKIN'],
    // Europe's cities as its banks print them, umlauts spelt out or dropped.
    ['FINANZAMT MUENCHEN', 'FINANZAMT'],
    ['KARTENZAHLUNG REWE MARKT KOELN', 'REWE MARKT'],
    ['CB MONOPRIX LYON', 'MONOPRIX'],
    ['COMPRA MERCADONA VALENCIA', 'MERCADONA'],
    ['PAGAMENTO POS ESSELUNGA TORINO', 'ESSELUNGA'],
    ['BEA ALBERT HEIJN DEN HAAG', 'ALBERT HEIJN'],
  ])('drops store numbers, places and state codes: %s', (description, merchant) => {
    expect(merchantOf(description)).toBe(merchant);
  });

  it('drops dates, times, card masks and bank channel words', () => {
    expect(merchantOf('VISA DEBIT PURCHASE CARD 4471 WOOLWORTHS 1234 SYDNEY')).toBe('WOOLWORTHS');
    expect(
      merchantOf(
        'PURCHASE AUTHORIZED ON 03/14 STARBUCKS STORE 12345 NEW YORK NY S385073123456789 CARD 1234',
      ),
    ).toBe('STARBUCKS STORE');
    expect(merchantOf('EFTPOS PURCHASE 14/03/25 10:42 XXXX1234 COLES 0823')).toBe('COLES');
    expect(merchantOf('Direct Debit 123456 AGL SALES PTY LTD 7712')).toBe('AGL SALES');
    // A US bank's ACH CREDIT before the payer; CREDIT elsewhere on a line stays.
    expect(merchantOf('ACH CREDIT GUSTO PAY 123456')).toBe('GUSTO');
    expect(merchantOf('ACH DEBIT COMCAST CABLE')).toBe('COMCAST CABLE');
    expect(merchantOf('CHASE CREDIT CRD AUTOPAY')).toBe('CHASE CREDIT CRD AUTOPAY');
    // A debit card shortened: the store after it opens the merchant.
    expect(merchantOf('DBT CRD 1234 11/23 TARGET T-1234')).toBe('TARGET');
    // A card paid with its PIN or at a till, a return, and an ACH entry's withdrawal.
    expect(merchantOf('CARD PURCHASE WITH PIN 11/23 TARGET T-1234 AUSTIN TX CARD 1234')).toBe(
      'TARGET',
    );
    expect(merchantOf('PURCHASE RETURN AUTHORIZED ON 11/23 TARGET T-1234')).toBe('TARGET');
    expect(merchantOf('Point of Sale Withdrawal TARGET T-1234')).toBe('TARGET');
    expect(merchantOf('ACH WITHDRAWAL GEICO')).toBe('GEICO');
    expect(normalizeDescription('ACH WITHDRAWAL GEICO').words).not.toContain('WITHDRAWAL');
    // Credit unions' card and electronic debits: no cash was taken.
    for (const line of [
      'POS WITHDRAWAL TARGET T-1234',
      'DEBIT CARD WITHDRAWAL TARGET T-1234',
      'WITHDRAWAL DEBIT CARD TARGET',
      'ATM/DEBIT CARD WITHDRAWAL TARGET',
    ])
      expect([line, merchantOf(line)]).toEqual([line, 'TARGET']);
    for (const line of [
      'EXTERNAL WITHDRAWAL GEICO',
      'ELECTRONIC WITHDRAWAL GEICO',
      'WITHDRAWAL ACH GEICO',
      'EFT DEBIT GEICO',
      'ELECTRONIC PAYMENT GEICO',
    ])
      expect([line, merchantOf(line)]).toEqual([line, 'GEICO']);
    expect(merchantOf('ATM WITHDRAWAL')).toBe('ATM WITHDRAWAL');
  });

  it("drops a US ACH entry's receiver, the account holder, up to the company's id", () => {
    const line = 'INITECH DES:DIR DEP ID:000123456789 INDN:JOHN SMITH CO ID:1234567890 PPD';
    expect(normalizeDescription(line).words).not.toContain('JOHN');
    expect(merchantOf(line)).toBe('INITECH DIR DEP');
    // The company's id after it goes too: CO was read as a word.
    expect(normalizeDescription(line).words).not.toContain('CO');
    expect(merchantOf('E-ZPASS REBILL DES:EZP REBILL ID:5252081 INDN:RAJEEV *SINGH')).toBe(
      'EZPASS REBILL EZP REBILL',
    );
  });

  it.each([
    ['BEA, Apple Pay JUMBO', 'JUMBO'],
    ['BEA, Betaalpas JUMBO HOUTEN,PAS123', 'JUMBO HOUTEN'],
    ['CARTE X1234 23/11 CARREFOUR', 'CARREFOUR'],
    ['PAGO MOVIL EN MERCADONA', 'MERCADONA'],
    ['KARTENZAHLUNG REWE MARKT 1234', 'REWE MARKT'],
    ['SEPA-LASTSCHRIFT VODAFONE GMBH', 'VODAFONE'],
    ['CB CARREFOUR 12/05', 'CARREFOUR'],
    ['PAIEMENT PAR CARTE FNAC PARIS', 'FNAC PARIS'],
    ['PRLV SEPA MUTUELLE MGEN', 'MUTUELLE MGEN'],
    ['COMPRA MERCADONA', 'MERCADONA'],
    ['COMPRA TARJ. 5540XXXXXXXX1234 MERCADONA', 'MERCADONA'],
    ['COMPRA EN REPSOL', 'REPSOL'],
    ['PAGO CON TARJETA EL CORTE INGLES', 'EL CORTE INGLES'],
    ['PAGAMENTO POS ESSELUNGA', 'ESSELUNGA'],
    ['ADDEBITO SDD ENEL ENERGIA', 'ENEL ENERGIA'],
    ['BEA ALBERT HEIJN 1234', 'ALBERT HEIJN'],
    // Only at the start where the word is short or everyday: "VIRGINIA BEA" is a cut-off Beach.
    ['HALL NISSAN VIRGINIA BEA VIRGINIA BCH VA', 'HALL NISSAN VIRGINIA BEA'],
  ])('drops how a European bank says the money moved: %s', (description, merchant) => {
    expect(merchantOf(description)).toBe(merchant);
  });

  it('joins initials spaced where the ampersand was dropped or spelled out, not a person’s', () => {
    expect(merchantOf('b q 1302')).toBe('BQ');
    expect(merchantOf('B AND Q 1239')).toBe('BQ');
    expect(merchantOf('M AND S SIMPLY FOOD')).toBe('MS SIMPLY FOOD');
    // Initials before a name are a person's (Wm Morrison), and stay apart.
    expect(merchantOf('w m morrison petro')).toBe('MORRISON PETRO');
    expect(merchantOf('J R EDWARDS LIMITED')).toBe('EDWARDS');
  });

  it('drops the phone wallet a card issuer prints before the merchant', () => {
    expect(merchantOf('GglPay 42 & LAWRENCE - Raleigh, NC')).toBe(merchantOf('42 & LAWRENCE'));
    expect(merchantOf('APLPAY TRADER JOE S #546')).toBe('TRADER JOES');
    expect(merchantOf('AdrdPy STAPLES 00535')).toBe('STAPLES');
  });

  it('keeps a card bill’s payment, while a payment by card is only a channel', () => {
    expect(normalizeDescription('USAA CREDIT CARD PAYMENT SAN ANTONIO TX').words).toEqual([
      'USAA',
      'CREDIT',
      'CARD',
      'REPAYMENT',
    ]);
    expect(merchantOf('CARD PAYMENT STARBUCKS 1234')).toBe('STARBUCKS');
  });

  it.each([
    // Two fields an export joined without a space, and a cash machine after "@".
    ['Checking WithdrawalWITHDRAWAL  @ ATMLK50', 'CHECKING WITHDRAWAL WITHDRAWAL ATM'],
    ['WITHDRAWAL @ ATMNRCC', 'WITHDRAWAL ATM'],
    // A word that only starts with ATM is left alone.
    ['COFFEE@ATMOSPHERE', 'COFFEE ATMOSPHERE'],
    // A British service station, shortened; its S is not a possessive's.
    ['LEAWAY S/STN', 'LEAWAY SSTN'],
    ['HANDSWORTH S.STN FS123', 'HANDSWORTH SSTN'],
    ['STRATRODE S STN', 'STRATRODE SSTN'],
    // A US state's motor-vehicle office with its postal code joined on.
    ['NCDMV REG 018 GOLDSBORO', 'NC DMV REG GOLDSBORO'],
    // A cash machine's longer id, which holds digits.
    [
      'Checking WithdrawalWITHDRAWAL @ ATMFC1L3767 ADAMS MORGAN',
      'CHECKING WITHDRAWAL WITHDRAWAL ATM ADAMS MORGAN',
    ],
    // Elsewhere "WITHDRAWAL @" is a debit at the business after it, even glued to a name.
    ['WITHDRAWAL @ TARGET T1431 FAL VA FALLS CHURCH', 'TARGET FAL VA FALLS CHURCH'],
    [
      'TRINITY AUTO REP NC GOLDSBOROWITHDRAWAL @ TRINITY AUTO',
      'TRINITY AUTO REP NC GOLDSBORO TRINITY AUTO',
    ],
    // The export's trace number, effective date and street address are no words of the business.
    [
      'Checking DepositDEPOSIT @ FBI BRANCH DC WASHINGTON 935 PENNSYLVANIA AVE, 9T010171 Trace #7127 (eff. date 12/31/2010)',
      'CHECKING DEPOSIT DEPOSIT FBI BRANCH DC WASHINGTON',
    ],
    // An ACH entry as one bank exports it: no cash withdrawal and no hyphenated name.
    [
      'WEBCHASE (EPAY)WITHDRAWAL-ACH-A-CHASE WEBCHASE (EPAY)',
      'WEBCHASE EPAY ACH CHASE WEBCHASE EPAY',
    ],
    ['DEPOSIT-ACH-PAYPAL PAYPAL (TRANSFER)', 'DEPOSIT ACH PAYPAL PAYPAL TRANSFER'],
    // Initials around a spaced ampersand are one name; a place after an opening "THE" is part
    // of the name.
    ['B & Q 1234', 'BQ'],
    ['AT T PHONE', 'ATT PHONE'],
    ['THE RALEIGH TIMES BAR', 'THE RALEIGH TIMES BAR'],
    ['STARBUCKS RALEIGH', 'STARBUCKS'],
    // A business whose name opens with a number keeps it, and a saint's town after it stays.
    ['24 HOUR FITNESS ST PETE', 'HOUR FITNESS ST PETE'],
    ['24 HOUR FITNESS 123 MAIN AVE', 'HOUR FITNESS'],
    // A base's commissary, shortened; COMM elsewhere is left as it is.
    ['RAF LAKENHEATH COMM', 'RAF LAKENHEATH COMMISSARY'],
    ['COX COMM', 'COX COMM'],
    // ...and after an installation's name alone, unless COMM starts another business's name.
    ['LITTLE CREEK COMM        VIRGINIA BEACVA', 'LITTLE CREEK COMMISSARY'],
    ['COX PENSACOLA COMM SV', 'COX PENSACOLA COMM SV'],
    ['FT WORTH COMM COLLEGE', 'FT WORTH COMM COLLEGE'],
    ['NAS JAX COMM CENTER', 'NAS JAX COMM CENTER'],
    // ...and its name cut off by a 20-character name field, the city glued on.
    ['MAXWELL AFB COMMISSAMAXWELL AFB99999996241 3349532343', 'MAXWELL AFB COMMISSARY MAXWELL AFB'],
    ['NELLIS AFB COMMISSARNELLIS AFB          NV', 'NELLIS AFB COMMISSARY NELLIS AFB'],
    // A name cut off and glued to the city the line names again, or to a cut-off copy of
    // itself; an ACH entry's class glued to the company, and a domain, stay whole (the domain
    // followed by the trade word it ends in).
    ['GglPay NELLIS STARBUNELLIS AFB141234', 'NELLIS STARBU NELLIS AFB'],
    ['AdrdPy PLOUGH CAMBRICAMBRIDGE GB00733304959', 'PLOUGH CAMBRI'],
    ['WEBPAYPAL (INST XFER)WITHDRAWAL-ACH-A-PAYPAL', 'WEBPAYPAL INST XFER ACH PAYPAL'],
    ['vistaprvistaprint.uk', 'VISTAPRVISTAPRINT PRINT'],
    ['MANOMANOUK', 'MANOMANOUK'],
    // A service station's name cut off at the line's end; a cut-off "services" is left.
    ['harborne service s', 'HARBORNE SERVICE STATION'],
    ['HOCKLEY SERVICE ST', 'HOCKLEY SERVICE STATION'],
    ['mellors catering servi', 'MELLORS CATERING SERVI'],
    // A credit card's bill as some banks shorten it.
    ['CR CARD PAYMENT ALEXANDRIA VA', 'CREDIT CARD REPAYMENT'],
    // ...a bank's card before the payment, a store card's servicer, Wells Fargo's CCPYMT; after
    // a shop's name the same words are a purchase by card.
    ['PNC CARD PAYMENT', 'PNC CREDIT CARD REPAYMENT'],
    // A name of a letter and a number is kept (the place after it goes); a road's is a number.
    ['F45 BONDI JUNCTION', 'F45'],
    ['a19 services north', 'SERVICES NORTH'],
    ['BK OF AMER VISA ONLINE PMT', 'BK OF AMER CREDIT CARD REPAYMENT'],
    ['AMAZON CORP SYF PAYMNT', 'AMAZON CORP CREDIT CARD REPAYMENT'],
    ['TARGET CARD SERVICES PAYMENT', 'TARGET CREDIT CARD REPAYMENT'],
    ['CARDMEMBER SERV WEB PYMT', 'CREDIT CARD REPAYMENT WEB PYMT'],
    ['WELLS FARGO CARD CCPYMT', 'WELLS FARGO CARD CREDIT CARD REPAYMENT'],
    ['TESCO STORES 2345 CARD PAYMENT', 'TESCO STORES'],
  ])('reads the words of %s as %s', (description, words) => {
    expect(normalizeDescription(description).words.join(' ')).toBe(words);
  });

  it('reads domains, legal suffixes, hyphens and possessives the way banks print them', () => {
    expect(merchantOf('UBER *TRIP HELP.UBER.COM NL')).toBe('UBER TRIP UBER');
    expect(merchantOf('JUST EAT.CO.UK LTD')).toBe('JUST EAT');
    expect(merchantOf('ETAX.COM.AU')).toBe('ETAX');
    expect(merchantOf('JOES PLUMBING PTY LTD')).toBe('JOES PLUMBING');
    expect(merchantOf('THE COFFEE CLUB')).toBe('COFFEE CLUB');
    expect(merchantOf('H-E-B #123 AUSTIN TX')).toBe('HEB');
    expect(merchantOf('T-MOBILE AUTO PAY')).toBe('TMOBILE AUTO');
    expect(merchantOf('TRADER JOE S #542 NEW YORK NY')).toBe('TRADER JOES');
    expect(merchantOf('M&S SIMPLY FOOD - 2841')).toBe('MS SIMPLY FOOD');
    expect(merchantOf('GOOGLE*ADS1234567')).toBe('GOOGLE ADS');
    // A letter and a word of two are one name: E.ON's letter fell away and left ON.
    expect(merchantOf('E.ON NEXT')).toBe('EON NEXT');
    expect(merchantOf('W.H. SMITH')).toBe('WH SMITH');
  });

  it('lists the domains the text shows', () => {
    expect(normalizeDescription('UBER *TRIP HELP.UBER.COM NL').domains).toEqual(['UBER']);
    expect(normalizeDescription('AMZN.COM/BILL WA').domains).toEqual(['AMZN']);
    expect(normalizeDescription('NETFLIX.COM 866-579-7172 CA').domains).toEqual(['NETFLIX']);
    expect(normalizeDescription('WARNER CHIROPRACTIC CARE').domains).toEqual([]);
    // Europe's country endings, where the word ends there.
    expect(normalizeDescription('OTTO.DE').domains).toEqual(['OTTO']);
    expect(normalizeDescription('WWW.FNAC.FR').domains).toEqual(['FNAC']);
    expect(normalizeDescription('CAVALIER VA.BEACH 757-4388429 VA').domains).toEqual([]);
  });

  it("tells an airline ticket's number from the other long numbers of a line", () => {
    const ticketed = (line: string) => normalizeDescription(line).airlineTicket === true;
    // The carrier's three-digit code, then ten digits: United's 016, Southwest's 526, American's 001.
    expect(ticketed('UNITED 0162345678901')).toBe(true);
    expect(ticketed('SOUTHWES 5262345678901')).toBe(true);
    expect(ticketed('AMERICAN AIR0017170049566')).toBe(true);
    expect(ticketed('USAIRWAYS 0378620878562 NORWALK 2479262P775Y70R89')).toBe(true);
    // Another code, another length, or a card acquirer's reference.
    expect(ticketed('JOES DINER 1234567890123')).toBe(false);
    expect(ticketed('UNITED 01623456789012')).toBe(false);
    expect(ticketed('WINN DIXIE 0535 PENSACOLA FL 2444500540053HNDH')).toBe(false);
    expect(ticketed('UNITED AIRLINES')).toBe(false);
    // Read, it leaves the words as they were.
    expect(normalizeDescription('UNITED 0162345678901').words).toEqual(['UNITED']);
  });

  it('reads an address at a mail provider as neither the merchant’s words nor its site', () => {
    const bar = normalizeDescription(
      'MILK BAR 08489002020RALEIGH NC73011007271 MATTKENNER@ICLOUD.COM 320172720950412345',
    );
    expect(bar.merchant).toEqual(['MILK', 'BAR', 'RALEIGH']);
    expect(bar.domains).toEqual([]);
    expect(normalizeDescription('THE ARCHITECT BAR ARCHITECTBAR@GMAIL.CO').words).toEqual([
      'THE',
      'ARCHITECT',
      'BAR',
    ]);
    // An address at the business's own domain says what it bills for; no dot, no address.
    expect(normalizeDescription('GOOGLE *GSUITE_INFINCC@GOOGLE.COM CA').words).toContain('GSUITE');
    expect(normalizeDescription('DEPOSIT@MOBILE').merchant).toEqual(['DEPOSIT', 'MOBILE']);
  });

  it('reads accented and umlauted letters as the plain letters card lines print', () => {
    // Left out, the letter would split the word around it ("TÜV Nord" read as NORD).
    expect(merchantOf('TÜV Nord')).toBe('TUV NORD');
    expect(merchantOf('Büsch')).toBe('BUSCH');
    expect(merchantOf('CAFÉ DE FLORE PARIS')).toBe(merchantOf('CAFE DE FLORE PARIS'));
  });

  it('tells a merchant that sells online from a domain elsewhere on the line', () => {
    const byDomain = (description: string) => sellsOnline(normalizeDescription(description));
    expect(byDomain('GRASSHOPPER.COM     LOGMEIN.COM         MA')).toBe(true);
    expect(byDomain('KLARNA*ASKET.COM    STOCKHOLM           SW')).toBe(true);
    expect(byDomain('WWW.PANTHERTAXIS.CO.UK')).toBe(true);
    expect(byDomain('BITTERSWEET Raleigh NCW4ZO44 squareup.com/receipts')).toBe(false);
    expect(byDomain('COPPER PENNY 4616820WILMINGTON BCOPPERPENNY@YAHOO.CO')).toBe(false);
    expect(byDomain('WARNER CHIROPRACTIC CARE')).toBe(false);
    // Paid through a web shop's processor, not a till's.
    expect(byDomain('PAYPAL *BUXFER')).toBe(true);
    expect(byDomain('SQ *BLUE BOTTLE COFFEE')).toBe(false);
  });

  it('reads the trade word a domain name ends in, and keeps the name whole before it', () => {
    const wordsOf = (description: string) => normalizeDescription(description).words;
    expect(wordsOf('WWW.PANTHERTAXIS.CO.UK')).toEqual(['PANTHERTAXIS', 'TAXIS']);
    expect(wordsOf('SP * TAFTCLOTHING.COM')).toEqual(['TAFTCLOTHING', 'CLOTHING']);
    expect(normalizeDescription('WWW.TOOLSTATION.COM').merchant[0]).toBe('TOOLSTATION');
    expect(normalizeDescription('WWW.PANTHERTAXIS.CO.UK').domains).toEqual(['PANTHERTAXIS']);
    // A domain that is a trade word itself, and names whose ending is no trade.
    expect(wordsOf('BOOKING.COM')).toEqual(['BOOKING']);
    expect(wordsOf('NORDSTROM.COM')).toEqual(['NORDSTROM']);
    expect(wordsOf('WWW.CLOTHES2ORDER.COM')).toEqual(['CLOTHES2ORDER']);
    expect(wordsOf('JENNINGSSEATS.CO.UK')).toEqual(['JENNINGSSEATS']);
    // Only in a domain: a name written out is read as it is.
    expect(wordsOf('PANTHERTAXIS LTD')).toEqual(['PANTHERTAXIS', 'LTD']);
  });

  it('reads US ACH descriptions by the company, not the ACH fields', () => {
    expect(
      merchantOf('ACME CORP DES:PAYROLL ID:XXXXX INDN:JANE DOE CO ID:XXXXX PPD').startsWith('ACME'),
    ).toBe(true);
  });

  it('keeps places for whole-name matching only', () => {
    const n = normalizeDescription('SERVICE NSW RENEWAL REGO');
    expect(n.words).toEqual(['SERVICE', 'RENEWAL', 'REGO']);
    expect(n.withPlaces).toEqual(['SERVICE', 'NSW', 'RENEWAL', 'REGO']);
  });

  it('puts the merchant field first when the bank gave one', () => {
    expect(merchantOf('POS 1234 SYDNEY', 'Harris Farm')).toBe('HARRIS FARM');
  });

  it('is deterministic', () => {
    const a = normalizeDescription('SQ *BLUE BOTTLE COFFEE Sydney AUS');
    const b = normalizeDescription('SQ *BLUE BOTTLE COFFEE Sydney AUS');
    expect(a).toEqual(b);
  });
});

describe('extractFeatures', () => {
  it('has words, word pairs, merchant words, character n-grams, direction and amount band', () => {
    const { keys, weights } = extractFeatures({
      normalized: normalizeDescription('SQ *BLUE BOTTLE COFFEE'),
      type: 'debit',
      amount: 5.5,
    });
    expect(keys).toEqual(
      expect.arrayContaining([
        'w:BLUE',
        'w:COFFEE',
        'b:BLUE_BOTTLE',
        'm:BLUE',
        'm:BLUE_BOTTLE',
        'c:^BL',
        'c:FEE$',
        't:debit',
        'a:lt10',
      ]),
    );
    expect(keys).toHaveLength(new Set(keys).size);
    expect(weights.every((w) => w > 0)).toBe(true);
  });

  it('leaves stopwords out', () => {
    const { keys } = extractFeatures({
      normalized: normalizeDescription('THE GROUNDS OF ALEXANDRIA'),
    });
    expect(keys).not.toContain('w:THE');
    expect(keys).not.toContain('w:OF');
  });
});

describe('withoutWords', () => {
  it('takes each word out once, from the words, the words with places and the merchant', () => {
    const rest = withoutWords(normalizeDescription('KING SOOPERS #609 FUEL DENVER CO'), [
      'KING',
      'SOOPERS',
    ]);
    expect(rest.merchant).toEqual(['FUEL']);
    expect(rest.words).toEqual(['FUEL']);
    expect(rest.withPlaces).toContain('DENVER');
    expect(rest.withPlaces).not.toContain('KING');
    expect(withoutWords(normalizeDescription('TASTY TASTY THAI'), ['TASTY']).words).toEqual([
      'TASTY',
      'THAI',
    ]);
  });
});

describe('withoutLegalFormOf', () => {
  it("drops the country's legal form where it ends the line, and only there", () => {
    const hera = withoutLegalFormOf(normalizeDescription('HERA SPA'), 'it');
    expect(hera.words).toEqual(['HERA']);
    expect(hera.merchant).toEqual(['HERA']);
    expect(hera.withPlaces).toEqual(['HERA']);
    // Elsewhere on the line, alone, or in another country, the same object comes back.
    for (const [description, country] of [
      ['TERME SPA BENESSERE', 'IT'],
      ['SPA', 'IT'],
      ['HERA SPA', 'US'],
    ]) {
      const normalized = normalizeDescription(description);
      expect(withoutLegalFormOf(normalized, country)).toBe(normalized);
    }
  });
});

describe('card lines in the networks’ fixed layout (name 25, city 13, state 2)', () => {
  it('reads the name, and keeps the city and state among the places only', () => {
    const line = 'FAMILY OPTOMETRIC ASSOC  VIRGINIA BEACVA';
    expect(splitAcceptorLine(line)).toEqual({
      name: 'FAMILY OPTOMETRIC ASSOC  ',
      location: 'VIRGINIA BEACVA',
    });
    const n = normalizeDescription(line);
    expect(n.merchant).toEqual(['FAMILY', 'OPTOMETRIC', 'ASSOC']);
    expect(n.words).not.toContain('VIRGINIA');
    expect(n.withPlaces).toEqual(expect.arrayContaining(['VIRGINIA', 'BEACVA']));
    // The same merchant in another town is the same merchant.
    expect(merchantOf('AMORE PIZZA              MECHANICSBURGPA')).toBe(
      merchantOf('AMORE PIZZA              CAMP HILL    PA'),
    );
    // A truncated name with a padded city: "Camp Hill" is not part of the brewery.
    expect(normalizeDescription('TST* EVER GRAIN BREWING CCamp Hill    PA').merchant).toEqual([
      'EVER',
      'GRAIN',
      'BREWING',
    ]);
    // The domain in the city field still counts ("Amzn.com/bill").
    expect(normalizeDescription('AMAZON MKTPL*M13X76OR3   Amzn.com/billWA').domains).toContain(
      'AMZN',
    );
  });

  it('leaves free text of the same length whole, and a line whose padding does not show', () => {
    expect(splitAcceptorLine('UBER TRIP HELP.UBER.COM SAN FRANCISCO CA')).toBeUndefined();
    expect(splitAcceptorLine('PLAZA AZTECA MECHANICSBURMECHANICSBURGPA')).toBeUndefined();
    expect(splitAcceptorLine('AMORE PIZZA MECHANICSBURG PA')).toBeUndefined();
    expect(normalizeDescription('UBER TRIP HELP.UBER.COM SAN FRANCISCO CA').merchant).toEqual(
      normalizeDescription('UBER TRIP HELP.UBER.COM SAN FRANCISCO CA ').merchant,
    );
  });
});
