// The call tree of an EVM request as the receipt panel shows it: each frame of the node's trace
// (../../evm/model/callTrace.ts) with its call decoded from the workspace's ABIs (the selector when
// none declares it), caller and callee named, value and gas, what it returned or why it failed
// (custom errors, Error, Panic), and its logs. A call into the ISC magic contract is named by its
// interface and said to run natively. The frame where the revert began is marked, and the frames
// above it are the ones shown open. Every text is the node's or the workspace's: revealed and
// clipped here, escaped by the webview. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt } from '../../core/format';
import { bytesToHex } from '../../core/hex';
import { toChecksumAddress } from '../../core/address';
import { pathTo, revertOrigin, type CallTrace, type TraceFrame } from '../../evm/model/callTrace';
import { decodeCustomError, decodedLine, decodeFunctionCall, decodeFunctionResult, decodeLog, type AbiCoder, type Decoded } from '../../evm/model/decode';
import type { AbiIndex } from '../../evm/model/abiIndex';
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';
import { isMagicAddress } from '../../evm/model/iscMagic';
import { decodeRevertData } from '../../evm/model/revert';
import type { EvmTx } from '../../evm/model/signedTx';
import { notDecodedText, rpcFailureText, shown, type RpcAsked } from './evmExplain';
import { TRACE_MAX_BYTES, TRACE_TIMEOUT_MS, type TraceOutcome } from '../../evm/model/jsonRpc';

export interface FrameView {
  index: number;
  /** -1 for the root. */
  parent: number;
  depth: number;
  type: string;
  from: string;
  fromName?: string;
  /** Absent for a CREATE that failed. */
  to?: string;
  toName?: string;
  /** "transfer(to: 0x…, amount: 5)", or what is known of the call when no ABI declares it. */
  call: string;
  /** Where the function's ABI came from, or the magic contract's interface. */
  callSource?: string;
  /** The magic contract's interface: the frame ran as native code in the node. */
  magic?: string;
  /** Decimal wei; absent when zero or not sent. */
  value?: string;
  gasUsed: string;
  /** What the call returned, decoded when its ABI says how. */
  result?: string;
  /** Why the frame failed, decoded where possible. */
  error?: string;
  /** The decoded error alone, with its arguments: "InsufficientBalance(available: 3, required: 5)". */
  reason?: string;
  failed: boolean;
  /** The revert began in this frame. */
  origin: boolean;
  /** On the path from the root to the origin: shown open. */
  open: boolean;
  logs: Array<{ line: string; address: string }>;
  /** Logs not shown (past the tracer's bound). */
  logsCut: number;
  children: number[];
}

export interface CallTreeView {
  frames: FrameView[];
  /** Frames of the trace not kept (its bounds). */
  cut: number;
  origin?: number;
  /** "12 calls, 2 failed; the revert began in Vault.transfer (depth 2)". */
  summary: string;
  /** What the reader should know: no logs from this node, frames cut. */
  notes: string[];
}

/** The call tree section: asked when the panel opens for a failed EVM request, on a click otherwise. */
export type CallTreeState = { status: 'offer' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ok'; view: CallTreeView };

export interface CallTreeInputs {
  coder: AbiCoder;
  /** The workspace's ABIs (and the ones shipped). */
  index: AbiIndex;
  /** The magic contract's interfaces of the chain's generation. */
  magic: AbiIndex;
  trace: CallTrace;
  /** The node's: a Stardust node's tracer sends no logs. */
  generation: Generation;
  /** A name for an address (the address book), or undefined. */
  nameOf?: (address: string) => string | undefined;
}

/** EIP-55 of an address, each computed once per tree (a trace repeats its callers thousands of times). */
function checksummer(): (address: string) => string {
  const seen = new Map<string, string>();
  return (address) => {
    let shown = seen.get(address);
    if (shown === undefined) seen.set(address, (shown = toChecksumAddress(address) ?? address));
    return shown;
  };
}

/** The call of a frame in words, and where its ABI came from. */
function callText(frame: TraceFrame, decoded: Decoded, magic: boolean, l10n: L10n): { call: string; source?: string } {
  if (frame.type.startsWith('CREATE')) return { call: l10n.t('creates a contract') };
  if (decoded.ok) {
    const source = magic
      ? decoded.item.sources[0]
      : decoded.item.sources.length > 1
        ? l10n.t('{0} and {1} more', decoded.item.sources[0] ?? '', decoded.item.sources.length - 1)
        : decoded.item.sources[0];
    return { call: shown(decodedLine(decoded.item)), ...(source !== undefined ? { source: shown(source) } : {}) };
  }
  if (decoded.reason === 'empty') return { call: frame.value ? l10n.t('a plain transfer (no call data)') : l10n.t('no call data') };
  if (magic && decoded.reason === 'unknown') return { call: l10n.t('function {0} of the magic contract (not in its interfaces)', decoded.selector ?? '') };
  return { call: shown(notDecodedText(decoded, 'function', l10n)) };
}

/**
 * Why a frame failed: the custom error, Error(string) or Panic decoded from its output, else the
 * node's words; `reason` is the decoded error alone (with its arguments), when there is one.
 */
function errorText(c: AbiCoder, index: AbiIndex, frame: TraceFrame, l10n: L10n): { text: string; reason?: string } | undefined {
  if (frame.error === undefined) return undefined;
  const data = frame.output;
  const decoded = (reason: string) => ({ text: shown(l10n.t('reverted: {0}', reason)), reason: shown(reason) });
  if (data !== undefined && data.length >= 10) {
    const reason = decodeRevertData(data);
    if (reason !== undefined) return decoded(reason);
    const custom = decodeCustomError(c, index, data);
    if (custom.ok) return decoded(decodedLine(custom.item));
    return { text: shown(l10n.t('{0}: {1}', frame.error, notDecodedText(custom, 'error', l10n, data))) };
  }
  if (frame.revertReason !== undefined) return decoded(frame.revertReason);
  return { text: shown(frame.error) };
}

function frameView(
  inputs: CallTreeInputs,
  frame: TraceFrame,
  open: Set<number>,
  origin: number | undefined,
  l10n: L10n,
  display: (a: string) => string,
): FrameView {
  const { coder, index, magic: magicIndex, nameOf } = inputs;
  const magic = isMagicAddress(frame.to);
  const decoded = decodeFunctionCall(coder, magic ? magicIndex : index, frame.input);
  const { call, source } = callText(frame, decoded, magic, l10n);
  const view: FrameView = {
    index: frame.index,
    parent: frame.parent ?? -1,
    depth: frame.depth,
    type: shown(frame.type),
    from: display(frame.from),
    call,
    gasUsed: formatBigInt(frame.gasUsed),
    failed: frame.error !== undefined,
    origin: frame.index === origin,
    open: open.has(frame.index),
    logs: [],
    logsCut: frame.logsCut,
    children: frame.children,
  };
  const fromName = nameOf?.(frame.from);
  if (fromName !== undefined) view.fromName = shown(fromName);
  if (frame.to !== undefined) view.to = display(frame.to);
  const toName = magic ? l10n.t('ISC magic contract') : frame.to === undefined ? undefined : nameOf?.(frame.to);
  if (toName !== undefined) view.toName = shown(toName);
  if (source !== undefined) view.callSource = source;
  if (magic) view.magic = decoded.ok ? shown(decoded.item.sources[0] ?? '') : 'ISC';
  if (frame.value !== undefined && frame.value > 0n) view.value = formatBigInt(frame.value);
  const error = errorText(coder, index, frame, l10n);
  if (error !== undefined) {
    view.error = error.text;
    if (error.reason !== undefined) view.reason = error.reason;
  } else if (frame.output !== undefined && frame.output !== '0x') {
    const result = decoded.ok ? decodeFunctionResult(coder, decoded.item.outputs, frame.output) : undefined;
    view.result = shown(result ?? frame.output);
  }
  view.logs = frame.logs.map((log) => {
    const d = decodeLog(coder, index, log);
    return { address: display(log.address), line: shown(d.ok ? decodedLine(d.item) : l10n.t('event {0}', d.selector ?? l10n.t('(anonymous)'))) };
  });
  return view;
}

/** The tree of a trace, decoded and named, with the revert's origin marked and its path open. */
export function buildCallTree(inputs: CallTreeInputs, l10n: L10n = englishL10n): CallTreeView {
  const { trace } = inputs;
  const origin = revertOrigin(trace);
  const open = new Set(origin === undefined ? [0] : pathTo(trace, origin));
  const display = checksummer();
  const frames = trace.frames.map((f) => frameView(inputs, f, open, origin, l10n, display));
  const failed = frames.filter((f) => f.failed).length;
  const at = origin === undefined ? undefined : frames[origin];
  const counts = l10n.t('{0} calls, {1} failed', frames.length + trace.cut, failed);
  const summary =
    at === undefined
      ? counts
      : l10n.t('{0}; the revert began in {1} (depth {2})', counts, at.toName !== undefined ? `${at.toName}: ${at.call}` : at.call, at.depth);
  const notes: string[] = [];
  if (!traitsOf(inputs.generation).tracer.callLogs) notes.push(l10n.t('This node does not send the logs of each call (its tracer has none before Wasp 2).'));
  if (trace.cut > 0) notes.push(l10n.t('{0} calls beyond the first {1} are not shown.', trace.cut, frames.length));
  const view: CallTreeView = { frames, cut: trace.cut, summary, notes };
  if (origin !== undefined) view.origin = origin;
  return view;
}

/** Where the revert began and with what error, in one line for the hover: "reverted in Ledger: transfer(…) with InsufficientBalance(…)". */
export function revertLine(view: CallTreeView, l10n: L10n = englishL10n): string | undefined {
  const at = view.origin === undefined ? undefined : view.frames[view.origin];
  if (at === undefined) return undefined;
  const where = at.toName !== undefined ? `${at.toName}: ${at.call}` : `${at.to ?? at.from}: ${at.call}`;
  return at.reason === undefined ? l10n.t('reverted in {0}', where) : l10n.t('reverted in {0} with {1}', where, at.reason);
}

/**
 * Whether the trace is of `tx`: its outermost call goes where the transaction went, with its data
 * and value. A node may answer another transaction's (Wasp 1.0.3 traces the last EVM transaction
 * of the block, FACTS §1).
 */
export function traceIsOf(trace: CallTrace, tx: Pick<EvmTx, 'to' | 'data' | 'value'>): boolean {
  const root = trace.frames[0];
  if (!root) return false;
  const creation = tx.to === undefined;
  if (creation !== root.type.startsWith('CREATE')) return false;
  if (!creation && root.to !== tx.to?.toLowerCase()) return false;
  if ((root.value ?? 0n) !== tx.value) return false;
  return root.input.toLowerCase() === bytesToHex(tx.data);
}

/** What the panel shows for a trace the JSON-RPC answered (or did not): the tree, or why there is none. */
export function callTreeState(
  outcome: TraceOutcome,
  decoding: Omit<CallTreeInputs, 'trace'>,
  tx: Pick<EvmTx, 'to' | 'data' | 'value'> | undefined,
  l10n: L10n = englishL10n,
): CallTreeState {
  if (!outcome.ok) return { status: 'error', message: rpcFailureText(outcome, l10n, TRACE_CALL) };
  if (tx !== undefined && !traceIsOf(outcome.trace, tx))
    return {
      status: 'error',
      message: l10n.t(
        'The JSON-RPC answered the trace of another transaction (Wasp 1.0.3 answers the last EVM transaction of the block when a block holds several).',
      ),
    };
  return { status: 'ok', view: buildCallTree({ ...decoding, trace: outcome.trace }, l10n) };
}

const TRACE_CALL: RpcAsked = {
  method: 'debug_traceTransaction',
  maxBytes: TRACE_MAX_BYTES,
  timeoutMs: TRACE_TIMEOUT_MS,
  answer: (l10n) => l10n.t('a call trace'),
};
