// The debug session over real replays: anvil's transactions of the real-peer fixture replayed in
// plain Node, the project's own forge and Hardhat records matched to the code, the session driven
// through the debug protocol as VS Code drives it. What stops where, forward and back, what the
// views show, what a revert and a divergence say.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { loadAbiCoder } from '../../../src/evm/model/decode';
import { ArtifactIndex } from '../../../src/debugger/model/artifactMatch';
import { Describer } from '../../../src/debugger/model/describe';
import { LineIndex } from '../../../src/debugger/model/lineIndex';
import type { PreparedReplay } from '../../../src/debugger/model/prepared';
import { fetchReplayInputs, type ReplayInputs } from '../../../src/debugger/model/replayInputs';
import { replayTransaction } from '../../../src/debugger/model/replay';
import { ReplaySession } from '../../../src/debugger/model/session';
import { nameSlot } from '../../../src/debugger/model/storageNames';
import { keccak_256 } from '@noble/hashes/sha3';
import { ANVIL_ACCOUNTS, startRealPeers, waitMined, type RealPeers, type RealPeerTxs } from '../../fixtures/realPeers/realPeers';
import { DapClient } from '../helpers/dapClient';
import { files, realPeersAbiIndex } from '../helpers/realPeers';

describe('the debug session over anvil’s transactions, replayed, with the project’s own build records', function () {
  this.timeout(60_000);
  let peers: RealPeers;
  let artifacts: ArtifactIndex;
  let bankSol: string;
  let bankText: string;

  before(async function () {
    this.timeout(180_000);
    peers = await startRealPeers();
    artifacts = new ArtifactIndex();
    for (const rel of files(peers.project).filter((f) => /^(out|artifacts)\/.*\.json$/.test(f)))
      artifacts.add(rel, readFileSync(join(peers.project, rel), 'utf8'));
    bankSol = join(peers.project, 'src', 'Bank.sol');
    assert.ok(existsSync(bankSol));
    bankText = readFileSync(bankSol, 'utf8');
  });
  after(() => peers?.stop());

  const lineOf = (needle: string) => bankText.split('\n').findIndex((l) => l.includes(needle)) + 1;

  async function prepared(which: keyof RealPeerTxs | { hash: string }, alter?: (inputs: ReplayInputs) => void, withArtifacts = true): Promise<PreparedReplay> {
    const hash = typeof which === 'string' ? peers.txs[which] : which.hash;
    const read = await fetchReplayInputs(peers.rpcUrl, hash, { fetch: globalThis.fetch });
    assert.ok(read.ok, read.ok ? '' : `${read.what}: ${read.reason} ${read.detail ?? ''}`);
    alter?.(read.inputs);
    const recording = await replayTransaction(read.inputs, { maxSteps: 1_000_000 });
    const maps = recording.frames.map((f) => (withArtifacts && !f.native ? artifacts.match(f.code, f.kind === 'CREATE' || f.kind === 'CREATE2') : undefined));
    return {
      recording,
      codeMapOf: (f) => maps[f],
      lines: new LineIndex(recording, (f) => maps[f]),
      describer: new Describer(await loadAbiCoder(), [realPeersAbiIndex(peers)]),
      sourceOf: (path) => (path === 'src/Bank.sol' ? { name: 'Bank.sol', path: bankSol } : { name: path }),
      compilerPathOf: (p) => (p === bankSol ? 'src/Bank.sol' : undefined),
      slotName: (map, slot) => (map?.storageLayout ? nameSlot(map.storageLayout, slot, recording.keccakPreimages) : undefined),
      title: `${hash} on anvil`,
    };
  }

  /** A launched session, configured with `breakpoints` (lines of Bank.sol, optional conditions). */
  async function launch(
    p: PreparedReplay,
    options: { stopOnEntry?: boolean; frame?: number; breakpoints?: P.SourceBreakpoint[] } = {},
  ): Promise<{ dap: DapClient; first: P.StoppedEvent['body']; set: P.Breakpoint[] }> {
    const session = new ReplaySession(async () => p);
    const dap = new DapClient(session);
    await dap.ok('initialize', { adapterID: 'wasp-evm', linesStartAt1: true, columnsStartAt1: true, supportsProgressReporting: true });
    await dap.ok('launch', { transaction: '0x', stopOnEntry: options.stopOnEntry ?? true, ...(options.frame === undefined ? {} : { frame: options.frame }) });
    await dap.event('initialized');
    const set = await dap.ok<P.SetBreakpointsResponse['body']>('setBreakpoints', { source: { path: bankSol }, breakpoints: options.breakpoints ?? [] });
    const before = dap.events.length;
    await dap.ok('configurationDone');
    const first = (await dap.event<P.StoppedEvent['body']>('stopped', before)).body;
    return { dap, first, set: set.breakpoints };
  }

  it('a breakpoint on `revert Overdrawn` stops in Ledger.debit under Bank.withdraw; continuing stops on the revert, decoded as the exception', async () => {
    const line = lineOf('revert Overdrawn(have, amount);');
    const { dap, first, set } = await launch(await prepared('customError'), { stopOnEntry: false, breakpoints: [{ line }] });
    assert.deepEqual(
      set.map((b) => b.verified),
      [true],
    );
    assert.equal(first.reason, 'breakpoint');
    const frames = await dap.stack();
    assert.deepEqual(
      frames.map((f) => f.name),
      ['Ledger.debit', 'Bank.withdraw'],
    );
    assert.equal(frames[0]?.line, line);
    assert.equal(frames[0]?.source?.path, bankSol);
    assert.equal(frames[1]?.line, lineOf('ledger.debit(msg.sender, amount);'));
    const stop = await dap.move('continue');
    assert.equal(stop.reason, 'exception');
    assert.equal(stop.description, 'Overdrawn(available: 1000, required: 5000)');
    const info = await dap.ok<P.ExceptionInfoResponse['body']>('exceptionInfo', { threadId: 1 });
    assert.equal(info.description, 'Overdrawn(available: 1000, required: 5000)');
    assert.equal(info.exceptionId, 'Overdrawn');
  });

  it('the call’s decoded arguments, msg.sender, gas, the storage read so far (named by the layout when the build info has it), the stack and memory paged', async () => {
    const { dap } = await launch(await prepared('customError'), { stopOnEntry: false, breakpoints: [{ line: lineOf('revert Overdrawn(have, amount);') }] });
    await dap.stack();
    const scopes = (await dap.ok<P.ScopesResponse['body']>('scopes', { frameId: 1 })).scopes;
    assert.deepEqual(
      scopes.map((s) => s.name.split(' (')[0]),
      ['Call', 'Gas', 'Storage', 'EVM stack', 'Memory'],
    );
    const vars = async (name: string, extra: Record<string, unknown> = {}) =>
      (
        await dap.ok<P.VariablesResponse['body']>('variables', {
          variablesReference: scopes.find((s) => s.name.startsWith(name))!.variablesReference,
          ...extra,
        })
      ).variables;
    const call = await vars('Call');
    assert.equal(call.find((v) => v.name === 'amount')?.value, '5000');
    assert.equal(call.find((v) => v.name === 'msg.sender')?.value.toLowerCase(), peers.addresses.bank.toLowerCase());
    const storage = await vars('Storage');
    assert.equal(storage.length, 1, JSON.stringify(storage));
    assert.equal(BigInt(storage[0]!.value), 1000n);
    const stack = await vars('EVM stack');
    assert.ok(stack.length > 0 && stack.every((v) => /^0x[0-9a-f]+$/.test(v.value)));
    const memory = scopes.find((s) => s.name.startsWith('Memory'))!;
    assert.ok((memory.indexedVariables ?? 0) >= 3);
    const page = await vars('Memory', { filter: 'indexed', start: 2, count: 1 });
    assert.deepEqual(
      page.map((v) => v.name),
      ['0x0040'],
    );
    assert.equal(page[0]!.value.length, 64);
    const gas = await vars('Gas');
    assert.ok(BigInt(gas[0]!.value.replace(/,/g, '')) > 0n);
  });

  it('a decoded argument that hides characters (a right-to-left override, a zero-width space) shows them, in the variables and to a hover', async () => {
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    const note = new TextEncoder().encode('pay \u202Elive\u200B');
    const data = `0x${hex(keccak_256(new TextEncoder().encode('save(string)')).subarray(0, 4))}${(32).toString(16).padStart(64, '0')}${note.length.toString(16).padStart(64, '0')}${hex(note).padEnd(Math.ceil(note.length / 32) * 64, '0')}`;
    const hash = await peers.rpc<string>('eth_sendTransaction', [{ from: ANVIL_ACCOUNTS[1], to: peers.addresses.bank, data, value: '0x1', gas: '0x100000' }]);
    await waitMined(peers.rpc, hash);
    const { dap } = await launch(await prepared({ hash }));
    const [top] = await dap.stack();
    assert.equal(top?.name, 'Bank.save');
    const scopes = (await dap.ok<P.ScopesResponse['body']>('scopes', { frameId: 1 })).scopes;
    const call = (await dap.ok<P.VariablesResponse['body']>('variables', { variablesReference: scopes[0]!.variablesReference })).variables;
    const shown = call.find((v) => v.name === 'note')?.value ?? '';
    assert.ok(shown.includes('⟨U+202E⟩') && shown.includes('⟨U+200B⟩') && !shown.includes('\u202E'), shown);
    const hover = await dap.ok<P.EvaluateResponse['body']>('evaluate', { expression: 'note', frameId: 1, context: 'hover' });
    assert.equal(hover.result, shown);
  });

  it('a conditional breakpoint stops only where its condition on a decoded argument holds', async () => {
    const line = lineOf('uint256 have = credits[who];');
    const holds = await launch(await prepared('customError'), { stopOnEntry: false, breakpoints: [{ line, condition: 'amount > 4000' }] });
    assert.equal(holds.first.reason, 'breakpoint');
    const fails = await launch(await prepared('customError'), { stopOnEntry: false, breakpoints: [{ line, condition: 'amount < 10' }] });
    assert.equal(fails.first.reason, 'exception');
  });

  it('a breakpoint on a line the transaction never runs is not verified, and says why', async () => {
    const { set } = await launch(await prepared('customError'), { breakpoints: [{ line: lineOf('r = new Receipt(amount);') }] });
    assert.equal(set[0]?.verified, false);
    assert.match(set[0]?.message ?? '', /never runs this line/);
  });

  it('step in enters Ledger.credit from Bank.save; step out comes back to the call’s line', async () => {
    const { dap, first } = await launch(await prepared('save'));
    assert.equal(first.reason, 'entry');
    let frames = await dap.stack();
    assert.equal(frames[0]?.name, 'Bank.save');
    for (let i = 0; i < 50 && frames[0]?.name === 'Bank.save'; i++) {
      await dap.move('stepIn');
      frames = await dap.stack();
    }
    assert.equal(frames[0]?.name, 'Ledger.credit');
    assert.equal(frames[1]?.line, lineOf('ledger.credit(msg.sender, msg.value);'));
    await dap.move('stepOut');
    frames = await dap.stack();
    assert.equal(frames[0]?.name, 'Bank.save');
    assert.equal(frames.length, 1);
  });

  it('step in from Bank.issue enters the constructor of the Receipt it creates, matched by its init code', async () => {
    const { dap } = await launch(await prepared('createInCall'));
    let frames = await dap.stack();
    for (let i = 0; i < 50 && frames[0]?.name.startsWith('Bank.'); i++) {
      await dap.move('stepIn');
      frames = await dap.stack();
    }
    assert.equal(frames[0]?.name, 'Receipt.constructor');
    assert.equal(frames[0]?.line, lineOf('bank = msg.sender;'));
    assert.equal(frames[1]?.line, lineOf('r = new Receipt(amount);'));
  });

  for (const which of ['save', 'customError', 'createInCall', 'requireString', 'panic', 'outOfGas'] as const) {
    it(`stepping back undoes every step over of ${which}, stop for stop, the early stop on a failure too`, async () => {
      const { dap } = await launch(await prepared(which));
      const where = async () => (await dap.stack()).map((f) => `${f.name}:${f.line}`).join(' < ');
      const forward = [await where()];
      for (let i = 0; i < 400; i++) {
        const stop = await dap.move('next');
        forward.push(await where());
        if (stop.description?.startsWith('End of the transaction') || stop.reason === 'exception') break;
      }
      assert.ok(forward.length >= 2, forward.join('\n'));
      const backward = [forward[forward.length - 1]!];
      for (let i = 0; i < forward.length - 1; i++) {
        await dap.move('stepBack');
        backward.push(await where());
      }
      assert.deepEqual(backward.reverse(), forward);
    });
  }

  for (const which of ['save', 'createInCall'] as const) {
    it(`from the end reached by continuing, stepping back walks the lines a step over walks, in reverse (${which})`, async () => {
      const forwardRun = await launch(await prepared(which));
      const where = async (dap: DapClient) => (await dap.stack()).map((f) => `${f.name}:${f.line}`).join(' < ');
      const forward = [await where(forwardRun.dap)];
      for (let i = 0; i < 400; i++) {
        const stop = await forwardRun.dap.move('next');
        forward.push(await where(forwardRun.dap));
        if (stop.description?.startsWith('End of the transaction')) break;
      }
      const { dap, first } = await launch(await prepared(which), { stopOnEntry: false });
      assert.match(first.description ?? '', /^End of the transaction \(success, [0-9,]+ gas used\)$/);
      const backward = [await where(dap)];
      for (let i = 0; i < forward.length - 1; i++) {
        await dap.move('stepBack');
        backward.push(await where(dap));
      }
      assert.deepEqual(backward.reverse(), forward);
    });
  }

  it('the revert of a require names its reason; a division by zero its panic; running out of gas says so', async () => {
    const reasons: Record<string, RegExp> = { requireString: /^amount is zero$/, panic: /^panic 0x12: division or modulo by zero$/, outOfGas: /out of gas/i };
    for (const [which, expected] of Object.entries(reasons)) {
      const { first } = await launch(await prepared(which as keyof RealPeerTxs), { stopOnEntry: false });
      assert.equal(first.reason, 'exception', which);
      assert.match(first.description ?? '', expected, which);
    }
  });

  it('“Debug from here” starts in the frame it names: the nested call of Bank.save', async () => {
    const { dap, first } = await launch(await prepared('save'), { frame: 1 });
    assert.equal(first.reason, 'entry');
    assert.deepEqual(
      (await dap.stack()).map((f) => f.name),
      ['Ledger.credit', 'Bank.save'],
    );
  });

  it('forge’s out/ alone (forge writes no build info unless asked): the artifact’s own source, read from the workspace, gives the lines', async () => {
    const bare = new ArtifactIndex();
    for (const rel of files(peers.project).filter((f) => /^out\/[^/]+\.sol\/.*\.json$/.test(f))) bare.add(rel, readFileSync(join(peers.project, rel), 'utf8'));
    const read = await fetchReplayInputs(peers.rpcUrl, peers.txs.customError, { fetch: globalThis.fetch });
    assert.ok(read.ok);
    const recording = await replayTransaction(read.inputs, { maxSteps: 1_000_000 });
    const ledgerFrame = recording.frames[1]!;
    const pcs = Array.from(recording.pc.subarray(ledgerFrame.firstStep, ledgerFrame.lastStep + 1));
    // Without the source: the code matches, but no pc has a line.
    assert.ok(bare.match(ledgerFrame.code, false));
    assert.ok(pcs.every((pc) => bare.match(ledgerFrame.code, false)?.locate(pc) === undefined));
    assert.deepEqual(
      bare
        .sourcesWanted()
        .map((w) => [w.root, w.path])
        .sort(),
      [
        ['', 'script/Deploy.s.sol'],
        ['', 'src/Bank.sol'],
      ],
    );
    for (const w of bare.sourcesWanted()) bare.addSourceText(w.root, w.path, readFileSync(join(peers.project, w.path), 'utf8'));
    const map = bare.match(ledgerFrame.code, false);
    assert.equal(map?.contractName, 'Ledger');
    const lines = new Set(pcs.map((pc) => map?.locate(pc)?.line).filter((l) => l !== undefined));
    assert.ok(lines.has(lineOf('revert Overdrawn(have, amount);')), [...lines].join(','));
  });

  it('code no build record matches steps by instruction, shown in the disassembly', async () => {
    const { dap } = await launch(await prepared('save', undefined, false));
    const [frame] = await dap.stack();
    assert.equal(frame?.source, undefined);
    assert.ok(frame?.instructionPointerReference);
    const dis = await dap.ok<P.DisassembleResponse['body']>('disassemble', {
      memoryReference: frame.instructionPointerReference,
      instructionOffset: 0,
      instructionCount: 4,
    });
    assert.ok(dis);
    assert.equal(dis.instructions.length, 4);
    assert.match(dis.instructions[0]!.instruction, /^[A-Z]+[0-9]*( 0x[0-9a-f]+)?$/);
    await dap.move('next');
    const [after] = await dap.stack();
    assert.notEqual(after?.instructionPointerReference, frame.instructionPointerReference);
    assert.equal(BigInt(after!.instructionPointerReference!), BigInt(dis.instructions[1]!.address));
  });
});
