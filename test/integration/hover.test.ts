// The request ID hover in a real extension host against the local Wasp node, driven only through
// vscode.executeHoverProvider: what it says for each kind of answer (success, revert, not found,
// 401, node down, slow node), where it appears (code, comments, strings, logs, JSON, Markdown),
// where it must not (non-IDs, setting off), and that hostile node text stays inert.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { DEFAULT_HOVER_WAIT_MS, HOVER_COMMANDS } from '../../src/receipts/hover';
import { DEMO_CHAINS, DEMO_EVM_REVERT_REASON, DEMO_RECEIPTS, DEMO_UNKNOWN_REQUEST_ID } from '../fixtures/demoData';
import { hostileReceipt } from '../fixtures/hostile';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, setChains, setSetting } from './helpers';
import { iconsAsRendered } from '../unit/hostile/corpus';

const SUCCESS = DEMO_RECEIPTS.evmSuccess.requestId;
const REVERT = DEMO_RECEIPTS.evmRevert.requestId;
const ON_SHIMMER = DEMO_RECEIPTS.onLedgerNft.requestId;
const HOSTILE_ID = `0x${'e7'.repeat(32)}0000`;

interface HoverText {
  /** The Markdown source as the hover carries it. */
  value: string;
  /** What it reads like: Markdown escapes removed. */
  plain: string;
  md: vscode.MarkdownString | undefined;
}

describe('receipt hover', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let authNode: LocalNode;
  let deadUrl: string;
  const standardChains = () => [
    { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
    { name: 'ShimmerEVM', nodeUrl: node.url, chainId: DEMO_CHAINS.shimmerEvm },
  ];

  /** Our hovers at the first occurrence of `needle` (offset inside it) in a new document. */
  async function hoverAt(content: string, language: string, needle: string, offset = 5): Promise<HoverText[]> {
    const doc = await vscode.workspace.openTextDocument({ content, language });
    const at = content.indexOf(needle);
    assert.ok(at >= 0, 'the needle is in the document');
    const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(at + offset))) ?? [];
    const texts: HoverText[] = hovers.flatMap((h) =>
      h.contents.map((c) => {
        const value = typeof c === 'string' ? c : c.value;
        // Bold markers are ours (unescaped), node text has its asterisks escaped: drop only ours.
        const plain = value.replace(/(^|[^\\])\*\*/g, '$1').replace(/\\([!-/:-@[-`{-~])/g, '$1');
        return { value, plain, md: c instanceof vscode.MarkdownString ? c : undefined };
      }),
    );
    // Ours are the ones that link to our commands or say what a receipt lookup found.
    return texts.filter((t) =>
      /command:waspChain\.|No receipt for this request|Looking up the receipt|No chain is configured|Request (succeeded|failed)/.test(t.value + t.plain),
    );
  }

  async function oneHover(content: string, language: string, needle: string, offset?: number): Promise<HoverText> {
    const ours = await hoverAt(content, language, needle, offset);
    assert.equal(ours.length, 1, `one receipt hover (got ${ours.length})`);
    return ours[0] as HoverText;
  }

  const receiptRequests = (n: LocalNode) => n.requests.filter((r) => r.route === 'receipt');

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    authNode = await startLocalNode({
      auth: { users: {} },
      staticTokens: { 'read-only-token': ['read'] },
      chainPermissions: { [DEMO_CHAINS.iotaEvm]: 'write' },
    });
    const dead = await startLocalNode();
    deadUrl = dead.url;
    await dead.close();
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
    // Only the slow-node test relies on the loading line: elsewhere a busy host must not trigger it.
    api.receipts.hover.waitMs = 15_000;
    await setChains(standardChains(), { defaultChain: 'IOTA EVM' });
  });

  afterEach(async () => {
    node.clearFaults();
    node.clearRequests();
    await config().update('hover.enabled', undefined, vscode.ConfigurationTarget.Global);
    await config().update('hover.evmTransactions', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    api.receipts.hover.waitMs = DEFAULT_HOVER_WAIT_MS;
    await api.services.tokens.delete(authNode.url);
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await node.close();
    await authNode.close();
  });

  it('shows a successful receipt for an ID in a TypeScript comment, with our links only', async () => {
    const content = `// The transfer: ${SUCCESS}\nexport const x = 1;\n`;
    const h = await oneHover(content, 'typescript', SUCCESS, 20);
    for (const part of [
      'Request succeeded',
      'Chain IOTA EVM',
      `block ${DEMO_RECEIPTS.evmSuccess.blockIndex}`,
      'request index 0',
      'EVM transaction (off-ledger)',
      'Gas burned 21,000 of 21,000',
      'fee charged 210 base tokens',
      'storage deposit 0 base tokens',
      'Call evm.sendTransaction (07cb02c1.e30cd9fa)',
      'sender 0xDb30…a142@iota1pzt3m',
    ]) {
      assert.ok(h.plain.includes(part), `hover says "${part}":\n${h.plain}`);
    }
    const open = `command:waspChain.showReceipt?${encodeURIComponent(JSON.stringify([{ requestId: SUCCESS, chainName: 'IOTA EVM' }]))}`;
    assert.ok(h.value.includes(`](${open})`), `Open Receipt link: ${h.value}`);
    assert.ok(h.value.includes(`](command:waspChain.copyRequestId?${encodeURIComponent(JSON.stringify([SUCCESS]))})`), 'Copy link');
    // isTrusted: true would enable every command: only the allowlist object is acceptable.
    const trusted = h.md?.isTrusted;
    assert.ok(typeof trusted === 'object', `isTrusted is an allowlist, not ${String(trusted)}`);
    assert.deepEqual([...(trusted.enabledCommands ?? [])].sort(), [...HOVER_COMMANDS].sort());
    assert.notEqual(h.md?.supportHtml, true);
    const recent = api.services.recent.list('IOTA EVM')[0];
    assert.equal(recent?.requestId, SUCCESS, 'the receipt is listed under its chain in the tree');
    assert.equal(recent?.failed, false);
  });

  it('appears wherever the ID is written: a string literal, a log line, JSON, Markdown', async () => {
    const cases: Array<[string, string]> = [
      [`const id = "${SUCCESS}";\n`, 'typescript'],
      [`2025-01-01T00:00:00Z INFO request ${SUCCESS} processed\n`, 'log'],
      [`{\n  "requestId": "${SUCCESS}"\n}\n`, 'json'],
      [`# Notes\n\nSee \`${SUCCESS}\` for the transfer.\n`, 'markdown'],
      [`id=${SUCCESS}`, 'plaintext'],
    ];
    for (const [content, language] of cases) {
      const h = await oneHover(content, language, SUCCESS, 40);
      assert.ok(h.plain.includes('Request succeeded'), `${language}: ${h.plain}`);
    }
    assert.equal(receiptRequests(node).length, 1, 'one request: the other hovers came from the cache');
  });

  it('leads a failed EVM receipt with its decoded revert reason', async () => {
    const h = await oneHover(`log: ${REVERT}`, 'log', REVERT);
    const first = h.plain.split('\n')[0] ?? '';
    assert.ok(first.includes('Request failed:'), first);
    assert.ok(first.includes(DEMO_EVM_REVERT_REASON), `the revert reason comes first: ${first}`);
    assert.ok(h.plain.includes('Error code a774 (core error: execution reverted: …)'), h.plain);
    const lines = h.plain.split(/ {2}\n|\n\n/).map((l) => l.trim());
    const raw = lines.findIndex((l) => /^Raw error data: 0x08c379a0[0-9a-f]+…$/.test(l));
    assert.ok(raw > 0 && lines.slice(raw + 1).every((l) => l.includes('command:')), `the revert data last, clipped: ${h.plain}`);
    assert.equal(h.plain.match(/08c379a0/g)?.length, 1, 'and only there');
    assert.equal(api.services.recent.list('IOTA EVM')[0]?.failed, true);
  });

  it('asks the default chain first, then the others: the first that knows the request answers', async () => {
    await setChains(standardChains(), { defaultChain: 'ShimmerEVM' });
    const onShimmer = await oneHover(`id ${ON_SHIMMER}`, 'plaintext', ON_SHIMMER);
    assert.ok(onShimmer.plain.includes('Chain ShimmerEVM'), onShimmer.plain);
    assert.ok(onShimmer.plain.includes('on-ledger request'));
    node.clearRequests();
    const onIota = await oneHover(`id ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(onIota.plain.includes('Chain IOTA EVM'), onIota.plain);
    const asked = receiptRequests(node).map((r) => (r.path.includes(DEMO_CHAINS.shimmerEvm) ? 'ShimmerEVM' : 'IOTA EVM'));
    assert.deepEqual(asked, ['ShimmerEVM', 'IOTA EVM'], 'the default chain (ShimmerEVM) was asked first');
  });

  it('says when no chain has the request, naming the chains asked', async () => {
    const h = await oneHover(`"${DEMO_UNKNOWN_REQUEST_ID}"`, 'json', DEMO_UNKNOWN_REQUEST_ID);
    assert.ok(h.plain.includes('No receipt for this request on IOTA EVM, ShimmerEVM.'), h.plain);
    // The "not found" is believed for a while: hovering again sends nothing.
    const before = receiptRequests(node).length;
    await oneHover(`"${DEMO_UNKNOWN_REQUEST_ID}"`, 'json', DEMO_UNKNOWN_REQUEST_ID);
    assert.equal(receiptRequests(node).length, before);
  });

  it('names the missing permission on a 401 and links to Set Access Token', async () => {
    await api.services.tokens.set(authNode.url, 'read-only-token');
    try {
      await setChains([{ name: 'Guarded', nodeUrl: authNode.url, chainId: DEMO_CHAINS.iotaEvm }]);
      const h = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
      assert.ok(h.plain.includes('Guarded: access denied: the node requires the "write" permission.'), h.plain);
      assert.ok(h.value.includes(`](command:waspChain.setToken?${encodeURIComponent(JSON.stringify(['Guarded']))})`), h.value);
      assert.ok(!h.plain.includes('read-only-token'), 'the token never shows');
    } finally {
      await api.services.tokens.delete(authNode.url);
    }
  });

  it('says when the node is down', async () => {
    await setChains([{ name: 'Dead', nodeUrl: deadUrl, chainId: DEMO_CHAINS.iotaEvm }]);
    const h = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(h.plain.includes('Dead: node unreachable (connection refused).'), h.plain);
    assert.ok(h.value.includes('command:waspChain.showReceipt?'), 'still offers the panel');
  });

  it('shows a loading line with the Open Receipt link when the node is slow, and the answer on the next hover', async () => {
    api.receipts.hover.waitMs = 200;
    node.inject({ route: 'receipt', times: 1, fault: { type: 'latency', ms: 2500 } });
    const h = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(h.plain.includes('Looking up the receipt'), h.plain);
    assert.ok(h.value.includes(`command:waspChain.showReceipt?${encodeURIComponent(JSON.stringify([{ requestId: SUCCESS }]))}`), h.value);
    // The lookup went on without the hover; once it is done, the next hover answers from the cache.
    for (let i = 0; i < 300 && api.receipts.service.cache.pending > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const next = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(next.plain.includes('Request succeeded'), next.plain);
    assert.equal(receiptRequests(node).length, 1, 'one request for both hovers');
  });

  it("leads a not-found hover with its answer, and names another chain's failure after it, briefly", async () => {
    // The default chain's node fails with a 500 carrying a long message; the other chain does not know the request.
    const long = `internal error: ${'x'.repeat(300)}`;
    node.inject({ route: 'receipt', times: 1, fault: { type: 'status', status: 500, body: { Error: long, Message: long } } });
    const h = await oneHover(`x ${DEMO_UNKNOWN_REQUEST_ID}`, 'plaintext', DEMO_UNKNOWN_REQUEST_ID);
    const lines = h.plain.split('\n').filter((l) => l.trim() !== '');
    assert.match(lines[0] ?? '', /^\$\(search\) No receipt for this request on ShimmerEVM\. \[Watch\]/, `the answer first:\n${h.plain}`);
    const failure = lines.findIndex((l) => l.includes('IOTA EVM'));
    assert.ok(failure > 0, `the failure after the answer:\n${h.plain}`);
    assert.ok((lines[failure] ?? '').length < 140, `briefly: ${lines[failure]}`);
  });

  it('names a call target that is not a core contract as hnames, as the receipt panel does', async () => {
    const id = DEMO_RECEIPTS.gasBurnLogParams.requestId;
    const h = await oneHover(`x ${id}`, 'plaintext', id);
    assert.ok(h.plain.includes('Call fa9fa907.ae9deae4 (hnames of a contract that is not a core contract)'), h.plain);
  });

  it('a gas budget of the largest uint64 reads "no gas limit", not a share of it', async () => {
    const id = DEMO_RECEIPTS.bigAmounts.requestId;
    const h = await oneHover(`x ${id}`, 'plaintext', id);
    assert.ok(h.plain.includes('Gas burned 15,000 (no gas limit)'), h.plain);
    assert.doesNotMatch(h.plain, /[0-9]\.[0-9]%/, 'no share of the largest uint64');
    assert.ok(h.plain.includes('Call accounts.transferAllowanceTo (3c4b5e02.'), h.plain);
  });

  it('sends one request for many hovers at once', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: `a ${SUCCESS}`, language: 'plaintext' });
    const pos = doc.positionAt(10);
    node.inject({ route: 'receipt', times: 1, fault: { type: 'latency', ms: 300 } });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos)),
    );
    assert.equal(all.length, 20);
    assert.equal(receiptRequests(node).length, 1);
  });

  it('shows nothing for text that is not a request ID', async () => {
    const hash = SUCCESS.slice(0, 66);
    const cases: Array<[string, string]> = [
      [`hash ${hash} here`, hash], // an EVM hash, with the setting off
      [`long 0x${'ab'.repeat(35)} here`, '0x'], // 70 hex digits
      [`short 0x${'ab'.repeat(33)} here`, '0x'], // 66 hex digits
      [`glued x${SUCCESS} here`, SUCCESS], // part of a longer word
      [`glued ${SUCCESS}ff here`, SUCCESS], // runs on into more hex
      ['just 0x1234 and words, nothing more to see on this line at all, really', '0x1234'],
    ];
    for (const [content, needle] of cases) {
      const ours = await hoverAt(content, 'plaintext', needle, 8);
      assert.deepEqual(
        ours.map((o) => o.plain),
        [],
        `no hover for: ${content}`,
      );
    }
    assert.equal(receiptRequests(node).length, 0, 'and no request');
  });

  it('looks up an EVM transaction hash as hash + 0000 when waspChain.hover.evmTransactions is on', async () => {
    await setSetting('hover.evmTransactions', true);
    const hash = SUCCESS.slice(0, 66);
    const h = await oneHover(`txHash = ${hash}`, 'plaintext', hash);
    assert.ok(h.plain.includes('Request succeeded'), h.plain);
    assert.ok(h.plain.includes('EVM transaction 0x'), h.plain);
    assert.ok(receiptRequests(node)[0]?.path.endsWith(`/requests/${SUCCESS}`), 'asked for hash + 0000');
  });

  it('is off when waspChain.hover.enabled is false', async () => {
    await setSetting('hover.enabled', false);
    const ours = await hoverAt(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.equal(ours.length, 0);
    assert.equal(receiptRequests(node).length, 0);
  });

  it('offers Add Chain when no chain is configured', async () => {
    await setChains([]);
    const h = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(h.plain.includes('No chain is configured'), h.plain);
    assert.ok(h.value.includes('](command:waspChain.addChain)'));
  });

  it('keeps a chain name with Markdown characters inside its link (and as text)', async () => {
    const name = 'Evil) [x](command:workbench.action.terminal.new) (*';
    await setChains([{ name, nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }]);
    const h = await oneHover(`x ${SUCCESS}`, 'plaintext', SUCCESS);
    assert.ok(h.plain.includes(`Chain ${name}`), h.plain);
    const targets = [...h.value.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1] ?? '');
    const open = targets.find((t) => t.startsWith('command:waspChain.showReceipt?'));
    assert.ok(open, h.value);
    assert.deepEqual(JSON.parse(decodeURIComponent(open.slice(open.indexOf('?') + 1))), [{ requestId: SUCCESS, chainName: name }]);
    // An EVM receipt on a known explorer also links the explorer, through our command with the same arguments.
    const explorer = targets.find((t) => t.startsWith('command:waspChain.openInExplorer?'));
    if (explorer) assert.deepEqual(JSON.parse(decodeURIComponent(explorer.slice(explorer.indexOf('?') + 1))), [{ requestId: SUCCESS, chainName: name }]);
    // An EVM request also links Debug Transaction, with its hash and the same name.
    const debug = targets.find((t) => t.startsWith('command:waspChain.debugTransaction?'));
    if (debug) assert.deepEqual(JSON.parse(decodeURIComponent(debug.slice(debug.indexOf('?') + 1))), [{ transaction: SUCCESS.slice(0, 66), chain: name }]);
    for (const t of targets) assert.match(t, /^command:waspChain\.(showReceipt|copyRequestId|openInExplorer|debugTransaction)\?/, `link target ${t}`);
  });

  it('keeps node text inert: no link, HTML, entity or command URI from a hostile node', async () => {
    node.setReceipt(DEMO_CHAINS.iotaEvm, hostileReceipt(HOSTILE_ID));
    const h = await oneHover(`x ${HOSTILE_ID}`, 'plaintext', HOSTILE_ID);
    assert.ok(h.plain.includes('Request failed:'), h.plain);
    assert.ok(h.plain.includes('[click me](command:workbench.action.terminal.new)'), 'the hostile text shows literally');
    // Links: only ours. Every `](` opens one of our command links.
    const targets = [...h.value.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1] ?? '');
    assert.ok(targets.length >= 2);
    for (const t of targets) assert.match(t, /^command:waspChain\.(showReceipt|copyRequestId)\?/, `link target ${t}`);
    // Every command URI in the source is ours; the hostile ones have their colon escaped.
    const commands = [...h.value.matchAll(/command:([\w.]+)/g)].map((m) => m[1]);
    for (const c of commands) assert.ok(HOVER_COMMANDS.includes(c ?? ''), `command ${c}`);
    assert.doesNotMatch(h.value, /(^|[^\\])<(img|script|a|command)\b/i, 'no live HTML tag or autolink');
    // `&#36;` is the escaper's `$` (it reads as a dollar sign and can form no icon).
    assert.doesNotMatch(h.value, /(^|[^\\])&#(?!36;)/, 'no live entity');
    assert.doesNotMatch(h.value, /https?:\/\//, 'no bare URL to autolink');
    // As VS Code renders it: our icons start a line, one inside text came from the node.
    assert.deepEqual(
      iconsAsRendered(h.value, h.md?.supportThemeIcons).filter((i) => !i.lineStart),
      [],
      'no theme icon from node text',
    );
    assert.doesNotMatch(h.value, /(^|[^\\])!\[/, 'no image');
  });
});
