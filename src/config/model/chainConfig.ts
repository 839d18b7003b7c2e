// Validation of the `waspChain.chains` entries from every settings scope. Pure: the settings
// reader hands in raw values with their origin, and gets back one result per entry; a bad
// entry never hides the good ones.
import { checkChainId, checkNodeUrl, checkRebasedChainId, redactUrl } from '../../api/ids';
import { confusableSkeleton } from './confusables';
import { externalUrlToOpen, revealInvisible } from '../../core/text';
import { englishL10n, type L10n } from '../../core/l10n';
import type { Generation } from '../../api/generation';

export type ChainScope = 'user' | 'workspace' | 'folder';

export interface ChainSource {
  scope: ChainScope;
  /** The workspace folder's name, for `folder` scope. */
  folder?: string;
  /** The folder's URI string, to write back to the right place. */
  folderUri?: string;
}

export interface ChainEntry {
  name: string;
  /** Normalised: no trailing slash, no credentials. */
  nodeUrl: string;
  /**
   * Stardust: lower-case Bech32. Rebased: lower-case `0x` + 64 hex, or `''` when the entry leaves
   * it out (a Rebased node runs one chain, and its own is used).
   */
  chainId: string;
  /** From the chain ID's shape: Bech32 is Stardust; `0x` + 64 hex, or none, is Rebased. */
  generation: Generation;
  source: ChainSource;
  /** An EVM block explorer for this chain (http(s), checked, no trailing slash); else a default by EVM chain ID. */
  explorerUrl?: string;
  /** The chain's EVM JSON-RPC (http(s), checked), for "Load EVM logs"; else the node's own (evm/model/rpcTarget.ts). */
  evmJsonRpcUrl?: string;
}

/**
 * A chain known only by its EVM JSON-RPC (no web API): what the JSON-RPC can show (transactions,
 * EVM receipts, traces, balances), never an ISC receipt, a burn log or governance. Kept apart from
 * `ChainEntry` so that nothing that needs a node ever gets one.
 */
export interface EvmOnlyChain {
  name: string;
  /** Checked: http(s), no credentials. */
  evmJsonRpcUrl: string;
  /** The EVM chain ID the entry expects (checked against eth_chainId where it is asked). */
  evmChainId?: bigint;
  /** An EVM block explorer (http(s), checked, no trailing slash). */
  explorerUrl?: string;
  /** The ISC chain's ID, shown only (lower-case): never asked, no node to ask. */
  chainId?: string;
  source: ChainSource;
}

/** What a chain without a web API cannot show, and how to add one: said once, in the panel and the tree. */
export function evmOnlyLimitText(l10n: L10n = englishL10n): string {
  return l10n.t(
    'Known only by its EVM JSON-RPC: the ISC receipt, the gas burn log and governance (chain info, blocks, L2 accounts) need the chain\u2019s web API. Add it: set nodeUrl in this entry of waspChain.chains, or Add Chain \u2192 Another node\u2026',
  );
}

export interface InvalidChainEntry {
  /** The entry's name when it has one, else a placeholder naming its position. */
  name: string;
  source: ChainSource;
  index: number;
  problems: string[];
}

export type ResolvedChain = { valid: true; chain: ChainEntry } | { valid: 'evmOnly'; chain: EvmOnlyChain } | { valid: false; invalid: InvalidChainEntry };

export interface RawChainList {
  source: ChainSource;
  value: unknown;
}

export function describeSource(source: ChainSource, l10n: L10n = englishL10n): string {
  switch (source.scope) {
    case 'user':
      return l10n.t('User settings');
    case 'workspace':
      return l10n.t('Workspace settings');
    case 'folder':
      return l10n.t('Folder settings ({0})', source.folder ?? '?');
  }
}

/** Validates every entry of every scope in order (user, workspace, folders); the first of a name wins. */
export function resolveChains(lists: RawChainList[], l10n: L10n = englishL10n): ResolvedChain[] {
  const out: ResolvedChain[] = [];
  const seen = new Map<string, ChainSource>();
  // A name that looks like an earlier chain's (Cyrillic or Greek letters, fullwidth, 0 for O…)
  // would let one chain pass for another in the hover and the tree.
  const skeletons = new Map<string, { name: string; source: ChainSource }>();
  for (const { source, value } of lists) {
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      out.push({
        valid: false,
        invalid: {
          name: `(${describeSource(source, l10n)})`,
          source,
          index: -1,
          problems: [l10n.t('waspChain.chains must be a list of { name, nodeUrl, chainId }.')],
        },
      });
      continue;
    }
    value.forEach((entry: unknown, index) => {
      const r = validateEntry(entry, source, index, l10n);
      if (r.valid !== false) {
        const name = r.chain.name;
        const refuse = (problem: string) => out.push({ valid: false, invalid: { name, source, index, problems: [problem] } });
        const key = name.toLowerCase();
        const first = seen.get(key);
        if (first) return refuse(l10n.t('The name "{0}" is already used in {1}: names must be unique.', name, describeSource(first, l10n)));
        const skeleton = confusableSkeleton(name);
        const twin = skeletons.get(skeleton);
        if (twin) {
          return refuse(
            l10n.t(
              'The name "{0}" looks like "{1}" in {2}: a chain cannot pass for another, so names must not be confusable.',
              name,
              twin.name,
              describeSource(twin.source, l10n),
            ),
          );
        }
        seen.set(key, source);
        skeletons.set(skeleton, r.chain);
      }
      out.push(r);
    });
  }
  return out;
}

export function validateEntry(entry: unknown, source: ChainSource, index: number, l10n: L10n = englishL10n): ResolvedChain {
  const problems: string[] = [];
  const obj = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) problems.push(l10n.t('An entry must be an object { name, nodeUrl, chainId }.'));
  const name = typeof obj.name === 'string' ? obj.name.trim() : '';
  const asWritten = typeof obj.name === 'string' ? obj.name.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '') : '';
  if (!name) problems.push(l10n.t('The entry has no name.'));
  else if (name.length > 100) problems.push(l10n.t('The name is longer than 100 characters.'));
  // A bidi override or a zero-width character would let one chain pass for another (trim()
  // would drop a U+FEFF at either end: it is looked for in the name as written).
  else if (revealInvisible(asWritten) !== asWritten)
    problems.push(l10n.t('The name contains invisible or control characters ({0}): they could disguise it as another chain.', revealInvisible(asWritten)));
  let nodeUrl = '';
  // No web API, only an EVM JSON-RPC: a chain of its own kind (EvmOnlyChain).
  const evmOnly =
    (obj.nodeUrl === undefined || obj.nodeUrl === null || obj.nodeUrl === '') && typeof obj.evmJsonRpcUrl === 'string' && obj.evmJsonRpcUrl.trim() !== '';
  if (evmOnly) {
    // Checked below with the other web URLs.
  } else if (typeof obj.nodeUrl !== 'string' || obj.nodeUrl.trim() === '')
    problems.push(l10n.t('The entry has no nodeUrl (or evmJsonRpcUrl, for a chain known only by its EVM JSON-RPC).'));
  else {
    const r = checkNodeUrl(obj.nodeUrl);
    if (r.ok) nodeUrl = r.url.toString().replace(/\/+$/, '');
    else problems.push(`nodeUrl: ${r.reason}`);
  }
  let chainId = '';
  let generation: Generation = 'rebased';
  if (obj.chainId !== undefined && obj.chainId !== null && typeof obj.chainId !== 'string') problems.push(l10n.t('chainId must be a string.'));
  else if (typeof obj.chainId === 'string' && obj.chainId.trim() !== '') {
    // A Rebased node runs one chain: its entry may leave chainId out; if given, 0x + 64 hex.
    const value = obj.chainId.trim();
    const rebased = value.startsWith('0x') ? checkRebasedChainId(value) : undefined;
    const r = rebased ?? checkChainId(value);
    if (r.ok) {
      chainId = r.chainId;
      generation = rebased ? 'rebased' : 'stardust';
    } else problems.push(`chainId: ${r.reason}`);
  }
  // A workspace may set these: only plain web URLs without credentials, used exactly as checked.
  const webUrl = (key: 'explorerUrl' | 'evmJsonRpcUrl'): string | undefined => {
    const raw = obj[key];
    if (raw === undefined || raw === null || raw === '') return undefined;
    const checked = typeof raw === 'string' ? externalUrlToOpen(raw.trim()) : undefined;
    if (checked === undefined) problems.push(l10n.t('{0} must be an http(s) URL without credentials.', key));
    return checked;
  };
  const explorerUrl = webUrl('explorerUrl')?.replace(/\/+$/, '');
  const evmJsonRpcUrl = webUrl('evmJsonRpcUrl');
  const evmChainId = evmChainIdOf(obj.evmChainId, problems, l10n);
  if (problems.length > 0) {
    // Shown in the tree and in messages: revealed, never obeyed.
    return { valid: false, invalid: { name: name ? revealInvisible(name) : l10n.t('(entry {0})', index + 1), source, index, problems } };
  }
  if (evmOnly && evmJsonRpcUrl !== undefined) {
    const evm: EvmOnlyChain = { name, evmJsonRpcUrl, source };
    if (evmChainId !== undefined) evm.evmChainId = evmChainId;
    if (explorerUrl !== undefined) evm.explorerUrl = explorerUrl;
    if (chainId !== '') evm.chainId = chainId;
    return { valid: 'evmOnly', chain: evm };
  }
  const chain: ChainEntry = { name, nodeUrl, chainId, generation, source };
  if (explorerUrl !== undefined) chain.explorerUrl = explorerUrl;
  if (evmJsonRpcUrl !== undefined) chain.evmJsonRpcUrl = evmJsonRpcUrl;
  return { valid: true, chain };
}

/** The largest EVM chain ID wallets accept (EIP-2294): a bigger one is a typo or hostile. */
const MAX_EVM_CHAIN_ID = 2n ** 53n - 1n;

/** `evmChainId`: a positive whole number, or its decimal digits as a string; absent is fine. */
function evmChainIdOf(raw: unknown, problems: string[], l10n: L10n): bigint | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value =
    typeof raw === 'number' && Number.isSafeInteger(raw)
      ? BigInt(raw)
      : typeof raw === 'string' && /^\s*[0-9]{1,16}\s*$/.test(raw)
        ? BigInt(raw.trim())
        : undefined;
  if (value === undefined || value <= 0n || value > MAX_EVM_CHAIN_ID) {
    problems.push(l10n.t('evmChainId must be a whole number from 1 to 2^53-1.'));
    return undefined;
  }
  return value;
}

/** The key a token is stored under: the node's origin and path, never a chain name (two chains on one node share it). */
export function nodeKey(nodeUrl: string): string {
  const url = new URL(redactUrl(nodeUrl));
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
