// How the text around an ID is read (src/receipts/model/idText.ts): names cut into parts, comments,
// value lines, the head of a list, continuations, and Markdown tables: the header cell of an ID's
// column, and the cells of a row with escaped pipes and code spans.
import * as assert from 'node:assert/strict';
import {
  commentAbove,
  continuedFrom,
  type IdPlace,
  isCommentLine,
  isValueLine,
  listHead,
  markdownCells,
  parts,
  tableHeaderCell,
  trailingComment,
} from '../../../../src/receipts/model/idText';

const ID = `0x${'ab'.repeat(32)}`;

/** The ID on `line`, with the lines above given nearest first. */
function at(line: string, above?: string[]): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path: '/work/app/notes.md', line, start, end: start + ID.length };
  if (above !== undefined) place.above = above;
  return place;
}

describe('receipts/model/idText', () => {
  describe('parts of a name', () => {
    const cases: [string, string[]][] = [
      ['depositTxHash', ['deposit', 'tx', 'hash']],
      ['zzzzzzzzzz123', ['zzzzzzzzzz', '123']],
      ['zzzzzzzzzz1234', []],
      ['ボタン', ['ボタン']],
      ['ボタンabc', ['ボタン', 'abc']],
      ['データ', ['データ']],
      ['ǅx', ['ǆ', 'x']],
    ];
    for (const [text, expected] of cases) {
      it(`${JSON.stringify(text)} gives ${JSON.stringify(expected)}`, () => assert.deepEqual(parts(text), expected));
    }
  });

  describe('comments', () => {
    it('a line without a comment after the ID has no trailing comment', () => {
      assert.equal(trailingComment(at(`x = ${ID} ;`)), '');
    });

    it('a trailing comment is read from its marker on', () => {
      assert.equal(trailingComment(at(`x = ${ID}; // the deposit`)), '// the deposit');
    });

    const lines: [string, boolean][] = [
      ['// note', true],
      ['  # note', true],
      ['rem note', true],
      ['remark', false],
      ['x = 1 // note', false],
      [`${' '.repeat(400)}// note`, false],
    ];
    for (const [line, expected] of lines) {
      it(`${JSON.stringify(line.length > 40 ? `${line.length} characters` : line)} ${expected ? 'is' : 'is not'} a comment line`, () => {
        assert.equal(isCommentLine(line), expected);
      });
    }
  });

  describe('value lines', () => {
    const lines: [string, boolean][] = [
      ['0x12345678,', true],
      ['  "0x12345678",', true],
      ['tx 0x12345678', false],
      ['abc', false],
      ['  ],', false],
      [`${' '.repeat(400)}0x12345678`, false],
    ];
    for (const [line, expected] of lines) {
      it(`${JSON.stringify(line.length > 40 ? `${line.length} characters` : line)} ${expected ? 'is' : 'is not'} a value line`, () => {
        assert.equal(isValueLine(line), expected);
      });
    }
  });

  describe('the head of a list', () => {
    it('the first line with a letter above the items is the head', () => {
      assert.equal(listHead(at(`  ${ID}`, ['  0x12345678,', '  ],', 'Transactions'])), 'Transactions');
    });

    it('a blank line above stops the search, unless told to step over it', () => {
      const place = at(`  ${ID}`, ['', 'Private Keys']);
      assert.equal(listHead(place), undefined);
      assert.equal(listHead(place, true), 'Private Keys');
      assert.equal(listHead(at(`  ${ID}`, ['   ', 'Private Keys'])), undefined);
    });

    it('without lines above there is no head', () => {
      assert.equal(listHead(at(`  ${ID}`)), undefined);
    });

    it('the head is looked for 24 lines up at most', () => {
      const items = Array.from({ length: 24 }, () => '  0x12345678,');
      assert.equal(listHead(at(`  ${ID}`, [...items, 'Transactions'])), undefined);
      assert.equal(listHead(at(`  ${ID}`, [...items.slice(1), 'Transactions'])), 'Transactions');
    });

    it('a line above is read in its first 400 characters only', () => {
      assert.equal(listHead(at(`  ${ID}`, [`${' '.repeat(400)}Transactions`])), undefined);
    });

    it('a long head is given by its last 160 characters', () => {
      assert.equal(listHead(at(`  ${ID}`, [`${'a'.repeat(200)} Transactions`])), `${'a'.repeat(147)} Transactions`);
    });
  });

  describe('a continued line', () => {
    it('a previous line ending in a backslash continues into the ID\u2019s line', () => {
      assert.equal(continuedFrom(at(`  ${ID}`, ['cast send --private-key \\'])), 'cast send --private-key \\');
    });

    it('spaces after the backslash are allowed', () => {
      assert.equal(continuedFrom(at(`  ${ID}`, ['cast send --private-key \\  '])), 'cast send --private-key \\  ');
    });

    it('a backslash in the middle of the line does not continue it', () => {
      assert.equal(continuedFrom(at(`  ${ID}`, ['a \\ b'])), undefined);
    });

    it('no line above: nothing is continued', () => {
      assert.equal(continuedFrom(at(`  ${ID}`)), undefined);
    });

    it('a long continued line is given by its last 160 characters', () => {
      assert.equal(continuedFrom(at(`  ${ID}`, [`${'a'.repeat(200)} \\`])), `${'a'.repeat(158)} \\`);
    });
  });

  describe('a comment above', () => {
    it('a comment line above is given by its first 160 characters', () => {
      assert.equal(commentAbove(at(`  ${ID}`, [`// ${'a'.repeat(200)}`])), `// ${'a'.repeat(157)}`);
    });

    it('a line above that is not a comment describes nothing', () => {
      assert.equal(commentAbove(at(`  ${ID}`, ['x = 1'])), undefined);
    });
  });
});

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
