// Native frames: a call the replay cannot run because its code is not EVM code (the ISC magic
// contract, whose calls run as Go inside a Wasp node, or any account whose pre-state has no code but
// whose frame in the node's call tree answered something) returns what the call tree recorded for
// it: the node's call of the same place in call order, with the same target and input. Anything
// else (another input, a call the tree does not have) is a divergence. Pure.
import { EVMError, type EVMResult } from '@ethereumjs/evm';
import { hexToBytes } from '@ethereumjs/util';
import type { CallTrace, TraceFrame } from '../../evm/model/callTrace';
import { MAGIC_ADDRESS } from '../../evm/model/iscMagic';
import { englishL10n, type L10n } from '../../core/l10n';
import type { ReplayFrame } from './recording';
import type { PrestateAccount } from './replayInputs';

/** The call tree's words for a revert (geth, anvil and Wasp alike). */
const REVERTED = /^execution reverted/i;

export interface NativeAnswers {
  /** The recorded answer when `frame` is native; a divergence when it is native and does not match; undefined when it runs. */
  answer(frame: ReplayFrame, gasRefund: bigint): { result: EVMResult } | { divergence: string } | undefined;
}

/** Addresses whose calls the replay answers from the record. */
export function nativeAddresses(trace: CallTrace, prestate: ReadonlyMap<string, PrestateAccount>): Set<string> {
  const created = new Set(trace.frames.filter((f) => f.type.startsWith('CREATE') && f.to !== undefined).map((f) => f.to as string));
  const native = new Set<string>([MAGIC_ADDRESS]);
  for (const f of trace.frames) {
    if (f.index === 0 || f.to === undefined || created.has(f.to) || f.type.startsWith('CREATE')) continue;
    const code = prestate.get(f.to)?.code;
    const answered = (f.output !== undefined && f.output !== '0x') || f.error !== undefined;
    if ((code === undefined || code.length === 0) && answered && !isPrecompile(f.to)) native.add(f.to);
  }
  return native;
}

/** 0x01…0x11 and the P256 verifier at 0x100: run by the EVM itself. */
function isPrecompile(address: string): boolean {
  const n = BigInt(address);
  return (n >= 1n && n <= 0x11n) || n === 0x100n;
}

export function resultOf(recorded: TraceFrame, gasRefund: bigint): EVMResult {
  const output = hexToBytes((recorded.output ?? '0x') as `0x${string}`);
  const base = {
    executionGasUsed: recorded.gasUsed,
    returnValue: output,
    gasRefund,
    logs: [],
    selfdestruct: new Map(),
    createdAddresses: new Set<`0x${string}`>(),
  };
  if (recorded.error === undefined) return { execResult: base };
  const reverted = REVERTED.test(recorded.error);
  const error = new EVMError(reverted ? EVMError.errorMessages.REVERT : EVMError.errorMessages.OUT_OF_GAS);
  return { execResult: { ...base, returnValue: reverted ? output : new Uint8Array(0), exceptionError: error } };
}

export function nativeAnswers(trace: CallTrace, prestate: ReadonlyMap<string, PrestateAccount>, l10n: L10n = englishL10n): NativeAnswers {
  const native = nativeAddresses(trace, prestate);
  return {
    answer(frame, gasRefund) {
      if (!native.has(frame.codeAddress)) return undefined;
      const recorded = trace.frames[frame.index];
      if (recorded === undefined)
        return {
          divergence: l10n.t(
            'replay diverged at call {0}: the replay calls the native contract {1}, the node’s trace has no such call',
            frame.index,
            frame.codeAddress,
          ),
        };
      // The trace's `to` is the code's account, under DELEGATECALL too.
      if (recorded.to !== frame.codeAddress || recorded.input.toLowerCase() !== frame.input.toLowerCase())
        return {
          divergence: l10n.t(
            'replay diverged at call {0}: the replay calls the native contract {1} with other input than the node’s trace recorded',
            frame.index,
            frame.codeAddress,
          ),
        };
      return { result: resultOf(recorded, gasRefund) };
    },
  };
}
