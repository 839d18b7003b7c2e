// What the editor says where the session stopped: the decoded error of a revert as the exception
// ("Overdrawn(available: 1000, required: 5000)"), the divergence from the node's record, the
// transaction's end. Remote and workspace text is revealed (invisible characters shown). Pure.
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import { formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { decodeRevertData } from '../../evm/model/revert';
import { clip, revealInvisible } from '../../core/text';
import type { PreparedReplay } from './prepared';
import type { Stop } from './stepping';

const MAX_TEXT = 500;

/** The failure that ends the frame a step belongs to, in words. */
function failureOf(prepared: PreparedReplay, step: number, l10n: L10n): { id: string; text: string } | undefined {
  const rec = prepared.recording;
  const d = rec.divergence;
  if (d && step === Math.min(d.step, rec.length - 1)) return { id: 'divergence', text: d.message };
  const frame = rec.frames[rec.frame[step] ?? 0];
  const outcome = frame?.outcome;
  if (!frame || !outcome || outcome.status === 'returned' || frame.lastStep !== step) return undefined;
  if (outcome.status === 'failed') return { id: 'failure', text: outcome.error ?? l10n.t('failed') };
  const builtin = decodeRevertData(outcome.output);
  const custom = builtin === undefined ? prepared.describer.customError(outcome.output, prepared.codeMapOf(frame.index)) : undefined;
  const decoded = builtin ?? custom;
  // A custom error names the exception ("Exception has occurred: Overdrawn"); anything else is a
  // revert, an Error(string) reason too, however it starts ("pay(1) failed").
  const name = custom === undefined ? undefined : /^([A-Za-z_$][\w$]*)\(/.exec(custom)?.[1];
  return { id: name ?? 'revert', text: decoded ?? (outcome.output === '0x' ? l10n.t('reverted without data') : l10n.t('reverted with {0}', outcome.output)) };
}

function safe(text: string): string {
  return clip(revealInvisible(text), MAX_TEXT);
}

/** The stop's description; undefined where the editor's own words fit (a step, a breakpoint). */
export function stopDescription(prepared: PreparedReplay, stop: Stop, l10n: L10n = englishL10n): string | undefined {
  if (stop.reason === 'exception') {
    const failure = failureOf(prepared, stop.at.step, l10n);
    return failure ? safe(failure.text) : undefined;
  }
  if (stop.reason === 'end') {
    const r = prepared.recording.result;
    if (prepared.recording.truncated) return l10n.t('The replay stopped at its limit here (waspChain.debug.maxSteps, waspChain.debug.maxMemoryMB)');
    const what =
      r.status === 'success'
        ? l10n.t('success')
        : r.status === 'reverted'
          ? l10n.t('reverted: {0}', prepared.describer.revert(r.output, prepared.codeMapOf(0)) ?? r.output)
          : l10n.t('failed: {0}', r.error ?? '');
    return safe(l10n.t('End of the transaction ({0}, {1} gas used)', what, formatBigInt(r.gasUsed)));
  }
  return undefined;
}

export function exceptionText(prepared: PreparedReplay, stop: Stop | undefined, l10n: L10n = englishL10n): P.ExceptionInfoResponse['body'] {
  const failure = stop ? failureOf(prepared, stop.at.step, l10n) : undefined;
  if (!failure) return { exceptionId: 'none', description: l10n.t('The session is not stopped on a failure.'), breakMode: 'never' };
  return { exceptionId: failure.id, description: safe(failure.text), breakMode: failure.id === 'divergence' ? 'always' : 'unhandled' };
}
