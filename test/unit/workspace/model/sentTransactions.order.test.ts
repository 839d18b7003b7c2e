// The order sent-transaction records are read and kept in (src/workspace/model/sentTransactions.ts):
// how recent a path says a record is, the tie-break by path, which entry of a hash stays, when the
// cap turns records away, and what a scan counts.
import * as assert from 'node:assert/strict';
import {
  compareSentTxRecords,
  readSentTransactions,
  SentTransactionsKept,
  sentTxRecency,
  type SentTransaction,
} from '../../../../src/workspace/model/sentTransactions';
import { fileOf, memoryIo } from './memoryRecords';

const FROM = '0xdb00079cad3e665853bf766efe26f4c38cdbdcda';
const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
const tx = (n: number, source = 'r'): SentTransaction => ({ hash: hashOf(n), from: FROM, toolchain: 'foundry', source });

const LIMITS = { maxFiles: 100, maxFileBytes: 1 << 20, maxMillis: 60_000, concurrency: 1 };
const broadcast = (...entries: Array<[number, number]>): string =>
  JSON.stringify({ transactions: entries.map(([n, nonce]) => ({ hash: hashOf(n), transaction: { from: FROM, nonce } })) });

describe('workspace/model/sentTransactions: how recent a record is', () => {
  it('a run file timestamp in seconds is read as milliseconds; one of 10^11 or more is already milliseconds', () => {
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-1700000000.json'), 1_700_000_000_000);
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-99999999999.json'), 99_999_999_999_000);
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-100000000000.json'), 100_000_000_000);
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-1700000000000.json'), 1_700_000_000_000);
  });

  it('only a whole run-<digits>.json name carries a timestamp', () => {
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-xrun-1700000000.json'), 0);
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-1700000000.json.bak'), 0);
    assert.equal(sentTxRecency('broadcast/S.s.sol/1/run-dry.json'), 0);
  });

  it('records equally recent are ordered by path, and a path is level with itself', () => {
    const a = 'a/broadcast/S.s.sol/1/run-latest.json';
    const b = 'b/broadcast/S.s.sol/1/run-latest.json';
    assert.deepEqual([compareSentTxRecords(a, b), compareSentTxRecords(b, a), compareSentTxRecords(a, a)], [-1, 1, 0]);
  });
});

describe('workspace/model/sentTransactions: the transactions kept', () => {
  it('a hash twice in one record is kept from its first entry', () => {
    const kept = new SentTransactionsKept(10);
    kept.add(0, [tx(1, 'first'), tx(2), tx(1, 'second')]);
    assert.deepEqual(
      [...kept.byHash().values()].map((t) => [t.hash, t.source]),
      [
        [hashOf(1), 'first'],
        [hashOf(2), 'r'],
      ],
    );
  });

  it('an older record does not replace a hash even from an earlier place in its file', () => {
    const kept = new SentTransactionsKept(10);
    kept.add(0, [tx(5), tx(6), tx(1, 'newer')]);
    kept.add(1, [tx(1, 'older')]);
    assert.equal(kept.byHash().get(hashOf(1))?.source, 'newer');
  });

  it('keeps a record in its own order, and its first entries when it overflows the cap', () => {
    const kept = new SentTransactionsKept(3);
    kept.add(0, [tx(9), tx(3), tx(7), tx(1)]);
    assert.deepEqual([...kept.byHash().keys()], [hashOf(9), hashOf(3), hashOf(7)]);
  });

  it("a newer record's transactions come in its own order, even when an older record listed them the other way", () => {
    const kept = new SentTransactionsKept(10);
    kept.add(1, [tx(1), tx(2)]);
    kept.add(0, [tx(2), tx(1)]);
    assert.deepEqual([...kept.byHash().keys()], [hashOf(2), hashOf(1)]);
  });

  it('once a record fills the cap exactly, older records are no longer wanted', () => {
    const kept = new SentTransactionsKept(2);
    kept.add(0, [tx(1), tx(2)]);
    assert.deepEqual([kept.wants(1), kept.wants(0)], [false, false]);
    kept.add(1, [tx(3)]);
    assert.deepEqual([...kept.byHash().keys()], [hashOf(1), hashOf(2)]);
  });

  it('a newer record read late pushes the older out, and what is wanted follows the newest kept', () => {
    const kept = new SentTransactionsKept(2);
    kept.add(2, [tx(1)]);
    assert.equal(kept.wants(5), true, 'below the cap any record is wanted');
    kept.add(0, [tx(2), tx(3)]);
    assert.deepEqual([...kept.byHash().keys()], [hashOf(2), hashOf(3)]);
    assert.deepEqual([kept.wants(1), kept.size], [false, 2]);
  });

  it('a cap of zero keeps nothing', () => {
    const kept = new SentTransactionsKept(0);
    kept.add(0, [tx(1)]);
    kept.add(1, [tx(2)]);
    assert.deepEqual([kept.size, [...kept.byHash().keys()]], [0, []]);
  });
});

describe('workspace/model/sentTransactions: a scan of records', () => {
  it('of one hash in three records, the newest record wins wherever the hash sits in it', async () => {
    const texts = new Map([
      ['broadcast/S.s.sol/1/run-latest.json', broadcast([9, 0])],
      ['broadcast/S.s.sol/1/run-1700000002.json', broadcast([5, 0], [1, 2])],
      ['broadcast/S.s.sol/1/run-1700000001.json', broadcast([1, 1])],
    ]);
    const r = await readSentTransactions([...texts.keys()].map(fileOf), memoryIo(texts).io, LIMITS);
    assert.deepEqual(
      [...r.byHash.values()].map((t) => [t.hash, t.nonce]),
      [
        [hashOf(9), 0n],
        [hashOf(5), 0n],
        [hashOf(1), 2n],
      ],
    );
  });

  it('a file that is not a record is counted unread without being opened or taking a place', async () => {
    const texts = new Map([
      ['a/notes.txt', 'hello'],
      ['broadcast/S.s.sol/1/run-dry.json', broadcast([1, 0])],
    ]);
    const { io, opened } = memoryIo(texts);
    const r = await readSentTransactions([...texts.keys()].map(fileOf), io, { ...LIMITS, maxFiles: 1 });
    assert.deepEqual(opened, ['broadcast/S.s.sol/1/run-dry.json']);
    assert.deepEqual({ read: r.read, unread: r.unread, pastCap: r.pastCap, size: r.byHash.size }, { read: 1, unread: 1, pastCap: 0, size: 1 });
  });

  it('adds up the malformed entries of every record read', async () => {
    const texts = new Map([
      ['broadcast/S.s.sol/1/run-latest.json', JSON.stringify({ transactions: [{ hash: 'x' }, 7] })],
      ['broadcast/S.s.sol/1/run-1.json', 'not json'],
    ]);
    const r = await readSentTransactions([...texts.keys()].map(fileOf), memoryIo(texts).io, LIMITS);
    assert.deepEqual({ read: r.read, skipped: r.skipped }, { read: 2, skipped: 3 });
  });
});
