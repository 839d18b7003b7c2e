// A hostile checkout against the ABI scan, in plain Node on real temp dirs (src/workspace/nodeScanIo.ts):
// links to /dev/zero and out of the folder, a FIFO, a huge file, malformed JSON.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbiIndex, parseAbiItem } from '../../../src/evm/model/abiIndex';
import { type ScanFile, scanIntoIndex } from '../../../src/workspace/model/scan';
import { nodeScanIo, openWorkspaceFile } from '../../../src/workspace/nodeScanIo';
import { SCAN_LIMITS, vaultBuildText } from '../helpers/evm';

const VAULT = vaultBuildText();
const abiWithError = (name: string) => JSON.stringify({ abi: [{ type: 'error', name, inputs: [] }] });
const errorSelector = (name: string) => parseAbiItem({ type: 'error', name, inputs: [] })?.selector ?? '';

describe('workspace/nodeScanIo: a hostile checkout on disk', function () {
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
    const report = await scanIntoIndex(index, files, nodeScanIo, SCAN_LIMITS);
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
