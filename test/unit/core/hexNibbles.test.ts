import * as assert from 'node:assert/strict';
import { hexToBytes } from '../../../src/core/hex';

describe('core/hex nibble table', () => {
  it('rejects the characters next to the digit and letter ranges', () => {
    for (const c of [':', '/', '@', 'G', '`', 'g']) {
      assert.equal(hexToBytes(`0${c}`), undefined, `low ${c}`);
      assert.equal(hexToBytes(`${c}0`), undefined, `high ${c}`);
    }
    assert.deepEqual(hexToBytes('09afAF'), Uint8Array.from([0x09, 0xaf, 0xaf]));
  });

  it('rejects non-ASCII characters in either nibble', () => {
    assert.equal(hexToBytes('é0'), undefined);
    assert.equal(hexToBytes('0é'), undefined);
    assert.equal(hexToBytes('\u01300'), undefined);
  });
});
