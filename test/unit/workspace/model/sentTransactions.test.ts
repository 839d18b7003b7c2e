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
  isSentTxPath,
  parseFoundryBroadcast,
  parseIgnitionJournal,
  quantity,
  readSentTransactions,
  sentTxKind,
} from '../../../../src/workspace/model/sentTransactions';
import { nodeFolderIo } from '../../../fixtures/nodeFolderFs';
import { txFactsOfRecord } from '../../../../src/receipts/model/noReceipt';

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

  it('reads the records by hash (the first path wins a duplicate) and counts every hostile file unread', async () => {
    const rels = [FOUNDRY, JOURNAL, 'broadcast/Copy.s.sol/8822/run-1.json', ...[1, 2, 3, 4].map((n) => `broadcast/Evil.s.sol/1/run-${n}.json`), 'README.md'];
    const r = await readSentTransactions(rels.map(fileOf), io);
    assert.deepEqual([...r.byHash.keys()].sort(), [GAP_14, GAP_15]);
    assert.equal(r.byHash.get(GAP_14)?.nonce, 99n, 'broadcast/Copy… sorts before broadcast/Pay…: its record wins, whatever finished first');
    assert.deepEqual({ read: r.read, unread: r.unread, skipped: r.skipped }, { read: 3, unread: 5, skipped: 0 });
  });

  it('the time cap: records past it are counted, not read', async () => {
    let t = 0;
    const r = await readSentTransactions([fileOf(FOUNDRY)], io, { maxFiles: 10, maxFileBytes: 1024 * 1024, maxMillis: 5, concurrency: 1 }, () => (t += 10));
    assert.deepEqual({ read: r.read, unread: r.unread, size: r.byHash.size }, { read: 0, unread: 1, size: 0 });
  });
});
