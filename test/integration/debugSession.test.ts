// Debug Transaction in a real extension host, against a real EVM node: the anvil the runner starts
// with the real-peer fixture's transactions mined (test/fixtures/realPeers), the project's forge
// and Hardhat records in the workspace's real-peers/ folder. A session started through
// vscode.debug.startDebugging; what it shows read through the session's own protocol requests
// (stackTrace, scopes, variables, exceptionInfo), its stops observed by a tracker of the messages.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activate, closeEditorsDiscardingText, setChains } from './helpers';

interface RealPeersRun {
  rpcUrl: string;
  chainId: string;
  folder: string;
  txs: Record<'customError' | 'requireString' | 'panic' | 'save' | 'createInCall' | 'valueTransfer' | 'noCode', string>;
}

function realPeersRun(): RealPeersRun {
  const text = process.env.WASP_TEST_REAL_PEERS;
  assert.ok(text, 'WASP_TEST_REAL_PEERS: scripts/run-integration.mjs starts anvil for the integration launch');
  return JSON.parse(text) as RealPeersRun;
}

interface StoppedBody {
  reason: string;
  description?: string;
}

/** The stops of every wasp-evm session, in order, as the adapter sent them. */
class Stops {
  readonly seen: StoppedBody[] = [];
  readonly trace: string[] = [];
  private waiting: Array<() => void> = [];
  readonly registration = vscode.debug.registerDebugAdapterTrackerFactory('wasp-evm', {
    createDebugAdapterTracker: () => ({
      onWillStartSession: () => this.note('session starts'),
      onWillReceiveMessage: (m: { command?: string }) => this.note(`-> ${m.command ?? '?'}`),
      onError: (e: Error) => this.note(`error ${e.message}`),
      onExit: () => this.note('exit'),
      onDidSendMessage: (m: { type?: string; event?: string; command?: string; success?: boolean; body?: StoppedBody }) => {
        this.note(m.type === 'event' ? `<- event ${m.event ?? ''}` : `<- ${m.command ?? ''} ${m.success === false ? 'failed' : 'ok'}`);
        if (m.type === 'event' && m.event === 'stopped' && m.body) {
          this.seen.push(m.body);
          for (const w of this.waiting.splice(0)) w();
        }
      },
    }),
  });

  note(what: string): void {
    this.trace.push(`${new Date().toISOString().slice(11, 23)} ${what}`);
  }

  /** The next stop after `count` stops were seen. */
  async next(count: number, what: string): Promise<StoppedBody> {
    const deadline = Date.now() + 60_000;
    while (this.seen.length <= count) {
      assert.ok(Date.now() < deadline, `no stop: ${what}`);
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 1_000);
      });
    }
    return this.seen[count]!;
  }
}

interface Frame {
  name: string;
  line: number;
  source?: { path?: string; name?: string };
}

async function top(session: vscode.DebugSession): Promise<Frame[]> {
  const r = (await session.customRequest('stackTrace', { threadId: 1 })) as { stackFrames: Frame[] };
  return r.stackFrames;
}

/** What the editors hold, for a failure's report. */
function openEditors(): string {
  const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => `${t.label}${t.isDirty ? ' (unsaved)' : ''}${t.isActive ? ' (active)' : ''}`));
  return tabs.join(', ') || 'none';
}

/** `p`, or a failure that says what did not happen (before mocha's own timeout, which says nothing). */
async function within<T>(p: Thenable<T>, what: string, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms / 1000} s: ${what} (open editors: ${openEditors()})`)), ms);
  });
  try {
    return await Promise.race([Promise.resolve(p), late]);
  } finally {
    clearTimeout(timer);
  }
}

function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  assert.ok(i >= 0, needle);
  return i + 1;
}

describe('Debug Transaction: a mined transaction replayed and stepped at its Solidity lines (anvil, forge and solc records)', function () {
  this.timeout(120_000);
  let run: RealPeersRun;
  let stops: Stops;
  let bankSol: vscode.Uri;
  let bankText: string;

  before(async () => {
    await activate();
    run = realPeersRun();
    await setChains([{ name: 'Anvil', evmJsonRpcUrl: run.rpcUrl, evmChainId: Number(run.chainId) }]);
    stops = new Stops();
    const [folder] = vscode.workspace.workspaceFolders ?? [];
    assert.ok(folder);
    bankSol = vscode.Uri.joinPath(folder.uri, 'real-peers', 'src', 'Bank.sol');
    bankText = new TextDecoder().decode(await vscode.workspace.fs.readFile(bankSol));
    // An untitled editor an earlier suite left active and dirty would make VS Code ask where to save
    // it before the session starts (debug.saveBeforeStart), and nobody answers a test.
    await closeEditorsDiscardingText();
  });

  afterEach(async function () {
    if (this.currentTest?.state !== 'passed') console.log(`what the adapter was told and said:\n${stops.trace.join('\n')}`);
    stops.trace.length = 0;
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.debug.stopDebugging();
  });

  after(async () => {
    stops.registration.dispose();
    await setChains(undefined, { defaultChain: undefined });
  });

  async function start(transaction: string, extra: Record<string, unknown> = {}): Promise<{ session: vscode.DebugSession; first: StoppedBody; count: number }> {
    const count = stops.seen.length;
    const started = new Promise<vscode.DebugSession>((resolve) => {
      const d = vscode.debug.onDidStartDebugSession((s) => {
        if (s.type === 'wasp-evm') {
          stops.note('onDidStartDebugSession');
          d.dispose();
          resolve(s);
        }
      });
    });
    stops.note(`startDebugging (open editors: ${openEditors()})`);
    const ok = await within(
      vscode.debug.startDebugging(undefined, { type: 'wasp-evm', request: 'launch', name: 'Debug a transaction', transaction, chain: 'Anvil', ...extra }),
      'startDebugging resolves',
    );
    stops.note(`startDebugging resolved ${ok}`);
    assert.ok(ok, 'the session starts');
    const session = await within(started, 'the session starts');
    const first = await stops.next(count, 'the first stop');
    return { session, first, count: count + 1 };
  }

  it('a .sol file opens as Solidity, so its gutter takes breakpoints (without any Solidity extension installed)', async () => {
    const doc = await vscode.workspace.openTextDocument(bankSol);
    assert.equal(doc.languageId, 'solidity');
  });

  it('a breakpoint on the revert line of Ledger.debit stops there, two calls deep, with the call decoded; the revert is the exception, decoded', async () => {
    const revertLine = lineOf(bankText, 'revert Overdrawn(have, amount);');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(bankSol, new vscode.Position(revertLine - 1, 4)))]);
    const { session, first, count } = await start(run.txs.customError, { stopOnEntry: false });
    assert.equal(first.reason, 'breakpoint');
    const frames = await top(session);
    assert.equal(frames[0]?.name, 'Ledger.debit');
    assert.equal(frames[0]?.line, revertLine);
    assert.ok(frames[0]?.source?.path?.endsWith('Bank.sol'), JSON.stringify(frames[0]?.source));
    assert.equal(frames[1]?.name, 'Bank.withdraw');
    assert.equal(frames[1]?.line, lineOf(bankText, 'ledger.debit(msg.sender, amount);'));

    const scopes = (await session.customRequest('scopes', { frameId: 1 })) as { scopes: Array<{ name: string; variablesReference: number }> };
    const call = scopes.scopes.find((s) => s.name === 'Call');
    assert.ok(call);
    const vars = (await session.customRequest('variables', { variablesReference: call.variablesReference })) as {
      variables: Array<{ name: string; value: string }>;
    };
    assert.equal(vars.variables.find((v) => v.name === 'amount')?.value, '5000');
    const hover = (await session.customRequest('evaluate', { expression: 'amount', frameId: 1, context: 'hover' })) as { result: string };
    assert.equal(hover.result, '5000');

    await session.customRequest('continue', { threadId: 1 });
    const exception = await stops.next(count, 'the revert');
    assert.equal(exception.reason, 'exception');
    const info = (await session.customRequest('exceptionInfo', { threadId: 1 })) as { description: string };
    assert.equal(info.description, 'Overdrawn(available: 1000, required: 5000)');
    assert.equal((await top(session))[0]?.name, 'Ledger.debit');
  });

  it('steps back and reverse-continues over the recording: the breakpoint is reached again from the revert', async () => {
    const revertLine = lineOf(bankText, 'revert Overdrawn(have, amount);');
    const haveLine = lineOf(bankText, 'uint256 have = credits[who];');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(bankSol, new vscode.Position(revertLine - 1, 4)))]);
    const { session, count } = await start(run.txs.customError, { stopOnEntry: false });
    await session.customRequest('stepBack', { threadId: 1 });
    await stops.next(count, 'a step back');
    const back = await top(session);
    assert.equal(back[0]?.name, 'Ledger.debit');
    assert.ok(back[0]!.line < revertLine && back[0]!.line >= haveLine, `stepped back to line ${back[0]?.line}`);
    await session.customRequest('reverseContinue', { threadId: 1 });
    await stops.next(count + 1, 'reverse continue');
    await session.customRequest('continue', { threadId: 1 });
    const again = await stops.next(count + 2, 'the breakpoint again');
    assert.equal(again.reason, 'breakpoint');
    assert.equal((await top(session))[0]?.line, revertLine);
    await session.customRequest('stepOut', { threadId: 1 });
    await stops.next(count + 3, 'step out');
  });

  it('steps into the nested call of Bank.save and out again, by source line', async () => {
    const { session, first, count } = await start(run.txs.save);
    assert.equal(first.reason, 'entry');
    const creditLine = lineOf(bankText, 'ledger.credit(msg.sender, msg.value);');
    let seen = count;
    let frames = await top(session);
    assert.equal(frames[0]?.name, 'Bank.save');
    for (let i = 0; i < 40 && frames[0]?.name === 'Bank.save'; i++) {
      await session.customRequest('stepIn', { threadId: 1 });
      await stops.next(seen++, 'step in');
      frames = await top(session);
    }
    assert.equal(frames[0]?.name, 'Ledger.credit');
    assert.equal(frames[1]?.line, creditLine);
    await session.customRequest('stepOut', { threadId: 1 });
    await stops.next(seen, 'step out');
    frames = await top(session);
    assert.equal(frames[0]?.name, 'Bank.save');
  });
});
