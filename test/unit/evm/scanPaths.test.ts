// Which workspace paths hold ABIs, and the scan's caps at their exact edges (src/evm/model/scan.ts),
// with an in-memory file system and an injected clock.
import * as assert from 'node:assert/strict';
import { AbiIndex } from '../../../src/evm/model/abiIndex';
import { ABI_EXCLUDE_GLOB, ABI_INCLUDE_GLOB, abiFileKind, indexFile, scanIntoIndex, type ScanFile, type ScanIo } from '../../../src/evm/model/scan';

/** An in-memory file system: path -> text. */
function memIo(files: Record<string, string>): ScanIo<string> {
  return {
    size: async (p) => new TextEncoder().encode(files[p] ?? '').length,
    read: async (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`ENOENT ${p}`);
      return new TextEncoder().encode(text);
    },
  };
}

const file = (p: string): ScanFile<string> => ({ uri: p, key: `file:///w/${p}`, label: p });
const ONE_FN = JSON.stringify({ abi: [{ type: 'function', name: 'f', inputs: [] }] });

describe('evm/model/scan: abiFileKind', () => {
  it('the four toolchains, by path', () => {
    assert.deepEqual(
      ['artifacts/contracts/A.sol/A.json', 'out/A.sol/A.json', 'build/contracts/A.json', 'abis/A.abi.json', 'A.abi.json', 'pkg/build/contracts/A.json'].map(
        abiFileKind,
      ),
      ['hardhat', 'foundry', 'truffle', 'abi', 'abi', 'truffle'],
    );
  });

  it('empty segments (a leading, doubled or trailing slash) are ignored', () => {
    assert.equal(abiFileKind('build//contracts/A.json'), 'truffle');
    assert.equal(abiFileKind('/build/contracts/A.json'), 'truffle');
    assert.equal(abiFileKind('abis/A.abi.json/'), 'abi');
    assert.equal(abiFileKind('artifacts//A.json'), 'hardhat');
    assert.equal(abiFileKind(''), undefined);
    assert.equal(abiFileKind('/'), undefined);
  });

  it('not JSON, or excluded: dependencies, VCS data, build-info, debug files', () => {
    for (const p of [
      'artifacts/A.txt',
      'artifacts/A.json.bak',
      'node_modules/x/artifacts/A.json',
      'node_modules/A.abi.json',
      '.git/out/A.json',
      '.git/A.abi.json',
      'artifacts/build-info/abc.json',
      'artifacts/contracts/A.sol/A.dbg.json',
    ]) {
      assert.equal(abiFileKind(p), undefined, p);
    }
  });

  it('Truffle writes build/contracts/*.json only: not deeper, not under another contracts or build folder', () => {
    for (const p of [
      'x/contracts/A.json',
      'contracts/A.json',
      'build/x/A.json',
      'build/A.json',
      'build/contracts/sub/A.json',
      'contracts/build/A.json',
      'src/A.json',
    ]) {
      assert.equal(abiFileKind(p), undefined, p);
    }
  });

  it('the globs name the same places', () => {
    assert.deepEqual(ABI_INCLUDE_GLOB.slice(1, -1).split(','), ['**/artifacts/**/*.json', '**/out/**/*.json', '**/build/contracts/*.json', '**/*.abi.json']);
    assert.deepEqual(ABI_EXCLUDE_GLOB.slice(1, -1).split(','), ['**/node_modules/**', '**/.git/**', '**/build-info/**', '**/*.dbg.json']);
  });
});

describe('evm/model/scan: caps', () => {
  it('a file of exactly maxFileBytes is read; one byte more is not, and its old items leave the index', async () => {
    const index = new AbiIndex();
    const limits = { maxFiles: 10, maxFileBytes: ONE_FN.length, maxMillis: 1e9 };
    assert.deepEqual(await indexFile(index, file('a.abi.json'), memIo({ 'a.abi.json': ONE_FN }), limits), { outcome: 'indexed', badItems: 0 });
    assert.ok(index.has('file:///w/a.abi.json'));
    assert.deepEqual(await indexFile(index, file('a.abi.json'), memIo({ 'a.abi.json': `${ONE_FN} ` }), limits), { outcome: 'tooLarge', badItems: 0 });
    assert.equal(index.has('file:///w/a.abi.json'), false);
  });

  it('unreadable, not JSON, JSON without an ABI: each removes the file from the index', async () => {
    const limits = { maxFiles: 10, maxFileBytes: 1e6, maxMillis: 1e9 };
    for (const [text, outcome] of [
      [undefined, 'malformed'],
      ['{"abi": [', 'malformed'],
      ['{"files": {}}', 'noAbi'],
    ] as const) {
      const index = new AbiIndex();
      index.setFile('file:///w/a.json', 'a.json', []);
      const files: Record<string, string> = text === undefined ? {} : { 'a.json': text };
      assert.deepEqual(await indexFile(index, file('a.json'), memIo(files), limits), { outcome, badItems: 0 });
      assert.equal(index.has('file:///w/a.json'), false);
    }
  });

  it('bad entries are summed over the files', async () => {
    const withBad = (n: number) =>
      JSON.stringify([{ type: 'function', name: 'ok', inputs: [] }, ...Array.from({ length: n }, () => ({ type: 'function', name: 'bad name' }))]);
    const io = memIo({ 'a.abi.json': withBad(2), 'b.abi.json': withBad(3) });
    const report = await scanIntoIndex(
      new AbiIndex(),
      [file('a.abi.json'), file('b.abi.json')],
      io,
      { maxFiles: 10, maxFileBytes: 1e6, maxMillis: 1e9 },
      () => 0,
    );
    assert.deepEqual(report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, leftOut: 0, badItems: 5, millis: 0 });
  });

  it('the time cap: a file is still read at exactly maxMillis, not past it; millis is the time taken', async () => {
    const files = ['a', 'b', 'c'].map((n) => file(`${n}.abi.json`));
    const io = memIo({ 'a.abi.json': '[]', 'b.abi.json': '[]', 'c.abi.json': '[]' });
    const limits = { maxFiles: 10, maxFileBytes: 1e6, maxMillis: 50 };
    // The clock: the start, then one reading before each file, then the end.
    const clock = (times: number[]) => () => times.shift() ?? 999;
    const atCap = await scanIntoIndex(new AbiIndex(), files, io, limits, clock([100, 120, 150, 150, 160]));
    assert.deepEqual(atCap, { indexed: 3, noAbi: 0, malformed: 0, tooLarge: 0, leftOut: 0, badItems: 0, millis: 60 });
    const past = await scanIntoIndex(new AbiIndex(), files, io, limits, clock([100, 120, 151, 151, 170]));
    assert.deepEqual(past, { indexed: 1, noAbi: 0, malformed: 0, tooLarge: 0, leftOut: 2, badItems: 0, millis: 70 });
  });

  it('the file cap: exactly maxFiles are read', async () => {
    const files = ['a', 'b', 'c'].map((n) => file(`${n}.abi.json`));
    const io = memIo({ 'a.abi.json': '[]', 'b.abi.json': '[]', 'c.abi.json': '[]' });
    const report = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 2, maxFileBytes: 1e6, maxMillis: 1e9 }, () => 5);
    assert.deepEqual(report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, leftOut: 1, badItems: 0, millis: 0 });
  });
});
