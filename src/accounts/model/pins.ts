// The accounts a user pinned to a chain's Accounts line in the tree, as kept in the workspace's
// state: read back as untrusted (a state file can be edited or come from another version), every
// address checked again, chain names clipped, duplicates dropped, and the list bounded. Pure.
import { checkEvmAddress } from '../../api/ids';

export interface Pin {
  chainName: string;
  /** EIP-55. */
  address: string;
}

/** Pins kept at most, over all chains; a new pin past it drops the oldest. */
export const MAX_PINS = 200;
const MAX_CHAIN_NAME = 200;

const same = (a: Pin, b: Pin) => a.chainName.toLowerCase() === b.chainName.toLowerCase() && a.address.toLowerCase() === b.address.toLowerCase();

/** The pins a stored value holds (anything else in it ignored), oldest first. */
export function readPins(stored: unknown): Pin[] {
  if (!Array.isArray(stored)) return [];
  const out: Pin[] = [];
  for (const item of stored.slice(-MAX_PINS * 2)) {
    if (typeof item !== 'object' || item === null) continue;
    const { chainName, address } = item as Record<string, unknown>;
    if (typeof chainName !== 'string' || chainName.trim() === '' || chainName.length > MAX_CHAIN_NAME || typeof address !== 'string') continue;
    const check = checkEvmAddress(address);
    if (!check.ok) continue;
    const pin = { chainName, address: check.address };
    if (!out.some((p) => same(p, pin))) out.push(pin);
  }
  return out.slice(-MAX_PINS);
}

/** The list with `pin` added last (moved there when present), bounded. */
export function withPin(pins: readonly Pin[], pin: Pin): Pin[] {
  return [...pins.filter((p) => !same(p, pin)), pin].slice(-MAX_PINS);
}

export function withoutPin(pins: readonly Pin[], pin: Pin): Pin[] {
  return pins.filter((p) => !same(p, pin));
}

/** The pins of one chain (chain names compare as the settings do: case-insensitively). */
export function pinsOf(pins: readonly Pin[], chainName: string): Pin[] {
  return pins.filter((p) => p.chainName.toLowerCase() === chainName.toLowerCase());
}

export function isPinned(pins: readonly Pin[], pin: Pin): boolean {
  return pins.some((p) => same(p, pin));
}
