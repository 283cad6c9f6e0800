/**
 * A Map that holds at most `capacity` entries and drops the least recently used first. get()
 * and set() make an entry the most recent; peek() and iteration do not. A JavaScript Map
 * iterates in insertion order, so moving an entry to the end on use keeps the least recently
 * used one first, where eviction takes it: O(1) for every operation.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`LruMap capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.map.size;
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** The value, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** The value, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Stores the value as the most recently used, then drops the least recent beyond capacity. */
  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  /** Least recently used first. Deleting the current entry while iterating is safe (as for a Map). */
  entries(): IterableIterator<[K, V]> {
    return this.map.entries();
  }

  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  values(): IterableIterator<V> {
    return this.map.values();
  }

  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.map.entries();
  }
}
