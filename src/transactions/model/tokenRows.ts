// The call's token amounts in their units, in the receipt panel's "Decoded with the workspace's
// ABIs" rows: the rule for "an amount of a token" is src/evm/model/tokenAmounts.ts's (transfer,
// transferFrom, approve, mint or burn called on a token whose decimals() answers). The exact integer
// stays beside the amount and is what Copy gives. Pure.
import { tokenAmountArgs, tokenAmountText, type TokenUnits } from '../../evm/model/tokenAmounts';
import type { Row } from '../../ui/model/view';
import type { EvmExplanation } from './evmExplain';

/** The token whose amounts the decoded call moves (the transaction's `to`), or undefined when the call moves none. */
export function amountToken(e: EvmExplanation): string | undefined {
  const call = e.call;
  if (!call || call.creation || !call.decoded.ok || e.tx?.to === undefined) return undefined;
  return tokenAmountArgs(call.decoded.item).length > 0 ? e.tx.to : undefined;
}

/** The rows with the call's amount arguments in the token's units ("5,000 TKN (5000000000000000000000)"). */
export function tokenUnitRows(rows: readonly Row[], e: EvmExplanation, units: TokenUnits): Row[] {
  const call = e.call;
  if (!call || call.creation || !call.decoded.ok) return [...rows];
  const item = call.decoded.item;
  const amounts = new Set(tokenAmountArgs(item));
  return rows.map((r) => {
    const i = /^evmCallArg([0-9]+)$/.exec(r.field)?.[1];
    const arg = i === undefined || !amounts.has(Number(i)) ? undefined : item.args[Number(i)];
    return arg === undefined ? r : { ...r, value: tokenAmountText(arg.value, units) };
  });
}
