// Markdown tables as the hover reads them (src/receipts/model/idText.ts): the header cell of an ID's
// column, and the cells of a row with escaped pipes and code spans.
import * as assert from 'node:assert/strict';
import { type IdPlace, markdownCells, tableHeaderCell } from '../../../../src/receipts/model/idText';

const ID = `0x${'ab'.repeat(32)}`;

/** The ID on `line`, with the lines above given nearest first. */
function at(line: string, above?: string[]): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path: '/work/app/notes.md', line, start, end: start + ID.length };
  if (above !== undefined) place.above = above;
  return place;
}

describe('receipts/model/idText: Markdown tables', () => {
  describe('the header cell of the ID\u2019s column', () => {
    it('the first row of the table above names the column', () => {
      assert.equal(tableHeaderCell(at(`| 1 | ${ID} |`, ['| --- | --- |', '| n | tx_hash |'])), ' tx_hash ');
    });

    it('a row without a closing pipe is still a row', () => {
      assert.equal(tableHeaderCell(at(`| 1 | ${ID}`, ['| n | tx_hash |'])), ' tx_hash ');
    });

    it('a header without a closing pipe is still the header', () => {
      assert.equal(tableHeaderCell(at(`| 1 | ${ID} |`, ['| n | tx_hash'])), ' tx_hash');
    });

    it('indented rows are rows', () => {
      assert.equal(tableHeaderCell(at(`   | 1 | ${ID} |`, ['   | n | tx_hash |', '   | a | key |'])), ' key ');
    });

    it('a line that is not a table row has no header cell', () => {
      assert.equal(tableHeaderCell(at(`x ${ID}`, ['| tx_hash |'])), undefined);
    });

    it('the table ends at the first line above that is not a row', () => {
      assert.equal(tableHeaderCell(at(`| ${ID} |`, ['| tx_hash |', 'Some prose', '| key |'])), ' tx_hash ');
    });

    it('no rows above: no header', () => {
      assert.equal(tableHeaderCell(at(`| ${ID} |`)), undefined);
      assert.equal(tableHeaderCell(at(`| ${ID} |`, ['prose'])), undefined);
    });

    it('the header is looked for 24 lines up at most', () => {
      const rows = Array.from({ length: 23 }, (_, i) => `| row ${i} |`);
      assert.equal(tableHeaderCell(at(`| ${ID} |`, [...rows, '| tx_hash |', '| key |'])), ' tx_hash ');
    });

    it('the header is read in its first 400 characters only', () => {
      assert.equal(tableHeaderCell(at(`| ${ID} |`, [`| ${'a'.repeat(500)} |`])), ` ${'a'.repeat(398)}`);
    });
  });

  describe('the cells of a row', () => {
    const cases: [string, string[]][] = [
      ['a|b', ['a', 'b']],
      ['| a | b |', ['', ' a ', ' b ', '']],
      ['a\\|b|c', ['a|b', 'c']],
      ['a\\b|c', ['a\\b', 'c']],
      ['`a|b`|c', ['`a|b`', 'c']],
      ['`a`|`b|c`', ['`a`', '`b|c`']],
      ['', ['']],
    ];
    for (const [row, expected] of cases) {
      it(`${JSON.stringify(row)} has the cells ${JSON.stringify(expected)}`, () => assert.deepEqual(markdownCells(row), expected));
    }
  });
});
