// The prestateTracer's diff-mode answer (Wasp 2, the sample built from the node's Go types), read
// by go-ethereum's rules: a slot missing on one side is zero there, an account only in `pre` was
// deleted; and hostile answers: a field of the wrong kind is named, more than the bounds is counted.
// Field by field: nonces at their edges, long keys cut in a field's name, accounts in address order,
// unchanged slots left out, and the slot bound shared by both sides.
import { strict as assert } from 'node:assert';
import { MAX_STATE_ACCOUNTS, MAX_STATE_SLOTS, parseStateDiff, type StateDiff } from '../../../../src/evm/model/stateDiff';
import { evmSample } from '../../helpers/samples';

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

describe('evm/model/stateDiff: the prestateTracer diff', () => {
  it('the sample: accounts in address order; the sender’s nonce, the token’s two slots, the claim flag set from zero', () => {
    const diff = parsed(evmSample('v2-debug_traceTransaction-prestateTracer-diffMode').result);
    assert.deepEqual(
      diff.accounts.map((a) => a.address),
      ['0x3ac5d2b8e6f1a09c47d5e2b1f0c8a6d4e2b9f153', '0x9d3a5b2c6b0f4c1e8e37a1f2d5c4b3a291807f6e', '0xef2bf31b7dc8187475a527cc8b26eaad55267e33'],
    );
    const [token, claims, sender] = diff.accounts;
    assert.deepEqual(sender?.nonce, { pre: 17n, post: 18n });
    assert.equal(sender?.balance, undefined, 'post carries no balance: unchanged');
    assert.equal(token?.storage.length, 2);
    // A slot only in post was zero before.
    assert.deepEqual(token?.storage[0], { slot: '0x4c736e8092bff801e344aeda4b207e5ddb9e1921795eb9a7b5c8147b719dbacb', pre: 0n, post: 0x4563918244f40000n });
    assert.deepEqual(token?.storage[1]?.pre, 0x3635c9adc5dea00000n);
    assert.deepEqual(claims?.storage, [{ slot: '0x6ef9cf57c559da3e7218cbbf793fdc72ffdfb21357299a81a022b01703dd7668', pre: 0n, post: 1n }]);
    assert.equal(token?.code, undefined, 'code unchanged');
    assert.ok(diff.accounts.every((a) => !a.deleted));
  });

  it('a slot only in pre became zero; an account only in pre was deleted; new code counts its bytes; a hex nonce reads too', () => {
    const diff = parsed({
      post: { [A]: { storage: {}, code: '0x60806040', nonce: '0x1' } },
      pre: { [A]: { balance: '0x0', storage: { [slot(1)]: slot(9) } }, [B]: { balance: '0x5', code: '0x00', nonce: 3 } },
    });
    const [a, b] = diff.accounts;
    assert.deepEqual(a?.storage, [{ slot: slot(1), pre: 9n, post: 0n }]);
    assert.deepEqual(a?.code, { pre: 0, post: 4 });
    assert.deepEqual(a?.nonce, { pre: 0n, post: 1n });
    assert.equal(b?.deleted, true);
    assert.deepEqual(b?.storage, []);
  });

  it('balances above 2^64 stay exact', () => {
    const big = `0x${'f'.repeat(40)}`;
    const diff = parsed({ post: { [A]: { balance: big } }, pre: { [A]: { balance: '0x1' } } });
    assert.deepEqual(diff.accounts[0]?.balance, { pre: 1n, post: BigInt(big) });
  });

  it('names the field that is not what a node sends', () => {
    assert.equal(failure(null), 'result: an object');
    assert.equal(failure({ [A]: { balance: '0x1' } }), 'result.pre: an object', 'the default mode (no diff) is not read as a diff');
    assert.equal(failure({ post: {}, pre: { 'not-an-address': {} } }), 'result.not-an-address: an address');
    assert.equal(failure({ post: {}, pre: { [A]: { balance: 12 } } }), `result.pre.${A}.balance: a hex quantity (0x…)`);
    assert.equal(failure({ post: { [A]: { nonce: -1 } }, pre: { [A]: { balance: '0x0' } } }), `result.post.${A}.nonce: a nonce (a whole number)`);
    assert.equal(failure({ post: { [A]: { nonce: 2 ** 60 } }, pre: { [A]: { balance: '0x0' } } }), `result.post.${A}.nonce: a nonce (a whole number)`);
    assert.equal(failure({ post: {}, pre: { [A]: { balance: '0x0', code: '0x123' } } }), `result.pre.${A}.code: hex code`);
    assert.match(failure({ post: {}, pre: { [A]: { balance: '0x0', storage: { '0x\u202e1': slot(1) } } } }), /storage.*a 32-byte slot key/);
    assert.match(failure({ post: {}, pre: { [A]: { balance: '0x0', storage: { [slot(1)]: `0x${'1'.repeat(65)}` } } } }), /a 32-byte value/);
  });

  it('keeps at most the bounds and counts the rest', () => {
    const pre: Record<string, unknown> = {};
    const post: Record<string, unknown> = {};
    for (let i = 0; i < MAX_STATE_ACCOUNTS + 5; i++) {
      const a = `0x${i.toString(16).padStart(40, '0')}`;
      pre[a] = { balance: '0x0' };
      post[a] = { balance: '0x1' };
    }
    const wide = parsed({ post, pre });
    assert.equal(wide.accounts.length, MAX_STATE_ACCOUNTS);
    assert.equal(wide.cutAccounts, 5);
    const storage: Record<string, string> = {};
    for (let i = 1; i <= MAX_STATE_SLOTS + 7; i++) storage[slot(i)] = slot(i);
    const deep = parsed({ post: { [A]: { storage } }, pre: { [A]: { balance: '0x0' } } });
    assert.equal(deep.accounts[0]?.storage.length, MAX_STATE_SLOTS);
    assert.equal(deep.cutSlots, 7);
  });
});

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
