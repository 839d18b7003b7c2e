// Whether the replay did what the node did, checked against the node's own call tree and receipt:
// every frame's target, status, output and gas used, then the transaction's status, output and gas.
// The first difference (in the order the frames ended: the deepest cause first) is the divergence,
// with the last step the user can trust. Frames past the trace's MAX_TRACE_FRAMES are not compared
// (the trace did not keep them), and that is counted, not called a divergence. Pure.
import type { CallTrace, TraceFrame } from '../../evm/model/callTrace';
import { englishL10n, type L10n } from '../../core/l10n';
import type { Divergence, FrameOutcome, ReplayFrame, ReplayResult } from './recording';

/** The call tree's words for a revert (geth, anvil and Wasp alike). */
const REVERTED = /^execution reverted/i;

export interface FidelityInput {
  frames: readonly ReplayFrame[];
  trace: CallTrace;
  /** Undefined when the run stopped before the transaction ended. */
  result?: ReplayResult;
  receipt: { status?: 0 | 1; gasUsed: bigint };
  /** Gas the transaction's intrinsic cost took: a Wasp 1 trace's root counts without it. */
  intrinsicGas: bigint;
  steps: number;
}

export interface Fidelity {
  divergence: Divergence | undefined;
  /** Frames of the replay the trace did not keep, so not compared. */
  uncompared: number;
}

function nodeStatus(f: TraceFrame): FrameOutcome['status'] {
  return f.error === undefined ? 'returned' : REVERTED.test(f.error) ? 'reverted' : 'failed';
}

function statusWord(status: FrameOutcome['status'] | ReplayResult['status'], l10n: L10n): string {
  return status === 'reverted' ? l10n.t('reverted') : status === 'failed' ? l10n.t('failed') : l10n.t('returned');
}

/** What differs between the node's frame and the replay's, in words; undefined when they agree. */
function frameDifference(node: TraceFrame, ours: ReplayFrame, input: FidelityInput, l10n: L10n): string | undefined {
  const at = node.index;
  const o = ours.outcome;
  if (o === undefined) return undefined;
  if (node.to !== undefined && node.to !== ours.codeAddress)
    return l10n.t('replay diverged at call {0}: the node’s trace called {1}, the replay {2}', at, node.to, ours.codeAddress);
  const status = nodeStatus(node);
  if (status !== o.status)
    return l10n.t('replay diverged at call {0}: the node’s trace {1}, the replay {2}', at, statusWord(status, l10n), statusWord(o.status, l10n));
  const output = (node.output ?? '0x').toLowerCase();
  if (status !== 'failed' && output !== o.output.toLowerCase())
    return l10n.t('replay diverged at call {0}: the node’s trace {1} {2}, the replay {3}', at, statusWord(status, l10n), output, o.output);
  const gasMatches =
    at === 0
      ? input.result === undefined || node.gasUsed === input.result.gasUsed || node.gasUsed === input.result.gasUsed - input.intrinsicGas
      : node.gasUsed === o.gasUsed;
  if (!gasMatches)
    return l10n.t(
      'replay diverged at call {0}: the node’s trace used {1} gas, the replay {2}',
      at,
      String(node.gasUsed),
      String(at === 0 ? input.result?.gasUsed : o.gasUsed),
    );
  return undefined;
}

function transactionDifference(input: FidelityInput, l10n: L10n): string | undefined {
  const r = input.result;
  if (r === undefined) return undefined;
  const receipt = input.receipt;
  const ours = r.status === 'success' ? 1 : 0;
  if (receipt.status !== undefined && receipt.status !== ours)
    return l10n.t(
      'replay diverged: the node’s receipt says {0}, the replay {1}',
      receipt.status === 1 ? l10n.t('succeeded') : l10n.t('failed'),
      statusWord(r.status, l10n),
    );
  // A Wasp receipt counts the ISC gas of native calls too: it may only exceed the EVM's when one ran.
  const native = input.frames.some((f) => f.native);
  if (receipt.gasUsed !== r.gasUsed && !(native && receipt.gasUsed > r.gasUsed))
    return l10n.t('replay diverged: the node’s receipt used {0} gas, the replay {1}', String(receipt.gasUsed), String(r.gasUsed));
  return undefined;
}

/** The first place the replay and the node disagree, if any. */
export function checkFidelity(input: FidelityInput, l10n: L10n = englishL10n): Fidelity {
  const { frames, trace } = input;
  const kept = trace.frames.length;
  const uncompared = trace.cut > 0 ? Math.max(0, frames.length - kept) : 0;
  const last = Math.max(0, input.steps - 1);
  // The order frames ended in: a frame that ends first is the nearer cause.
  const ended = frames.slice(0, kept).sort((a, b) => a.lastStep - b.lastStep || b.depth - a.depth);
  for (const ours of ended) {
    const node = trace.frames[ours.index];
    if (node === undefined) continue;
    const message = frameDifference(node, ours, input, l10n);
    if (message !== undefined) return { divergence: { frame: ours.index, step: ours.lastStep, message }, uncompared };
  }
  if (input.result !== undefined && trace.cut === 0 && frames.length !== kept) {
    const at = Math.min(frames.length, kept);
    const message =
      frames.length > kept
        ? l10n.t('replay diverged at call {0}: the replay made a call the node’s trace does not have', at)
        : l10n.t('replay diverged at call {0}: the node’s trace made a call the replay did not make', at);
    return { divergence: { frame: at, step: frames[at]?.firstStep ?? last, message }, uncompared };
  }
  const message = transactionDifference(input, l10n);
  return { divergence: message === undefined ? undefined : { frame: undefined, step: last, message }, uncompared };
}
