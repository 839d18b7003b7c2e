// What the editor says where the session stopped: the decoded error of a revert as the exception
// ("Overdrawn(available: 1000, required: 5000)"), the divergence from the node's record, the
// transaction's end. Remote and workspace text is revealed (invisible characters shown). Pure.
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { formatBigInt } from '../../core/format';
import { clip, revealInvisible } from '../../core/text';
import type { PreparedReplay } from './prepared';
import type { Stop } from './stepping';

const MAX_TEXT = 500;

/** The failure that ends the frame a step belongs to, in words. */
function failureOf(prepared: PreparedReplay, step: number): { id: string; text: string } | undefined {
  const rec = prepared.recording;
  const d = rec.divergence;
  if (d && step === Math.min(d.step, rec.length - 1)) return { id: 'divergence', text: d.message };
  const frame = rec.frames[rec.frame[step] ?? 0];
  const outcome = frame?.outcome;
  if (!frame || !outcome || outcome.status === 'returned' || frame.lastStep !== step) return undefined;
  if (outcome.status === 'failed') return { id: 'failure', text: outcome.error ?? 'failed' };
  const decoded = prepared.describer.revert(outcome.output, prepared.codeMapOf(frame.index));
  return { id: 'revert', text: decoded ?? (outcome.output === '0x' ? 'reverted without data' : `reverted with ${outcome.output}`) };
}

function safe(text: string): string {
  return clip(revealInvisible(text), MAX_TEXT);
}

/** The stop's description; undefined where the editor's own words fit (a step, a breakpoint). */
export function stopDescription(prepared: PreparedReplay, stop: Stop): string | undefined {
  if (stop.reason === 'exception') {
    const failure = failureOf(prepared, stop.at.step);
    return failure ? safe(failure.text) : undefined;
  }
  if (stop.reason === 'end') {
    const r = prepared.recording.result;
    if (prepared.recording.truncated) return 'The replay stopped at its limit here (waspChain.debug.maxSteps, waspChain.debug.maxMemoryMB)';
    const what =
      r.status === 'success'
        ? 'success'
        : r.status === 'reverted'
          ? `reverted: ${prepared.describer.revert(r.output, prepared.codeMapOf(0)) ?? r.output}`
          : `failed: ${r.error ?? ''}`;
    return safe(`End of the transaction (${what}, ${formatBigInt(r.gasUsed)} gas used)`);
  }
  return undefined;
}

export function exceptionText(prepared: PreparedReplay, stop: Stop | undefined): P.ExceptionInfoResponse['body'] {
  const failure = stop ? failureOf(prepared, stop.at.step) : undefined;
  if (!failure) return { exceptionId: 'none', description: 'The session is not stopped on a failure.', breakMode: 'never' };
  return { exceptionId: failure.id, description: safe(failure.text), breakMode: failure.id === 'divergence' ? 'always' : 'unhandled' };
}
