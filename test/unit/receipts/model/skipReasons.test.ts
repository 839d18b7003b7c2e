// Why a node may skip a request, as the panel lists it per generation (src/receipts/model/skipReasons.ts).
import * as assert from 'node:assert/strict';
import { skipReasons } from '../../../../src/receipts/model/skipReasons';

describe('receipts/model/skipReasons', () => {
  const common = [
    'The request never reached this chain: check that it was sent to this chain (an EVM transaction: to its JSON-RPC endpoint) and accepted.',
    "Wrong nonce: an off-ledger or EVM request must carry the sender's next nonce; one already used, or one ahead of it, is skipped.",
    'The signature does not verify.',
    "An EVM transaction's gas price is below what the chain's fee policy asks.",
    'The chain is in maintenance mode: only requests to the governance contract are processed.',
    'The request was already processed: its receipt is in an earlier block (look it up at the latest state).',
  ];
  const onLedger =
    'On-ledger: a time lock not yet passed, an expiry within a minute of the block time (or past), or a storage deposit return make the node skip the output.';
  it('lists the checks of each generation; the on-ledger output checks only where outputs exist', () => {
    assert.deepEqual(skipReasons('rebased'), common);
    assert.deepEqual(skipReasons('stardust'), [...common, onLedger]);
    assert.deepEqual(skipReasons(undefined), [...common, onLedger]);
  });

  it('skip reasons: the on-ledger output checks only for Stardust', () => {
    assert.ok(skipReasons('stardust').some((r) => /time lock/.test(r)));
    assert.ok(!skipReasons('rebased').some((r) => /time lock/.test(r)));
    assert.ok(skipReasons('rebased').some((r) => /nonce/.test(r)));
  });
});
