// A hostile node, seen through every surface of the real extension host: the hover, the Chains
// tree (labels, descriptions, tooltips), the chain info and receipt panels (what their webviews
// rendered), the link commands, and the token. For each: the node's text shows literally and
// revealed, nothing from it becomes markup, a link or a command, the error says what happened,
// and the token goes to its own node only.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { DEFAULT_HOVER_WAIT_MS, HOVER_COMMANDS } from '../../src/receipts/hover';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { HOSTILE, HTML, LRI, MARKDOWN, RLO, SAFE_URL, SPOOFED, UNSAFE_URLS, ZWSP, hostileGovernance, hostileReceipt } from '../fixtures/hostile';
import { foreignMarkdown, foreignMarkup } from '../unit/hostile/corpus';
import {
  activate,
  chainNode,
  config,
  itemTexts,
  label,
  oneHover,
  resetSettings,
  setChains,
  subtree,
  waitFor,
  withOpenExternalSpy,
  withStatusBarSpy,
} from './helpers';

const IOTA = DEMO_CHAINS.iotaEvm;
const KNOWN = DEMO_RECEIPTS.evmSuccess.requestId;
const HOSTILE_ID = `0x${'e7'.repeat(32)}0000`;
const INVISIBLE = new RegExp(`[${RLO}${ZWSP}${LRI}]`);

describe('hostile node: what the user sees', function () {
  this.timeout(40_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let guarded: LocalNode;
  let other: LocalNode;

  const requests = (n: LocalNode, route: string) => n.requests.filter((r) => r.route === route);

  async function loadTree(name = 'Hostile'): Promise<void> {
    await api.chains.model.refresh(name);
    await api.chains.model.whenIdle();
  }

  async function chainInfoPanel(name: string, parts: string[]): Promise<{ panel: ChainInfoPanel; text: string; html: string }> {
    const panel = await vscode.commands.executeCommand<ChainInfoPanel | undefined>('waspChain.showChainInfo', name);
    assert.ok(panel, 'the panel opens');
    const r = await panel
      .waitForRender((x) => parts.every((p) => x.text.includes(p)))
      .catch((e: unknown) => {
        throw new Error(`${String(e)}\nmissing: ${JSON.stringify(parts.filter((p) => !panel.lastRendered?.text.includes(p)))}`);
      });
    return { panel, ...r };
  }

  async function receiptPanel(requestId: string, parts: string[]): Promise<{ panel: ReceiptPanel; text: string; html: string }> {
    const panel = await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', { requestId, chainName: 'Hostile' });
    assert.ok(panel, 'the panel opens');
    const r = await panel
      .waitForRender((x) => parts.every((p) => x.text.includes(p)))
      .catch((e: unknown) => {
        throw new Error(`${String(e)}\nmissing: ${JSON.stringify(parts.filter((p) => !panel.lastRendered?.text.includes(p)))}`);
      });
    return { panel, ...r };
  }

  function assertInertHtml(html: string, where: string): void {
    assert.deepEqual(foreignMarkup(html), [], `${where}: no element or attribute from node text`);
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    guarded = await startLocalNode({ auth: { users: {} } });
    other = await startLocalNode();
    api.receipts.hover.waitMs = 15_000;
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    await setChains([
      { name: 'Hostile', nodeUrl: node.url, chainId: IOTA },
      { name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA },
    ]);
    await config().update('defaultChain', 'Hostile', vscode.ConfigurationTarget.Global);
    await waitFor(() => api.services.chains.lookupOrder()[0]?.name === 'Hostile', 'the default chain');
    // New entries load by themselves when the view has been shown: let that end, then count from zero.
    await api.chains.model.whenIdle();
    for (const n of [node, guarded, other]) n.clearRequests();
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    for (const p of api.chainInfo.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.services.tokens.delete(node.url);
    for (const n of [node, guarded, other]) {
      n.clearFaults();
      n.clearRequests();
    }
    // The demo data again: a test may have planted hostile governance.
    node.setGovernance(IOTA, 'latest', { publicURL: '', metadata: { name: 'IOTA EVM', description: '', website: '', evmJsonRpcURL: '', evmWebSocketURL: '' } });
  });

  after(async () => {
    api.receipts.hover.waitMs = DEFAULT_HOVER_WAIT_MS;
    await resetSettings();
    await Promise.all([node, guarded, other].map((n) => n.close()));
  });

  describe('hover', () => {
    it("a node's error message with Markdown links, images, command URIs, HTML and bidi shows as text; only our command links remain", async () => {
      node.inject({ route: 'receipt', fault: { type: 'status', status: 500, body: { Message: `${SPOOFED} ${MARKDOWN}`, Error: HTML } } });
      const h = await oneHover(`x ${KNOWN}`, KNOWN);
      assert.match(h.plain, /Hostile: Node error: The node answered 500/);
      assert.ok(h.plain.includes('[click me](command:workbench.action.terminal.new)'), `the link shows as text:\n${h.plain}`);
      assert.ok(h.plain.includes('iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩'), 'the override is shown, not obeyed');
      assert.deepEqual(foreignMarkdown(h.value, HOVER_COMMANDS), [], h.value);
      assert.notEqual(h.md?.supportHtml, true, 'no HTML in hovers');
      // isTrusted: true would enable every command: the hover holds exactly our allowlist.
      const trusted = h.md?.isTrusted;
      assert.ok(typeof trusted === 'object', `isTrusted is an allowlist, not ${String(trusted)}`);
      assert.deepEqual([...(trusted.enabledCommands ?? [])].sort(), [...HOVER_COMMANDS].sort(), 'trusted for our commands only');
    });

    it('a hostile receipt: sender, error, code and params are literal and revealed; the sender cannot pass for another ID', async () => {
      node.setReceipt(IOTA, hostileReceipt(HOSTILE_ID));
      const h = await oneHover(`x ${HOSTILE_ID}`, HOSTILE_ID);
      assert.match(h.plain, /Request failed:/);
      assert.ok(h.plain.includes('sender iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩2wm⟨U+2066⟩x'), h.plain);
      assert.doesNotMatch(h.value, INVISIBLE);
      assert.deepEqual(foreignMarkdown(h.value, HOVER_COMMANDS), [], h.value);
    });

    it('401 forever: hovering the same ID 20 times sends one request, and says what to do', async () => {
      await setChains([{ name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA }]);
      for (let i = 0; i < 20; i++) {
        const h = await oneHover(`x ${KNOWN}`, KNOWN);
        assert.match(h.plain, /Guarded: access denied: /);
        assert.ok(h.value.includes('command:waspChain.setToken?'), 'with a Set Access Token link');
      }
      assert.equal(requests(guarded, 'receipt').length, 1, 'one request for 20 hovers (a short negative cache)');
    });

    it('a 429 with Retry-After: the hover says how long to wait, and asks nothing again meanwhile', async () => {
      node.inject({ route: 'receipt', fault: { type: 'retryAfter', seconds: 30 } });
      const h = await oneHover(`x ${KNOWN}`, KNOWN);
      assert.match(h.plain, /Hostile: the node is rate limiting requests \(429\) and asks to wait 30 s\./);
      for (let i = 0; i < 5; i++) await oneHover(`x ${KNOWN}`, KNOWN);
      assert.equal(requests(node, 'receipt').length, 1, 'no retry loop');
    });
  });

  describe('tree', () => {
    it('labels, descriptions and tooltips show HTML and bidi as text; no tooltip renders HTML, a link or a command', async () => {
      node.setGovernance(
        IOTA,
        'latest',
        hostileGovernance({ website: 'javascript:alert(1)', publicURL: 'command:workbench.action.terminal.new', evm: 'file:///etc/passwd' }),
      );
      await loadTree();
      const chain = chainNode(api, 'Hostile');
      const items = [{ node: chain, item: api.chains.tree.getTreeItem(chain) }, ...subtree(api, chain)];
      assert.ok(items.length > 10, 'the chain is loaded, with its details');
      for (const { item } of items) {
        for (const text of itemTexts(item)) assert.doesNotMatch(text, INVISIBLE, `revealed in "${label(item)}"`);
        if (item.tooltip instanceof vscode.MarkdownString) {
          assert.notEqual(item.tooltip.isTrusted, true, 'an untrusted tooltip');
          assert.equal(typeof item.tooltip.isTrusted === 'object', false, 'no command allowed');
          assert.notEqual(item.tooltip.supportHtml, true);
          assert.deepEqual(foreignMarkdown(item.tooltip.value, []), [], `tooltip of ${label(item)}: ${item.tooltip.value}`);
        }
      }
      const byLabel = new Map(items.map((x) => [label(x.item), x.item]));
      assert.ok(
        String(byLabel.get('Name')?.description).startsWith('iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩2wm⟨U+2066⟩x <img src=x onerror=alert(1)>'),
        'the name as text, revealed',
      );
      assert.ok(String(byLabel.get('Owner')?.description).startsWith('iota1pzt3m⟨U+202E⟩'));
      assert.doesNotMatch(String(byLabel.get('Description')?.description), /\n/, 'one line');
      assert.notEqual(byLabel.get('Website')?.contextValue, 'chainUrl.website', 'no Open action for a javascript: website');
      assert.notEqual(byLabel.get('Public URL')?.contextValue, 'chainUrl.publicUrl', 'no Open action for a command: public URL');
    });

    it("a node's error with Markdown, HTML and bidi: the chain says what failed, as text", async () => {
      node.inject({ route: 'chaininfo', fault: { type: 'status', status: 500, body: { Message: `${SPOOFED} ${MARKDOWN}` } } });
      await loadTree();
      const item = api.chains.tree.getTreeItem(chainNode(api, 'Hostile'));
      assert.match(String(item.description), /^(★ )?node error/);
      const tooltip = item.tooltip as vscode.MarkdownString;
      assert.deepEqual(foreignMarkdown(tooltip.value, []), [], tooltip.value);
      const plain = tooltip.value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
      assert.ok(plain.includes('[click me](command:workbench.action.terminal.new)'), plain);
      assert.ok(plain.includes('⟨U+202E⟩'), 'revealed');
    });

    it('401 and 5xx forever: the tree never retries by itself; each Refresh is one request', async () => {
      node.inject({ route: 'chaininfo', fault: { type: 'html', status: 502 } });
      await loadTree('Hostile');
      await loadTree('Guarded');
      const counts = () => [requests(node, 'chaininfo').length, requests(guarded, 'chaininfo').length];
      // The 502 is asked once more by the transport (its one retry of a GET); the 401 is not.
      assert.deepEqual(counts(), [2, 1]);
      assert.match(String(api.chains.tree.getTreeItem(chainNode(api, 'Guarded')).description), /^(★ )?needs a token/);
      assert.match(String(api.chains.tree.getTreeItem(chainNode(api, 'Hostile')).description), /^(★ )?node error/);
      // The view redraws (and reads the model) as often as it likes: nothing is sent.
      for (let i = 0; i < 20; i++) for (const n of api.chains.tree.getChildren()) api.chains.tree.getTreeItem(n);
      // Long enough for a retry with a usual back-off (1-2 s) to have happened.
      await new Promise((r) => setTimeout(r, 3_000));
      await api.chains.model.whenIdle();
      assert.deepEqual(counts(), [2, 1], 'no automatic retry');
      for (let i = 0; i < 3; i++) await vscode.commands.executeCommand('waspChain.refresh', 'Guarded');
      assert.deepEqual(counts(), [2, 4], 'one request per Refresh, no retry loop');
    });

    it('a 429: the tree says it is rate limited and how long to wait', async () => {
      node.inject({ route: 'chaininfo', fault: { type: 'retryAfter', seconds: 17 } });
      await loadTree();
      const item = api.chains.tree.getTreeItem(chainNode(api, 'Hostile'));
      assert.match(String(item.description), /^(★ )?rate limited/);
      assert.match((item.tooltip as vscode.MarkdownString).value.replace(/\\(.)/g, '$1'), /asks to wait 17 s/);
      assert.equal(requests(node, 'chaininfo').length, 1);
    });
  });

  describe('links', () => {
    it('javascript:, command:, file: and data: links: the commands refuse with a warning and open nothing; an http(s) link opens', async () => {
      const outcome = await withOpenExternalSpy(async (calls) => {
        for (const url of UNSAFE_URLS) {
          node.setGovernance(IOTA, 'latest', { publicURL: url, metadata: { website: url } });
          await loadTree();
          assert.equal(await vscode.commands.executeCommand('waspChain.openWebsite', 'Hostile'), 'unsafe', url);
          assert.equal(await vscode.commands.executeCommand('waspChain.openPublicUrl', 'Hostile'), 'unsafe', url);
        }
        assert.deepEqual(calls, [], 'nothing was opened');
        node.setGovernance(IOTA, 'latest', { publicURL: SAFE_URL, metadata: { website: SAFE_URL } });
        await loadTree();
        assert.equal(await vscode.commands.executeCommand('waspChain.openWebsite', 'Hostile'), 'opened');
        assert.equal(await vscode.commands.executeCommand('waspChain.openPublicUrl', 'Hostile'), 'opened');
        assert.deepEqual(calls, [SAFE_URL, SAFE_URL]);
      });
      assert.ok(outcome, 'the openExternal spy is installed (else this test could not tell)');
      const website = subtree(api, chainNode(api, 'Hostile')).find((x) => label(x.item) === 'Website');
      assert.equal(website?.item.contextValue, 'chainUrl.website', 'an http(s) website is offered to open');
    });
  });

  describe('panels', () => {
    it('chain info: HTML and bidi show as text; unsafe URLs are text without an Open button; an http(s) link has one', async () => {
      node.setGovernance(
        IOTA,
        'latest',
        hostileGovernance({ website: SAFE_URL, publicURL: 'javascript:alert(1)', evm: 'data:text/html,<script>alert(1)</script>' }),
      );
      const { text, html } = await chainInfoPanel('Hostile', ['Public metadata', HTML]);
      assertInertHtml(html, 'chain info');
      assert.doesNotMatch(text, INVISIBLE);
      assert.doesNotMatch(html, INVISIBLE, 'revealed in closed <details> too');
      assert.ok(text.includes('iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩'), 'revealed');
      assert.ok(text.includes('[click me](command:workbench.action.terminal.new)'), 'the description shows literally');
      assert.ok(text.includes('javascript:alert(1)') && text.includes('data:text/html,<script>alert(1)</script>'), 'unsafe URLs are shown as text');
      const opens = [...html.matchAll(/title="Open ([a-z][a-z0-9+.-]*:[^"]*)"/gi)].map((m) => m[1]);
      assert.deepEqual(opens, [SAFE_URL.replace(/&/g, '&amp;')], 'an Open button for the http(s) website only');
    });

    it('chain info: a webview message asking to open a non-web link is refused by the host, and nothing opens', async () => {
      const { panel } = await chainInfoPanel('Hostile', ['Public metadata']);
      const receive = (panel as unknown as { receive(m: unknown): Promise<void> }).receive.bind(panel);
      const outcome = await withOpenExternalSpy(async (calls) => {
        for (const url of UNSAFE_URLS) await receive({ type: 'action', action: { kind: 'openExternal', url } });
        await receive({ type: 'action', action: { kind: 'openExternal', url: { toString: () => 'command:x' } } });
        return calls.length;
      });
      assert.ok(outcome, 'the openExternal spy is installed (else this test could not tell)');
      assert.equal(outcome.result, 0, 'openExternal was never called');
    });

    it('a copy action: what was copied is named in the status bar as text, never as an icon', async () => {
      const { panel } = await chainInfoPanel('Hostile', ['Public metadata']);
      const receive = (panel as unknown as { receive(m: unknown): Promise<void> }).receive.bind(panel);
      const outcome = await withStatusBarSpy(async (texts) => {
        // The label a webview sends with a copy: a Rebased coin's symbol comes from the node's coin type.
        await receive({ type: 'action', action: { kind: 'copy', text: 'x', what: '$(sync~spin)Verified\u202e' } });
        // The action runs after the clipboard write: wait for its message.
        await waitFor(() => texts.length > 0, 'the status bar message of the copy');
        return texts;
      });
      assert.ok(outcome, 'the setStatusBarMessage spy is installed (else this test could not tell)');
      assert.equal(outcome.result.length, 1, `one status bar message: ${JSON.stringify(outcome.result)}`);
      const text = outcome.result[0] ?? '';
      assert.doesNotMatch(text, /(^|[^\\])\$\(/, `no icon syntax left unescaped: ${text}`);
      assert.doesNotMatch(text, INVISIBLE, 'invisible characters revealed');
    });

    it('receipt: every hostile field shows literally and revealed; no element or attribute from node text', async () => {
      node.setReceipt(IOTA, hostileReceipt(HOSTILE_ID));
      const { text, html } = await receiptPanel(HOSTILE_ID, ['Request failed', '<img src=x onerror=alert(1)>']);
      assertInertHtml(html, 'receipt');
      assert.doesNotMatch(text, INVISIBLE);
      // The raw JSON sits in a collapsed section built on first open: the echoed text holds it
      // (collapsed sections are built aside for it), the HTML not until the user opens it.
      assert.doesNotMatch(html, INVISIBLE);
      assert.ok(text.includes('"senderAccount": "iota1pzt3m⟨U+202E⟩'), "the raw JSON shows the node's text revealed");
      for (const part of [
        '<script>alert(document.cookie)</script>',
        '[click me](command:workbench.action.terminal.new)',
        'iota1pzt3m⟨U+202E⟩5uxq8⟨U+200B⟩2wm⟨U+2066⟩x',
        '<b>key</b>',
      ]) {
        assert.ok(text.includes(part), `shows ${part}`);
      }
    });

    it('errors: a 500 with an HTML page and a hostile error message are explained as text', async () => {
      node.inject({ route: 'chaininfo', fault: { type: 'html', status: 500, html: `<html><script>alert(1)</script>${HOSTILE}</html>` } });
      const info = await chainInfoPanel('Hostile', ['Node error', 'HTML page']);
      assertInertHtml(info.html, 'chain info error');
      assert.doesNotMatch(info.text, /<script>/, 'the page itself is not quoted');
      node.inject({ route: 'receipt', fault: { type: 'status', status: 500, body: { Message: `${SPOOFED} ${HTML}` } } });
      const receipt = await receiptPanel(KNOWN, ['Node error', '<img src=x onerror=alert(1)>']);
      assertInertHtml(receipt.html, 'receipt error');
      assert.ok(receipt.text.includes('⟨U+202E⟩'));
    });
  });

  describe('the token', () => {
    it('is never sent along a redirect to another host: hover, tree and panel all say "redirected"; the other host sees nothing', async () => {
      await api.services.tokens.set(node.url, 'hostile-suite-token');
      const target = (path: string) => `${other.url}${path}`;
      node.inject({ route: 'receipt', fault: { type: 'redirect', status: 307, location: target(`/v1/chains/${IOTA}/core/blocklog/requests/${KNOWN}`) } });
      node.inject({ route: 'chaininfo', fault: { type: 'redirect', status: 301, location: target(`/v1/chains/${IOTA}/core/governance/chaininfo`) } });
      const h = await oneHover(`x ${KNOWN}`, KNOWN);
      assert.match(h.plain, /Hostile: Redirected: The node redirected to http:\/\/127\.0\.0\.1:\d+\/v1\/chains/);
      await loadTree();
      assert.match(String(api.chains.tree.getTreeItem(chainNode(api, 'Hostile')).description), /^(★ )?redirected/);
      await chainInfoPanel('Hostile', ['Redirected', 'Tokens are never sent along a redirect']);
      assert.equal(other.requests.length, 0, 'the other host received no request at all');
      const sent = node.requests.filter((r) => r.headers.authorization !== undefined);
      assert.ok(sent.length >= 3, 'the token went to its own node');
      assert.ok(sent.every((r) => r.headers.authorization === 'Bearer hostile-suite-token'));
    });
  });
});
