// The hover over what may be a private key, in a real extension host against the local Wasp nodes
// of both generations and a chain known only by its EVM JSON-RPC: a private key in the test
// workspace's .env, and every key placement of the corpus (test/fixtures/secretPlacements.ts)
// written to a file of its name, sends nothing (checked from the requests each node and the
// JSON-RPC recorded) and offers "Look up"; every bound transaction-ID placement is looked up; the
// link asks first where a key is named, looks it up only when the user says so, and fills the
// hover in place; an ID a node answered is then looked up wherever it is written.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import { HOVER_COMMANDS } from '../../src/receipts/hover';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { startJsonRpcNode, type JsonRpcNode } from '../fixtures/jsonRpcNode';
import { KNOWN_IDS_KEY } from '../../src/core/knownIds';
import { DEV_KEYS, ID_PLACEMENTS, KEY_PLACEMENTS, placed, type Placement, UNBOUND_ID_PLACEMENTS } from '../fixtures/secretPlacements';
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
  let rebased: LocalNode;
  let rpc: JsonRpcNode;

  /** The requests the node recorded that carry the hex anywhere (path, query, headers or body). */
  const sentHex = (hex = HEX) => node.requests.filter((r) => [r.url, r.body ?? '', ...Object.values(r.headers)].some((s) => s.toLowerCase().includes(hex)));

  /** Our hovers over the marked value of a placement, written to a file of its path under `dir` (or untitled). */
  async function hoverPlacement(dir: string, p: Placement, value: string): Promise<HoverText[]> {
    const { text, line, character } = placed(p, value);
    let doc: vscode.TextDocument;
    if (p.path.startsWith('/')) {
      // A folder of its own: VS Code keeps a closed document's text, so a path is never written twice.
      const file = join(mkdtempSync(join(dir, 'p-')), p.path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    } else {
      doc = await vscode.workspace.openTextDocument({ content: text, language: p.languageId ?? 'plaintext' });
    }
    return hoversIn(doc, value, doc.offsetAt(new vscode.Position(line, character)) - doc.getText().indexOf(value) + 5);
  }

  /** Runs `run` with the modal warning answered by `answer` (the button's title, or undefined for Cancel). */
  async function answeringWarnings<T>(answer: string | undefined, run: (asked: string[]) => Promise<T>): Promise<T> {
    const win = vscode.window as unknown as { showWarningMessage: (message: string, ...rest: unknown[]) => Thenable<string | undefined> };
    const original = win.showWarningMessage;
    const asked: string[] = [];
    win.showWarningMessage = (message: string) => {
      asked.push(message);
      return Promise.resolve(answer);
    };
    assert.notEqual(win.showWarningMessage, original, 'this host lets the test answer the dialog');
    try {
      return await run(asked);
    } finally {
      win.showWarningMessage = original;
    }
  }

  async function envDocument(): Promise<vscode.TextDocument> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the tests run in a workspace folder');
    return vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, '.env'));
  }

  /** What the Rebased node and the EVM-only JSON-RPC received that carries the hex. */
  const sentElsewhere = (hex: string) => [
    ...rebased.requests.filter((r) => [r.url, r.body ?? '', ...Object.values(r.headers)].some((s) => s.toLowerCase().includes(hex))).map((r) => r.url),
    ...rpc.bodies.filter((b) => b.toLowerCase().includes(hex)),
  ];

  /** All three kinds of chain: each is asked for a 64-hex ID the hover sends. */
  const allChains = () =>
    setChains(
      [
        { name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'Rebased EVM', nodeUrl: rebased.url },
        { name: 'EVM Only', evmJsonRpcUrl: rpc.url, evmChainId: Number(rpc.chainId) },
      ],
      { defaultChain: 'IOTA EVM' },
    );

  before(async () => {
    api = await activate();
    [node, rebased, rpc] = await Promise.all([startLocalNode(), startLocalNode({ generation: 'rebased' }), startJsonRpcNode()]);
  });

  beforeEach(async () => {
    api.receipts.service.cache.invalidate();
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
    await Promise.all([node.close(), rebased.close(), rpc.close()]);
  });

  it('sends nothing for a private key in .env and says why, with a Look up link for the validated ID only', async () => {
    const doc = await envDocument();
    assert.ok(doc.getText().includes(`PRIVATE_KEY=${HASH}`), 'the workspace .env holds the hash as PRIVATE_KEY');
    const ours = await hoversIn(doc, HASH);
    assert.equal(ours.length, 1, `one hover of ours (got ${ours.length})`);
    const h = ours[0] as HoverText;
    assert.ok(h.plain.includes(NOT_LOOKED_UP), h.plain);
    assert.ok(!/Request (succeeded|failed)/.test(h.plain), 'no receipt shown');
    const at = doc.positionAt(doc.getText().indexOf(HASH));
    const args = [
      { requestId: HASH.toLowerCase(), seen: { line: 'privateKey', file: 'envFile' }, uri: doc.uri.toString(), line: at.line, character: at.character },
    ];
    const link = `command:waspChain.lookUpHere?${encodeURIComponent(JSON.stringify(args))}`;
    assert.ok(h.value.includes(`(${link})`), `the Look up link carries the validated ID, what was seen and where only:\n${h.value}`);
    assert.deepEqual(
      [...h.value.matchAll(/\(command:([^?)]+)/g)].map((m) => m[1]),
      ['waspChain.lookUpHere'],
      'one link, Look up',
    );
    const trusted = h.md?.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted.enabledCommands.every((c) => HOVER_COMMANDS.includes(c)), 'only our commands are trusted');
    assert.ok(HOVER_COMMANDS.includes('waspChain.lookUpHere'));
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

  it('asks before the Look up link sends a key, naming what was seen; sends nothing when declined', async () => {
    const doc = await envDocument();
    const [h] = await hoversIn(doc, HASH);
    const m = /\(command:waspChain\.lookUpHere\?([^)]+)\)/.exec(h?.value ?? '');
    assert.ok(m?.[1], `a Look up link: ${h?.value}`);
    const args = JSON.parse(decodeURIComponent(m[1])) as unknown[];
    assert.deepEqual(sentHex(), [], 'nothing sent before the click');
    const declined = await answeringWarnings(undefined, async (asked) => {
      const shown = await vscode.commands.executeCommand('waspChain.lookUpHere', ...args);
      return { shown, asked };
    });
    assert.equal(declined.shown, false, 'nothing shown when declined');
    assert.deepEqual(declined.asked, ['This value sits where a private key in a .env file was seen. Look it up anyway?']);
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(sentHex(), [], 'nothing sent when declined');
    await answeringWarnings('Look Up Anyway', async () => vscode.commands.executeCommand('waspChain.lookUpHere', ...args));
    await waitFor(() => sentHex().some((r) => r.route === 'receipt'), 'the receipt request after the user said so');
  });

  it('Look up fills the hover in place: the same place then shows the receipt, and a miss says so', async () => {
    const content = `The mint transaction ${HASH} failed once.\nAnd ${DEV_KEYS[2]} is just some hash.\n`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'markdown' });
    await vscode.window.showTextDocument(doc);
    const [offered] = await hoversIn(doc, HASH);
    assert.ok(offered?.plain.includes('Not looked up'), offered?.plain);
    assert.deepEqual(sentHex(), [], 'nothing sent before the click');
    const m = /\(command:waspChain\.lookUpHere\?([^)]+)\)/.exec(offered?.value ?? '');
    assert.ok(m?.[1], `a Look up link: ${offered?.value}`);
    const args = JSON.parse(decodeURIComponent(m[1])) as Array<{ uri: string; line: number; character: number }>;
    assert.deepEqual([args[0]?.uri, args[0]?.line], [doc.uri.toString(), 0], "the link names the hover's own place");
    assert.equal(await vscode.commands.executeCommand('waspChain.lookUpHere', ...args), true);
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.uri.toString(), doc.uri.toString(), 'the hover is shown again in the same editor');
    assert.equal(editor?.selection.active.character, args[0]?.character, 'at the ID');
    const [filled] = await hoversIn(doc, HASH);
    assert.ok(filled?.plain.includes('Request succeeded'), `the same place now shows the receipt: ${filled?.plain}`);
    // An ID no chain knows: the click's answer is the miss, said once.
    const [other] = await hoversIn(doc, DEV_KEYS[2]);
    const m2 = /\(command:waspChain\.lookUpHere\?([^)]+)\)/.exec(other?.value ?? '');
    assert.ok(m2?.[1]);
    await vscode.commands.executeCommand('waspChain.lookUpHere', ...(JSON.parse(decodeURIComponent(m2[1])) as unknown[]));
    const [miss] = await hoversIn(doc, DEV_KEYS[2]);
    assert.ok(miss?.value.includes('no chain knows'), miss?.value);
  });

  it('an ID a node answered is looked up wherever it is written, and remembered for the workspace; a miss is not', async () => {
    const unbound = await vscode.workspace.openTextDocument({ content: `see ${HASH} above\n`, language: 'plaintext' });
    assert.ok((await hoversIn(unbound, HASH))[0]?.plain.includes('Not looked up'));
    const bound = await vscode.workspace.openTextDocument({ content: `const depositTxHash = '${HASH}';\n`, language: 'typescript' });
    assert.ok((await hoversIn(bound, HASH))[0]?.plain.includes('Request succeeded'));
    const [now] = await hoversIn(unbound, HASH);
    assert.ok(now?.plain.includes('Request succeeded'), `known from the node now: ${now?.plain}`);
    const remembered = api.services.context.workspaceState.get<string[]>(KNOWN_IDS_KEY) ?? [];
    assert.ok(remembered.includes(HASH.toLowerCase()), 'remembered in workspaceState');
    const missing = `0x${'7'.repeat(64)}`;
    const doc = await vscode.workspace.openTextDocument({ content: `const txHash = '${missing}';\n`, language: 'typescript' });
    await hoversIn(doc, missing);
    await waitFor(() => sentHex('7'.repeat(64)).length > 0, 'the bound miss was asked');
    assert.ok(!(api.services.context.workspaceState.get<string[]>(KNOWN_IDS_KEY) ?? []).includes(missing), 'a miss is never remembered');
  });

  it('every key placement of the corpus, in a file of its name, sends nothing and offers Look up', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'wasp-keys-'));
    const key = DEV_KEYS[1];
    await allChains();
    rebased.clearRequests();
    rpc.bodies.length = 0;
    try {
      for (const p of KEY_PLACEMENTS) {
        const ours = await hoverPlacement(dir, p, key);
        assert.equal(ours.length, 1, `one hover of ours for ${p.title}`);
        const text = ours[0]?.plain ?? '';
        const expected = p.expect === 'secret' ? 'This looks like it may be a secret' : 'Not looked up: nothing here says this is a transaction or request ID.';
        assert.ok(text.includes(expected), `${p.title}: ${text}`);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const k of DEV_KEYS) {
        const hex = k.slice(2).toLowerCase();
        assert.deepEqual(sentHex(hex), [], 'the Stardust node recorded no request containing a key');
        assert.deepEqual(sentElsewhere(hex), [], 'the Rebased node and the JSON-RPC recorded no request containing a key');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every bound transaction-ID placement of the corpus is looked up by itself; an unbound one is offered', async function () {
    this.timeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), 'wasp-ids-'));
    try {
      for (const p of UNBOUND_ID_PLACEMENTS) {
        const ours = await hoverPlacement(dir, p, HASH);
        assert.ok(ours[0]?.plain.includes('Not looked up'), `${p.title}: ${ours[0]?.plain}`);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
      assert.deepEqual(sentHex(), [], 'no unbound placement was sent');
      for (const p of ID_PLACEMENTS) {
        api.receipts.service.cache.invalidate();
        node.clearRequests();
        const ours = await hoverPlacement(dir, p, HASH);
        assert.equal(ours.length, 1, `one hover of ours for ${p.title}`);
        assert.ok(ours[0]?.plain.includes('Request succeeded'), `${p.title}: ${ours[0]?.plain}`);
        assert.ok(
          sentHex().some((r) => r.route === 'receipt'),
          `${p.title}: the node was asked`,
        );
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
