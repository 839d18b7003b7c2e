// Rebased (Wasp 2.x) agent IDs, told apart by length: 0x + 64 hex (L1 address), 0x + 40 hex in
// EIP-55 case (EVM account), 0x + 8 hex (contract hname), "-" (nil). No Bech32, no @chain suffix.
// Same AgentId shape as the Stardust parser (agentId.ts), so the views treat both alike. Pure.
import type { AgentId } from '../../core/agentId';
import { hasValidChecksum } from '../../core/address';
import { shortId } from '../../core/format';
import { knownContractName } from '../../core/hname';
import { HEX40, HEX64 } from '../../core/idShapes';

export type RebasedAgentId = AgentId & {
  /** For an EVM account: false when the mixed case does not match EIP-55 (a typo or a forged ID). */
  checksumValid?: boolean;
};

export function parseRebasedAgentId(input: string): RebasedAgentId {
  const s = input.trim();
  if (s === '-') return { kind: 'nil', display: '-' };
  if (HEX64.test(s)) {
    const address = s.toLowerCase();
    return { kind: 'address', address, display: shortId(address) };
  }
  if (HEX40.test(s)) {
    const mixed = s.slice(2) !== s.slice(2).toLowerCase() && s.slice(2) !== s.slice(2).toUpperCase();
    return { kind: 'evm', address: s, display: shortId(s, 6, 4), checksumValid: !mixed || hasValidChecksum(s) };
  }
  if (/^0x[0-9a-fA-F]{8}$/.test(s)) {
    const hname = s.toLowerCase();
    const contractName = knownContractName(hname);
    const id: RebasedAgentId = { kind: 'contract', hname, display: contractName ?? hname };
    if (contractName !== undefined) id.contractName = contractName;
    return id;
  }
  return { kind: 'unknown', display: shortId(s, 32, 8) };
}
