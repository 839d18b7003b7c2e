// EIP-55 mixed-case checksums of EVM addresses: Rebased writes EVM agent IDs in that form, and the
// decoded EVM transaction's `to` is shown in it. Pure; keccak from @noble/hashes (already used).
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex } from './hex';
import { HEX40 } from './idShapes';

/** The EIP-55 form of a 0x + 40 hex address (any case), or undefined for anything else. */
export function toChecksumAddress(address: string): string | undefined {
  if (!HEX40.test(address)) return undefined;
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower.charAt(i);
    const nibble = i % 2 === 0 ? (hash[i >> 1] ?? 0) >> 4 : (hash[i >> 1] ?? 0) & 0x0f;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** True when the address is mixed case and its case matches EIP-55 (all-lower or all-upper carries no checksum). */
export function hasValidChecksum(address: string): boolean {
  return toChecksumAddress(address) === address;
}

/** 20 bytes as an EIP-55 address. */
export function checksumAddressOfBytes(bytes: Uint8Array): string | undefined {
  if (bytes.length !== 20) return undefined;
  return toChecksumAddress(bytesToHex(bytes));
}
