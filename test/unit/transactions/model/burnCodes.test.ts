// The gas burn codes by name (src/transactions/model/burnCodes.ts): every code of both generations,
// checked against the order of the BurnCode constants in Wasp's packages/vm/gas/table.go (v1.0.3 for
// Stardust, v2.0.2 for Rebased), and the burn log summary's order, totals and shares.
import * as assert from 'node:assert/strict';
import { burnCodeName, summarizeBurnLog } from '../../../../src/transactions/model/burnCodes';

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

describe('transactions/model/burnCodes: the name of each code', () => {
  it('names the codes from FACTS', () => {
    assert.equal(burnCodeName(0), 'storage');
    assert.equal(burnCodeName(1), 'state read');
    assert.equal(burnCodeName(2), 'target not found');
    assert.equal(burnCodeName(8), 'nft data');
    assert.equal(burnCodeName(13), 'storage deposit estimate');
    assert.equal(burnCodeName(14), 'send');
    assert.equal(burnCodeName(15), 'utils: hashing (blake2b)');
    assert.equal(burnCodeName(25), 'wasm');
    assert.equal(burnCodeName(26), 'minimum gas per request');
    assert.equal(burnCodeName(27), 'evm');
  });

  it('gives 15-24 distinct utility names', () => {
    const names = new Set<string>();
    for (let c = 15; c <= 24; c++) {
      const n = burnCodeName(c);
      assert.ok(n.startsWith('utils: '), n);
      names.add(n);
    }
    assert.equal(names.size, 10);
  });

  it('falls back to "code N"', () => {
    assert.equal(burnCodeName(28), 'code 28');
    assert.equal(burnCodeName(-1), 'code -1');
    assert.equal(burnCodeName(1.5), 'code 1.5');
  });

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

describe('transactions/model/burnCodes: summarizeBurnLog', () => {
  it('totals per code, sorted by gas, with shares', () => {
    const s = summarizeBurnLog([
      { code: 27, gasBurned: 21000n },
      { code: 1, gasBurned: 500n },
      { code: 27, gasBurned: 9000n },
      { code: 0, gasBurned: 10000n },
      { code: 1, gasBurned: 500n },
      { code: 99, gasBurned: 0n },
    ]);
    assert.equal(s.total, 41000n);
    assert.deepEqual(
      s.entries.map((e) => [e.code, e.name, e.gasBurned, e.count]),
      [
        [27, 'evm', 30000n, 2],
        [0, 'storage', 10000n, 1],
        [1, 'state read', 1000n, 2],
        [99, 'code 99', 0n, 1],
      ],
    );
    assert.deepEqual(
      s.entries.map((e) => e.share),
      [73.17, 24.39, 2.43, 0],
    );
  });
  it('breaks ties by code', () => {
    const s = summarizeBurnLog([
      { code: 9, gasBurned: 100n },
      { code: 3, gasBurned: 100n },
    ]);
    assert.deepEqual(
      s.entries.map((e) => e.code),
      [3, 9],
    );
    assert.deepEqual(
      s.entries.map((e) => e.share),
      [50, 50],
    );
  });
  it('is exact above 2^53 and handles an empty log', () => {
    const big = 2n ** 60n + 1n;
    const s = summarizeBurnLog([
      { code: 27, gasBurned: big },
      { code: 27, gasBurned: big },
    ]);
    assert.equal(s.total, 2n * big);
    assert.equal(s.entries[0]?.share, 100);
    assert.deepEqual(summarizeBurnLog([]), { total: 0n, entries: [] });
  });

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
