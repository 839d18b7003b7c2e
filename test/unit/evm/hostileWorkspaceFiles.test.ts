// A hostile checkout against the ABI scan, in plain Node on real temp dirs: links to /dev/zero and
// out of the folder, a FIFO, a huge file, malformed JSON (src/evm/nodeScanIo.ts with
// src/evm/model/scan.ts), and endless or stalled sources against the read caps (model/scanGuard.ts).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbiIndex, parseAbiItem } from '../../../src/evm/model/abiIndex';
import { indexFile, realPathRefusal, scanIntoIndex, type ScanFile } from '../../../src/workspace/model/scan';
import { readCapped, typeRefusal } from '../../../src/workspace/model/scanGuard';
import { nodeScanIo, openWorkspaceFile } from '../../../src/workspace/nodeScanIo';
import { endlessChunks, openedBytes, stalledChunks } from '../../fixtures/abiFiles';
import { repoRoot } from '../../fixtures/paths';

const LIMITS = { maxFiles: 100, maxFileBytes: 4 * 1024 * 1024, maxMillis: 10_000, concurrency: 4 };
const VAULT = readFileSync(join(repoRoot(__dirname), 'test/fixtures/evm/hardhat/artifacts/contracts/Vault.sol/Vault.json'), 'utf8');
const abiWithError = (name: string) => JSON.stringify({ abi: [{ type: 'error', name, inputs: [] }] });
const errorSelector = (name: string) => parseAbiItem({ type: 'error', name, inputs: [] })?.selector ?? '';

describe('evm/model/scan: realPathRefusal', () => {
  it('a real path inside the folder on an ABI path is read', () => {
    assert.equal(realPathRefusal('/w', '/w/artifacts/A.sol/A.json'), undefined);
    assert.equal(realPathRefusal('/w/', '/w/abis/A.abi.json'), undefined);
    assert.equal(realPathRefusal('C:\\w', 'C:\\w\\out\\A.sol\\A.json'), undefined);
  });

  it('outside the folder: another tree, a sibling that shares its prefix, the folder itself, a device', () => {
    for (const real of ['/etc/A.abi.json', '/w-evil/artifacts/A.json', '/w', '/dev/zero', '/proc/1/pagemap', 'C:\\x\\A.abi.json']) {
      assert.equal(realPathRefusal('/w', real), 'outside', real);
    }
    assert.equal(realPathRefusal('/w', '/w/../etc/A.abi.json'), 'outside');
  });

  it('inside the folder but where the scan never looks: node_modules, .git, build-info, not an ABI path', () => {
    for (const real of ['/w/node_modules/x/artifacts/A.json', '/w/.git/A.abi.json', '/w/artifacts/build-info/x.json', '/w/package.json', '/w/src/A.json']) {
      assert.equal(realPathRefusal('/w', real), 'excluded', real);
    }
  });

  it('typeRefusal: only a regular file that is not a link', () => {
    assert.equal(typeRefusal({ file: true, link: false }), undefined);
    assert.equal(typeRefusal({ file: true, link: true }), 'notFile');
    assert.equal(typeRefusal({ file: false, link: false }), 'notFile');
  });
});

describe('evm/model/scanGuard: readCapped', () => {
  it('an endless source is abandoned one chunk past the cap, and its iterator returned (the stream closed)', async () => {
    const source = endlessChunks(1000);
    assert.deepEqual(await readCapped(source, 10_000, () => 1e9), { stopped: 'tooLarge' });
    assert.equal(source.pulled, 11);
    assert.equal(source.returned, true);
  });

  it('exactly the cap is read whole, in order', async () => {
    const chunks = (async function* () {
      yield new Uint8Array([1, 2]);
      yield new Uint8Array([3]);
    })();
    assert.deepEqual(await readCapped(chunks, 3, () => 1e9), { bytes: new Uint8Array([1, 2, 3]) });
  });

  it('a source that stalls is abandoned when the time left runs out', async () => {
    assert.deepEqual(await readCapped(stalledChunks(new Uint8Array(1)), 100, () => 20), { stopped: 'late' });
  });

  it('no time left: nothing is awaited', async () => {
    const source = endlessChunks(1);
    assert.deepEqual(await readCapped(source, 100, () => -1), { stopped: 'late' });
    assert.equal(source.returned, true);
  });
});

describe('evm/model/scan: a file that lies about its size', () => {
  it('stat says 0 bytes (procfs), the read never ends: abandoned at maxFileBytes, closed, old items removed', async () => {
    const index = new AbiIndex();
    index.setFile('file:///w/artifacts/x.json', 'x', []);
    const endless = endlessChunks(64 * 1024);
    const opened = openedBytes(new Uint8Array(0), 0);
    opened.chunks = endless;
    const file: ScanFile<string> = { uri: 'x', folder: '/w', key: 'file:///w/artifacts/x.json', label: 'x' };
    const outcome = await indexFile(index, file, { open: async () => opened }, { ...LIMITS, maxFileBytes: 1024 * 1024 });
    assert.deepEqual(outcome, { outcome: 'tooLarge', badItems: 0 });
    assert.equal(endless.pulled, 17);
    assert.equal(opened.closed, 1);
    assert.equal(index.has('file:///w/artifacts/x.json'), false);
  });

  it('a stalled read past the deadline: left out, and the file closed', async () => {
    const opened = openedBytes(new Uint8Array(0), 0);
    opened.chunks = stalledChunks(new Uint8Array(1));
    const file: ScanFile<string> = { uri: 'x', folder: '/w', key: 'k', label: 'x' };
    const report = await scanIntoIndex(new AbiIndex(), [file], { open: async () => opened }, { ...LIMITS, maxMillis: 30 });
    assert.equal(report.leftOut, 1);
    assert.equal(opened.closed, 1);
  });
});

describe('evm/nodeScanIo: a hostile checkout on disk', function () {
  this.timeout(20_000);
  let root: string;
  let folder: string;
  const files: ScanFile<string>[] = [];
  const add = (rel: string) => files.push({ uri: join(folder, rel), folder, key: rel, label: rel });
  const put = (rel: string, text: string) => {
    mkdirSync(join(folder, rel, '..'), { recursive: true });
    writeFileSync(join(folder, rel), text);
  };

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'wasp-hostile-abi-'));
    folder = join(root, 'ws');
    put('artifacts/contracts/Vault.sol/Vault.json', VAULT);
    put('artifacts/broken.json', '{"abi": [');
    writeFileSync(join(root, 'Outside.abi.json'), abiWithError('OutsideSecret'));
    put('node_modules/dep/Dep.abi.json', abiWithError('InDependency'));
    mkdirSync(join(folder, 'shared/artifacts'), { recursive: true });
    writeFileSync(join(folder, 'shared/artifacts/Shared.json'), abiWithError('SharedInside'));
    symlinkSync('/dev/zero', join(folder, 'artifacts/zero.json'));
    symlinkSync('/proc/self/pagemap', join(folder, 'artifacts/pagemap.json'));
    symlinkSync(join(root, 'Outside.abi.json'), join(folder, 'artifacts/outside.json'));
    symlinkSync(join(folder, 'node_modules/dep/Dep.abi.json'), join(folder, 'artifacts/dep.json'));
    symlinkSync(join(folder, 'shared/artifacts'), join(folder, 'out'));
    execFileSync('mkfifo', [join(folder, 'artifacts/fifo.json')]);
    const fd = openSync(join(folder, 'artifacts/Huge.json'), 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
    for (const rel of [
      'artifacts/contracts/Vault.sol/Vault.json',
      'artifacts/broken.json',
      'artifacts/zero.json',
      'artifacts/pagemap.json',
      'artifacts/outside.json',
      'artifacts/dep.json',
      'artifacts/fifo.json',
      'artifacts/Huge.json',
      'out/Shared.json',
    ])
      add(rel);
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  it('links to /dev/zero, /proc/self/pagemap, out of the folder and into node_modules are refused unread', async () => {
    for (const rel of ['artifacts/zero.json', 'artifacts/pagemap.json', 'artifacts/outside.json']) {
      assert.deepEqual(await openWorkspaceFile(folder, join(folder, rel)), { refused: 'outside' }, rel);
    }
    assert.deepEqual(await openWorkspaceFile(folder, join(folder, 'artifacts/dep.json')), { refused: 'excluded' });
  });

  it('a FIFO is refused without blocking on it', async () => {
    assert.deepEqual(await openWorkspaceFile(folder, join(folder, 'artifacts/fifo.json')), { refused: 'notFile' });
  });

  it('a linked folder whose real path stays inside, on an ABI path, is read', async () => {
    const opened = await openWorkspaceFile(folder, join(folder, 'out/Shared.json'));
    assert.ok('chunks' in opened);
    await opened.close();
  });

  it('the whole scan: the artifact indexed, each hostile file counted, nothing from outside or node_modules in the index', async () => {
    const index = new AbiIndex();
    const report = await scanIntoIndex(index, files, nodeScanIo, LIMITS);
    assert.deepEqual(
      { ...report, millis: 0 },
      { indexed: 2, noAbi: 0, malformed: 1, tooLarge: 1, refused: 5, overBudget: 0, leftOut: 0, badItems: 0, millis: 0 },
    );
    assert.equal(index.functions('0xa9059cbb')[0]?.item.name, 'transfer');
    assert.equal(index.errors(errorSelector('SharedInside')).length, 1);
    assert.deepEqual(index.errors(errorSelector('OutsideSecret')), []);
    assert.deepEqual(index.errors(errorSelector('InDependency')), []);
  });
});
