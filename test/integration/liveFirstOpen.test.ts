// The Live view's first open against a node that wants a token (the demo's protected Rebased node,
// configured as a user would: without a chain ID), in a real extension host: the view says in words
// which chain needs one and offers Sign In, never the node's raw "missing or malformed jwt"; once a
// token is stored for the node, the feed is prepared again at once and opens. The view's scope is
// named in its description (every request on first open) and changed in one place: one command
// whose picker offers every request, the workspace's own, typed addresses and typed contracts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { LiveService } from '../../src/live/service';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, setChains, withPrompts } from './helpers';

const CHAIN = 'ShimmerEVM';

/** The extension's view title bar contributions, as VS Code read them from its manifest. */
function viewTitleMenus(): Array<{ command: string; when?: string }> | undefined {
  const ext = vscode.extensions.all.find((e) => e.id.toLowerCase() === 'wasp-chain-explorer.wasp-chain-explorer');
  return (ext?.packageJSON as { contributes: { menus: Record<string, Array<{ command: string; when?: string }>> } } | undefined)?.contributes.menus[
    'view/title'
  ];
}

describe('Live view: the first open on a node that wants a token', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let live: LiveService;

  /** Resolves once `cond` holds, checked on every change of the hub's feeds. */
  function whenHub(cond: () => boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      if (cond()) return resolve();
      const sub = live.hub.onDidChange(() => {
        if (!cond()) return;
        sub.dispose();
        resolve();
      });
    });
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode({ generation: 'rebased', auth: { users: { carol: { password: 'carol-pw', permissions: ['read'] } } } });
    await api.services.tokens.delete(node.url);
  });

  after(async () => {
    await api.services.tokens.delete(node.url);
    await setChains(undefined);
    await node.close();
  });

  it('says which chain needs a token and offers Sign In, not the node’s raw error', async () => {
    await setChains([{ name: CHAIN, nodeUrl: node.url }]);
    await vscode.commands.executeCommand('waspChain.live.show');
    live = await api.live.service();
    await whenHub(() => live.hub.states().some((s) => s.problem !== undefined));
    const said = live.view.message() ?? '';
    assert.match(said, /ShimmerEVM needs a token: Sign In/, said);
    assert.doesNotMatch(said, /jwt|cookie/i, said);
    const menus = viewTitleMenus();
    assert.ok(
      menus?.some((m) => m.command === 'waspChain.signIn' && /view == waspChain\.live/.test(m.when ?? '') && /waspChain\.live\.needsToken/.test(m.when ?? '')),
      'Sign In sits on the Live view while a node needs a token',
    );
  });

  it('opens the feed as soon as a token is stored for the node, without waiting for the retry', async () => {
    await api.services.tokens.set(node.url, node.issueToken());
    const chain = api.services.chains.get(CHAIN);
    assert.ok(chain);
    await whenHub(() => live.hub.connectionOf(chain)?.status().phase === 'open');
    assert.doesNotMatch(live.view.message() ?? '', /needs a token/);
  });

  it('names its scope, every request at first, and changes it in one command with a picker', async () => {
    live = await api.live.service();
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
    assert.equal(api.live.treeView.description, 'every request');
    const asked = await withPrompts(
      [(p) => (p.items.some((i) => i.label === 'These contracts…') ? 'These contracts…' : undefined), () => 'accounts, evm'],
      () => vscode.commands.executeCommand('waspChain.live.scope'),
    );
    assert.ok(asked, 'this host lets the test answer the picker');
    const labels = asked.shown[0]?.items.map((i) => i.label);
    assert.deepEqual(labels, ['Every request', 'My accounts and contracts', 'These addresses…', 'These contracts…']);
    assert.equal(asked.shown[0]?.items.find((i) => i.description === 'current')?.label, 'Every request');
    assert.equal(api.live.treeView.description, 'contracts accounts, evm');
    assert.deepEqual(live.view.filter.contracts, ['accounts', 'evm']);
    const menus = viewTitleMenus();
    const onLive = (menus ?? []).filter((m) => /view == waspChain\.live\b/.test(m.when ?? '')).map((m) => m.command);
    assert.ok(onLive.includes('waspChain.live.scope'), onLive.join(', '));
    assert.ok(!onLive.some((c) => /filterAddresses|filterContracts/.test(c)), 'no second place for the scope');
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
  });
});
