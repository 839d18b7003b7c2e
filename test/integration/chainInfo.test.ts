// "Chain: Show Chain Info" in a real extension host against the local Wasp node: what the panel
// renders (its webview reports the visible text after each render), the errors it explains,
// reuse, restoring after a reload, and the comparison of two states.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import { DEMO_BLOCKS, DEMO_CHAINS, DEMO_UNKNOWN_CHAIN_ID } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { iotaChainInfo } from '../fixtures/wire';
import { activate, config, setChains, setSetting, withPrompts } from './helpers';

const COMMAND = 'waspChain.showChainInfo';
const IOTA = DEMO_BLOCKS.iotaEvm;
// Owners of the IOTA EVM demo chain before and after its owner change.
const OWNER_GENESIS = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';
const OWNER_NOW = 'iota1pqgd20lvg3qdkm7l5y9jqy2c47ael0ym35wp98wktrk6zt9jc7hczzkrawd';

describe('chain info panel', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let authNode: LocalNode;
  let deadUrl: string;
  let saved: { chains: unknown; defaultChain: unknown; timeout: unknown };
  async function show(...args: unknown[]): Promise<ChainInfoPanel> {
    const panel = await vscode.commands.executeCommand<ChainInfoPanel | undefined>(COMMAND, ...args);
    assert.ok(panel, 'the command resolves with the panel');
    return panel;
  }

  /** Waits until the webview shows all of `parts` (and none of `absent`); returns the visible text. */
  async function rendered(panel: ChainInfoPanel, parts: string[], absent: string[] = []): Promise<{ text: string; html: string }> {
    try {
      return await panel.waitForRender((r) => parts.every((p) => r.text.includes(p)) && !absent.some((a) => r.text.includes(a)));
    } catch (e) {
      const missing = parts.filter((p) => !panel.lastRendered?.text.includes(p));
      throw new Error(`${e instanceof Error ? e.message : e}\nmissing: ${JSON.stringify(missing)}`, { cause: e });
    }
  }

  /** The rendered markup of one row (from its data-field to the next one). */
  function rowHtml(html: string, field: string): string {
    const start = html.indexOf(`data-field="${field}"`);
    assert.ok(start >= 0, `row ${field} is rendered`);
    const next = html.indexOf('data-field=', start + 1);
    return html.slice(start, next < 0 ? undefined : next);
  }

  /** Waits until a panel created by the test is shown (disposing one mid-opening upsets the workbench). */
  async function shown(panel: vscode.WebviewPanel): Promise<void> {
    for (let i = 0; i < 100 && !panel.visible; i++) await new Promise((r) => setTimeout(r, 20));
  }

  /** A function, not an inline chain: an assertion on the chain would narrow it for the rest of the test. */
  function changedFields(panel: ChainInfoPanel): string[] {
    return panel.state.compare?.comparison?.rows.map((x) => x.field) ?? [];
  }

  before(async () => {
    api = await activate();
    const inspect = <T>(key: string) => config().inspect<T>(key)?.globalValue;
    saved = { chains: inspect('chains'), defaultChain: inspect('defaultChain'), timeout: inspect('request.timeoutMs') };
    node = await startLocalNode();
    // A node that demands `write` for the IOTA chain: a read token gets 401 "missing permission".
    authNode = await startLocalNode({ auth: { users: {} }, chainPermissions: { [DEMO_CHAINS.iotaEvm]: 'write' } });
    const dead = await startLocalNode();
    deadUrl = dead.url;
    await dead.close();
    await setChains([
      { name: 'IOTA', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Shimmer', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
      { name: 'Stopped', nodeUrl: node.url, chainId: DEMO_CHAINS.inactive },
      { name: 'Unknown', nodeUrl: node.url, chainId: DEMO_UNKNOWN_CHAIN_ID },
      { name: 'Dead', nodeUrl: deadUrl, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Guarded', nodeUrl: authNode.url, chainId: DEMO_CHAINS.iotaEvm },
    ]);
  });

  afterEach(async () => {
    for (const p of api.chainInfo.panels()) p.dispose();
    node.clearFaults();
    node.clearRequests();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await api.services.tokens.delete(authNode.url);
    await config().update('chains', saved.chains, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', saved.defaultChain, vscode.ConfigurationTarget.Global);
    await config().update('request.timeoutMs', saved.timeout, vscode.ConfigurationTarget.Global);
    await node.close();
    await authNode.close();
  });

  it('shows the latest state: owner, fee policy explained, limits with separators, metadata', async () => {
    const panel = await show('IOTA');
    const r = await rendered(panel, ['Gas limits', 'Public metadata']);
    const text = r.text;
    assert.ok(rowHtml(r.html, 'gasLimits.maxGasPerRequest').includes('>75,000,000<'));
    assert.ok(rowHtml(r.html, 'gasLimits.minGasPerRequest').includes('>15,000<'));
    for (const expected of [
      'IOTA EVM',
      'Latest state',
      DEMO_CHAINS.iotaEvm,
      OWNER_NOW,
      'alias address',
      '50 gas = 1 base token',
      'ratio 50:1',
      'fee = ceil(gas × 1 / 50)',
      '15,000 gas (minimum per request) → 300 base tokens',
      '1 EVM gas = 1 ISC gas',
      '10%',
      '90% to the chain owner',
      '1,000,000,000',
      '15,000',
      '75,000,000',
      '50,000,000',
      'https://www.iota.org',
      'https://json-rpc.evm.iotaledger.net',
      'wss://ws.json-rpc.evm.iotaledger.net',
      `https://api.evm.iotaledger.net/v1/chains/${DEMO_CHAINS.iotaEvm}`,
      '8822',
    ]) {
      assert.ok(text.includes(expected), `the panel shows ${expected}\n${text}`);
    }
    assert.ok(!text.includes(OWNER_GENESIS), 'not the old owner');
    // Web links get an Open button; a WebSocket URL is text with Copy only.
    assert.ok(r.html.includes('title="Open https://www.iota.org"'));
    assert.ok(!r.html.includes('title="Open wss://'));
    assert.ok(r.html.includes('title="Copy chain owner"'));
    assert.ok(r.html.includes('title="Copy chain ID"'));
    // Both routes were asked, the governance one without a block. (Other features may ask too: count loosely.)
    assert.ok(node.requests.some((q) => q.route === 'chaininfo' && q.query.block === undefined));
    assert.ok(node.requests.some((q) => q.route === 'chain'));
    assert.equal(panel.panel.title, 'Chain Info: IOTA');
  });

  it('shows a past state by block index, and by trie root as second argument', async () => {
    const byIndex = await show({ chainName: 'IOTA', block: IOTA.metadata.blockIndex });
    const r = await rendered(byIndex, ['Gas limits', `Block ${IOTA.metadata.blockIndex}`]);
    for (const expected of [OWNER_GENESIS, '100 gas = 1 base token', 'fee = ceil(gas × 1 / 100)', '0%', 'IOTA EVM', 'https://www.iota.org']) {
      assert.ok(r.text.includes(expected), `block ${IOTA.metadata.blockIndex} shows ${expected}\n${r.text}`);
    }
    assert.ok(rowHtml(r.html, 'gasLimits.minGasPerRequest').includes('>10,000<'));
    assert.ok(rowHtml(r.html, 'gasLimits.maxGasPerRequest').includes('>50,000,000<'));
    assert.ok(rowHtml(r.html, 'gasLimits.maxGasPerBlock').includes('>1,000,000,000<'));
    assert.ok(!r.text.includes('75,000,000'), 'the later limits are not shown');
    assert.ok(node.requests.some((q) => q.route === 'chaininfo' && q.query.block === String(IOTA.metadata.blockIndex)));

    const byRoot = await show('IOTA', IOTA.owner.trieRoot);
    const r2 = await rendered(byRoot, ['Gas limits', `Trie root ${IOTA.owner.trieRoot}`]);
    assert.ok(r2.text.includes(OWNER_NOW), 'the owner changed at that state');
    assert.ok(r2.text.includes('100 gas = 1 base token'), 'the fee policy had not changed yet');
    assert.notEqual(byRoot, byIndex);
    assert.equal(api.chainInfo.panels().length, 2);
  });

  it('reuses the panel of the same (chain, block)', async () => {
    const first = await show('IOTA', IOTA.limits.blockIndex);
    await rendered(first, ['Gas limits']);
    const again = await show({ chainName: 'iota', block: String(IOTA.limits.blockIndex) });
    assert.equal(again, first, 'the same panel, whatever the spelling of name and block');
    const fromTree = await show({ chainName: 'IOTA', contextValue: 'chain.ok' });
    assert.notEqual(fromTree, first, 'the latest state is another panel');
    assert.equal(await show('IOTA'), fromTree);
    assert.equal(api.chainInfo.panels().length, 2);
    assert.equal(api.chainInfo.find('IOTA', IOTA.limits.blockIndex), first);
    assert.equal(api.chainInfo.find('IOTA'), fromTree);
    first.dispose();
    assert.equal(api.chainInfo.find('IOTA', IOTA.limits.blockIndex), undefined, 'a closed panel is forgotten');
  });

  it('a hidden panel shows what a refresh read meanwhile once it is shown again', async () => {
    const iota = await show('IOTA');
    await rendered(iota, ['Gas limits', 'IOTA EVM']);
    const shimmer = await show('Shimmer');
    await rendered(shimmer, ['Gas limits', 'ShimmerEVM']);
    assert.equal(iota.panel.visible, false, 'the first panel is behind the second');
    node.setGovernance(DEMO_CHAINS.iotaEvm, 'latest', { metadata: { name: 'Renamed EVM' } });
    try {
      await iota.refresh();
      iota.panel.reveal();
      await rendered(iota, ['Renamed EVM', 'Gas limits']);
    } finally {
      node.setGovernance(DEMO_CHAINS.iotaEvm, 'latest', { metadata: { name: 'IOTA EVM' } });
    }
  });

  it('without an argument, offers the chains with the default first (several are configured)', async () => {
    await setSetting('defaultChain', 'Shimmer');
    try {
      const run = await withPrompts([(p) => (assert.equal(p.items[0]?.label, 'Shimmer', 'the default first'), p.items[0]?.label)], () =>
        vscode.commands.executeCommand<ChainInfoPanel | undefined>(COMMAND),
      );
      assert.ok(run?.result, 'the prompts can be answered in this host, and the picked chain opens');
      const panel = run.result;
      const r = await rendered(panel, ['Gas limits', 'ShimmerEVM']);
      assert.ok(r.text.includes('gas is free'), 'the Shimmer demo chain has free gas now');
      assert.ok(r.text.includes('25%'));
      assert.ok(r.text.includes('2,000,000,000'));
    } finally {
      await config().update('defaultChain', saved.defaultChain, vscode.ConfigurationTarget.Global);
    }
  });

  it('compares two blocks (scripted with compareWith)', async () => {
    const panel = await show({ chainName: 'IOTA', block: IOTA.metadata.blockIndex, compareWith: 'latest' });
    const r = await rendered(panel, ['fields changed']);
    const rows = panel.state.compare?.comparison?.rows ?? [];
    assert.deepEqual(
      rows.map((x) => [x.field, x.before, x.after]),
      [
        ['owner', OWNER_GENESIS, OWNER_NOW],
        ['gasFeePolicy.gasPerToken', '100 gas = 1 base token', '50 gas = 1 base token'],
        ['gasFeePolicy.validatorFeeShare', '0%', '10%'],
        ['gasLimits.minGasPerRequest', '10,000', '15,000'],
        ['gasLimits.maxGasPerRequest', '50,000,000', '75,000,000'],
      ],
    );
    assert.ok(r.text.includes(`5 fields changed between block ${IOTA.metadata.blockIndex} and the latest state`), r.text);
    assert.ok(r.html.includes('<table'), 'shown as a table');
    assert.ok(r.text.includes(`Block ${IOTA.metadata.blockIndex}`) && r.text.includes('Latest state'));

    // The same panel compares again; between two blocks of one state nothing changed.
    const same = await show({ chainName: 'IOTA', block: IOTA.metadata.blockIndex, compareWith: IOTA.metadata.blockIndex + 1 });
    assert.equal(same, panel);
    await rendered(panel, ['No changes between']);
    assert.deepEqual(panel.state.compare?.comparison?.rows, []);

    // Genesis -> metadata: the metadata rows change.
    await panel.compareWith(IOTA.genesis.blockIndex);
    await rendered(panel, ['fields changed between block 0']);
    const fields = changedFields(panel);
    assert.ok(fields.includes('metadata.name') && fields.includes('metadata.evmWebSocketURL') && fields.includes('publicURL'), fields.join());

    // A block the node does not have: the comparison says so, the panel keeps its data.
    await panel.compareWith(IOTA.latest + 1000);
    await rendered(panel, ['Invalid block', 'invalid block number']);
    assert.ok(panel.lastRendered?.text.includes('Gas limits'));

    // Closing the comparison leaves the panel's own state.
    await panel.perform({ kind: 'clearCompare' });
    await rendered(panel, ['Gas limits'], ['Compared with']);
    assert.equal(panel.state.compare, undefined);
  });

  it('"State at block…" and "Latest" show the other state in the same tab, an error shown there included', async () => {
    for (const p of api.chainInfo.panels()) p.panel.dispose();
    const panel = await show({ chainName: 'IOTA', block: IOTA.latest + 1000 });
    await rendered(panel, ['invalid block number']);
    const tabs = () => api.chainInfo.panels().length;
    assert.equal(tabs(), 1);

    const run = await withPrompts([() => String(IOTA.metadata.blockIndex)], () => panel.perform({ kind: 'pickBlock' }));
    if (!run) return;
    assert.equal(tabs(), 1, 'no second tab');
    assert.equal(panel.identity.block, String(IOTA.metadata.blockIndex));
    assert.match(panel.panel.title, new RegExp(`@ ${IOTA.metadata.blockIndex}$`));
    await rendered(panel, ['Gas limits'], ['invalid block number']);
    assert.equal(panel.shownError, undefined, 'the error went with the navigation');

    await panel.perform({ kind: 'openLatest' });
    assert.equal(tabs(), 1);
    assert.equal(panel.identity.block, undefined);
    assert.equal(panel.panel.title, 'Chain Info: IOTA');

    // A state that another tab shows already: that tab is revealed, this one stays as it is.
    const other = await show({ chainName: 'IOTA', block: IOTA.genesis.blockIndex });
    await withPrompts([() => String(IOTA.genesis.blockIndex)], () => panel.perform({ kind: 'pickBlock' }));
    assert.equal(tabs(), 2);
    assert.equal(panel.identity.block, undefined);
    assert.ok(other.panel.visible, 'the tab of that state is shown');
  });

  it('explains 401 with the missing permission, offers Set Token / Sign In, retries on a new token', async () => {
    await api.services.tokens.set(authNode.url, authNode.issueToken({ permissions: ['read'] }));
    // Once the tree was shown (an earlier suite), it loads new chains by itself, before the token was set:
    // only the requests from here on say whether the panel sends it.
    await api.chains.model.whenIdle();
    authNode.clearRequests();
    try {
      const panel = await show('Guarded');
      const r = await rendered(panel, ['missing permission "write"']);
      assert.ok(r.text.includes('Access denied'), r.text);
      assert.ok(r.html.includes('>Set Access Token</button>'), 'Set Token button');
      assert.ok(r.html.includes('>Sign In</button>'), 'Sign In button');
      assert.ok(r.html.includes('>Retry</button>'), 'Retry button');
      assert.equal(panel.state.error?.kind, 'unauthorized');
      const sent = authNode.requests.find((q) => q.route === 'chaininfo');
      assert.match(sent?.headers.authorization ?? '', /^Bearer /, 'the stored token was sent');
      // A token with the permission: the panel notices the new token and reads again by itself.
      await api.services.tokens.set(authNode.url, authNode.issueToken({ permissions: ['write'] }));
      await rendered(panel, ['Gas limits', '75,000,000'], ['Access denied']);
      assert.equal(panel.state.error, undefined);
      assert.ok(!JSON.stringify(panel.state).includes('eyJ'), 'no token in the webview state');
    } finally {
      await api.services.tokens.delete(authNode.url);
    }
  });

  it('explains an unknown chain', async () => {
    const panel = await show('Unknown');
    const r = await rendered(panel, ['Unknown chain']);
    assert.ok(r.text.includes(`Chain ID: ${DEMO_UNKNOWN_CHAIN_ID} not found`), r.text);
    assert.ok(r.text.includes('check the chain ID and the node URL'), r.text);
    assert.ok(r.html.includes('>Retry</button>'));
    assert.ok(r.html.includes('>Open Settings</button>'));
  });

  it('explains an invalid block: malformed (never sent) and one the node does not have', async () => {
    const malformed = await show('IOTA', 'abc');
    const r = await rendered(malformed, ['Invalid block']);
    assert.ok(r.text.includes('A block is a block index (a whole number) or a trie root'), r.text);
    assert.ok(r.html.includes('>State at block…</button>') && r.html.includes('>Latest state</button>'));
    assert.ok(!node.requests.some((q) => q.query.block === 'abc'), 'nothing sent for a malformed block');

    const beyond = await show('IOTA', IOTA.latest + 1000);
    const r2 = await rendered(beyond, ['Invalid block', 'invalid block number']);
    assert.ok(r2.text.includes(`The node has no state at block ${IOTA.latest + 1000}`), r2.text);
    assert.ok(r2.html.includes('>Retry</button>'));
  });

  it('explains an unreachable node', async () => {
    const panel = await show('Dead');
    const r = await rendered(panel, ['Node unreachable']);
    assert.ok(r.text.includes('connection refused'), r.text);
    assert.ok(r.text.includes('check the node URL'), r.text);
    assert.ok(r.text.includes(deadUrl), 'names the node');
    assert.ok(r.html.includes('>Retry</button>'));
  });

  it('explains a timeout, and Retry reads again', async () => {
    await setSetting('request.timeoutMs', 1000);
    try {
      node.inject({ route: 'chaininfo', fault: { type: 'hang' }, times: 1 });
      const panel = await show('IOTA');
      const r = await rendered(panel, ['Timed out']);
      assert.ok(r.text.includes('did not answer within 1000 ms'), r.text);
      assert.ok(r.text.includes('waspChain.request.timeoutMs'), r.text);
      assert.ok(r.html.includes('>Retry</button>'));
      await panel.refresh(); // what Retry runs
      await rendered(panel, ['Gas limits'], ['Timed out']);
    } finally {
      await config().update('request.timeoutMs', saved.timeout, vscode.ConfigurationTarget.Global);
    }
  });

  it('explains an invalid response, naming the field', async () => {
    const broken = { ...iotaChainInfo(), gasLimits: { ...iotaChainInfo().gasLimits, maxGasPerBlock: 'lots' }, metadata: null };
    node.inject({ route: 'chaininfo', fault: { type: 'body', json: broken } });
    const panel = await show('IOTA');
    const r = await rendered(panel, ['Invalid response']);
    assert.ok(r.text.includes('gasLimits.maxGasPerBlock'), r.text);
    assert.ok(r.html.includes('>Retry</button>'));
  });

  it('degrades gracefully when the node lacks the general chain route', async () => {
    node.inject({ route: 'chain', fault: { type: 'status', status: 404, body: { message: 'Not Found' } } });
    const panel = await show('IOTA');
    const r = await rendered(panel, ['Gas limits', 'unavailable']);
    assert.ok(r.text.includes('did not give its general chain information'), r.text);
    assert.ok(r.text.includes('75,000,000') && r.text.includes(OWNER_NOW));
    assert.equal(panel.state.error, undefined);
  });

  it('shows an inactive chain from its general information', async () => {
    const panel = await show('Stopped');
    const r = await rendered(panel, ['not active on this node']);
    assert.ok(r.text.includes('Wasp demo testnet (stopped)'), r.text);
    assert.ok(r.text.includes('1073'), 'EVM chain ID');
    assert.ok(r.text.includes('not available'), 'no fee policy for an inactive chain');
  });

  it('copies as JSON (bigints as strings) and opens the raw JSON without a token', async () => {
    const panel = await show('IOTA');
    await rendered(panel, ['Gas limits']);
    const copied = await panel.copyAsJson();
    assert.ok(copied);
    const parsed = JSON.parse(copied) as {
      state: string;
      chainInfo: { gasLimits: { maxGasPerRequest: unknown }; chainOwnerId: string };
      general: { evmChainId: number };
    };
    assert.equal(parsed.state, 'latest');
    assert.equal(parsed.chainInfo.gasLimits.maxGasPerRequest, '75000000');
    assert.equal(parsed.chainInfo.chainOwnerId, OWNER_NOW);
    assert.equal(parsed.general.evmChainId, 8822);

    const doc = await panel.openRawJson();
    assert.ok(doc);
    assert.equal(doc.languageId, 'jsonc');
    assert.equal(doc.isUntitled, true);
    const text = doc.getText();
    assert.ok(text.includes(`// GET ${node.url}/v1/chains/${DEMO_CHAINS.iotaEvm}/core/governance/chaininfo`), text);
    assert.ok(text.includes('"maxGasPerRequest": 75000000'), 'limits stay JSON numbers, pretty-printed');
    assert.ok(!/bearer|authorization/i.test(text));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it("opens the node's answer as it sent it: fields the extension does not read and numbers above 2^53 stay", async () => {
    const panel = await show('IOTA');
    await rendered(panel, ['Gas limits']);
    const url = `${node.url}/v1/chains/${DEMO_CHAINS.iotaEvm}/core/governance/chaininfo`;
    const sent = (await (await fetch(url)).text()).replace('{', '{"futureField":18446744073709551615,');
    node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 200, body: sent, contentType: 'application/json' } });
    await panel.refresh();
    const doc = await panel.openRawJson();
    assert.ok(doc);
    const text = doc.getText();
    assert.ok(text.includes('"futureField": 18446744073709551615'), text);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('is restored after a reload from its identity, and fetches again', async () => {
    const original = await show('IOTA', IOTA.metadata.blockIndex);
    await rendered(original, ['Gas limits']);
    // What the webview persisted (mount() keeps each state with setState).
    const saved = JSON.parse(JSON.stringify(original.state)) as unknown;
    original.dispose();
    node.clearRequests();

    const fresh = vscode.window.createWebviewPanel('waspChain.chainInfo', 'restored', vscode.ViewColumn.Active, { enableScripts: true });
    await shown(fresh);
    const restored = await api.chainInfo.restore(fresh, saved);
    assert.ok(restored);
    assert.equal(restored.panel, fresh);
    assert.deepEqual(restored.identity, { chainName: 'IOTA', block: String(IOTA.metadata.blockIndex) });
    const r = await rendered(restored, ['Gas limits', OWNER_GENESIS]);
    assert.ok(r.text.includes(`Block ${IOTA.metadata.blockIndex}`));
    assert.ok(
      node.requests.some((q) => q.route === 'chaininfo' && q.query.block === String(IOTA.metadata.blockIndex)),
      'read again from the node',
    );
    assert.equal(api.chainInfo.find('IOTA', IOTA.metadata.blockIndex), restored, 'and reused from then on');
    assert.equal(await show('IOTA', IOTA.metadata.blockIndex), restored);

    // A state without an identity is not restored.
    const junk = vscode.window.createWebviewPanel('waspChain.chainInfo', 'junk', vscode.ViewColumn.Active, { enableScripts: true });
    let closed = false;
    junk.onDidDispose(() => (closed = true));
    await shown(junk);
    // Let the workbench finish opening it: closing an editor mid-open logs "OverlayWebview has been disposed".
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await api.chainInfo.restore(junk, { identity: { chainName: 42 } }), undefined);
    assert.ok(closed, 'the empty panel is closed');
  });
});
