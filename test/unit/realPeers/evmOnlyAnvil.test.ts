// A chain known only by its EVM JSON-RPC, against a real one: Foundry's anvil with the fixture's
// contracts compiled by solc-js and deployed by forge (test/fixtures/realPeers). What the hover, the
// panel's sections, the call tree (anvil's callTracer), the state changes (its prestateTracer in
// diff mode), the account reads and the "Why no receipt?" facts make of anvil's own answers, with
// the ABIs of the Hardhat artifacts and the names of forge's, Ignition's and hardhat-deploy's records.
import { strict as assert } from 'node:assert';
import { loadAbiCoder, type AbiCoder } from '../../../src/evm/model/decode';
import { magicAbiIndex } from '../../../src/evm/model/iscMagic';
import type { AbiIndex } from '../../../src/evm/model/abiIndex';
import { fetchBalance, fetchCallTrace, fetchStateDiff, fetchTransactionCount } from '../../../src/evm/model/jsonRpc';
import { fetchBlockNumber, fetchChainId, fetchEvmReceipt, fetchEvmTransaction } from '../../../src/evm/model/txRpc';
import { hexToBytes } from '../../../src/core/hex';
import { callTreeState, revertLine, type CallTreeView } from '../../../src/transactions/model/callTree';
import { evmOnlyHoverLines, evmOnlyView, replayText, type EvmOnlyFound } from '../../../src/transactions/model/evmOnlyView';
import { replayTransaction } from '../../../src/evm/model/replay';
import { diagnoseNoReceipt, txFactsOfRecord } from '../../../src/transactions/model/noReceipt';
import { gatherChainFacts } from '../../../src/transactions/model/noReceiptFacts';
import { stateChangeRows } from '../../../src/transactions/model/stateChanges';
import type { AddressBook } from '../../../src/workspace/model/deployments';
import { ANVIL_ACCOUNTS, ANVIL_BALANCE, startRealPeers, type RealPeers, type RealPeerTxs } from '../../fixtures/realPeers/realPeers';
import { realPeersAbiIndex, realPeersAddressBook } from '../helpers/realPeers';

const rpc = { fetch: globalThis.fetch };
const show = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

describe('receipts on an EVM-only chain, against anvil: the fixture’s transactions as the hover, the panel and the call tree show them', function () {
  this.timeout(30_000);
  let peers: RealPeers;
  let coder: AbiCoder;
  let index: AbiIndex;
  let book: AddressBook;
  const nameOf = (a: string) => book.nameOf(a, peers.chainId);

  before(async function () {
    // The first run compiles the contracts (forge build through solc-js, ~5-10 s); later runs reuse the cache.
    this.timeout(180_000);
    peers = await startRealPeers();
    coder = await loadAbiCoder();
    index = realPeersAbiIndex(peers);
    book = realPeersAddressBook(peers);
  });
  after(() => peers?.stop());

  async function found(which: keyof RealPeerTxs): Promise<EvmOnlyFound> {
    const hash = peers.txs[which];
    const [receipt, tx] = await Promise.all([fetchEvmReceipt(peers.rpcUrl, hash, rpc), fetchEvmTransaction(peers.rpcUrl, hash, rpc)]);
    assert.ok(receipt.ok, show(receipt));
    assert.ok(tx.ok, show(tx));
    return { hash, tx: tx.tx, receipt: receipt.receipt };
  }

  async function tree(which: keyof RealPeerTxs): Promise<CallTreeView> {
    const f = await found(which);
    const outcome = await fetchCallTrace(peers.rpcUrl, f.hash, rpc);
    const tx = f.tx ? { ...(f.tx.to === undefined ? {} : { to: f.tx.to }), data: hexToBytes(f.tx.input) ?? new Uint8Array(), value: f.tx.value } : undefined;
    const state = callTreeState(outcome, { coder, index, magic: await magicAbiIndex('rebased'), generation: 'rebased', nameOf }, tx);
    assert.equal(state.status, 'ok', show(state));
    return state.status === 'ok' ? state.view : assert.fail();
  }

  const gasLine = (f: EvmOnlyFound) => {
    const price = f.receipt.effectiveGasPrice ?? 0n;
    return new RegExp(`^Gas used ${f.receipt.gasUsed.toLocaleString('en-US')} at ${price.toLocaleString('en-US')} wei: fee 0\\.\\d+$`);
  };

  it('the head: anvil’s EVM chain ID and latest block, as the Chains view reads them', async () => {
    const [id, block] = await Promise.all([fetchChainId(peers.rpcUrl, rpc), fetchBlockNumber(peers.rpcUrl, rpc)]);
    assert.deepEqual(id, { ok: true, value: peers.chainId });
    assert.deepEqual(block, { ok: true, value: peers.blocks.hardhatDeployReceipt });
  });

  it('the custom error two calls deep: the hover says the failure first and the call on the Bank named by forge’s broadcast; the call tree marks Ledger.debit, decodes Overdrawn(1000, 5000) with solc’s ABI, and then gives the hover its Why', async () => {
    const f = await found('customError');
    assert.equal(f.receipt.status, 0);
    assert.equal(f.receipt.revertReason, undefined, 'anvil sends no revertReason');
    const lines = evmOnlyHoverLines(f, 'Anvil', { coder, index, nameOf });
    assert.equal(lines[0], `Failed (EVM status 0) on Anvil, block ${peers.blocks.customError}`);
    assert.match(lines[2] ?? '', gasLine(f));
    assert.equal(lines[3], 'Calls withdraw(amount: 5000) on Bank');
    assert.equal(lines[4], 'Logs: none');

    const view = await tree('customError');
    assert.equal(view.summary, '2 calls, 2 failed; the revert began in Ledger: debit(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 5000) (depth 1)');
    assert.equal(view.frames.length, 2);
    assert.equal(view.origin, 1);
    const [bank, ledger] = view.frames;
    assert.equal(bank?.toName, 'Bank');
    assert.equal(bank?.call, 'withdraw(amount: 5000)');
    assert.equal(bank?.error, 'reverted: Overdrawn(available: 1000, required: 5000)');
    assert.equal(ledger?.type, 'CALL');
    assert.equal(ledger?.fromName, 'Bank', 'the caller named');
    assert.equal(ledger?.toName, 'Ledger', 'the callee named');
    assert.equal(ledger?.depth, 1);
    assert.equal(ledger?.call, 'debit(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 5000)');
    assert.equal(ledger?.error, 'reverted: Overdrawn(available: 1000, required: 5000)');
    assert.equal(ledger?.origin, true);
    const line = revertLine(view);
    assert.equal(
      line,
      'reverted in Ledger: debit(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 5000) with Overdrawn(available: 1000, required: 5000)',
    );
    assert.equal(evmOnlyHoverLines(f, 'Anvil', { coder, index, nameOf }, { traceLine: line })[1], `Why: ${line}`);
  });

  it('the panel’s sections of the failed withdraw: the transaction as anvil holds it (nonce, 200,000 gas limit), the EVM receipt with the exact fee in wei, the call decoded', async () => {
    const f = await found('customError');
    const view = evmOnlyView(f, { rpcUrl: peers.rpcUrl }, { coder, index, nameOf }, {});
    assert.equal(view.failed, true);
    const rows = new Map(view.sections.flatMap((s) => s.rows.map((r) => [`${s.id}/${r.field}`, r] as const)));
    assert.equal(rows.get('evmOnlyTx/evmTo')?.detail, 'Bank');
    assert.equal(rows.get('evmOnlyTx/evmGasLimit')?.value, '200,000');
    assert.equal(rows.get('evmOnlyTx/evmNonce')?.value, String(f.tx?.nonce));
    const fee = f.receipt.gasUsed * (f.receipt.effectiveGasPrice ?? 0n);
    assert.equal(rows.get('evmLogs/evmFee')?.detail, `${fee.toLocaleString('en-US')} wei: gas used × effective gas price`);
    assert.deepEqual(
      view.sections.find((s) => s.id === 'evmAbi')?.rows.map((r) => [r.label, r.value]),
      [
        ['Function', 'withdraw'],
        ['amount', '5000'],
      ],
    );
  });

  it('require with a string, a Panic and an out-of-gas: each tree’s one frame says why in words', async () => {
    assert.equal((await tree('requireString')).frames[0]?.error, 'reverted: amount is zero');
    assert.equal((await tree('panic')).frames[0]?.error, 'reverted: panic 0x12: division or modulo by zero');
    const oog = await tree('outOfGas');
    assert.equal(oog.frames[0]?.error, 'out of gas');
    assert.equal(oog.frames[0]?.call, 'fill(n: 500)');
    const f = await found('outOfGas');
    assert.equal(f.receipt.gasUsed, f.tx?.gas, 'out of gas: all of the limit used');
  });

  it('the event-emitting save (forge’s broadcast): success, both events by name from two contracts, the nested call named at both ends', async () => {
    const f = await found('save');
    const lines = evmOnlyHoverLines(f, 'Anvil', { coder, index, nameOf });
    assert.equal(lines[0], `Succeeded (EVM status 1) on Anvil, block ${peers.blocks.save}`);
    assert.equal(lines[2], 'Calls save(note: "for rent") on Bank');
    assert.equal(lines[3], 'Logs: 2 (Credited, Saved)');
    const view = await tree('save');
    assert.equal(view.origin, undefined);
    assert.deepEqual(
      view.frames.map((fr) => [fr.fromName, fr.toName, fr.call, fr.logs.map((l) => l.line)]),
      [
        [undefined, 'Bank', 'save(note: "for rent")', ['Saved(from: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 1000, note: "for rent")']],
        [
          'Bank',
          'Ledger',
          'credit(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 1000)',
          ['Credited(who: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, amount: 1000)'],
        ],
      ],
    );
    assert.equal(view.frames[0]?.value, '1,000');
  });

  it('creations: a deployment says so and names what it created; a creation inside a call is a CREATE frame from the Bank whose address the Issued event gives', async () => {
    const deployed = evmOnlyHoverLines(await found('deployBank'), 'Anvil', { coder, index, nameOf });
    assert.deepEqual(deployed.slice(2, 4), ['Contract creation', `Created ${peers.addresses.bank}`]);
    const view = await tree('createInCall');
    assert.equal(view.frames.length, 2);
    const created = view.frames[1];
    assert.equal(created?.type, 'CREATE');
    assert.equal(created?.fromName, 'Bank');
    assert.equal(created?.to?.toLowerCase(), peers.addresses.issuedReceipt);
    assert.equal(created?.call, 'creates a contract');
    assert.equal(view.frames[0]?.logs[0]?.line.toLowerCase(), `issued(receipt: ${peers.addresses.issuedReceipt})`);
  });

  it('a value transfer and a call to an address with no code: both succeed, one frame each; the transfer is said to be one', async () => {
    const transfer = evmOnlyHoverLines(await found('valueTransfer'), 'Anvil', { coder, index, nameOf });
    assert.equal(transfer[0], `Succeeded (EVM status 1) on Anvil, block ${peers.blocks.valueTransfer}`);
    assert.match(transfer[1] ?? '', /^Gas used 21,000 at /);
    assert.equal(transfer[2], 'Transfer to 0xbebebe…bebebe');
    const t = await tree('valueTransfer');
    assert.deepEqual(
      t.frames.map((f) => [f.call, f.value]),
      [['a plain transfer (no call data)', '1,500,000,000,000,000,000']],
    );
    const noCode = await tree('noCode');
    assert.equal(noCode.frames.length, 1);
    assert.equal(noCode.frames[0]?.failed, false);
    assert.equal(noCode.frames[0]?.to?.toLowerCase(), peers.addresses.noCodeTarget);
  });

  it('state changes (the prestateTracer in diff mode): the save moved 1,000 wei to the Bank and wrote one slot of the Ledger; the failed withdraw moved only the sender’s nonce and its fee', async () => {
    const rowsOf = async (which: keyof RealPeerTxs) => {
      const outcome = await fetchStateDiff(peers.rpcUrl, peers.txs[which], rpc);
      assert.ok(outcome.ok, show(outcome));
      return stateChangeRows(outcome, nameOf).map((r) => [r.label, r.value, r.detail]);
    };
    const saved = await rowsOf('save');
    const after = (label: string) => saved.slice(saved.findIndex((r) => r[0] === label));
    assert.deepEqual(after('Bank').slice(0, 2), [
      ['Bank', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', 'balance'],
      ['balance (wei)', '0 → 1,000', '+1,000'],
    ]);
    assert.deepEqual(after('Ledger')[0], ['Ledger', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '1 storage slots']);
    assert.match(String(after('Ledger')[1]?.[1]), /^0x0 → 0x3e8$/);

    const failed = await rowsOf('customError');
    const f = await found('customError');
    const fee = f.receipt.gasUsed * (f.receipt.effectiveGasPrice ?? 0n);
    const sender = failed.findIndex((r) => r[1] === '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    assert.equal(failed[sender]?.[2], 'balance, nonce');
    assert.equal(failed[sender + 1]?.[2], `-${fee.toLocaleString('en-US')}`, 'the EVM rolled the writes back; the fee stays paid');
    assert.equal(failed[sender + 2]?.[1], `${f.tx?.nonce} → ${(f.tx?.nonce ?? 0n) + 1n}`);
    assert.ok(!failed.some((r) => r[0] === 'Bank' || r[0] === 'Ledger'), 'neither contract changed');
  });

  it('the account reads: balance and nonce of a sender, exact to the wei, from what its transactions paid', async () => {
    const sender = ANVIL_ACCOUNTS[2];
    const [balance, nonce] = await Promise.all([fetchBalance(peers.rpcUrl, sender, rpc), fetchTransactionCount(peers.rpcUrl, sender, rpc)]);
    let spent = 0n;
    for (const which of ['valueTransfer', 'noCode'] as const) {
      const f = await found(which);
      spent += f.receipt.gasUsed * (f.receipt.effectiveGasPrice ?? 0n) + (f.tx?.value ?? 0n);
    }
    assert.deepEqual(balance, { ok: true, value: ANVIL_BALANCE - spent });
    assert.deepEqual(nonce, { ok: true, value: 2n });
  });

  it('names from every toolchain’s records on the JSON-RPC’s own chain ID: forge’s broadcast, Ignition’s deployed_addresses.json, hardhat-deploy’s folder with its .chainId', () => {
    assert.equal(nameOf(peers.addresses.ledger), 'Ledger');
    assert.equal(nameOf(peers.addresses.bank), 'Bank');
    assert.equal(nameOf(peers.addresses.ignitionLedger), 'Ledger');
    assert.equal(nameOf(peers.addresses.hardhatDeployReceipt), 'Receipt');
    assert.equal(nameOf(peers.addresses.issuedReceipt), undefined, 'no record names it');
    assert.equal(book.nameOf(peers.addresses.bank, peers.chainId + 1n), undefined, 'another chain’s');
  });

  it('"Why no receipt?" facts from anvil: a transaction sent with a nonce gap waits in its pool, and the diagnosis names the nonces missing', async () => {
    const sender = ANVIL_ACCOUNTS[3];
    const next = await fetchTransactionCount(peers.rpcUrl, sender, rpc);
    assert.ok(next.ok);
    const gap = next.value + 2n;
    const hash = await peers.rpc<string>('eth_sendTransaction', [
      { from: sender, to: ANVIL_ACCOUNTS[0], value: '0x1', nonce: `0x${gap.toString(16)}`, gas: '0x5208' },
    ]);
    const tx = txFactsOfRecord({ hash, from: sender, nonce: gap, gas: 21_000n, value: 1n });
    assert.ok(tx);
    // A chain known only by its JSON-RPC has no web API: its chain info is not asked of anything.
    const noWebApi = { generation: 'rebased' as const, chainInfo: () => Promise.reject(new Error('no web API')) };
    const { facts, failures } = await gatherChainFacts(tx, { rpcUrl: peers.rpcUrl, fetch: globalThis.fetch, chain: noWebApi });
    assert.equal(facts.nextNonce, next.value);
    assert.equal(failures.chainInfo, 'no web API');
    const diagnosis = diagnoseNoReceipt(tx, facts);
    assert.equal(diagnosis.verdict, 'nonceGap', show({ diagnosis, failures }));
    assert.deepEqual(diagnosis.missingNonces, [next.value, next.value + 1n]);
  });

  it('"Why no receipt?" facts from anvil: with automine off a transaction waits pending, and the facts say it is not in a block yet', async () => {
    const sender = ANVIL_ACCOUNTS[1];
    await peers.rpc('evm_setAutomine', [false]);
    try {
      const hash = await peers.rpc<string>('eth_sendTransaction', [{ from: sender, to: ANVIL_ACCOUNTS[0], value: '0x1', gas: '0x5208' }]);
      const next = await fetchTransactionCount(peers.rpcUrl, sender, rpc);
      assert.ok(next.ok);
      const tx = txFactsOfRecord({ hash, from: sender, nonce: next.value, gas: 21_000n, value: 1n });
      assert.ok(tx);
      const noWebApi = { generation: 'rebased' as const, chainInfo: () => Promise.reject(new Error('no web API')) };
      const { facts, failures } = await gatherChainFacts(tx, { rpcUrl: peers.rpcUrl, fetch: globalThis.fetch, chain: noWebApi });
      assert.deepEqual(failures, { chainInfo: 'no web API' }, show(failures));
      assert.equal(facts.included, null, 'pending: not in a block');
    } finally {
      await peers.rpc('evm_setAutomine', [true]);
    }
  });

  describe('why a failed transaction failed, where anvil sends no revertReason: one eth_call at its parent block', () => {
    async function why(which: keyof RealPeerTxs): Promise<string | undefined> {
      const f = await found(which);
      assert.ok(f.tx, 'anvil answers the transaction');
      assert.equal(f.receipt.revertReason, undefined, 'anvil sends no revertReason');
      const replay = await replayTransaction(peers.rpcUrl, { ...f.tx, blockNumber: f.receipt.blockNumber }, rpc);
      assert.ok(replay.ok, show(replay));
      assert.equal(replay.block, f.receipt.blockNumber - 1n, 'at the parent block');
      return evmOnlyHoverLines(f, 'Anvil', { coder, index, nameOf }, { replay }).find((l) => l.startsWith('Why: '));
    }
    const caveat = (f: EvmOnlyFound) =>
      `(replayed at block ${(f.receipt.blockNumber - 1n).toString()}; a transaction earlier in block ${f.receipt.blockNumber.toString()} may have changed the state)`;

    it('a custom error two calls deep, decoded with its arguments', async () => {
      const f = await found('customError');
      assert.equal(await why('customError'), `Why: custom error Overdrawn(available: 1000, required: 5000) ${caveat(f)}`);
    });

    it('require with a string', async () => {
      const f = await found('requireString');
      assert.equal(await why('requireString'), `Why: amount is zero ${caveat(f)}`);
    });

    it('a Panic, by its code', async () => {
      const line = await why('panic');
      assert.match(line ?? '', /^Why: .*[Pp]anic.*(0x12|division)/);
    });

    it('out of gas, in the node’s own words', async () => {
      const f = await found('outOfGas');
      assert.equal(await why('outOfGas'), `Why: EVM error OutOfGas ${caveat(f)}`);
    });

    it('replayText names the replay and its caveat, and says nothing of a node that could not run it', () => {
      assert.equal(replayText({ ok: false, reason: 'rpcError', detail: 'header not found' }, undefined), undefined);
    });
  });
});
