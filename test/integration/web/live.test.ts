// The live feed in the browser's web worker host: the worker's own WebSocket opens the node's
// /v1/ws (ws to 127.0.0.1 is what the worker's policy allows), subscribes, and the Live view shows
// a request the node publishes, its revert decoded from the workspace's ABI.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../../src/extension';
import type { FeedEntry } from '../../../src/live/model/feed';
import { activate, label, setChains, waitFor } from '../helpers';
import { readWebRun } from './webRun';

describe('web: the live feed', function () {
  this.timeout(60_000);
  let api: ExtensionApi;

  before(async () => {
    api = await activate();
    const { nodes } = await readWebRun();
    await setChains([{ name: 'Live', nodeUrl: nodes.rebased }], { defaultChain: 'Live' });
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
  });

  after(async () => {
    await vscode.commands.executeCommand('waspChain.live.scope', 'all');
    await setChains(undefined, { defaultChain: undefined });
  });

  it('the Live view opens the feed over the worker WebSocket and shows a published request, decoded', async () => {
    const { nodes } = await readWebRun();
    const live = await api.live.service();
    const chain = api.services.chains.get('Live');
    assert.ok(chain);
    await vscode.commands.executeCommand('waspChain.live.show');
    await waitFor(() => live.hub.isLive(chain), 'the feed to open and subscribe', 15_000);
    const published = await fetch(`${nodes.control}/publish`, { method: 'POST' });
    assert.equal(published.status, 204);
    let entry: FeedEntry | undefined;
    await waitFor(
      () => {
        void live.view.getChildren().then((all) => (entry = all.find((e) => e.failed)));
        return entry !== undefined && /InsufficientBalance/.test(label(live.view.getTreeItem(entry)));
      },
      'the published failure in the Live view, decoded',
      15_000,
    );
    assert.ok(entry);
    assert.match(label(live.view.getTreeItem(entry)), /^Failed: InsufficientBalance\(available: 3, required: 5\)/);
  });
});
