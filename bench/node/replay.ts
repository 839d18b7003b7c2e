// Plain Node (with --expose-gc): the replay of issue 41 against anvil. A loop contract (ten EVM steps a
// turn, an MSTORE in each, set with anvil_setCode) is called once for about 10,000 steps and once for
// about 1,000,000; each is fetched once and replayed RUNS times: the time to record (median and
// spread), steps per second, the heap a recorded 1,000,000-step replay holds, and the time of one
// step's stack and memory rebuilt (stackAt + memoryAt at steps spread over the run, the worst).
import { fetchReplayInputs, type ReplayInputs } from '../../src/debugger/model/replayInputs';
import { replayTransaction, type ReplayRecording } from '../../src/debugger/model/replay';
import { ANVIL_ACCOUNTS, jsonRpc, sendMined, startAnvil } from '../../test/fixtures/realPeers/realPeers';
import { emit, round, stats } from '../shared';
import { Describer } from '../../src/debugger/model/describe';
import { LineIndex } from '../../src/debugger/model/lineIndex';
import type { PreparedReplay } from '../../src/debugger/model/prepared';
import { ReplaySession } from '../../src/debugger/model/session';
import { AbiIndex } from '../../src/evm/model/abiIndex';
import { loadAbiCoder } from '../../src/evm/model/decode';
import { DapClient } from '../../test/unit/helpers/dapClient';

const LOOP_CODE = '0x6000355b60019003806000528060035700';
const LOOP_AT = '0x00000000000000000000000000000000000100b0';
const MiB = 1024 * 1024;
/** Replays and sessions of the 1,000,000-step transaction: the fewest a timing row of the table takes. */
const RUNS_1M = 5;
/** Sweeps of 50 steps each for the step time (a run each). */
const SWEEPS = 5;

async function loopTx(url: string, turns: number): Promise<ReplayInputs & { hash: string }> {
  // Up to a minute: on a loaded machine anvil can take longer than 10 s to mine it. Mined means in
  // a block for eth_getTransactionByHash too, which anvil answers from its pool a moment longer.
  const hash = await sendMined(
    (method, params) => jsonRpc(url, method, params),
    { from: ANVIL_ACCOUNTS[0], to: LOOP_AT, data: `0x${turns.toString(16).padStart(64, '0')}`, gas: '0x1000000' },
    3000,
  );
  const got = await fetchReplayInputs(url, hash, { fetch: globalThis.fetch, signal: AbortSignal.timeout(60_000) });
  if (!got.ok) throw new Error(`fetchReplayInputs: ${got.reason} ${got.detail ?? ''}`);
  return { ...got.inputs, hash };
}

/**
 * "Debug Transaction" to the first stop, as a session does it: the JSON-RPC asked, the replay
 * recorded, the lines indexed, the protocol's launch and configuration done; then a continue over
 * the whole recording (the longest scan a command makes) and a step back from its end.
 */
async function session(url: string, hash: string): Promise<{ firstStop: number; continueAll: number; stepBack: number; steps: number }> {
  const coder = await loadAbiCoder();
  let steps = 0;
  const s = new ReplaySession(async (_args, progress) => {
    const got = await fetchReplayInputs(url, hash, { fetch: globalThis.fetch, signal: progress.signal });
    if (!got.ok) throw new Error(`fetchReplayInputs: ${got.reason}`);
    const recording = await replayTransaction(got.inputs, { maxSteps: 2_000_000, signal: progress.signal, onProgress: (n) => progress.report(n) });
    steps = recording.length;
    const prepared: PreparedReplay = {
      recording,
      codeMapOf: () => undefined,
      lines: new LineIndex(recording, () => undefined),
      describer: new Describer(coder, [new AbiIndex()]),
      sourceOf: (path) => ({ name: path }),
      compilerPathOf: () => undefined,
      slotName: () => undefined,
      title: hash,
    };
    return prepared;
  });
  const dap = new DapClient(s);
  const t0 = performance.now();
  await dap.ok('initialize', { adapterID: 'wasp-evm', supportsProgressReporting: true });
  await dap.ok('launch', { transaction: hash });
  await dap.event('initialized');
  const before = dap.events.length;
  await dap.ok('configurationDone');
  await dap.event('stopped', before);
  await dap.stack();
  const firstStop = performance.now() - t0;
  const t1 = performance.now();
  await dap.move('continue');
  const continueAll = performance.now() - t1;
  const t2 = performance.now();
  await dap.move('stepBack');
  await dap.stack();
  const stepBack = performance.now() - t2;
  s.dispose();
  return { firstStop, continueAll, stepBack, steps };
}

async function timed(inputs: ReplayInputs, runs: number): Promise<{ times: number[]; last: ReplayRecording }> {
  const times: number[] = [];
  let last: ReplayRecording | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await replayTransaction(inputs, { maxSteps: 2_000_000 });
    times.push(performance.now() - t0);
    if (last.divergence || last.truncated) throw new Error(`replay: ${last.divergence?.message ?? 'truncated'}`);
  }
  return { times, last: last as ReplayRecording };
}

function emitRun(id: string, times: number[], steps: number): void {
  const s = stats(times);
  emit(id, round(s.p50, 0), 'ms', {
    steps,
    runs: times.length,
    min: round(s.min, 0),
    max: round(s.max, 0),
    times: times.map((t) => round(t, 0)),
    stepsPerSecond: Math.round(steps / (s.p50 / 1000)),
  });
}

/**
 * One step's stack, memory and storage rebuilt, at 50 steps spread over the recording: the worst and
 * the median. Each sweep (0 to SWEEPS - 1) visits other steps, so none is served from a step before.
 */
function stepTime(rec: ReplayRecording, sweep: number): { worst: number; p50: number; first: number } {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const step = Math.floor(((i + (sweep + 0.5) / SWEEPS) / 50) * rec.length);
    const t0 = performance.now();
    rec.stackAt(step);
    rec.memoryAt(step);
    rec.storageAt(step);
    times.push(performance.now() - t0);
  }
  const s = stats(times);
  return { worst: s.max, p50: s.p50, first: times[0] ?? 0 };
}

async function main(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const anvil = await startAnvil(31337n);
  try {
    await jsonRpc(anvil.url, 'anvil_setCode', [LOOP_AT, LOOP_CODE]);
    const small = await loopTx(anvil.url, 1_000);
    const large = await loopTx(anvil.url, 100_000);
    await timed(small, 1); // warm-up: the EVM's first run compiles its code paths
    const s = await timed(small, 7);
    emitRun('debugger.replay.10k', s.times, s.last.length);
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const l = await timed(large, RUNS_1M);
    emitRun('debugger.replay.1m', l.times, l.last.length);
    gc?.();
    const held = process.memoryUsage().heapUsed - before;
    const sweeps = Array.from({ length: SWEEPS }, (_, k) => stepTime(l.last, k));
    const step = sweeps[0] as ReturnType<typeof stepTime>;
    emit('debugger.replay.heap1m', round(held / MiB, 1), 'MiB', { steps: l.last.length, gcExposed: gc !== undefined });
    emit('debugger.replay.step', round(stats(sweeps.map((w) => w.worst)).p50, 2), 'ms', {
      p50: round(step.p50, 3),
      first: round(step.first, 2),
      steps: l.last.length,
      times: sweeps.map((w) => round(w.worst, 2)),
      what: `the worst of 50 steps, in each of ${SWEEPS} sweeps over other steps`,
    });
    for (const [id, tx, runs] of [
      ['debugger.session.10k', small, 5],
      ['debugger.session.1m', large, RUNS_1M],
    ] as const) {
      const all = [];
      for (let i = 0; i < runs; i++) all.push(await session(anvil.url, tx.hash));
      const first = stats(all.map((r) => r.firstStop));
      const cont = stats(all.map((r) => r.continueAll));
      const back = stats(all.map((r) => r.stepBack));
      emit(id, round(first.p50, 0), 'ms', {
        runs,
        steps: all[0]?.steps ?? 0,
        min: round(first.min, 0),
        max: round(first.max, 0),
        continueP50: round(cont.p50, 1),
        stepBackP50: round(back.p50, 2),
        times: all.map((r) => round(r.firstStop, 0)),
      });
      emit(`${id}.continue`, round(cont.p50, 1), 'ms', { times: all.map((r) => round(r.continueAll, 1)) });
      emit(`${id}.stepBack`, round(back.p50, 2), 'ms', { times: all.map((r) => round(r.stepBack, 2)) });
    }
  } finally {
    await anvil.stop();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
