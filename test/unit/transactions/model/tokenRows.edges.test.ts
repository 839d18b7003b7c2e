// Which rows take the token's units (src/transactions/model/tokenRows.ts): only the rows of the
// call's amount arguments, named exactly evmCallArg<index> (two-digit indexes too), never another
// uint argument; an explanation without a decoded call leaves the rows as they are and asks for no
// token, whatever its transaction says.
import * as assert from 'node:assert/strict';
import type { DecodedItem } from '../../../../src/evm/model/decode';
import type { EvmExplanation } from '../../../../src/transactions/model/evmExplain';
import { amountToken, tokenUnitRows } from '../../../../src/transactions/model/tokenRows';
import type { Row } from '../../../../src/ui/model/view';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HASH = `0x${'ab'.repeat(32)}`;
const UNITS = { decimals: 3, symbol: 'TKN' };

function transfer(args: DecodedItem['args']): DecodedItem {
  return { kind: 'function', name: 'transfer', signature: 'transfer(...)', selector: '0xa9059cbb', args, sources: ['Token.json'] };
}

const row = (field: string, value: string): Row => ({ field, label: field, value, mono: true });

describe('transactions/model/tokenRows: which rows take the units', () => {
  it('only the amount argument is shown in units; a uint64 argument beside it keeps its digits', () => {
    const item = transfer([
      { name: 'nonce', type: 'uint64', value: '7' },
      { name: 'amount', type: 'uint256', value: '5000' },
    ]);
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: true, item } }, tx: { hash: HASH, to: TOKEN } };
    assert.deepEqual(tokenUnitRows([row('evmCallArg0', '7'), row('evmCallArg1', '5000')], e, UNITS), [
      row('evmCallArg0', '7'),
      row('evmCallArg1', '5 TKN (5000)'),
    ]);
  });

  it('the eleventh argument is found by its two-digit index; fields that merely contain an argument field are left alone', () => {
    const args: DecodedItem['args'] = Array.from({ length: 11 }, (_, i) => ({ name: `a${i}`, type: 'uint256', value: `${i + 1}000` }));
    const e: EvmExplanation = { files: 1, call: { creation: false, decoded: { ok: true, item: transfer(args) } }, tx: { hash: HASH, to: TOKEN } };
    const rows = [row('evmCallArg10', '11000'), row('xevmCallArg1', '2000'), row('evmCallArg1x', '2000')];
    assert.deepEqual(tokenUnitRows(rows, e, UNITS), [row('evmCallArg10', '11 TKN (11000)'), row('xevmCallArg1', '2000'), row('evmCallArg1x', '2000')]);
  });

  it('without a decoded call the rows come back as they were, as a new list', () => {
    const rows = [row('evmCallArg0', '5000')];
    for (const e of [
      { files: 0 },
      { files: 0, call: { creation: true as const } },
      { files: 0, call: { creation: false as const, decoded: { ok: false as const, selector: '0xa9059cbb', reason: 'unknown' as const } } },
    ]) {
      const out = tokenUnitRows(rows, e, UNITS);
      assert.deepEqual(out, rows);
      assert.notEqual(out, rows);
    }
  });

  it('no token is asked for without a decoded call, even with a recipient; nor for a decoded call without a transaction', () => {
    assert.equal(amountToken({ files: 0, tx: { hash: HASH, to: TOKEN } }), undefined);
    assert.equal(amountToken({ files: 0, call: { creation: true }, tx: { hash: HASH, to: TOKEN } }), undefined);
    const item = transfer([{ name: 'amount', type: 'uint256', value: '5' }]);
    assert.equal(amountToken({ files: 1, call: { creation: false, decoded: { ok: true, item } } }), undefined);
    assert.equal(amountToken({ files: 1, call: { creation: false, decoded: { ok: true, item } }, tx: { hash: HASH, to: TOKEN } }), TOKEN);
  });
});
