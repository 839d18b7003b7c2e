// A failure's one line at its edges (src/transactions/model/failureHeadline.ts): the node's message
// with the revert data cut out wherever it stands, revert data alone, messages that are only data or
// blank, a view without an error left as it is, and the core templates' verbs said as an ellipsis.
import * as assert from 'node:assert/strict';
import { englishL10n as l10n } from '../../../../src/core/l10n';
import { errorCodeWords, failureHeadline, messageWords, withCustomError } from '../../../../src/transactions/model/failureHeadline';
import type { ReceiptView } from '../../../../src/transactions/model/receiptView';

describe('transactions/model/failureHeadline: the message without its revert data', () => {
  it('a message that starts with the data keeps only what follows it', () => {
    assert.equal(messageWords('deadbeef reverted here', '0xdeadbeef'), 'reverted here');
  });

  it('a message that starts with the data and a colon keeps the words, not the colon', () => {
    assert.equal(messageWords('0xdeadbeef: reverted here', '0xdeadbeef'), 'reverted here');
  });

  it('only the 0x right before the data is dropped, not one earlier in the message', () => {
    assert.equal(messageWords('call 0xabc reverted: 0xdeadbeef', '0xdeadbeef'), 'call 0xabc reverted');
  });

  it('white space before the words goes too', () => {
    assert.equal(messageWords('  execution reverted: 0xdeadbeef', '0xdeadbeef'), 'execution reverted');
  });

  it('data that is not hex is looked for whole, a 0x inside it included', () => {
    assert.equal(messageWords('reverted: ab0xcd', 'ab0xcd'), 'reverted');
  });
});

describe('transactions/model/failureHeadline: headlines with little to say', () => {
  it('revert data and no message: the custom error alone', () => {
    assert.equal(failureHeadline({ revertData: '0xdeadbeef0000' }, l10n), 'custom error 0xdeadbeef');
  });

  it('a message that is only the data, spaced: the message itself', () => {
    assert.equal(failureHeadline({ message: '  deadbeef', rawData: '0xdeadbeef' }, l10n), '  deadbeef');
  });

  it('an empty or blank message with data: the data', () => {
    assert.equal(failureHeadline({ message: '', rawData: '0xabcd' }, l10n), '0xabcd');
    assert.equal(failureHeadline({ message: '  ', rawData: '0x' }, l10n), '0x');
  });

  it('a view without an error is returned as it is', () => {
    const view = { summary: 'ok' } as unknown as ReceiptView;
    assert.equal(withCustomError(view, { undeclared: true }, l10n), view);
  });

  it("a core template's verb reads as an ellipsis; a template that is only a verb has no words of its own", () => {
    assert.equal(errorCodeWords('a774', undefined, true, l10n), 'core error: execution reverted: …');
    assert.equal(errorCodeWords('0fc8', undefined, true, l10n), 'a VM error without a code of its own');
  });
});
