// What starts a debug session of a mined EVM transaction, checked before anything is asked of a
// node: the "Debug Transaction" command's argument (from the palette, the receipt panel, the call
// tree, a hover) and a launch.json configuration of type `wasp-evm` share one check and one shape.
// Which chains may serve a session is asked of their abilities, never of their kind. Pure.
import { DEBUG_TYPE } from '../../constants';
import { unwrapPastedId } from '../../core/pasted';
import { englishL10n, type L10n } from '../../core/l10n';
import type { ChainAbilities } from '../../config/model/chainAbilities';

/** The debug type the manifest contributes and the adapter serves. */

/** An EVM transaction hash, the whole string: the manifest's `transaction` pattern says the same. */
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
/** An EVM request's ID: the hash, and on Stardust its output index after it. */
const REQUEST_ID = /^0x[0-9a-fA-F]{64}(?:[0-9a-fA-F]{4})?$/;

/** What a session is started with, checked. */
export interface DebugLaunchArgs {
  /** Lower-case `0x` + 64 hex. */
  transaction: string;
  /** A configured chain's name; undefined: the default chain, else the one chain that can serve it, else asked. */
  chain?: string;
  /** The call-order index of the call-tree frame to stop at first (0: the transaction itself). */
  frame?: number;
  stopOnEntry?: boolean;
}

/** A launch configuration of type `wasp-evm`, as `vscode.debug.startDebugging` takes it. */
export interface DebugLaunchConfiguration {
  type: typeof DEBUG_TYPE;
  request: 'launch';
  name: string;
  transaction: string;
  chain: string;
  frame?: number;
  stopOnEntry?: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Pasted text: whitespace and matching pairs of quotes or backticks around the whole of it taken off (as copied from JSON, a log, Markdown). */
export const unwrapPasted = unwrapPastedId;

/**
 * What is wrong with a transaction hash, in words a user can act on; undefined when it is one.
 * Empty text is wrong too: a session needs a hash (the input box's check says nothing until typed).
 */
export function hashProblem(value: unknown, l10n: L10n = englishL10n): string | undefined {
  if (typeof value !== 'string') return l10n.t('A transaction hash is needed: 0x followed by 64 hex digits.');
  const v = unwrapPasted(value);
  if (TX_HASH.test(v)) return undefined;
  if (v === '') return l10n.t('A transaction hash is needed: 0x followed by 64 hex digits.');
  if (!/^0x/i.test(v)) return l10n.t('A transaction hash starts with 0x, followed by 64 hex digits.');
  const hex = v.slice(2);
  if (/[^0-9a-fA-F]/.test(hex)) return l10n.t('Only hex digits (0-9, a-f) may follow 0x.');
  return l10n.t('A transaction hash has 64 hex digits after 0x; this has {0}.', hex.length);
}

/** The hash as sessions name it: unwrapped and lower-cased (call hashProblem first). */
export function normalHash(value: string): string {
  return unwrapPasted(value).toLowerCase();
}

/** A frame index is a call-order index: an integer from 0, never larger than a safe integer. */
function frameProblem(value: unknown, l10n: L10n): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return undefined;
  return l10n.t('"frame" is the call-order index of a call in the call tree: an integer from 0 (the transaction itself).');
}

/**
 * The command's argument or a launch configuration, checked: a malformed hash, a chain that is
 * not a non-empty name, a frame that is not a call-order index or a stopOnEntry that is not a
 * boolean is refused, in words, before anything runs. `undefined` and `{}` are not refused here:
 * the caller asks for what is missing.
 */
export function checkLaunchArgs(raw: unknown, l10n: L10n = englishL10n): Checked<DebugLaunchArgs> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, problem: l10n.t('Debug Transaction takes a transaction hash.') };
  const o = raw as Record<string, unknown>;
  const bad = hashProblem(o.transaction, l10n);
  if (bad !== undefined) {
    const shown = typeof o.transaction === 'string' ? unwrapPasted(o.transaction).slice(0, 80) : '';
    return { ok: false, problem: shown === '' ? bad : l10n.t('Not a transaction hash ({0}): {1}', shown, bad) };
  }
  if (o.chain !== undefined && (typeof o.chain !== 'string' || o.chain.trim() === ''))
    return { ok: false, problem: l10n.t('"chain" is the name of a chain in waspChain.chains.') };
  const frame = frameProblem(o.frame, l10n);
  if (frame !== undefined) return { ok: false, problem: frame };
  if (o.stopOnEntry !== undefined && typeof o.stopOnEntry !== 'boolean') return { ok: false, problem: l10n.t('"stopOnEntry" is true or false.') };
  const value: DebugLaunchArgs = { transaction: normalHash(o.transaction as string) };
  if (typeof o.chain === 'string') value.chain = o.chain.trim();
  if (typeof o.frame === 'number') value.frame = o.frame;
  if (typeof o.stopOnEntry === 'boolean') value.stopOnEntry = o.stopOnEntry;
  return { ok: true, value };
}

/**
 * The command's argument as the caller gave it: an object as is; a hash alone; the Chains view's
 * row of an EVM request (`{requestId, chainName}`: its hash is the ID's first 64 hex digits);
 * anything else (a menu's URI) is no argument, and the user is asked.
 */
export function commandArgument(arg: unknown): Record<string, unknown> {
  if (typeof arg === 'string') return { transaction: arg };
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return {};
  const o = arg as Record<string, unknown>;
  if ('transaction' in o) return o;
  if (typeof o.requestId === 'string' && REQUEST_ID.test(o.requestId)) {
    const row: Record<string, unknown> = { transaction: o.requestId.slice(0, 66) };
    if (typeof o.chainName === 'string') row.chain = o.chainName;
    return row;
  }
  return {};
}

/** Whether a launch configuration names no transaction (F5 with no launch.json, or one left without it): the user is asked for it. */
export function asksForTransaction(raw: Record<string, unknown>): boolean {
  return raw.transaction === undefined;
}

/** A chain a session may run on: what the replay asks of it is the transaction and its traces. */
export interface ChainChoice {
  readonly name: string;
  readonly can: Pick<ChainAbilities, 'evmTransactions' | 'callTraces' | 'replays'>;
}

/** Whether a chain can serve a replay: the transaction by hash, its call tree and its pre-state (a Wasp 1 node has no prestate tracer). */
export function canDebug(chain: ChainChoice): boolean {
  return chain.can.evmTransactions && chain.can.callTraces && chain.can.replays;
}

/** Which chain a session runs on, when none is named: the default one if it can serve it, else the only one that can, else ask. */
export type ChainPick<C> = { pick: C } | { ask: C[] } | { none: true };

export function chooseChain<C extends ChainChoice>(chains: readonly C[], defaultName: string | undefined): ChainPick<C> {
  const able = chains.filter(canDebug);
  const key = defaultName?.trim().toLowerCase();
  const preferred = key === undefined ? undefined : able.find((c) => c.name.toLowerCase() === key);
  if (preferred) return { pick: preferred };
  const [only] = able;
  if (only !== undefined && able.length === 1) return { pick: only };
  return able.length === 0 ? { none: true } : { ask: able };
}

/** "Debug 0x1234…abcd on IOTA EVM", "… from call 3" when it starts at a frame. */
export function debugSessionName(transaction: string, chain: string, frame: number | undefined, l10n: L10n = englishL10n): string {
  const hash = transaction.length > 14 ? `${transaction.slice(0, 6)}…${transaction.slice(-4)}` : transaction;
  return frame === undefined || frame === 0 ? l10n.t('Debug {0} on {1}', hash, chain) : l10n.t('Debug {0} on {1} from call {2}', hash, chain, frame);
}

/** The configuration a checked argument starts, on a chain known to exist. */
export function launchConfiguration(args: DebugLaunchArgs & { chain: string }, l10n: L10n = englishL10n): DebugLaunchConfiguration {
  const config: DebugLaunchConfiguration = {
    type: DEBUG_TYPE,
    request: 'launch',
    name: debugSessionName(args.transaction, args.chain, args.frame, l10n),
    transaction: args.transaction,
    chain: args.chain,
  };
  if (args.frame !== undefined) config.frame = args.frame;
  if (args.stopOnEntry !== undefined) config.stopOnEntry = args.stopOnEntry;
  return config;
}

/**
 * The configurations offered: one per chain that can serve a session (one without a chain when none
 * is configured). `withHash`: launch.json's starter, with a hash to fill in (the check says what is
 * missing if it is run as it is); without, the Run view's dynamic ones, which ask for it when run.
 */
export function starterConfigurations(
  chains: readonly ChainChoice[],
  options: { withHash: boolean },
  l10n: L10n = englishL10n,
): Array<Record<string, unknown>> {
  const able = chains.filter(canDebug);
  const names = able.length > 0 ? able.map((c) => c.name) : [undefined];
  return names.map((chain) => ({
    type: DEBUG_TYPE,
    request: 'launch',
    name: chain === undefined ? l10n.t('Debug an EVM transaction') : l10n.t('Debug an EVM transaction on {0}', chain),
    ...(options.withHash ? { transaction: '0x' } : {}),
    ...(chain === undefined ? {} : { chain }),
    stopOnEntry: true,
  }));
}

/** The bounds of a replay, as the manifest declares them for waspChain.debug.maxSteps and maxMemoryMB. */
export const REPLAY_LIMITS = {
  maxSteps: { default: 5_000_000, min: 1_000, max: 50_000_000 },
  maxMemoryMB: { default: 512, min: 64, max: 8_192 },
} as const;

/**
 * The two settings, as a replay may use them: a value that is not a finite number is the default,
 * and any other is rounded down and held within the manifest's bounds (settings.json is not checked
 * against them, and even the user's own value cannot switch the bound off).
 */
export function replayLimits(maxSteps: unknown, maxMemoryMB: unknown): { maxSteps: number; maxMemoryBytes: number } {
  const within = (v: unknown, b: { default: number; min: number; max: number }) =>
    typeof v === 'number' && Number.isFinite(v) ? Math.min(b.max, Math.max(b.min, Math.floor(v))) : b.default;
  return { maxSteps: within(maxSteps, REPLAY_LIMITS.maxSteps), maxMemoryBytes: within(maxMemoryMB, REPLAY_LIMITS.maxMemoryMB) * 1024 * 1024 };
}
