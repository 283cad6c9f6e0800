import { displayName, merchantKey, merchantsMatch } from '../../src/domain/merchant';

describe('merchant keys', () => {
  it.each([
    ['NETFLIX.COM', 'NETFLIX'],
    ['Netflix', 'NETFLIX'],
    ['netflix.com 866-579-7172 CA', 'NETFLIX CA'],
    ['SQ *BLUE BOTTLE #0231', 'BLUE BOTTLE'],
    ['PAYPAL *SPOTIFY', 'SPOTIFY'],
    ['PP*1234 GODADDY', 'GODADDY'],
    ['WOOLWORTHS 1234 SYDNEY', 'WOOLWORTHS SYDNEY'],
    ['AMAZON PRIME*2K4J83', 'AMAZON PRIME'],
    ['AMAZON MKTPLC*AB12', 'AMAZON MKTPLC'],
    ['EFTPOS PURCHASE TELSTRA', 'TELSTRA'],
    ['Origin Energy Pty Ltd', 'ORIGIN ENERGY'],
    ['Café Nero', 'CAFE NERO'],
    // Letters that are not a base letter and a mark, and a till's full-width letters.
    ['Ørsted Salg & Service', 'ORSTED SALG & SERVICE'],
    ['Bäckerei Groß', 'BACKEREI GROSS'],
    ['ＮＥＴＦＬＩＸ', 'NETFLIX'],
    ['', ''],
    ['#1234 5678', ''],
  ])('%s → %s', (raw, key) => {
    expect(merchantKey(raw)).toBe(key);
  });

  it('keeps different products of one company apart', () => {
    expect(merchantKey('AMAZON PRIME')).not.toBe(merchantKey('AMAZON MKTPLC'));
    expect(merchantKey('NETFLIX')).toBe(merchantKey('NETFLIX.COM'));
  });

  it('matches payees by equal keys or leading words', () => {
    expect(merchantsMatch('NETFLIX', 'NETFLIX CA')).toBe(true);
    expect(merchantsMatch('NETFLIX CA', 'NETFLIX')).toBe(true);
    expect(merchantsMatch('AMAZON PRIME', 'AMAZON MKTPLC')).toBe(false);
    expect(merchantsMatch('NET', 'NETFLIX')).toBe(false);
    expect(merchantsMatch('', 'NETFLIX')).toBe(false);
  });

  it('names a key readably', () => {
    expect(displayName('AMAZON PRIME')).toBe('Amazon Prime');
  });
});
