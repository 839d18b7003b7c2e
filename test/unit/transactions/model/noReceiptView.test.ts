// The "No receipt" view of a diagnosis: the verdict as the message, each check marked (✓ passes,
// ✗ explains the skip, · not checked), what could not be read (the node's words revealed), what to
// do, the warnings, and which JSON-RPC was asked.
import { strict as assert } from 'node:assert';
import { diagnoseNoReceipt, type TxFacts } from '../../../../src/transactions/model/noReceipt';
import { diagnosisLines } from '../../../../src/transactions/model/noReceiptView';

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
    assert.ok(todo > 0 && details[todo + 1]?.startsWith('• Nonces 12, 13 are missing'), details.join('\n'));
    assert.equal(details.at(-1), 'Asked: node.example:443 (its EVM JSON-RPC) and the node’s chain info.');
  });

  it('a pasted transaction says so; without a host, nothing is said of one', () => {
    const diagnosis = diagnoseNoReceipt({ ...tx, source: 'raw' }, { generation: 'rebased' });
    const { details } = diagnosisLines({ tx: { ...tx, source: 'raw' }, diagnosis, failures: {}, rpcHost: undefined });
    assert.equal(details[0], `From the signed transaction you pasted: sender ${SENDER}, nonce 14.`);
    assert.ok(!details.some((d) => d.startsWith('Asked:')));
  });
});
