// "Open Transaction in Explorer", the hover's link for an EVM receipt. The hover passes only the
// request ID and a chain name (isTrusted allows our commands, never a URL): the URL is rebuilt
// here from the chain entry's checked explorerUrl or a default, and the transaction hash decoded
// from the receipt, checked, and exactly that is opened.
import * as vscode from 'vscode';
import { openFoundUrl } from '../ui/openFound';
import { ANY_REQUEST_ID } from '../core/idShapes';
import type { ReceiptService } from '../transactions/receiptService';

/** What the command asks of the receipt service: the receipt, its EVM side, the node's EVM chain ID. */
export type ExplorerReceipts = Pick<ReceiptService, 'find' | 'evm' | 'evmChainId'>;

/** The explorer URL of the receipt's EVM transaction, or why there is none. */
export async function explorerUrlOf(service: ExplorerReceipts, arg: unknown): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const o = typeof arg === 'object' && arg !== null ? (arg as Record<string, unknown>) : {};
  const requestId = typeof o.requestId === 'string' && ANY_REQUEST_ID.test(o.requestId) ? o.requestId.toLowerCase() : undefined;
  const chainName = typeof o.chainName === 'string' ? o.chainName : undefined;
  if (requestId === undefined || chainName === undefined)
    return { ok: false, reason: vscode.l10n.t('Not opened: the link has no valid request ID and chain.') };
  const result = await service.find(requestId, { chainName });
  if (!result.found) return { ok: false, reason: vscode.l10n.t('Not opened: the receipt was not found on {0}.', chainName) };
  const explained = await service.evm.explain(result.value.receipt, result.value.view);
  const tx = explained?.tx;
  if (tx === undefined) return { ok: false, reason: vscode.l10n.t('Not opened: the request carries no EVM transaction.') };
  const { chainExplorerBase, explorerTxUrl } = await import('../transactions/model/explorer.js');
  const nodeEvmChainId = await service.evmChainId(result.chain);
  const url = explorerTxUrl(chainExplorerBase(result.chain.explorerUrl, nodeEvmChainId, tx.chainId), tx.hash);
  if (url === undefined)
    return { ok: false, reason: vscode.l10n.t('Not opened: no explorer is known for {0} (set explorerUrl in the chain entry).', chainName) };
  return { ok: true, url };
}

export function openInExplorer(service: ExplorerReceipts, arg: unknown): Promise<boolean> {
  return openFoundUrl(() => explorerUrlOf(service, arg));
}
