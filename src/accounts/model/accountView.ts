// What an account read shows: the hover's few lines and the panel's sections and comparison, from
// the holdings (holdings.ts) and the EVM side. Node text (coin types, token and object IDs) has its
// invisible characters revealed and is clipped; amounts are exact (bigint). Pure.
import type { AccountAgentKind } from '../../api/ids';
import type { Generation } from '../../api/generation';
import { formatBigInt } from '../../core/format';
import { englishL10n, type L10n } from '../../core/l10n';
import { plainLine, revealInvisible } from '../../core/text';
import type { Row } from '../../ui/model/view';
import { baseHoldingText, formatBaseDelta, holdingsWords, type Holdings, type HoldingsChange } from '../../api/holdings';

/** A part of an account read that is not the balance: it may fail on its own. */
export type AccountPart = 'nfts' | 'evmNonce' | 'evmBalance' | 'nonce';

/** One account read on one chain, at the latest state or a block. */
export interface AccountRead {
  generation: Generation;
  /** The agent ID as the chain's node takes it (Stardust: `0x…@<chainID>` for an EVM address). */
  agentId: string;
  kind: AccountAgentKind;
  /** EIP-55, for an EVM account. */
  evmAddress?: string;
  holdings: Holdings;
  /** `eth_getTransactionCount`: the EVM account's next nonce. */
  evmNonce?: bigint;
  /** The accounts nonce route: a non-EVM agent's next off-ledger nonce. */
  offLedgerNonce?: bigint;
  /** Parts that could not be read, with why (in words). */
  missing: Array<{ part: AccountPart; reason: string }>;
  block: string | undefined;
}

/** Other tokens and objects listed at most in a hover. */
export const HOVER_TOKENS = 5;
/** Characters of a token or object ID shown. */
const ID_CHARS = 120;

const idText = (id: string) => plainLine(id, ID_CHARS);

function nftCountText(read: AccountRead, l10n: L10n): string | undefined {
  const n = read.holdings.nfts?.length;
  return n === undefined ? undefined : holdingsWords(read.holdings, l10n).nftCount(n);
}

function partName(part: AccountPart, l10n: L10n): string {
  switch (part) {
    case 'nfts':
      return l10n.t('objects/NFTs');
    case 'evmNonce':
      return l10n.t('EVM nonce');
    case 'evmBalance':
      return l10n.t('wei remainder');
    case 'nonce':
      return l10n.t('nonce');
  }
}

/** The hover's lines (plain text: the hover escapes them). */
export function accountHoverLines(
  read: AccountRead,
  context: { chainName: string; name: string | undefined; sourceNote?: string },
  l10n: L10n = englishL10n,
): string[] {
  const lines: string[] = [];
  const who = read.evmAddress ?? read.agentId;
  const chain = context.sourceNote ? l10n.t('{0} ({1})', context.chainName, context.sourceNote) : context.chainName;
  lines.push(
    context.name === undefined
      ? l10n.t('Account {0} on {1} (the address was sent to its node)', who, chain)
      : l10n.t('Account {0} ({1}) on {2} (the address was sent to its node)', who, plainLine(context.name, 100), chain),
  );
  const base = baseHoldingText(read.holdings, l10n);
  lines.push(l10n.t('Base tokens: {0} (exact: {1})', base.amount, base.exact));
  if (read.holdings.evm && !read.holdings.evm.agrees) lines.push(l10n.t('The EVM balance was read at another state than the accounts balance.'));
  const tokens = read.holdings.tokens;
  if (tokens.length > 0) {
    const shown = tokens.slice(0, HOVER_TOKENS).map((t) => `${formatBigInt(t.amount)} ${idText(t.id)}`);
    const more = tokens.length > HOVER_TOKENS ? [l10n.t('…and {0} more', tokens.length - HOVER_TOKENS)] : [];
    lines.push(holdingsWords(read.holdings, l10n).tokenList([...shown, ...more].join('; ')));
  }
  const facts: string[] = [];
  const nfts = nftCountText(read, l10n);
  if (nfts !== undefined) facts.push(nfts);
  if (read.evmNonce !== undefined) facts.push(l10n.t('EVM nonce {0}', formatBigInt(read.evmNonce)));
  if (read.offLedgerNonce !== undefined) facts.push(l10n.t('nonce {0}', formatBigInt(read.offLedgerNonce)));
  if (facts.length > 0) lines.push(facts.join(' · '));
  for (const m of read.missing) lines.push(l10n.t('Not read: {0} ({1})', partName(m.part, l10n), plainLine(m.reason, 120)));
  return lines;
}

export interface AccountSection {
  id: string;
  title: string;
  rows: Row[];
  note?: string;
}

export interface AccountLinks {
  /** The EVM explorer's page of the address (checked URL), when an explorer is known. */
  evmExplorer?: string;
  /** The IOTA explorer's page of an L1 address (Rebased, known network). */
  iotaExplorer?: string;
}

/** What the panel shows beside the read: the chain, the agent ID's chain (Stardust), the address's name, the explorers. */
export interface AccountSectionsContext {
  chainName: string;
  stardustChainId?: string;
  name?: string;
  links: AccountLinks;
}

/** The panel's sections: holdings, identity (both forms of the agent ID), links. */
export function accountSections(read: AccountRead, context: AccountSectionsContext, l10n: L10n = englishL10n): AccountSection[] {
  const links = linkRows(context.links, l10n);
  return [
    { id: 'holdings', title: l10n.t('Holdings'), rows: holdingRows(read, l10n) },
    { id: 'identity', title: l10n.t('Account'), rows: identityRows(read, context, l10n) },
    links.length > 0
      ? { id: 'links', title: l10n.t('Explorers'), rows: links }
      : { id: 'links', title: l10n.t('Explorers'), rows: [], note: l10n.t('No explorer is known for this chain: set explorerUrl in its settings entry.') },
  ];
}

/** Base tokens (with the EVM balance in wei), other tokens, objects or NFTs, nonces, and what was not read. */
function holdingRows(read: AccountRead, l10n: L10n): Row[] {
  const h = read.holdings;
  const words = holdingsWords(h, l10n);
  const base = baseHoldingText(h, l10n);
  const rows: Row[] = [
    {
      field: 'baseTokens',
      label: l10n.t('Base tokens'),
      value: base.amount,
      detail: base.exact,
      mono: true,
      copy: { text: base.amount, what: l10n.t('the base-token amount') },
    },
  ];
  if (h.evm) {
    rows.push({
      field: 'evmBalance',
      label: l10n.t('EVM balance (wei)'),
      value: formatBigInt(h.evm.totalWei),
      mono: true,
      copy: { text: h.evm.totalWei.toString(), what: l10n.t('the balance in wei') },
    });
    if (!h.evm.agrees)
      rows.push({ field: 'evmBalanceNote', label: l10n.t('Note'), value: l10n.t('The EVM balance was read at another state than the accounts balance.') });
  }
  for (const t of h.tokens)
    rows.push({
      field: `token.${t.id}`,
      label: idText(t.id),
      value: formatBigInt(t.amount),
      mono: true,
      copy: { text: t.id, what: l10n.t('the token ID') },
    });
  if (h.tokens.length === 0) rows.push({ field: 'tokens', label: words.tokens, value: l10n.t('(none)'), empty: true });
  const nfts = nftCountText(read, l10n);
  if (nfts !== undefined) rows.push({ field: 'nfts', label: words.nfts, value: nfts });
  for (const id of h.nfts ?? []) rows.push({ field: `nft.${id}`, label: '', value: idText(id), mono: true, copy: { text: id, what: l10n.t('the ID') } });
  rows.push(...nonceRows(read, l10n));
  for (const m of read.missing)
    rows.push({ field: `missing.${m.part}`, label: partName(m.part, l10n), value: l10n.t('not read: {0}', revealInvisible(m.reason)), empty: true });
  return rows;
}

function nonceRows(read: AccountRead, l10n: L10n): Row[] {
  const rows: Row[] = [];
  if (read.evmNonce !== undefined)
    rows.push({
      field: 'evmNonce',
      label: l10n.t('EVM nonce'),
      value: formatBigInt(read.evmNonce),
      detail: l10n.t('eth_getTransactionCount: the next nonce'),
    });
  if (read.offLedgerNonce !== undefined)
    rows.push({ field: 'nonce', label: l10n.t('Nonce'), value: formatBigInt(read.offLedgerNonce), detail: l10n.t('the next off-ledger nonce') });
  return rows;
}

/** The address and its name, the agent ID in both generations' forms (an EVM account), or the agent ID; the chain. */
function identityRows(read: AccountRead, context: AccountSectionsContext, l10n: L10n): Row[] {
  const rows: Row[] = [];
  if (read.evmAddress !== undefined) {
    rows.push({
      field: 'evmAddress',
      label: l10n.t('EVM address'),
      value: read.evmAddress,
      mono: true,
      copy: { text: read.evmAddress, what: l10n.t('the address') },
    });
    if (context.name !== undefined) rows.push({ field: 'name', label: l10n.t('Name'), value: plainLine(context.name, 100) });
    rows.push(...agentIdForms(read.evmAddress, context.stardustChainId, l10n));
  } else {
    rows.push({ field: 'agentId', label: l10n.t('Agent ID'), value: read.agentId, mono: true, copy: { text: read.agentId, what: l10n.t('the agent ID') } });
  }
  rows.push({ field: 'chain', label: l10n.t('Chain'), value: context.chainName });
  return rows;
}

/** An EVM address as each generation's node names the agent: itself (Wasp 2.x), `address@chainID` (Wasp 1.x). */
function agentIdForms(evmAddress: string, stardustChainId: string | undefined, l10n: L10n): Row[] {
  const stardust = stardustChainId === undefined ? undefined : `${evmAddress}@${stardustChainId}`;
  return [
    {
      field: 'agentIdRebased',
      label: l10n.t('Agent ID (Wasp 2.x)'),
      value: evmAddress,
      mono: true,
      copy: { text: evmAddress, what: l10n.t('the agent ID') },
    },
    stardust === undefined
      ? {
          field: 'agentIdStardust',
          label: l10n.t('Agent ID (Wasp 1.x)'),
          value: l10n.t('{0}@<chain ID>', evmAddress),
          mono: true,
          detail: l10n.t('on a Stardust chain, the address followed by @ and the chain ID'),
        }
      : {
          field: 'agentIdStardust',
          label: l10n.t('Agent ID (Wasp 1.x)'),
          value: stardust,
          mono: true,
          copy: { text: stardust, what: l10n.t('the agent ID') },
        },
  ];
}

function linkRows(links: AccountLinks, l10n: L10n): Row[] {
  const rows: Row[] = [];
  if (links.evmExplorer !== undefined)
    rows.push({ field: 'link.evm', label: l10n.t('EVM explorer'), value: links.evmExplorer, mono: true, link: { url: links.evmExplorer, web: true } });
  if (links.iotaExplorer !== undefined)
    rows.push({ field: 'link.iota', label: l10n.t('IOTA explorer'), value: links.iotaExplorer, mono: true, link: { url: links.iotaExplorer, web: true } });
  return rows;
}

/** The comparison's summary and rows: what came and went between two states. */
export function comparisonRows(change: HoldingsChange, baseToken: Holdings['baseToken'], l10n: L10n = englishL10n): { summary: string; rows: Row[] } {
  if (change.same) return { summary: l10n.t('Nothing changed.'), rows: [] };
  const rows: Row[] = [];
  if (change.base.delta !== 0n)
    rows.push({
      field: 'baseTokens',
      label: l10n.t('Base tokens'),
      value: formatBaseDelta(change.base, baseToken, l10n),
      detail: change.base.inWei
        ? l10n.t('{0} → {1} wei', formatBigInt(change.base.before), formatBigInt(change.base.after))
        : l10n.t('{0} → {1}', formatBigInt(change.base.before), formatBigInt(change.base.after)),
      mono: true,
    });
  for (const t of change.tokens)
    rows.push({
      field: `token.${t.id}`,
      label: idText(t.id),
      value: `${t.delta > 0n ? '+' : '−'}${formatBigInt(t.delta < 0n ? -t.delta : t.delta)}`,
      detail: l10n.t('{0} → {1}', formatBigInt(t.before), formatBigInt(t.after)),
      mono: true,
    });
  for (const id of change.nftsCame ?? []) rows.push({ field: `came.${id}`, label: l10n.t('Came'), value: idText(id), mono: true });
  for (const id of change.nftsWent ?? []) rows.push({ field: `went.${id}`, label: l10n.t('Went'), value: idText(id), mono: true });
  const parts = rows.length === 1 ? l10n.t('1 change.') : l10n.t('{0} changes.', rows.length);
  return { summary: parts, rows };
}
