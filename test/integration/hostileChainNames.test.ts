// Hostile chain names from the settings on the surfaces issue 38 added, in a real extension host:
// the account hover's "Ask another chain:" links and the Live view's "X needs a token: Sign In".
// A name full of Markdown, HTML and link syntax (`]`, `)`, backticks, an entity, an e-mail and a
// command URI) shows literally and forms nothing; a link's arguments are the checked address and the
// name as JSON data, nothing else. A name with an invisible character (U+202E, U+200B) is refused
// by the settings' own check, so it is offered nowhere and never reaches a surface unrevealed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { LiveService } from '../../src/live/service';
import { ACCOUNT_HOVER_COMMANDS } from '../../src/accounts/hoverMarkdown';
import { DEMO_CHAINS } from '../fixtures/demoData';
import { RLO, ZWSP } from '../fixtures/hostile';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { foreignMarkdown } from '../unit/hostile/corpus';
import { activate, setChains } from './helpers';

/** Under the settings' 100 characters, with every kind of syntax that could form a link or markup. */
const HOSTILE_NAME = '[x](command:workbench.action.terminal.new) <b>h</b> `c` ]) $(alert) &#x2a; a@evil.example **B**';
const HOLDER = '0x8617e340b3d01fa5f11f306f4090fd50e238070d';

describe('hostile chain names: the account hover’s other chains and the Live view’s Sign In message', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let stardust: LocalNode;
  let guarded: LocalNode;

  before(async () => {
    assert.ok(HOSTILE_NAME.length <= 100, 'a name the settings take');
    api = await activate();
    stardust = await startLocalNode();
    guarded = await startLocalNode({ generation: 'rebased', auth: { users: { carol: { password: 'carol-pw', permissions: ['read'] } } } });
    await api.services.tokens.delete(guarded.url);
  });

  after(async () => {
    await setChains(undefined, { defaultChain: undefined });
    await api.services.tokens.delete(guarded.url);
    await stardust.close();
    await guarded.close();
  });

  it('Ask another chain: the hostile name shows literally as our link’s label, its arguments are the address and the name as data, and invisible names are not offered', async () => {
    await setChains(
      [
        { name: 'Home', nodeUrl: stardust.url, chainId: DEMO_CHAINS.iotaEvm },
        { name: HOSTILE_NAME, nodeUrl: stardust.url, chainId: DEMO_CHAINS.shimmerEvm },
        { name: `Home${RLO}EVM`, nodeUrl: stardust.url, chainId: DEMO_CHAINS.shimmerEvm },
        { name: `Ho${ZWSP}me 2`, nodeUrl: stardust.url, chainId: DEMO_CHAINS.shimmerEvm },
      ],
      { defaultChain: 'Home' },
    );
    api.accounts.service.forget();
    api.accounts.hover.waitMs = 15_000;
    const content = `holder: ${HOLDER}`;
    const doc = await vscode.workspace.openTextDocument({ content, language: 'typescript' });
    const hovers =
      (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(content.indexOf(HOLDER) + 5))) ?? [];
    const value = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).find((v) => v.includes('command:waspChain.showAccount'));
    assert.ok(value, 'an account hover');
    assert.deepEqual(foreignMarkdown(value, ACCOUNT_HOVER_COMMANDS), [], value);
    const plain = value.replace(/\\([!-/:-@[-`{-~])/g, '$1').replace(/&#36;/g, '$');
    assert.ok(plain.includes('Ask another chain:'), plain);
    assert.ok(plain.includes(HOSTILE_NAME), `the name reads as written:\n${plain}`);
    // Every link of ours: its target is one of our commands, its arguments exactly what we chose.
    const links = [...value.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)\)/g)].map((m) => ({
      command: m[1],
      args: JSON.parse(decodeURIComponent(m[2] ?? '')) as unknown,
    }));
    const other = links.filter((l) => JSON.stringify(l.args).includes('evil'));
    assert.equal(other.length, 1, JSON.stringify(links));
    const [arg] = other[0]?.args as Array<{ address: string; chainName: string }>;
    assert.equal(other[0]?.command, 'waspChain.showAccount');
    assert.equal(arg?.chainName, HOSTILE_NAME);
    assert.equal(arg?.address.toLowerCase(), HOLDER);
    for (const l of links) {
      assert.ok(ACCOUNT_HOVER_COMMANDS.includes(l.command ?? ''), l.command);
      assert.deepEqual(Object.keys((l.args as Array<Record<string, unknown>>)[0] ?? {}).sort(), ['address', 'chainName']);
    }
    for (const ch of [RLO, ZWSP]) assert.ok(!value.includes(ch), `no U+${ch.codePointAt(0)?.toString(16)} in the hover`);
    assert.ok(!links.some((l) => /Home.*EVM|Ho.*me 2/.test(JSON.stringify(l.args))), 'a name with an invisible character is refused, not offered');
  });

  it('the Live view says the hostile name literally on one line, as plain text, and never an invisible name', async () => {
    // A tree view's string message is set as textContent (VS Code's TreeView.showMessage): no markup can form.
    await setChains([
      { name: HOSTILE_NAME, nodeUrl: guarded.url },
      { name: `Guarded${RLO}gnp.exe`, nodeUrl: guarded.url },
    ]);
    await vscode.commands.executeCommand('waspChain.live.show');
    const live: LiveService = await api.live.service();
    await new Promise<void>((resolve) => {
      const said = () => live.hub.states().some((s) => s.needsToken === true);
      if (said()) return resolve();
      const sub = live.hub.onDidChange(() => {
        if (!said()) return;
        sub.dispose();
        resolve();
      });
    });
    const message = live.view.message() ?? '';
    assert.ok(message.includes(`${HOSTILE_NAME} needs a token: Sign In`), message);
    assert.ok(!message.includes(RLO) && !message.includes('gnp.exe'), message);
  });
});
