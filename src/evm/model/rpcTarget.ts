// Where "Load EVM Logs" (and any later feature that asks a chain's EVM JSON-RPC) posts. The node
// serves its chain's JSON-RPC under its own web API (v1 `{node}/v1/chains/{chainID}/evm`, v2
// `{node}/v1/chain/evm`): that is the default, and the chain entry's `evmJsonRpcUrl` overrides it.
// The URL in the node's metadata (`evmJsonRpcURL`) is the node's word: it may name a cloud metadata
// service (169.254.169.254), a router on the LAN or a service on this machine. It is only ever
// offered, with its host and what is notable about it, for the user to confirm. No access token is
// sent to any of them (the JSON-RPC is public on both generations). Pure.
import { externalUrlToOpen } from '../../core/text';
import type { Generation } from '../../api/generation';
import { traitsOf } from '../../api/traits';

/** The JSON-RPC asked without a question: the entry's own, or the node's. */
export interface RpcTarget {
  url: string;
  /** `host[:port]`, what the button names. */
  host: string;
  source: 'entry' | 'node';
}

/** What makes a metadata URL worth a second look. */
export type AddressConcern = 'loopback' | 'private' | 'linkLocal' | 'otherSite';

/** A JSON-RPC the node's metadata names: asked only after the user confirmed `host`. */
export interface MetadataRpc {
  url: string;
  host: string;
  concern: AddressConcern | undefined;
}

interface ChainOfRpc {
  nodeUrl: string;
  generation: Generation;
  chainId: string;
  evmJsonRpcUrl?: string | undefined;
}

function checked(url: string | undefined): URL | undefined {
  const ok = url === undefined ? undefined : externalUrlToOpen(url.trim());
  return ok === undefined ? undefined : new URL(ok);
}

/** The node's own JSON-RPC URL, under the node URL's path (a reverse proxy's prefix is kept). */
export function nodeJsonRpcUrl(chain: ChainOfRpc): string | undefined {
  const node = checked(chain.nodeUrl);
  if (!node) return undefined;
  const path = traitsOf(chain.generation).evmJsonRpcPath(chain.chainId);
  if (path === undefined) return undefined;
  node.pathname = node.pathname.replace(/\/+$/, '') + path;
  node.search = '';
  node.hash = '';
  return node.href;
}

/** The JSON-RPC to ask: the entry's `evmJsonRpcUrl` when it is a usable URL, else the node's own. */
export function evmRpcTarget(chain: ChainOfRpc): RpcTarget | undefined {
  const entry = checked(chain.evmJsonRpcUrl);
  if (entry) return { url: entry.href, host: entry.host, source: 'entry' };
  const own = checked(nodeJsonRpcUrl(chain));
  return own ? { url: own.href, host: own.host, source: 'node' } : undefined;
}

/** The metadata's JSON-RPC when it is a usable URL other than `target`, with what is notable about it. */
export function metadataRpc(chain: ChainOfRpc, target: RpcTarget | undefined, metadataUrl: string | undefined): MetadataRpc | undefined {
  const url = checked(metadataUrl);
  if (!url || url.href === target?.url) return undefined;
  return { url: url.href, host: url.host, concern: addressConcern(url, checked(chain.nodeUrl)) };
}

/**
 * Loopback, private or link-local addresses (IPv4, IPv6, IPv4-mapped IPv6, `localhost`), else a host
 * on another site than the node's. "Site" is approximated by the last two labels of a name (no
 * public-suffix list): it only chooses the words of a question that is asked anyway.
 */
export function addressConcern(url: URL, node: URL | undefined): AddressConcern | undefined {
  const host = url.hostname.toLowerCase();
  const ip = host.startsWith('[') ? ipv6Concern(host.slice(1, -1)) : ipv4Concern(host);
  if (ip !== 'notIp') return ip ?? (node && node.hostname.toLowerCase() === host ? undefined : 'otherSite');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  return node && siteOf(node.hostname.toLowerCase()) === siteOf(host) ? undefined : 'otherSite';
}

function siteOf(host: string): string {
  return host.replace(/\.$/, '').split('.').slice(-2).join('.');
}

/** A dotted IPv4 address's concern (undefined: a public address), or 'notIp'. */
function ipv4Concern(host: string): AddressConcern | undefined | 'notIp' {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return 'notIp';
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a === 127 || a === 0) return 'loopback';
  if (a === 169 && b === 254) return 'linkLocal';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || a >= 224) return 'private';
  return undefined;
}

/** An IPv6 address's concern (as the URL parser writes it: compressed, lower-case hex). */
function ipv6Concern(host: string): AddressConcern | undefined {
  if (host === '::1' || host === '::') return 'loopback';
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const hi = parseInt(mapped[1] ?? '0', 16);
    const lo = parseInt(mapped[2] ?? '0', 16);
    const v4 = ipv4Concern(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
    return v4 === 'notIp' ? 'private' : v4;
  }
  const first = parseInt(host.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return 'private';
  if ((first & 0xffc0) === 0xfe80) return 'linkLocal';
  if ((first & 0xff00) === 0xff00) return 'private';
  return undefined;
}
