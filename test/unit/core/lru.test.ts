// The bounded cache (src/core/lru.ts): capacity, recency, time-to-live and the weight budget, each at its edge.
import * as assert from 'node:assert/strict';
import { LruCache } from '../../../src/core/lru';

describe('core/lru: capacity, recency and expiry', function () {
  // The tests take milliseconds: a promise that never settles fails its test within 2 s instead of hanging the run.
  this.timeout(2_000);
  it('never holds more than its capacity, dropping the least recently used first', () => {
    const c = new LruCache<number, string>({ capacity: 500 });
    for (let i = 0; i < 2000; i++) c.set(i, `v${i}`);
    assert.equal(c.size, 500);
    assert.equal(c.get(1499), undefined);
    assert.equal(c.get(1500), 'v1500');
    assert.equal(c.get(1999), 'v1999');
  });

  it('a read makes an entry the most recently used', () => {
    const c = new LruCache<string, number>({ capacity: 3 });
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    assert.equal(c.get('a'), 1); // a is now newest: b is the oldest
    c.set('d', 4);
    assert.deepEqual(c.keys(), ['c', 'a', 'd']);
    assert.equal(c.get('b'), undefined);
  });

  it('re-setting a key replaces its value without growing', () => {
    const c = new LruCache<string, number>({ capacity: 2 });
    c.set('a', 1);
    c.set('a', 2);
    assert.equal(c.size, 1);
    assert.equal(c.get('a'), 2);
  });

  it('expires entries with a time-to-live, and only those', () => {
    let now = 1_000;
    const c = new LruCache<string, string>({ capacity: 10, now: () => now });
    c.set('short', 's', 30_000);
    c.set('forever', 'f');
    now += 29_999;
    assert.equal(c.get('short'), 's');
    assert.equal(c.has('short'), true);
    now += 1;
    assert.equal(c.get('short'), undefined);
    assert.equal(c.has('short'), false);
    assert.equal(c.size, 1);
    now += 10 ** 9;
    assert.equal(c.get('forever'), 'f');
  });

  it('deleteWhere and clear drop entries', () => {
    const c = new LruCache<string, number>({ capacity: 10 });
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      c.set(k, v);
    assert.equal(
      c.deleteWhere((v) => v % 2 === 1),
      2,
    );
    assert.deepEqual(c.keys(), ['b']);
    c.clear();
    assert.equal(c.size, 0);
  });

  it('rejects a capacity below 1', () => {
    assert.throws(() => new LruCache({ capacity: 0 }), RangeError);
    assert.throws(() => new LruCache({ capacity: 1.5 }), RangeError);
  });

  it('accepts a capacity of 1 and rejects 0 with a clear message', () => {
    const c = new LruCache<string, number>({ capacity: 1 });
    c.set('a', 1);
    c.set('b', 2);
    assert.deepEqual(c.keys(), ['b']);
    assert.throws(() => new LruCache({ capacity: 0 }), { name: 'RangeError', message: 'An LRU cache needs a capacity of at least 1' });
  });

  it('has() reports an entry dead exactly at its expiry and drops it', () => {
    let t = 1000;
    const c = new LruCache<string, number>({ capacity: 5, now: () => t });
    c.set('a', 1, 100);
    c.set('b', 2);
    t = 1099;
    assert.equal(c.has('a'), true);
    t = 1100;
    assert.equal(c.has('a'), false);
    assert.equal(c.size, 1);
    assert.equal(c.weight, 1);
    assert.deepEqual(c.keys(), ['b']);
  });

  it('delete() says whether something was removed', () => {
    const c = new LruCache<string, number>({ capacity: 2 });
    c.set('a', 1);
    assert.equal(c.delete('a'), true);
    assert.equal(c.delete('a'), false);
    assert.equal(c.size, 0);
  });
});

describe('core/lru: the weight budget', function () {
  // The tests take milliseconds: a promise that never settles fails its test within 2 s instead of hanging the run.
  this.timeout(2_000);
  it('evicts the least recently used entries until the weights fit', () => {
    const lru = new LruCache<string, string>({ capacity: 100, maxWeight: 10, weigh: (v) => v.length });
    lru.set('a', 'xxxx');
    lru.set('b', 'xxxx');
    lru.get('a');
    lru.set('c', 'xxxx');
    assert.deepEqual(lru.keys(), ['a', 'c']);
    assert.equal(lru.weight, 8);
  });

  it('does not keep a value heavier than the whole budget, and keeps the rest', () => {
    const lru = new LruCache<string, string>({ capacity: 100, maxWeight: 10, weigh: (v) => v.length });
    lru.set('a', 'xx');
    lru.set('huge', 'x'.repeat(11));
    assert.equal(lru.get('huge'), undefined);
    assert.equal(lru.get('a'), 'xx');
    assert.equal(lru.weight, 2);
  });

  it('keeps the total right through replace, delete, expiry and clear', () => {
    let now = 0;
    const lru = new LruCache<string, string>({ capacity: 100, maxWeight: 100, weigh: (v) => v.length, now: () => now });
    lru.set('a', 'xxx');
    lru.set('a', 'x');
    lru.set('b', 'xx', 10);
    assert.equal(lru.weight, 3);
    lru.delete('a');
    assert.equal(lru.weight, 2);
    now = 20;
    assert.equal(lru.get('b'), undefined);
    assert.equal(lru.weight, 0);
    lru.set('c', 'xxxx');
    lru.clear();
    assert.equal(lru.weight, 0);
  });

  it('keeps a value weighing exactly maxWeight, and entries summing exactly to it', () => {
    const c = new LruCache<string, number>({ capacity: 10, maxWeight: 10, weigh: (v) => v });
    c.set('ten', 10);
    assert.equal(c.get('ten'), 10);
    assert.equal(c.weight, 10);
    c.set('four', 4);
    c.set('six', 6);
    assert.deepEqual(c.keys(), ['four', 'six']);
    assert.equal(c.weight, 10);
    c.set('eleven', 11);
    assert.equal(c.has('eleven'), false);
  });
});
