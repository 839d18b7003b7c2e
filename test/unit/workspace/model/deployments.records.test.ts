// Deployment records read into names (src/workspace/model/deployments.ts): the edges of the path
// rules, what a record must hold to name an address, the per-record cap, which record wins when
// several name one address, the chains an address is named on, and which files a scan opens.
import * as assert from 'node:assert/strict';
import type { ScanIo } from '../../../../src/workspace/model/scan';
import {
  AddressBook,
  deploymentKind,
  parseDeploymentRecord,
  readAddressBook,
  userLabels,
  type AddressLabel,
} from '../../../../src/workspace/model/deployments';
import { fileOf, memoryIo } from './memoryRecords';

const X = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const Y = '0x1111111111111111111111111111111111111111';
const addressOf = (n: number): string => `0x${n.toString(16).padStart(40, '0')}`;
const lbl = (source: string, name: string, chainId?: bigint, address = X): AddressLabel => ({
  address,
  name,
  source,
  ...(chainId === undefined ? {} : { chainId }),
});
const RUN = 'broadcast/Deploy.s.sol/31337/run-latest.json';
const create = (address: unknown, contractName: string): unknown => ({ transactionType: 'CREATE', contractAddress: address, contractName });

describe('workspace/model/deployments: the edges of the path rules', () => {
  it('empty path segments are ignored', () => {
    assert.equal(deploymentKind('ignition/deployments/chain-1//deployed_addresses.json'), 'ignition');
  });

  it('deployed_addresses.json is Ignition only under ignition/deployments/<id>/', () => {
    assert.equal(deploymentKind('ignition/other/chain-1/deployed_addresses.json'), undefined);
    assert.equal(deploymentKind('app/deployments/chain-1/deployed_addresses.json'), 'hardhatDeploy');
  });

  it('hardhat-deploy: a .json under deployments/<network>/ names a contract, a hidden file does not', () => {
    assert.equal(deploymentKind('deployments/sepolia/Token.json'), 'hardhatDeploy');
    assert.equal(deploymentKind('deployments/sepolia/.Token.json'), undefined);
    assert.equal(deploymentKind('deployments/sepolia/README.md'), undefined);
    assert.equal(deploymentKind('deployments/sepolia/.chainId'), 'hardhatDeployChainId');
  });

  it('Foundry: run-latest.json under broadcast/<script>/<chain id>/ at any depth, the chain a whole number', () => {
    assert.equal(deploymentKind('x/broadcast/1/run-latest.json'), undefined);
    assert.equal(deploymentKind('a/b/c/broadcast/S.s.sol/1/run-latest.json'), 'foundry');
    assert.equal(deploymentKind('broadcast/S.s.sol/x1/run-latest.json'), undefined);
    assert.equal(deploymentKind('broadcast/S.s.sol/1x/run-latest.json'), undefined);
  });
});

describe('workspace/model/deployments: what a record must hold', () => {
  it('a name is trimmed and kept up to 100 characters', () => {
    const user = userLabels({ [X]: '  Token  ', [Y]: 'n'.repeat(100), [addressOf(3)]: 'n'.repeat(101) });
    assert.deepEqual(
      [...user],
      [
        [X, 'Token'],
        [Y, 'n'.repeat(100)],
      ],
    );
  });

  it('an address given as a list names nothing', () => {
    assert.deepEqual(parseDeploymentRecord('hardhatDeploy', 'deployments/sepolia/Token.json', JSON.stringify({ address: [X] })), { labels: [] });
    assert.deepEqual(parseDeploymentRecord('ignition', 'ignition/deployments/chain-1/deployed_addresses.json', JSON.stringify({ 'M#A': [X] })), { labels: [] });
  });

  it('an Ignition record that is a list names nothing', () => {
    assert.deepEqual(parseDeploymentRecord('ignition', 'ignition/deployments/chain-1/deployed_addresses.json', JSON.stringify([X])), { labels: [] });
  });

  it('a .chainId file that is not a number gives no chain and no names', () => {
    assert.deepEqual(parseDeploymentRecord('hardhatDeployChainId', 'deployments/sepolia/.chainId', 'sepolia'), { labels: [] });
  });

  it('an Ignition chain comes only from a folder named chain-<number>', () => {
    const text = JSON.stringify({ 'M#A': X });
    assert.equal(parseDeploymentRecord('ignition', 'ignition/deployments/chain-5/deployed_addresses.json', text).labels[0]?.chainId, 5n);
    assert.deepEqual(
      parseDeploymentRecord('ignition', 'ignition/deployments/xchain-5/deployed_addresses.json', text).labels[0],
      lbl('ignition/deployments/xchain-5/deployed_addresses.json', 'A'),
    );
    assert.equal(parseDeploymentRecord('ignition', 'ignition/deployments/chain-5x/deployed_addresses.json', text).labels[0]?.chainId, undefined);
  });

  it('hardhat-deploy takes only the final .json off the file name', () => {
    assert.equal(parseDeploymentRecord('hardhatDeploy', 'deployments/sepolia/V2.jsonic.json', JSON.stringify({ address: X })).labels[0]?.name, 'V2.jsonic');
  });

  it('a broadcast that is JSON null names nothing', () => {
    assert.deepEqual(parseDeploymentRecord('foundry', RUN, 'null'), { labels: [] });
  });

  it('reads the first 5,000 entries of a record, even when some of them name nothing', () => {
    const entries = [create('bad', 'Bad'), ...Array.from({ length: 5000 }, (_, i) => create(addressOf(i + 1), `C${i}`))];
    const foundry = parseDeploymentRecord('foundry', RUN, JSON.stringify({ transactions: entries }));
    assert.deepEqual([foundry.labels.length, foundry.labels.at(-1)?.name], [4999, 'C4998']);
    const ignition = parseDeploymentRecord(
      'ignition',
      'ignition/deployments/chain-1/deployed_addresses.json',
      JSON.stringify(Object.fromEntries([['M#Bad', 'bad'], ...Array.from({ length: 5000 }, (_, i) => [`M#C${i}`, addressOf(i + 1)])])),
    );
    assert.deepEqual([ignition.labels.length, ignition.labels.at(-1)?.name], [4999, 'C4998']);
  });

  it('keeps at most 20,000 user labels', () => {
    const user = userLabels(Object.fromEntries(Array.from({ length: 20_001 }, (_, i) => [addressOf(i + 1), 'n'])));
    assert.deepEqual([user.size, user.has(addressOf(20_000)), user.has(addressOf(20_001))], [20_000, true, false]);
  });
});

describe('workspace/model/deployments: the address book', () => {
  it('of several records naming one address, the first path in order wins, whatever order they came in', () => {
    assert.equal(new AddressBook([lbl('c', 'C'), lbl('a', 'A'), lbl('b', 'B')]).nameOf(X), 'A');
    assert.equal(new AddressBook([lbl('b', 'B'), lbl('c', 'C'), lbl('a', 'A')]).nameOf(X), 'A');
  });

  it('of two names one record gives an address, the first stays', () => {
    const { labels } = parseDeploymentRecord(
      'ignition',
      'ignition/deployments/chain-1/deployed_addresses.json',
      JSON.stringify({ 'M#First': X, 'M#Second': X }),
    );
    assert.equal(new AddressBook([lbl('a', 'Other', 1n, Y), ...labels]).nameOf(X, 1n), 'First');
  });

  it('the records on a chain come as they were given, a record naming no chain without a chain field', () => {
    const book = new AddressBook([lbl('a', 'A'), lbl('b', 'B', 1n, Y)]);
    assert.deepEqual(book.recordsOn(1n, 10), [lbl('a', 'A'), lbl('b', 'B', 1n, Y)]);
  });

  it('the chains an address is named on: each once, records naming no chain left out, any letter case', () => {
    const book = new AddressBook([lbl('a', 'A', 1n), lbl('b', 'B'), lbl('c', 'C', 2n), lbl('d', 'D', 1n)]);
    assert.deepEqual(book.chainIdsOf(X.toUpperCase().replace('0X', '0x')), [1n, 2n]);
    assert.deepEqual(book.chainIdsOf(Y), []);
  });
});

describe('workspace/model/deployments: a scan of records', () => {
  it('opens records only, in path order, and counts the rest unread', async () => {
    const texts = new Map([
      ['a-notes.txt', 'x'],
      ['deployments/z/B.json', JSON.stringify({ address: Y })],
      ['deployments/a/A.json', JSON.stringify({ address: X })],
    ]);
    const { io, opened } = memoryIo(texts);
    const r = await readAddressBook([...texts.keys()].map(fileOf), io, new Map(), { maxFiles: 1, maxFileBytes: 1 << 20, maxMillis: 60_000, concurrency: 1 });
    assert.deepEqual(opened, ['deployments/a/A.json']);
    assert.deepEqual([r.read, r.unread, r.book.nameOf(X), r.book.nameOf(Y)], [1, 2, 'A', undefined]);
  });
});

describe('workspace/model/deployments: the label cap over records read at once', () => {
  const RECORD_ENTRIES = 5_000;
  const runs = [0, 1, 2, 3, 4].map((i) => `broadcast/D${i}.s.sol/31337/run-latest.json`);
  const runOf = (i: number): string =>
    JSON.stringify({ transactions: Array.from({ length: RECORD_ENTRIES }, (_, k) => create(addressOf(i * RECORD_ENTRIES + k + 1), `C${i}`)) });

  it('keeps the labels of the first records in path order, whichever read finishes first', async () => {
    let othersClosed = 0;
    let releaseFirst = (): void => undefined;
    const othersDone = new Promise<void>((resolve) => (releaseFirst = resolve));
    const io: ScanIo<string> = {
      open: async (f) => {
        const first = f.label === runs[0];
        const bytes = new TextEncoder().encode(runOf(runs.indexOf(f.label)));
        return {
          size: bytes.length,
          chunks: (async function* () {
            if (first) await othersDone;
            yield bytes;
          })(),
          close: async () => {
            if (!first && ++othersClosed === runs.length - 1) releaseFirst();
          },
        };
      },
    };
    const { book } = await readAddressBook(runs.map(fileOf), io, new Map(), {
      maxFiles: 10,
      maxFileBytes: 1 << 24,
      maxMillis: 60_000,
      concurrency: runs.length,
    });
    assert.equal(book.size, 20_000);
    assert.deepEqual(
      [1, 4 * RECORD_ENTRIES, 4 * RECORD_ENTRIES + 1].map((n) => book.nameOf(addressOf(n), 31337n)),
      ['C0', 'C3', undefined],
    );
  });
});
