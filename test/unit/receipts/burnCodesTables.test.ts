// Every gas burn code of both generations by name, checked against the order of the BurnCode
// constants in Wasp's packages/vm/gas/table.go (v1.0.3 for Stardust, v2.0.2 for Rebased), and the
// burn log summary's order and shares; the skip reasons the panel lists per generation.
import * as assert from 'node:assert/strict';
import { burnCodeName, summarizeBurnLog } from '../../../src/receipts/model/burnCodes';
import { skipReasons } from '../../../src/receipts/model/skipReasons';

// [Go constant (its iota is the code), the name shown]
const STARDUST: [string, string][] = [
  ['BurnCodeStorage1P', 'storage'],
  ['BurnCodeReadFromState1P', 'state read'],
  ['BurnCodeCallTargetNotFound', 'target not found'],
  ['BurnCodeGetContext', 'context'],
  ['BurnCodeGetCallerData', 'caller'],
  ['BurnCodeGetAllowance', 'allowance'],
  ['BurnCodeGetStateAnchorInfo', 'anchor'],
  ['BurnCodeGetBalance', 'balance'],
  ['BurnCodeGetNFTData', 'nft data'],
  ['BurnCodeCallContract', 'call'],
  ['BurnCodeDeployContract', 'deploy'],
  ['BurnCodeEmitEvent1P', 'event'],
  ['BurnCodeTransferAllowance', 'transfer'],
  ['BurnCodeEstimateStorageDepositCost', 'storage deposit estimate'],
  ['BurnCodeSendL1Request', 'send'],
  ['BurnCodeUtilsHashingBlake2b', 'utils: hashing (blake2b)'],
  ['BurnCodeUtilsHashingSha3', 'utils: hashing (sha3)'],
  ['BurnCodeUtilsHashingHname', 'utils: hashing (hname)'],
  ['BurnCodeUtilsHexEncode', 'utils: hex encode'],
  ['BurnCodeUtilsHexDecode', 'utils: hex decode'],
  ['BurnCodeUtilsED25519ValidSig', 'utils: ed25519 signature check'],
  ['BurnCodeUtilsED25519AddrFromPubKey', 'utils: ed25519 address from public key'],
  ['BurnCodeUtilsBLSValidSignature', 'utils: bls signature check'],
  ['BurnCodeUtilsBLSAddrFromPubKey', 'utils: bls address from public key'],
  ['BurnCodeUtilsBLSAggregateBLS1P', 'utils: bls signature aggregation'],
  ['BurnCodeWasm1P', 'wasm'],
  ['BurnCodeMinimumGasPerRequest1P', 'minimum gas per request'],
  ['BurnCodeEVM1P', 'evm'],
];
const REBASED: [string, string][] = [
  ['BurnCodeStorage1P', 'storage'],
  ['BurnCodeReadFromState1P', 'state read'],
  ['BurnCodeCallTargetNotFound', 'target not found'],
  ['BurnCodeGetContext', 'context'],
  ['BurnCodeGetCallerData', 'caller'],
  ['BurnCodeGetAllowance', 'allowance'],
  ['BurnCodeGetBalance', 'balance'],
  ['BurnCodeGetCoinInfo', 'coin info'],
  ['BurnCodeCallContract', 'call'],
  ['BurnCodeEmitEvent1P', 'event'],
  ['BurnCodeTransferAllowance', 'transfer'],
  ['BurnCodeSendL1Request', 'send'],
  ['BurnCodeUtilsHashingBlake2b', 'utils: hashing (blake2b)'],
  ['BurnCodeUtilsHashingSha3', 'utils: hashing (sha3)'],
  ['BurnCodeUtilsHashingHname', 'utils: hashing (hname)'],
  ['BurnCodeUtilsHexEncode', 'utils: hex encode'],
  ['BurnCodeUtilsHexDecode', 'utils: hex decode'],
  ['BurnCodeUtilsED25519AddrFromPubKey', 'utils: ed25519 address from public key'],
  ['BurnCodeUtilsBLSValidSignature', 'utils: bls signature check'],
  ['BurnCodeUtilsBLSAggregateBLS1P', 'utils: bls signature aggregation'],
  ['BurnCodeMinimumGasPerRequest1P', 'minimum gas per request'],
  ['BurnCodeEVM1P', 'evm'],
];

describe('receipts/model/burnCodes: every code of both generations', () => {
  it('Stardust: 28 codes, 0 to 27', () => {
    assert.deepEqual(
      STARDUST.map((_, code) => burnCodeName(code)),
      STARDUST.map(([, name]) => name),
    );
    assert.equal(burnCodeName(28), 'code 28');
  });
  it('Rebased: 22 codes, 0 to 21, never a Stardust name', () => {
    assert.deepEqual(
      REBASED.map((_, code) => burnCodeName(code, 'rebased')),
      REBASED.map(([, name]) => name),
    );
    assert.equal(burnCodeName(22, 'rebased'), 'code 22');
    assert.equal(burnCodeName(22, 'stardust'), 'utils: bls signature check');
  });
  it('a code that is not a whole number from 0 is named by its number', () => {
    assert.equal(burnCodeName(-1), 'code -1');
    assert.equal(burnCodeName(1.5), 'code 1.5');
    assert.equal(burnCodeName(Number.NaN, 'rebased'), 'code NaN');
  });
});

describe('receipts/model/burnCodes: the summary', () => {
  it('largest first, ties by code, shares with two decimals; no shares when nothing burned', () => {
    const s = summarizeBurnLog([
      { code: 9, gasBurned: 100n },
      { code: 0, gasBurned: 250n },
      { code: 1, gasBurned: 100n },
      { code: 9, gasBurned: 50n },
      { code: 3, gasBurned: 1n },
    ]);
    assert.equal(s.total, 501n);
    assert.deepEqual(
      s.entries.map((e) => [e.code, e.name, e.gasBurned, e.count, e.share]),
      [
        [0, 'storage', 250n, 1, 49.9],
        [9, 'call', 150n, 2, 29.94],
        [1, 'state read', 100n, 1, 19.96],
        [3, 'context', 1n, 1, 0.19],
      ],
    );
    const zero = summarizeBurnLog([{ code: 2, gasBurned: 0n }], 'rebased');
    assert.deepEqual(zero, { total: 0n, entries: [{ code: 2, name: 'target not found', gasBurned: 0n, count: 1, share: 0 }] });
    assert.deepEqual(
      summarizeBurnLog([
        { code: 5, gasBurned: 7n },
        { code: 4, gasBurned: 7n },
      ]).entries.map((e) => e.code),
      [4, 5],
    );
  });
});

describe('receipts/model/skipReasons', () => {
  const common = [
    'The request never reached this chain: check that it was sent to this chain (an EVM transaction: to its JSON-RPC endpoint) and accepted.',
    "Wrong nonce: an off-ledger or EVM request must carry the sender's next nonce; one already used, or one ahead of it, is skipped.",
    'The signature does not verify.',
    "An EVM transaction's gas price is below what the chain's fee policy asks.",
    'The chain is in maintenance mode: only requests to the governance contract are processed.',
    'The request was already processed: its receipt is in an earlier block (look it up at the latest state).',
  ];
  const onLedger =
    'On-ledger: a time lock not yet passed, an expiry within a minute of the block time (or past), or a storage deposit return make the node skip the output.';
  it('lists the checks of each generation; the on-ledger output checks only where outputs exist', () => {
    assert.deepEqual(skipReasons('rebased'), common);
    assert.deepEqual(skipReasons('stardust'), [...common, onLedger]);
    assert.deepEqual(skipReasons(undefined), [...common, onLedger]);
  });
});
