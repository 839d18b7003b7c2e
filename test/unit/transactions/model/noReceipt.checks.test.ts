// "Why no receipt?" (src/transactions/model/noReceipt.ts): the exact evidence, verdict and steps of
// each check, the facts read from a record or a raw signed transaction, and where a check is left out.
import * as assert from 'node:assert/strict';
import { diagnoseNoReceipt, maxEvmGasPerRequest, txFactsOfRaw, txFactsOfRecord, type TxFacts } from '../../../../src/transactions/model/noReceipt';
import { hex, rlp } from '../../../fixtures/rlp';

const SENDER = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';
const HASH = `0x${'ab'.repeat(32)}`;
const GWEI = 10n ** 9n;
const POLICY = { gasPerToken: { a: 1, b: 10 }, evmGasRatio: { a: 1, b: 1 } };
const tx = (over: Partial<TxFacts> = {}): TxFacts => ({
  hash: HASH,
  sender: SENDER,
  nonce: 12n,
  gasLimit: 21_000n,
  gasPrice: 10n * GWEI,
  value: 0n,
  type: 0,
  source: 'record',
  ...over,
});

const UNEXPLAINED_NEXT = [
  'It may still be on its way or in a full block (it is then proposed again): watch it for a while.',
  'A node also skips requests in maintenance mode, when the sender has 100 pending, or when the mempool is full; only the node operator sees those.',
];

describe('transactions/model/noReceipt: the exact evidence and steps of each check', () => {
  it('an included transaction: its block as passing evidence, the included verdict and where to look', () => {
    const included = { hash: HASH, from: SENDER.toLowerCase(), nonce: 12n, blockNumber: 7_000n, gas: 21000n, gasPrice: 10n * GWEI };
    assert.deepEqual(diagnoseNoReceipt(tx({ type: undefined }), { generation: 'rebased', included }), {
      verdict: 'included',
      headline: 'Included in block 7,000: the chain has this transaction, so its receipt is there.',
      evidence: [{ label: 'Included', value: 'in block 7,000', ok: true }],
      next: ['Look the receipt up again at the latest state (the block may be newer than the state asked), or on the chain that included it.'],
      warnings: [],
    });
  });

  it('a transaction not in any block: said as unchecked evidence, and nothing explains it', () => {
    assert.deepEqual(diagnoseNoReceipt(tx({ type: undefined }), { generation: 'rebased', included: null }), {
      verdict: 'unexplained',
      headline: 'No public answer explains it: the nonce, gas price, balance and type all pass.',
      evidence: [{ label: 'Included', value: 'not in any block (a chain shows nothing of a transaction before it is included)', ok: undefined }],
      next: UNEXPLAINED_NEXT,
      warnings: [],
    });
  });

  it('an EIP-2930 transaction is refused with its type named, and told to go legacy', () => {
    const d = diagnoseNoReceipt(tx({ type: 1 }), { generation: 'rebased' });
    assert.deepEqual(d.evidence, [{ label: 'Transaction type', value: 'an EIP-2930 transaction (type 1)', ok: false }]);
    assert.equal(d.headline, 'Refused: this is an EIP-2930 transaction (type 1), and the chain accepts only legacy (type 0) transactions.');
    assert.deepEqual(d.next, ['Send it again as a legacy transaction (in Foundry: --legacy; in Hardhat: set gasPrice instead of maxFeePerGas).']);
  });

  it('a legacy transaction passes the type check under its own name', () => {
    const d = diagnoseNoReceipt(tx(), { generation: 'rebased' });
    assert.deepEqual(d.evidence, [{ label: 'Transaction type', value: 'a legacy transaction (type 0)', ok: true }]);
    assert.deepEqual(d.next, UNEXPLAINED_NEXT);
    assert.ok(!('missingNonces' in d), 'no missing nonces without a gap');
  });

  it('a used nonce: both steps, the first saying what happened', () => {
    const d = diagnoseNoReceipt(tx({ nonce: 11n, type: undefined }), { generation: 'rebased', nextNonce: 12n });
    assert.deepEqual(d.next, [
      'Another transaction with the same nonce was included instead (a replacement, or one sent from elsewhere), or this one was dropped.',
      'Send it again with nonce 12 if it is still wanted.',
    ]);
  });

  it('gas price on Stardust: exactly the chain’s passes, with the evidence saying "exactly"', () => {
    const d = diagnoseNoReceipt(tx({ type: undefined }), { generation: 'stardust', gasPrice: 10n * GWEI });
    assert.deepEqual(d.evidence, [{ label: 'Gas price', value: '10 gwei (the chain asks exactly 10 gwei)', ok: true }]);
    assert.equal(d.verdict, 'unexplained');
  });

  it('gas price on Rebased: below the chain’s is the verdict, with the evidence saying "at least" and the price to use', () => {
    const d = diagnoseNoReceipt(tx({ type: undefined, gasPrice: 5n * GWEI }), { generation: 'rebased', gasPrice: 10n * GWEI });
    assert.deepEqual(d.evidence, [{ label: 'Gas price', value: '5 gwei (the chain asks at least 10 gwei)', ok: false }]);
    assert.deepEqual(d.next, ['Send it again with the gas price eth_gasPrice gives (10,000,000,000 wei).']);
  });

  it('too little balance: the evidence and the headline name what it holds and needs', () => {
    const needed = 10n ** 18n + 100_000n * GWEI;
    const d = diagnoseNoReceipt(tx({ type: undefined, value: 10n ** 18n }), { generation: 'rebased', balanceWei: needed - 5n });
    assert.deepEqual(d.evidence, [
      { label: 'Balance', value: '1,000,099,999,999,999,995 wei (value + minimum fee: 1,000,100,000,000,000,000 wei)', ok: false },
    ]);
    assert.equal(
      d.headline,
      `Cannot pay: ${SENDER} holds 1,000,099,999,999,999,995 wei on the chain, and this transaction needs 1,000,100,000,000,000,000 wei (its value and the minimum fee).`,
    );
  });

  it('a gas limit exactly at the per-request maximum passes, with no warning', () => {
    const d = diagnoseNoReceipt(tx({ type: undefined, gasLimit: 50_000_000n }), { generation: 'rebased', feePolicy: POLICY, maxGasPerRequest: 50_000_000n });
    assert.deepEqual(d.evidence, [{ label: 'Gas limit', value: '50,000,000 (at most 50,000,000 per request)', ok: true }]);
    assert.deepEqual(d.warnings, []);
  });

  it('the per-request maximum is known only with both the fee policy and the limit', () => {
    assert.equal(maxEvmGasPerRequest({ feePolicy: POLICY }), undefined);
    assert.equal(maxEvmGasPerRequest({ maxGasPerRequest: 50_000_000n }), undefined);
    assert.equal(maxEvmGasPerRequest({ feePolicy: POLICY, maxGasPerRequest: 50_000_000n }), 50_000_000n);
  });
});

describe('transactions/model/noReceipt: the facts of a record or a signed transaction', () => {
  it('a record: every field kept, the hash lower-cased, no chain ID key when it has none', () => {
    const r = txFactsOfRecord({
      hash: HASH.toUpperCase().replace('0X', '0x'),
      from: SENDER.toLowerCase(),
      nonce: 3n,
      gas: 21000n,
      gasPrice: 4n,
      value: 5n,
      type: 0,
    });
    assert.deepEqual(r, { hash: HASH, sender: SENDER, nonce: 3n, gasLimit: 21000n, gasPrice: 4n, value: 5n, type: 0, source: 'record' });
    assert.equal(txFactsOfRecord({ hash: HASH, from: SENDER, nonce: 3n, chainId: 148n })?.chainId, 148n);
  });

  it('a record’s price: gasPrice before maxFeePerGas unless it is type 2, either one when the other is missing', () => {
    const base = { hash: HASH, from: SENDER, nonce: 1n };
    assert.equal(txFactsOfRecord({ ...base, type: 0, gasPrice: 4n, maxFeePerGas: 9n })?.gasPrice, 4n);
    assert.equal(txFactsOfRecord({ ...base, gasPrice: 4n, maxFeePerGas: 9n })?.gasPrice, 4n);
    assert.equal(txFactsOfRecord({ ...base, type: 2, gasPrice: 4n, maxFeePerGas: 9n })?.gasPrice, 9n);
    assert.equal(txFactsOfRecord({ ...base, type: 2, gasPrice: 4n })?.gasPrice, 4n);
    assert.equal(txFactsOfRecord({ ...base, type: 0, maxFeePerGas: 9n })?.gasPrice, 9n);
  });

  it('a record whose sender is no address is not read', () => {
    assert.equal(txFactsOfRecord({ hash: HASH, from: 'nobody', nonce: 1n }), undefined);
  });

  it('raw bytes: surrounding spaces are ignored, a pre-EIP-155 transaction has no chain ID key', async () => {
    const { TEST_KEYS, signLegacy } = await import('../../../fixtures/evmSign.mjs');
    const raw = await txFactsOfRaw(` ${hex(signLegacy(TEST_KEYS.gap, { nonce: 3n, gasPrice: 5n, gas: 21000n, value: 2n }))} `);
    assert.deepEqual(raw, {
      ok: true,
      tx: {
        hash: '0x44c7afd10b6ff873c56a84aefc098b511b0b9e846cdb5cddcfc160c078b844ff',
        sender: SENDER,
        nonce: 3n,
        gasLimit: 21000n,
        gasPrice: 5n,
        value: 2n,
        type: 0,
        source: 'raw',
      },
    });
  });

  it('raw bytes that are empty, not a transaction, or badly signed: each says why', async () => {
    assert.deepEqual(await txFactsOfRaw('0x'), { ok: false, error: 'not hex bytes' });
    assert.deepEqual(await txFactsOfRaw('0xc0'), { ok: false, error: 'a legacy transaction has 9 fields, not 0' });
    assert.deepEqual(await txFactsOfRaw(hex(rlp([0n, 1n, 21000n, '0x1234', 0n, '0x', 27n, 1n, 1n]))), { ok: false, error: 'to: expected 20 bytes or none' });
    assert.deepEqual(await txFactsOfRaw(hex(rlp([0n, 1n, 21000n, '0x', 0n, '0x', 27n, 0n, 1n]))), {
      ok: false,
      error: 'the signature is not valid (no sender can be recovered)',
    });
  });
});
