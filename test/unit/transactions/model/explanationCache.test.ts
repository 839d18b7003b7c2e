// Explanations kept per receipt and ABI index version (src/evm/model/explanationCache.ts): the hover,
// the panel and "Open in Explorer" of one request decode its data once, again only after an ABI changed.
import * as assert from 'node:assert/strict';
import { AbiIndex, parseAbiItem } from '../../../../src/evm/model/abiIndex';
import { ExplanationCache } from '../../../../src/transactions/model/explanationCache';

describe('transactions/model/explanationCache', () => {
  it('computes once per receipt and version: the same receipt at the same version is not decoded again', () => {
    const cache = new ExplanationCache<object, { n: number }>();
    const receipt = {};
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = cache.get(receipt, 3, compute);
    assert.equal(cache.get(receipt, 3, compute), first);
    assert.equal(computed, 1);
  });

  it('a new index version, or another receipt, computes anew; the newest is what is kept', () => {
    const cache = new ExplanationCache<object, string>();
    const a = {};
    const b = {};
    assert.equal(
      cache.get(a, 1, () => 'a1'),
      'a1',
    );
    assert.equal(
      cache.get(b, 1, () => 'b1'),
      'b1',
    );
    assert.equal(
      cache.get(a, 2, () => 'a2'),
      'a2',
    );
    assert.equal(
      cache.get(a, 2, () => 'again'),
      'a2',
    );
    assert.equal(
      cache.get(b, 1, () => 'again'),
      'b1',
    );
  });

  it('an undefined explanation (nothing EVM in the receipt) is kept too', () => {
    const cache = new ExplanationCache<object, undefined>();
    const receipt = {};
    let computed = 0;
    cache.get(receipt, 0, () => void computed++);
    cache.get(receipt, 0, () => void computed++);
    assert.equal(computed, 1);
  });

  it('the ABI index version the cache is keyed by changes with every file set or removed', () => {
    const index = new AbiIndex();
    const item = parseAbiItem({ type: 'function', name: 'f', inputs: [] });
    assert.ok(item);
    const v0 = index.version;
    index.setFile('file:///a.json', 'a.json', [item]);
    const v1 = index.version;
    index.removeFile('file:///a.json');
    assert.ok(v0 !== v1 && v1 !== index.version && v0 !== index.version);
  });
});
