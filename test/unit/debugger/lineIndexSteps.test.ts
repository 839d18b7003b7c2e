// The per-step arrays a line-stepping command scans (src/debugger/model/lineIndex.ts), over a
// recording and code maps built here: which line each step is on, where a run of a line starts,
// where a step command may land, and how deep in internal (JUMP) calls each step is.
import { strict as assert } from 'node:assert';
import type { CodeMap, SourceLocation } from '../../../src/debugger/model/codeMap';
import { LineIndex } from '../../../src/debugger/model/lineIndex';
import type { Recording } from '../../../src/debugger/model/recording';
import { JUMP, recordingOf, SOURCE } from './syntheticReplay';

/** One step: its frame, its line (a pair: a range over two lines), solc's mark, whether its op is a JUMP. */
interface Step {
  f: number;
  line?: number | [number, number];
  path?: string;
  mark?: 'i' | 'o' | '-';
  jump?: boolean;
}

/** A code map answering by pc, which is the step number. */
function mapOf(steps: Step[]): CodeMap {
  const locate = (pc: number): SourceLocation | undefined => {
    const line = steps[pc]?.line;
    if (line === undefined) return undefined;
    const [first, last] = typeof line === 'number' ? [line, line] : line;
    return { path: steps[pc]?.path ?? SOURCE, start: 0, length: 1, line: first, column: 1, endLine: last, endColumn: 2, jump: '-' };
  };
  return { contractName: 'C', artifactPath: 'out/C.json', locate, jumpAt: (pc) => steps[pc]?.mark ?? '-', sourceText: () => undefined, abi: [] };
}

function indexOf(
  frames: { parent?: number }[],
  steps: Step[],
  mapped: (f: number) => boolean = () => true,
): { index: LineIndex; map: CodeMap; rec: Recording } {
  const base = recordingOf(
    frames,
    steps.map((s) => ({ f: s.f })),
  );
  const rec: Recording = { ...base, op: Uint8Array.from(steps, (s) => (s.jump ? JUMP : 0x5b)) };
  const map = mapOf(steps);
  return { index: new LineIndex(rec, (f) => (mapped(f) ? map : undefined)), map, rec };
}

const arrays = (index: LineIndex) => ({
  lineKey: [...index.lineKey],
  runStart: [...index.runStart],
  landing: [...index.landing],
  internalDepth: [...index.internalDepth],
});

describe('debugger/model/lineIndex: the steps a line-stepping command scans', () => {
  it('counts internal calls by JUMP marks, lands where a run of a line starts or an internal call returns', () => {
    const steps: Step[] = [
      { f: 0, line: 10 },
      { f: 0, line: 10, mark: 'i', jump: true },
      { f: 0, line: 10 },
      { f: 0, mark: 'o', jump: true },
      { f: 0, line: 10 },
      { f: 0, line: [11, 12] },
      { f: 0, line: 11, mark: 'o', jump: true },
      { f: 0, line: 11, mark: '-', jump: true },
      { f: 0, line: 11, mark: 'i', jump: true },
      { f: 0, line: 11, mark: '-', jump: true },
      { f: 0, line: 11, mark: 'o' },
      { f: 0, line: 10 },
      { f: 0, line: 11 },
    ];
    const { index } = indexOf([{}], steps);
    assert.deepStrictEqual(arrays(index), {
      lineKey: [0, 0, 0, -1, 0, -1, 1, 1, 1, 1, 1, 0, 1],
      runStart: [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1],
      landing: [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1],
      internalDepth: [0, 0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    });
    assert.deepStrictEqual([index.line(0), index.line(1), index.line(2)], [{ path: SOURCE, line: 10 }, { path: SOURCE, line: 11 }, undefined]);
    assert.deepStrictEqual([index.timesRun(0), index.timesRun(1), index.timesRun(-1)], [2, 2, 0]);
    assert.deepStrictEqual([index.keyOf(SOURCE, 10), index.keyOf(SOURCE, 11), index.keyOf(SOURCE, 12)], [0, 1, -1]);
  });

  it('lands on the caller line after a call returns, and on every step of code no build record maps', () => {
    const steps: Step[] = [
      { f: 0, line: 10 },
      { f: 0, line: 11 },
      { f: 1, line: 20 },
      { f: 1, line: 20 },
      { f: 0, line: 11 },
      { f: 0, line: 11 },
      { f: 2 },
      { f: 2 },
      { f: 0, line: 11 },
      { f: 0, line: 11 },
    ];
    const { index } = indexOf([{}, { parent: 0 }, { parent: 0 }], steps, (f) => f !== 2);
    assert.deepStrictEqual(arrays(index), {
      lineKey: [0, 1, 2, 2, 1, 1, -1, -1, 1, 1],
      runStart: [1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
      landing: [1, 1, 1, 0, 1, 0, 1, 1, 1, 0],
      internalDepth: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    assert.deepStrictEqual([index.timesRun(0), index.timesRun(1), index.timesRun(2)], [1, 1, 1]);
  });
});

describe('debugger/model/lineIndex: a frame the recording lacks, and the sources of a code map', () => {
  it('reads a step of a frame the recording does not describe as one at the root depth', () => {
    const steps: Step[] = [
      { f: 0, line: 10 },
      { f: 3, line: 30 },
      { f: 0, line: 10 },
    ];
    const { index } = indexOf([{}], steps);
    assert.deepStrictEqual(arrays(index), {
      lineKey: [0, 1, 0],
      runStart: [1, 1, 0],
      landing: [1, 1, 0],
      internalDepth: [0, 0, 0],
    });
    const back = indexOf(
      [{}, { parent: 0 }],
      [
        { f: 3, line: 30 },
        { f: 1, line: 20 },
        { f: 3, line: 30 },
      ],
    ).index;
    assert.deepStrictEqual([...back.landing], [1, 1, 1]);
  });

  it('names every source a code map steps into, in the order first seen', () => {
    const steps: Step[] = [
      { f: 0, line: 10 },
      { f: 0, line: 3, path: 'lib/L.sol' },
      { f: 0, line: [4, 5], path: 'lib/M.sol' },
      { f: 0, line: 11 },
    ];
    const { index, map } = indexOf([{}], steps);
    assert.deepStrictEqual([...index.sourcePaths(map)], [SOURCE, 'lib/L.sol', 'lib/M.sol']);
  });
});
