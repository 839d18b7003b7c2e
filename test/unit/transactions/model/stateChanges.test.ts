// The "State changes" section: what the local node's JSON-RPC answers for the Vault demo
// transactions (debug_traceTransaction with the prestateTracer in diff mode, as a Wasp 2 node
// does), named from an address book; what a Wasp 1 node or a JSON-RPC without the tracer answers,
// said once; the bounds; the node's text revealed.
import { strict as assert } from 'node:assert';
import { fetchStateDiff } from '../../../../src/evm/model/jsonRpc';
import type { StateDiff } from '../../../../src/evm/model/stateDiff';
import { MAX_STATE_ROWS, stateChangeRows, stateChangesUnoffered, stateDiffRows } from '../../../../src/transactions/model/stateChanges';
import { DEMO_CHAINS } from '../../../fixtures/demoData';
import { type LocalNode, startLocalNode } from '../../../fixtures/localNode';
import { EVM_DEMO_CREATED, EVM_DEMO_SENDER, EVM_DEMO_VAULT } from '../../../fixtures/localNodeEvm';

const values = (rows: Array<{ field: string; value: string }>) => Object.fromEntries(rows.map((r) => [r.field, r.value]));

describe('transactions/model/stateChanges: the state a transaction changed', function () {
  this.timeout(10_000);
  let node: LocalNode;
  const rpc = () => `${node.url}/v1/chain/evm`;
  before(async () => {
    node = await startLocalNode({ generation: 'rebased', evm: true });
  });
  after(() => node.close());

  it('the deposit: the sender paid 1,000 wei to the Vault, which wrote a slot; a contract was deployed; accounts named from the book', async () => {
    const outcome = await fetchStateDiff(rpc(), node.evm?.ids.deposit ?? '', { fetch: globalThis.fetch });
    const names = new Map([[EVM_DEMO_VAULT.toLowerCase(), 'Vault']]);
    const rows = stateChangeRows(outcome, (a) => names.get(a));
    const v = values(rows);
    // Sorted by address: 0x4444… (created), 0x5aae… (sender), 0xfb69… (Vault).
    assert.equal(v.state0, EVM_DEMO_CREATED);
    assert.equal(v.state0Code, 'deployed: 5 bytes');
    assert.equal(v.state0Nonce, '0 → 1');
    assert.equal(v.state1, EVM_DEMO_SENDER);
    assert.equal(v.state1Balance, '5,000,000,000,000,000,000 → 4,999,999,999,999,999,000');
    assert.equal(rows.find((r) => r.field === 'state1Balance')?.detail, '-1,000');
    assert.equal(v.state1Nonce, '41 → 42');
    assert.equal(rows.find((r) => r.field === 'state2')?.label, 'Vault');
    assert.equal(v.state2Balance, '3,000 → 4,000');
    assert.equal(v.state2Slot0, '0x0 → 0x3e8');
    assert.match(v.stateNote ?? '', /leaves the fee out/);
  });

  it('the failed transfer: only the sender’s nonce moved', async () => {
    const outcome = await fetchStateDiff(rpc(), node.evm?.ids.customError ?? '', { fetch: globalThis.fetch });
    const rows = stateChangeRows(outcome, () => undefined);
    assert.deepEqual(
      rows.map((r) => r.field),
      ['state0', 'state0Nonce', 'stateNote'],
    );
    assert.equal(rows[0]?.detail, 'nonce');
  });

  it('a hash the node does not hold is said so', async () => {
    const unknown = await fetchStateDiff(rpc(), `0x${'12'.repeat(32)}`, { fetch: globalThis.fetch });
    assert.deepEqual(values(stateChangeRows(unknown, () => undefined)), { stateError: 'the JSON-RPC does not know this transaction' });
  });

  it('a Wasp 1 node has no prestateTracer: asked anyway (an evmJsonRpcUrl may point at one), its refusal says how to get one', async () => {
    const stardust = await startLocalNode({ generation: 'stardust' });
    try {
      const outcome = await fetchStateDiff(`${stardust.url}/v1/chains/${DEMO_CHAINS.iotaEvm}/evm`, `0x${'12'.repeat(32)}`, { fetch: globalThis.fetch });
      assert.deepEqual(outcome, { ok: false, reason: 'methodUnavailable', detail: 'unsupported tracer type: prestateTracer' });
      assert.match(
        stateChangeRows(outcome, () => undefined)[0]?.value ?? '',
        /does not offer debug_traceTransaction with the prestateTracer .*set evmJsonRpcUrl/,
      );
    } finally {
      await stardust.close();
    }
    assert.match(stateChangesUnoffered()[0]?.value ?? '', /Wasp 1\.x nodes have only the call tracer/);
  });

  it('bounded rows, the rest counted; a name with invisible characters revealed', () => {
    const account = (i: number) => ({
      address: `0x${i.toString(16).padStart(40, '0')}`,
      deleted: false,
      storage: [1, 2, 3].map((n) => ({ slot: `0x${n.toString(16).padStart(64, '0')}`, pre: 0n, post: BigInt(n) })),
    });
    const diff: StateDiff = { accounts: Array.from({ length: 400 }, (_, i) => account(i)), cutAccounts: 2, cutSlots: 3 };
    const rows = stateDiffRows(diff, (a) => (a.endsWith('01') ? 'Po\u202eol' : undefined));
    assert.ok(rows.length <= MAX_STATE_ROWS + 2, String(rows.length));
    const cut = rows.find((r) => r.field === 'stateCut');
    assert.match(cut?.value ?? '', /^\d+ more changes/);
    assert.equal(Number(/^(\d+)/.exec(cut?.value ?? '')?.[1]), 400 * 4 - Math.floor(MAX_STATE_ROWS / 4) * 4 + 5);
    assert.ok(!rows.some((r) => r.label.includes('\u202e')), 'the bidi override is revealed');
    assert.equal(rows.find((r) => r.field === 'state1')?.label, 'Po⟨U+202E⟩ol');
  });

  it("says the fee is left out of the sender's balance only where the EVM is a Wasp node's; for a chain known only by its JSON-RPC it says it depends", () => {
    const diff: StateDiff = { accounts: [], cutAccounts: 0, cutSlots: 0 };
    const note = (fee?: 'wasp' | 'unknown') => stateDiffRows(diff, () => undefined, undefined, fee).find((r) => r.field === 'stateNote')?.value ?? '';
    assert.match(note(), /gas price 0/);
    assert.match(note('wasp'), /leaves the fee out/);
    assert.match(note('unknown'), /depends on the chain/);
    assert.doesNotMatch(note('unknown'), /leaves the fee out/);
  });
});
