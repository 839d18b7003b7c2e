// The "Chains" view, its commands and the token rules, in a real extension host against local
// Wasp nodes (test/fixtures/localNode.ts) that record every header they receive.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { decodeJwtClaims } from '../../src/core/jwt';
import type { ChainNode, ChainsTreeNode, DetailNode } from '../../src/chains/tree';
import { DEMO_CHAINS, DEMO_MALFORMED_CHAIN_ID } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, chainNode, config, setChains, waitFor, withErrorMessageSpy } from './helpers';

type Entry = { name?: string; nodeUrl?: string; chainId?: string };

/** Shows the tree (first getChildren loads it) and waits until every chain is loaded. */
async function loaded(a: ExtensionApi): Promise<void> {
  a.chains.tree.getChildren();
  await a.chains.model.whenIdle();
}

function chainItem(a: ExtensionApi, name: string): vscode.TreeItem {
  return a.chains.tree.getTreeItem(chainNode(a, name));
}

/** The tooltip as a reader sees it: MarkdownString.appendText escapes punctuation and spaces. */
function tooltipText(item: vscode.TreeItem): string {
  const t = item.tooltip;
  return unescapeMarkdown(typeof t === 'string' ? t : (t?.value ?? ''));
}

function unescapeMarkdown(s: string): string {
  return s.replace(/&nbsp;/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

function describeItem(item: vscode.TreeItem): string {
  return `${String(item.label)} [${item.contextValue}] ${String(item.description)}`;
}

function children(a: ExtensionApi, node: ChainsTreeNode): Array<{ node: ChainsTreeNode; item: vscode.TreeItem }> {
  return (a.chains.tree.getChildren(node) ?? []).map((n) => ({ node: n, item: a.chains.tree.getTreeItem(n) }));
}

function detail(a: ExtensionApi, parent: ChainsTreeNode, label: string): { node: DetailNode; item: vscode.TreeItem } {
  const found = children(a, parent).find((c) => c.item.label === label);
  assert.ok(found && found.node.kind === 'detail', `"${label}" under ${parent.id}`);
  return found as { node: DetailNode; item: vscode.TreeItem };
}

/** The Authorization headers a node has received (undefined for a request without one). */
function authHeaders(node: LocalNode): Array<string | undefined> {
  return node.requests.map((r) => r.headers.authorization);
}

describe('chains view and tokens', function () {
  this.timeout(30_000);
  let a: ExtensionApi;
  let open: LocalNode;
  let jwtNode: LocalNode;
  let jwtNode2: LocalNode;

  before(async () => {
    a = await activate();
    open = await startLocalNode();
    // Every chain route needs `read`; the ShimmerEVM chain needs `write`.
    jwtNode = await startLocalNode({
      auth: { users: { alice: { password: 'alice-secret-pw', permissions: ['write'] }, bob: { password: 'bob-pw', permissions: ['read'] } } },
      chainPermissions: { [DEMO_CHAINS.shimmerEvm]: 'write' },
    });
    // A second node behind a path prefix, with its own signing key.
    jwtNode2 = await startLocalNode({ pathPrefix: '/wasp/api', auth: { users: { carol: { password: 'carol-pw', permissions: ['read'] } } } });
  });

  afterEach(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Workspace);
    for (const n of [open, jwtNode, jwtNode2]) await a.services.tokens.delete(n.url);
    await waitFor(() => a.services.chains.all().length === 0, 'the settings to be empty');
    await a.chains.model.whenIdle();
    for (const n of [open, jwtNode, jwtNode2]) {
      n.clearRequests();
      n.clearFaults();
      n.setLatency(0);
    }
  });

  after(async () => {
    await Promise.all([open, jwtNode, jwtNode2].map((n) => n?.close()));
  });

  it('shows no node when no chain is configured (the welcome view shows instead)', async () => {
    await setChains([]);
    assert.deepEqual(a.chains.tree.getChildren(), []);
  });

  it('follows the settings: an added, renamed or removed chain updates the tree', async () => {
    await setChains([{ name: 'Alpha', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await loaded(a);
    assert.deepEqual(
      a.chains.tree.getChildren().map((n) => (n as ChainNode).chainName),
      ['Alpha'],
    );
    const alpha = chainItem(a, 'Alpha');
    assert.equal(alpha.contextValue, 'chain.ok', describeItem(alpha));
    assert.match(String(alpha.description), /^iota1pzt3m…8qqxu5 · User$/);
    assert.equal(alpha.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);

    await setChains([
      { name: 'Alpha', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Beta', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
    ]);
    await loaded(a);
    assert.deepEqual(
      a.chains.tree.getChildren().map((n) => (n as ChainNode).chainName),
      ['Alpha', 'Beta'],
    );
    assert.equal(chainItem(a, 'Beta').contextValue, 'chain.ok');
    const alphaId = chainItem(a, 'Alpha').id;

    await setChains([{ name: 'Beta', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm }]);
    assert.deepEqual(
      a.chains.tree.getChildren().map((n) => (n as ChainNode).chainName),
      ['Beta'],
    );
    await setChains([
      { name: 'Alpha', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Beta', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
    ]);
    assert.equal(chainItem(a, 'Alpha').id, alphaId, 'ids are stable');

    // The node now answers 500 for one chain: the tree shows it after the settings change reload.
    open.inject({ route: /shimmer|smr1/, fault: { type: 'status', status: 500 } });
    await setChains([
      { name: 'Alpha', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Beta renamed', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
    ]);
    await loaded(a);
    const renamed = chainItem(a, 'Beta renamed');
    assert.equal(renamed.contextValue, 'chain.nodeError', describeItem(renamed));
    assert.match(tooltipText(renamed), /node error/);
    assert.equal(chainItem(a, 'Alpha').contextValue, 'chain.ok');
  });

  it('shows owner, fee policy in words, gas limits, metadata and public URL under a loaded chain', async () => {
    await setChains([{ name: 'Alpha', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await loaded(a);
    const node = chainNode(a, 'Alpha');
    const labels = children(a, node).map((c) => c.item.label);
    assert.deepEqual(labels, ['Owner', 'Gas fee policy', 'Gas limits', 'Public metadata', 'Public URL', 'Blocks', 'Accounts']);
    assert.match(String(detail(a, node, 'Owner').item.description), /^iota1/);

    const fees = detail(a, node, 'Gas fee policy');
    assert.match(String(fees.item.description), /^[\d,]+ gas = [\d,]+ base tokens?$|^gas is free$/);
    const feeLines = Object.fromEntries(children(a, fees.node).map((c) => [c.item.label, String(c.item.description)]));
    assert.equal(feeLines['EVM gas ratio'], '1 EVM gas = 1 ISC gas');
    assert.match(feeLines['Validator fee share'] ?? '', /^\d+%$/);
    assert.match(feeLines['Gas per token'] ?? '', /gas = .* base token|gas is free/);
    assert.ok(feeLines['Fee formula'], 'the fee formula line is there');

    const limits = Object.fromEntries(children(a, detail(a, node, 'Gas limits').node).map((c) => [c.item.label, String(c.item.description)]));
    assert.equal(limits['Max gas per block'], '1,000,000,000');
    assert.match(limits['Max gas per request'] ?? '', /^\d{1,3}(,\d{3})+$/);

    const meta = Object.fromEntries(children(a, detail(a, node, 'Public metadata').node).map((c) => [c.item.label, c]));
    assert.equal(meta['Name']?.item.description, 'IOTA EVM');
    assert.equal(meta['Website']?.item.description, 'https://www.iota.org');
    assert.equal(meta['Website']?.item.contextValue, 'chainUrl.website');
    assert.equal(meta['EVM JSON-RPC URL']?.item.description, 'https://json-rpc.evm.iotaledger.net');
    assert.ok(meta['EVM WebSocket URL'], 'the WebSocket URL line is there');
    const publicUrl = detail(a, node, 'Public URL');
    assert.match(String(publicUrl.item.description), /^https:\/\/api\.evm\.iotaledger\.net\//);
    assert.equal(publicUrl.item.contextValue, 'chainUrl.publicUrl');
    assert.equal(publicUrl.node.chainName, 'Alpha', 'detail nodes carry chainName for the commands');
  });

  it('a chain behind JWT needs a token (naming the missing permission), then works after Set Access Token, Sign Out and Sign In', async () => {
    const url = jwtNode.url;
    await setChains([{ name: 'Guarded', nodeUrl: url, chainId: DEMO_CHAINS.shimmerEvm }]);
    await loaded(a);
    let item = chainItem(a, 'Guarded');
    assert.equal(item.contextValue, 'chain.needsToken', describeItem(item));
    assert.match(String(item.description), /^needs a token · /);
    assert.deepEqual([...new Set(authHeaders(jwtNode))], [undefined], 'no token was sent: none is stored');

    // A token with `read` only: the node names the missing permission.
    const readToken = jwtNode.issueToken({ permissions: ['read'] });
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Guarded', readToken), true);
    item = chainItem(a, 'Guarded');
    assert.equal(item.contextValue, 'chain.needsToken.hasToken', describeItem(item));
    assert.match(String(item.description), /needs a token with "write" permission/);
    assert.match(tooltipText(item), /needs a token with "write" permission/);
    assert.match(tooltipText(item), /stored token lacks the "write" permission/);

    const writeToken = jwtNode.issueToken({ permissions: ['write'] });
    jwtNode.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Guarded', writeToken), true);
    item = chainItem(a, 'Guarded');
    assert.equal(item.contextValue, 'chain.ok.hasToken', describeItem(item));
    assert.equal(await a.services.tokens.get(url), writeToken);
    assert.ok(jwtNode.requests.length > 0);
    assert.deepEqual([...new Set(authHeaders(jwtNode))], [`Bearer ${writeToken}`]);

    // Sign out forgets the token: the next load sends none.
    jwtNode.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.signOut', 'Guarded'), true);
    assert.equal(await a.services.tokens.get(url), undefined);
    item = chainItem(a, 'Guarded');
    assert.equal(item.contextValue, 'chain.needsToken', describeItem(item));
    assert.deepEqual([...new Set(authHeaders(jwtNode))], [undefined]);

    // Wrong password: no token.
    assert.equal(await vscode.commands.executeCommand('waspChain.signIn', 'Guarded', { username: 'alice', password: 'wrong' }), false);
    assert.equal(await a.services.tokens.get(url), undefined);

    // Sign in: /auth/info says jwt, POST /auth gives the token, which is stored and used.
    jwtNode.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.signIn', 'Guarded', { username: 'alice', password: 'alice-secret-pw' }), true);
    const jwt = await a.services.tokens.get(url);
    assert.ok(jwt, 'a token is stored');
    assert.equal(decodeJwtClaims(jwt)?.sub, 'alice');
    assert.ok((decodeJwtClaims(jwt)?.exp ?? 0) * 1000 > Date.now());
    assert.deepEqual(
      jwtNode.requests.slice(0, 2).map((r) => `${r.method} ${r.route}`),
      ['GET authInfo', 'POST auth'],
    );
    assert.equal(jwtNode.requests[1]?.headers.authorization, undefined, 'the login itself carries no token');
    item = chainItem(a, 'Guarded');
    assert.equal(item.contextValue, 'chain.ok.hasToken', describeItem(item));
    assert.match(tooltipText(item), /expires in/);
    assert.equal(jwtNode.requests.at(-1)?.headers.authorization, `Bearer ${jwt}`);
    // The password is nowhere in the settings.
    assert.doesNotMatch(JSON.stringify(config().inspect('chains')), /alice-secret-pw/);
  });

  it('Sign In against a node without authentication says no token is needed', async () => {
    await setChains([{ name: 'Open', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    assert.equal(await vscode.commands.executeCommand('waspChain.signIn', 'Open', { username: 'x', password: 'y' }), false);
    assert.equal(await a.services.tokens.get(open.url), undefined);
    assert.ok(!open.requests.some((r) => r.route === 'auth'), 'no credentials were sent');
  });

  it("two nodes never receive each other's token", async () => {
    await setChains([
      { name: 'One', nodeUrl: jwtNode.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'One bis', nodeUrl: `${jwtNode.url}/`, chainId: DEMO_CHAINS.shimmerEvm },
      { name: 'Two', nodeUrl: jwtNode2.url, chainId: DEMO_CHAINS.iotaEvm },
    ]);
    const t1 = jwtNode.issueToken({ permissions: ['write'] });
    const t2 = jwtNode2.issueToken({ permissions: ['read'] });
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'One', t1), true);
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', { chainName: 'Two' }, t2), true);
    // Whatever either node received so far (before the tokens, no token): never the other's.
    for (const r of jwtNode.requests) assert.ok(!JSON.stringify(r).includes(t2));
    for (const r of jwtNode2.requests) assert.ok(!JSON.stringify(r).includes(t1));
    jwtNode.clearRequests();
    jwtNode2.clearRequests();
    await vscode.commands.executeCommand('waspChain.refresh');
    await loaded(a);
    // Two chains on one node share its token (keyed by origin and path, not by chain name).
    assert.equal(chainItem(a, 'One').contextValue, 'chain.ok.hasToken');
    assert.equal(chainItem(a, 'One bis').contextValue, 'chain.ok.hasToken');
    assert.equal(chainItem(a, 'Two').contextValue, 'chain.ok.hasToken');
    assert.ok(jwtNode.requests.length >= 2 && jwtNode2.requests.length >= 1);
    assert.deepEqual([...new Set(authHeaders(jwtNode))], [`Bearer ${t1}`], 'node 1 saw only its own token');
    assert.deepEqual([...new Set(authHeaders(jwtNode2))], [`Bearer ${t2}`], 'node 2 saw only its own token');
    for (const r of jwtNode.requests) assert.ok(!JSON.stringify(r).includes(t2));
    for (const r of jwtNode2.requests) assert.ok(!JSON.stringify(r).includes(t1));
  });

  it('reports invalid entries in the tree and once as a problem, while the valid ones keep working', async () => {
    const before = a.chains.problems.reports;
    await setChains([
      { name: 'Valid', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Bad URL', nodeUrl: 'ftp://example.com/api', chainId: DEMO_CHAINS.iotaEvm },
      { name: 'Bad checksum', nodeUrl: open.url, chainId: DEMO_MALFORMED_CHAIN_ID },
      { name: 'valid', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
      { nodeUrl: open.url },
    ]);
    await loaded(a);
    const nodes = a.chains.tree.getChildren() as ChainNode[];
    assert.equal(nodes.length, 5);
    const items = nodes.map((n) => a.chains.tree.getTreeItem(n));
    assert.equal(items[0]?.contextValue, 'chain.ok', 'the valid chain still loads');
    assert.deepEqual(
      items.slice(1).map((i) => i.contextValue),
      ['chain.invalid', 'chain.invalid', 'chain.invalid', 'chain.invalid'],
    );
    assert.match(tooltipText(items[1] as vscode.TreeItem), /http or https/);
    assert.match(tooltipText(items[2] as vscode.TreeItem), /checksum/);
    assert.match(tooltipText(items[3] as vscode.TreeItem), /already used/);
    assert.match(tooltipText(items[4] as vscode.TreeItem), /no name/);
    assert.match(String(items[2]?.description), /^invalid configuration · User$/);
    assert.equal(new Set(items.map((i) => i.id)).size, 5, 'every node has its own id');
    assert.equal(nodes[3]?.invalidEntry?.index, 3);
    // The invalid "valid" entry's node: no command acts on its valid namesake "Valid" instead.
    assert.equal(await vscode.commands.executeCommand('waspChain.showChainInfo', nodes[3]), undefined, 'no panel of "Valid"');
    assert.equal(await vscode.commands.executeCommand('waspChain.setDefaultChain', nodes[3]), undefined);
    assert.equal(await vscode.commands.executeCommand('waspChain.copyChainId', nodes[3]), undefined);
    assert.equal(await vscode.commands.executeCommand('waspChain.signOut', nodes[3]), false);

    assert.equal(a.chains.problems.reports, before + 1, 'reported once');
    assert.match(a.chains.problems.lastMessage ?? '', /4 chain entries are invalid/);
    // The same problems again (a refresh, an unrelated setting): not reported again.
    await vscode.commands.executeCommand('waspChain.refresh');
    await config().update('defaultChain', 'Valid', vscode.ConfigurationTarget.Global);
    await waitFor(() => a.services.chains.defaultChainName() === 'Valid', 'the default chain');
    assert.equal(a.chains.problems.reports, before + 1, 'not reported twice');
    assert.match(String(chainItem(a, 'Valid').description), /^★ /);

    // An invalid entry can be removed by name like any other.
    assert.equal(await vscode.commands.executeCommand('waspChain.removeChain', 'Bad URL'), true);
    await waitFor(() => a.services.chains.all().length === 4, 'the removal');
    assert.equal(a.chains.problems.reports, before + 2, 'a changed problem set is reported');
    const names = (config().inspect<Entry[]>('chains')?.globalValue ?? []).map((e) => e.name);
    assert.deepEqual(names, ['Valid', 'Bad checksum', 'valid', undefined]);
  });

  it('an expired token shows "token expired" and is never sent; Sign In recovers', async () => {
    await setChains([{ name: 'Stale', nodeUrl: jwtNode.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await loaded(a);
    const expired = jwtNode.issueToken({ permissions: ['read'], expiresInSeconds: -120 });
    jwtNode.clearRequests();
    assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Stale', expired), true);
    let item = chainItem(a, 'Stale');
    assert.equal(item.contextValue, 'chain.expired.hasToken', describeItem(item));
    assert.match(String(item.description), /^token expired · /);
    assert.match(tooltipText(item), /Sign In/);
    await vscode.commands.executeCommand('waspChain.refresh', 'Stale');
    assert.equal(chainItem(a, 'Stale').contextValue, 'chain.expired.hasToken');
    assert.ok(!jwtNode.requests.some((r) => JSON.stringify(r.headers).includes(expired)), 'the node never saw the expired token');
    assert.ok(!jwtNode.requests.some((r) => r.route === 'chaininfo'), 'no request went out with it');

    assert.equal(await vscode.commands.executeCommand('waspChain.signIn', { chainName: 'Stale' }, { username: 'bob', password: 'bob-pw' }), true);
    item = chainItem(a, 'Stale');
    assert.equal(item.contextValue, 'chain.ok.hasToken', describeItem(item));
  });

  it('a token changed elsewhere (another window) reloads the chains of that node', async () => {
    await setChains([{ name: 'Guarded', nodeUrl: jwtNode.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await loaded(a);
    assert.equal(chainItem(a, 'Guarded').contextValue, 'chain.needsToken');
    // Straight into the store, as another window would: no command involved.
    await a.services.tokens.set(jwtNode.url, jwtNode.issueToken({ permissions: ['read'] }));
    await waitFor(() => chainItem(a, 'Guarded').contextValue === 'chain.ok.hasToken', 'the tree to follow the token change');
  });

  it('adds, sets as default and removes a chain by command, with the status bar following', async () => {
    const name = await vscode.commands.executeCommand<string | undefined>('waspChain.addChain', {
      name: ' Added ',
      nodeUrl: `${open.url}/`,
      chainId: DEMO_CHAINS.iotaEvm.toUpperCase(),
      target: 'user',
      probe: true,
    });
    assert.equal(name, 'Added');
    assert.deepEqual(config().inspect('chains')?.globalValue, [{ name: 'Added', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    assert.equal(chainItem(a, 'Added').contextValue, 'chain.ok');

    // Rejected: a duplicate name, a bad checksum, a URL with credentials. Any failure returns
    // undefined, so each refusal is told apart by the message it shows.
    const refusals: Array<[Record<string, string>, RegExp]> = [
      [{ name: 'added', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm }, /not added: A chain named "added" already exists/],
      [{ name: 'Other', nodeUrl: open.url, chainId: DEMO_MALFORMED_CHAIN_ID }, /not added: The chain ID is not valid Bech32/],
      [
        { name: 'Other', nodeUrl: 'https://user:pw@example.com', chainId: DEMO_CHAINS.shimmerEvm },
        /not added: The node URL must not carry a user name or password/,
      ],
    ];
    for (const [args, why] of refusals) {
      const spied = await withErrorMessageSpy(async () => vscode.commands.executeCommand('waspChain.addChain', args));
      assert.ok(spied, 'the showErrorMessage spy is installed (else this test could not tell)');
      assert.equal(spied.result, undefined);
      assert.equal(spied.messages.length, 1, JSON.stringify(spied.messages));
      assert.match(spied.messages[0] ?? '', why);
    }
    assert.equal((config().inspect<unknown[]>('chains')?.globalValue ?? []).length, 1);

    assert.equal(await vscode.commands.executeCommand('waspChain.setDefaultChain', chainNode(a, 'Added')), 'Added');
    assert.equal(a.services.chains.defaultChainName(), 'Added');
    const item = chainItem(a, 'Added');
    assert.equal(item.contextValue, 'chain.ok.default');
    assert.match(String(item.description), /^★ /);
    await waitFor(() => a.chains.statusBar.item.text === '$(pass-filled) Added', `the status bar (${a.chains.statusBar.item.text})`);
    assert.equal(
      a.chains.statusBar.item.command && typeof a.chains.statusBar.item.command === 'object'
        ? a.chains.statusBar.item.command.command
        : a.chains.statusBar.item.command,
      'waspChain.setDefaultChain',
    );

    assert.equal(await vscode.commands.executeCommand('waspChain.removeChain', 'Added'), true);
    assert.equal((config().inspect<unknown[]>('chains')?.globalValue ?? []).length, 0);
    assert.equal(a.services.chains.defaultChainName(), undefined, 'the default that named it is reset');
    assert.deepEqual(a.chains.tree.getChildren(), []);
    assert.equal(await vscode.commands.executeCommand('waspChain.removeChain', 'Added'), false);
  });

  it('loads all chains concurrently, not one after the other', async () => {
    await setChains([
      { name: 'C1', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'C2', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
      { name: 'C3', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm },
      { name: 'C4', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm },
    ]);
    await loaded(a);
    open.setLatency(400);
    open.clearRequests();
    const started = Date.now();
    await vscode.commands.executeCommand('waspChain.refresh');
    const took = Date.now() - started;
    // C3 and C4 name the chains of C1 and C2 again: one request per (node, chain) in a refresh.
    assert.equal(open.requests.filter((r) => r.route === 'chaininfo').length, 2, 'one request per distinct chain');
    assert.ok(open.maxConcurrent >= 2, `both requests were in flight at once (max ${open.maxConcurrent})`);
    assert.ok(took < 1500, `took ${took} ms for 4 entries × 400 ms`);
    for (const n of ['C1', 'C2', 'C3', 'C4']) assert.equal(chainItem(a, n).contextValue, 'chain.ok');
  });

  it('copies the chain ID and opens only http(s) links of a chain', async () => {
    const node = await startLocalNode();
    try {
      node.setGovernance(DEMO_CHAINS.iotaEvm, 'latest', { publicURL: 'command:workbench.action.quit', metadata: { website: 'javascript:alert(1)' } });
      await setChains([
        { name: 'Hostile', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'Plain', nodeUrl: node.url, chainId: DEMO_CHAINS.inactive },
      ]);
      await loaded(a);
      assert.equal(await vscode.commands.executeCommand('waspChain.openWebsite', chainNode(a, 'Hostile')), 'unsafe');
      assert.equal(await vscode.commands.executeCommand('waspChain.openPublicUrl', chainNode(a, 'Hostile')), 'unsafe');
      // The website line carries the chain's name: the inline action works from it too.
      const website = detail(a, detail(a, chainNode(a, 'Hostile'), 'Public metadata').node, 'Website');
      assert.equal(website.item.description, 'javascript:alert(1)');
      assert.equal(await vscode.commands.executeCommand('waspChain.openWebsite', website.node), 'unsafe');
      // A chain the node does not run: nothing to open, a node error in the tree.
      assert.equal(chainItem(a, 'Plain').contextValue, 'chain.nodeError');
      assert.equal(await vscode.commands.executeCommand('waspChain.openWebsite', chainNode(a, 'Plain')), 'unavailable');

      const copied = await Promise.race([
        vscode.commands.executeCommand<string | undefined>('waspChain.copyChainId', chainNode(a, 'Hostile')),
        new Promise<string>((r) => setTimeout(() => r('clipboard timed out'), 5000)),
      ]);
      assert.equal(copied, DEMO_CHAINS.iotaEvm);
    } finally {
      await node.close();
    }
  });

  it('lists the receipts looked up recently under their chain', async () => {
    await setChains([{ name: 'Receipts', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await loaded(a);
    const requestId = `0x${'ab'.repeat(34)}`;
    a.services.recent.add('Receipts', { requestId, failed: true, blockIndex: 1234, summary: 'accounts.withdraw\nfailed', at: Date.now() });
    const group = detail(a, chainNode(a, 'Receipts'), 'Recent receipts');
    assert.equal(group.item.description, '1');
    const [receipt] = children(a, group.node);
    assert.ok(receipt);
    assert.equal(receipt.item.contextValue, 'receipt');
    assert.equal(receipt.item.label, 'accounts.withdraw failed', 'remote text on one line');
    assert.match(String(receipt.item.description), /block 1,234/);
    assert.equal(receipt.item.command?.command, 'waspChain.showReceipt');
    assert.deepEqual(receipt.item.command?.arguments, [{ requestId, chainName: 'Receipts' }]);
    assert.equal((receipt.node as { requestId?: string }).requestId, requestId, 'the node itself is a showReceipt argument');
  });

  it('shows where a chain comes from: user and workspace settings', async () => {
    await setChains([{ name: 'Mine', nodeUrl: open.url, chainId: DEMO_CHAINS.iotaEvm }]);
    await setChains([{ name: 'Theirs', nodeUrl: open.url, chainId: DEMO_CHAINS.shimmerEvm }], { target: vscode.ConfigurationTarget.Workspace });
    await loaded(a);
    assert.match(String(chainItem(a, 'Mine').description), / · User$/);
    assert.match(String(chainItem(a, 'Theirs').description), / · Workspace$/);
    assert.match(tooltipText(chainItem(a, 'Theirs')), /Workspace settings/);
  });
});
