import * as assert from 'node:assert/strict';
import { burnCodeName, summarizeBurnLog } from '../../../src/receipts/model/burnCodes';

describe('model/burnCodes', () => {
  it('names the codes from FACTS', () => {
    assert.equal(burnCodeName(0), 'storage');
    assert.equal(burnCodeName(1), 'state read');
    assert.equal(burnCodeName(2), 'target not found');
    assert.equal(burnCodeName(8), 'nft data');
    assert.equal(burnCodeName(13), 'storage deposit estimate');
    assert.equal(burnCodeName(14), 'send');
    assert.equal(burnCodeName(15), 'utils: hashing (blake2b)');
    assert.equal(burnCodeName(25), 'wasm');
    assert.equal(burnCodeName(26), 'minimum gas per request');
    assert.equal(burnCodeName(27), 'evm');
  });
  it('gives 15-24 distinct utility names', () => {
    const names = new Set<string>();
    for (let c = 15; c <= 24; c++) {
      const n = burnCodeName(c);
      assert.ok(n.startsWith('utils: '), n);
      names.add(n);
    }
    assert.equal(names.size, 10);
  });
  it('falls back to "code N"', () => {
    assert.equal(burnCodeName(28), 'code 28');
    assert.equal(burnCodeName(-1), 'code -1');
    assert.equal(burnCodeName(1.5), 'code 1.5');
  });

  describe('summarizeBurnLog', () => {
    it('totals per code, sorted by gas, with shares', () => {
      const s = summarizeBurnLog([
        { code: 27, gasBurned: 21000n },
        { code: 1, gasBurned: 500n },
        { code: 27, gasBurned: 9000n },
        { code: 0, gasBurned: 10000n },
        { code: 1, gasBurned: 500n },
        { code: 99, gasBurned: 0n },
      ]);
      assert.equal(s.total, 41000n);
      assert.deepEqual(
        s.entries.map((e) => [e.code, e.name, e.gasBurned, e.count]),
        [
          [27, 'evm', 30000n, 2],
          [0, 'storage', 10000n, 1],
          [1, 'state read', 1000n, 2],
          [99, 'code 99', 0n, 1],
        ],
      );
      assert.deepEqual(
        s.entries.map((e) => e.share),
        [73.17, 24.39, 2.43, 0],
      );
    });
    it('breaks ties by code', () => {
      const s = summarizeBurnLog([
        { code: 9, gasBurned: 100n },
        { code: 3, gasBurned: 100n },
      ]);
      assert.deepEqual(
        s.entries.map((e) => e.code),
        [3, 9],
      );
      assert.deepEqual(
        s.entries.map((e) => e.share),
        [50, 50],
      );
    });
    it('is exact above 2^53 and handles an empty log', () => {
      const big = 2n ** 60n + 1n;
      const s = summarizeBurnLog([
        { code: 27, gasBurned: big },
        { code: 27, gasBurned: big },
      ]);
      assert.equal(s.total, 2n * big);
      assert.equal(s.entries[0]?.share, 100);
      assert.deepEqual(summarizeBurnLog([]), { total: 0n, entries: [] });
    });
  });
});
