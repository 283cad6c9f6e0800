import { LruMap } from '../../src/lru';

describe('LruMap', () => {
  it('drops the least recently used entry beyond its capacity', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2).set('c', 3);
    expect([...lru.keys()]).toEqual(['b', 'c']);
    expect(lru.size).toBe(2);
    expect(lru.get('a')).toBeUndefined();
  });

  it('counts get() and set() as a use, peek() and has() not', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([...lru.keys()]).toEqual(['a', 'c']);

    expect(lru.peek('a')).toBe(1);
    expect(lru.has('a')).toBe(true);
    lru.set('d', 4);
    expect([...lru.keys()]).toEqual(['c', 'd']);

    lru.set('c', 30);
    lru.set('e', 5);
    expect([...lru.entries()]).toEqual([
      ['c', 30],
      ['e', 5],
    ]);
  });

  it('deletes, clears and lets entries be deleted while iterating', () => {
    const lru = new LruMap<string, number>(5);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) lru.set(key, i);
    expect(lru.delete('b')).toBe(true);
    expect(lru.delete('b')).toBe(false);
    for (const [key, value] of lru) if (value % 2 === 0) lru.delete(key);
    expect([...lru.values()]).toEqual([3]);
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it('refuses a capacity that holds nothing', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
    expect(() => new LruMap(1.5)).toThrow(RangeError);
  });
});
