// An entry's `evmChainId` as the settings read it, value by value: absent, null or empty is no ID;
// digits (as a number or as text, spaces around allowed) up to 2^53-1 are kept; anything else is
// refused with one message and never throws. And what a chain known only by its JSON-RPC cannot show.
import * as assert from 'node:assert/strict';
import { evmOnlyLimitText, validateEntry } from '../../../../src/config/model/chainConfig';

const USER = { scope: 'user' } as const;
const REFUSED = 'evmChainId must be a whole number from 1 to 2^53-1.';

/** What an EVM-only entry with this evmChainId resolves to: its EVM chain ID, or the problems. */
function evmChainIdOf(evmChainId: unknown): bigint | undefined | string[] {
  const r = validateEntry({ name: 'Rpc', evmJsonRpcUrl: 'https://rpc.example', evmChainId }, USER, 0);
  if (r.valid === false) return r.invalid.problems;
  assert.equal(r.valid, 'evmOnly');
  return r.valid === 'evmOnly' ? r.chain.evmChainId : undefined;
}

describe('config/model/chainConfig: evmChainId', () => {
  it('absent, null or empty: no EVM chain ID, and no problem', () => {
    assert.deepStrictEqual([undefined, null, ''].map(evmChainIdOf), [undefined, undefined, undefined]);
  });

  it('a whole number or its digits as text, up to 2^53-1, are kept', () => {
    assert.deepStrictEqual([1076, ' 1076 ', '9007199254740991'].map(evmChainIdOf), [1076n, 1076n, 2n ** 53n - 1n]);
  });

  it('text that is no number, a fraction, 0 and 2^53 are refused with one message', () => {
    for (const bad of ['abc', 1.5, 0, '0', '9007199254740992']) assert.deepStrictEqual(evmChainIdOf(bad), [REFUSED], String(bad));
  });
});

describe('config/model/chainConfig: a chain known only by its JSON-RPC', () => {
  it('says what it cannot show and how to add a web API', () => {
    assert.equal(
      evmOnlyLimitText(),
      'Known only by its EVM JSON-RPC: the ISC receipt, the gas burn log and governance (chain info, blocks, L2 accounts) need the chain\u2019s web API. Add it: set nodeUrl in this entry of waspChain.chains, or Add Chain \u2192 Another node\u2026',
    );
  });
});
