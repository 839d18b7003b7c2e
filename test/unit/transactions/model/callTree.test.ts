// The call tree a receipt panel shows, built from what the local node's JSON-RPC answers for the
// Vault demo transactions (debug_traceTransaction, the v2 callTracer) and from the samples of both
// generations: calls decoded with the workspace's ABIs, the magic contract named by its interface,
// the revert's origin three frames deep marked with its path open, and every way to have no tree.
import { strict as assert } from 'node:assert';
import { WaspClient } from '../../../../src/api/client';
import { parseCallTrace, type CallTrace } from '../../../../src/evm/model/callTrace';
import { loadAbiCoder, type AbiCoder } from '../../../../src/evm/model/decode';
import { magicAbiIndex } from '../../../../src/evm/model/iscMagic';
import { fetchCallTrace, type TraceOutcome } from '../../../../src/evm/model/jsonRpc';
import { buildCallTree, callTreeState, revertLine, traceIsOf, type CallTreeInputs } from '../../../../src/transactions/model/callTree';
import { frameMatches } from '../../../../src/transactions/model/callTreeSearch';
import { evmTxOf } from '../../../../src/transactions/model/evmExplain';
import type { AbiIndex } from '../../../../src/evm/model/abiIndex';
import { type LocalNode, startLocalNode } from '../../../fixtures/localNode';
import { EVM_DEMO_CREATED, EVM_DEMO_LEDGER_LIB, EVM_DEMO_SENDER, EVM_DEMO_VAULT } from '../../../fixtures/localNodeEvm';
import { indexOf, vaultIndex } from '../../helpers/evm';
import { evmSample } from '../../helpers/samples';

describe('transactions/model/callTree: the Vault demo traced by the local node', function () {
  this.timeout(10_000);
  let node: LocalNode;
  let decoding: Omit<CallTreeInputs, 'trace'>;
  const rpc = () => `${node.url}/v1/chain/evm`;
  const receiptOf = (id: string) => new WaspClient({ baseUrl: node.url }).getRebasedReceipt(id);

  before(async () => {
    node = await startLocalNode({ generation: 'rebased', evm: true });
    decoding = { coder: await loadAbiCoder(), index: vaultIndex(), magic: await magicAbiIndex('rebased'), generation: 'rebased' };
  });
  after(() => node.close());

  async function treeOf(id: string, names?: (a: string) => string | undefined) {
    const [outcome, receipt] = await Promise.all([fetchCallTrace(rpc(), id, { fetch: globalThis.fetch }), receiptOf(id)]);
    const tx = evmTxOf(receipt);
    assert.ok(tx?.ok);
    const state = callTreeState(outcome, { ...decoding, ...(names ? { nameOf: names } : {}) }, tx.tx);
    assert.equal(state.status, 'ok', state.status === 'error' ? state.message : '');
    return state.status === 'ok' ? state.view : assert.fail();
  }

  it('the revert began three frames deep, in the DELEGATECALL into the library: marked, its path open, the rest closed', async () => {
    const view = await treeOf(node.evm?.ids.customError ?? '');
    assert.equal(view.frames.length, 4);
    assert.equal(view.origin, 3);
    const [root, magic, ledger, lib] = view.frames;
    assert.equal(lib?.type, 'DELEGATECALL');
    assert.equal(lib?.to, EVM_DEMO_LEDGER_LIB);
    assert.equal(lib?.origin, true);
    assert.equal(lib?.depth, 2);
    assert.deepEqual(
      view.frames.map((f) => f.open),
      [true, false, true, true],
    );
    assert.equal(lib?.error, 'reverted: InsufficientBalance(available: 3, required: 5)');
    assert.equal(ledger?.call, `transfer(to: ${EVM_DEMO_SENDER}, amount: 5)`);
    assert.equal(root?.call, `transfer(to: ${EVM_DEMO_VAULT}, amount: 5)`);
    assert.equal(root?.callSource, 'artifacts/contracts/Vault.sol/Vault.json');
    assert.equal(root?.from, EVM_DEMO_SENDER);
    assert.equal(magic?.magic, 'ISCSandbox');
    assert.equal(magic?.toName, 'ISC magic contract');
    assert.equal(magic?.call, 'getEntropy()');
    assert.equal(magic?.result, '0x0000000000000000000000000000000000000000000000000000000000005eed', 'bytes32 as the ABI returns it');
    assert.equal(view.summary, '4 calls, 3 failed; the revert began in transfer(to: ' + EVM_DEMO_SENDER + ', amount: 5) (depth 2)');
    assert.deepEqual(view.notes, []);
  });

  it('names from the address book are used for caller, callee and the origin in the summary, and searched', async () => {
    const book = new Map([
      [EVM_DEMO_LEDGER_LIB.toLowerCase(), 'LedgerLib'],
      [EVM_DEMO_SENDER.toLowerCase(), 'deployer'],
    ]);
    const view = await treeOf(node.evm?.ids.customError ?? '', (a) => book.get(a));
    assert.equal(view.frames[3]?.toName, 'LedgerLib');
    assert.equal(view.frames[0]?.fromName, 'deployer');
    assert.match(view.summary, /began in LedgerLib: transfer/);
    assert.equal(
      revertLine(view),
      `reverted in LedgerLib: transfer(to: ${EVM_DEMO_SENDER}, amount: 5) with InsufficientBalance(available: 3, required: 5)`,
      "the hover's one line: where, and the error decoded with its arguments",
    );
    const unnamed = await treeOf(node.evm?.ids.customError ?? '');
    assert.equal(
      revertLine(unnamed),
      `reverted in ${EVM_DEMO_LEDGER_LIB}: transfer(to: ${EVM_DEMO_SENDER}, amount: 5) with InsufficientBalance(available: 3, required: 5)`,
      'the address when no name is known',
    );
    assert.equal(revertLine(await treeOf(node.evm?.ids.deposit ?? '')), undefined, 'no line for a call that did not fail');
    assert.deepEqual(
      view.frames.filter((f) => frameMatches(f, 'ledgerlib')).map((f) => f.index),
      [3],
    );
    assert.deepEqual(
      view.frames.filter((f) => frameMatches(f, EVM_DEMO_LEDGER_LIB.slice(2, 12).toLowerCase())).map((f) => f.index),
      [3],
      'by part of an address, whatever its case',
    );
    assert.deepEqual(
      view.frames.filter((f) => frameMatches(f, 'insufficientbalance')).map((f) => f.index),
      [0, 2, 3],
      'by the error',
    );
  });

  it('the deposit: value, a CREATE, a call into the magic contract by its interface, the decoded log; nothing failed', async () => {
    const view = await treeOf(node.evm?.ids.deposit ?? '');
    const [root, create, trigger] = view.frames;
    assert.equal(view.origin, undefined);
    assert.equal(root?.value, '1,000');
    assert.equal(root?.call, 'deposit(note: "for rent")');
    assert.deepEqual(root?.logs, [{ address: EVM_DEMO_VAULT, line: `Deposited(from: ${EVM_DEMO_SENDER}, amount: 1000, note: "for rent")` }]);
    assert.equal(create?.type, 'CREATE');
    assert.equal(create?.call, 'creates a contract');
    assert.equal(create?.to, EVM_DEMO_CREATED);
    assert.equal(trigger?.call, 'triggerEvent(s: "deposited")');
    assert.equal(trigger?.magic, 'ISCSandbox');
    assert.equal(view.summary, '3 calls, 0 failed');
    assert.deepEqual(
      view.frames.map((f) => f.open),
      [true, false, false],
    );
  });

  it('a trace of another transaction is not shown as this one', async () => {
    const [outcome, receipt] = await Promise.all([
      fetchCallTrace(rpc(), node.evm?.ids.deposit ?? '', { fetch: globalThis.fetch }),
      receiptOf(node.evm?.ids.customError ?? ''),
    ]);
    const tx = evmTxOf(receipt);
    assert.ok(tx?.ok && outcome.ok);
    assert.equal(traceIsOf(outcome.trace, tx.tx), false);
    const state = callTreeState(outcome, decoding, tx.tx);
    assert.equal(state.status, 'error');
    assert.match(state.status === 'error' ? state.message : '', /trace of another transaction/);
  });

  it('an unknown hash: the JSON-RPC does not know this transaction', async () => {
    const state = callTreeState(await fetchCallTrace(rpc(), `0x${'77'.repeat(32)}`, { fetch: globalThis.fetch }), decoding, undefined);
    assert.deepEqual(state, { status: 'error', message: 'the JSON-RPC does not know this transaction' });
  });
});

describe('transactions/model/callTree: what a trace may lack or hold', () => {
  let coder: AbiCoder;
  let magic: AbiIndex;
  before(async () => {
    coder = await loadAbiCoder();
    magic = await magicAbiIndex('stardust');
  });
  const traceOf = (result: unknown): CallTrace => {
    const p = parseCallTrace(result);
    assert.ok(p.ok);
    return p.trace;
  };

  it('v1 (no logs from this tracer): said once; a token call no ABI declares shows its selector', () => {
    const view = buildCallTree({
      coder,
      index: indexOf(),
      magic,
      generation: 'stardust',
      trace: traceOf(evmSample('v1-debug_traceTransaction-callTracer').result),
    });
    assert.deepEqual(view.notes, ['This node does not send the logs of each call (its tracer has none before Wasp 2).']);
    assert.equal(view.frames[3]?.call, 'function 0xa9059cbb: no ABI in the workspace declares it');
    assert.equal(view.frames[3]?.result, '0x0000000000000000000000000000000000000000000000000000000000000001', 'undecoded output as sent');
    assert.equal(view.frames[1]?.magic, 'ISCSandbox');
  });

  it('Error(string) and Panic reverts are decoded; a failure without data keeps the node words; hostile text is revealed', () => {
    const ADDR = `0x${'cd'.repeat(20)}`;
    const errorString = '0x08c379a0' + '20'.padStart(64, '0') + '8'.padStart(64, '0') + Buffer.from('no\u202efun', 'utf8').toString('hex').padEnd(64, '0');
    const frames = [
      { error: 'execution reverted', output: errorString },
      { error: 'execution reverted', output: `0x4e487b71${'11'.padStart(64, '0')}` },
      { error: 'out of gas' },
    ].map((f) => ({ type: 'CALL', from: ADDR, to: ADDR, gas: '0x1', gasUsed: '0x1', input: '0x', ...f }));
    const view = buildCallTree({ coder, index: indexOf(), magic, generation: 'stardust', trace: traceOf({ ...frames[0], calls: frames }) });
    assert.equal(view.frames[1]?.error, 'reverted: no⟨U+202E⟩fun');
    assert.equal(view.frames[2]?.error, 'reverted: panic 0x11: arithmetic overflow or underflow');
    assert.equal(view.frames[3]?.error, 'out of gas');
    assert.equal(view.origin, 3, 'the last failed call');
  });

  it('hostile lengths: a 100,000-character revert reason, call data of a megabyte and a long workspace name each stay one short line', () => {
    const ADDR = `0x${'cd'.repeat(20)}`;
    const reason = 'r'.repeat(100_000);
    const hex = Buffer.from(reason, 'utf8').toString('hex');
    const errorString = '0x08c379a0' + '20'.padStart(64, '0') + reason.length.toString(16).padStart(64, '0') + hex.padEnd(Math.ceil(hex.length / 64) * 64, '0');
    const frame = {
      type: 'CALL',
      from: ADDR,
      to: ADDR,
      gas: '0x1',
      gasUsed: '0x1',
      input: `0x${'ab'.repeat(1 << 20)}`,
      error: 'execution reverted',
      output: errorString,
    };
    const longName = `Evil\u202e${'n'.repeat(1_000)}`;
    const view = buildCallTree({ coder, index: indexOf(), magic, generation: 'rebased', nameOf: () => longName, trace: traceOf(frame) });
    const [root] = view.frames;
    for (const text of [root?.error, root?.call, root?.toName, root?.fromName, view.summary]) {
      assert.ok(text !== undefined && text.length <= 1_000, `${text?.length} characters`);
      assert.ok(!text.includes('\u202e'), 'the override is revealed, never passed on');
    }
    assert.match(root?.error ?? '', /^reverted: r+…$/);
    assert.match(root?.toName ?? '', /^Evil⟨U\+202E⟩n+…$/);
  });

  it('frames cut by the bound are counted in the summary and said', () => {
    const view = buildCallTree({
      coder,
      index: indexOf(),
      magic,
      generation: 'stardust',
      trace: { ...traceOf(evmSample('v2-debug_traceTransaction-callTracer').result), cut: 12 },
    });
    assert.equal(view.summary, '16 calls, 0 failed');
    assert.ok(view.notes.includes('12 calls beyond the first 4 are not shown.'));
  });

  const failures: Array<[TraceOutcome, RegExp]> = [
    [
      { ok: false, reason: 'methodUnavailable', detail: 'unsupported tracer type: callTracer' },
      /does not offer debug_traceTransaction \(unsupported tracer type: callTracer\): ask the node operator/,
    ],
    [{ ok: false, reason: 'tooLarge' }, /^the answer is larger than 8 MB$/],
    [{ ok: false, reason: 'timeout' }, /no answer within 35 s/],
    [
      { ok: false, reason: 'invalid', detail: 'result.calls[0].gas: expected a hex quantity (0x…)' },
      /^the answer is not a call trace: result\.calls\[0\]\.gas/,
    ],
    [{ ok: false, reason: 'badUrl' }, /no usable EVM JSON-RPC URL/],
  ];
  for (const [outcome, text] of failures) {
    it(`no tree: ${outcome.ok ? '' : outcome.reason} says what failed`, () => {
      const state = callTreeState(outcome, { coder, index: indexOf(), magic, generation: 'stardust' }, undefined);
      assert.equal(state.status, 'error');
      assert.match(state.status === 'error' ? state.message : '', text);
    });
  }
});
