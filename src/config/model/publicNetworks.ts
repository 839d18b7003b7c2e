// The public networks "Chain: Add Chain" offers by name (./publicNetworksData.json: each value with its
// source and the date it was checked). Nothing is contacted until the user adds one. Each entry is
// checked here by the settings' own rules, so a wrong value in the data file is never written to
// anyone's settings. IOTA EVM Testnet publishes no web API (only a JSON-RPC): it adds an EVM-only
// entry (no nodeUrl; its EVM chain ID and ISC chain ID kept). Pure.
import { checkNodeUrl } from '../../api/ids';
import type { Generation } from '../../api/generation';
import { validateEntry } from './chainConfig';
import data from './publicNetworksData.json';

export interface PublicNetwork {
  id: string;
  name: string;
  generation: Generation;
  /** A network the IOTA Foundation no longer develops (Stardust). */
  legacy: boolean;
  /** The web API; absent for a network known only by its JSON-RPC. */
  nodeUrl?: string;
  /** Bech32 (Stardust) or 0x + 64 hex (Rebased). */
  chainId: string;
  evmChainId: bigint;
  evmJsonRpcUrl: string;
  explorerUrl?: string;
  source: string;
}

/** When the values were last checked (the data file's date). */
export const PUBLIC_NETWORKS_CHECKED: string = data.checked;

/** A `waspChain.chains` entry with a web API. */
export interface NodeNetworkEntry {
  name: string;
  nodeUrl: string;
  chainId: string;
  evmJsonRpcUrl: string;
  explorerUrl?: string;
}

/** A `waspChain.chains` entry known only by its JSON-RPC (the EVM chain ID as a JSON number: settings hold no bigint). */
export interface EvmOnlyNetworkEntry {
  name: string;
  evmJsonRpcUrl: string;
  evmChainId: number;
  chainId: string;
  explorerUrl?: string;
}

/** The `waspChain.chains` entry a network adds. */
export function networkEntry(n: PublicNetwork): NodeNetworkEntry | EvmOnlyNetworkEntry {
  const entry: NodeNetworkEntry | EvmOnlyNetworkEntry =
    n.nodeUrl === undefined
      ? { name: n.name, evmJsonRpcUrl: n.evmJsonRpcUrl, evmChainId: Number(n.evmChainId), chainId: n.chainId }
      : { name: n.name, nodeUrl: n.nodeUrl, chainId: n.chainId, evmJsonRpcUrl: n.evmJsonRpcUrl };
  if (n.explorerUrl !== undefined) entry.explorerUrl = n.explorerUrl;
  return entry;
}

/** The networks whose entry passes the settings' own checks (all of them, unless the data file is wrong). */
export function publicNetworks(raw: unknown = data.networks): PublicNetwork[] {
  if (!Array.isArray(raw)) return [];
  const out: PublicNetwork[] = [];
  for (const item of raw) {
    const n = networkOf(item);
    if (n) out.push(n);
  }
  return out;
}

function networkOf(item: unknown): PublicNetwork | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const o = item as Record<string, unknown>;
  const str = (k: string) => (typeof o[k] === 'string' ? o[k] : undefined);
  const [id, name, nodeUrl, chainId, evmJsonRpcUrl, source] = ['id', 'name', 'nodeUrl', 'chainId', 'evmJsonRpcUrl', 'source'].map(str);
  const generation = o.generation === 'rebased' || o.generation === 'stardust' ? o.generation : undefined;
  if (!id || !name || !chainId || !evmJsonRpcUrl || !source || !generation) return undefined;
  if (typeof o.evmChainId !== 'number' || !Number.isSafeInteger(o.evmChainId) || o.evmChainId <= 0) return undefined;
  if (o.nodeUrl !== undefined && (nodeUrl === undefined || !checkNodeUrl(nodeUrl).ok)) return undefined;
  const n: PublicNetwork = { id, name, generation, legacy: o.legacy === true, chainId, evmChainId: BigInt(o.evmChainId), evmJsonRpcUrl, source };
  if (nodeUrl !== undefined) n.nodeUrl = nodeUrl;
  const explorerUrl = str('explorerUrl');
  if (explorerUrl !== undefined) n.explorerUrl = explorerUrl;
  // The entry as the settings would read it: valid, of its kind and generation, every field kept.
  const r = validateEntry(networkEntry(n), { scope: 'user' }, 0);
  if (r.valid === false || r.chain.chainId !== chainId.toLowerCase()) return undefined;
  if (r.valid === true ? r.chain.generation !== generation : r.chain.evmChainId !== n.evmChainId || generation !== 'rebased') return undefined;
  if (r.chain.evmJsonRpcUrl === undefined || (explorerUrl !== undefined && r.chain.explorerUrl === undefined)) return undefined;
  return n;
}

/** True when one of these URLs (a chain's web API or JSON-RPC) is a public network's: its operator sees what the chain is asked. */
export function onPublicNetwork(urls: ReadonlyArray<string | undefined>, networks: readonly PublicNetwork[] = publicNetworks()): boolean {
  const origins = new Set(networks.flatMap((n) => [n.nodeUrl, n.evmJsonRpcUrl].flatMap((u) => (u === undefined ? [] : [originOf(u)]))));
  return urls.some((u) => u !== undefined && origins.has(originOf(u)));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return url;
  }
}
