// The ways into a debug session of a mined EVM transaction, in a real extension host: the
// contributions, the command (its argument checked, the hash and the chain asked), F5 on a wasp-evm
// configuration, the receipt panel's button and its call tree's "Debug from Here", the hover's link.
// The session itself (the adapter) is not under test here: a provider of this test records every
// configuration that passed the extension's checks and stops it there, through VS Code's public
// debug API (resolveDebugConfigurationWithSubstitutedVariables runs after every provider's
// resolveDebugConfiguration, and `undefined` aborts the launch).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_REBASED_REQUESTS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, hoversAt, setChains, withErrorMessageSpy, withPrompts } from './helpers';

const COMMAND = 'waspChain.debugTransaction';
const EVM_REQUEST = DEMO_RECEIPTS.evmSuccess.requestId;
/** A Stardust EVM request's ID is its transaction's hash and an output index: the hash is its first 64 hex digits. */
const HASH = `0x${'5a'.repeat(32)}`;

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    debuggers: Array<Record<string, unknown> & { type: string; languages: string[]; configurationAttributes: { launch: Record<string, unknown> } }>;
    breakpoints: Array<{ language: string }>;
    configuration: { properties: Record<string, { default?: unknown; minimum?: number; maximum?: number }> };
    menus: Record<string, Array<{ command: string; when?: string }>>;
  };
}

/** Every wasp-evm configuration that got past the extension's checks (then aborted), and every session started. */
function recordLaunches(): { seen: vscode.DebugConfiguration[]; started: vscode.DebugSession[]; dispose(): void } {
  const seen: vscode.DebugConfiguration[] = [];
  const started: vscode.DebugSession[] = [];
  const subs = [
    vscode.debug.registerDebugConfigurationProvider('wasp-evm', {
      resolveDebugConfigurationWithSubstitutedVariables: (_folder, config) => {
        seen.push(config);
        return undefined;
      },
    }),
    vscode.debug.onDidStartDebugSession((s) => started.push(s)),
  ];
  return { seen, started, dispose: () => subs.forEach((d) => d.dispose()) };
}

/** What a hover's command link passes: the JSON arguments of `command:<id>?…`. */
function linkArgs(markdown: string, command: string): unknown {
  const target = [...markdown.matchAll(/\]\(([^)]*)\)/g)].map((m) => m[1] ?? '').find((t) => t.startsWith(`command:${command}?`));
  assert.ok(target, `a link to ${command} in:\n${markdown}`);
  return JSON.parse(decodeURIComponent(target.slice(target.indexOf('?') + 1)));
}

/** The hooks of a suite over a Stardust and a Rebased local node and an EVM-only entry (Rebased EVM the default): what each test reads of them. */
function withLocalChains(): { api: () => ExtensionApi; node: () => LocalNode; rebased: () => LocalNode; launches: () => ReturnType<typeof recordLaunches> } {
  let api: ExtensionApi | undefined;
  let node: LocalNode | undefined;
  let rebased: LocalNode | undefined;
  let launches: ReturnType<typeof recordLaunches> | undefined;
  const got = <T>(v: T | undefined): T => {
    assert.ok(v !== undefined, 'set up by the hooks');
    return v;
  };

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    rebased = await startLocalNode({ generation: 'rebased' });
    api.receipts.hover.waitMs = 15_000;
  });

  beforeEach(async () => {
    launches = recordLaunches();
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: got(node).url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'Rebased EVM', nodeUrl: got(rebased).url },
        { name: 'ShimmerEVM', nodeUrl: got(node).url, chainId: DEMO_CHAINS.shimmerEvm },
        { name: 'JSON-RPC only', evmJsonRpcUrl: 'http://127.0.0.1:9/' },
      ],
      { defaultChain: 'Rebased EVM' },
    );
    got(node).clearRequests();
    got(rebased).clearRequests();
  });

  afterEach(async () => {
    launches?.dispose();
    for (const p of got(api).receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    await node?.close();
    await rebased?.close();
  });

  return { api: () => got(api), node: () => got(node), rebased: () => got(rebased), launches: () => got(launches) };
}

describe('Debug Transaction: the contributions, and what is refused before anything runs', function () {
  this.timeout(30_000);
  const local = withLocalChains();

  it('contributes the wasp-evm debugger for Solidity, breakpoints in Solidity, the command and the two limits', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as Manifest;
    const debuggerEntry = manifest.contributes.debuggers.find((d) => d.type === 'wasp-evm');
    assert.ok(debuggerEntry, 'a wasp-evm debugger');
    assert.deepEqual(debuggerEntry.languages, ['solidity']);
    assert.ok(Array.isArray(debuggerEntry.initialConfigurations) && Array.isArray(debuggerEntry.configurationSnippets));
    const launch = debuggerEntry.configurationAttributes.launch as {
      required: string[];
      properties: Record<string, { type: string; pattern?: string; default?: unknown }>;
    };
    // The host adds what every debugger requires (type, request, name) to what the manifest says.
    assert.ok(launch.required.includes('transaction'), `required: ${launch.required.join(', ')}`);
    assert.equal(launch.properties.transaction?.pattern, '^0x[0-9a-fA-F]{64}$');
    assert.equal(launch.properties.chain?.type, 'string');
    assert.equal(launch.properties.frame?.type, 'integer');
    assert.equal(launch.properties.stopOnEntry?.default, true);
    assert.deepEqual(manifest.contributes.breakpoints, [{ language: 'solidity' }]);
    const command = manifest.contributes.commands.find((c) => c.command === COMMAND);
    // The host hands the manifest over with package.nls.json's words in place.
    assert.deepEqual([command?.title, command?.category], ['Debug Transaction', 'Chain']);
    for (const event of ['onDebugResolve:wasp-evm', 'onDebugDynamicConfigurations:wasp-evm']) assert.ok(manifest.activationEvents.includes(event), event);
    const props = manifest.contributes.configuration.properties;
    assert.deepEqual(
      [props['waspChain.debug.maxSteps']?.default, props['waspChain.debug.maxSteps']?.minimum, props['waspChain.debug.maxSteps']?.maximum],
      [5_000_000, 1_000, 50_000_000],
    );
    assert.equal(props['waspChain.debug.maxMemoryMB']?.default, 512);
  });

  it('refuses a malformed hash in words and starts nothing: no session, no request', async () => {
    const spied = await withErrorMessageSpy(() =>
      Promise.resolve(vscode.commands.executeCommand<boolean>(COMMAND, { transaction: '0x1234', chain: 'IOTA EVM' })),
    );
    assert.ok(spied, 'showErrorMessage could be observed in this host');
    assert.equal(spied.result, false);
    assert.deepEqual(spied.messages, ['Debug Transaction: Not a transaction hash (0x1234): A transaction hash has 64 hex digits after 0x; this has 4.']);
    assert.deepEqual(local.launches().seen, [], 'no configuration reached the launch');
    assert.deepEqual(local.launches().started, [], 'no session started');
    assert.equal(vscode.debug.activeDebugSession, undefined);
    assert.deepEqual(local.node().requests, [], 'nothing was asked of the node');
  });

  it('aborts a launch configuration whose chain is not configured, with a message, before any request', async () => {
    const spied = await withErrorMessageSpy(() =>
      Promise.resolve(
        vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'Elsewhere', transaction: HASH, chain: 'Elsewhere' }),
      ),
    );
    assert.ok(spied);
    assert.equal(spied.result, false);
    assert.deepEqual(spied.messages, ['Debug Transaction: No chain named "Elsewhere" is configured in waspChain.chains.']);
    assert.deepEqual(local.launches().seen, []);
    assert.deepEqual(local.node().requests, []);
  });

  it('aborts a launch.json entry whose hash is malformed, naming it', async () => {
    const spied = await withErrorMessageSpy(() =>
      Promise.resolve(vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'Debug', transaction: '0x', chain: 'IOTA EVM' })),
    );
    assert.ok(spied);
    assert.equal(spied.result, false);
    assert.match(spied.messages[0] ?? '', /^Debug Transaction: Not a transaction hash \(0x\)/);
    assert.deepEqual(local.launches().seen, []);
  });
});

describe('Debug Transaction: the hash and the chain, given or asked', function () {
  this.timeout(30_000);
  const local = withLocalChains();

  it('takes a full argument as it is: the hash lower-cased, the chain named, the frame; the session named after them', async () => {
    const started = await vscode.commands.executeCommand<boolean>(COMMAND, {
      transaction: HASH.toUpperCase().replace('0X', '0x'),
      chain: 'rebased evm',
      frame: 2,
    });
    assert.equal(started, false, 'aborted by this test');
    assert.equal(local.launches().seen.length, 1);
    const config = local.launches().seen[0];
    assert.deepEqual(
      { type: config?.type, request: config?.request, transaction: config?.transaction, chain: config?.chain, frame: config?.frame, name: config?.name },
      { type: 'wasp-evm', request: 'launch', transaction: HASH, chain: 'Rebased EVM', frame: 2, name: 'Debug 0x5a5a…5a5a on Rebased EVM from call 2' },
    );
  });

  it('from the palette, asks for the hash (a malformed one is refused as typed), then the chain among those that can serve a replay (not a Wasp 1 node: no prestate tracer)', async () => {
    await setChains(
      [
        { name: 'IOTA EVM', nodeUrl: local.node().url, chainId: DEMO_CHAINS.iotaEvm },
        { name: 'Rebased EVM', nodeUrl: local.rebased().url },
        { name: 'ShimmerEVM', nodeUrl: local.node().url, chainId: DEMO_CHAINS.shimmerEvm },
        { name: 'JSON-RPC only', evmJsonRpcUrl: 'http://127.0.0.1:9/' },
      ],
      { defaultChain: undefined },
    );
    let refused: string | undefined;
    const asked = await withPrompts(
      [
        (s) => {
          assert.equal(s.kind, 'input');
          return HASH;
        },
        (s) => {
          assert.equal(s.kind, 'pick');
          assert.deepEqual(
            s.items.map((i) => i.label),
            ['Rebased EVM', 'JSON-RPC only'],
          );
          return 'JSON-RPC only';
        },
      ],
      async () => {
        // The box's own check, as the user types: what is wrong is said in words.
        const win = vscode.window as unknown as { showInputBox: (o?: vscode.InputBoxOptions) => Thenable<string | undefined> };
        const answer = win.showInputBox;
        win.showInputBox = async (o) => {
          refused = (await o?.validateInput?.('0x12zz')) as string | undefined;
          return answer(o);
        };
        try {
          return await vscode.commands.executeCommand<boolean>(COMMAND);
        } finally {
          win.showInputBox = answer;
        }
      },
    );
    assert.ok(asked, 'prompts could be answered in this host');
    assert.equal(refused, 'Only hex digits (0-9, a-f) may follow 0x.');
    assert.equal(local.launches().seen.length, 1);
    assert.equal(local.launches().seen[0]?.transaction, HASH);
    assert.equal(local.launches().seen[0]?.chain, 'JSON-RPC only');
  });

  it('F5 on a wasp-evm configuration without a transaction asks for it; the default chain is taken without asking; the name given stays', async () => {
    const asked = await withPrompts([() => ` "${HASH}" `], () =>
      vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'My replay' }),
    );
    assert.ok(asked);
    assert.equal(asked.shown.length, 1, 'only the hash was asked');
    assert.deepEqual(
      local.launches().seen.map((c) => [c.name, c.transaction, c.chain]),
      [['My replay', HASH, 'Rebased EVM']],
    );
  });
});

describe('Debug Transaction: the receipt panel and the hover of an EVM request', function () {
  this.timeout(30_000);
  const local = withLocalChains();

  it("the receipt panel of an EVM request offers Debug Transaction, which starts the debugger on the request's transaction and chain", async () => {
    const id = DEMO_REBASED_REQUESTS.evmSuccess;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: id, chainName: 'Rebased EVM' });
    await panel.waitForRender((r) => r.text.includes('Request succeeded') && r.text.includes('Debug Transaction'));
    await panel.perform({ kind: 'debugTransaction' });
    assert.deepEqual(
      local.launches().seen.map((c) => [c.type, c.transaction, c.chain, c.frame]),
      [['wasp-evm', id, 'Rebased EVM', undefined]],
    );
  });

  it("a Wasp 1 chain cannot serve a replay (no prestate tracer): its EVM request's panel offers no Debug Transaction, and the message starts nothing", async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: EVM_REQUEST, chainName: 'IOTA EVM' });
    const r = await panel.waitForRender((x) => x.text.includes('Request succeeded') && x.text.includes('Copy Request ID'));
    assert.ok(!r.text.includes('Debug Transaction'), r.text);
    await panel.perform({ kind: 'debugTransaction' });
    assert.deepEqual(local.launches().seen, []);
  });

  it('the receipt panel of a request that is no EVM transaction offers no Debug Transaction, and the message starts nothing', async () => {
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', DEMO_RECEIPTS.onLedgerNft.requestId);
    const r = await panel.waitForRender((x) => x.text.includes('Request succeeded') || x.text.includes('Request failed'));
    assert.ok(!r.text.includes('Debug Transaction'), r.text);
    await panel.perform({ kind: 'debugTransaction' });
    assert.deepEqual(local.launches().seen, []);
  });

  it('the hover of an EVM request links Debug, with the hash and a chain name from settings kept whole inside the link', async () => {
    const name = 'Evil) [x](command:workbench.action.terminal.new) (*';
    const id = DEMO_REBASED_REQUESTS.evmSuccess;
    await setChains([{ name, nodeUrl: local.rebased().url }]);
    const [h] = await hoversAt(`const requestId = "${id}";`, id);
    assert.ok(h, 'a receipt hover');
    assert.ok(h.plain.includes('Debug'), h.plain);
    const args = linkArgs(h.value, COMMAND);
    assert.deepEqual(args, [{ transaction: id, chain: name }]);
    const trusted = h.md?.isTrusted;
    assert.ok(typeof trusted === 'object' && trusted.enabledCommands?.includes(COMMAND), 'the hover trusts the command');
    // What a click does: the command with the link's arguments.
    await vscode.commands.executeCommand(COMMAND, ...(args as unknown[]));
    assert.deepEqual(
      local.launches().seen.map((c) => [c.transaction, c.chain]),
      [[id, name]],
    );
  });

  it('the hover of an EVM request on a Wasp 1 chain links no Debug', async () => {
    await setChains([{ name: 'IOTA EVM', nodeUrl: local.node().url, chainId: DEMO_CHAINS.iotaEvm }]);
    const [h] = await hoversAt(`x ${EVM_REQUEST}`, EVM_REQUEST);
    assert.ok(h, 'a receipt hover');
    assert.ok(h.plain.includes('Open Receipt'), h.plain);
    assert.ok(!h.value.includes(`command:${COMMAND}`), h.value);
  });
});

interface RealPeersRun {
  rpcUrl: string;
  chainId: string;
  txs: Record<'createInCall', string>;
}

describe('Debug Transaction: the ways in on a chain known only by its JSON-RPC (anvil)', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let run: RealPeersRun;
  let launches: ReturnType<typeof recordLaunches>;

  before(async () => {
    api = await activate();
    const text = process.env.WASP_TEST_REAL_PEERS;
    assert.ok(text, 'WASP_TEST_REAL_PEERS: scripts/run-integration.mjs starts anvil for the integration launch');
    run = JSON.parse(text) as RealPeersRun;
    api.receipts.hover.waitMs = 15_000;
    api.receipts.hover.evmWaitMs = 15_000;
    await setChains([{ name: 'Anvil', evmJsonRpcUrl: run.rpcUrl, evmChainId: Number(run.chainId) }], { defaultChain: undefined });
  });

  beforeEach(() => {
    launches = recordLaunches();
  });

  afterEach(async () => {
    launches.dispose();
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
  });

  // A transaction no other suite opens a panel on: a call tree read here would change what their hovers say.
  it("the panel's Debug Transaction, and Debug from Here on a frame of its call tree (its call-order index); a frame the tree does not have starts nothing", async () => {
    const hash = run.txs.createInCall;
    const panel = await vscode.commands.executeCommand<ReceiptPanel>('waspChain.showReceipt', { requestId: hash, chainName: 'Anvil' });
    await panel.waitForRender((r) => r.text.includes('Debug Transaction') && r.text.includes('Show Call Tree'));
    await panel.perform({ kind: 'loadCallTree' });
    await panel.waitForRender((r) => r.text.includes('Debug from Here'));
    const state = panel.state;
    assert.ok(state.status === 'evmTransaction' && state.callTree?.status === 'ok', 'the call tree is shown');
    const frames = state.callTree.view.frames;
    const created = frames.find((f) => f.type.startsWith('CREATE'));
    assert.ok(created && created.index > 0, `the contract it creates is a nested call: ${frames.map((f) => f.type).join(', ')}`);
    await panel.perform({ kind: 'debugTransaction' });
    await panel.perform({ kind: 'debugTransaction', frame: created.index });
    for (const forged of [frames.length + 5, -1, 1.5, '1', { n: 1 }]) await panel.perform({ kind: 'debugTransaction', frame: forged as unknown as number });
    assert.deepEqual(
      launches.seen.map((c) => [c.transaction, c.chain, c.frame]),
      [
        [hash, 'Anvil', undefined],
        [hash, 'Anvil', created.index],
      ],
    );
    assert.match(launches.seen[1]?.name as string, new RegExp(`on Anvil from call ${created.index}$`));
  });

  it('the hover of an EVM transaction links Debug with its hash and chain', async () => {
    const hash = run.txs.createInCall;
    const [h] = await hoversAt(`const ISSUE_TX = "${hash}";`, hash, 8);
    assert.ok(h, 'a transaction hover');
    assert.deepEqual(linkArgs(h.value, COMMAND), [{ transaction: hash, chain: 'Anvil' }]);
  });
});
