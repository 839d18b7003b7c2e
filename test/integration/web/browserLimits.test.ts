// What a browser changes, said plainly: a token kept in the browser's SecretStorage and sent to its
// node; a node whose CORS refuses the Authorization header; a node that does not answer browsers;
// a plain-http node that is not on this machine, refused before any request.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ChainInfoPanel } from '../../../src/chainInfo/panel';
import type { ExtensionApi } from '../../../src/extension';
import { activate, setChains } from '../helpers';
import { readWebRun } from './webRun';

describe('web: what a browser refuses', function () {
  this.timeout(60_000);
  let api: ExtensionApi;

  before(async () => {
    api = await activate();
    const { nodes } = await readWebRun();
    await setChains([
      { name: 'Guarded', nodeUrl: nodes.guarded },
      { name: 'No auth header', nodeUrl: nodes.guardedNoAuthHeader },
      { name: 'No CORS', nodeUrl: nodes.noCors },
      { name: 'Far http', nodeUrl: 'http://wasp.example:9090' },
    ]);
  });

  afterEach(async () => {
    for (const p of api.chainInfo.panels()) p.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    const { nodes } = await readWebRun();
    await api.services.tokens.delete(nodes.guarded);
    await api.services.tokens.delete(nodes.guardedNoAuthHeader);
    await setChains(undefined);
  });

  async function chainInfoText(name: string, until: (text: string) => boolean): Promise<string> {
    const panel = await vscode.commands.executeCommand<ChainInfoPanel>('waspChain.showChainInfo', name);
    assert.ok(panel, `the panel of ${name}`);
    try {
      return (await panel.waitForRender((r) => until(r.text))).text;
    } catch (e) {
      throw new Error(`${e instanceof Error ? e.message : e}\nshown: ${panel.lastRendered?.text ?? '(nothing)'}`, { cause: e });
    }
  }

  it('a token stored in SecretStorage reaches its node: denied without it, answered with it', async () => {
    const { nodes } = await readWebRun();
    await api.services.tokens.delete(nodes.guarded);
    // A Wasp node's JWT middleware answers a request without a token 400 "missing or malformed jwt".
    await chainInfoText('Guarded', (t) => t.includes('missing or malformed jwt'));
    for (const p of api.chainInfo.panels()) p.dispose();
    await api.services.tokens.set(nodes.guarded, nodes.token);
    assert.equal(await api.services.tokens.get(nodes.guarded), nodes.token, 'the browser keeps the token');
    const text = await chainInfoText('Guarded', (t) => t.includes(nodes.ids.rebasedChain));
    assert.ok(!text.includes(nodes.token), 'the token is never shown');
  });

  it("a node whose CORS leaves out the Authorization header: the token is said to be blocked, and the node's answer without it is not taken for one", async () => {
    const { nodes } = await readWebRun();
    await api.services.tokens.set(nodes.guardedNoAuthHeader, nodes.token);
    const text = await chainInfoText('No auth header', (t) => t.includes('Blocked by the browser'));
    assert.ok(text.includes("the node's CORS does not allow the Authorization header"), text);
    assert.ok(!text.includes('missing or malformed jwt'), "the tokenless ask's own answer is not shown as the node's");
  });

  it('a node that does not answer browsers (no CORS): the browser blocked it, and what to check', async () => {
    const text = await chainInfoText('No CORS', (t) => t.includes('Blocked by the browser'));
    assert.ok(text.includes('CORS, mixed content'), text);
    assert.ok(!text.includes('Authorization header'), 'no token was stored: not a token problem');
  });

  it('a plain-http node elsewhere is refused before a request, with what to do', async () => {
    const text = await chainInfoText('Far http', (t) => t.includes('Blocked by the browser'));
    assert.ok(text.includes('plain-http node only on this machine'), text);
    assert.ok(text.includes('https URL'), text);
  });
});
