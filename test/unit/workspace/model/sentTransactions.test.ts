// The transactions a workspace's toolchains recorded sending (src/workspace/model/sentTransactions.ts):
// Foundry broadcasts and Ignition journals read into records by hash, the integration workspace's
// nonce-gap records among them, and hostile copies bounded as the deployment records are (links out
// of the folder, /dev/zero, a FIFO, a huge file, malformed lines and entries skipped and counted).
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanFile } from '../../../../src/workspace/model/scan';
import {
  compareSentTxRecords,
  isSentTxPath,
  parseFoundryBroadcast,
  parseIgnitionJournal,
  quantity,
  readSentTransactions,
  SentTransactionsKept,
  sentTxKind,
  type SentTransaction,
} from '../../../../src/workspace/model/sentTransactions';
import { nodeFolderIo } from '../../../fixtures/nodeFolderFs';
import { txFactsOfRecord } from '../../../../src/transactions/model/noReceipt';
import { fileOf, memoryIo } from './memoryRecords';

const WS = 'test/integration/workspace/evm';
const FOUNDRY = 'broadcast/Pay.s.sol/8822/run-1735689600.json';
const JOURNAL = 'ignition/deployments/chain-8822/journal.jsonl';
const SENDER = '0xdb00079cad3e665853bf766efe26f4c38cdbdcda';
const GAP_14 = '0x4bb31c936b50cc3169be0e1109399058dcd39d8994462fad16b70df4251f2c24';
const GAP_15 = '0x8e3711543b61730d6955f59282e20e789345bd356b400591e011d754799e4d5f';

describe('workspace/model/sentTransactions: the records and their paths', () => {
  it('knows a Foundry run file and an Ignition journal by their paths, nothing in node_modules', () => {
    assert.equal(sentTxKind(FOUNDRY), 'foundry');
    assert.equal(sentTxKind('x/broadcast/S.s.sol/1/run-latest.json'), 'foundry');
    assert.equal(sentTxKind(JOURNAL), 'ignition');
    assert.equal(sentTxKind('node_modules/p/broadcast/S.s.sol/1/run-1.json'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/notAChain/run-1.json'), undefined);
    assert.equal(isSentTxPath('ignition/deployments/chain-1/deployed_addresses.json'), false);
  });

  it("reads the test workspace's Foundry broadcast: the nonce-gap transaction with every field", () => {
    const r = parseFoundryBroadcast(FOUNDRY, readFileSync(join(WS, FOUNDRY), 'utf8'));
    assert.equal(r.skipped, 0);
    assert.deepEqual(r.txs, [
      {
        hash: GAP_14,
        from: SENDER,
        to: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
        nonce: 14n,
        gas: 21000n,
        gasPrice: 10n ** 10n,
        type: 0,
        value: 1000n,
        chainId: 8822n,
        toolchain: 'foundry',
        source: FOUNDRY,
      },
    ]);
    const facts = txFactsOfRecord(r.txs[0] ?? assert.fail());
    assert.deepEqual([facts?.sender, facts?.nonce], ['0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA', 14n]);
  });

  it("reads the test workspace's Ignition journal: sender and value from the interaction, nonce and fees from the send", () => {
    const r = parseIgnitionJournal(JOURNAL, readFileSync(join(WS, JOURNAL), 'utf8'));
    assert.equal(r.skipped, 0);
    assert.deepEqual(r.txs, [
      {
        hash: GAP_15,
        from: SENDER,
        to: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
        nonce: 15n,
        gasPrice: 10n ** 10n,
        type: 0,
        value: 1000n,
        chainId: 8822n,
        toolchain: 'ignition',
        source: JOURNAL,
      },
    ]);
  });

  it('an Ignition EIP-1559 send, a dropped interaction, malformed lines skipped and counted', () => {
    const big = (v: bigint) => ({ _kind: 'bigint', value: String(v) });
    const lines = [
      {
        type: 'NETWORK_INTERACTION_REQUEST',
        futureId: 'M#a',
        networkInteraction: { id: 1, type: 'ONCHAIN_INTERACTION', from: SENDER, to: null, value: big(0n) },
      },
      {
        type: 'TRANSACTION_SEND',
        futureId: 'M#a',
        networkInteractionId: 1,
        nonce: 3,
        transaction: { hash: GAP_14, fees: { maxFeePerGas: big(7n), maxPriorityFeePerGas: big(1n) } },
      },
      { type: 'ONCHAIN_INTERACTION_DROPPED', futureId: 'M#a', networkInteractionId: 1 },
      { type: 'TRANSACTION_SEND', futureId: 'M#unknown', networkInteractionId: 1, nonce: 4, transaction: { hash: GAP_15, fees: {} } },
    ].map((l) => JSON.stringify(l));
    const r = parseIgnitionJournal(JOURNAL, [...lines, '{"type": "TRANSACTION_SEND", "futu', '[]', 'null', '', '\u202e{}'].join('\n'));
    assert.deepEqual(
      r.txs.map((t) => [t.hash, t.type, t.maxFeePerGas, t.nonce, t.fate, t.to]),
      [[GAP_14, 2, 7n, 3n, 'dropped', undefined]],
    );
    assert.equal(r.skipped, 5, 'the send without a known interaction, the cut line, [], null, the bidi-prefixed line');
  });

  it('Foundry: entries without a hash or sender, with a hidden character in the hash, or values above their bounds', () => {
    const tx = (over: Record<string, unknown>, t: Record<string, unknown> = {}) => ({
      hash: GAP_14,
      transaction: { from: SENDER, nonce: '0x1', gas: '0x5208', ...t },
      ...over,
    });
    const text = JSON.stringify({
      transactions: [
        tx({}),
        tx({ hash: `${GAP_15.slice(0, 10)}\u200b${GAP_15.slice(10)}` }),
        tx({ hash: undefined }),
        tx({}, { from: 'alice' }),
        tx({ hash: GAP_15 }, { nonce: `0x1${'0'.repeat(16)}`, maxFeePerGas: 5, type: '0x2' }),
        'not an object',
      ],
    });
    const r = parseFoundryBroadcast('broadcast/S.s.sol/1/run-1.json', text);
    assert.equal(r.skipped, 4);
    assert.deepEqual(
      r.txs.map((t) => [t.hash, t.nonce, t.type, t.maxFeePerGas, t.chainId]),
      [
        [GAP_14, 1n, undefined, undefined, 1n],
        [GAP_15, undefined, 2, 5n, 1n],
      ],
      'a nonce above 2^64-1 is not read; the chain ID comes from the folder',
    );
    assert.deepEqual(parseFoundryBroadcast('broadcast/S.s.sol/1/run-1.json', '{"transactions": '), { txs: [], skipped: 1 });
    assert.deepEqual(parseFoundryBroadcast('broadcast/S.s.sol/1/run-1.json', '{"transactions": {}}'), { txs: [], skipped: 0 });
  });

  it('reads quantities in every form the toolchains write, and nothing else', () => {
    assert.deepEqual(
      [quantity('0x0'), quantity('0xff'), quantity('255'), quantity(255), quantity({ _kind: 'bigint', value: '7' })],
      [0n, 255n, 255n, 255n, 7n],
    );
    assert.deepEqual(
      [
        quantity(-1),
        quantity(1.5),
        quantity('0x'),
        quantity(' 1'),
        quantity(2 ** 53),
        quantity({ _kind: 'x', value: '1' }),
        quantity(`0x1${'0'.repeat(16)}`, 2n ** 64n - 1n),
      ],
      [undefined, undefined, undefined, undefined, undefined, undefined, undefined],
    );
  });
});

describe('workspace/model/sentTransactions: a hostile checkout on disk', function () {
  this.timeout(20_000);
  let root: string;
  let folder: string;
  const put = (rel: string, text: string) => {
    mkdirSync(join(folder, rel, '..'), { recursive: true });
    writeFileSync(join(folder, rel), text);
  };
  const fileOf = (rel: string): ScanFile<string> => ({ uri: join(folder, rel), folder, key: rel, label: rel });
  const io = nodeFolderIo(isSentTxPath);

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'wasp-hostile-sent-'));
    folder = join(root, 'ws');
    put(FOUNDRY, readFileSync(join(WS, FOUNDRY), 'utf8'));
    put(JOURNAL, readFileSync(join(WS, JOURNAL), 'utf8'));
    put('broadcast/Copy.s.sol/8822/run-1.json', readFileSync(join(WS, FOUNDRY), 'utf8').replace('"0xe"', '"0x63"'));
    writeFileSync(join(root, 'run-9.json'), readFileSync(join(WS, FOUNDRY), 'utf8'));
    mkdirSync(join(folder, 'broadcast/Evil.s.sol/1'), { recursive: true });
    symlinkSync('/dev/zero', join(folder, 'broadcast/Evil.s.sol/1/run-1.json'));
    symlinkSync(join(root, 'run-9.json'), join(folder, 'broadcast/Evil.s.sol/1/run-2.json'));
    execFileSync('mkfifo', [join(folder, 'broadcast/Evil.s.sol/1/run-3.json')]);
    const fd = openSync(join(folder, 'broadcast/Evil.s.sol/1/run-4.json'), 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('reads the records by hash (the newer record wins a duplicate) and counts every hostile file unread', async () => {
    const rels = [FOUNDRY, JOURNAL, 'broadcast/Copy.s.sol/8822/run-1.json', ...[1, 2, 3, 4].map((n) => `broadcast/Evil.s.sol/1/run-${n}.json`), 'README.md'];
    const r = await readSentTransactions(rels.map(fileOf), io);
    assert.deepEqual([...r.byHash.keys()].sort(), [GAP_14, GAP_15]);
    assert.equal(r.byHash.get(GAP_14)?.nonce, 14n, 'run-1735689600 is newer than run-1 (which sorts first by path): its record wins, whatever finished first');
    assert.deepEqual({ read: r.read, unread: r.unread, pastCap: r.pastCap, skipped: r.skipped }, { read: 3, unread: 5, pastCap: 0, skipped: 0 });
  });

  it('the time cap: records past it are counted, not read', async () => {
    let t = 0;
    const r = await readSentTransactions([fileOf(FOUNDRY)], io, { maxFiles: 10, maxFileBytes: 1024 * 1024, maxMillis: 5, concurrency: 1 }, () => (t += 10));
    assert.deepEqual({ read: r.read, unread: r.unread, size: r.byHash.size }, { read: 0, unread: 1, size: 0 });
  });
});

describe('workspace/model/sentTransactions: the cap on transactions kept holds while records are read', () => {
  const hashOf = (file: number, i: number) => `0x${file.toString(16).padStart(8, '0')}${i.toString(16).padStart(56, '0')}`;
  const broadcastOf = (file: number, n: number) =>
    JSON.stringify({
      transactions: Array.from({ length: n }, (_, i) => ({ hash: hashOf(file, i), transaction: { from: SENDER, nonce: `0x${i.toString(16)}` } })),
    });
  const txsOf = (file: number, n: number): SentTransaction[] => parseFoundryBroadcast(`broadcast/S${file}.s.sol/1/run-${file}.json`, broadcastOf(file, n)).txs;

  it('orders records newest first: run-latest.json and journals, then run files by their timestamp (seconds or milliseconds), then the rest', () => {
    const paths = [
      'broadcast/A.s.sol/1/run-1700000000.json',
      'broadcast/B.s.sol/1/run-1700000001000.json',
      'broadcast/A.s.sol/1/run-latest.json',
      'broadcast/A.s.sol/1/run-dry.json',
      'ignition/deployments/chain-1/journal.jsonl',
      'broadcast/C.s.sol/1/run-1699999999.json',
    ];
    assert.deepEqual([...paths].sort(compareSentTxRecords), [
      'broadcast/A.s.sol/1/run-latest.json',
      'ignition/deployments/chain-1/journal.jsonl',
      'broadcast/B.s.sol/1/run-1700000001000.json',
      'broadcast/A.s.sol/1/run-1700000000.json',
      'broadcast/C.s.sol/1/run-1699999999.json',
      'broadcast/A.s.sol/1/run-dry.json',
    ]);
  });

  it('never holds more than the cap after a record is merged, in whatever order reads finish, and keeps the newest records first', () => {
    const kept = new SentTransactionsKept(10);
    const sizes: number[] = [];
    // Ranks 0 (newest) to 5, four transactions each, merged out of order as concurrent reads finish.
    for (const rank of [1, 0, 3, 2, 5, 4]) {
      kept.add(rank, txsOf(rank, 4));
      sizes.push(kept.size);
    }
    assert.ok(
      sizes.every((n) => n <= 10),
      sizes.join(','),
    );
    assert.deepEqual(
      [...kept.byHash().keys()],
      [0, 1].flatMap((f) => [0, 1, 2, 3].map((i) => hashOf(f, i))).concat([hashOf(2, 0), hashOf(2, 1)]),
      'ranks 0 and 1 whole, then the first two entries of rank 2',
    );
    assert.equal(kept.wants(3), false, 'older than everything kept');
  });

  it('a hash in two records is kept once, from the newer record', () => {
    const kept = new SentTransactionsKept(10);
    const older = txsOf(7, 2).map((t) => ({ ...t, source: 'older' }));
    kept.add(3, older);
    kept.add(1, txsOf(7, 2));
    assert.deepEqual(
      [...kept.byHash().values()].map((t) => t.source),
      ['broadcast/S7.s.sol/1/run-7.json', 'broadcast/S7.s.sol/1/run-7.json'],
    );
  });

  it('a scan over many records keeps the newest up to the cap and does not read the records older than all it keeps', async () => {
    const texts = new Map<string, string>();
    // Twelve scripts, one run each, six transactions a run; run-<1700000000 + s>: script 11 is the newest.
    for (let s = 0; s < 12; s++) texts.set(`broadcast/S${String(s).padStart(2, '0')}.s.sol/1/run-${1_700_000_000 + s}.json`, broadcastOf(s, 6));
    const { io, opened } = memoryIo(texts);
    const limits = { maxFiles: 100, maxFileBytes: 1 << 20, maxMillis: 60_000, concurrency: 1 };
    const r = await readSentTransactions([...texts.keys()].map(fileOf), io, limits, undefined, 20);
    assert.equal(r.byHash.size, 20);
    assert.deepEqual(
      [...new Set([...r.byHash.values()].map((t) => t.source.slice(10, 13)))],
      ['S11', 'S10', 'S09', 'S08'],
      'the four newest runs: three whole, two entries of the fourth',
    );
    assert.deepEqual(opened.length, 4, `read only what could be kept: ${opened.join(', ')}`);
    assert.deepEqual({ read: r.read, pastCap: r.pastCap, unread: r.unread }, { read: 4, pastCap: 8, unread: 0 });
  });
});
