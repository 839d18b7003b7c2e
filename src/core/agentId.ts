// Agent IDs as a node prints them (senderAccount, chainOwnerId): which kind of agent, and its
// parts for display. Shape only; checksums are verified where IDs are entered (src/api/ids.ts).
import { shortId } from './format';
import { knownContractName } from './hname';
import { HEX40 } from './idShapes';

export type AgentKind = 'address' | 'alias' | 'nft' | 'evm' | 'contract' | 'nil' | 'unknown';

export type AgentId = {
  kind: AgentKind;
  /** The L1 address (Bech32) or the EVM address (0x + 40 hex, case kept for its checksum). */
  address?: string;
  /** The chain of an EVM or contract agent. */
  chainId?: string;
  /** The contract's hname (8 lowercase hex) for a contract agent. */
  hname?: string;
  /** The core contract's name when the hname is known, e.g. "evm". */
  contractName?: string;
  /** Short text for labels; the full ID is the input. */
  display: string;
};

/** hrp + "1" + data in the Bech32 alphabet; an address carries 33 bytes = 53 chars + 6 checksum. */
const BECH32_ADDRESS = /^([a-z]{1,83})1([02-9ac-hj-np-z]{59})$/;
const HNAME = /^[0-9a-fA-F]{8}$/;

/** Address kind by the first data character, i.e. the type byte (0 Ed25519, 8 alias, 16 NFT). */
const KIND_BY_TYPE_CHAR: Readonly<Record<string, AgentKind>> = { q: 'address', p: 'alias', z: 'nft' };

/** A Bech32 address in canonical lowercase, or undefined; Bech32 allows all-uppercase too. */
function bech32Address(s: string): { address: string; typeChar: string } | undefined {
  if (s !== s.toLowerCase() && s !== s.toUpperCase()) return undefined;
  const lower = s.toLowerCase();
  const m = BECH32_ADDRESS.exec(lower);
  const data = m?.[2];
  if (data === undefined) return undefined;
  return { address: lower, typeChar: data[0] ?? '' };
}

/** Long garbage is cut for labels; the UI still shows the raw input where the full value matters. */
function unknown(s: string): AgentId {
  return { kind: 'unknown', display: shortId(s, 32, 8) };
}

/**
 * Parses an agent ID: a Bech32 address (`q` Ed25519 -> 'address', `p` -> 'alias', `z` -> 'nft'),
 * `0x<40 hex>@<chainID>` ('evm'), `<8 hex>@<chainID>` ('contract'), or `-` ('nil').
 * Anything else is 'unknown', displayed as the (trimmed, shortened) input.
 */
export function parseAgentId(input: string): AgentId {
  const s = input.trim();
  if (s === '-') return { kind: 'nil', display: '-' };
  const at = s.indexOf('@');
  if (at < 0) {
    const addr = bech32Address(s);
    const kind = addr ? KIND_BY_TYPE_CHAR[addr.typeChar] : undefined;
    if (!addr || !kind) return unknown(s);
    return { kind, address: addr.address, display: shortId(addr.address) };
  }
  const left = s.slice(0, at);
  const chain = bech32Address(s.slice(at + 1));
  if (!chain || chain.typeChar !== 'p') return unknown(s);
  const chainId = chain.address;
  if (HEX40.test(left)) {
    return { kind: 'evm', address: left, chainId, display: `${shortId(left, 6, 4)}@${shortId(chainId)}` };
  }
  if (HNAME.test(left)) {
    const hname = left.toLowerCase();
    const contractName = knownContractName(hname);
    const result: AgentId = { kind: 'contract', chainId, hname, display: `${contractName ?? hname}@${shortId(chainId)}` };
    if (contractName !== undefined) result.contractName = contractName;
    return result;
  }
  return unknown(s);
}
