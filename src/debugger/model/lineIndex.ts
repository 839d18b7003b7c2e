// The source lines of a recorded replay, read once per session so that every step command is a
// scan over typed arrays: for each step, the line it belongs to (interned), whether it starts a run
// of that line in its frame (where a line-stepping debugger stops), and how deep it is in the
// frame's internal (JUMP) calls, from solc's jump marks. Pure.
import type { CodeMap } from './codeMap';
import type { Recording } from './recording';

const JUMP = 0x56;

/** A source line: the compiler's path and a 1-based line. */
export interface LineRef {
  path: string;
  line: number;
}

export class LineIndex {
  /** By step: the interned line, or -1 where no single line is mapped. */
  readonly lineKey: Int32Array;
  /** By step: 1 where the frame enters a line it was not on at its previous mapped step. */
  readonly runStart: Uint8Array;
  /** By step: how many internal function calls deep the frame is. */
  readonly internalDepth: Int32Array;
  /**
   * By step: 1 where a step command may stop: a run start, or the first mapped step of a frame
   * after it returned from an internal function or from a call (the caller's line again).
   */
  readonly landing: Uint8Array;
  private readonly lines: LineRef[] = [];
  private readonly keys = new Map<string, number>();
  /** By line key: how many run starts the replay has on that line. */
  private readonly hits: number[] = [];
  /** By code map: the compiler paths its steps map to. */
  private readonly paths = new Map<CodeMap, Set<string>>();

  constructor(rec: Recording, codeMapOf: (frame: number) => CodeMap | undefined) {
    const n = rec.length;
    this.lineKey = new Int32Array(n);
    this.runStart = new Uint8Array(n);
    this.internalDepth = new Int32Array(n);
    this.landing = new Uint8Array(n);
    const lastKey = new Map<number, number>();
    const depth = new Map<number, number>();
    /** By frame: the internal depth at its last mapped step, and whether a call ran since. */
    const lastDepth = new Map<number, number>();
    let previousFrame = -1;
    const calledOut = new Set<number>();
    for (let s = 0; s < n; s++) {
      const f = rec.frame[s] ?? 0;
      const map = codeMapOf(f);
      const loc = map?.locate(rec.pc[s] ?? 0);
      const d = depth.get(f) ?? 0;
      this.internalDepth[s] = d;
      if (loc && map) this.pathOf(map).add(loc.path);
      const key = loc && loc.endLine === loc.line ? this.intern(loc.path, loc.line) : -1;
      this.lineKey[s] = key;
      if (previousFrame !== f && previousFrame >= 0 && (rec.frames[previousFrame]?.depth ?? 0) > (rec.frames[f]?.depth ?? 0)) calledOut.add(f);
      previousFrame = f;
      if (key >= 0) {
        if (lastKey.get(f) !== key) {
          this.runStart[s] = 1;
          this.hits[key] = (this.hits[key] ?? 0) + 1;
        }
        if (this.runStart[s] === 1 || d < (lastDepth.get(f) ?? d) || calledOut.has(f)) this.landing[s] = 1;
        calledOut.delete(f);
        lastKey.set(f, key);
        lastDepth.set(f, d);
      } else if (!map) {
        this.landing[s] = 1;
      }
      if (rec.op[s] === JUMP && map) {
        const jump = map.jumpAt(rec.pc[s] ?? 0);
        if (jump === 'i') depth.set(f, d + 1);
        else if (jump === 'o' && d > 0) depth.set(f, d - 1);
      }
    }
  }

  private pathOf(map: CodeMap): Set<string> {
    let set = this.paths.get(map);
    if (!set) this.paths.set(map, (set = new Set()));
    return set;
  }

  private intern(path: string, line: number): number {
    const id = `${line}\u0000${path}`;
    let key = this.keys.get(id);
    if (key === undefined) {
      key = this.lines.length;
      this.lines.push({ path, line });
      this.keys.set(id, key);
    }
    return key;
  }

  /** The key of a line, or -1 when the replay never maps a step to it. */
  keyOf(path: string, line: number): number {
    return this.keys.get(`${line}\u0000${path}`) ?? -1;
  }

  line(key: number): LineRef | undefined {
    return this.lines[key];
  }

  /** How many times the replay enters the line: 0 means a breakpoint there is never hit. */
  timesRun(key: number): number {
    return key < 0 ? 0 : (this.hits[key] ?? 0);
  }

  /** The compiler paths the steps of code matched to `map` map to, whatever their span: the sources a session may show. */
  sourcePaths(map: CodeMap): ReadonlySet<string> {
    return this.paths.get(map) ?? new Set();
  }
}
