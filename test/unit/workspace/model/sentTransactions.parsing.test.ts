// Which paths hold sent-transaction records and how a Foundry broadcast or an Ignition journal is
// read (src/workspace/model/sentTransactions.ts): the edges of the path rules, the fields taken or
// inferred, the caps on one file, and the lines and entries skipped and counted.
import * as assert from 'node:assert/strict';
import { parseFoundryBroadcast, parseIgnitionJournal, quantity, sentTxKind } from '../../../../src/workspace/model/sentTransactions';

const FROM = '0xdb00079cad3e665853bf766efe26f4c38cdbdcda';
const TO = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const OTHER = '0x1111111111111111111111111111111111111111';
const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
const RUN = 'broadcast/Pay.s.sol/8822/run-1.json';
const JOURNAL = 'ignition/deployments/chain-8822/journal.jsonl';

const broadcast = (...transactions: unknown[]): string => JSON.stringify({ transactions });
const entry = (n: number, transaction: Record<string, unknown>): unknown => ({ hash: hashOf(n), transaction: { from: FROM, ...transaction } });
const journal = (...lines: unknown[]): string => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
const request = (futureId: string, id: number, ni: Record<string, unknown> = {}): unknown => ({
  type: 'NETWORK_INTERACTION_REQUEST',
  futureId,
  networkInteraction: { id, type: 'ONCHAIN_INTERACTION', from: FROM, to: TO, value: { _kind: 'bigint', value: '5' }, ...ni },
});
const send = (futureId: string, id: number, n: number, extra: Record<string, unknown> = {}): unknown => ({
  type: 'TRANSACTION_SEND',
  futureId,
  networkInteractionId: id,
  nonce: 3,
  transaction: { hash: hashOf(n), fees: { gasPrice: { _kind: 'bigint', value: '7' } } },
  ...extra,
});

describe('workspace/model/sentTransactions: the edges of the path rules', () => {
  it('empty path segments are ignored, so a doubled or trailing slash still names a journal', () => {
    assert.equal(sentTxKind('ignition/deployments/chain-1//journal.jsonl'), 'ignition');
    assert.equal(sentTxKind('ignition/deployments/chain-1/journal.jsonl/'), 'ignition');
  });

  it('nothing under a .git folder is a record', () => {
    assert.equal(sentTxKind('.git/broadcast/S.s.sol/1/run-1.json'), undefined);
    assert.equal(sentTxKind('x/.git/ignition/deployments/chain-1/journal.jsonl'), undefined);
  });

  it('a journal counts only under ignition/deployments/<id>/', () => {
    assert.equal(sentTxKind('ignition/other/chain-1/journal.jsonl'), undefined);
    assert.equal(sentTxKind('hardhat/deployments/chain-1/journal.jsonl'), undefined);
    assert.equal(sentTxKind('pkg/ignition/deployments/my-deploy/journal.jsonl'), 'ignition');
  });

  it('a Foundry record is a whole run-<name>.json file name', () => {
    assert.equal(sentTxKind('broadcast/S.s.sol/1/notrun.json'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/1/xrun-1.json'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/1/run-1.json.bak'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/1/run-a_b-2.json'), 'foundry');
  });

  it('the broadcast folder must lie above the script and chain folders, at any depth', () => {
    assert.equal(sentTxKind('x/broadcast/1/run-1.json'), undefined, 'a script folder named broadcast');
    assert.equal(sentTxKind('a/b/c/broadcast/S.s.sol/1/run-1.json'), 'foundry');
  });

  it('the chain folder of a Foundry record is a whole decimal number', () => {
    assert.equal(sentTxKind('broadcast/S.s.sol/x1/run-1.json'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/1x/run-1.json'), undefined);
    assert.equal(sentTxKind('broadcast/S.s.sol/31337/run-1.json'), 'foundry');
  });
});

describe('workspace/model/sentTransactions: reading a Foundry broadcast', () => {
  it('an explicit transaction type wins over the one the fee fields suggest', () => {
    const r = parseFoundryBroadcast(
      RUN,
      broadcast(entry(1, { type: '0x0', maxFeePerGas: '0x9' }), entry(2, { type: 1, gasPrice: '0x9' }), entry(3, { type: '0x2', gasPrice: '0x9' })),
    );
    assert.deepEqual(
      r.txs.map((t) => t.type),
      [0, 1, 2],
    );
  });

  it('an unknown type is inferred from the fees: maxFeePerGas means 2, gasPrice alone 0, neither says nothing', () => {
    const r = parseFoundryBroadcast(
      RUN,
      broadcast(entry(1, { type: '0x3', maxFeePerGas: '0x9' }), entry(2, { gasPrice: 9 }), entry(3, { maxFeePerGas: 9, gasPrice: 9 }), entry(4, {})),
    );
    assert.deepEqual(
      r.txs.map((t) => t.type),
      [2, 0, 2, undefined],
    );
  });

  it('a sender given as a list is not an address: the entry is skipped and counted', () => {
    const r = parseFoundryBroadcast(RUN, broadcast({ hash: hashOf(1), transaction: { from: [FROM] } }, entry(2, {})));
    assert.deepEqual({ hashes: r.txs.map((t) => t.hash), skipped: r.skipped }, { hashes: [hashOf(2)], skipped: 1 });
  });

  it('a broadcast that is JSON null holds no transactions and skips nothing', () => {
    assert.deepEqual(parseFoundryBroadcast(RUN, 'null'), { txs: [], skipped: 0 });
  });

  it('the chain comes from the chain folder when the transaction leaves it out, at any depth', () => {
    const deep = 'app/contracts/broadcast/Pay.s.sol/8822/run-1.json';
    assert.equal(parseFoundryBroadcast(deep, broadcast(entry(1, {}))).txs[0]?.chainId, 8822n);
    assert.equal(parseFoundryBroadcast(deep, broadcast(entry(1, { chainId: '0x1' }))).txs[0]?.chainId, 1n);
    assert.equal(parseFoundryBroadcast('broadcast/S.s.sol/c8822/run-1.json', broadcast(entry(1, {}))).txs[0]?.chainId, undefined);
    assert.equal(parseFoundryBroadcast('broadcast/S.s.sol/8822c/run-1.json', broadcast(entry(1, {}))).txs[0]?.chainId, undefined);
  });

  it('reads at most 5,000 entries of one broadcast', () => {
    const r = parseFoundryBroadcast(RUN, broadcast(...Array.from({ length: 5001 }, (_, i) => entry(i, {}))));
    assert.deepEqual([r.txs.length, r.txs.at(-1)?.hash, r.skipped], [5000, hashOf(4999), 0]);
  });

  it('quantities up to their bound are kept, the bound itself included', () => {
    assert.equal(quantity(`0x${'f'.repeat(64)}`), 2n ** 256n - 1n);
    assert.equal(quantity('0xff', 255n), 255n);
    assert.equal(quantity('0x100', 255n), undefined);
    const r = parseFoundryBroadcast(RUN, broadcast(entry(1, { nonce: '0xffffffffffffffff', gas: '18446744073709551615' })));
    assert.deepEqual([r.txs[0]?.nonce, r.txs[0]?.gas], [2n ** 64n - 1n, 2n ** 64n - 1n]);
  });
});

describe('workspace/model/sentTransactions: reading an Ignition journal', () => {
  it('a deployment folder not named chain-<id> gives no chain, and the chain folder is the one above the journal', () => {
    const r = parseIgnitionJournal('ignition/deployments/my-deploy/journal.jsonl', journal(request('F', 1), send('F', 1, 1)));
    assert.deepEqual([r.txs.length, 'chainId' in (r.txs[0] ?? {})], [1, false]);
    const deep = parseIgnitionJournal('pkg/ignition/deployments/chain-8822/journal.jsonl', journal(request('F', 1), send('F', 1, 1)));
    assert.equal(deep.txs[0]?.chainId, 8822n);
    assert.equal(parseIgnitionJournal('ignition/deployments/chain-8822x/journal.jsonl', journal(request('F', 1), send('F', 1, 1))).txs[0]?.chainId, undefined);
    assert.equal(parseIgnitionJournal('ignition/deployments/xchain-8822/journal.jsonl', journal(request('F', 1), send('F', 1, 1))).txs[0]?.chainId, undefined);
  });

  it('blank lines, even of spaces, are passed over; lines that are not typed objects are skipped and counted', () => {
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), '   ', '\t', '', '{"futureId":"F"}', '[1]', 'not json', send('F', 1, 1)));
    assert.deepEqual([r.txs.length, r.skipped], [1, 3]);
  });

  it('two interactions of one future each keep their own sender, target and value', () => {
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), request('F', 2, { to: OTHER, value: '9' }), send('F', 1, 1), send('F', 2, 2)));
    assert.deepEqual(
      r.txs.map((t) => [t.hash, t.to, t.value]),
      [
        [hashOf(1), TO, 5n],
        [hashOf(2), OTHER, 9n],
      ],
    );
  });

  it('a send is taken only for an on-chain interaction that was requested, and with a valid hash', () => {
    const r = parseIgnitionJournal(
      JOURNAL,
      journal(
        request('S', 1, { type: 'STATIC_CALL' }),
        { type: 'NETWORK_INTERACTION_REQUEST', futureId: 'N', networkInteractionId: 1 },
        send('S', 1, 1),
        send('N', 1, 2),
        send('Missing', 1, 3),
        request('F', 1),
        send('F', 1, 4, { transaction: { hash: 'not a hash' } }),
        send('F', 1, 5, { transaction: { hash: [hashOf(5)] } }),
        send('F', 1, 6, { transaction: undefined }),
        send('F', 1, 7),
      ),
    );
    assert.deepEqual({ hashes: r.txs.map((t) => t.hash), skipped: r.skipped }, { hashes: [hashOf(7)], skipped: 6 });
  });

  it('a send without fees has no fee fields and no type', () => {
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), send('F', 1, 1, { transaction: { hash: hashOf(1) } })));
    assert.deepEqual(r.txs, [{ hash: hashOf(1), from: FROM, to: TO, nonce: 3n, value: 5n, chainId: 8822n, toolchain: 'ignition', source: JOURNAL }]);
  });

  it('an EIP-1559 send is of type 2', () => {
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), send('F', 1, 1, { transaction: { hash: hashOf(1), fees: { maxFeePerGas: '0x9' } } })));
    assert.deepEqual([r.txs[0]?.type, r.txs[0]?.maxFeePerGas, 'gasPrice' in (r.txs[0] ?? {})], [2, 9n, false]);
  });

  it('a replacement by the user marks the last send replaced; other messages of the interaction change nothing', () => {
    const r = parseIgnitionJournal(
      JOURNAL,
      journal(
        request('A', 1),
        send('A', 1, 1),
        { type: 'ONCHAIN_INTERACTION_REPLACED_BY_USER', futureId: 'A', networkInteractionId: 1 },
        request('B', 1),
        send('B', 1, 2),
        { type: 'TRANSACTION_CONFIRM', futureId: 'B', networkInteractionId: 1 },
        request('C', 1),
        send('C', 1, 3),
        { type: 'ONCHAIN_INTERACTION_DROPPED', futureId: 'C', networkInteractionId: 1 },
        { type: 'ONCHAIN_INTERACTION_DROPPED', futureId: 'NeverSent', networkInteractionId: 1 },
      ),
    );
    assert.deepEqual(
      r.txs.map((t) => [t.hash, t.fate]),
      [
        [hashOf(1), 'replaced'],
        [hashOf(2), undefined],
        [hashOf(3), 'dropped'],
      ],
    );
  });

  it('keeps at most 5,000 sends of one journal', () => {
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), ...Array.from({ length: 5001 }, (_, i) => send('F', 1, i + 1))));
    assert.deepEqual([r.txs.length, r.txs.at(-1)?.hash, r.skipped], [5000, hashOf(5000), 0]);
  });

  it('reads the first 50,000 lines of a journal and counts the rest skipped', () => {
    const filler = Array.from({ length: 49_998 }, () => '{"type":"NOOP"}');
    const r = parseIgnitionJournal(JOURNAL, journal(request('F', 1), ...filler, send('F', 1, 1), send('F', 1, 2), send('F', 1, 3)));
    assert.deepEqual({ hashes: r.txs.map((t) => t.hash), skipped: r.skipped }, { hashes: [hashOf(1)], skipped: 2 });
  });
});
