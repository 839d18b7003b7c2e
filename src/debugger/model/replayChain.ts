// The world a replay runs in, built only from what the node said: the fork read from the block
// header's fields (each fork adds the ones it needs), the chain ID, the block as the EVM reads it,
// the transaction (its sender taken as the node's, no signature needed) and the accounts of the
// pre-state. @ethereumjs's EVM: the well-kept EVM in JavaScript, which also runs in a web worker. Pure.
import { createBlock, type Block } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { SimpleStateManager } from '@ethereumjs/statemanager';
import { createAccessList2930Tx, createFeeMarket1559Tx, createLegacyTx, type TypedTransaction } from '@ethereumjs/tx';
import { Account, bigIntToBytes, createAddressFromString, hexToBytes } from '@ethereumjs/util';
import type { PrestateAccount, ReplayBlock, ReplayTx } from './replayInputs';

/** The fork whose header fields the block carries: each fork added one. */
export function forkOfBlock(block: ReplayBlock): Hardfork {
  if (block.requestsHash !== undefined) return Hardfork.Prague;
  if (block.parentBeaconBlockRoot !== undefined || block.blobGasUsed !== undefined || block.excessBlobGas !== undefined) return Hardfork.Cancun;
  if (block.withdrawalsRoot !== undefined) return Hardfork.Shanghai;
  if (block.baseFeePerGas !== undefined) return block.difficulty === 0n && block.mixHash !== undefined ? Hardfork.Paris : Hardfork.London;
  return Hardfork.Berlin;
}

export function commonOf(chainId: bigint, fork: Hardfork): Common {
  return createCustomCommon({ chainId: Number(chainId), name: 'replay' }, Mainnet, { hardfork: fork });
}

/**
 * The block as the EVM reads it. A base fee above what the transaction offers is lowered to its
 * offer: the node mined it (a Wasp chain's EVM runs at gas price 0 and charges the fee in ISC),
 * so the EVM's fee check must not refuse what the node ran.
 */
export function blockOf(block: ReplayBlock, common: Common, feeCap?: bigint): Block {
  const header: Record<string, unknown> = {
    number: block.number,
    timestamp: block.timestamp,
    coinbase: createAddressFromString(block.coinbase),
    gasLimit: block.gasLimit,
    difficulty: block.difficulty,
  };
  if (block.baseFeePerGas !== undefined) header.baseFeePerGas = feeCap !== undefined && feeCap < block.baseFeePerGas ? feeCap : block.baseFeePerGas;
  if (block.mixHash !== undefined) header.mixHash = hexToBytes(block.mixHash as `0x${string}`);
  if (block.withdrawalsRoot !== undefined) header.withdrawalsRoot = hexToBytes(block.withdrawalsRoot as `0x${string}`);
  if (block.blobGasUsed !== undefined) header.blobGasUsed = block.blobGasUsed;
  if (block.excessBlobGas !== undefined) header.excessBlobGas = block.excessBlobGas;
  if (block.parentBeaconBlockRoot !== undefined) header.parentBeaconBlockRoot = hexToBytes(block.parentBeaconBlockRoot as `0x${string}`);
  if (block.requestsHash !== undefined) header.requestsHash = hexToBytes(block.requestsHash as `0x${string}`);
  return createBlock({ header }, { common, skipConsensusFormatValidation: true });
}

/** The transaction, unsigned, with its sender set to the node's (impersonated: no signature to check). */
export function txOf(tx: ReplayTx, common: Common): TypedTransaction {
  const base = {
    nonce: tx.nonce,
    gasLimit: tx.gas,
    value: tx.value,
    data: tx.input,
    ...(tx.to === undefined ? {} : { to: createAddressFromString(tx.to) }),
  };
  const accessList = tx.accessList.map((a) => ({ address: a.address as `0x${string}`, storageKeys: a.storageKeys as Array<`0x${string}`> }));
  const opts = { common, freeze: false };
  const built =
    tx.type === 2
      ? createFeeMarket1559Tx({ ...base, maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas, accessList }, opts)
      : tx.type === 1
        ? createAccessList2930Tx({ ...base, gasPrice: tx.gasPrice, accessList }, opts)
        : createLegacyTx({ ...base, gasPrice: tx.gasPrice }, opts);
  const sender = createAddressFromString(tx.from);
  built.getSenderAddress = () => sender;
  return built;
}

/** Strips leading zero bytes: how the state keeps a storage value. */
function word(value: bigint): Uint8Array {
  return value === 0n ? new Uint8Array(0) : bigIntToBytes(value);
}

function slotKey(slot: bigint): Uint8Array {
  const key = new Uint8Array(32);
  const bytes = bigIntToBytes(slot);
  key.set(bytes, 32 - bytes.length);
  return key;
}

/** A state holding only the pre-state's accounts: whatever else the replay reads is empty, and a divergence shows it. */
export async function stateOf(prestate: Map<string, PrestateAccount>): Promise<SimpleStateManager> {
  const state = new SimpleStateManager();
  for (const [address, a] of prestate) {
    const at = createAddressFromString(address);
    await state.putAccount(at, new Account(a.nonce, a.balance));
    if (a.code.length > 0) await state.putCode(at, a.code);
    for (const [slot, value] of a.storage) if (value !== 0n) await state.putStorage(at, slotKey(slot), word(value));
  }
  return state;
}
