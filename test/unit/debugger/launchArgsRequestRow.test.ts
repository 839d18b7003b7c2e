// The Chains view's row of an EVM request as the command's argument: only a request ID given as
// text names the transaction; the same digits in another shape are no argument.
import { strict as assert } from 'node:assert';
import { commandArgument } from '../../../src/debugger/model/launchArgs';

const HASH = `0x${'ab'.repeat(32)}`;

describe('debugger/model/launchArgs: a request row as the argument', () => {
  it('a request ID that is not text is no argument, even when it reads as one', () => {
    assert.deepEqual(commandArgument({ requestId: [HASH], chainName: 'c' }), {});
    assert.deepEqual(commandArgument({ requestId: { toString: () => HASH } }), {});
    assert.deepEqual(commandArgument({ requestId: HASH, chainName: 'c' }), { transaction: HASH, chain: 'c' });
  });
});
