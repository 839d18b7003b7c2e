import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../../src/api/client';
import { AbiIndex, parseAbiText } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder } from '../../../src/evm/model/decode';
import { explainEvm, explanationLines, logRows } from '../../../src/receipts/model/evmExplain';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';
import { buildReceiptView } from '../../../src/receipts/model/receiptView';
import { evmRpcTarget } from '../../../src/evm/model/rpcTarget';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { EVM_DEMO_SENDER, EVM_DEMO_VAULT } from '../../fixtures/localNodeEvm';

describe('local node: the EVM demo (localNodeEvm.ts), read back with the Vault build output', () => {
  let node: LocalNode;
  const index = new AbiIndex();
  before(async () => {
    node = await startLocalNode({ generation: 'rebased', evm: true });
    const parsed = parseAbiText(readFileSync(join(process.cwd(), 'test/fixtures/evm/hardhat/artifacts/contracts/Vault.sol/Vault.json'), 'utf8'));
    assert.ok(parsed);
    index.setFile('vault', 'Vault.json', parsed.items);
  });
  after(() => node.close());

  it('serves a receipt whose transaction calls Vault.transfer and reverts with InsufficientBalance', async () => {
    const id = node.evm?.ids.customError ?? '';
    const receipt = await new WaspClient({ baseUrl: node.url }).getRebasedReceipt(id);
    const e = explainEvm(await loadAbiCoder(), index, receipt, buildReceiptView(receipt));
    assert.ok(e);
    assert.deepEqual(explanationLines(e), ['Custom error: InsufficientBalance(available: 3, required: 5)', `Calls transfer(to: ${EVM_DEMO_VAULT}, amount: 5)`]);
  });

  it('answers eth_getTransactionReceipt at POST /evm with the Deposited log; unknown hashes with null', async () => {
    const coder = await loadAbiCoder();
    const outcome = await fetchEvmLogs(`${node.url}/evm`, node.evm?.ids.deposit ?? '', { fetch: globalThis.fetch });
    assert.ok(outcome.ok);
    const rows = logRows(coder, index, outcome, `${node.url}/evm`);
    assert.equal(rows[1]?.value, `Deposited(from: ${EVM_DEMO_SENDER}, amount: 1000, note: "for rent")`);
    assert.deepEqual(await fetchEvmLogs(`${node.url}/evm`, `0x${'77'.repeat(32)}`, { fetch: globalThis.fetch }), { ok: false, reason: 'notFound' });
    const get = await fetch(`${node.url}/evm`);
    assert.equal(get.status, 405, 'POST only');
  });
});

describe("local node: the EVM JSON-RPC at the node's own paths, as a real node serves it", () => {
  const nodes: LocalNode[] = [];
  after(async () => {
    for (const n of nodes) await n.close();
  });
  const start = async (options: Parameters<typeof startLocalNode>[0]) => {
    const n = await startLocalNode(options);
    nodes.push(n);
    return n;
  };

  it('Rebased: POST /v1/chain/evm answers with the logs, public while the chain routes need a JWT', async () => {
    const node = await start({ generation: 'rebased', evm: true, auth: { users: { wasp: { password: 'wasp', permissions: ['read'] } } } });
    const rpc = evmRpcTarget({ nodeUrl: node.url, generation: 'rebased', chainId: '' });
    assert.equal(rpc?.url, `${node.url}/v1/chain/evm`);
    const outcome = await fetchEvmLogs(rpc?.url ?? '', node.evm?.ids.deposit ?? '', { fetch: globalThis.fetch });
    assert.ok(outcome.ok && outcome.logs.length === 1, JSON.stringify(outcome));
    assert.equal((await fetch(`${node.url}/v1/chain`)).status, 400, 'the chain route itself wants a token');
  });

  it('Stardust: POST /v1/chains/{chainID}/evm knows every EVM transaction the node holds; another chain ID is 404', async () => {
    const node = await start({});
    const chainId = DEMO_CHAINS.iotaEvm;
    const rpc = evmRpcTarget({ nodeUrl: node.url, generation: 'stardust', chainId });
    const hash = DEMO_RECEIPTS.evmSuccess.requestId.slice(0, 66);
    assert.deepEqual(await fetchEvmLogs(rpc?.url ?? '', hash, { fetch: globalThis.fetch }), { ok: true, logs: [], total: 0, status: '0x0' });
    assert.deepEqual(await fetchEvmLogs(rpc?.url ?? '', `0x${'77'.repeat(32)}`, { fetch: globalThis.fetch }), { ok: false, reason: 'notFound' });
    const other = await fetchEvmLogs(`${node.url}/v1/chains/${DEMO_CHAINS.inactive.replace(/.$/, 'q')}/evm`, hash, { fetch: globalThis.fetch });
    assert.deepEqual(other, { ok: false, reason: 'http', detail: '404' });
  });

  it("with ownEvmMetadata the chains' metadata names the node's own JSON-RPC, never a public one", async () => {
    const stardust = await start({ ownEvmMetadata: true });
    const info = await new WaspClient({ baseUrl: stardust.url }).getChainInfo(DEMO_CHAINS.iotaEvm, {});
    assert.equal(info.metadata.evmJsonRpcURL, `${stardust.url}/v1/chains/${DEMO_CHAINS.iotaEvm}/evm`);
    const rebased = await start({ generation: 'rebased', ownEvmMetadata: true });
    const r = await new WaspClient({ baseUrl: rebased.url }).getRebasedChainInfo({});
    assert.equal(r.metadata.evmJsonRpcURL, `${rebased.url}/v1/chain/evm`);
    const plain = await start({});
    const p = await new WaspClient({ baseUrl: plain.url }).getChainInfo(DEMO_CHAINS.iotaEvm, {});
    assert.match(p.metadata.evmJsonRpcURL, /^https:\/\//, 'without it the demo data speaks (what the option is for)');
  });
});
