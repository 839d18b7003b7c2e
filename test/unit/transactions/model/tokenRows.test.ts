// The call's token amounts in their units in the panel's ABI rows (src/transactions/model/tokenRows.ts):
// the amount arguments of a token call take "5,000 TKN (5000000000000000000000)", Copy keeps the exact
// integer, every other row and every other call is left as it was.
import * as assert from 'node:assert/strict';
import type { DecodedItem } from '../../../../src/evm/model/decode';
import { type EvmExplanation, explanationRows, logRows } from '../../../../src/transactions/model/evmExplain';
import { amountTokensOfLogs } from '../../../../src/evm/model/tokenAmounts';
import { abiItem, indexOf, loadCodecs } from '../../helpers/evm';
import { amountToken, tokenUnitRows } from '../../../../src/transactions/model/tokenRows';
import { rebasedView } from '../../helpers/receipts';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function call(name: string, args: DecodedItem['args']): EvmExplanation {
  const item: DecodedItem = { kind: 'function', name, signature: `${name}(address,uint256)`, selector: '0xa9059cbb', args, sources: ['Token.json'] };
  return { files: 1, call: { creation: false, decoded: { ok: true, item } }, tx: { hash: `0x${'ab'.repeat(32)}`, to: TOKEN } };
}

describe('transactions/model/tokenRows: token amounts in their units', () => {
  it("a transfer's amount reads in the token's units with the exact integer beside; Copy gives the integer", () => {
    const e = call('transfer', [
      { name: 'to', type: 'address', value: BOB },
      { name: 'amount', type: 'uint256', value: '5000000000000000000000' },
    ]);
    assert.equal(amountToken(e), TOKEN);
    const rows = explanationRows(e, rebasedView('receipt-success-evm'));
    const shown = tokenUnitRows(rows, e, { decimals: 18, symbol: 'TKN' });
    const amount = shown.find((r) => r.field === 'evmCallArg1');
    assert.equal(amount?.value, '5,000 TKN (5000000000000000000000)');
    assert.deepEqual(amount?.copy, { text: '5000000000000000000000', what: 'amount' });
    assert.equal(rows.find((r) => r.field === 'evmCallArg1')?.value, '5000000000000000000000', 'the rows given are left as they were');
    assert.deepEqual(
      shown.filter((r) => r.field !== 'evmCallArg1'),
      rows.filter((r) => r.field !== 'evmCallArg1'),
    );
  });

  it('a call that moves no token amount asks for no token', () => {
    assert.equal(amountToken(call('deposit', [{ name: 'amount', type: 'uint256', value: '5' }])), undefined);
    assert.equal(amountToken({ files: 0, call: { creation: true } }), undefined);
    assert.equal(amountToken({ files: 0 }), undefined);
    const noTo = call('transfer', [{ name: 'amount', type: 'uint256', value: '5' }]);
    delete noTo.tx?.to;
    assert.equal(amountToken(noTo), undefined);
  });
});

describe("transactions/model/tokenRows: a token's Transfer and Approval logs in its units", () => {
  const word = (n: bigint) => n.toString(16).padStart(64, '0');
  const topic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;
  const transfer = () =>
    abiItem({
      type: 'event',
      name: 'Transfer',
      inputs: [
        { name: 'from', type: 'address', indexed: true },
        { name: 'to', type: 'address', indexed: true },
        { name: 'value', type: 'uint256', indexed: false },
      ],
    });

  it('the log of a token whose units are known reads "5,000 TKN (…)"; another emitter keeps its integer; each token asked once', async () => {
    const { coder } = await loadCodecs();
    const item = transfer();
    const log = (address: string) => ({ address, topics: [item.selector, topic(BOB), topic(TOKEN)], data: `0x${word(5000n * 10n ** 18n)}` });
    const other = '0x0000000000000000000000000000000000000bbb';
    const logs = [log(TOKEN), log(TOKEN), log(other)];
    const index = indexOf(item);
    assert.deepEqual(amountTokensOfLogs(coder, index, logs), [TOKEN, other]);
    const rows = logRows(coder, index, { ok: true, logs, total: 3 }, 'https://rpc.example/evm', undefined, undefined, (a) =>
      a === TOKEN ? { decimals: 18, symbol: 'TKN' } : undefined,
    );
    assert.equal(rows.find((r) => r.field === 'evmLog0')?.value, `Transfer(from: ${BOB}, to: ${TOKEN}, value: 5,000 TKN (5000000000000000000000))`);
    assert.equal(rows.find((r) => r.field === 'evmLog2')?.value, `Transfer(from: ${BOB}, to: ${TOKEN}, value: 5000000000000000000000)`);
  });
});
