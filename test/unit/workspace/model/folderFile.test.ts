// How a scan opens a workspace file through a file system that can only stat and read whole files
// (src/workspace/model/folderFile.ts, as vscode.workspace.fs gives it in every host, a browser's
// included): a hostile checkout on a real disk (links to /dev/zero, /proc/self/pagemap, out of the
// folder and into node_modules, a linked folder, a FIFO, a huge file, malformed JSON), and the path
// rules on an in-memory file system.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbiIndex, parseAbiItem } from '../../../../src/evm/model/abiIndex';
import { openInFolder, pathBelow, type PathFacts, type StatReadFs } from '../../../../src/workspace/model/folderFile';
import { type ScanFile, scanIntoIndex } from '../../../../src/workspace/model/scan';
import { typeRefusal } from '../../../../src/workspace/model/scanGuard';
import { nodeFolderFs, nodeFolderIo } from '../../../fixtures/nodeFolderFs';
import { SCAN_LIMITS, vaultBuildText } from '../../helpers/evm';

const VAULT = vaultBuildText();
const abiWithError = (name: string) => JSON.stringify({ abi: [{ type: 'error', name, inputs: [] }] });
const errorSelector = (name: string) => parseAbiItem({ type: 'error', name, inputs: [] })?.selector ?? '';

describe('workspace/model/folderFile: a hostile checkout on disk', function () {
  this.timeout(20_000);
  let root: string;
  let folder: string;
  const files: ScanFile<string>[] = [];
  const add = (rel: string) => files.push({ uri: join(folder, rel), folder, key: rel, label: rel });
  const put = (rel: string, text: string) => {
    mkdirSync(join(folder, rel, '..'), { recursive: true });
    writeFileSync(join(folder, rel), text);
  };
  const open = (rel: string) => openInFolder(nodeFolderFs, folder, rel);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'wasp-hostile-abi-'));
    folder = join(root, 'ws');
    put('artifacts/contracts/Vault.sol/Vault.json', VAULT);
    put('artifacts/broken.json', '{"abi": [');
    writeFileSync(join(root, 'Outside.abi.json'), abiWithError('OutsideSecret'));
    mkdirSync(join(root, 'elsewhere/artifacts'), { recursive: true });
    writeFileSync(join(root, 'elsewhere/artifacts/Far.json'), abiWithError('FarAway'));
    put('node_modules/dep/Dep.abi.json', abiWithError('InDependency'));
    put('shared/artifacts/Shared.json', abiWithError('SharedInside'));
    symlinkSync('/dev/zero', join(folder, 'artifacts/zero.json'));
    symlinkSync('/proc/self/pagemap', join(folder, 'artifacts/pagemap.json'));
    symlinkSync(join(root, 'Outside.abi.json'), join(folder, 'artifacts/outside.json'));
    symlinkSync(join(folder, 'node_modules/dep/Dep.abi.json'), join(folder, 'artifacts/dep.json'));
    symlinkSync(join(folder, 'artifacts/nowhere.json'), join(folder, 'artifacts/dangling.json'));
    symlinkSync(join(folder, 'shared/artifacts'), join(folder, 'out'));
    symlinkSync(join(root, 'elsewhere'), join(folder, 'linked'));
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
      'linked/artifacts/Far.json',
    ])
      add(rel);
  });

  after(() => rmSync(root, { recursive: true, force: true }));

  it('a link in the file name is refused unread wherever it leads: /dev/zero, /proc/self/pagemap, out of the folder, into node_modules, nowhere', async () => {
    for (const rel of ['artifacts/zero.json', 'artifacts/pagemap.json', 'artifacts/outside.json', 'artifacts/dep.json', 'artifacts/dangling.json']) {
      assert.deepEqual(await open(rel), { refused: 'notFile' }, rel);
    }
  });

  it('a linked folder on the way is refused: where it leads cannot be seen through the editor file system', async () => {
    assert.deepEqual(await open('out/Shared.json'), { refused: 'outside' });
    assert.deepEqual(await open('linked/artifacts/Far.json'), { refused: 'outside' });
  });

  it('a FIFO is refused without blocking on it', async () => {
    assert.deepEqual(await open('artifacts/fifo.json'), { refused: 'notFile' });
  });

  it('a regular file says its size before a byte is read, then reads whole', async () => {
    const huge = await open('artifacts/Huge.json');
    assert.ok('size' in huge && huge.size === 50 * 1024 * 1024);
    await huge.close();
    const vault = await open('artifacts/contracts/Vault.sol/Vault.json');
    assert.ok('chunks' in vault);
    const parts: Uint8Array[] = [];
    for await (const c of vault.chunks) parts.push(c);
    assert.equal(new TextDecoder().decode(parts[0]), VAULT);
  });

  it('the whole scan: the artifact indexed, each hostile file counted, nothing from outside, a linked folder or node_modules in the index', async () => {
    const index = new AbiIndex();
    const report = await scanIntoIndex(index, files, nodeFolderIo(), SCAN_LIMITS);
    assert.deepEqual(
      { ...report, millis: 0 },
      { indexed: 1, noAbi: 0, malformed: 1, tooLarge: 1, refused: 7, overBudget: 0, leftOut: 0, badItems: 0, millis: 0 },
    );
    assert.equal(index.functions('0xa9059cbb')[0]?.item.name, 'transfer');
    for (const name of ['SharedInside', 'OutsideSecret', 'InDependency', 'FarAway']) assert.deepEqual(index.errors(errorSelector(name)), [], name);
  });
});

describe('workspace/model/folderFile: the path rules', () => {
  /** A file system of these paths (folders implied), recording every stat and read. */
  function memFs(files: Record<string, string>, links: string[] = []) {
    const calls: string[] = [];
    const fs: StatReadFs<string> = {
      below: (folder, segments) => [folder, ...segments].join('/'),
      stat: async (path): Promise<PathFacts> => {
        calls.push(`stat ${path}`);
        const isFile = path in files;
        const isDir = Object.keys(files).some((f) => f.startsWith(`${path}/`));
        if (!isFile && !isDir) throw new Error(`ENOENT ${path}`);
        return { file: isFile, directory: isDir, link: links.includes(path), size: files[path]?.length ?? 0 };
      },
      readFile: async (path) => {
        calls.push(`read ${path}`);
        return new TextEncoder().encode(files[path]);
      },
    };
    return { fs, calls };
  }

  it('a file on an ABI path is opened, its folders and itself stated, nothing read until asked', async () => {
    const { fs, calls } = memFs({ '/w/artifacts/A.sol/A.json': '{}' });
    const opened = await openInFolder(fs, '/w', 'artifacts/A.sol/A.json');
    assert.ok('size' in opened && opened.size === 2);
    assert.deepEqual(calls.sort(), ['stat /w/artifacts', 'stat /w/artifacts/A.sol', 'stat /w/artifacts/A.sol/A.json']);
  });

  it('a path that climbs or doubles its separators is outside, without a stat', async () => {
    const { fs, calls } = memFs({ '/w/artifacts/A.json': '{}' });
    for (const rel of ['../etc/A.abi.json', 'artifacts/../../A.abi.json', 'artifacts//A.json', './artifacts/A.json', '', 'artifacts/A.json/']) {
      assert.deepEqual(await openInFolder(fs, '/w', rel), { refused: 'outside' }, rel);
    }
    assert.deepEqual(calls, []);
  });

  it('inside the folder but where the scan never looks (node_modules, .git, build-info, not an ABI path) is excluded, without a stat', async () => {
    const { fs, calls } = memFs({});
    for (const rel of ['node_modules/x/artifacts/A.json', '.git/A.abi.json', 'artifacts/build-info/x.json', 'package.json', 'src/A.json']) {
      assert.deepEqual(await openInFolder(fs, '/w', rel), { refused: 'excluded' }, rel);
    }
    assert.deepEqual(calls, []);
  });

  it('another rule reads other paths', async () => {
    const { fs } = memFs({ '/w/deployments/iota/Vault.json': '{}' });
    assert.deepEqual(await openInFolder(fs, '/w', 'deployments/iota/Vault.json'), { refused: 'excluded' });
    const opened = await openInFolder(fs, '/w', 'deployments/iota/Vault.json', (rel) => rel.startsWith('deployments/'));
    assert.ok('chunks' in opened);
  });

  it('a link anywhere on the way is refused: a linked folder is outside, a linked file is not a file', async () => {
    const files = { '/w/artifacts/A.sol/A.json': '{}' };
    assert.deepEqual(await openInFolder(memFs(files, ['/w/artifacts']).fs, '/w', 'artifacts/A.sol/A.json'), { refused: 'outside' });
    assert.deepEqual(await openInFolder(memFs(files, ['/w/artifacts/A.sol']).fs, '/w', 'artifacts/A.sol/A.json'), { refused: 'outside' });
    assert.deepEqual(await openInFolder(memFs(files, ['/w/artifacts/A.sol/A.json']).fs, '/w', 'artifacts/A.sol/A.json'), { refused: 'notFile' });
  });

  it('a candidate that is a folder is not a file', async () => {
    const { fs } = memFs({ '/w/artifacts/x.json/A.json': '{}' });
    assert.deepEqual(await openInFolder(fs, '/w', 'artifacts/x.json'), { refused: 'notFile' });
  });

  it('a file that vanished between the search and the read fails as the file system says', async () => {
    const { fs } = memFs({});
    await assert.rejects(openInFolder(fs, '/w', 'artifacts/A.json'), /ENOENT/);
  });

  it('typeRefusal: only a regular file that is not a link', () => {
    assert.equal(typeRefusal({ file: true, link: false }), undefined);
    assert.equal(typeRefusal({ file: true, link: true }), 'notFile');
    assert.equal(typeRefusal({ file: false, link: false }), 'notFile');
  });

  it('pathBelow: the path under the folder, or nothing for a sibling with its prefix, the folder itself or elsewhere', () => {
    assert.equal(pathBelow('/w', '/w/artifacts/A.json'), 'artifacts/A.json');
    assert.equal(pathBelow('/w/', '/w/abis/A.abi.json'), 'abis/A.abi.json');
    for (const other of ['/w-evil/artifacts/A.json', '/w', '/etc/A.abi.json', 'w/A.json']) assert.equal(pathBelow('/w', other), undefined, other);
  });
});
