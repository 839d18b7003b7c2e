// EVM inputs: the ABI coder under test with ox's encoder (a test-only fixture) to build data with,
// well-known addresses, and the Vault contract's build output (test/fixtures/evm) as ABI items.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AbiIndex, parseAbiItem, parseAbiText, type AbiItem, type AbiParam } from '../../../src/evm/model/abiIndex';
import { loadAbiCoder, type AbiCoder } from '../../../src/evm/model/decode';
import { repoRoot } from '../../fixtures/paths';

/** EIP-55's own example address. */
export const ALICE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const BOB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

export type Encode = (params: readonly AbiParam[], values: readonly unknown[]) => string;

/** The ABI coder under test and ox's encoder to build inputs with. */
export async function loadCodecs(): Promise<{ coder: AbiCoder; encode: Encode }> {
  const ox = await import('../../fixtures/evmEncode.mjs');
  return { coder: await loadAbiCoder(), encode: (params, values) => ox.encodeAbiParameters(params as never, values as never) };
}

/** An ABI item the index accepts (parsed in the test that uses it, never while mocha loads a file). */
export function abiItem(raw: Record<string, unknown>): AbiItem {
  const item = parseAbiItem(raw);
  assert.ok(item, JSON.stringify(raw));
  return item;
}

/** An index holding these items, as one workspace file. */
export function indexOf(...items: AbiItem[]): AbiIndex {
  const index = new AbiIndex();
  index.setFile('file:///w/abi.json', 'abi.json', items);
  return index;
}

const vaultBuild = (toolchain: 'hardhat' | 'foundry') =>
  join(
    repoRoot(__dirname),
    'test/fixtures/evm',
    toolchain === 'hardhat' ? 'hardhat/artifacts/contracts/Vault.sol/Vault.json' : 'foundry/out/Vault.sol/Vault.json',
  );

/** The Vault contract's build output of a toolchain, as the file holds it. */
export const vaultBuildText = (toolchain: 'hardhat' | 'foundry' = 'hardhat'): string => readFileSync(vaultBuild(toolchain), 'utf8');

/** The Vault contract's ABI items (Hardhat's build output). */
export function vaultItems(): AbiItem[] {
  const parsed = parseAbiText(vaultBuildText());
  assert.ok(parsed);
  return parsed.items;
}

/** One item of the Vault contract, by kind and signature. */
export function vaultItem(kind: AbiItem['kind'], signature: string): AbiItem {
  const found = vaultItems().find((i) => i.kind === kind && i.signature === signature);
  assert.ok(found, signature);
  return found;
}

/** An index holding the Vault contract, as a Hardhat workspace has it. */
export function vaultIndex(): AbiIndex {
  const index = new AbiIndex();
  index.setFile('file:///w/artifacts/contracts/Vault.sol/Vault.json', 'artifacts/contracts/Vault.sol/Vault.json', vaultItems());
  return index;
}

/** ERC-20's Transfer event as an ABI file declares it. */
export const ERC20_TRANSFER_EVENT: Record<string, unknown> = {
  type: 'event',
  name: 'Transfer',
  inputs: [
    { name: 'from', type: 'address', indexed: true },
    { name: 'to', type: 'address', indexed: true },
    { name: 'value', type: 'uint256' },
  ],
};

/** The ABI scan's caps as a workspace gets them by default. */
export const SCAN_LIMITS = { maxFiles: 100, maxFileBytes: 4 * 1024 * 1024, maxMillis: 10_000, concurrency: 4 };
