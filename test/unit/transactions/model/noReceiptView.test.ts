// The "No receipt" view of a diagnosis: the verdict as the message, each check marked (✓ passes,
// ✗ explains the skip, · not checked), what could not be read (the node's words revealed), what to
// do, the warnings, and which JSON-RPC was asked.
import { strict as assert } from 'node:assert';
import { diagnoseNoReceipt, type TxFacts } from '../../../../src/transactions/model/noReceipt';
import { diagnosisLines, notFoundDetails, notFoundHoverLine } from '../../../../src/transactions/model/noReceiptView';
import { skipReasons } from '../../../../src/receipts/model/skipReasons';

const SENDER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const tx: TxFacts = {
  hash: `0x${'ab'.repeat(32)}`,
  sender: SENDER,
  nonce: 14n,
  gasLimit: 60_000_000n,
  gasPrice: 10n ** 10n,
  value: 0n,
  type: 0,
  source: 'record',
};

describe('transactions/model/noReceiptView: the diagnosis as the panel says it', () => {
  it('the verdict first, then the record, each check marked, the failures revealed, what to do, the warning and the host', () => {
    const diagnosis = diagnoseNoReceipt(tx, {
      generation: 'rebased',
      included: null,
      nextNonce: 12n,
      maxGasPerRequest: 50_000_000n,
      feePolicy: { gasPerToken: { a: 1, b: 1 }, evmGasRatio: { a: 1, b: 1 } },
    });
    const { message, details } = diagnosisLines({ tx, diagnosis, failures: { gasPrice: 'rpcError: no\u202eway' }, rpcHost: 'node.example:443' });
    assert.equal(message, diagnosis.headline);
    assert.match(message, /^Waiting: nonce 12 is next/);
    assert.equal(details[0], `From the workspace’s record of it: sender ${SENDER}, nonce 14.`);
    assert.ok(
      details.some((d) => d.startsWith('✗ Nonce:')),
      details.join('\n'),
    );
    assert.ok(
      details.some((d) => d.startsWith('· Included:')),
      details.join('\n'),
    );
    assert.ok(details.includes('· Not read: the chain’s gas price (rpcError: no⟨U+202E⟩way)'), details.join('\n'));
    assert.ok(
      details.some((d) => d.startsWith('⚠ Its gas limit 60,000,000 is above')),
      details.join('\n'),
    );
    const todo = details.indexOf('What to do:');
    assert.ok(todo > 0 && details[todo + 1]?.startsWith('Nonces 12, 13 are missing'), details.join('\n'));
    assert.equal(details.at(-1), 'Asked: node.example:443 (its EVM JSON-RPC) and the node’s chain info.');
  });

  it('a pasted transaction says so; without a host, nothing is said of one', () => {
    const diagnosis = diagnoseNoReceipt({ ...tx, source: 'raw' }, { generation: 'rebased' });
    const { details } = diagnosisLines({ tx: { ...tx, source: 'raw' }, diagnosis, failures: {}, rpcHost: undefined });
    assert.equal(details[0], `From the signed transaction you pasted: sender ${SENDER}, nonce 14.`);
    assert.ok(!details.some((d) => d.startsWith('Asked:')));
  });

  it('no line carries a bullet of its own (the panel lists each line as one), and each step to take is listed once', () => {
    const diagnosis = diagnoseNoReceipt(tx, { generation: 'rebased', included: null, nextNonce: 12n });
    const { details } = diagnosisLines({ tx, diagnosis, failures: {}, rpcHost: undefined });
    assert.ok(diagnosis.next.length > 0);
    for (const step of diagnosis.next) assert.equal(details.filter((d) => d.includes(step)).length, 1, step);
    assert.ok(!details.some((d) => d.startsWith('•')), details.join('\n'));
  });
});

describe('transactions/model/noReceiptView: the not-found view and hover line', () => {
  it('without a diagnosis, lists the chains’ answers, then each reason a node may skip a request, once and without a bullet of its own', () => {
    const reasons = skipReasons('stardust');
    const details = notFoundDetails(['Stopped testnet: the node answered 500'], undefined, reasons);
    assert.equal(details[0], 'Stopped testnet: the node answered 500');
    assert.equal(details[1], 'If it never gets a receipt, the node may have skipped it:');
    assert.deepEqual(details.slice(2), reasons);
    assert.ok(!details.some((d) => d.startsWith('•')), details.join('\n'));
  });

  it('with a diagnosis, lists its lines instead of the general reasons', () => {
    const details = notFoundDetails(['a'], { details: ['✓ Nonce: 14'] }, skipReasons(undefined));
    assert.deepEqual(details, ['a', '✓ Nonce: 14']);
  });

  it('separates the hover’s links (Watch · Why no receipt?), the chain names escaped', () => {
    const line = notFoundHoverLine(['IOTA *EVM*', 'ShimmerEVM'], ['[Watch](command:w)', '[Why no receipt?](command:y)']);
    assert.ok(line.startsWith('$(search) No receipt for this request on IOTA \\*EVM\\*'), line);
    assert.ok(line.endsWith(' [Watch](command:w) · [Why no receipt?](command:y)'), line);
    assert.ok(!notFoundHoverLine(['A'], []).includes('·'));
  });
});
