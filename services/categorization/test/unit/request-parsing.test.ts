import { AppError, newId } from '@pfs/kit';
import { lookupIds, MAX_BATCH_GET_IDS } from '../../src/domain/lookup';
import { parseUserProfile } from '../../src/domain/user-profile';

describe('parseUserProfile', () => {
  it('defaults an unknown profile to an Australian individual', () => {
    expect(parseUserProfile({})).toEqual({ countryCode: 'AU', businessType: 'individual' });
    expect(parseUserProfile({ countryCode: '', businessType: '' })).toEqual({
      countryCode: 'AU',
      businessType: 'individual',
    });
  });

  it('normalises case', () => {
    expect(parseUserProfile({ countryCode: 'gb', businessType: 'Sole_Trader' })).toEqual({
      countryCode: 'GB',
      businessType: 'sole_trader',
    });
  });

  it('rejects a malformed country and an unknown business type together', () => {
    try {
      parseUserProfile({ countryCode: 'AUS', businessType: 'charity' });
      throw new Error('expected a validation error');
    } catch (err) {
      expect((err as AppError).code).toBe('VALIDATION_ERROR');
      expect((err as AppError).details?.issues?.map((i) => i.field)).toEqual([
        'countryCode',
        'businessType',
      ]);
    }
  });
});

describe('lookupIds', () => {
  it('drops malformed ids and duplicates (case-insensitively)', () => {
    const id = newId();
    expect(lookupIds([id, 'nope', id.toUpperCase(), ''])).toEqual([id]);
  });

  it(`refuses more than ${MAX_BATCH_GET_IDS} ids`, () => {
    const ids = Array.from({ length: MAX_BATCH_GET_IDS + 1 }, () => newId());
    expect(() => lookupIds(ids)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    expect(lookupIds(ids.slice(1))).toHaveLength(MAX_BATCH_GET_IDS);
  });
});
