// A failure in one line (src/transactions/model/failureHeadline.ts), as every view that names a
// failure in one line shows it: the decoded custom error with its arguments first, never
// "execution reverted: cf4791810000…"; the node's words when nothing decodes; the raw hex only
// when nothing else exists, clipped. And the words of every VM error code.
import * as assert from 'node:assert/strict';
import { AbiIndex } from '../../../../src/evm/model/abiIndex';
import { type AbiCoder } from '../../../../src/evm/model/decode';
import { customErrorReading, explainEvm } from '../../../../src/transactions/model/evmExplain';
import { errorCodeWords, failureHeadline, messageWords, withCustomError } from '../../../../src/transactions/model/failureHeadline';
import { buildReceiptView } from '../../../../src/transactions/model/receiptView';
import { englishL10n as l10n } from '../../../../src/core/l10n';
import { type Encode, loadCodecs, vaultIndex, vaultItem } from '../../helpers/evm';
import { rebasedReceipt } from '../../helpers/receipts';

describe('transactions/model/failureHeadline: a failure in one line', () => {
  let coder: AbiCoder;
  let encode: Encode;
  before(async () => ({ coder, encode } = await loadCodecs()));

  /** The demo's failed Vault.transfer: a774 with InsufficientBalance(3, 5) in its message and its one parameter, as a Rebased node sends it. */
  function customRevert() {
    const e = vaultItem('error', 'InsufficientBalance(uint256,uint256)');
    const data = e.selector + encode(e.inputs, [3n, 5n]).slice(2);
    const receipt = rebasedReceipt('receipt-failed-evm-revert', (b) => {
      b.rawError = { code: 'a774', params: [`${data.slice(2)}:string`] };
      b.errorMessage = `execution reverted: ${data.slice(2)}`;
    });
    return { data, receipt, view: buildReceiptView(receipt) };
  }

  it('a custom error the ABIs decode leads with its name and arguments; the tree row, picker and notification read the same', () => {
    const { receipt, view } = customRevert();
    const custom = customErrorReading(explainEvm(coder, vaultIndex(), receipt, view));
    assert.deepEqual(custom, { decoded: 'InsufficientBalance(available: 3, required: 5)' });
    assert.equal(failureHeadline(view.error, l10n, custom), 'InsufficientBalance(available: 3, required: 5)');
    const decoded = withCustomError(view, custom!, l10n);
    assert.equal(decoded.error?.headline, 'InsufficientBalance(available: 3, required: 5)');
    assert.equal(decoded.summary, 'InsufficientBalance(available: 3, required: 5)', "the Recent receipts row and the picker's item");
    assert.notEqual(view.error?.headline, decoded.error?.headline, 'the shared view is left as it was');
  });

  it('before the ABIs answer, and when none declares it, the node words and the selector: never the revert data', () => {
    const { data, receipt, view } = customRevert();
    const selector = data.slice(0, 10);
    assert.equal(view.error?.headline, `execution reverted with custom error ${selector}`);
    assert.equal(view.summary, `execution reverted with custom error ${selector}`);
    const none = customErrorReading(explainEvm(coder, new AbiIndex(), receipt, view));
    assert.deepEqual(none, { undeclared: true });
    assert.equal(failureHeadline(view.error, l10n, none), `execution reverted with custom error ${selector}, which no ABI in the workspace declares`);
    for (const line of [view.error?.headline ?? '', view.summary]) assert.ok(!line.includes(data.slice(10, 30)), line);
  });

  it('the revert data is shown once, as "Raw error data"; the parameter that carries it is not called a string', () => {
    const { data, view } = customRevert();
    const rows = view.sections.find((s) => s.id === 'error')?.rows ?? [];
    assert.deepEqual(
      rows.map((r) => [r.field, r.value]),
      [
        ['errorMessage', 'execution reverted'],
        ['errorCode', 'a774'],
        ['rawErrorData', data],
      ],
    );
    assert.equal(rows.filter((r) => r.value.includes(data.slice(2))).length, 1, 'the bytes appear once');
    assert.equal(rows.find((r) => r.field === 'rawErrorData')?.label, 'Raw error data');
    assert.deepEqual(view.error?.params, [{ value: data.slice(2), type: 'revert data' }]);
  });
});

describe('transactions/model/failureHeadline: the words when no custom error is read', () => {
  it('Error(string) and Panic read as "Reverted: <reason>"; the node message without its data when nothing decodes', () => {
    assert.equal(failureHeadline({ decodedRevert: 'not owner', message: 'execution reverted: 08c3…' }, l10n), 'Reverted: not owner');
    assert.equal(failureHeadline({ message: 'out of gas' }, l10n), 'out of gas');
    assert.equal(messageWords('execution reverted: 0xDEADBEEF', '0xdeadbeef'), 'execution reverted');
    assert.equal(messageWords('reverted (deadbeef) here', '0xdeadbeef'), 'reverted () here');
    assert.equal(messageWords('no data here', '0xdeadbeef'), 'no data here');
  });

  it('the code words when there is no message; the raw hex only when nothing else exists, clipped', () => {
    assert.equal(failureHeadline({ code: 'beef', codeText: 'unknown core error code beef' }, l10n), 'unknown core error code beef');
    assert.equal(failureHeadline({ code: 'beef' }, l10n), 'error code beef');
    const hex = `0x${'ab'.repeat(200)}`;
    const only = failureHeadline({ rawData: hex }, l10n);
    assert.ok(only.startsWith('0xabab') && only.endsWith('…') && only.length <= 74, only);
    assert.equal(failureHeadline(undefined, l10n), 'failed without an error message');
    assert.equal(failureHeadline({}, l10n), 'failed without an error message');
  });

  it('every VM error code has words: the core templates, a contract error by its contract, or that it is unknown', () => {
    assert.equal(errorCodeWords('a774', undefined, true, l10n), 'core error: execution reverted: …');
    assert.equal(errorCodeWords('c674', undefined, false, l10n), 'core error: contract with hname … not found');
    assert.equal(errorCodeWords('0fc8', undefined, true, l10n), 'a VM error without a code of its own');
    assert.equal(errorCodeWords('beef', undefined, false, l10n), 'unknown core error code beef');
    assert.equal(
      errorCodeWords('0x3c4b5e02:a774', { contractHname: '3c4b5e02', errorId: 0xa774 }, false, l10n),
      'unknown error code a774 of contract accounts',
    );
    assert.equal(errorCodeWords('fa9fa907:1', { contractHname: 'fa9fa907', errorId: 1 }, true, l10n), 'error 1 of contract fa9fa907');
  });
});
