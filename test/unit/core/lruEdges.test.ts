import * as assert from 'node:assert/strict';
import { LruCache } from '../../../src/core/lru';

describe('core/lru edge cases', () => {
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

  it('delete() says whether something was removed', () => {
    const c = new LruCache<string, number>({ capacity: 2 });
    c.set('a', 1);
    assert.equal(c.delete('a'), true);
    assert.equal(c.delete('a'), false);
    assert.equal(c.size, 0);
  });
});
