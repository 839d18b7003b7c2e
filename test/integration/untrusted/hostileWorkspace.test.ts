// A hostile workspace opened in Restricted Mode: its settings name chains with link syntax and
// bidi overrides, point one at a URL with credentials, push the request limits out of bounds, and
// point one at a node that redirects elsewhere. Nothing of it may act: no clickable link in a
// notification, no credentials shown, logged or used, the limits clamped, and no token sent to a
// workspace chain, nor along a redirect.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../../fixtures/localNode';
import { RLO, hostileReceipt } from '../../fixtures/hostile';
import { NOTIFICATION_LINK, foreignMarkdown } from '../../unit/hostile/corpus';
import { activate, chainNode, config, itemTexts, label, oneHover, setSetting, spyOutput, waitFor, writeRestrictedWorkspaceSetting } from '../helpers';

const W = vscode.ConfigurationTarget.Workspace;
const IOTA = DEMO_CHAINS.iotaEvm;
const FAKE_ID = `0x${'f0'.repeat(32)}0000`;

describe('hostile workspace in Restricted Mode', function () {
  this.timeout(40_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let other: LocalNode;
  let creds: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    other = await startLocalNode();
    creds = await startLocalNode();
  });

  after(async () => {
    for (const key of ['chains', 'defaultChain', 'request.timeoutMs', 'request.maxResponseBytes', 'request.maxConcurrent']) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      await config().update(key, undefined, W);
    }
    await api.services.tokens.delete(node.url);
    await Promise.all([node, other, creds].map((n) => n.close()));
  });

  it('link syntax, bidi and credentials in workspace chains, and limits out of bounds: shown inert, never used', async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'Restricted Mode');
    const output = spyOutput(api.services.log);
    try {
      const trap = '[Fix it](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D)';
      await config().update(
        'chains',
        [
          { name: trap, nodeUrl: node.url, chainId: IOTA },
          { name: `IOTA ${RLO}MVE`, nodeUrl: node.url, chainId: IOTA },
          { name: 'Creds', nodeUrl: `http://mallory:t0ps3cret@127.0.0.1:${creds.port}`, chainId: IOTA },
          { name: `${trap} twice`, nodeUrl: 'ftp://x', chainId: 'nope' },
        ],
        W,
      );
      await waitFor(() => api.services.chains.all().length === 4, 'the workspace chains');
      await waitFor(() => (api.chains.problems.lastMessage ?? '').includes('Creds'), 'the problem report');
      const message = api.chains.problems.lastMessage ?? '';
      NOTIFICATION_LINK.lastIndex = 0;
      assert.equal(NOTIFICATION_LINK.test(message), false, `no clickable link in the notification: ${message}`);
      assert.doesNotMatch(message, /mallory|t0ps3cret/);
      assert.doesNotMatch(message, new RegExp(RLO));

      // The tree: the bidi name is an invalid entry, shown revealed; nothing alive in any tooltip.
      const names = api.chains.tree.getChildren().map((n) => label(api.chains.tree.getTreeItem(n)));
      assert.ok(names.includes('IOTA ⟨U+202E⟩MVE'), JSON.stringify(names));
      for (const n of api.chains.tree.getChildren()) {
        const item = api.chains.tree.getTreeItem(n);
        for (const text of itemTexts(item)) assert.doesNotMatch(text, /mallory|t0ps3cret|\u202e/);
        if (item.tooltip instanceof vscode.MarkdownString) assert.deepEqual(foreignMarkdown(item.tooltip.value, []), [], item.tooltip.value);
      }
      assert.equal(api.chains.tree.getTreeItem(chainNode(api, 'Creds')).contextValue, 'chain.invalid');

      // Limits from an untrusted workspace do not apply at all (restrictedConfigurations): the
      // review saw a workspace's 268,435,456-byte cap in force.
      await writeRestrictedWorkspaceSetting('request.maxResponseBytes', 1e12);
      await writeRestrictedWorkspaceSetting('request.timeoutMs', 0);
      await writeRestrictedWorkspaceSetting('request.maxConcurrent', 0.5);
      assert.equal(api.services.clients.setting('request.maxResponseBytes'), 8_388_608);
      assert.equal(api.services.clients.setting('request.timeoutMs'), 15_000);
      assert.equal(api.services.clients.setting('request.maxConcurrent'), 64);
      // The user's own limits apply, clamped: even they cannot switch the defence off.
      await setSetting('request.maxResponseBytes', 1e12, vscode.ConfigurationTarget.Global);
      await setSetting('request.timeoutMs', 0, vscode.ConfigurationTarget.Global);
      await setSetting('request.maxConcurrent', 0.5, vscode.ConfigurationTarget.Global);
      await waitFor(() => api.services.clients.setting('request.maxConcurrent') === 1, 'the clamped concurrency');
      assert.equal(api.services.clients.setting('request.maxResponseBytes'), 268_435_456);
      assert.equal(api.services.clients.setting('request.timeoutMs'), 1000);

      await vscode.commands.executeCommand('waspChain.refresh');
      assert.equal(creds.requests.length, 0, 'the URL with credentials is never asked');
      assert.doesNotMatch(output.lines.join('\n'), /mallory|t0ps3cret/, 'nor logged');
    } finally {
      output.restore();
      await config().update('chains', undefined, W);
      for (const key of ['request.timeoutMs', 'request.maxResponseBytes', 'request.maxConcurrent']) {
        await config().update(key, undefined, W);
        await config().update(key, undefined, vscode.ConfigurationTarget.Global);
      }
    }
  });

  it('a token stored for a node goes neither to a workspace chain on it (never contacted) nor along its redirect; a user chain still gets it', async () => {
    await api.services.tokens.set(node.url, 'untrusted-suite-token');
    await config().update('chains', [{ name: 'Mine', nodeUrl: node.url, chainId: IOTA }], vscode.ConfigurationTarget.Global);
    await config().update('chains', [{ name: 'Theirs', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm }], W);
    await waitFor(() => api.services.chains.valid().length === 2, 'both chains');
    await api.chains.model.whenIdle();
    node.clearRequests();
    node.inject({ route: 'chaininfo', fault: { type: 'redirect', location: `${other.url}/v1/chains/${IOTA}/core/governance/chaininfo` } });
    await api.chains.model.refresh();
    await api.chains.model.whenIdle();
    assert.match(String(api.chains.tree.getTreeItem(chainNode(api, 'Mine')).description), /redirected/);
    const byChain = (id: string) => node.requests.filter((r) => r.path.includes(id));
    assert.ok(
      byChain(IOTA).every((r) => r.headers.authorization === 'Bearer untrusted-suite-token'),
      'the user chain gets the token, at its node',
    );
    assert.equal(byChain(DEMO_CHAINS.shimmerEvm).length, 0, 'the workspace chain is not even asked');
    assert.equal(other.requests.length, 0, 'the redirect target received nothing');
    // A hover over the workspace chain's receipt, even as the user's default chain: the workspace chain is not asked.
    await config().update('defaultChain', 'Theirs', vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.chains.defaultChainName() === 'Theirs', 'the default chain');
    assert.deepEqual(
      api.services.chains.lookupOrder().map((c) => c.name),
      ['Mine'],
    );
    api.receipts.service.cache.invalidate();
    node.clearRequests();
    await oneHover(`x ${DEMO_RECEIPTS.onLedgerNft.requestId}`, DEMO_RECEIPTS.onLedgerNft.requestId);
    assert.equal(node.requests.filter((r) => r.path.includes(DEMO_CHAINS.shimmerEvm)).length, 0);
    node.clearFaults();
  });
  it("the workspace's defaultChain is ignored, and a chain defined only by the workspace is listed but never contacted", async () => {
    try {
      node.setReceipt(IOTA, { ...hostileReceipt(FAKE_ID), errorMessage: 'fabricated by the workspace' });
      await config().update('chains', [{ name: 'IOTA EVM', nodeUrl: other.url, chainId: IOTA }], vscode.ConfigurationTarget.Global);
      await config().update('chains', [{ name: 'Planted', nodeUrl: node.url, chainId: IOTA }], W);
      await config().update('defaultChain', 'Planted', W);
      await waitFor(() => api.services.chains.valid().length === 2, 'both chains');
      await api.chains.model.refresh();
      await api.chains.model.whenIdle();
      api.receipts.service.cache.invalidate();
      node.clearRequests();
      other.clearRequests();
      const h = await oneHover(`x ${FAKE_ID}`, FAKE_ID);
      assert.doesNotMatch(h.plain, /fabricated|Planted/, `the workspace's chain did not answer:\n${h.plain}`);
      assert.ok(other.requests.length > 0, "the user's chain was asked");
      await vscode.commands.executeCommand('waspChain.refresh');
      await api.chains.model.whenIdle();
      assert.equal(node.requests.length, 0, 'no request to the host the workspace chose');
      const item = api.chains.tree.getTreeItem(chainNode(api, 'Planted'));
      assert.match(String(item.description), /not trusted/i, 'the tree says why');
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip);
      assert.ok(item.command?.command === 'workbench.trust.manage' || tooltip.includes('workbench.trust.manage'), 'and offers to manage trust');
    } finally {
      await config().update('defaultChain', undefined, W);
      await config().update('chains', undefined, W);
      await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
