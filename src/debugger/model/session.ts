// One debug session over one replayed transaction, speaking the Debug Adapter Protocol: VS Code
// hands it messages (an inline adapter, so it runs in the web worker host too) and it answers. The
// launch replays the transaction (the injected `prepare`, with progress the user can cancel); then
// every command walks the recording (./stepping.ts), forward or back, and what is shown at a stop
// comes from ./stoppedView.ts. Its state is dropped when the session ends. Pure.
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { englishL10n, type L10n } from '../../core/l10n';
import { formatNumber } from '../../core/format';
import { evaluateCondition } from './evaluate';
import { stackAt } from './frameView';
import type { LineIndex } from './lineIndex';
import type { Prepare, PreparedReplay } from './prepared';
import { Walker, type Granularity, type Position, type Stop } from './stepping';
import { exceptionText, stopDescription } from './stopText';
import { StoppedView } from './stoppedView';

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
  private readonly view: StoppedView;
  private readonly conditions = new Map<number, string>();
  private readonly conditionErrors = new Set<string>();

  constructor(
    private readonly prepare: Prepare,
    private readonly l10n: L10n = englishL10n,
  ) {
    this.view = new StoppedView(l10n);
  }

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
    this.view.reset();
  }

  private ready(): { prepared: PreparedReplay; walker: Walker; lines: LineIndex } {
    if (!this.prepared || !this.walker) throw new Error(this.l10n.t('The transaction is not replayed yet.'));
    return { prepared: this.prepared, walker: this.walker, lines: this.prepared.lines };
  }

  private stopAt(stop: Stop): void {
    this.at = stop.at;
    this.lastStop = stop;
    this.view.reset();
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
      this.view.linesStartAt1 = args.linesStartAt1 !== false;
      this.view.columnsStartAt1 = args.columnsStartAt1 !== false;
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
    stackTrace: (args: P.StackTraceArguments) => this.view.stackTrace(this.ready().prepared, this.at, args),
    scopes: (args: P.ScopesArguments) => this.view.scopes(this.ready().prepared, args),
    variables: (args: P.VariablesArguments) => this.view.variables(args),
    evaluate: (args: P.EvaluateArguments) => this.view.evaluate(this.ready().prepared, this.at, args),
    source: (args: P.SourceArguments) => this.view.source(this.ready().prepared, args.source?.sourceReference ?? args.sourceReference),
    exceptionInfo: () => {
      const { prepared } = this.ready();
      return exceptionText(prepared, this.lastStop, this.l10n);
    },
    disassemble: (args: P.DisassembleArguments) => this.view.disassemble(this.ready().prepared, args),
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
    // A new replay: the steps taken in an earlier one are not undone in it.
    this.trail = [];
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
            this.event('progressUpdate', { progressId: 'replay', message: this.l10n.t('{0} EVM steps replayed', formatNumber(steps)) });
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
    const path = args.source.path === undefined ? this.view.pathOfReference(args.source.sourceReference) : prepared.compilerPathOf(args.source.path);
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
