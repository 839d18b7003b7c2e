// The address book (src/workspace/model/deployments.ts): which paths are deployment records of
// Hardhat Ignition, hardhat-deploy and Foundry, what each says, which name wins for which chain, the
// user's labels; then a hostile checkout on disk: links to /dev/zero and out of the folder, a FIFO,
// a huge record, malformed JSON, names that are not one short line.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AddressBook,
  deploymentKind,
  isDeploymentPath,
  MAX_LABELS,
  parseDeploymentRecord,
  readAddressBook,
  userLabels,
  type AddressLabel,
} from '../../../../src/workspace/model/deployments';
import type { ScanFile } from '../../../../src/workspace/model/scan';
import { nodeFolderIo } from '../../../fixtures/nodeFolderFs';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;
const C = `0x${'Cc'.repeat(20)}`;

describe('workspace/model/deployments: the records', () => {
  it('knows each toolchain by its path, and nothing in node_modules, .git, solcInputs or beside the records', () => {
    const cases: Array<[string, ReturnType<typeof deploymentKind>]> = [
      ['ignition/deployments/chain-8822/deployed_addresses.json', 'ignition'],
      ['pkg/ignition/deployments/mine/deployed_addresses.json', 'ignition'],
      ['ignition/deployments/chain-8822/journal.jsonl', undefined],
      ['ignition/deployments/chain-8822/artifacts/Ledger.json', undefined],
      ['ignition/deployments/chain-8822/other.json', undefined],
      ['deployments/iota/Vault.json', 'hardhatDeploy'],
      ['deployments/iota/.chainId', 'hardhatDeployChainId'],
      ['deployments/iota/solcInputs/abc.json', undefined],
      ['deployments/iota/.migrations.json', undefined],
      ['broadcast/Deploy.s.sol/8822/run-latest.json', 'foundry'],
      ['broadcast/Deploy.s.sol/8822/run-1700000000.json', undefined],
      ['broadcast/Deploy.s.sol/latest/run-latest.json', undefined],
      ['node_modules/x/deployments/iota/Vault.json', undefined],
      ['.git/deployments/iota/Vault.json', undefined],
      ['Vault.json', undefined],
    ];
    for (const [path, kind] of cases) assert.equal(deploymentKind(path), kind, path);
    assert.equal(isDeploymentPath('deployments/iota/Vault.json'), true);
  });

  it('Ignition: the contract of each future, with the chain of a chain-<id> deployment; none for a named one', () => {
    const text = JSON.stringify({ 'LedgerModule#Ledger': A, 'LedgerModule#Token': B });
    assert.deepEqual(parseDeploymentRecord('ignition', 'ignition/deployments/chain-8822/deployed_addresses.json', text).labels, [
      { address: A, name: 'Ledger', chainId: 8822n, source: 'ignition/deployments/chain-8822/deployed_addresses.json' },
      { address: B, name: 'Token', chainId: 8822n, source: 'ignition/deployments/chain-8822/deployed_addresses.json' },
    ]);
    assert.equal(parseDeploymentRecord('ignition', 'ignition/deployments/mine/deployed_addresses.json', text).labels[0]?.chainId, undefined);
  });

  it("hardhat-deploy: the file's name for its address; the folder's .chainId, digits only", () => {
    assert.deepEqual(parseDeploymentRecord('hardhatDeploy', 'deployments/iota/Vault.json', JSON.stringify({ address: C, abi: [] })).labels, [
      { address: C.toLowerCase(), name: 'Vault', source: 'deployments/iota/Vault.json' },
    ]);
    assert.deepEqual(parseDeploymentRecord('hardhatDeployChainId', 'deployments/iota/.chainId', ' 8822\n').folderChainId, {
      folder: 'deployments/iota',
      chainId: 8822n,
    });
    assert.equal(parseDeploymentRecord('hardhatDeployChainId', 'deployments/iota/.chainId', '0x2276').folderChainId, undefined);
  });

  it('Foundry: the contracts its CREATE and CREATE2 transactions made, on the chain of its folder; calls name nothing', () => {
    const text = JSON.stringify({
      transactions: [
        { transactionType: 'CREATE', contractName: 'Vault', contractAddress: A },
        { transactionType: 'CREATE2', contractName: 'Pool', contractAddress: B },
        { transactionType: 'CALL', contractName: 'Vault', contractAddress: C },
      ],
    });
    assert.deepEqual(
      parseDeploymentRecord('foundry', 'broadcast/Deploy.s.sol/1076/run-latest.json', text).labels.map((l) => [l.name, l.address, l.chainId]),
      [
        ['Vault', A, 1076n],
        ['Pool', B, 1076n],
      ],
    );
  });

  it('malformed records say nothing; a name that is empty, long or not one line and an address that is not one are dropped', () => {
    assert.deepEqual(parseDeploymentRecord('ignition', 'ignition/deployments/chain-1/deployed_addresses.json', '{"a#B": '), { labels: [] });
    assert.deepEqual(parseDeploymentRecord('foundry', 'broadcast/D/1/run-latest.json', '{"transactions": {}}'), { labels: [] });
    assert.deepEqual(parseDeploymentRecord('hardhatDeploy', 'deployments/x/A.json', '[]'), { labels: [] });
    const text = JSON.stringify({ 'M#': A, 'M#Two\nLines': B, [`M#${'x'.repeat(101)}`]: C, 'M#Short': '0x12', 'M#Ok': `${A}` });
    assert.deepEqual(
      parseDeploymentRecord('ignition', 'ignition/deployments/x/deployed_addresses.json', text).labels.map((l) => l.name),
      ['Ok'],
    );
  });

  it("the user's labels: addresses with a short one-line name, lower-cased; anything else dropped", () => {
    assert.deepEqual([...userLabels({ [C]: 'Treasury', [A]: '', [B]: 'a\nb', '0x12': 'short', x: 1 })], [[C.toLowerCase(), 'Treasury']]);
    assert.deepEqual([...userLabels('nope')], []);
    assert.deepEqual([...userLabels(null)], []);
  });
});

describe('workspace/model/deployments: the book', () => {
  const label = (address: string, name: string, source: string, chainId?: bigint): AddressLabel => ({
    address,
    name,
    source,
    ...(chainId !== undefined ? { chainId } : {}),
  });

  it("the user's label, then a record of the chain, then one that names no chain; another chain's record never", () => {
    const book = new AddressBook(
      [label(A, 'OnShimmer', 'b', 148n), label(A, 'Anywhere', 'c'), label(A, 'OnIota', 'a', 8822n), label(B, 'OnlyShimmer', 'd', 148n)],
      [],
      new Map([[C.toLowerCase(), 'Mine']]),
    );
    assert.equal(book.nameOf(A, 8822n), 'OnIota');
    assert.equal(book.nameOf(A.toUpperCase().replace('0X', '0x'), 148n), 'OnShimmer');
    assert.equal(book.nameOf(A, 1n), 'Anywhere');
    assert.equal(book.nameOf(A), 'Anywhere', 'the chain unknown: only a record that names none');
    assert.equal(book.nameOf(B, 8822n), undefined);
    assert.equal(book.nameOf(C, 8822n), 'Mine');
    assert.equal(book.size, 5);
  });

  it("a hardhat-deploy record takes its folder's chain; of two records for one chain the first path wins", () => {
    const book = new AddressBook(
      [label(A, 'Second', 'deployments/z/A.json'), label(A, 'First', 'deployments/iota/A.json')],
      [{ folder: 'deployments/iota', chainId: 8822n }],
    );
    assert.equal(book.nameOf(A, 8822n), 'First');
    assert.equal(book.nameOf(A, 148n), 'Second');
  });

  it("the records on one chain (the tree's Accounts): each address once, its record of that chain first, another chain's never, at most `max`", () => {
    const book = new AddressBook([label(A, 'Anywhere', 'c'), label(A, 'OnIota', 'a', 8822n), label(B, 'OnlyShimmer', 'd', 148n), label(C, 'Free', 'e')]);
    assert.deepEqual(
      book.recordsOn(8822n, 10).map((l) => [l.address, l.name]),
      [
        [A, 'OnIota'],
        [C, 'Free'],
      ],
    );
    assert.deepEqual(
      book.recordsOn(undefined, 10).map((l) => l.name),
      ['Anywhere', 'Free'],
      'the chain unknown: only records that name none',
    );
    assert.equal(book.recordsOn(148n, 1).length, 1);
  });

  it(`keeps at most ${MAX_LABELS.toLocaleString()} names`, () => {
    const many = Array.from({ length: MAX_LABELS + 10 }, (_, i) => label(`0x${i.toString(16).padStart(40, '0')}`, `C${i}`, `s${String(i).padStart(6, '0')}`));
    assert.equal(new AddressBook(many).size, MAX_LABELS);
  });
});

describe('workspace/model/deployments: a hostile checkout on disk', function () {
  this.timeout(20_000);
  let root: string;
  let folder: string;
  const put = (rel: string, text: string) => {
    mkdirSync(join(folder, rel, '..'), { recursive: true });
    writeFileSync(join(folder, rel), text);
  };
  const fileOf = (rel: string): ScanFile<string> => ({ uri: join(folder, rel), folder, key: rel, label: rel });
  const io = nodeFolderIo(isDeploymentPath);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'wasp-hostile-deployments-'));
    folder = join(root, 'ws');
    put('ignition/deployments/chain-8822/deployed_addresses.json', JSON.stringify({ 'M#Ledger': A }));
    put('deployments/iota/.chainId', '8822');
    put('deployments/iota/Vault.json', JSON.stringify({ address: B }));
    put('deployments/iota/Broken.json', '{"address": ');
    writeFileSync(join(root, 'Outside.json'), JSON.stringify({ address: C }));
    mkdirSync(join(folder, 'deployments/evil'), { recursive: true });
    symlinkSync('/dev/zero', join(folder, 'deployments/evil/Zero.json'));
    symlinkSync(join(root, 'Outside.json'), join(folder, 'deployments/evil/Outside.json'));
    execFileSync('mkfifo', [join(folder, 'deployments/evil/Fifo.json')]);
    const fd = openSync(join(folder, 'deployments/evil/Huge.json'), 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('reads the records, names by chain, and counts every hostile one unread: nothing from outside the folder', async () => {
    const rels = [
      'ignition/deployments/chain-8822/deployed_addresses.json',
      'deployments/iota/.chainId',
      'deployments/iota/Vault.json',
      'deployments/iota/Broken.json',
      'deployments/evil/Zero.json',
      'deployments/evil/Outside.json',
      'deployments/evil/Fifo.json',
      'deployments/evil/Huge.json',
      'README.md',
    ];
    const { book, read, unread } = await readAddressBook(rels.map(fileOf), io, new Map());
    assert.equal(book.nameOf(A, 8822n), 'Ledger');
    assert.equal(book.nameOf(B, 8822n), 'Vault');
    assert.equal(book.nameOf(B, 148n), undefined, 'the folder is chain 8822');
    assert.equal(book.nameOf(C), undefined, 'the linked file outside the folder is not read');
    assert.equal(unread, 5, 'the link to /dev/zero, the one outside, the FIFO, the huge record and the README');
    assert.equal(read, 4);
  });

  it('the time cap: records past it are counted, not read', async () => {
    let t = 0;
    const { read, unread } = await readAddressBook(
      ['deployments/iota/Vault.json'].map(fileOf),
      io,
      new Map(),
      { maxFiles: 10, maxFileBytes: 1024, maxMillis: 5, concurrency: 1 },
      () => (t += 10),
    );
    assert.deepEqual({ read, unread }, { read: 0, unread: 1 });
  });
});
