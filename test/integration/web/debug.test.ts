// Debug Transaction in the browser's web worker host: the inline adapter runs in the worker, the
// replay asks anvil's JSON-RPC from there (a browser's fetch: a CORS preflight first), the build
// records come from the workspace through vscode.workspace.fs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, setChains } from '../helpers';
import { readWebRun } from './webRun';

describe('web: Debug Transaction', function () {
  this.timeout(120_000);

  before(async () => {
    await activate();
  });

  after(async () => {
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.debug.stopDebugging();
    await setChains(undefined, { defaultChain: undefined });
  });

  it('a breakpoint on the revert line of Ledger.debit stops there; continuing stops on the decoded revert', async () => {
    const { realPeers } = await readWebRun();
    await setChains([{ name: 'Anvil', evmJsonRpcUrl: realPeers.rpcUrl, evmChainId: Number(realPeers.chainId) }]);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const bankSol = vscode.Uri.joinPath(folder.uri, 'real-peers', 'src', 'Bank.sol');
    const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(bankSol));
    const line = text.split('\n').findIndex((l) => l.includes('revert Overdrawn(have, amount);')) + 1;
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(bankSol, new vscode.Position(line - 1, 4)))]);
    const stops: Array<{ reason: string; description?: string }> = [];
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('wasp-evm', {
      createDebugAdapterTracker: () => ({
        onDidSendMessage: (m: { type?: string; event?: string; body?: { reason: string; description?: string } }) => {
          if (m.type === 'event' && m.event === 'stopped' && m.body) stops.push(m.body);
        },
      }),
    });
    try {
      const started = new Promise<vscode.DebugSession>((resolve) => {
        const d = vscode.debug.onDidStartDebugSession((s) => {
          d.dispose();
          resolve(s);
        });
      });
      const transaction = realPeers.txs.customError;
      assert.ok(
        await vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'web', transaction, chain: 'Anvil', stopOnEntry: false }),
      );
      const session = await started;
      const until = async (n: number) => {
        for (let i = 0; i < 120 && stops.length < n; i++) await new Promise((r) => setTimeout(r, 500));
        assert.ok(stops.length >= n, `stops: ${JSON.stringify(stops)}`);
      };
      await until(1);
      assert.equal(stops[0]?.reason, 'breakpoint');
      const trace = (await session.customRequest('stackTrace', { threadId: 1 })) as { stackFrames: Array<{ name: string; line: number }> };
      assert.deepEqual(
        trace.stackFrames.map((f) => f.name),
        ['Ledger.debit', 'Bank.withdraw'],
      );
      assert.equal(trace.stackFrames[0]?.line, line);
      await session.customRequest('continue', { threadId: 1 });
      await until(2);
      assert.equal(stops[1]?.reason, 'exception');
      assert.equal(stops[1]?.description, 'Overdrawn(available: 1000, required: 5000)');
    } finally {
      tracker.dispose();
    }
  });
});
