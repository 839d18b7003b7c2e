// One debug session over one replayed transaction, speaking the Debug Adapter Protocol: VS Code
// hands it messages (an inline adapter, so it runs in the web worker host too) and it answers. The
// launch replays the transaction (the injected `prepare`, with progress the user can cancel); then
// every command walks the recording (./stepping.ts), forward or back, and every view reads it
// (./frameView.ts). Its state is dropped when the session ends. Pure.
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { englishL10n, type L10n } from '../../core/l10n';
import { disassemble, instructionAddress, parseInstructionAddress } from './disassembly';
import { evaluateCondition, valueOf } from './evaluate';
import { scopesOf, stackAt, type Scope, type StackEntry, type Variable } from './frameView';
import type { LineIndex } from './lineIndex';
import type { Prepare, PreparedReplay } from './prepared';
import { Walker, type Granularity, type Position, type Stop } from './stepping';
import { exceptionText, stopDescription } from './stopText';

const THREAD = 1;

type Handler = (args: never, request: P.Request) => Promise<unknown> | unknown;

export class ReplaySession {
  private readonly listeners = new Set<(m: P.ProtocolMessage) => void>();
  private seq = 1;
  private client: P.InitializeRequestArguments = { adapterID: '' };
  private prepared: PreparedReplay | undefined;
  private walker: Walker | undefined;
  private at: Position = { step: 0 };
  private lastStop: Stop | undefined;
  private launchArgs: Record<string, unknown> = {};
  private readonly abort = new AbortController();
  private stack: StackEntry[] = [];
  private refs = new Map<number, Scope | Variable>();
  private readonly sourceRefs = new Map<number, string>();
  private readonly conditions = new Map<number, string>();
  private readonly conditionErrors = new Set<string>();

  constructor(
    private readonly prepare: Prepare,
    private readonly l10n: L10n = englishL10n,
  ) {}

  onDidSendMessage(listener: (m: P.ProtocolMessage) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private send(m: Omit<P.ProtocolMessage, 'seq'> & Record<string, unknown>): void {
    const message = { ...m, seq: this.seq++ } as P.ProtocolMessage;
    for (const l of this.listeners) l(message);
  }

  private event(event: string, body?: unknown): void {
    this.send({ type: 'event', event, body });
  }

  handleMessage(message: P.ProtocolMessage): void {
    if (message.type !== 'request') return;
    const request = message as P.Request;
    const handler = this.handlers[request.command];
    const respond = (success: boolean, body?: unknown, error?: string) =>
      this.send({
        type: 'response',
        request_seq: request.seq,
        command: request.command,
        success,
        ...(body === undefined ? {} : { body }),
        ...(error ? { message: error } : {}),
      });
    if (!handler) return respond(false, undefined, this.l10n.t('{0} is not supported by the transaction debugger', request.command));
    Promise.resolve()
      .then(() => handler(request.arguments as never, request))
      .then(
        (body) => respond(true, body ?? undefined),
        (err: unknown) => respond(false, { error: { id: 1, format: errorText(err), showUser: true } }, errorText(err)),
      )
      .then(() => this.afterResponse(request.command));
  }

  private pendingStop: Stop | undefined;

  private afterResponse(command: string): void {
    const stop = this.pendingStop;
    this.pendingStop = undefined;
    if (stop) this.stopAt(stop);
    if (command === 'disconnect' || command === 'terminate') this.dispose();
  }

  dispose(): void {
    this.abort.abort();
    this.prepared = undefined;
    this.walker = undefined;
    this.refs.clear();
    this.stack = [];
  }

  private ready(): { prepared: PreparedReplay; walker: Walker; lines: LineIndex } {
    if (!this.prepared || !this.walker) throw new Error(this.l10n.t('The transaction is not replayed yet.'));
    return { prepared: this.prepared, walker: this.walker, lines: this.prepared.lines };
  }

  private stopAt(stop: Stop): void {
    this.at = stop.at;
    this.lastStop = stop;
    this.refs.clear();
    this.stack = [];
    const { prepared } = this.ready();
    const description = stopDescription(prepared, stop, this.l10n);
    const reason = stop.reason === 'end' ? 'step' : stop.reason;
    this.event('stopped', { reason, threadId: THREAD, allThreadsStopped: true, description, ...(stop.reason === 'exception' ? { text: description } : {}) });
  }

  /**
   * Moves the session. A step (over, in, out) is remembered, so that stepping back undoes it
   * exactly, even where it stopped early on a failure or a breakpoint; any other move forgets.
   */
  private move(compute: (walker: Walker, at: Position) => Stop, kind: 'step' | 'back' | 'other' = 'other'): void {
    const { walker } = this.ready();
    const from = this.at;
    const last = this.trail[this.trail.length - 1];
    if (kind === 'back' && last && samePosition(last.to, from)) {
      this.trail.pop();
      this.pendingStop = { at: last.from, reason: 'step' };
      return;
    }
    const stop = compute(walker, from);
    if (kind === 'step') this.trail.push({ from, to: stop.at });
    else this.trail = [];
    this.pendingStop = stop;
  }

  /** The steps taken so far, most recent last. */
  private trail: Array<{ from: Position; to: Position }> = [];

  private readonly handlers: Record<string, Handler> = {
    initialize: (args: P.InitializeRequestArguments) => {
      this.client = args;
      const capabilities: P.Capabilities = {
        supportsConfigurationDoneRequest: true,
        supportsStepBack: true,
        supportsConditionalBreakpoints: true,
        supportsEvaluateForHovers: true,
        supportsExceptionInfoRequest: true,
        supportsDisassembleRequest: true,
        supportsSteppingGranularity: true,
        supportsInstructionBreakpoints: false,
        supportsCancelRequest: true,
        supportsTerminateRequest: true,
        exceptionBreakpointFilters: [
          {
            filter: 'uncaught',
            label: this.l10n.t('Revert that fails the transaction'),
            default: true,
            description: this.l10n.t('Stops where the failure the transaction ends with began.'),
          },
          {
            filter: 'all',
            label: this.l10n.t('Every revert'),
            default: false,
            description: this.l10n.t('Stops at every call that reverts or fails, caught or not.'),
          },
        ],
      };
      return capabilities;
    },
    launch: async (args: P.LaunchRequestArguments & Record<string, unknown>) => this.launch(args),
    cancel: (args: P.CancelArguments) => {
      if (args.progressId === 'replay') this.abort.abort();
    },
    setBreakpoints: (args: P.SetBreakpointsArguments) => this.setBreakpoints(args),
    setExceptionBreakpoints: (args: P.SetExceptionBreakpointsArguments) => {
      const { walker } = this.ready();
      walker.exceptions = { uncaught: args.filters.includes('uncaught'), all: args.filters.includes('all') };
      return {};
    },
    configurationDone: () => {
      const { walker } = this.ready();
      const frame = typeof this.launchArgs.frame === 'number' ? this.launchArgs.frame : undefined;
      const onEntry = this.launchArgs.stopOnEntry !== false || frame !== undefined;
      this.pendingStop = onEntry ? walker.entry(frame) : walker.continue({ step: -1 });
      if (onEntry && frame === undefined && walker.entry().at.step > 0) this.pendingStop = walker.entry();
    },
    threads: () => ({ threads: [{ id: THREAD, name: this.prepared?.title ?? this.l10n.t('Transaction') }] }),
    stackTrace: (args: P.StackTraceArguments) => this.stackTrace(args),
    scopes: (args: P.ScopesArguments) => this.scopes(args),
    variables: (args: P.VariablesArguments) => this.variables(args),
    evaluate: (args: P.EvaluateArguments) => this.evaluate(args),
    source: (args: P.SourceArguments) => {
      const path = this.sourceRefs.get(args.source?.sourceReference ?? args.sourceReference);
      const { prepared } = this.ready();
      for (const f of prepared.recording.frames) {
        const content = path === undefined ? undefined : prepared.codeMapOf(f.index)?.sourceText(path);
        if (content !== undefined) return { content, mimeType: 'text/x-solidity' };
      }
      throw new Error(this.l10n.t('That source is not held by any build record of this transaction.'));
    },
    exceptionInfo: () => {
      const { prepared } = this.ready();
      return exceptionText(prepared, this.lastStop, this.l10n);
    },
    disassemble: (args: P.DisassembleArguments) => this.disassemble(args),
    next: (args: P.NextArguments) => this.move((w, at) => w.next(at, granularity(args.granularity)), 'step'),
    stepIn: (args: P.StepInArguments) => this.move((w, at) => w.stepIn(at, granularity(args.granularity)), 'step'),
    stepOut: () => this.move((w, at) => w.stepOut(at), 'step'),
    stepBack: (args: P.StepBackArguments) => this.move((w, at) => w.stepBack(at, granularity(args.granularity)), 'back'),
    continue: () => {
      this.move((w, at) => w.continue(at));
      return { allThreadsContinued: true };
    },
    reverseContinue: () => this.move((w, at) => w.reverseContinue(at)),
    pause: () => undefined,
    disconnect: () => undefined,
    terminate: () => {
      this.event('terminated');
    },
  };

  private async launch(args: Record<string, unknown>): Promise<void> {
    this.launchArgs = args;
    const progress = this.client.supportsProgressReporting === true;
    if (progress)
      this.event('progressStart', {
        progressId: 'replay',
        title: this.l10n.t('Replaying the transaction'),
        cancellable: true,
        message: this.l10n.t('reading the transaction, its block, pre-state and call tree'),
      });
    let reported = 0;
    try {
      this.prepared = await this.prepare(args, {
        signal: this.abort.signal,
        report: (steps) => {
          if (progress && steps - reported >= 10_000) {
            reported = steps;
            this.event('progressUpdate', { progressId: 'replay', message: this.l10n.t('{0} EVM steps replayed', steps.toLocaleString('en-US')) });
          }
        },
      });
    } finally {
      if (progress) this.event('progressEnd', { progressId: 'replay' });
    }
    const prepared = this.prepared;
    this.walker = new Walker(prepared.recording, prepared.lines, (f) => prepared.codeMapOf(f) !== undefined && !prepared.recording.frames[f]?.native);
    this.walker.condition = (step) => this.conditionHolds(step);
    const d = prepared.recording.divergence;
    if (d) this.event('output', { category: 'important', output: `${d.message}\n` });
    if (prepared.recording.truncated)
      this.event('output', {
        category: 'important',
        output: `${this.l10n.t('The replay stopped at its limit (settings waspChain.debug.maxSteps and waspChain.debug.maxMemoryMB): the session ends where it stopped.')}\n`,
      });
    this.event('initialized');
  }

  private conditionHolds(step: number): boolean {
    const { prepared, lines } = this.ready();
    const condition = this.conditions.get(lines.lineKey[step] ?? -1);
    if (condition === undefined) return true;
    const top = stackAt(prepared, { step })[0];
    if (!top) return false;
    const outcome = evaluateCondition(prepared, top, condition, this.l10n);
    if (outcome.ok) return outcome.holds;
    if (!this.conditionErrors.has(outcome.message)) {
      this.conditionErrors.add(outcome.message);
      this.event('output', { category: 'console', output: `${this.l10n.t('Breakpoint condition: {0}', outcome.message)}\n` });
    }
    return false;
  }

  private setBreakpoints(args: P.SetBreakpointsArguments): P.SetBreakpointsResponse['body'] {
    const { prepared, walker, lines } = this.ready();
    const path = args.source.path === undefined ? this.sourceRefs.get(args.source.sourceReference ?? -1) : prepared.compilerPathOf(args.source.path);
    const keys = new Set(walker.breakpoints);
    for (const key of this.keysOfSource(lines, path)) {
      keys.delete(key);
      this.conditions.delete(key);
    }
    const breakpoints = (args.breakpoints ?? args.lines?.map((line): P.SourceBreakpoint => ({ line })) ?? []).map((bp): P.Breakpoint => {
      const line = this.client.linesStartAt1 === false ? bp.line + 1 : bp.line;
      if (path === undefined)
        return { verified: false, line: bp.line, message: this.l10n.t('No build record of the code this transaction ran holds this file.') };
      const key = lines.keyOf(path, line);
      if (lines.timesRun(key) === 0) return { verified: false, line: bp.line, message: this.l10n.t('This transaction never runs this line.') };
      keys.add(key);
      if (bp.condition) this.conditions.set(key, bp.condition);
      return { verified: true, line: bp.line };
    });
    walker.breakpoints = keys;
    return { breakpoints };
  }

  /** The breakpoints set so far in one source: a setBreakpoints request replaces them all. */
  private keysOfSource(lines: LineIndex, path: string | undefined): number[] {
    if (path === undefined) return [];
    return [...(this.walker?.breakpoints ?? [])].filter((key) => lines.line(key)?.path === path);
  }

  private sourceFor(e: StackEntry): P.Source | undefined {
    if (!e.location || !e.map) return undefined;
    const file = this.ready().prepared.sourceOf(e.location.path, e.map);
    if (file.path !== undefined) return { name: file.name, path: file.path };
    let ref = [...this.sourceRefs].find(([, p]) => p === e.location?.path)?.[0];
    if (ref === undefined) {
      ref = this.sourceRefs.size + 1;
      this.sourceRefs.set(ref, e.location.path);
    }
    return { name: file.name, sourceReference: ref, presentationHint: 'deemphasize', origin: 'build record' };
  }

  private stackTrace(args: P.StackTraceArguments): P.StackTraceResponse['body'] {
    const { prepared } = this.ready();
    this.stack = stackAt(prepared, this.at);
    const line0 = this.client.linesStartAt1 === false ? 1 : 0;
    const col0 = this.client.columnsStartAt1 === false ? 1 : 0;
    const frames = this.stack.map((e, i): P.StackFrame => {
      const source = this.sourceFor(e);
      const frame: P.StackFrame = {
        id: i + 1,
        name: prepared.describer.frameName(e.frame, e.map),
        line: source && e.location ? e.location.line - line0 : 0,
        column: source && e.location ? e.location.column - col0 : 0,
        ...(source ? { source } : {}),
        ...(e.frame.native
          ? { presentationHint: 'label' as const }
          : { instructionPointerReference: instructionAddress(e.frame.index, prepared.recording.pc[e.step] ?? 0) }),
      };
      if (source && e.location) Object.assign(frame, { endLine: e.location.endLine - line0, endColumn: e.location.endColumn - col0 });
      return frame;
    });
    const start = args.startFrame ?? 0;
    return { stackFrames: frames.slice(start, args.levels ? start + args.levels : undefined), totalFrames: frames.length };
  }

  private ref(target: Scope | Variable): number {
    const id = this.refs.size + 1;
    this.refs.set(id, target);
    return id;
  }

  private scopes(args: P.ScopesArguments): P.ScopesResponse['body'] {
    const e = this.stack[args.frameId - 1];
    if (!e) return { scopes: [] };
    return {
      scopes: scopesOf(this.ready().prepared, e, this.l10n).map((s) => ({
        name: s.name,
        variablesReference: this.ref(s),
        expensive: s.expensive ?? false,
        ...(s.indexed ? { indexedVariables: s.indexed.count } : { namedVariables: s.variables.length }),
      })),
    };
  }

  private variables(args: P.VariablesArguments): P.VariablesResponse['body'] {
    const target = this.refs.get(args.variablesReference);
    if (!target) return { variables: [] };
    const paged = 'indexed' in target && target.indexed ? target.indexed : undefined;
    const list = paged ? paged.page(args.start ?? 0, args.count ?? paged.count) : 'variables' in target ? target.variables : (target.children?.named ?? []);
    return { variables: list.map((v) => ({ name: v.name, value: v.value, ...(v.type ? { type: v.type } : {}), variablesReference: 0 })) };
  }

  private evaluate(args: P.EvaluateArguments): P.EvaluateResponse['body'] {
    const { prepared } = this.ready();
    if (this.stack.length === 0) this.stack = stackAt(prepared, this.at);
    const e = this.stack[(args.frameId ?? 1) - 1] ?? this.stack[0];
    const value = e ? valueOf(prepared, e, args.expression) : undefined;
    if (value === undefined)
      throw new Error(
        this.l10n.t(
          '"{0}" has no known value here (the call\'s arguments, msg.sender, msg.value, gasleft() and the storage this frame has read or written are known).',
          args.expression,
        ),
      );
    return { result: value, variablesReference: 0 };
  }

  private disassemble(args: P.DisassembleArguments): P.DisassembleResponse['body'] {
    const { prepared } = this.ready();
    const at = parseInstructionAddress(args.memoryReference);
    const frame = at === undefined ? undefined : prepared.recording.frames[at.frame];
    const out: P.DisassembledInstruction[] = [];
    if (!frame || !at) return { instructions: out };
    const code = disassemble(frame.code);
    const pcOffset = (args.offset ?? 0) + at.pc;
    let index = code.findIndex((i) => i.pc >= pcOffset);
    if (index < 0) index = code.length;
    for (let k = index + (args.instructionOffset ?? 0), n = 0; n < args.instructionCount; k++, n++) {
      const ins = code[k];
      if (!ins) {
        out.push({
          address: instructionAddress(frame.index, Math.max(0, k < 0 ? 0 : frame.code.length + k - code.length)),
          instruction: '',
          presentationHint: 'invalid',
        });
        continue;
      }
      out.push({ address: instructionAddress(frame.index, ins.pc), instruction: ins.text, instructionBytes: ins.bytes });
    }
    return { instructions: out };
  }
}

function samePosition(a: Position, b: Position): boolean {
  return a.step === b.step && a.native === b.native;
}

function granularity(g: P.SteppingGranularity | undefined): Granularity {
  return g === 'instruction' ? 'instruction' : 'line';
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
