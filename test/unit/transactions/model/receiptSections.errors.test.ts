// The Error section of a failed receipt (src/transactions/model/receiptSections.ts) for errors the
// node writes without a message, without a code, with an empty message, and with typed parameters.
import * as assert from 'node:assert/strict';
import { buildReceiptView } from '../../../../src/transactions/model/receiptView';
import { rebasedReceipt } from '../../helpers/receipts';
import { sectionOf } from '../../helpers/views';

const failedWith = (rawError: { code: string; params: string[] }, errorMessage?: string) =>
  buildReceiptView(
    rebasedReceipt('receipt-failed-isc', (b) => {
      b.rawError = rawError;
      if (errorMessage === undefined) delete b.errorMessage;
      else b.errorMessage = errorMessage;
    }),
  );
const errorFields = (v: ReturnType<typeof buildReceiptView>) => (sectionOf(v, 'error')?.rows ?? []).map((r) => [r.field, r.value, r.detail]);

describe('transactions/model/receiptSections: the Error section of unusual errors', () => {
  it('a code no template knows, without a message: the code and its parameter only, the parameter keeping its type', () => {
    const v = failedWith({ code: 'beef', params: ['abc:string'] });
    assert.equal(v.error?.message, undefined);
    assert.deepEqual(v.error?.params, [{ value: 'abc', type: 'string' }]);
    assert.deepEqual(errorFields(v), [
      ['errorCode', 'beef', 'unknown core error code beef'],
      ['errorParam0', 'abc', 'string'],
    ]);
  });

  it('without revert data, no parameter is taken for it, even one whose text is "undefined"', () => {
    const v = failedWith({ code: 'beef', params: ['undefined:string'] });
    assert.deepEqual(v.error?.params, [{ value: 'undefined', type: 'string' }]);
  });

  it('a message without a code: the message row alone', () => {
    const v = failedWith({ code: '', params: [] }, 'it broke');
    assert.equal(v.error?.code, undefined);
    assert.deepEqual(errorFields(v), [['errorMessage', 'it broke', undefined]]);
  });

  it('a template filled to an empty message has no message row', () => {
    const v = failedWith({ code: '0fc8', params: [':string'] });
    assert.equal(v.error?.message, '');
    assert.deepEqual(
      errorFields(v).map(([field]) => field),
      ['errorCode', 'errorParam0'],
    );
  });

  it('only parameters typed as whole Go integers are written with thousands separators', () => {
    const v = failedWith({ code: 'beef', params: ['1000:int64', '1000:uint', '1000:xint8', '1000:int8x'] });
    assert.deepEqual(errorFields(v).slice(1), [
      ['errorParam0', '1,000', 'int64'],
      ['errorParam1', '1,000', 'uint'],
      ['errorParam2', '1000', 'xint8'],
      ['errorParam3', '1000', 'int8x'],
    ]);
  });
});
