import { latinLetters } from '../../src/letters';

describe('latinLetters', () => {
  it('reads accented and umlauted letters as the plain letters card lines print', () => {
    expect(latinLetters('Mövenpick Éléphant Bleu Straße Ørsted Kïdo')).toBe(
      'Movenpick Elephant Bleu Strasse Orsted Kido',
    );
    expect(latinLetters('ŁÓDŹ Þingvellir Œuvre Ærø')).toBe('LODZ THingvellir OEuvre AEro');
  });

  it('reads a till’s compatibility forms as their plain letters', () => {
    expect(latinLetters('ＮＥＴＦＬＩＸ')).toBe('NETFLIX');
    expect(latinLetters('ﬁsh')).toBe('fish');
  });

  it('leaves plain text as it is', () => {
    expect(latinLetters('WOOLWORTHS 1234 SYDNEY & CO.')).toBe('WOOLWORTHS 1234 SYDNEY & CO.');
  });
});
