/** Letters that NFD does not split into a base letter and a mark. */
const UNSPLIT: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'SS',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  þ: 'th',
  Þ: 'TH',
  ı: 'i',
};

/** Any one of them: derived from the table, so a letter added there is replaced too. */
const UNSPLIT_LETTER = new RegExp(`[${Object.keys(UNSPLIT).join('')}]`, 'g');

/**
 * The text in plain Latin letters: accents and umlauts dropped ("Mövenpick" → "Movenpick",
 * "Éléphant Bleu" → "Elephant Bleu", "Straße" → "Strasse"), as card lines mostly print names. A
 * letter left out instead would split the word around it ("TÜV Nord" read as NORD). Compatibility
 * forms become their plain letters too (the "ﬁ" ligature, full-width "ＡＢＣ" of a till printout).
 * One reading for every service that compares names: the classifier's merchants, bills' payees,
 * the gateway's receipt merchants.
 */
export function latinLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(UNSPLIT_LETTER, (c) => UNSPLIT[c]);
}
