// The L2 account reads of the node API (src/api/client.ts getAccount*, getTotalAssets, accountUrl) against the
// local node of both generations: balances at the latest state and at a block, NFTs/objects, the
// off-ledger nonce, the agent ID checked before any request, the node's 400s, and the typed
// failures (401, 404, 500, an HTML page, a timeout). And the EVM JSON-RPC answers the no-receipt
// diagnosis reads, with a sender's nonce moving when the missing nonce arrives.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { InvalidInputError } from '../../../src/api/errors';
import { checkAgentId } from '../../../src/api/ids';
import { fetchBalance, fetchGasPrice, fetchTransactionByHash, fetchTransactionCount } from '../../../src/evm/model/jsonRpc';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { GAP_SENDER } from '../../fixtures/localNodeAccounts';
import { failure } from '../helpers/http';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const REBASED = { generation: 'rebased' } as const;

describe('api/client: L2 accounts on a Rebased node', function () {
  this.timeout(10_000);
  let node: LocalNode;
  let client: WaspClient;
  before(async () => {
    node = await startLocalNode({ generation: 'rebased' });
    client = new WaspClient({ baseUrl: node.url, timeoutMs: 1_000 });
  });
  after(() => node.close());
  beforeEach(() => node.clearFaults());

  it('reads a balance at the latest state and at a block, coins null as none', async () => {
    node.accounts.set('rebased', EVM, { baseTokens: 5n, nativeTokens: [{ coinType: '0x2::c::C', balance: '9' }], nfts: [`0x${'aa'.repeat(32)}`] }, 2);
    const latest = await client.getAccountBalance(REBASED, EVM);
    assert.deepEqual(latest, { generation: 'rebased', baseTokens: 5n, nativeTokens: [{ coinType: '0x2::c::C', balance: 9n }] });
    assert.deepEqual(await client.getAccountBalance(REBASED, EVM, { block: 1 }), { generation: 'rebased', baseTokens: 0n, nativeTokens: [] });
    assert.match(node.requests.at(-1)?.url ?? '', /\/v1\/chain\/core\/accounts\/account\/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\/balance\?block=1$/);
    assert.deepEqual(await client.getAccountNfts(REBASED, EVM.toLowerCase()), [`0x${'aa'.repeat(32)}`]);
    assert.equal((await client.getTotalAssets(REBASED)).baseTokens >= 5n, true);
  });

  it('refuses an EVM agent’s nonce and a bad checksum before any request; reads a contract’s nonce', async () => {
    const before = node.requests.length;
    assert.equal((await failure(client.getAccountNonce(REBASED, EVM))).kind, 'invalidInput');
    const typo = `0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed`;
    assert.match((await failure(client.getAccountBalance(REBASED, typo))).message, /EIP-55 checksum/);
    assert.equal(node.requests.length, before, 'nothing was sent');
    node.accounts.setOffLedgerNonce('0x07cb02c1', 4n);
    assert.equal(await client.getAccountNonce(REBASED, '0x07CB02C1'), 4n);
  });

  it("maps the node's words: a bad block is a BadRequest, 401, 404, 500, an HTML page, a timeout", async () => {
    assert.equal((await failure(client.getAccountBalance(REBASED, EVM, { block: 4_294_967_295 }))).kind, 'badRequest');
    for (const [fault, kind] of [
      [{ type: 'status', status: 401, body: { missingPermission: 'read', error: 'Missing permission' } }, 'unauthorized'],
      [{ type: 'status', status: 404, body: { Message: 'Not Found', Error: '' } }, 'notFound'],
      [{ type: 'status', status: 500 }, 'server'],
      [{ type: 'html' }, 'invalidResponse'],
      [{ type: 'hang' }, 'timeout'],
      [{ type: 'body', json: { baseTokens: '18446744073709551616', nativeTokens: null } }, 'invalidResponse'],
    ] as const) {
      node.clearFaults();
      node.inject({ route: 'accounts', fault });
      const e = await failure(client.getAccountBalance(REBASED, EVM));
      assert.equal(e.kind, kind, JSON.stringify(fault));
      if (fault.type === 'body') assert.match(e.message, /field "baseTokens"/);
    }
  });

  it('the node itself words a malformed agent ID and the EVM nonce as a real one does', async () => {
    const raw = await fetch(`${node.url}/v1/chain/core/accounts/account/0x1234/balance`);
    assert.deepEqual([raw.status, await raw.json()], [400, { Message: 'Invalid property: agentID', Error: 'AgentIDFromString: invalid address length 2' }]);
    const nonce = await fetch(`${node.url}/v1/chain/core/accounts/account/${EVM}/nonce`);
    assert.deepEqual(
      [nonce.status, await nonce.json()],
      [400, { Message: 'Failed to execute contract request', Error: 'CallViewExternal: to get EVM nonce, call EVM contract' }],
    );
  });

  it("answers the diagnosis' JSON-RPC: nonce, gas price, balance in wei with the remainder, null for a queued transaction; the nonce moves", async () => {
    const url = `${node.url}/v1/chain/evm`;
    const o = { fetch: globalThis.fetch };
    assert.deepEqual(await fetchTransactionCount(url, GAP_SENDER, o), { ok: true, value: 12n });
    assert.deepEqual(await fetchGasPrice(url, o), { ok: true, value: 10n ** 10n }, '10^9 x 10 / 1: gasPerToken 1:10');
    assert.deepEqual(await fetchBalance(url, GAP_SENDER, o), { ok: true, value: 2_000_000_000n * 10n ** 9n + 123n });
    assert.deepEqual(await fetchTransactionByHash(url, `0x${'4b'.repeat(32)}`, o), { ok: true, tx: null });
    node.accounts.advanceNonce(GAP_SENDER, 2n);
    assert.deepEqual(await fetchTransactionCount(url, GAP_SENDER, o), { ok: true, value: 14n });
    node.accounts.setNonce(GAP_SENDER, 12n);
  });
});

describe('api/client: L2 accounts on a Stardust node', function () {
  this.timeout(10_000);
  let node: LocalNode;
  let client: WaspClient;
  const chainId = DEMO_CHAINS.iotaEvm;
  before(async () => {
    node = await startLocalNode();
    client = new WaspClient({ baseUrl: node.url, timeoutMs: 1_000 });
  });
  after(() => node.close());

  it('asks for an EVM agent as 0x…@chainID (the @ encoded), native tokens as a list', async () => {
    node.accounts.set(chainId, EVM, { baseTokens: 12_500_000n, nativeTokens: [{ id: `0x${'08'.repeat(38)}`, amount: '1000000' }] });
    const b = await client.getAccountBalance({ generation: 'stardust', chainId }, EVM);
    assert.deepEqual(b, { generation: 'stardust', baseTokens: 12_500_000n, nativeTokens: [{ id: `0x${'08'.repeat(38)}`, amount: 1_000_000n }] });
    assert.ok(node.requests.at(-1)?.url.endsWith(`/v1/chains/${chainId}/core/accounts/account/${EVM}%40${chainId}/balance`));
  });

  it("reads an agent's NFT IDs and the chain's total assets from the Stardust routes", async () => {
    const nft = `0x${'5e'.repeat(32)}`;
    node.accounts.set(chainId, EVM, { baseTokens: 7_000_000n, nativeTokens: [], nfts: [nft] });
    const target = { generation: 'stardust', chainId } as const;
    assert.deepEqual(await client.getAccountNfts(target, EVM), [nft]);
    assert.ok(node.requests.at(-1)?.url.endsWith(`/v1/chains/${chainId}/core/accounts/account/${EVM}%40${chainId}/nfts`));
    assert.deepEqual(await client.getTotalAssets(target), { generation: 'stardust', baseTokens: 7_000_000n, nativeTokens: [] });
    assert.ok(node.requests.at(-1)?.url.endsWith(`/v1/chains/${chainId}/core/accounts/total_assets`));
  });

  it("the URL of an account read (open raw JSON): the agent checked and named as the node's path takes it; no agent, or total_assets, is the chain's total", () => {
    const target = { generation: 'stardust', chainId } as const;
    const accounts = `${node.url}/v1/chains/${chainId}/core/accounts`;
    assert.equal(client.accountUrl(target, EVM.toLowerCase(), 'balance', 5), `${accounts}/account/${EVM}%40${chainId}/balance?block=5`);
    assert.equal(client.accountUrl(target, undefined, 'balance'), `${accounts}/total_assets`);
    assert.equal(client.accountUrl(target, EVM, 'total_assets', 5), `${accounts}/total_assets?block=5`);
    assert.throws(() => client.accountUrl(target, 'not an agent', 'nfts'), InvalidInputError);
  });

  it('refuses an agent of another chain and a Rebased form before any request; the node refuses a bare EVM address', async () => {
    const other = checkAgentId(`${EVM}@${DEMO_CHAINS.shimmerEvm}`, { generation: 'stardust', chainId });
    assert.deepEqual(other, { ok: false, reason: 'This agent ID names another chain: the node would read an empty account.' });
    assert.equal(checkAgentId(`0x${'ab'.repeat(32)}`, { generation: 'stardust', chainId }).ok, false);
    const raw = await fetch(`${node.url}/v1/chains/${chainId}/core/accounts/account/${EVM}/balance`);
    assert.deepEqual([raw.status, await raw.json()], [400, { Message: 'Invalid property: agentID', Error: 'invalid AgentID string' }]);
  });
});
