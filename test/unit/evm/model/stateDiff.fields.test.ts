// The prestateTracer's diff field by field (src/evm/model/stateDiff.ts): nonces as numbers and hex
// quantities at their edges, the name of a malformed field (long keys cut), accounts in address order,
// an account created or deleted, unchanged slots left out, and the slot bound shared by both sides.
import * as assert from 'node:assert/strict';
import { MAX_STATE_SLOTS, parseStateDiff, type StateDiff } from '../../../../src/evm/model/stateDiff';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;
const slot = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

function parsed(result: unknown): StateDiff {
  const p = parseStateDiff(result);
  assert.ok(p.ok, p.ok ? '' : `${p.field}: ${p.expected}`);
  return p.diff;
}

function failure(result: unknown): string {
  const p = parseStateDiff(result);
  assert.ok(!p.ok, 'the answer was accepted');
  return `${p.field}: ${p.expected}`;
}

const slots = (from: number, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [slot(from + i), '0x1']));

describe('evm/model/stateDiff: nonces', () => {
  it('a nonce of 0 as a number, and a hex nonce, are read', () => {
    assert.deepEqual(parsed({ pre: { [A]: { nonce: 0 } }, post: { [A]: { nonce: '0x1' } } }).accounts[0]?.nonce, { pre: 0n, post: 1n });
  });

  it('a negative, fractional or decimal-text nonce is named', () => {
    for (const nonce of [-1, 1.5, '12', 'zz', ['0x1']]) {
      assert.equal(failure({ pre: {}, post: { [A]: { nonce } } }), `result.post.${A}.nonce: a nonce (a whole number)`, String(nonce));
    }
  });
});

describe('evm/model/stateDiff: the name of a malformed field', () => {
  it('a post or a storage that is no object is named', () => {
    assert.match(failure({ pre: {}, post: 5 }), /^result\.post: /);
    assert.match(failure({ pre: {}, post: { [A]: { storage: 5 } } }), new RegExp(`^result\\.post\\.${A}\\.storage: `));
  });

  it('a long slot key or address is named by its first 80 characters', () => {
    const key = `0x${'z'.repeat(100)}`;
    assert.equal(failure({ pre: {}, post: { [A]: { storage: { [key]: '0x1' } } } }), `result.post.${A}.storage.${key.slice(0, 80)}: a 32-byte slot key`);
    const address = `0x${'q'.repeat(100)}`;
    assert.equal(failure({ pre: {}, post: { [address]: {} } }), `result.${address.slice(0, 80)}: an address`);
  });
});

describe('evm/model/stateDiff: accounts and slots', () => {
  it('accounts in address order, a short slot key padded to 32 bytes, no field that did not change', () => {
    const diff = parsed({ pre: { [B]: { balance: '0x1' }, [A]: {} }, post: { [B]: { balance: '0x2' }, [A]: { storage: { '0x1': '0x5' } } } });
    assert.deepEqual(diff.accounts, [
      { address: A, deleted: false, storage: [{ slot: slot(1), pre: 0n, post: 5n }] },
      { address: B, deleted: false, balance: { pre: 1n, post: 2n }, storage: [] },
    ]);
  });

  it('an account only in post was created: its fields from zero', () => {
    assert.deepEqual(parsed({ pre: {}, post: { [A]: { nonce: 1, code: '0x6000' } } }).accounts, [
      { address: A, deleted: false, nonce: { pre: 0n, post: 1n }, code: { pre: 0, post: 2 }, storage: [] },
    ]);
  });

  it("a deleted account's slots are not listed; a slot equal on both sides is not either", () => {
    assert.deepEqual(parsed({ pre: { [A]: { storage: { [slot(1)]: '0x5' } } }, post: {} }).accounts, [{ address: A, deleted: true, storage: [] }]);
    const same = parsed({ pre: { [A]: { storage: { [slot(1)]: '0x5' } } }, post: { [A]: { storage: { [slot(1)]: '0x5', [slot(2)]: '0x6' } } } });
    assert.deepEqual(same.accounts[0]?.storage, [{ slot: slot(2), pre: 0n, post: 6n }]);
  });

  it('the slot bound counts the slots of pre and post of every account before', () => {
    const half = MAX_STATE_SLOTS / 2 + 1000;
    const viaPre = parsed({ pre: { [A]: { storage: slots(0, half) }, [B]: { storage: slots(0, half) } }, post: { [A]: {}, [B]: {} } });
    assert.equal(viaPre.cutSlots, 2 * half - MAX_STATE_SLOTS);
    const viaPost = parsed({ pre: {}, post: { [A]: { storage: slots(0, half) }, [B]: { storage: slots(0, half) } } });
    assert.equal(viaPost.cutSlots, 2 * half - MAX_STATE_SLOTS);
  });
});
