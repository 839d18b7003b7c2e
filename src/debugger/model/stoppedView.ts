// What the session shows while stopped, read from the recording at the stop: the call stack with
// each frame's source (a workspace file, or the build record's text by reference), the scopes and
// their variables (paged where large), a name's value for a hover or the watch view, and the
// disassembly of code no build record maps. Its references are valid until the next stop. Pure.
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import type { L10n } from '../../core/l10n';
import { disassemble, instructionAddress, parseInstructionAddress } from './disassembly';
import { valueOf } from './evaluate';
import { scopesOf, stackAt, type Scope, type StackEntry, type Variable } from './frameView';
import type { PreparedReplay } from './prepared';
import type { Position } from './stepping';

export class StoppedView {
  private stack: StackEntry[] = [];
  private readonly refs = new Map<number, Scope | Variable>();
  /** Sources served by reference (no workspace file has them), by compiler path: valid for the whole session. */
  private readonly sourceRefs = new Map<number, string>();
  /** Whether the client counts lines and columns from 1 (VS Code does). */
  linesStartAt1 = true;
  columnsStartAt1 = true;

  constructor(private readonly l10n: L10n) {}

  /** A new stop: the stack and the variable references of the last one no longer hold. */
  reset(): void {
    this.stack = [];
    this.refs.clear();
  }

  /** The compiler path a source reference stands for. */
  pathOfReference(ref: number | undefined): string | undefined {
    return ref === undefined ? undefined : this.sourceRefs.get(ref);
  }

  /** The text of a source served by reference. */
  source(prepared: PreparedReplay, ref: number | undefined): { content: string; mimeType: string } {
    const path = this.pathOfReference(ref);
    for (const f of prepared.recording.frames) {
      const content = path === undefined ? undefined : prepared.codeMapOf(f.index)?.sourceText(path);
      if (content !== undefined) return { content, mimeType: 'text/x-solidity' };
    }
    throw new Error(this.l10n.t('That source is not held by any build record of this transaction.'));
  }

  private sourceFor(prepared: PreparedReplay, e: StackEntry): P.Source | undefined {
    if (!e.location || !e.map) return undefined;
    const file = prepared.sourceOf(e.location.path, e.map);
    if (file.path !== undefined) return { name: file.name, path: file.path };
    let ref = [...this.sourceRefs].find(([, p]) => p === e.location?.path)?.[0];
    if (ref === undefined) {
      ref = this.sourceRefs.size + 1;
      this.sourceRefs.set(ref, e.location.path);
    }
    return { name: file.name, sourceReference: ref, presentationHint: 'deemphasize', origin: 'build record' };
  }

  stackTrace(prepared: PreparedReplay, at: Position, args: P.StackTraceArguments): P.StackTraceResponse['body'] {
    this.stack = stackAt(prepared, at);
    const line0 = this.linesStartAt1 ? 0 : 1;
    const col0 = this.columnsStartAt1 ? 0 : 1;
    const frames = this.stack.map((e, i): P.StackFrame => {
      const source = this.sourceFor(prepared, e);
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

  scopes(prepared: PreparedReplay, args: P.ScopesArguments): P.ScopesResponse['body'] {
    const e = this.stack[args.frameId - 1];
    if (!e) return { scopes: [] };
    return {
      scopes: scopesOf(prepared, e, this.l10n).map((s) => ({
        name: s.name,
        variablesReference: this.ref(s),
        expensive: s.expensive ?? false,
        ...(s.indexed ? { indexedVariables: s.indexed.count } : { namedVariables: s.variables.length }),
      })),
    };
  }

  variables(args: P.VariablesArguments): P.VariablesResponse['body'] {
    const target = this.refs.get(args.variablesReference);
    if (!target) return { variables: [] };
    const paged = 'indexed' in target && target.indexed ? target.indexed : undefined;
    const list = paged ? paged.page(args.start ?? 0, args.count ?? paged.count) : 'variables' in target ? target.variables : (target.children?.named ?? []);
    return { variables: list.map((v) => ({ name: v.name, value: v.value, ...(v.type ? { type: v.type } : {}), variablesReference: 0 })) };
  }

  evaluate(prepared: PreparedReplay, at: Position, args: P.EvaluateArguments): P.EvaluateResponse['body'] {
    if (this.stack.length === 0) this.stack = stackAt(prepared, at);
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

  disassemble(prepared: PreparedReplay, args: P.DisassembleArguments): P.DisassembleResponse['body'] {
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
