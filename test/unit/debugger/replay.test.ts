// The replay engine against anvil (the real-peer fixture): every transaction of the fixture replayed
// from anvil's own pre-state agrees with anvil's call tree and receipt; a pre-state altered on
// purpose diverges and says where; a call into the ISC magic contract whose code the node did not
// give is answered from the record.
import { strict as assert } from 'node:assert';
import type { ReplayInputs } from '../../../src/debugger/model/replayInputs';
import { replayTransaction } from '../../../src/debugger/model/replay';
import { MAGIC_ADDRESS } from '../../../src/evm/model/iscMagic';
import { ANVIL_ACCOUNTS, sendMined, type RealPeerTxs } from '../../fixtures/realPeers/realPeers';
import { inputsOf, LOOP_AT, LOOP_CODE, show, usePeers } from './replayPeers';

const REVERTED = /^execution reverted/i;

describe('replaying every transaction of the fixture against anvil: status, output, gas and every frame agree with the node', function () {
  this.timeout(60_000);
  const peersOf = usePeers();

  const cases: Array<keyof RealPeerTxs> = [
    'save',
    'customError',
    'requireString',
    'panic',
    'outOfGas',
    'createInCall',
    'deployLedger',
    'deployBank',
    'valueTransfer',
    'noCode',
    'ignitionLedger',
    'hardhatDeployReceipt',
  ];
  for (const which of cases) {
    it(`replays ${which} with the receipt's status and gas and each call frame's result of anvil's call tree`, async () => {
      const peers = peersOf();
      const inputs = await inputsOf(peers.rpcUrl, peers.txs[which]);
      const rec = await replayTransaction(inputs, { maxSteps: 1_000_000 });
      assert.equal(rec.divergence, undefined, show(rec.divergence));
      assert.equal(rec.truncated, false);
      assert.equal(rec.result.status === 'success' ? 1 : 0, inputs.receipt.status);
      assert.equal(rec.result.gasUsed, inputs.receipt.gasUsed);
      const root = inputs.trace.frames[0];
      assert.ok(root);
      if (rec.result.status !== 'failed') assert.equal(rec.result.output, (root.output ?? '0x').toLowerCase());
      assert.equal(rec.frames.length, inputs.trace.frames.length);
      for (const node of inputs.trace.frames) {
        const ours = rec.frames[node.index];
        assert.ok(ours?.outcome, `frame ${node.index}`);
        const status = node.error === undefined ? 'returned' : REVERTED.test(node.error) ? 'reverted' : 'failed';
        assert.equal(ours.outcome.status, status, `frame ${node.index} status`);
        if (status !== 'failed') assert.equal(ours.outcome.output, (node.output ?? '0x').toLowerCase(), `frame ${node.index} output`);
        assert.equal(ours.outcome.gasUsed, node.gasUsed, `frame ${node.index} gasUsed`);
        assert.equal(ours.kind, node.type, `frame ${node.index} kind`);
        if (node.to !== undefined) assert.equal(ours.codeAddress, node.to);
        assert.equal(ours.depth, node.depth);
        assert.equal(ours.parent, node.parent);
        assert.ok(ours.firstStep <= ours.lastStep);
      }
      if (rec.length > 0) assert.equal(rec.frame[rec.length - 1], 0, 'the last step runs in the root frame');
    });
  }
});

describe('a replay’s frames, limits and divergences, against anvil', function () {
  this.timeout(60_000);
  const peersOf = usePeers();

  it('gives frames in the call tree’s order with their steps: the Ledger’s credit runs inside the Bank’s save', async () => {
    const peers = peersOf();
    const rec = await replayTransaction(await inputsOf(peers.rpcUrl, peers.txs.save), { maxSteps: 1_000_000 });
    const [bank, ledger] = rec.frames;
    assert.ok(bank && ledger);
    assert.equal(bank.address, peers.addresses.bank);
    assert.equal(ledger.address, peers.addresses.ledger);
    assert.equal(ledger.caller, peers.addresses.bank);
    assert.equal(bank.caller, ANVIL_ACCOUNTS[0]);
    assert.ok(bank.firstStep < ledger.firstStep && ledger.lastStep < bank.lastStep);
    for (let s = ledger.firstStep; s <= ledger.lastStep; s++) assert.equal(rec.frame[s], 1);
    assert.equal(rec.pc[ledger.firstStep], 0);
    assert.deepEqual(rec.stackAt(ledger.firstStep), []);
    // The Ledger's SSTORE of the sender's credits: its slot is keccak(sender . 0), a preimage the replay kept.
    const writes = rec.storageAt(ledger.lastStep).filter((a) => a.access === 'written');
    assert.equal(writes.length, 1);
    const preimage = rec.keccakPreimages.get(writes[0]?.slot ?? 0n);
    assert.ok(preimage, 'the credits slot’s preimage');
    assert.equal(Buffer.from(preimage.subarray(12, 32)).toString('hex'), ANVIL_ACCOUNTS[0].slice(2));
  });

  async function loopInputs(turns: bigint): Promise<ReplayInputs> {
    const peers = peersOf();
    await peers.rpc('anvil_setCode', [LOOP_AT, LOOP_CODE]);
    const hash = await sendMined(peers.rpc, { from: ANVIL_ACCOUNTS[2], to: LOOP_AT, data: `0x${turns.toString(16).padStart(64, '0')}`, gas: '0x1000000' });
    return inputsOf(peers.rpcUrl, hash);
  }

  it('stops at maxSteps with a truncated recording and reports progress', async () => {
    const progress: number[] = [];
    const inputs = await loopInputs(1_500n);
    const full = await replayTransaction(inputs, { maxSteps: 1_000_000 });
    assert.equal(full.divergence, undefined, show(full.divergence));
    assert.equal(full.length, 3 + 1_500 * 10);
    const rec = await replayTransaction(inputs, { maxSteps: 10_500, onProgress: (n) => progress.push(n) });
    assert.equal(rec.truncated, true);
    assert.equal(rec.length, 10_500);
    assert.deepEqual(progress, [10_000]);
    assert.deepEqual(rec.stackAt(10_499), full.stackAt(10_499));
  });

  it('stops at maxMemoryBytes too: a recording that would hold more is truncated where it reached the bound', async () => {
    const inputs = await loopInputs(1_500n);
    const full = await replayTransaction(inputs, { maxSteps: 1_000_000 });
    assert.equal(full.truncated, false);
    const bounded = await replayTransaction(inputs, { maxSteps: 1_000_000, maxMemoryBytes: 256 * 1024 });
    assert.equal(bounded.truncated, true);
    assert.ok(bounded.length > 1_000 && bounded.length < full.length, String(bounded.length));
    assert.deepEqual(bounded.stackAt(bounded.length - 1), full.stackAt(bounded.length - 1));
    const roomy = await replayTransaction(inputs, { maxSteps: 1_000_000, maxMemoryBytes: 64 * 1024 * 1024 });
    assert.equal(roomy.truncated, false);
  });

  it('rejects with the signal’s reason when cancelled', async () => {
    const inputs = await loopInputs(1_500n);
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    await assert.rejects(
      replayTransaction(inputs, { maxSteps: 1_000_000, onProgress: () => controller.abort(reason), signal: controller.signal }),
      (e) => e === reason,
    );
  });

  it('rejects at once when the signal was aborted before the replay began, even for a transaction of no steps', async () => {
    const peers = peersOf();
    const inputs = await inputsOf(peers.rpcUrl, peers.txs.valueTransfer);
    const controller = new AbortController();
    const reason = new Error('closed before it began');
    controller.abort(reason);
    await assert.rejects(replayTransaction(inputs, { maxSteps: 1_000, signal: controller.signal }), (e) => e === reason);
  });

  it('diverges where a pre-state raised on purpose makes the Ledger’s debit return instead of revert', async () => {
    const peers = peersOf();
    const inputs = await inputsOf(peers.rpcUrl, peers.txs.customError);
    const ledger = inputs.prestate.get(peers.addresses.ledger);
    assert.ok(ledger && ledger.storage.size === 1);
    const [slot] = [...ledger.storage.keys()];
    ledger.storage.set(slot as bigint, 10n ** 18n);
    const rec = await replayTransaction(inputs, { maxSteps: 1_000_000 });
    assert.ok(rec.divergence, 'a divergence');
    assert.equal(rec.divergence.frame, 1);
    assert.equal(rec.divergence.message, 'replay diverged at call 1: the node’s trace reverted, the replay returned');
    assert.equal(rec.divergence.step, rec.frames[1]?.lastStep);
  });
});

describe('a native frame: the ISC magic contract answered from the node’s record, against anvil', function () {
  this.timeout(60_000);
  const peersOf = usePeers();
  const WORD = '00000000000000000000000000000000000000000000000000000000c0ffee42';
  // PUSH32 WORD, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN.
  const MAGIC_CODE = `0x7f${WORD}60005260206000f3`;
  // MSTORE 0xdeadbeef at 0; CALL(gas, MAGIC, 0, 28, 4, 0, 32); POP; RETURN(0, 32).
  const CALLER_CODE = `0x63deadbeef600052602060006004601c600073${MAGIC_ADDRESS.slice(2)}5af15060206000f3`;
  const CALLER = '0x00000000000000000000000000000000c0ffee01';
  let hash: string;

  before(async () => {
    const peers = peersOf();
    await peers.rpc('anvil_setCode', [MAGIC_ADDRESS, MAGIC_CODE]);
    await peers.rpc('anvil_setCode', [CALLER, CALLER_CODE]);
    hash = await sendMined(peers.rpc, { from: ANVIL_ACCOUNTS[1], to: CALLER, data: '0x', gas: '0x30000' });
  });

  async function withoutMagicCode(of = hash): Promise<ReplayInputs> {
    const inputs = await inputsOf(peersOf().rpcUrl, of);
    const magic = inputs.prestate.get(MAGIC_ADDRESS);
    assert.ok(magic && magic.code.length > 0, 'anvil gave the magic address’s code');
    // A Wasp node's magic contract is no EVM code: its pre-state carries none.
    inputs.prestate.set(MAGIC_ADDRESS, { ...magic, code: new Uint8Array(0) });
    return inputs;
  }

  it('stubs the call from the record and agrees with the node', async () => {
    const rec = await replayTransaction(await withoutMagicCode(), { maxSteps: 100_000 });
    assert.equal(rec.divergence, undefined, show(rec.divergence));
    const magic = rec.frames[1];
    assert.ok(magic);
    assert.equal(magic.native, true);
    assert.equal(magic.address, MAGIC_ADDRESS);
    assert.equal(magic.firstStep, magic.lastStep);
    assert.equal(rec.op[magic.firstStep], 0xf1, 'the native frame sits at the CALL that entered it');
    assert.equal(magic.outcome?.output, `0x${WORD}`);
    assert.equal(rec.result.output, `0x${WORD}`);
    assert.ok(rec.frames.every((f) => f.index === 1 || rec.frame.includes(f.index)));
  });

  it('stubs a recorded revert: the native frame reverts with the node’s data and the caller goes on', async () => {
    const peers = peersOf();
    // PUSH32 WORD, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, REVERT.
    await peers.rpc('anvil_setCode', [MAGIC_ADDRESS, `0x7f${WORD}60005260206000fd`]);
    const reverting = await sendMined(peers.rpc, { from: ANVIL_ACCOUNTS[1], to: CALLER, data: '0x', gas: '0x30000' });
    await peers.rpc('anvil_setCode', [MAGIC_ADDRESS, MAGIC_CODE]);
    const rec = await replayTransaction(await withoutMagicCode(reverting), { maxSteps: 100_000 });
    assert.equal(rec.divergence, undefined, show(rec.divergence));
    assert.equal(rec.frames[1]?.native, true);
    assert.deepEqual(rec.frames[1]?.outcome, { status: 'reverted', output: `0x${WORD}`, gasUsed: rec.frames[1]?.outcome?.gasUsed });
    assert.equal(rec.result.status, 'success');
    assert.equal(rec.result.output, `0x${WORD}`, 'the caller returns the revert data its CALL wrote');
  });

  it('diverges when the recorded input differs from what the replay sends', async () => {
    const inputs = await withoutMagicCode();
    const recorded = inputs.trace.frames[1];
    assert.ok(recorded);
    recorded.input = '0xfeedface';
    const rec = await replayTransaction(inputs, { maxSteps: 100_000 });
    assert.ok(rec.divergence);
    assert.equal(rec.divergence.frame, 1);
    assert.match(rec.divergence.message, /^replay diverged at call 1: the replay calls the native contract 0x1074/);
  });
});

describe('a call into a precompile, against anvil', function () {
  this.timeout(60_000);
  const peersOf = usePeers();

  it('runs a call into a precompile (identity, 0x04) as the frame the node’s trace shows', async () => {
    const peers = peersOf();
    const at = '0x00000000000000000000000000000000000000c1';
    // STATICCALL(gas, 0x04, 0, 32, 0, 32); POP; RETURN(0, 32).
    await peers.rpc('anvil_setCode', [at, '0x602060006020600060045afa5060206000f3']);
    const hash = await sendMined(peers.rpc, { from: ANVIL_ACCOUNTS[3], to: at, data: '0x', gas: '0x30000' });
    const inputs = await inputsOf(peers.rpcUrl, hash);
    const rec = await replayTransaction(inputs, { maxSteps: 100_000 });
    assert.equal(rec.divergence, undefined, show(rec.divergence));
    assert.equal(rec.frames.length, 2);
    assert.equal(rec.frames[1]?.kind, 'STATICCALL');
    assert.equal(rec.frames[1]?.native, false);
    assert.equal(rec.frames[1]?.outcome?.gasUsed, inputs.trace.frames[1]?.gasUsed);
  });
});
