// Where each debugger command stops, over a recorded replay: by source line where the frame's code
// is mapped, by instruction where it is not, into native frames (answered from the node's record,
// with no steps of their own) as a stop of their own. Forward and backward alike: the recording is
// walked, never re-run. A replay that diverged from the node ends at its last trustworthy step.
// Pure.
import type { LineIndex } from './lineIndex';
import type { Recording } from './recording';

/** Where the session stands: a step, or inside the native frame entered at that step. */
export interface Position {
  step: number;
  native?: number;
}

export type StopReason = 'entry' | 'step' | 'breakpoint' | 'exception' | 'end';

export interface Stop {
  at: Position;
  reason: StopReason;
}

export type Granularity = 'line' | 'instruction';

/** Places a step back tries before it settles for the previous line (each is one step over). */
const MAX_BACK_CANDIDATES = 2_000;

/** Which failures stop the session: the revert that fails the transaction, or every revert. */
export interface ExceptionFilters {
  uncaught: boolean;
  all: boolean;
}

export class Walker {
  /** The last step the session can reach: the end, or the last step the replay can be trusted up to. */
  readonly last: number;
  private readonly nativeAt = new Map<number, number[]>();
  private readonly failedLast = new Map<number, number>();
  private readonly origin: number | undefined;
  breakpoints = new Set<number>();
  exceptions: ExceptionFilters = { uncaught: true, all: false };
  /** Says whether a breakpoint's condition holds at a step (every hit counts when unset). */
  condition: ((step: number) => boolean) | undefined;

  constructor(
    private readonly rec: Recording,
    private readonly lines: LineIndex,
    private readonly mapped: (frame: number) => boolean,
  ) {
    const end = Math.max(0, rec.length - 1);
    this.last = rec.divergence ? Math.min(end, Math.max(0, rec.divergence.step)) : end;
    for (const f of rec.frames) {
      if (f.native) this.nativeAt.set(f.firstStep, [...(this.nativeAt.get(f.firstStep) ?? []), f.index]);
      else if (f.outcome && f.outcome.status !== 'returned' && f.lastStep <= this.last) this.failedLast.set(f.lastStep, f.index);
    }
    this.origin = this.uncaughtOrigin();
  }

  /** The frame that fails the transaction first: the innermost of the chain of failures the root passed on. */
  private uncaughtOrigin(): number | undefined {
    const root = this.rec.frames[0];
    if (!root?.outcome || root.outcome.status === 'returned') return undefined;
    let at = root;
    for (;;) {
      const next = this.rec.frames
        .filter((f) => f.parent === at.index && !f.native && f.outcome && f.outcome.status !== 'returned' && f.lastStep <= at.lastStep)
        .sort((a, b) => b.lastStep - a.lastStep)[0];
      if (!next) return at.index;
      at = next;
    }
  }

  private frameOf(step: number): number {
    return this.rec.frame[step] ?? 0;
  }

  private depthOf(step: number): number {
    return this.rec.frames[this.frameOf(step)]?.depth ?? 0;
  }

  /** The frame a position stands in. */
  frameAt(p: Position): number {
    return p.native ?? this.frameOf(p.step);
  }

  /** Where a session starts: the first mapped line of `frame` (the root by default). */
  entry(frame = 0): Stop {
    const f = this.rec.frames[frame];
    if (!f) return { at: { step: 0 }, reason: 'entry' };
    if (f.native) return { at: { step: f.firstStep, native: f.index }, reason: 'entry' };
    for (let s = f.firstStep; s <= Math.min(f.lastStep, this.last); s++) {
      if (this.frameOf(s) === frame && this.lines.lineKey[s]! >= 0) return { at: { step: s }, reason: 'entry' };
    }
    return { at: { step: Math.min(f.firstStep, this.last) }, reason: 'entry' };
  }

  private exceptionAt(s: number): boolean {
    const f = this.failedLast.get(s);
    if (f === undefined) return s === this.last && this.rec.divergence !== undefined;
    return this.exceptions.all || (this.exceptions.uncaught && f === this.origin) || (s === this.last && this.rec.divergence !== undefined);
  }

  private breakpointAt(s: number): boolean {
    return this.lines.runStart[s] === 1 && this.breakpoints.has(this.lines.lineKey[s]!) && (this.condition?.(s) ?? true);
  }

  /**
   * Scans forward from `from` (exclusive) for the first step `wanted` accepts, stopping on the way
   * at breakpoints, failures and native frames `intoNative` allows.
   */
  private forward(from: Position, wanted: (s: number) => boolean, intoNative: boolean): Stop {
    const start = from.step;
    if (intoNative && from.native === undefined) {
      const natives = this.nativeAt.get(start);
      if (natives?.[0] !== undefined) return { at: { step: start, native: natives[0] }, reason: 'step' };
    }
    for (let s = start + 1; s <= this.last; s++) {
      if (this.exceptionAt(s)) return { at: { step: s }, reason: 'exception' };
      if (this.breakpointAt(s)) return { at: { step: s }, reason: 'breakpoint' };
      if (wanted(s)) return { at: { step: s }, reason: 'step' };
      const natives = intoNative ? this.nativeAt.get(s) : undefined;
      if (natives?.[0] !== undefined) return { at: { step: s, native: natives[0] }, reason: 'step' };
    }
    return { at: { step: this.last }, reason: 'end' };
  }

  /** Step over: the next line of this frame at this internal depth or shallower; a return to the caller. */
  next(p: Position, granularity: Granularity = 'line'): Stop {
    const f0 = this.frameAt(p);
    const depth0 = this.rec.frames[f0]?.depth ?? 0;
    if (p.native !== undefined) return this.forward({ step: p.step, native: p.native }, (s) => this.depthOf(s) < depth0 && this.mappedOrRaw(s), false);
    if (granularity === 'instruction' || !this.mapped(f0)) return this.forward(p, () => true, false);
    const d0 = this.lines.internalDepth[p.step]!;
    return this.forward(
      p,
      (s) => {
        const f = this.frameOf(s);
        if (f === f0)
          return this.lines.lineKey[s]! >= 0 && (this.lines.internalDepth[s]! < d0 || (this.lines.internalDepth[s]! <= d0 && this.lines.runStart[s] === 1));
        return this.depthOf(s) < depth0 && this.mappedOrRaw(s);
      },
      false,
    );
  }

  /** Step in: the next line anywhere, the first instruction of an unmapped callee, a native callee. */
  stepIn(p: Position, granularity: Granularity = 'line'): Stop {
    if (p.native !== undefined) return this.next(p);
    const f0 = this.frameAt(p);
    if (granularity === 'instruction' || !this.mapped(f0)) return this.forward(p, () => true, true);
    return this.forward(
      p,
      (s) =>
        this.lines.runStart[s] === 1 ||
        (this.frameOf(s) !== f0 && !this.mapped(this.frameOf(s))) ||
        (this.frameOf(s) !== f0 && this.depthOf(s) < this.depthOf(p.step) && this.lines.lineKey[s]! >= 0),
      true,
    );
  }

  /** Step out: back in the caller (an internal function's caller line, or the calling frame). */
  stepOut(p: Position): Stop {
    const f0 = this.frameAt(p);
    const depth0 = this.rec.frames[f0]?.depth ?? 0;
    if (p.native !== undefined) return this.next(p);
    const d0 = this.lines.internalDepth[p.step]!;
    if (d0 > 0 && this.mapped(f0))
      return this.forward(p, (s) => this.frameOf(s) === f0 && this.lines.internalDepth[s]! < d0 && this.lines.lineKey[s]! >= 0, false);
    return this.forward(p, (s) => this.depthOf(s) < depth0 && this.mappedOrRaw(s), false);
  }

  /** Continue: the next breakpoint or failure, else the end. */
  continue(p: Position): Stop {
    return this.forward(p, () => false, false);
  }

  /** A step the session may stop at in its frame: a mapped line, or any step of unmapped code. */
  private mappedOrRaw(s: number): boolean {
    return this.lines.lineKey[s]! >= 0 || !this.mapped(this.frameOf(s));
  }

  /** The first step of the run of the line `s` is on (itself when unmapped). */
  private runOf(s: number): number {
    const f = this.frameOf(s);
    if (this.lines.lineKey[s]! < 0 || !this.mapped(f)) return s;
    let r = s;
    for (let t = s; t >= 0; t--) {
      if (this.frameOf(t) !== f) continue;
      if (this.lines.lineKey[t]! >= 0) r = t;
      if (this.lines.runStart[t] === 1) return t;
    }
    return r;
  }

  /**
   * Step back: the latest place a step over would have come here from, so that stepping back
   * retraces stepping over stop for stop; where none would (here was reached by stepping in), the
   * caller's line or the previous line.
   */
  stepBack(p: Position, granularity: Granularity = 'line'): Stop {
    if (p.native !== undefined) return { at: { step: this.runOf(p.step) }, reason: 'step' };
    const f0 = this.frameOf(p.step);
    if (granularity === 'instruction' || !this.mapped(f0)) return { at: { step: Math.max(0, p.step - 1) }, reason: p.step === 0 ? 'entry' : 'step' };
    let budget = MAX_BACK_CANDIDATES;
    const depth = this.depthOf(p.step);
    for (let s = p.step - 1; s >= 0 && budget > 0; s--) {
      if (this.lines.landing[s] !== 1 || this.depthOf(s) > depth) continue;
      budget--;
      const from = this.next({ step: s });
      if (from.at.step === p.step && from.at.native === undefined) return { at: { step: s }, reason: 'step' };
    }
    const d0 = this.lines.internalDepth[p.step]!;
    for (let s = this.runOf(p.step) - 1; s >= 0; s--) {
      const f = this.frameOf(s);
      if (f === f0 && this.lines.runStart[s] === 1 && this.lines.internalDepth[s]! <= d0) return { at: { step: s }, reason: 'step' };
      if (f !== f0 && this.depthOf(s) < this.depthOf(p.step) && this.mappedOrRaw(s)) return { at: { step: this.runOf(s) }, reason: 'step' };
    }
    return { ...this.entry(), reason: 'entry' };
  }

  /** Reverse continue: the previous breakpoint, else the start. */
  reverseContinue(p: Position): Stop {
    for (let s = this.runOf(p.step) - 1; s >= 0; s--) if (this.breakpointAt(s)) return { at: { step: s }, reason: 'breakpoint' };
    return this.entry();
  }
}
