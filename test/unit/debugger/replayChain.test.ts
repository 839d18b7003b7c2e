// The world a replay runs in, built from the node's answers without running the EVM: the fork a
// header names, the chain's rules, the block header as the EVM reads it, and the transaction.
import { strict as assert } from 'node:assert';
import { Hardfork } from '@ethereumjs/common';
import { blockOf, commonOf, forkOfBlock, txOf } from '../../../src/debugger/model/replayChain';
import type { ReplayBlock, ReplayTx } from '../../../src/debugger/model/replayInputs';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const H = (b: number) => `0x${b.toString(16).padStart(2, '0').repeat(32)}`;
const hex = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : `0x${Buffer.from(bytes).toString('hex')}`);
const base: ReplayBlock = { number: 5n, timestamp: 1_700_000_000n, coinbase: A(0xc0), gasLimit: 30_000_000n, difficulty: 0n };

/** The header fields the replay sets, as the built block holds them. */
function headerOf(block: ReplayBlock, fork: Hardfork, feeCap?: bigint) {
  const h = blockOf(block, commonOf(1074n, fork), feeCap).header;
  return {
    number: h.number,
    timestamp: h.timestamp,
    coinbase: h.coinbase.toString(),
    gasLimit: h.gasLimit,
    difficulty: h.difficulty,
    baseFeePerGas: h.baseFeePerGas,
    mixHash: hex(h.mixHash),
    withdrawalsRoot: hex(h.withdrawalsRoot),
    blobGasUsed: h.blobGasUsed,
    excessBlobGas: h.excessBlobGas,
    parentBeaconBlockRoot: hex(h.parentBeaconBlockRoot),
    requestsHash: hex(h.requestsHash),
  };
}

describe('replayChain: the fork and the chain’s rules', () => {
  it('reads Cancun from the excess blob gas alone, and London from a base fee with no difficulty but no mix hash', () => {
    assert.equal(forkOfBlock({ ...base, excessBlobGas: 0n }), 'cancun');
    assert.equal(forkOfBlock({ ...base, baseFeePerGas: 7n }), 'london');
  });

  it('runs under the node’s chain id and the fork the header names', () => {
    const common = commonOf(1074n, Hardfork.Berlin);
    assert.deepEqual([common.chainId(), common.hardfork(), common.chainName()], [1074n, 'berlin', 'replay']);
  });
});

describe('replayChain: the block header as the EVM reads it', () => {
  it('keeps every field a Prague header carries, a difficulty proof of stake would refuse included', () => {
    const block: ReplayBlock = {
      ...base,
      difficulty: 3n,
      baseFeePerGas: 7n,
      mixHash: H(1),
      withdrawalsRoot: H(2),
      blobGasUsed: 131_072n,
      excessBlobGas: 262_144n,
      parentBeaconBlockRoot: H(3),
      requestsHash: H(4),
    };
    assert.deepEqual(headerOf(block, Hardfork.Prague), { ...block, coinbase: A(0xc0) });
  });

  it('keeps a Berlin header’s own fields and sets none a later fork added', () => {
    assert.deepEqual(headerOf({ ...base, difficulty: 2n }, Hardfork.Berlin), {
      ...base,
      difficulty: 2n,
      baseFeePerGas: undefined,
      mixHash: H(0),
      withdrawalsRoot: undefined,
      blobGasUsed: undefined,
      excessBlobGas: undefined,
      parentBeaconBlockRoot: undefined,
      requestsHash: undefined,
    });
  });

  it('lowers the base fee to what the transaction offers, never raises it', () => {
    const block = { ...base, baseFeePerGas: 7_000_000_000n, mixHash: H(0) };
    assert.deepEqual(
      [undefined, 0n, 10_000_000_000n].map((cap) => headerOf(block, Hardfork.Paris, cap).baseFeePerGas),
      [7_000_000_000n, 0n, 7_000_000_000n],
    );
  });
});

describe('replayChain: the transaction as the EVM runs it again', () => {
  const tx: ReplayTx = {
    hash: H(9),
    from: A(1),
    to: A(2),
    input: Uint8Array.from([0xca, 0xfe]),
    value: 5n,
    nonce: 3n,
    gas: 50_000n,
    gasPrice: 9n,
    type: 0,
    accessList: [{ address: A(2), storageKeys: [H(7)] }],
    blockNumber: 5n,
  };
  let common: ReturnType<typeof commonOf>;
  beforeEach(() => {
    common = commonOf(1074n, Hardfork.Cancun);
  });
  const fields = (t: ReplayTx) => {
    const built = txOf(t, common) as unknown as Record<string, unknown> & { to?: { toString(): string }; data: Uint8Array };
    const list = built.accessList as Array<[Uint8Array, Uint8Array[]]> | undefined;
    return {
      type: built.type,
      sender: txOf(t, common).getSenderAddress().toString(),
      to: built.to?.toString(),
      nonce: built.nonce,
      gasLimit: built.gasLimit,
      value: built.value,
      data: hex(built.data),
      gasPrice: built.gasPrice,
      maxFeePerGas: built.maxFeePerGas,
      maxPriorityFeePerGas: built.maxPriorityFeePerGas,
      accessList: list?.map(([a, keys]) => [hex(a), keys.map(hex)]),
    };
  };
  const common0 = { sender: A(1), to: A(2), nonce: 3n, gasLimit: 50_000n, value: 5n, data: '0xcafe' };

  it('builds a legacy transaction with its gas price and no access list', () => {
    assert.deepEqual(fields(tx), { type: 0, ...common0, gasPrice: 9n, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined, accessList: undefined });
  });

  it('builds a type-1 transaction with its gas price and access list', () => {
    assert.deepEqual(fields({ ...tx, type: 1 }), {
      type: 1,
      ...common0,
      gasPrice: 9n,
      maxFeePerGas: undefined,
      maxPriorityFeePerGas: undefined,
      accessList: [[A(2), [H(7)]]],
    });
  });

  it('builds a fee-market transaction with its fee caps and access list, and a creation with no recipient', () => {
    assert.deepEqual(fields({ ...tx, type: 2, maxFeePerGas: 20n, maxPriorityFeePerGas: 2n, to: undefined }), {
      type: 2,
      ...common0,
      to: undefined,
      gasPrice: undefined,
      maxFeePerGas: 20n,
      maxPriorityFeePerGas: 2n,
      accessList: [[A(2), [H(7)]]],
    });
  });
});
