import { normalizePage, offsetOf, pageInfo } from '../../src/pagination';

describe('pagination', () => {
  it('defaults and clamps', () => {
    expect(normalizePage(undefined)).toEqual({ page: 1, limit: 50 });
    expect(normalizePage({ page: 0, limit: 0 })).toEqual({ page: 1, limit: 50 });
    expect(normalizePage({ page: 3, limit: 500 })).toEqual({ page: 3, limit: 200 });
  });

  it('computes pages as ceil(total / limit) and offsets', () => {
    expect(pageInfo({ page: 2, limit: 20 }, 41)).toEqual({
      page: 2,
      limit: 20,
      total: 41,
      pages: 3,
    });
    expect(pageInfo({ page: 1, limit: 20 }, 0).pages).toBe(0);
    expect(offsetOf({ page: 3, limit: 20 })).toBe(40);
  });
});
