// Identifier checks that run before any request: a malformed value never reaches a node.
import { bech32 } from 'bech32';
import { clip } from '../core/text';
import { InvalidInputError } from './errors';
import { HEX40, HEX64, STARDUST_REQUEST_ID, stardustIdOfHash } from '../core/idShapes';
import { parseAgentId as parseAgentShape } from '../core/agentId';
import { hasValidChecksum, toChecksumAddress } from '../core/address';

/** Bech32 human-readable parts of IOTA/Shimmer networks (mainnets, testnets, private nets). */
const CHAIN_ID_HRPS = new Set(['iota', 'smr', 'rms', 'atoi', 'tst']);
const ALIAS_ADDRESS_TYPE = 8;
const DECIMAL = /^[0-9]{1,10}$/;
const UINT32_MAX = 0xffff_ffff;

export type ChainIdCheck = { ok: true; chainId: string } | { ok: false; reason: string };

/** Checks a chain ID: a Bech32 alias address with a valid checksum. */
export function checkChainId(input: string): ChainIdCheck {
  const value = input.trim();
  if (value === '') return { ok: false, reason: 'The chain ID is empty.' };
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) {
    return { ok: false, reason: 'A chain ID must not mix upper and lower case.' };
  }
  const lower = value.toLowerCase();
  const sep = lower.lastIndexOf('1');
  const hrp = sep > 0 ? lower.slice(0, sep) : '';
  if (!CHAIN_ID_HRPS.has(hrp)) {
    return {
      ok: false,
      reason: `A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "${clip(lower, 12)}").`,
    };
  }
  let words: number[];
  try {
    words = bech32.decode(lower, 90).words;
  } catch {
    return { ok: false, reason: 'The chain ID is not valid Bech32: its checksum does not match (a typo?).' };
  }
  const bytes = bech32.fromWordsUnsafe(words);
  if (!bytes || bytes.length !== 33 || bytes[0] !== ALIAS_ADDRESS_TYPE) {
    return { ok: false, reason: 'The chain ID is a valid address but not a chain (alias) address: chain IDs look like iota1p...' };
  }
  return { ok: true, chainId: lower };
}

export function parseChainId(input: string): string {
  const r = checkChainId(input);
  if (!r.ok) throw new InvalidInputError('chainId', r.reason, 'Use the chain ID as shown by the node (Bech32, e.g. iota1p...).');
  return r.chainId;
}

export type RequestIdCheck = { ok: true; requestId: string; fromEvmHash: boolean } | { ok: false; reason: string };

/**
 * Checks a request ID: `0x` + 68 hex. With `allowEvmHash`, an EVM transaction hash (`0x` + 64 hex)
 * maps to the request ID `hash + "0000"` (EVM requests have output index 0).
 */
export function checkRequestId(input: string, options: { allowEvmHash?: boolean } = {}): RequestIdCheck {
  const value = input.trim();
  if (STARDUST_REQUEST_ID.test(value)) return { ok: true, requestId: value.toLowerCase(), fromEvmHash: false };
  if (HEX64.test(value)) {
    if (options.allowEvmHash) return { ok: true, requestId: stardustIdOfHash(value.toLowerCase()), fromEvmHash: true };
    return { ok: false, reason: 'This is an EVM transaction hash (0x + 64 hex): a request ID has 68 hex digits (the hash followed by 0000).' };
  }
  if (!value.startsWith('0x')) return { ok: false, reason: 'A request ID starts with 0x.' };
  const hex = value.slice(2);
  if (/[^0-9a-fA-F]/.test(hex)) return { ok: false, reason: 'A request ID holds only hex digits after 0x.' };
  return { ok: false, reason: `A request ID has 68 hex digits after 0x (got ${hex.length}).` };
}

export function parseRequestId(input: string, options: { allowEvmHash?: boolean } = {}): string {
  const r = checkRequestId(input, options);
  if (!r.ok) throw new InvalidInputError('requestId', r.reason, 'A request ID looks like 0x followed by 68 hex digits.');
  return r.requestId;
}

/** Checks a Rebased chain ID (`0x` + 64 hex), with a hint when a Stardust (Bech32) one was given. */
export function checkRebasedChainId(input: string): ChainIdCheck {
  const value = input.trim();
  // A Rebased (Wasp 2.x) chain ID: the anchor object ID.
  if (HEX64.test(value)) return { ok: true, chainId: value.toLowerCase() };
  if (checkChainId(value).ok) return { ok: false, reason: 'This is a Stardust (Wasp 1.x) chain ID: a Rebased chain ID is 0x followed by 64 hex digits.' };
  return { ok: false, reason: hexIdProblem(value, 'A Rebased chain ID') };
}

/**
 * Checks a Rebased request ID: `0x` + 64 hex (an EVM transaction's hash is its request ID). A
 * Stardust ID (68 hex) is refused with a reason: it is never sent to a Rebased node.
 */
export function checkRebasedRequestId(input: string): RequestIdCheck {
  const value = input.trim();
  if (HEX64.test(value)) return { ok: true, requestId: value.toLowerCase(), fromEvmHash: false };
  if (STARDUST_REQUEST_ID.test(value)) return { ok: false, reason: 'This is a Stardust (Wasp 1.x) request ID (68 hex digits): a Rebased request ID has 64.' };
  return { ok: false, reason: hexIdProblem(value, 'A Rebased request ID') };
}

export function parseRebasedRequestId(input: string): string {
  const r = checkRebasedRequestId(input);
  if (!r.ok) throw new InvalidInputError('requestId', r.reason, 'A Rebased request ID looks like 0x followed by 64 hex digits.');
  return r.requestId;
}

function hexIdProblem(value: string, what: string): string {
  if (value === '') return `${what} is empty.`;
  if (!value.startsWith('0x')) return `${what} starts with 0x.`;
  const hex = value.slice(2);
  if (/[^0-9a-fA-F]/.test(hex)) return `${what} holds only hex digits after 0x.`;
  return `${what} has 64 hex digits after 0x (got ${hex.length}).`;
}

export type BlockCheck = { ok: true; block: string | undefined } | { ok: false; reason: string };

/** Checks a state selector: empty (latest), a decimal block index (uint32) or a trie root (`0x` + 40 hex). */
export function checkBlock(input: string | number | undefined): BlockCheck {
  if (input === undefined) return { ok: true, block: undefined };
  const value = String(input).trim();
  if (value === '' || value === 'latest') return { ok: true, block: undefined };
  if (HEX40.test(value)) return { ok: true, block: value.toLowerCase() };
  if (DECIMAL.test(value)) {
    const n = Number(value);
    if (n <= UINT32_MAX) return { ok: true, block: String(n) };
    return { ok: false, reason: `A block index is at most ${UINT32_MAX}.` };
  }
  return { ok: false, reason: 'A block is a block index (a whole number) or a trie root (0x + 40 hex digits).' };
}

export function parseBlock(input: string | number | undefined): string | undefined {
  const r = checkBlock(input);
  if (!r.ok) throw new InvalidInputError('block', r.reason, 'Leave it empty for the latest state.');
  return r.block;
}

/** A block index in a path (`.../blocks/{n}`), or `latest`; a number outside uint32 is refused before any request. */
export function blockSegment(block: number | 'latest'): string {
  if (block === 'latest') return block;
  if (!Number.isInteger(block) || block < 0 || block > UINT32_MAX)
    throw new InvalidInputError('block', 'A block index is a whole number from 0 to 4294967295.');
  return String(block);
}

export type NodeUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Checks a node base URL: http or https, no credentials (a token belongs in secret storage, and
 * credentials in a URL would end up in logs), no query or fragment. The path prefix is kept.
 */
export function checkNodeUrl(input: string): NodeUrlCheck {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, reason: 'The node URL is not a valid URL (e.g. https://host/wasp/api).' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: 'The node URL must use http or https.' };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'The node URL must not carry a user name or password: use Chain: Set Access Token instead.' };
  }
  if (url.search || url.hash) return { ok: false, reason: 'The node URL must not have a query or fragment.' };
  // Trailing slashes are dropped so that `${base}/v1/...` never doubles them.
  url.pathname = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(url.pathname)) {
    return { ok: false, reason: 'The node URL is the API base without /v1 (e.g. https://host/wasp/api).' };
  }
  return { ok: true, url };
}

export function parseNodeUrl(input: string): URL {
  const r = checkNodeUrl(input);
  if (!r.ok) throw new InvalidInputError('nodeUrl', r.reason);
  return r.url;
}

/** A URL for display and logs: never its credentials. */
export function redactUrl(input: string | URL): string {
  try {
    const url = new URL(String(input));
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** Which agent an account route is asked about: the forms both generations' nodes parse (FACTS §2). */
export type AccountAgentKind = 'evm' | 'address' | 'contract';

export type AgentIdCheck =
  | {
      ok: true;
      /** The agent ID as the node's path takes it (Stardust: `0x…@chainID` for an EVM or contract agent). */
      agentId: string;
      kind: AccountAgentKind;
      /** An EVM agent's address in its EIP-55 form. */
      evmAddress?: string;
    }
  | { ok: false; reason: string };

/** Checks an EVM address: `0x` + 40 hex, any case, but mixed case must be its EIP-55 checksum. Returns the EIP-55 form. */
export function checkEvmAddress(input: string): { ok: true; address: string } | { ok: false; reason: string } {
  const value = input.trim();
  if (!HEX40.test(value)) {
    if (value === '') return { ok: false, reason: 'The address is empty.' };
    if (!/^0x/i.test(value)) return { ok: false, reason: 'An EVM address starts with 0x.' };
    const hex = value.slice(2);
    if (/[^0-9a-fA-F]/.test(hex)) return { ok: false, reason: 'An EVM address holds only hex digits after 0x.' };
    return { ok: false, reason: `An EVM address has 40 hex digits after 0x (got ${hex.length}).` };
  }
  const hex = value.slice(2);
  const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixed && !hasValidChecksum(value)) {
    return { ok: false, reason: 'The address mixes upper and lower case but does not match its EIP-55 checksum (a typo?).' };
  }
  return { ok: true, address: toChecksumAddress(value) ?? value };
}

/**
 * Checks the agent ID of an account read on a chain of `target`'s generation, before any request.
 * Rebased (`isc/agentid.go` AgentIDFromString, by length): `0x` + 40 hex (EVM, checksum checked
 * here though the node does not), `0x` + 64 hex (L1 address), `0x` + 8 hex (contract).
 * Stardust: a Bech32 address with the node's checksum, `0x<40 hex>@<chainID>`, `<8 hex>@<chainID>`,
 * or a bare EVM address, which becomes `0x…@<chainID>` (the node rejects it bare). An agent of
 * another chain is refused: the node would silently read an empty account.
 */
export function checkAgentId(input: string, target: { generation: 'stardust'; chainId: string } | { generation: 'rebased' }): AgentIdCheck {
  const value = input.trim();
  if (value === '') return { ok: false, reason: 'The agent ID is empty.' };
  if (target.generation === 'rebased') return checkRebasedAgentId(value);
  const chain = checkChainId(target.chainId);
  if (!chain.ok) return chain;
  if (HEX40.test(value)) return evmAgent(value, chain.chainId);
  const at = value.indexOf('@');
  if (at >= 0) {
    const of = checkChainId(value.slice(at + 1));
    if (!of.ok) return { ok: false, reason: `The chain after @ is not a chain ID: ${of.reason}` };
    if (of.chainId !== chain.chainId) return { ok: false, reason: 'This agent ID names another chain: the node would read an empty account.' };
  }
  const shape = parseAgentShape(value);
  if (shape.kind === 'evm' && shape.address !== undefined) return evmAgent(shape.address, chain.chainId);
  if (shape.kind === 'contract' && shape.hname !== undefined) return { ok: true, agentId: `${shape.hname}@${chain.chainId}`, kind: 'contract' };
  if ((shape.kind === 'address' || shape.kind === 'alias' || shape.kind === 'nft') && shape.address !== undefined) {
    try {
      bech32.decode(shape.address, 90);
    } catch {
      return { ok: false, reason: 'The address is not valid Bech32: its checksum does not match (a typo?).' };
    }
    const hrp = (a: string) => a.slice(0, a.lastIndexOf('1'));
    if (hrp(shape.address) !== hrp(chain.chainId)) return { ok: false, reason: `The address is of another network than the chain (${hrp(chain.chainId)}1…).` };
    return { ok: true, agentId: shape.address, kind: 'address' };
  }
  if (HEX64.test(value) || /^0x[0-9a-fA-F]{8}$/.test(value)) {
    return { ok: false, reason: 'This is a Rebased (Wasp 2.x) agent ID: a Stardust node takes a Bech32 address, 0x + 40 hex, or <hname>@<chainID>.' };
  }
  return { ok: false, reason: 'An agent ID is an EVM address (0x + 40 hex), a Bech32 address, or <hname>@<chainID>.' };
}

function evmAgent(address: string, stardustChainId?: string): AgentIdCheck {
  const evm = checkEvmAddress(address);
  if (!evm.ok) return evm;
  return { ok: true, agentId: stardustChainId === undefined ? evm.address : `${evm.address}@${stardustChainId}`, kind: 'evm', evmAddress: evm.address };
}

function checkRebasedAgentId(value: string): AgentIdCheck {
  if (HEX40.test(value)) return evmAgent(value);
  if (HEX64.test(value)) return { ok: true, agentId: value.toLowerCase(), kind: 'address' };
  if (/^0x[0-9a-fA-F]{8}$/.test(value)) return { ok: true, agentId: value.toLowerCase(), kind: 'contract' };
  if (value.includes('@') || checkChainId(value).ok || parseAgentShape(value).kind !== 'unknown') {
    return {
      ok: false,
      reason: 'This is a Stardust (Wasp 1.x) agent ID: a Rebased node takes 0x + 40 hex (EVM), 0x + 64 hex (address) or 0x + 8 hex (contract).',
    };
  }
  if (!value.startsWith('0x')) return { ok: false, reason: 'A Rebased agent ID starts with 0x.' };
  const hex = value.slice(2);
  if (/[^0-9a-fA-F]/.test(hex)) return { ok: false, reason: 'A Rebased agent ID holds only hex digits after 0x.' };
  return { ok: false, reason: `A Rebased agent ID has 40 (EVM), 64 (address) or 8 (contract) hex digits after 0x (got ${hex.length}).` };
}

/** An agent ID that passed checkAgentId. */
export type CheckedAgent = Extract<AgentIdCheck, { ok: true }>;

export function parseAgentId(input: string, target: { generation: 'stardust'; chainId: string } | { generation: 'rebased' }): CheckedAgent {
  const r = checkAgentId(input, target);
  if (!r.ok) throw new InvalidInputError('agentId', r.reason, 'An account is named by an EVM address (0x + 40 hex) or the agent ID the node shows.');
  return r;
}
