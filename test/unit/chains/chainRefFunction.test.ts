// A command argument that is neither an object nor a string names no chain, even when it carries
// a chainName (chains/model/chainRef.ts).
import * as assert from 'node:assert/strict';
import { parseChainArg } from '../../../src/chains/model/chainRef';

describe('model/chainRef: non-object arguments', () => {
  it('does not read a chain name off a function or a number', () => {
    assert.deepEqual(parseChainArg(Object.assign(() => 0, { chainName: 'IOTA' })), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(42), { kind: 'unrecognised' });
    assert.deepEqual(parseChainArg(true), { kind: 'unrecognised' });
  });
});
