// "Why no receipt?" (src/transactions/model/noReceipt.ts): each skip reason a public answer reveals is
// one scenario of the table, with its verdict first, its evidence and what to do; a typed
// transaction is refused at ingress, a gas limit above the per-request maximum is only a warning,
// and "no public answer explains it" when every check passes. The facts of a raw signed
// transaction come with the sender recovered.
import * as assert from 'node:assert/strict';
import { diagnoseNoReceipt, minimumFeeWei, txFactsOfRaw, txFactsOfRecord, type ChainFacts, type TxFacts } from '../../../../src/transactions/model/noReceipt';
import { diagnosisAsks } from '../../../../src/transactions/model/noReceiptFacts';

const SENDER = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';
const GWEI = 10n ** 9n;
const tx = (over: Partial<TxFacts> = {}): TxFacts => ({
  hash: `0x${'ab'.repeat(32)}`,
  sender: SENDER,
  nonce: 12n,
  gasLimit: 21_000n,
  gasPrice: 10n * GWEI,
  value: 10n ** 18n,
  type: 0,
  source: 'record',
  ...over,
});
const rebased = (over: Partial<ChainFacts> = {}): ChainFacts => ({
  generation: 'rebased',
  included: null,
  nextNonce: 12n,
  gasPrice: 10n * GWEI,
  balanceWei: 2n * 10n ** 18n,
  feePolicy: { gasPerToken: { a: 1, b: 10 }, evmGasRatio: { a: 1, b: 1 } },
  maxGasPerRequest: 50_000_000n,
  baseDecimals: 9,
  ...over,
});

describe('transactions/model/noReceipt: the verdict of each scenario', () => {
  it('nonce gap: waiting, naming the missing nonces and the 24 h mempool TTL', () => {
    const d = diagnoseNoReceipt(tx({ nonce: 14n }), rebased());
    assert.equal(d.verdict, 'nonceGap');
    assert.equal(d.headline, `Waiting: nonce 12 is next for ${SENDER}; this transaction has nonce 14.`);
    assert.deepEqual(d.missingNonces, [12n, 13n]);
    assert.deepEqual(d.next, [
      'Nonces 12, 13 are missing: send transactions with them, and this one follows.',
      'Until then it waits in the mempool for at most 24 h, then it is dropped.',
    ]);
    assert.deepEqual(
      d.evidence.find((e) => e.label === 'Nonce'),
      { label: 'Nonce', value: '14 (the next for 0xdB00…dCDA is 12)', ok: false },
    );
  });

  it('nonce gap of one says the one nonce; a wide gap names ten and counts the rest', () => {
    assert.equal(diagnoseNoReceipt(tx({ nonce: 13n }), rebased()).next[0], 'Nonce 12 is missing: send a transaction with it, and this one follows.');
    const wide = diagnoseNoReceipt(tx({ nonce: 1000n }), rebased({ nextNonce: 0n }));
    assert.equal(wide.missingNonces?.length, 10);
    assert.match(wide.next[0] ?? '', /^Nonces 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 990 more are missing/);
  });

  it('nonce already used: replaced or dropped', () => {
    const d = diagnoseNoReceipt(tx({ nonce: 11n }), rebased());
    assert.equal(d.verdict, 'nonceUsed');
    assert.match(d.headline, /^Replaced or dropped: nonce 11 of 0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA is used already \(the next is 12\)/);
    assert.equal(d.next[1], 'Send it again with nonce 12 if it is still wanted.');
  });

  it('gas price: Rebased wants at least the chain price, Stardust exactly it', () => {
    const low = diagnoseNoReceipt(tx({ gasPrice: 5n * GWEI }), rebased());
    assert.equal(low.verdict, 'gasPrice');
    assert.equal(low.headline, 'Gas price too low: this chain asks at least 10 gwei, this transaction offers 5 gwei.');
    assert.equal(diagnoseNoReceipt(tx({ gasPrice: 20n * GWEI }), rebased()).verdict, 'unexplained', 'above is fine on Rebased');
    const stardust = rebased({ generation: 'stardust', baseDecimals: 6, feePolicy: { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 1, b: 1 } } });
    const high = diagnoseNoReceipt(tx({ gasPrice: 20n * GWEI }), stardust);
    assert.equal(high.verdict, 'gasPrice');
    assert.equal(high.headline, 'Gas price off: this chain takes exactly 10 gwei, this transaction offers 20 gwei.');
  });

  it('balance below value + minimum fee (v2: ceil(10000 x gasPrice / 10^9) nanos), with the shortfall to deposit', () => {
    assert.equal(minimumFeeWei('rebased', 10n * GWEI, {}), 100_000n * GWEI, '10000 gas at 10 gwei = 100000 nanos');
    assert.equal(minimumFeeWei('rebased', 1n, {}), GWEI, 'rounded up to a whole nano');
    const needed = 10n ** 18n + 100_000n * GWEI;
    const d = diagnoseNoReceipt(tx(), rebased({ balanceWei: needed - 1n }));
    assert.equal(d.verdict, 'funds');
    assert.equal(d.next[0], `Deposit at least 1 wei to ${SENDER} on the chain (from L1 or another account), and the transaction can be processed.`);
    assert.equal(diagnoseNoReceipt(tx(), rebased({ balanceWei: needed })).verdict, 'unexplained', 'exactly enough passes');
  });

  it('v1 minimum fee: ceil(10000 x gasPerToken.B / A) base units, in wei at the base-token decimals', () => {
    const policy = { feePolicy: { gasPerToken: { a: 100, b: 1 }, evmGasRatio: { a: 1, b: 1 } }, baseDecimals: 6 };
    assert.equal(minimumFeeWei('stardust', 123n, policy), 100n * 10n ** 12n);
    assert.equal(minimumFeeWei('stardust', 123n, { feePolicy: policy.feePolicy }), undefined, 'decimals unknown: not checked');
  });

  it('gas above floor(maxGasPerRequest x B/A) is a warning, never the verdict', () => {
    const d = diagnoseNoReceipt(tx({ gasLimit: 60_000_000n }), rebased({ feePolicy: { gasPerToken: { a: 1, b: 10 }, evmGasRatio: { a: 2, b: 1 } } }));
    assert.equal(d.verdict, 'unexplained');
    assert.deepEqual(d.warnings, ['Its gas limit 60,000,000 is above the 25,000,000 a request may use: the chain clamps it, and it may run out of gas.']);
  });

  it('a typed (EIP-1559) transaction is refused at ingress, before its nonce is looked at', () => {
    const d = diagnoseNoReceipt(tx({ type: 2, nonce: 14n }), rebased());
    assert.equal(d.verdict, 'typed');
    assert.equal(d.headline, 'Refused: this is an EIP-1559 transaction (type 2), and the chain accepts only legacy (type 0) transactions.');
    assert.ok(
      d.evidence.some((e) => e.label === 'Nonce' && e.ok === false),
      'the other failing checks stay as evidence',
    );
  });

  it('none of these: no public answer explains it, every check passing', () => {
    const d = diagnoseNoReceipt(tx(), rebased());
    assert.equal(d.verdict, 'unexplained');
    assert.equal(d.headline, 'No public answer explains it: the nonce, gas price, balance and type all pass.');
    assert.deepEqual(
      d.evidence.map((e) => [e.label, e.ok]),
      [
        ['Included', undefined],
        ['Transaction type', true],
        ['Nonce', true],
        ['Gas price', true],
        ['Balance', true],
        ['Gas limit', true],
      ],
    );
  });

  it('an included transaction is said to be included; a missing answer leaves its check out', () => {
    const included = { hash: tx().hash, from: SENDER.toLowerCase(), nonce: 12n, blockNumber: 7n, gas: 21000n, gasPrice: 10n * GWEI };
    assert.equal(diagnoseNoReceipt(tx(), rebased({ included, nextNonce: 13n })).verdict, 'included');
    const partial = diagnoseNoReceipt(tx({ nonce: 20n }), { generation: 'rebased' });
    assert.deepEqual([partial.verdict, partial.evidence.length], ['unexplained', 1]);
  });

  it('the verdict changes when the missing nonce arrives (the watch re-checks it)', () => {
    assert.equal(diagnoseNoReceipt(tx({ nonce: 13n }), rebased({ nextNonce: 12n })).verdict, 'nonceGap');
    assert.equal(diagnoseNoReceipt(tx({ nonce: 13n }), rebased({ nextNonce: 13n })).verdict, 'unexplained');
  });

  it('asks five independent questions (one round trip), the sender lower-cased', () => {
    const asks = diagnosisAsks(tx());
    assert.equal(asks.length, 5);
    assert.deepEqual(asks[1], { via: 'jsonRpc', method: 'eth_getTransactionCount', params: [SENDER.toLowerCase(), 'latest'] });
    assert.deepEqual(asks[4], { via: 'webApi', route: 'chainInfo' });
  });
});

describe('transactions/model/noReceipt: the transaction facts', () => {
  it('decodes a raw legacy transaction and recovers its sender; a typed one keeps its type', async () => {
    const { TEST_KEYS, signLegacy, sign1559 } = await import('../../../fixtures/evmSign.mjs');
    const hex = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}`;
    const raw = await txFactsOfRaw(hex(signLegacy(TEST_KEYS.gap, { chainId: 1074, nonce: 14n, gasPrice: 10n * GWEI, gas: 21_000n, value: 1n })));
    assert.ok(raw.ok);
    assert.deepEqual([raw.tx.sender, raw.tx.nonce, raw.tx.type, raw.tx.chainId, raw.tx.source], [SENDER, 14n, 0, 1074n, 'raw']);
    const typed = await txFactsOfRaw(hex(sign1559(TEST_KEYS.gap, { chainId: 1074, nonce: 1n, maxFeePerGas: 7n, gas: 21_000n })));
    assert.ok(typed.ok);
    assert.deepEqual([typed.tx.type, typed.tx.gasPrice], [2, 7n]);
    assert.deepEqual(await txFactsOfRaw('0xzz'), { ok: false, error: 'not hex bytes' });
    assert.equal((await txFactsOfRaw('0xc0')).ok, false);
  });

  it('an Ignition record has no gas limit: it is still diagnosed, without the gas limit check', () => {
    const r = txFactsOfRecord({ hash: `0x${'ab'.repeat(32)}`, from: SENDER, nonce: 14n, gas: undefined, gasPrice: 10n ** 10n, type: 0 });
    assert.ok(r, 'a record without gas is read');
    const d = diagnoseNoReceipt(r, {
      generation: 'rebased',
      nextNonce: 12n,
      maxGasPerRequest: 50_000_000n,
      feePolicy: { gasPerToken: { a: 1, b: 1 }, evmGasRatio: { a: 1, b: 1 } },
    });
    assert.equal(d.verdict, 'nonceGap');
    assert.ok(!d.evidence.some((e) => e.label === 'Gas limit'), 'no gas limit to check');
  });

  it('reads a record: the sender checksummed, maxFeePerGas for a type-2 one; without a nonce there is nothing to diagnose', () => {
    const r = txFactsOfRecord({ hash: `0x${'AB'.repeat(32)}`, from: SENDER.toLowerCase(), nonce: 3n, gas: 21000n, maxFeePerGas: 9n, type: 2 });
    assert.deepEqual([r?.hash, r?.sender, r?.gasPrice], [`0x${'ab'.repeat(32)}`, SENDER, 9n]);
    assert.equal(txFactsOfRecord({ hash: `0x${'ab'.repeat(32)}`, from: SENDER, nonce: undefined, gas: 1n }), undefined);
    assert.equal(txFactsOfRecord({ hash: '0x12', from: SENDER, nonce: 1n, gas: 1n }), undefined);
  });
});
