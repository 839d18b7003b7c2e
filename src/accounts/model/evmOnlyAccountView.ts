// An EVM account on a chain known only by its EVM JSON-RPC, in a few hover lines: its balance
// (eth_getBalance, wei with the base token's 18 decimals, exact) and its nonce (eth_getTransactionCount:
// the next transaction's). No L2 account of the web API: native tokens and NFTs are not known. Pure.
import { englishL10n, type L10n } from '../../core/l10n';
import { formatBigInt, shortId } from '../../core/format';
import { formatUnits } from '../../core/units';
import type { RpcFailure } from '../../evm/model/jsonRpc';

const WEI_DECIMALS = 18;

export interface EvmOnlyAccountRead {
  balance: { ok: true; value: bigint } | RpcFailure;
  nonce: { ok: true; value: bigint } | RpcFailure;
}

/** The hover's lines (plain text: the hover escapes them); `failure` says why a value is missing. */
export function evmOnlyAccountLines(
  address: string,
  read: EvmOnlyAccountRead,
  chain: { chainName: string; name?: string | undefined; sourceNote?: string | undefined },
  failure: (f: RpcFailure) => string,
  l10n: L10n = englishL10n,
): string[] {
  const who = chain.name === undefined ? shortId(address, 8, 6) : `${chain.name} (${shortId(address, 8, 6)})`;
  const where = chain.sourceNote === undefined ? chain.chainName : l10n.t('{0}, from {1}', chain.chainName, chain.sourceNote);
  const lines = [l10n.t('{0} on {1} (the address was sent to its EVM JSON-RPC)', who, where)];
  lines.push(
    read.balance.ok
      ? l10n.t('Balance {0} ({1} wei)', formatUnits(read.balance.value, WEI_DECIMALS), formatBigInt(read.balance.value))
      : l10n.t('Balance not read: {0}', failure(read.balance)),
  );
  lines.push(
    read.nonce.ok ? l10n.t('Nonce {0} (the next transaction\u2019s)', read.nonce.value.toString()) : l10n.t('Nonce not read: {0}', failure(read.nonce)),
  );
  lines.push(l10n.t('Native tokens and NFTs need the chain\u2019s web API.'));
  return lines;
}
