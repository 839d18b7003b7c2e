// "Why no receipt?" on a Stardust request ID as the receipt panel says it, from the answers of the
// local Stardust node's three chains (IOTA EVM 8822, ShimmerEVM 148, the stopped testnet 1073): an
// on-ledger ID is said in words and never asks for a signed EVM transaction; an ID ending in 0000
// is checked as the EVM transaction of its hash, on the chain it is signed for; each chain is named
// once with what it said.
import { strict as assert } from 'node:assert';
import { WaspClient } from '../../../../src/api/client';
import { StardustChain } from '../../../../src/api/stardustChain';
import { STARDUST_TRAITS } from '../../../../src/api/traits';
import { diagnoseNoReceipt, txFactsOfRecord, type TxFacts } from '../../../../src/transactions/model/noReceipt';
import { gatherChainFacts } from '../../../../src/transactions/model/noReceiptFacts';
import { requestReport, type ChainAnswer } from '../../../../src/transactions/model/noReceiptReport';
import { evmChecksBelong, gatherRequestFacts, readRequestId, type RequestIdReading } from '../../../../src/transactions/model/noReceiptRequest';
import { englishL10n } from '../../../../src/core/l10n';
import { type LocalNode, startLocalNode } from '../../../fixtures/localNode';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../../../fixtures/demoData';
import { GAP_SENDER } from '../../../fixtures/localNodeAccounts';

const TX_ID = `0x${'4b'.repeat(32)}`;
const CHAINS = [
  { name: 'IOTA EVM', id: DEMO_CHAINS.iotaEvm },
  { name: 'ShimmerEVM', id: DEMO_CHAINS.shimmerEvm },
  { name: 'Stopped testnet', id: DEMO_CHAINS.inactive },
];

describe('transactions/model/noReceiptReport: a Stardust ID diagnosed on every chain it could belong to', function () {
  this.timeout(10_000);
  let node: LocalNode;
  const api = (id: string) => new StardustChain(() => new WaspClient({ baseUrl: node.url }), id);

  before(async () => {
    node = await startLocalNode({ generation: 'stardust' });
  });
  after(() => node.close());

  /** What the doctor does: each chain's answers at once, the EVM checks where the transaction belongs. */
  async function answersFor(reading: RequestIdReading, tx: TxFacts | undefined, chains = CHAINS, askReceipt = false): Promise<ChainAnswer[]> {
    return Promise.all(
      chains.map(async (c): Promise<ChainAnswer> => {
        const chain = api(c.id);
        const { facts, failures } = await gatherRequestFacts(chain, askReceipt ? reading.requestId : undefined);
        const answer: ChainAnswer = { chainName: c.name, facts, failures };
        if (tx && !facts.receipt && evmChecksBelong(tx.chainId, facts.evmChainId)) {
          const evm = await gatherChainFacts(tx, { rpcUrl: `${node.url}/v1/chains/${c.id}/evm`, fetch: globalThis.fetch, chain, baseDecimals: 6 });
          answer.evm = { diagnosis: diagnoseNoReceipt(tx, evm.facts), failures: evm.failures, rpcHost: '127.0.0.1' };
        }
        return answer;
      }),
    );
  }

  const report = (reading: RequestIdReading, answers: ChainAnswer[], tx: TxFacts | undefined, left: string[] = []) =>
    requestReport({ reading, answers, left, tx, ownSkipReason: STARDUST_TRAITS.ownSkipReason(englishL10n), now: Date.now(), time: { timeZone: 'UTC' } });

  const linesNaming = (details: string[], name: string) => details.filter((d) => d.startsWith(`${name}:`));

  it('an on-ledger ID (index ≠ 0000): said in words, every chain named once with what it said, and no signed transaction asked for', async () => {
    const reading = readRequestId(`${TX_ID}0100`);
    assert.ok(reading);
    const { message, details } = report(reading, await answersFor(reading, undefined), undefined);
    const all = [message, ...details].join('\n');
    assert.match(
      message,
      /^Not processed by IOTA EVM, ShimmerEVM, Stopped testnet: this on-ledger request \(output 1 of an L1 transaction\) is no EVM transaction/,
    );
    assert.ok(details[0]?.includes(`output 1 of the L1 transaction ${TX_ID}`), details[0]);
    for (const { name } of CHAINS) assert.equal(linesNaming(details, name).length, 1, `${name} once in\n${all}`);
    assert.match(linesNaming(details, 'ShimmerEVM')[0] ?? '', /^ShimmerEVM: no receipt; active; latest block [\d,]+, made .*\((just now|\d+ min ago)\)\.$/);
    assert.match(linesNaming(details, 'Stopped testnet')[0] ?? '', /not active on its node, so it processes no request/);
    assert.ok(details.includes(STARDUST_TRAITS.ownSkipReason(englishL10n) ?? ''), all);
    assert.ok(
      details.some((d) => d.startsWith('Look the output')),
      all,
    );
    assert.ok(!/paste|signed raw|eth_sendRawTransaction/i.test(all), all);
    assert.ok(!details.some((d) => /^[✓✗·] /.test(d)), 'no EVM check is made of an on-ledger request');
  });

  it('an ID ending in 0000 with the workspace’s record: the EVM checks run on the chain it is signed for only, the others say why not', async () => {
    const reading = readRequestId(`${TX_ID}0000`);
    assert.ok(reading);
    const tx = txFactsOfRecord({ hash: TX_ID, from: GAP_SENDER, nonce: 14n, gas: 21_000n, gasPrice: 10n ** 10n, type: 0, chainId: 148n });
    assert.ok(tx);
    node.clearRequests();
    const answers = await answersFor(reading, tx);
    const rpcPaths = new Set(node.requests.filter((r) => r.method === 'POST').map((r) => r.path));
    assert.deepEqual([...rpcPaths], [`/v1/chains/${DEMO_CHAINS.shimmerEvm}/evm`], 'only ShimmerEVM’s JSON-RPC is asked');
    const { message, details } = report(reading, answers, tx);
    assert.match(message, /^ShimmerEVM: Waiting: nonce 12 is next for 0x/);
    assert.equal(details[0], `${reading.requestId} ends in output index 0000: an off-ledger request, such as the EVM transaction ${TX_ID}.`);
    assert.ok(details[1]?.startsWith('From the workspace’s record of it'), details[1]);
    assert.match(linesNaming(details, 'IOTA EVM')[0] ?? '', /EVM chain ID 8822, and the transaction is signed for 148: it is not this chain’s/);
    for (const { name } of CHAINS) assert.equal(linesNaming(details, name).length, 1, name);
    assert.ok(
      details.some((d) => d.startsWith('✗ Nonce:')),
      details.join('\n'),
    );
    assert.ok(details.includes('What to do:'));
    assert.ok(!details.some((d) => d.startsWith('Stopped testnet is not active')), 'a stopped chain the transaction is not signed for is no place it waits');
  });

  it('an ID ending in 0000 without a record or a pasted transaction: the chains still answer, and the user is told how to add the EVM checks', async () => {
    const reading = readRequestId(`${TX_ID}0000`);
    assert.ok(reading);
    const { message, details } = report(reading, await answersFor(reading, undefined, CHAINS.slice(0, 2)), undefined);
    assert.equal(message, 'Not processed by IOTA EVM, ShimmerEVM: without the signed transaction, only the chains’ state could be checked.');
    assert.ok(details.some((d) => d.includes('the EVM checks were not made')));
    assert.ok(details.some((d) => d.startsWith('If it is an EVM transaction, run Why no receipt? again')));
  });

  it('a chain the lookup had not asked that has the receipt: named first, and where to look', async () => {
    const ref = DEMO_RECEIPTS.onLedgerNft;
    const reading = readRequestId(ref.requestId);
    assert.ok(reading);
    const { message, details } = report(reading, await answersFor(reading, undefined, CHAINS.slice(0, 2), true), undefined);
    assert.equal(message, `ShimmerEVM has its receipt, in block ${ref.blockIndex.toLocaleString('en-US')}: look it up there.`);
    assert.match(linesNaming(details, 'IOTA EVM')[0] ?? '', /^IOTA EVM: no receipt; active/);
  });

  it('every chain stopped: the headline says none can process it; the chains past the bound are named, not asked', async () => {
    const reading = readRequestId(`${TX_ID}0300`);
    assert.ok(reading);
    const { message, details } = report(reading, await answersFor(reading, undefined, CHAINS.slice(2)), undefined, ['Fifth chain']);
    assert.equal(message, 'No chain asked can process it: Stopped testnet is not active on its node.');
    assert.equal(details.at(-1), 'Not asked (at most 4 chains at once): Fifth chain.');
    assert.equal(details.at(-2), 'Asked: Stopped testnet, each for whether it is active and its latest block.');
  });
});
