// The hover over what may be a secret, in a real extension host against the local Wasp node:
// a private key in the test workspace's .env sends nothing (checked from the requests the node
// recorded) and offers "Look up"; the same 64-hex string in a plain TypeScript file is looked up;
// the link looks it up when clicked, with the validated ID as its only argument.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { HOVER_COMMANDS } from '../../src/receipts/hover';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, hoversIn, setChains, setSetting, waitFor, type HoverText } from './helpers';

const SUCCESS = DEMO_RECEIPTS.evmSuccess.requestId;
/** The EVM hash of a receipt the node knows: what the .env's PRIVATE_KEY holds. */
const HASH = SUCCESS.slice(0, 66);
const HEX = HASH.slice(2).toLowerCase();
const NOT_LOOKED_UP = 'This looks like it may be a secret (a private key in a .env file): not looked up.';

describe('secret hover', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;

  /** The requests the node recorded that carry the hex anywhere (path, query, headers or body). */
  const sentHex = () => node.requests.filter((r) => [r.url, r.body ?? '', ...Object.values(r.headers)].some((s) => s.toLowerCase().includes(HEX)));

  async function envDocument(): Promise<vscode.TextDocument> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the tests run in a workspace folder');
    return vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, '.env'));
  }

  before(async () => {
    api = await activate();
    node = await startLocalNode();
  });

  beforeEach(async () => {
    api.receipts.lookup.lookup.invalidate();
    api.receipts.hover.waitMs = 15_000;
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }], { defaultChain: 'IOTA EVM' });
    // On: the hash would be looked up (as hash + 0000) anywhere the secret rule allows.
    await setSetting('hover.evmTransactions', true);
    node.clearRequests();
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    node.clearRequests();
    await config().update('hover.evmTransactions', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await config().update('defaultChain', undefined, vscode.ConfigurationTarget.Global);
    await node.close();
  });

  it('sends nothing for a private key in .env and says why, with a Look up link for the validated ID only', async () => {
    const doc = await envDocument();
    assert.ok(doc.getText().includes(`PRIVATE_KEY=${HASH}`), 'the workspace .env holds the hash as PRIVATE_KEY');
    const ours = await hoversIn(doc, HASH);
    assert.equal(ours.length, 1, `one hover of ours (got ${ours.length})`);
    const h = ours[0] as HoverText;
    assert.ok(h.plain.includes(NOT_LOOKED_UP), h.plain);
    assert.ok(!/Request (succeeded|failed)/.test(h.plain), 'no receipt shown');
    const link = `command:waspChain.showReceipt?${encodeURIComponent(JSON.stringify([{ requestId: HASH.toLowerCase() }]))}`;
    assert.ok(h.value.includes(`(${link})`), `the Look up link carries the validated ID only:\n${h.value}`);
    assert.deepEqual(
      [...h.value.matchAll(/\(command:([^?)]+)/g)].map((m) => m[1]),
      ['waspChain.showReceipt'],
      'one link, Look up',
    );
    const trusted = h.md?.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted.enabledCommands.every((c) => HOVER_COMMANDS.includes(c)), 'only our commands are trusted');
    assert.ok(HOVER_COMMANDS.includes('waspChain.showReceipt'));
    // Hover again and give any stray lookup time to arrive: still nothing.
    await hoversIn(doc, HASH);
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(sentHex(), [], 'the node recorded no request containing the key');
  });

  it('looks the same hash up in a plain TypeScript file', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: `// deployed in\nconst tx = '${HASH}';\n`, language: 'typescript' });
    const ours = await hoversIn(doc, HASH);
    assert.equal(ours.length, 1, `one hover of ours (got ${ours.length})`);
    assert.ok(ours[0]?.plain.includes('Request succeeded'), ours[0]?.plain);
    assert.ok(!ours[0]?.plain.includes('may be a secret'));
    assert.ok(
      sentHex().some((r) => r.route === 'receipt' && r.path.endsWith(`/requests/${SUCCESS}`)),
      'the node was asked for hash + 0000',
    );
  });

  it('looks it up when the Look up link is clicked', async () => {
    const doc = await envDocument();
    const [h] = await hoversIn(doc, HASH);
    const m = /\(command:waspChain\.showReceipt\?([^)]+)\)/.exec(h?.value ?? '');
    assert.ok(m?.[1], `a Look up link: ${h?.value}`);
    const args = JSON.parse(decodeURIComponent(m[1])) as unknown[];
    assert.deepEqual(sentHex(), [], 'nothing sent before the click');
    await vscode.commands.executeCommand('waspChain.showReceipt', ...args);
    await waitFor(() => sentHex().some((r) => r.route === 'receipt'), 'the receipt request after the click');
  });

  it('sends nothing for a key on a line that names it, in any file, for a 64- or 68-hex ID', async () => {
    for (const content of [`accounts: [process.env.DEPLOYER ?? "${HASH}"],\n`, `const deployerPk = '${HASH}';\n`, `PRIVATE_KEY=${SUCCESS}\n`]) {
      const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
      const ours = await hoversIn(doc, HASH);
      assert.equal(ours.length, 1, `one hover of ours for ${content}`);
      assert.ok(ours[0]?.plain.includes('may be a secret'), ours[0]?.plain);
      assert.ok(ours[0]?.plain.includes('not looked up'), ours[0]?.plain);
    }
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(sentHex(), [], 'the node recorded no request containing the hex');
  });

  it('with waspChain.hover.evmTransactions off, a key in .env gets no hover and sends nothing', async () => {
    await config().update('hover.evmTransactions', false, vscode.ConfigurationTarget.Global);
    const doc = await envDocument();
    assert.deepEqual(await hoversIn(doc, HASH), []);
    assert.deepEqual(sentHex(), []);
  });
});
