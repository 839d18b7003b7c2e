// The "State changes" section of an EVM receipt: what the transaction changed in the EVM state
// (../../evm/model/stateDiff.ts), each account named from the address book and its balance, nonce,
// code and storage slots before → after; or, where the node cannot say (a Wasp 1 node has no
// prestateTracer, an operator may have turned tracing off), why, said once. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt } from '../../core/format';
import { toChecksumAddress } from '../../core/address';
import type { AccountChange, StateDiff } from '../../evm/model/stateDiff';
import type { StateDiffOutcome } from '../../evm/model/jsonRpc';
import { TRACE_MAX_BYTES, TRACE_TIMEOUT_MS } from '../../evm/model/jsonRpc';
import type { Row } from '../../ui/model/view';
import { rpcFailureText, shown, type RpcAsked } from './evmExplain';

/** Rows shown at most (a transaction may write thousands of slots); the rest are counted. */
export const MAX_STATE_ROWS = 1_000;

const PRESTATE_CALL: RpcAsked = {
  method: 'debug_traceTransaction with the prestateTracer',
  maxBytes: TRACE_MAX_BYTES,
  timeoutMs: TRACE_TIMEOUT_MS,
  answer: (l10n) => l10n.t('the state changes'),
};

function signed(delta: bigint): string {
  return delta > 0n ? `+${formatBigInt(delta)}` : formatBigInt(delta);
}

/** A storage word as short hex: what a slot holds is often an address or packed fields, not a number. */
function word(v: bigint): string {
  return `0x${v.toString(16)}`;
}

function accountRows(a: AccountChange, i: number, nameOf: (address: string) => string | undefined, l10n: L10n): Row[] {
  const address = toChecksumAddress(a.address) ?? a.address;
  const name = nameOf(a.address);
  const what: string[] = [];
  if (a.balance) what.push(l10n.t('balance'));
  if (a.nonce) what.push(l10n.t('nonce'));
  if (a.code) what.push(l10n.t('code'));
  if (a.storage.length > 0) what.push(l10n.t('{0} storage slots', a.storage.length));
  const rows: Row[] = [
    {
      field: `state${i}`,
      label: name === undefined ? l10n.t('Account') : shown(name),
      value: address,
      detail: a.deleted ? l10n.t('deleted (self-destructed)') : what.join(', ') || l10n.t('touched, nothing kept changed'),
      mono: true,
      copy: { text: address, what: l10n.t('address') },
    },
  ];
  const at = `state${i}`;
  if (a.balance) {
    rows.push({
      field: `${at}Balance`,
      label: l10n.t('balance (wei)'),
      value: `${formatBigInt(a.balance.pre)} → ${formatBigInt(a.balance.post)}`,
      detail: signed(a.balance.post - a.balance.pre),
      mono: true,
    });
  }
  if (a.nonce) rows.push({ field: `${at}Nonce`, label: l10n.t('nonce'), value: `${formatBigInt(a.nonce.pre)} → ${formatBigInt(a.nonce.post)}`, mono: true });
  if (a.code) {
    rows.push({
      field: `${at}Code`,
      label: l10n.t('code'),
      value:
        a.code.pre === 0
          ? l10n.t('deployed: {0} bytes', formatBigInt(BigInt(a.code.post)))
          : l10n.t('{0} bytes → {1} bytes', formatBigInt(BigInt(a.code.pre)), formatBigInt(BigInt(a.code.post))),
    });
  }
  a.storage.forEach((s, j) => {
    rows.push({
      field: `${at}Slot${j}`,
      label: l10n.t('slot {0}', `${s.slot.slice(0, 10)}…${s.slot.slice(-4)}`),
      value: `${word(s.pre)} → ${word(s.post)}`,
      mono: true,
      copy: { text: s.slot, what: l10n.t('slot key') },
    });
  });
  return rows;
}

/** What the section says of the fee in the sender's balance change. */
export type StateFeeNote = 'wasp' | 'unknown';

/** The rows of a diff: accounts in address order, bounded; what the sender's balance says of the fee, once. */
export function stateDiffRows(diff: StateDiff, nameOf: (address: string) => string | undefined, l10n: L10n = englishL10n, fee: StateFeeNote = 'wasp'): Row[] {
  const rows: Row[] = [];
  if (diff.accounts.length === 0) rows.push({ field: 'stateNone', label: l10n.t('State changes'), value: l10n.t('none'), empty: true });
  let cut = 0;
  diff.accounts.forEach((a, i) => {
    const own = accountRows(a, i, nameOf, l10n);
    if (rows.length + own.length > MAX_STATE_ROWS) cut += own.length;
    else rows.push(...own);
  });
  const notShown = cut + diff.cutSlots + diff.cutAccounts;
  if (notShown > 0)
    rows.push({
      field: 'stateCut',
      label: l10n.t('Not shown'),
      value: l10n.t('{0} more changes (the node\u2019s answer was larger than the panel shows)', notShown),
    });
  rows.push({
    field: 'stateNote',
    label: l10n.t('Note'),
    value:
      fee === 'wasp'
        ? l10n.t('The EVM runs at gas price 0 and the chain charges the fee afterwards: the sender\u2019s balance change here leaves the fee out.')
        : l10n.t(
            'Whether the sender\u2019s balance change holds the fee depends on the chain: an IOTA EVM (Wasp) chain runs its EVM at gas price 0 and charges the fee afterwards; other EVMs take it in the run.',
          ),
  });
  return rows;
}

/**
 * The section's rows for what the JSON-RPC answered: the changes, or why there are none to show.
 * `fee`: `wasp` where the chain's EVM runs at gas price 0 (a node's EVM request), `unknown` for a
 * chain known only by its JSON-RPC (a Wasp node's, or another EVM's that takes the fee in the run).
 */
export function stateChangeRows(
  outcome: StateDiffOutcome,
  nameOf: (address: string) => string | undefined,
  l10n: L10n = englishL10n,
  fee: StateFeeNote = 'wasp',
): Row[] {
  if (outcome.ok) return stateDiffRows(outcome.diff, nameOf, l10n, fee);
  return [{ field: 'stateError', label: l10n.t('Not loaded'), value: rpcFailureText(outcome, l10n, PRESTATE_CALL) }];
}

/** What a Wasp 1 node's section says instead of asking: its tracer has no state-change mode. */
export function stateChangesUnoffered(l10n: L10n = englishL10n): Row[] {
  return [
    {
      field: 'stateError',
      label: l10n.t('Not offered'),
      value: l10n.t('Wasp 1.x nodes have only the call tracer: they cannot show state changes.'),
      empty: true,
    },
  ];
}
