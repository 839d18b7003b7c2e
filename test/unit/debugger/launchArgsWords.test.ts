// The words a refused debug launch shows and the names a session gets, at their edges
// (src/debugger/model/launchArgs.ts): what is not an argument at all, a long paste clipped in the
// message, a chain of blanks, and a hash too short to shorten.
import * as assert from 'node:assert/strict';
import { checkLaunchArgs, commandArgument, debugSessionName } from '../../../src/debugger/model/launchArgs';

const HASH = `0x${'ab'.repeat(32)}`;

describe('debugger/model/launchArgs: the words of a refusal', () => {
  it('refuses what is not an object with the words that it takes a transaction hash', () => {
    for (const raw of [null, undefined, HASH, 7, [HASH]])
      assert.deepEqual(checkLaunchArgs(raw), { ok: false, problem: 'Debug Transaction takes a transaction hash.' }, String(raw));
  });

  it('shows at most the first 80 characters of a long paste that is not a hash', () => {
    const pasted = `0x${'z'.repeat(120)}`;
    assert.deepEqual(checkLaunchArgs({ transaction: ` "${pasted}" ` }), {
      ok: false,
      problem: `Not a transaction hash (${pasted.slice(0, 80)}): Only hex digits (0-9, a-f) may follow 0x.`,
    });
  });

  it('refuses a chain named by blanks alone', () => {
    assert.deepEqual(checkLaunchArgs({ transaction: HASH, chain: ' \t ' }), { ok: false, problem: '"chain" is the name of a chain in waspChain.chains.' });
  });

  it('takes null as no command argument', () => {
    assert.deepEqual(commandArgument(null), {});
  });
});

describe('debugger/model/launchArgs: the name of a session', () => {
  it('keeps a hash of 14 characters or fewer whole, and shortens a longer one', () => {
    assert.equal(debugSessionName('0x1234', 'C', undefined), 'Debug 0x1234 on C');
    assert.equal(debugSessionName('0x123456789abc', 'C', 2), 'Debug 0x123456789abc on C from call 2');
    assert.equal(debugSessionName('0x123456789abcd', 'C', undefined), 'Debug 0x1234…abcd on C');
  });
});
