// A value alone on its line, as an item of a list opened a few lines up (src/receipts/model/idBinding.ts):
// `name = [`, `"name": [`, or for YAML items `name:`.
import * as assert from 'node:assert/strict';
import { bindingOf } from '../../../../src/receipts/model/idBinding';
import { ABOVE_LINES, type IdPlace } from '../../../../src/receipts/model/idText';

const ID = `0x${'ab'.repeat(32)}`;
const OTHER = `0x${'cd'.repeat(32)}`;

/** The ID on `line`, with the lines above it given nearest first. */
function item(line: string, above: string[]): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  return { path: '/work/app/config.txt', line, start, end: start + ID.length, above };
}

const TX_HASHES = { kind: 'list', name: ['tx', 'hashes'] };

describe('receipts/model/idBinding: items of a list over several lines', () => {
  describe('lists opened by name = [', () => {
    it('an item under other items is bound to the list\u2019s name', () => {
      assert.deepEqual(bindingOf(item(`  "${ID}",`, [`  "${OTHER}",`, 'txHashes = ['])), TX_HASHES);
    });

    it('the list\u2019s opener may carry a comment after its bracket', () => {
      assert.deepEqual(bindingOf(item(`  "${ID}",`, ['txHashes = [ // the deposits'])), TX_HASHES);
    });

    it('a comment glued to the bracket is cut off too', () => {
      assert.deepEqual(bindingOf(item(`  "${ID}",`, ['txHashes = [// the deposits'])), TX_HASHES);
    });

    it('spaces after the bracket are cut off', () => {
      assert.deepEqual(bindingOf(item(`  "${ID}",`, ['txHashes = [   '])), TX_HASHES);
    });

    it('spaces between the name and the bracket do not push the name out of the window', () => {
      assert.deepEqual(bindingOf(item(`  "${ID}",`, [`txHashes =${' '.repeat(200)}[`])), TX_HASHES);
    });

    it('only the last 160 characters before the bracket are read for the name', () => {
      const binding = bindingOf(item(`  "${ID}",`, [`${'z'.repeat(300)}_tx_hashes = [`]));
      assert.deepEqual(binding, { kind: 'list', name: ['z'.repeat(148), 'tx', 'hashes'] });
    });

    it('a line above that assigns something other than a list is not an opener', () => {
      assert.equal(bindingOf(item(`  "${ID}",`, ['txHash = 5'])), undefined);
    });

    it('a line that is not an item alone is not bound to a list above it', () => {
      assert.equal(bindingOf(item(`foo ${ID}`, ['txHashes = ['])), undefined);
    });

    it('no lines above: nothing to bind to', () => {
      const place = item(`  "${ID}",`, []);
      delete place.above;
      assert.equal(bindingOf(place), undefined);
    });

    it(`an opener more than ${ABOVE_LINES} lines up is not looked for`, () => {
      const items = Array.from({ length: ABOVE_LINES }, () => `  "${OTHER}",`);
      assert.equal(bindingOf(item(`  "${ID}",`, [...items, 'txHashes = ['])), undefined);
      assert.deepEqual(bindingOf(item(`  "${ID}",`, [...items.slice(1), 'txHashes = ['])), TX_HASHES);
    });

    it('an item line longer than 2000 characters is read only up to there', () => {
      assert.equal(bindingOf(item(`${' '.repeat(2000)}"${ID}",`, ['txHashes = ['])), undefined);
    });

    it('a line above longer than 2000 characters is read only up to there, and breaks the list', () => {
      assert.equal(bindingOf(item(`  "${ID}",`, [`${' '.repeat(2000)}"${OTHER}",`, 'txHashes = ['])), undefined);
    });
  });

  describe('YAML lists', () => {
    it('a YAML item is bound to the key above it', () => {
      assert.deepEqual(bindingOf(item(`  - ${ID}`, [`  - ${OTHER}`, 'tx_hashes:'])), TX_HASHES);
    });

    it('a quoted key names the list', () => {
      assert.deepEqual(bindingOf(item(`  - ${ID}`, ['"tx_hashes":'])), TX_HASHES);
    });

    it('a space before the colon is allowed', () => {
      assert.deepEqual(bindingOf(item(`  - ${ID}`, ['tx_hashes :'])), TX_HASHES);
    });

    it('a key that is itself an item of an outer list names the list', () => {
      assert.deepEqual(bindingOf(item(`    - ${ID}`, ['- tx_hashes:'])), TX_HASHES);
      assert.deepEqual(bindingOf(item(`    - ${ID}`, ['-  tx_hashes:'])), TX_HASHES);
    });

    it('a key with digits in it names the list', () => {
      assert.deepEqual(bindingOf(item(`  - ${ID}`, ['l2_tx_hashes:'])), { kind: 'list', name: ['l', '2', 'tx', 'hashes'] });
    });

    it('words with a space are not a key', () => {
      assert.equal(bindingOf(item(`  - ${ID}`, ['tx hashes:'])), undefined);
    });

    it('a key with a value after its colon does not open a list', () => {
      assert.equal(bindingOf(item(`  - ${ID}`, ['tx_hashes: none'])), undefined);
    });

    it('a key starting with punctuation is not a key', () => {
      assert.equal(bindingOf(item(`  - ${ID}`, ['@tx_hashes:'])), undefined);
    });

    it('an item of the other list style above breaks a YAML list', () => {
      assert.equal(bindingOf(item(`  - ${ID}`, [`  ${OTHER}`, 'tx_hashes:'])), undefined);
    });
  });
});
