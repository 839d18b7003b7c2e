// The security review's findings (issue 12) where they show, in the real extension host: theme
// icons formed from node or settings text (hover, tree tooltip, QuickPick), the URL opened being
// another than the URL checked, a hostile /auth storing a token that breaks the header, receipts
// fetched with a token outliving Sign Out, and a huge error message felt on every hover.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ExtensionApi } from '../../src/extension';
import type { ChainInfoPanel } from '../../src/chainInfo/panel';
import { DEMO_CHAINS, DEMO_RECEIPTS } from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';
import { hostileReceipt } from '../fixtures/hostile';
import { iconsAsRendered } from '../unit/hostile/corpus';
import { nodeKey } from '../../src/config/model/chainConfig';
import { activate, chainNode, config, oneHover, resetSettings, setChains, spyOutput, waitFor, withOpenExternalSpy } from './helpers';

const IOTA = DEMO_CHAINS.iotaEvm;
const KNOWN = DEMO_RECEIPTS.evmSuccess.requestId;
const HOSTILE_ID = `0x${'e7'.repeat(32)}0000`;
const ICONS = '$(pass) $(loading~spin) $(verified-filled) \\$(alert) $$(key)';

/** Icons a QuickPick label renders: `$(name)` unless a backslash precedes it. */
function labelIcons(label: string): string[] {
  return [...label.matchAll(/(\\)?\$\(([a-z0-9-]+(?:~[a-z0-9-]*)?)\)/gi)].filter((m) => !m[1]).map((m) => m[2] ?? '');
}

describe('security review (issue 12) in the host', function () {
  this.timeout(60_000);
  let api: ExtensionApi;
  let node: LocalNode;
  let guarded: LocalNode;

  before(async () => {
    api = await activate();
    node = await startLocalNode();
    guarded = await startLocalNode({ auth: { users: { alice: { password: 'alice-pw', permissions: ['read'] } } } });
    api.receipts.hover.waitMs = 15_000;
  });
  beforeEach(() => api.receipts.service.cache.invalidate());
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const n of [node, guarded]) {
      n.clearFaults();
      n.clearRequests();
    }
    await api.services.tokens.delete(guarded.url);
  });
  after(async () => {
    api.receipts.hover.waitMs = 1500;
    await resetSettings();
    await Promise.all([node, guarded].map((n) => n.close()));
  });

  describe('finding 3: no theme icon from node or settings text', () => {
    it('a hover over a receipt with icon syntax in every field, on a chain named with icons: only our own icons render', async () => {
      const name = `Mine ${ICONS}`;
      await setChains([{ name, nodeUrl: node.url, chainId: IOTA }]);
      const receipt = hostileReceipt(HOSTILE_ID);
      receipt.errorMessage = ICONS;
      receipt.request.senderAccount = ICONS;
      node.setReceipt(IOTA, receipt);
      const h = await oneHover(`x ${HOSTILE_ID}`, HOSTILE_ID);
      assert.ok(h.md, 'a MarkdownString');
      const icons = iconsAsRendered(h.value, h.md.supportThemeIcons);
      assert.ok(icons.length > 0, 'our own status icon is there');
      assert.deepEqual(
        icons.filter((i) => !i.lineStart),
        [],
        `icons formed inside text:\n${h.value}`,
      );
      assert.ok(h.plain.includes('Mine $') || h.value.includes('Mine &#36;'), 'the name reads with its dollar signs');
    });

    it("a tree tooltip of a chain named with icons: only the state's own icon renders", async () => {
      await setChains([{ name: `Mine ${ICONS}`, nodeUrl: node.url, chainId: IOTA }]);
      await api.chains.model.refresh();
      await api.chains.model.whenIdle();
      const tooltip = api.chains.tree.getTreeItem(chainNode(api, `Mine ${ICONS}`)).tooltip;
      assert.ok(tooltip instanceof vscode.MarkdownString);
      const icons = iconsAsRendered(tooltip.value, tooltip.supportThemeIcons);
      assert.equal(icons.length, 1, `one icon (the state's): ${tooltip.value}`);
      assert.ok(icons[0]?.lineStart);
    });

    it('a QuickPick of chains: a name with icon syntax renders no icon', async () => {
      await setChains([
        { name: `Mine ${ICONS}`, nodeUrl: node.url, chainId: IOTA },
        { name: 'Other', nodeUrl: guarded.url, chainId: IOTA },
      ]);
      const window = vscode.window as unknown as { showQuickPick: (items: unknown) => Thenable<unknown> };
      const original = window.showQuickPick;
      const labels: string[] = [];
      const spy = async (items: unknown) => {
        for (const i of (await items) as { label: string }[]) labels.push(i.label);
        return undefined;
      };
      window.showQuickPick = spy;
      try {
        assert.equal(window.showQuickPick, spy, 'the QuickPick spy is installed (else this test could not tell)');
        await vscode.commands.executeCommand('waspChain.setToken');
      } finally {
        window.showQuickPick = original;
      }
      assert.equal(labels.length, 2, 'the chains were offered');
      for (const l of labels) assert.deepEqual(labelIcons(l), [], `label ${l}`);
    });
  });

  describe('finding 5: the URL opened is the URL checked', () => {
    const TRICKS = ['https://good.example\\@evil.example/', 'https://good.example\\\\@evil.example/x', 'https://good.example%5C@evil.example/'];

    it("Open Website and a panel's Open button open only the URL as checked: never evil.example", async () => {
      await setChains([{ name: 'Mine', nodeUrl: node.url, chainId: IOTA }]);
      const outcome = await withOpenExternalSpy(async (calls) => {
        for (const url of TRICKS) {
          node.setGovernance(IOTA, 'latest', { publicURL: url, metadata: { website: url } });
          await api.chains.model.refresh('Mine');
          await vscode.commands.executeCommand('waspChain.openWebsite', 'Mine');
          await vscode.commands.executeCommand('waspChain.openPublicUrl', 'Mine');
        }
        const panel = await vscode.commands.executeCommand<ChainInfoPanel | undefined>('waspChain.showChainInfo', 'Mine');
        assert.ok(panel);
        const receive = (panel as unknown as { receive(m: unknown): Promise<void> }).receive.bind(panel);
        for (const url of TRICKS) await receive({ type: 'action', action: { kind: 'openExternal', url } });
        return calls.length;
      });
      assert.ok(outcome, 'the openExternal spy is installed (else this test could not tell)');
      for (const url of outcome.calls) {
        const u = new URL(url);
        assert.equal(u.hostname, 'good.example', `opened ${url}`);
        assert.equal(u.username + u.password, '', `no user info in ${url}`);
      }
      node.setGovernance(IOTA, 'latest', { publicURL: '', metadata: { website: '' } });
    });
  });

  describe('finding 4: a token that cannot form a header is never stored', () => {
    for (const [what, jwt] of [
      ['CR LF', 'eyJhbGciOiJIUzI1NiJ9.e30.sig\r\nX-Injected: 1'],
      ['a quote', 'abc"def'],
      ['128 KiB', `eyJ.${'a'.repeat(128 * 1024)}.sig`],
    ] as const) {
      it(`Sign In: a hostile /auth answering a JWT with ${what} stores nothing`, async () => {
        await setChains([{ name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA }]);
        guarded.inject({ route: 'auth', fault: { type: 'body', json: { jwt } } });
        const ok = await vscode.commands.executeCommand('waspChain.signIn', 'Guarded', { username: 'alice', password: 'alice-pw' });
        assert.equal(ok, false, 'not signed in');
        assert.equal(await api.services.tokens.get(guarded.url), undefined, 'nothing stored');
      });
    }

    it('a token stored before these checks, with CR LF in it: not sent, and neither the hover nor the log shows it', async () => {
      await setChains([{ name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA }]);
      // Written past TokenStore (which refuses it now), as an older version could have stored it.
      await api.services.context.secrets.store(`waspChain.token:${nodeKey(guarded.url)}`, 'SECRETTOKENVALUE\r\nX-Injected: 1');
      const output = spyOutput(api.services.log);
      try {
        for (let i = 0; i < 50 && (await api.services.tokens.get(guarded.url)) === undefined; i++) await new Promise((r) => setTimeout(r, 20));
        const h = await oneHover(`x ${KNOWN}`, KNOWN);
        assert.doesNotMatch(h.value + h.plain, /SECRETTOKENVALUE/, 'not in the hover');
        assert.match(h.plain, /access token/i, 'the hover says the stored token cannot be sent');
      } finally {
        output.restore();
      }
      assert.doesNotMatch(output.lines.join('\n'), /SECRETTOKENVALUE/, 'not in the log');
      assert.ok(
        guarded.requests.every((r) => !(r.headers.authorization ?? '').includes('SECRETTOKENVALUE')),
        'never sent',
      );
    });

    it('Set Access Token refuses characters a Bearer token cannot have', async () => {
      await setChains([{ name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA }]);
      for (const token of ['abc"def', 'abc\u0000def', 'abcédef', 'a,b']) {
        assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Guarded', token), false, JSON.stringify(token));
      }
      assert.equal(await api.services.tokens.get(guarded.url), undefined);
    });
  });

  describe('finding 1: where a chain came from', () => {
    it('with chains in user and workspace settings, the hover and the receipt panel name the scope of the chain that answered', async () => {
      await setChains([{ name: 'Mine', nodeUrl: node.url, chainId: IOTA }]);
      await config().update('chains', [{ name: 'Theirs', nodeUrl: guarded.url, chainId: IOTA }], vscode.ConfigurationTarget.Workspace);
      try {
        await waitFor(() => api.services.chains.valid().length === 2, 'both chains');
        const h = await oneHover(`x ${KNOWN}`, KNOWN);
        assert.match(h.plain, /Chain Mine \(User settings\)/, h.plain);
        const panel = await vscode.commands.executeCommand<{ waitForRender(p: (x: { text: string }) => boolean): Promise<{ text: string }> } | undefined>(
          'waspChain.showReceipt',
          { requestId: KNOWN },
        );
        assert.ok(panel);
        await panel.waitForRender((x) => x.text.includes('Mine, from User settings'));
      } finally {
        await config().update('chains', undefined, vscode.ConfigurationTarget.Workspace);
      }
    });
  });

  describe('Sign Out', () => {
    it('drops the receipts fetched with the token', async () => {
      await setChains([{ name: 'Guarded', nodeUrl: guarded.url, chainId: IOTA }]);
      assert.equal(await vscode.commands.executeCommand('waspChain.setToken', 'Guarded', guarded.issueToken({ permissions: ['read'] })), true);
      const h = await oneHover(`x ${KNOWN}`, KNOWN);
      assert.match(h.plain, /Request succeeded/);
      const chain = api.services.chains.get('Guarded');
      assert.ok(chain && api.receipts.service.cache.peek(KNOWN, chain), 'cached');
      assert.equal(await vscode.commands.executeCommand('waspChain.signOut', 'Guarded'), true);
      await waitFor(() => api.receipts.service.cache.peek(KNOWN, chain) === undefined, 'the receipt is dropped');
      const after = await oneHover(`x ${KNOWN}`, KNOWN);
      assert.match(after.plain, /access denied/, 'asked again, without the token');
    });
  });

  describe('finding 7: a hover is never felt', () => {
    it('a receipt with an 8 MB error message: the hover shows the headline clipped once in the view, and stays small', async () => {
      await config().update('request.maxResponseBytes', 32 * 1024 * 1024, vscode.ConfigurationTarget.Global);
      try {
        await setChains([{ name: 'Mine', nodeUrl: node.url, chainId: IOTA }]);
        const big = hostileReceipt(HOSTILE_ID);
        big.errorMessage = `${'x'.repeat(4 * 1024 * 1024)}\u00e9${'y'.repeat(4 * 1024 * 1024)}`;
        node.setReceipt(IOTA, big);
        const first = await oneHover(`x ${HOSTILE_ID}`, HOSTILE_ID);
        const cached = await oneHover(`x ${HOSTILE_ID}`, HOSTILE_ID);
        for (const h of [first, cached]) {
          assert.match(h.plain, /Request failed: x{100,}…/);
          assert.ok(h.value.length < 4000, `a hover of ${h.value.length} characters`);
        }
        // What the hover reads from: the cached view, whose headline was clipped when it was built.
        const found = await api.receipts.service.find(HOSTILE_ID);
        assert.ok(found.found && found.value.view.error, 'the cached receipt failed');
        assert.ok(found.value.view.error.headline.length <= 300, `headline of ${found.value.view.error.headline.length} characters`);
      } finally {
        await config().update('request.maxResponseBytes', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  });
});
