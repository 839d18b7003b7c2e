// A CSV/TSV cell under its header (src/receipts/model/idBinding.ts): which files are tables, which
// separator a CSV file uses, quotes, and the cells of a row (csvCells).
import * as assert from 'node:assert/strict';
import { bindingOf, csvCells } from '../../../../src/receipts/model/idBinding';
import type { IdPlace } from '../../../../src/receipts/model/idText';

const ID = `0x${'ab'.repeat(32)}`;

/** The ID on a line under `header` (the document's first line) of the file at `path`. */
function cell(line: string, header: string | undefined, path = '/work/data/txs.csv', languageId?: string): IdPlace {
  const start = line.indexOf(ID);
  assert.ok(start >= 0, 'the ID is in the line');
  const place: IdPlace = { path, line, start, end: start + ID.length };
  if (header === undefined) place.isFirstLine = true;
  else place.header = header;
  if (languageId !== undefined) place.languageId = languageId;
  return place;
}

const TX_HASH = { kind: 'column', name: ['tx', 'hash'] };

describe('receipts/model/idBinding: table cells', () => {
  describe('which documents are tables', () => {
    const tables: [string, string, string | undefined][] = [
      ['a .csv file', '/work/data/txs.csv', undefined],
      ['a .tsv file', '/work/data/txs.tsv', undefined],
      ['a .tab file', '/work/data/txs.tab', undefined],
      ['a document in the tsv language', 'untitled:Untitled-1', 'tsv'],
      ['a document in the csv language', 'untitled:Untitled-1', 'csv'],
    ];
    for (const [title, path, lang] of tables) {
      const sep = path.endsWith('.csv') || lang === 'csv' ? ',' : '\t';
      it(`${title}: a cell is bound to its column\u2019s header`, () => {
        assert.deepEqual(bindingOf(cell(`1${sep}${ID}`, `n${sep}tx_hash`, path, lang)), TX_HASH);
      });
    }

    it('a document in the "csv (semicolon)" language splits its cells at semicolons', () => {
      assert.deepEqual(bindingOf(cell(`1;${ID}`, 'n;tx_hash', 'untitled:Untitled-1', 'csv (semicolon)')), TX_HASH);
    });

    it('a file that is not a table reads `name = value` as an assignment', () => {
      assert.deepEqual(bindingOf(cell(`txHash = ${ID}`, 'whatever', '/work/app/index.ts')), { kind: 'assignment', name: ['tx', 'hash'] });
    });

    it('a tab-separated line outside a table is not cut into cells', () => {
      assert.equal(bindingOf(cell(`1\t${ID}`, 'n\ttx_hash', '/work/data/txs.txt')), undefined);
    });

    it('a file whose name only starts like a table extension is not a table', () => {
      assert.equal(bindingOf(cell(`1\t${ID}`, 'n\ttx_hash', '/work/data/.tab.txt')), undefined);
    });
  });

  describe('the separator of a CSV file', () => {
    it('a header with semicolons and no comma makes semicolons the separator', () => {
      assert.deepEqual(bindingOf(cell(`1;${ID}`, 'n;tx_hash')), TX_HASH);
    });

    it('a header with both commas and semicolons keeps commas the separator', () => {
      assert.deepEqual(bindingOf(cell(`1,${ID}`, 'n,tx_hash;note')), { kind: 'column', name: ['tx', 'hash', 'note'] });
    });

    it('a header with neither keeps commas the separator', () => {
      assert.equal(bindingOf(cell(`5,${ID}`, 'tx_hash')), undefined);
      assert.deepEqual(bindingOf(cell(`${ID},5`, 'tx_hash')), TX_HASH);
    });
  });

  describe('the header line', () => {
    it('a value on the first line of a table has no column', () => {
      assert.equal(bindingOf(cell(`tx_hash,${ID}`, undefined)), undefined);
    });

    it('the cells are counted in the first 2000 characters of the line only', () => {
      assert.deepEqual(bindingOf(cell(`${','.repeat(2100)}${ID}`, `${','.repeat(2000)}tx_hash`)), { kind: 'column', name: [] });
    });

    it('the header is read in its first 2000 characters only', () => {
      assert.deepEqual(bindingOf(cell(`${','.repeat(2000)}${ID}`, `${','.repeat(2000)}tx_hash`)), { kind: 'column', name: [] });
    });

    it('a value in a column the header does not have is not bound', () => {
      assert.equal(bindingOf(cell(`1,2,${ID}`, 'n,tx_hash')), undefined);
    });
  });

  describe('quoted cells', () => {
    it('a separator inside a quoted cell does not start a new cell', () => {
      assert.deepEqual(bindingOf(cell(`"a,b",${ID}`, 'label,tx_hash')), TX_HASH);
    });

    it('a doubled quote inside a quoted cell does not end it', () => {
      assert.deepEqual(bindingOf(cell(`"a"",b",${ID}`, 'label,tx_hash')), TX_HASH);
    });

    it('a quote after spaces at the start of a cell opens it', () => {
      assert.deepEqual(bindingOf(cell(`1, "a,b",${ID}`, 'n,label,tx_hash')), TX_HASH);
    });

    it('a quote after a tab at the start of a cell opens it', () => {
      assert.deepEqual(bindingOf(cell(`1,\t"a,b",${ID}`, 'n,label,tx_hash')), TX_HASH);
    });

    it('a quote inside a cell is text, and the separator after it still counts', () => {
      assert.deepEqual(bindingOf(cell(`1,x"y,z",${ID}`, 'a,b,c,tx_hash')), TX_HASH);
    });
  });

  describe('the cells of a row', () => {
    const cases: [string, string, string[]][] = [
      ['plain cells', 'a,b,c', ['a', 'b', 'c']],
      ['a quoted separator', '"a,b",c', ['a,b', 'c']],
      ['doubled quotes', '"say ""hi""",b', ['say "hi"', 'b']],
      ['a quote inside a cell', 'ab"c,d', ['ab"c', 'd']],
      ['a quote after spaces', '  "a,b",c', ['  a,b', 'c']],
      ['empty cells', ',,', ['', '', '']],
      ['a tab separator', 'a\tb', ['a', 'b']],
    ];
    for (const [title, row, expected] of cases) {
      it(`${title}: ${JSON.stringify(row)}`, () => assert.deepEqual(csvCells(row, row.includes('\t') ? '\t' : ','), expected));
    }
  });
});
