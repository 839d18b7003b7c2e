// L2 accounts in a real extension host against the local Wasp nodes of both generations, driven
// through vscode.executeHoverProvider, the commands and the extension's API: the address hover's
// exact balance, what it never sends, one request per route for a burst of hovers, Show Account at
// a block with the comparison of two states, and a pinned account in the Chains tree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { AccountPanel } from '../../src/accounts/panel';
import type { AccountNode, AccountsNode } from '../../src/chains/treeSlots';
import { DEMO_CHAINS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, chainNode, setChains, setSetting, withPrompts } from './helpers';

/** Accounts the tests plant (not the nonce-gap sender the local node already knows). */
const HOLDER = '0x52908400098527886E0F7030069857D2E4169EE7';
const STARDUST_HOLDER = '0x8617E340B3D01FA5F11F306F4090FD50E238070D';
const BURST = '0xde709f2102306220921060314715629080e2fb77';
const COMPARED = '0x27b1fdb04752bbc536007a920d24acb045561c26';
const PINNED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const COIN = `0x${'c0'.repeat(32)}::coin::COIN`;
const OBJECT = `0x${'0b'.repeat(32)}`;

interface HoverText {
  value: string;
  plain: string;
}

describe('accounts: hover, Show Account, the tree', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let rebased: LocalNode;
  let stardust: LocalNode;
  let latest: number;

  const accountRequests = (n: LocalNode) => n.requests.filter((r) => r.route === 'accounts');
  const rpcMethods = (n: LocalNode) => n.requests.filter((r) => r.route === 'evmRpc').map((r) => (JSON.parse(r.body ?? '{}') as { method?: string }).method);

  /** Our account hovers at `needle` in a new document. */
  async function hoverAt(content: string, needle: string, offset = 5): Promise<HoverText[]> {
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    const at = content.indexOf(needle);
    assert.ok(at >= 0, 'the needle is in the document');
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offset))) ?? [];
    return hovers
      .flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value)))
      .map((value) => ({ value, plain: value.replace(/(^|[^\\])\*\*/g, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1') }))
      .filter((t) => /command:waspChain\.showAccount|Not looked up|account read/.test(t.value + t.plain));
  }

  before(async () => {
    api = await activate();
    rebased = await startLocalNode({ generation: 'rebased' });
    stardust = await startLocalNode();
    latest = rebased.rebasedChain?.latestBlockIndex ?? 0;
    assert.ok(latest > 1, 'the Rebased demo chain has history');
  });

  beforeEach(async () => {
    api.accounts.service.forget();
    api.accounts.hover.waitMs = 15_000;
    api.accounts.hover.nameWaitMs = 15_000;
    await setSetting('hover.accounts', true);
    await setChains(
      [
        { name: 'Rebased EVM', nodeUrl: rebased.url },
        { name: 'IOTA EVM', nodeUrl: stardust.url, chainId: DEMO_CHAINS.iotaEvm },
      ],
      { defaultChain: 'Rebased EVM' },
    );
    rebased.clearRequests();
    stardust.clearRequests();
  });

  afterEach(async () => {
    for (const p of api.accounts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setSetting('hover.accounts', undefined);
    await setSetting('addressLabels', undefined);
    await setChains(undefined, { defaultChain: undefined });
    await rebased.close();
    await stardust.close();
  });

  it('hovering an address shows its exact balance on Rebased: nanos plus the wei remainder, coins, objects, the EVM nonce', async () => {
    rebased.accounts.set('rebased', HOLDER, {
      baseTokens: 12_500_000_001n,
      remainderWei: 123n,
      nativeTokens: [{ coinType: COIN, balance: '18446744073709551615' }],
      nfts: [OBJECT],
    });
    rebased.accounts.setNonce(HOLDER, 7n);
    await setSetting('addressLabels', { [HOLDER.toLowerCase()]: 'Treasury' });
    const texts = await hoverAt(`const holder = "${HOLDER}";`, HOLDER);
    assert.equal(texts.length, 1, 'one account hover');
    const text = texts[0]?.plain ?? '';
    for (const part of [
      `Account ${HOLDER} (Treasury) on Rebased EVM`,
      'Base tokens: 12.500000001000000123 IOTA (exact: 12,500,000,001 nanos + 123 wei)',
      `Other coins: 18,446,744,073,709,551,615 ${COIN}`,
      '1 object',
      'EVM nonce 7',
      'Show Account',
      'Pin Account',
    ])
      assert.ok(text.includes(part), `the hover shows "${part}": ${text}`);
    assert.deepEqual(
      accountRequests(rebased)
        .map((r) => r.path)
        .sort(),
      [`/v1/chain/core/accounts/account/${HOLDER}/balance`, `/v1/chain/core/accounts/account/${HOLDER}/nfts`],
    );
    assert.deepEqual(rpcMethods(rebased).sort(), ['eth_getBalance', 'eth_getTransactionCount']);
    for (const r of rebased.requests.filter((x) => x.route === 'evmRpc')) assert.ok(r.body?.includes(HOLDER.toLowerCase()), 'only the address hovered is sent');
    assert.equal(stardust.requests.length, 0, 'nothing goes to a chain that is not the default');
  });

  it('hovering an address shows its exact balance on Stardust, asked as address@chainID', async () => {
    stardust.accounts.set(DEMO_CHAINS.iotaEvm, STARDUST_HOLDER, { baseTokens: 1_500_001n, nativeTokens: [], nfts: [] });
    stardust.accounts.setNonce(STARDUST_HOLDER, 3n);
    await setChains([{ name: 'IOTA EVM', nodeUrl: stardust.url, chainId: DEMO_CHAINS.iotaEvm }], { defaultChain: 'IOTA EVM' });
    stardust.clearRequests();
    const text = (await hoverAt(`to: ${STARDUST_HOLDER.toLowerCase()}`, STARDUST_HOLDER.toLowerCase()))[0]?.plain ?? '';
    assert.ok(text.includes('Base tokens: 1.500001 IOTA (exact: 1,500,001 base units)'), text);
    assert.ok(text.includes('EVM nonce 3'), text);
    const paths = accountRequests(stardust).map((r) => decodeURIComponent(r.path));
    assert.ok(paths.includes(`/v1/chains/${DEMO_CHAINS.iotaEvm}/core/accounts/account/${STARDUST_HOLDER}@${DEMO_CHAINS.iotaEvm}/balance`), paths.join('\n'));
    // Stardust's eth_getBalance carries no remainder worth reading: only the nonce is asked (and eth_chainId, which carries no address, for the explorer).
    assert.deepEqual(
      rpcMethods(stardust).filter((m) => m !== 'eth_chainId'),
      ['eth_getTransactionCount'],
    );
  });

  it('the account hover names the chain it asked and offers the other configured chains, each a Show Account link for this address and that chain', async () => {
    rebased.accounts.set('rebased', HOLDER, { baseTokens: 0n, nativeTokens: [], nfts: [] });
    const texts = await hoverAt(`const holder = "${HOLDER}";`, HOLDER);
    const hover = texts[0];
    assert.ok(hover, 'one account hover');
    assert.ok(hover.plain.split('\n')[0]?.includes('on Rebased EVM (the address was sent to its node)'), hover.plain);
    assert.ok(hover.plain.includes('Ask another chain:'), hover.plain);
    const asked = [...hover.value.matchAll(/\(command:waspChain\.showAccount\?([^)]*)\)/g)].map((m) => JSON.parse(decodeURIComponent(m[1] ?? '')) as unknown);
    assert.deepEqual(asked, [[{ address: HOLDER, chainName: 'Rebased EVM' }], [{ address: HOLDER, chainName: 'IOTA EVM' }]]);
    assert.equal(stardust.requests.length, 0, 'the other chain is offered, not asked');
  });

  it("the account hover asks first the chain the workspace's deployment records place the address on, and offers the default", async () => {
    // test/integration/workspace/evm/deployments/shimmer (.chainId 148) deploys the Ledger here.
    const ledger = '0x2222222222222222222222222222222222222222';
    stardust.accounts.set(DEMO_CHAINS.shimmerEvm, ledger, { baseTokens: 4_000_000n, nativeTokens: [], nfts: [] });
    await setChains(
      [
        { name: 'Stopped testnet', nodeUrl: stardust.url, chainId: DEMO_CHAINS.inactive },
        { name: 'ShimmerEVM', nodeUrl: stardust.url, chainId: DEMO_CHAINS.shimmerEvm },
      ],
      { defaultChain: 'Stopped testnet' },
    );
    stardust.clearRequests();
    const hover = (await hoverAt(`ledger: ${ledger}`, ledger))[0];
    assert.ok(hover, 'one account hover');
    assert.ok(hover.plain.split('\n')[0]?.includes('on ShimmerEVM (the address was sent to its node)'), hover.plain);
    assert.ok(hover.plain.includes('Ask another chain:') && hover.value.includes(encodeURIComponent('"chainName":"Stopped testnet"')), hover.value);
    const paths = accountRequests(stardust).map((r) => decodeURIComponent(r.path));
    assert.ok(paths.length > 0 && paths.every((p) => p.includes(DEMO_CHAINS.shimmerEvm)), paths.join('\n'));
  });

  it('a mixed-case address with a bad checksum sends nothing and says why', async () => {
    const bad = `${PINNED.slice(0, -1)}D`;
    const texts = await hoverAt(`owner ${bad}`, bad);
    assert.equal(texts.length, 1);
    assert.ok(texts[0]?.plain.includes('Not looked up') && texts[0].plain.includes('EIP-55 checksum'), texts[0]?.plain);
    assert.equal(rebased.requests.length + stardust.requests.length, 0, 'no request left the machine');
  });

  it('a trie root (0x + 40 hex after "trieRoot") gets no account hover and sends nothing', async () => {
    const root = `0x${'a1'.repeat(20)}`;
    assert.deepEqual(await hoverAt(`"trieRoot": "${root}"`, root), []);
    assert.equal(accountRequests(rebased).length + rpcMethods(rebased).length, 0);
  });

  it('100 concurrent hovers of one address make one request per route', async () => {
    rebased.accounts.set('rebased', BURST, { baseTokens: 42n, nativeTokens: [], nfts: [] });
    rebased.setLatency(200);
    try {
      const doc = await vscode.workspace.openTextDocument({ content: `burst ${BURST}`, language: 'plaintext' });
      const at = doc.positionAt(10);
      const all = await Promise.all(
        Array.from({ length: 100 }, () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at)),
      );
      const shown = all.filter((h) => h.some((x) => x.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('42 nanos')))).length;
      assert.equal(shown, 100, 'every hover shows the balance');
    } finally {
      rebased.setLatency(0);
    }
    const byPath = new Map<string, number>();
    for (const r of accountRequests(rebased)) byPath.set(r.path, (byPath.get(r.path) ?? 0) + 1);
    assert.deepEqual([...byPath.values()], [1, 1], [...byPath.keys()].join(', '));
    assert.deepEqual(rpcMethods(rebased).sort(), ['eth_getBalance', 'eth_getTransactionCount']);
  });

  it('with waspChain.hover.accounts off there is no account hover and nothing is sent', async () => {
    await setSetting('hover.accounts', false);
    assert.deepEqual(await hoverAt(`x ${HOLDER}`, HOLDER), []);
    assert.equal(rebased.requests.length, 0);
  });

  it("left unset, the account hover is off where the default chain is a public network, and on for the user's own node; its first line says where the address went", async () => {
    await setSetting('hover.accounts', undefined);
    const ours = await hoverAt(`x ${HOLDER}`, HOLDER);
    assert.equal(ours.length, 1, 'the local node is not a public network: the hover is on');
    assert.ok(ours[0]?.plain.split('\n')[0]?.includes('on Rebased EVM (the address was sent to its node)'), ours[0]?.plain);
    await setChains(
      [{ name: 'IOTA EVM mainnet', nodeUrl: 'https://api.evm.iotaledger.net', chainId: '0x0dc448563a2c54778215b3d655b0d9f8f69f06cf80a4fc9eada72e96a49e409d' }],
      {
        defaultChain: 'IOTA EVM mainnet',
      },
    );
    assert.deepEqual(await hoverAt(`x ${HOLDER}`, HOLDER), [], 'no account hover for the public preset while the setting is unset');
  });

  it('Show Account at a block with the comparison to the latest state: what came and went', async () => {
    const before = latest - 1;
    rebased.accounts.set('rebased', COMPARED, { baseTokens: 5_000_000_000n, remainderWei: 10n, nativeTokens: [], nfts: [OBJECT] }, 0);
    rebased.accounts.set(
      'rebased',
      COMPARED,
      { baseTokens: 3_000_000_000n, remainderWei: 10n, nativeTokens: [{ coinType: COIN, balance: '9' }], nfts: [] },
      latest,
    );
    const panel = await vscode.commands.executeCommand<AccountPanel | undefined>('waspChain.showAccount', {
      address: COMPARED,
      chainName: 'Rebased EVM',
      block: String(before),
      compareWith: 'latest',
    });
    assert.ok(panel, 'the panel opens');
    const r = await panel.waitForRender((x) => x.text.includes('change'));
    for (const part of [
      `From block ${before} to the latest state`,
      '−2 IOTA',
      '+9',
      'Went',
      OBJECT,
      '5.00000000000000001 IOTA',
      'Agent ID (Wasp 2.x)',
      'Agent ID (Wasp 1.x)',
    ])
      assert.ok(r.text.includes(part), `the panel shows "${part}": ${r.text}`);
    const blocks = accountRequests(rebased).map((x) => x.query.block ?? 'latest');
    assert.ok(blocks.includes(String(before)) && blocks.includes('latest'), blocks.join(', '));
    assert.ok(
      rebased.requests.some((x) => x.route === 'evmRpc' && x.body?.includes(`0x${before.toString(16)}`)),
      'the EVM balance is asked at that block too',
    );
  });

  it('on a chain whose receipts link to an explorer by its EVM chain ID, the account hover and panel link to that explorer too', async () => {
    stardust.accounts.set(DEMO_CHAINS.iotaEvm, STARDUST_HOLDER, { baseTokens: 2n, nativeTokens: [], nfts: [] });
    await setChains([{ name: 'IOTA EVM', nodeUrl: stardust.url, chainId: DEMO_CHAINS.iotaEvm }], { defaultChain: 'IOTA EVM' });
    const hover = (await hoverAt(`to: ${STARDUST_HOLDER}`, STARDUST_HOLDER))[0]?.value ?? '';
    assert.ok(hover.includes('command:waspChain.openAccountInExplorer'), `the hover offers the explorer: ${hover}`);
    const panel = await vscode.commands.executeCommand<AccountPanel | undefined>('waspChain.showAccount', { address: STARDUST_HOLDER, chainName: 'IOTA EVM' });
    assert.ok(panel, 'the panel opens');
    const r = await panel.waitForRender((x) => x.text.includes('Explorers'));
    assert.ok(r.text.toLowerCase().includes(`https://explorer.evm.iota.org/address/${STARDUST_HOLDER.toLowerCase()}`), r.text);
    assert.ok(!r.text.includes('No explorer is known'), r.text);
  });

  it('Show Account without a chain asks which chain when more than one can answer, the default first', async () => {
    stardust.accounts.set(DEMO_CHAINS.iotaEvm, STARDUST_HOLDER, { baseTokens: 3n, nativeTokens: [], nfts: [] });
    const run = await withPrompts([(s) => (s.kind === 'pick' ? 'IOTA EVM' : undefined), (s) => (s.kind === 'input' ? STARDUST_HOLDER : undefined)], () =>
      vscode.commands.executeCommand<AccountPanel | undefined>('waspChain.showAccount'),
    );
    assert.ok(run, 'the prompts can be answered in this host');
    assert.deepEqual(
      run.shown[0]?.items.map((i) => i.label),
      ['Rebased EVM', 'IOTA EVM'],
      'both chains are offered, the default first',
    );
    assert.equal(run.result?.identity.chainName, 'IOTA EVM');
    await run.result?.waitForRender((x) => x.text.includes('Base tokens'));
    assert.ok(accountRequests(stardust).length > 0, 'the chain picked is asked');
    assert.equal(accountRequests(rebased).length, 0, 'the default chain is not asked');
  });

  it('Show Account refuses a malformed address before any request', async () => {
    const panel = await vscode.commands.executeCommand<AccountPanel | undefined>('waspChain.showAccount', { address: '0x1234', chainName: 'Rebased EVM' });
    assert.equal(panel, undefined);
    assert.equal(rebased.requests.length, 0);
  });

  it('a pinned account appears under its chain in the tree with its balance; Unpin removes it', async () => {
    rebased.accounts.set('rebased', PINNED, { baseTokens: 7_000_000_000n, nativeTokens: [], nfts: [] });
    assert.equal(await vscode.commands.executeCommand('waspChain.pinAccount', { address: PINNED.toLowerCase(), chainName: 'Rebased EVM' }), true);
    await api.chains.model.refresh();
    const chain = chainNode(api, 'Rebased EVM');
    const accounts = api.chains.tree.getChildren(chain).find((n): n is AccountsNode => n.kind === 'accounts');
    assert.ok(accounts, 'the chain has an Accounts line');
    await api.accounts.tree.lists();
    const find = () => api.chains.tree.getChildren(accounts).find((n): n is AccountNode => n.kind === 'account' && n.address === PINNED);
    const node = find();
    assert.ok(node, 'the pinned account is listed');
    api.chains.tree.getTreeItem(node);
    await api.accounts.tree.whenIdle();
    const item = api.chains.tree.getTreeItem(node);
    assert.equal(item.description, '7 IOTA');
    assert.equal(item.contextValue, 'account.pinned');
    // Refresh reads it again: the new balance shows.
    rebased.accounts.set('rebased', PINNED, { baseTokens: 8_000_000_000n, nativeTokens: [], nfts: [] });
    await vscode.commands.executeCommand('waspChain.refresh', 'Rebased EVM');
    api.chains.tree.getTreeItem(node);
    await api.accounts.tree.whenIdle();
    assert.equal(api.chains.tree.getTreeItem(node).description, '8 IOTA');
    await vscode.commands.executeCommand('waspChain.unpinAccount', node);
    assert.equal(find(), undefined);
  });
});
