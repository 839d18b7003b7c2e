// Show Request Receipt's first picker, in a real extension host against the local node, driven as
// a user drives it: text typed or pasted into the picker's own box, then Enter (VS Code's accept
// command). A valid ID there is the answer; a malformed one is explained in the picker.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ReceiptPanel } from '../../src/receipts/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { activate, config, setChains, withErrorMessageSpy } from './helpers';

type Pick = vscode.QuickPick<vscode.QuickPickItem>;
type PickWindow = {
  createQuickPick: typeof vscode.window.createQuickPick;
  showQuickPick: (...args: unknown[]) => Thenable<unknown>;
  showInputBox: (...args: unknown[]) => Thenable<unknown>;
};

/**
 * Runs Show Request Receipt without an ID at hand and lets `drive` answer the real picker it
 * builds. showQuickPick and showInputBox are refused meanwhile: a picker made by showQuickPick
 * cannot read what was typed into it, and an input box after the picker is the second box the
 * user met. Undefined when this host does not allow replacing them.
 */
async function throughPicker(drive: (pick: Pick) => Promise<void>): Promise<{ result: ReceiptPanel | undefined } | undefined> {
  const win = vscode.window as unknown as PickWindow;
  const saved = { createQuickPick: win.createQuickPick, showQuickPick: win.showQuickPick, showInputBox: win.showInputBox };
  let shown: (pick: Pick) => void = () => undefined;
  const picked = new Promise<Pick>((resolve) => (shown = resolve));
  try {
    win.createQuickPick = (<I extends vscode.QuickPickItem>() => {
      const pick = saved.createQuickPick.call(vscode.window) as vscode.QuickPick<I>;
      const show = pick.show.bind(pick);
      pick.show = () => (show(), shown(pick as unknown as Pick));
      return pick;
    }) as PickWindow['createQuickPick'];
    win.showQuickPick = async () => assert.fail('showQuickPick was used: what the user types into it is lost');
    win.showInputBox = async () => assert.fail('a second, empty input box was opened');
    if (vscode.window.createQuickPick !== win.createQuickPick) return undefined;
    const opening = vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt');
    await drive(await Promise.race([picked, Promise.resolve(opening).then(() => assert.fail('the command ended without its picker'))]));
    return { result: await opening };
  } catch (e) {
    if (e instanceof TypeError) return undefined;
    throw e;
  } finally {
    Object.assign(win, saved);
  }
}

/** Types `text` into the picker as a paste does: done when the workbench has it (it reports the value back). */
async function paste(pick: Pick, text: string): Promise<void> {
  const arrived = new Promise<void>((resolve) => {
    const typed = pick.onDidChangeValue((v) => v === text && (typed.dispose(), resolve()));
  });
  pick.value = text;
  await arrived;
}

/** Enter in the picker, and the extension's own answer to it (its listener was added before the picker showed). */
async function enter(pick: Pick): Promise<void> {
  const accepted = new Promise<void>((resolve) => {
    const once = pick.onDidAccept(() => (once.dispose(), resolve()));
  });
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
  await accepted;
}

describe('Show Request Receipt: what is typed or pasted into its picker', function () {
  this.timeout(30_000);
  let api: ExtensionApi;
  let node: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    await setChains([{ name: 'IOTA EVM', nodeUrl: node.url, chainId: DEMO_CHAINS.iotaEvm }]);
    // A receipt looked up before: the picker has something to offer, so it is shown.
    (await vscode.commands.executeCommand<ReceiptPanel | undefined>('waspChain.showReceipt', DEMO_RECEIPTS.evmSuccess.requestId))?.dispose();
    await vscode.env.clipboard.writeText('');
  });

  afterEach(async () => {
    for (const p of api.receipts.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await config().update('chains', undefined, vscode.ConfigurationTarget.Global);
    await node.close();
  });

  it('takes a valid ID pasted with quotes and spaces as the answer on Enter, and says in the picker why a malformed one is not one', async () => {
    const pasted = DEMO_RECEIPTS.evmRevert.requestId;
    const run = await throughPicker(async (pick) => {
      await paste(pick, '0x1234');
      await enter(pick);
      const why = pick.items.map((i) => `${i.label} ${i.detail ?? ''}`).join('\n');
      assert.match(why, /64 \(Rebased\) or 68 \(Stardust\) hex digits after 0x; this has 4/, `the picker says why: ${why}`);
      // Still open: the next Enter is read by the same picker.
      await paste(pick, ` "${pasted}" `);
      await enter(pick);
    });
    assert.ok(run, 'the picker can be driven in this host');
    assert.equal(run.result?.identity.requestId, pasted, 'the pasted ID was the answer');
  });

  it('takes an EVM transaction hash typed into the picker as the answer on Enter', async () => {
    const hash = DEMO_RECEIPTS.evmRevert.requestId.slice(0, 66);
    const spied = await withErrorMessageSpy(() =>
      throughPicker(async (pick) => {
        await paste(pick, hash);
        await enter(pick);
      }),
    );
    assert.ok(spied?.result, 'the picker can be driven in this host');
    // The only chain is a Stardust one: the hash, taken as the answer, is routed and said to need a Rebased chain (or 0000).
    assert.equal(spied.result.result, undefined);
    assert.match(spied.messages.join('\n'), /an EVM transaction hash \(64 hex digits\), and no Rebased chain is configured/);
  });
});
