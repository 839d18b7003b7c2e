import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WaspClient } from '../../../src/api/client';
import { AbiIndex, parseAbiText } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder } from '../../../src/evm/model/decode';
import { explainEvm, explanationLines, logRows } from '../../../src/evm/model/explain';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';
import { buildReceiptView } from '../../../src/receipts/model/receiptView';
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
