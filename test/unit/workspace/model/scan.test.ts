// Which workspace files the ABI scan reads (src/workspace/model/scan.ts): the toolchains' paths, node_modules
// left out, the caps at their exact edges (files, bytes, time), with an in-memory file system and on
// a real checkout; a file that lies about its size (the path rules: folderFile.test.ts).
import * as assert from 'node:assert/strict';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { AbiIndex } from '../../../../src/evm/model/abiIndex';
import { ABI_EXCLUDE_GLOB, ABI_INCLUDE_GLOB, abiFileKind, indexFile, type ScanFile, scanIntoIndex, type ScanIo } from '../../../../src/workspace/model/scan';
import { nodeFolderIo } from '../../../fixtures/nodeFolderFs';
import { endlessChunks, memScanIo as memIo, openedBytes, stalledChunks } from '../../../fixtures/abiFiles';
import { SCAN_LIMITS, vaultBuildText, vaultItem } from '../../helpers/evm';

const file = (p: string): ScanFile<string> => ({ uri: p, folder: '/w', key: `file:///w/${p}`, label: p });
const ONE_FN = JSON.stringify({ abi: [{ type: 'function', name: 'f', inputs: [] }] });

describe('workspace/model/scan: abiFileKind', () => {
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

describe('workspace/model/scan: caps', () => {
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
    assert.deepEqual(report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 0, leftOut: 0, badItems: 5, millis: 0 });
  });

  it('the time cap: a file is still read at exactly maxMillis; one opened past it is abandoned, one after it never opened', async () => {
    const files = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.abi.json`));
    const limits = { maxFiles: 10, maxFileBytes: 1e6, maxMillis: 50 };
    // The clock stands still but for each open, which moves it to the time given for that file.
    const run = async (at: Record<string, number>) => {
      let t = 100;
      const opened: string[] = [];
      const mem = memIo({ 'a.abi.json': '[]', 'b.abi.json': '[]', 'c.abi.json': '[]', 'd.abi.json': '[]' }, opened);
      const io = { open: (f: ScanFile<string>) => ((t = at[f.uri] ?? t), mem.open(f)) };
      return { report: await scanIntoIndex(new AbiIndex(), files, io, limits, () => t), opened };
    };
    const atCap = await run({ 'a.abi.json': 120, 'b.abi.json': 150 });
    assert.deepEqual(atCap.report, { indexed: 4, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 0, leftOut: 0, badItems: 0, millis: 50 });
    const past = await run({ 'a.abi.json': 120, 'b.abi.json': 150, 'c.abi.json': 151 });
    assert.deepEqual(past.report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 0, leftOut: 2, badItems: 0, millis: 51 });
    assert.deepEqual(past.opened, ['a.abi.json', 'b.abi.json', 'c.abi.json']);
  });

  it('the file cap: exactly maxFiles are read', async () => {
    const files = ['a', 'b', 'c'].map((n) => file(`${n}.abi.json`));
    const io = memIo({ 'a.abi.json': '[]', 'b.abi.json': '[]', 'c.abi.json': '[]' });
    const report = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 2, maxFileBytes: 1e6, maxMillis: 1e9 }, () => 5);
    assert.deepEqual(report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 0, leftOut: 1, badItems: 0, millis: 0 });
  });

  it('the memory budget: a file past it is counted, not kept, and a later one that fits is still read', async () => {
    const big = JSON.stringify({ abi: Array.from({ length: 20 }, (_, i) => ({ type: 'function', name: `f${i}`, inputs: [] })) });
    const small = new AbiIndex();
    await indexFile(small, file('s.abi.json'), memIo({ 's.abi.json': ONE_FN }), { maxFiles: 1, maxFileBytes: 1e6, maxMillis: 1e9 });
    const index = new AbiIndex(small.bytes * 2);
    const io = memIo({ 'a.abi.json': ONE_FN, 'big.abi.json': big, 'c.abi.json': ONE_FN });
    const files = ['a', 'big', 'c'].map((n) => file(`${n}.abi.json`));
    const report = await scanIntoIndex(index, files, io, { maxFiles: 10, maxFileBytes: 1e6, maxMillis: 1e9 }, () => 0);
    assert.deepEqual(report, { indexed: 2, noAbi: 0, malformed: 0, tooLarge: 0, refused: 0, overBudget: 1, leftOut: 0, badItems: 0, millis: 0 });
    assert.deepEqual([index.has('file:///w/a.abi.json'), index.has('file:///w/big.abi.json'), index.has('file:///w/c.abi.json')], [true, false, true]);
  });

  it('at most `concurrency` files are open at once, and every file is read', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `f${i}.abi.json`);
    const mem = memIo(Object.fromEntries(names.map((n) => [n, '[]'])));
    let open = 0;
    let most = 0;
    const io = {
      open: async (f: ScanFile<string>) => {
        most = Math.max(most, ++open);
        await new Promise((r) => setImmediate(r));
        const opened = await mem.open(f);
        if ('chunks' in opened) {
          const close = opened.close;
          opened.close = () => (open--, close());
        }
        return opened;
      },
    };
    const report = await scanIntoIndex(new AbiIndex(), names.map(file), io, { maxFiles: 100, maxFileBytes: 1e6, maxMillis: 1e9, concurrency: 3 }, () => 0);
    assert.equal(report.indexed, 10);
    assert.equal(most, 3);
    assert.equal(open, 0);
  });
});

describe('workspace/model/scan: a checkout on disk', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'wasp-abi-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  function put(path: string, text: string): void {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  function walk(at: string): string[] {
    return readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(at, e.name)) : [join(at, e.name)]));
  }

  it('reads the toolchains’ outputs, skips node_modules (a 50 MB JSON there is never read), a large file unread, a malformed one counted', async () => {
    const vault = vaultBuildText('hardhat');
    put('artifacts/contracts/Vault.sol/Vault.json', vault);
    put('artifacts/contracts/Vault.sol/Vault.dbg.json', '{"buildInfo": "x"}');
    put('out/Vault.sol/Vault.json', vaultBuildText('foundry'));
    put('build/contracts/Vault.json', vault);
    put('abis/Token.abi.json', JSON.stringify(JSON.parse(vault).abi));
    put('artifacts/broken.json', '{"abi": [');
    put('artifacts/cache.json', '{"files": {}}');
    put('src/notes.json', vault);
    // 50 MB, sparse: in node_modules (excluded by path) and under artifacts (too large: stat, never read).
    for (const path of ['node_modules/big/artifacts/Big.json', 'artifacts/Huge.json']) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      const fd = openSync(join(dir, path), 'w');
      ftruncateSync(fd, 50 * 1024 * 1024);
      closeSync(fd);
    }
    const rel = (p: string) => relative(dir, p).split(sep).join('/');
    const found = walk(dir).filter((p) => abiFileKind(rel(p)) !== undefined);
    assert.ok(!found.some((p) => rel(p).startsWith('node_modules/')));
    assert.ok(!found.some((p) => rel(p).endsWith('.dbg.json') || rel(p) === 'src/notes.json'));
    const reads: string[] = [];
    const io: ScanIo<string> = {
      open: async (f) => {
        const opened = await nodeFolderIo().open(f);
        if ('chunks' in opened) {
          const chunks = opened.chunks;
          opened.chunks = (async function* () {
            for await (const c of chunks) {
              reads.push(rel(f.uri));
              yield c;
            }
          })();
        }
        return opened;
      },
    };
    const files: ScanFile<string>[] = found.map((p) => ({ uri: p, folder: dir, key: p, label: rel(p) }));
    const index = new AbiIndex();
    const report = await scanIntoIndex(index, files, io);
    assert.deepEqual(
      { ...report, millis: 0 },
      { indexed: 4, noAbi: 1, malformed: 1, tooLarge: 1, refused: 0, overBudget: 0, leftOut: 0, badItems: 0, millis: 0 },
    );
    assert.ok(!reads.includes('artifacts/Huge.json'));
    assert.equal(index.errors(vaultItem('error', 'InsufficientBalance(uint256,uint256)').selector)[0]?.sources.length, 4);
    assert.deepEqual(
      ['hardhat', 'foundry', 'truffle', 'abi'],
      ['artifacts/a/B.json', 'out/B.sol/B.json', 'build/contracts/B.json', 'x/B.abi.json'].map(abiFileKind),
    );
  });

  it('stops at the file cap and the time cap, counting what it left out', async () => {
    const files: ScanFile<string>[] = Array.from({ length: 10 }, (_, i) => ({ uri: `${i}`, folder: '/w', key: `${i}`, label: `${i}` }));
    const io: ScanIo<string> = { open: async () => openedBytes(new TextEncoder().encode('[]')) };
    const capped = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 3, maxFileBytes: 100, maxMillis: 1e9 });
    assert.equal(capped.indexed, 3);
    assert.equal(capped.leftOut, 7);
    let clock = 0;
    const slow = await scanIntoIndex(new AbiIndex(), files, io, { maxFiles: 100, maxFileBytes: 100, maxMillis: 50 }, () => (clock += 20));
    assert.ok(slow.leftOut > 0 && slow.indexed + slow.leftOut === 10, JSON.stringify(slow));
  });
});

describe('workspace/model/scan: a file that lies about its size', () => {
  it('stat says 0 bytes (procfs), the read never ends: abandoned at maxFileBytes, closed, old items removed', async () => {
    const index = new AbiIndex();
    index.setFile('file:///w/artifacts/x.json', 'x', []);
    const endless = endlessChunks(64 * 1024);
    const opened = openedBytes(new Uint8Array(0), 0);
    opened.chunks = endless;
    const file: ScanFile<string> = { uri: 'x', folder: '/w', key: 'file:///w/artifacts/x.json', label: 'x' };
    const outcome = await indexFile(index, file, { open: async () => opened }, { ...SCAN_LIMITS, maxFileBytes: 1024 * 1024 });
    assert.deepEqual(outcome, { outcome: 'tooLarge', badItems: 0 });
    assert.equal(endless.pulled, 17);
    assert.equal(opened.closed, 1);
    assert.equal(index.has('file:///w/artifacts/x.json'), false);
  });

  it('a stalled read past the deadline: left out, and the file closed', async () => {
    const opened = openedBytes(new Uint8Array(0), 0);
    opened.chunks = stalledChunks(new Uint8Array(1));
    const file: ScanFile<string> = { uri: 'x', folder: '/w', key: 'k', label: 'x' };
    const report = await scanIntoIndex(new AbiIndex(), [file], { open: async () => opened }, { ...SCAN_LIMITS, maxMillis: 30 });
    assert.equal(report.leftOut, 1);
    assert.equal(opened.closed, 1);
  });
});
