// The replay's steps against anvil's own struct logger (debug_traceTransaction with no tracer, its
// memory enabled; anvil gives it only with --steps-tracing): the fixture's transactions sent again,
// as the same signed bytes, to an anvil that logs steps, then every step compared: pc, opcode, gas,
// depth, the stack, the memory, and the slot an SLOAD read or an SSTORE wrote.
import { strict as assert } from 'node:assert';
import { createCustomCommon, Mainnet } from '@ethereumjs/common';
import { getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import { fetchReplayInputs } from '../../../src/debugger/model/replayInputs';
import { replayTransaction } from '../../../src/debugger/model/replay';
import { jsonRpc } from '../../fixtures/realPeers/anvil';
import { ANVIL_ACCOUNTS, sendMined, startAnvil, type Anvil, type RealPeerTxs } from '../../fixtures/realPeers/realPeers';
import { LOOP_AT, LOOP_CODE, show, usePeers } from './replayPeers';

interface StructLog {
  pc: number;
  op: string;
  gas: number;
  depth: number;
  stack: string[];
  memory?: string[];
  storage?: Record<string, string>;
}

const OP_NAMES = new Map(
  [...getOpcodesForHF(createCustomCommon({}, Mainnet, { hardfork: 'prague', params: paramsEVM })).opcodes].map(([code, o]) => [code, o.fullName]),
);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('a replay’s steps equal anvil’s struct logger step by step: pc, opcode, gas, stack, memory and storage', function () {
  this.timeout(60_000);
  const peersOf = usePeers();
  let stepping: Anvil;

  before(async function () {
    this.timeout(60_000);
    const peers = peersOf();
    stepping = await startAnvil(peers.chainId, ['--steps-tracing']);
    // The same signed transactions, in the order anvil mined them: the same accounts, nonces and addresses.
    const latest = BigInt(await peers.rpc<string>('eth_blockNumber'));
    for (let n = 1n; n <= latest; n++) {
      const block = await peers.rpc<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false]);
      for (const hash of block.transactions) {
        const raw = await peers.rpc<string>('eth_getRawTransactionByHash', [hash]);
        await jsonRpc(stepping.url, 'eth_sendRawTransaction', [raw]);
        for (let i = 0; i < 200 && !(await jsonRpc(stepping.url, 'eth_getTransactionReceipt', [hash])); i++) await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
  after(() => stepping?.stop());

  const cases: Array<keyof RealPeerTxs> = ['save', 'customError', 'createInCall', 'deployBank', 'panic', 'requireString'];
  for (const which of cases) {
    it(`replays ${which} with anvil’s steps`, async () => {
      const hash = peersOf().txs[which];
      const got = await fetchReplayInputs(stepping.url, hash, { fetch: globalThis.fetch });
      assert.ok(got.ok, show(got));
      const rec = await replayTransaction(got.inputs, { maxSteps: 1_000_000 });
      assert.equal(rec.divergence, undefined);
      const { structLogs } = await jsonRpc<{ structLogs: StructLog[] }>(stepping.url, 'debug_traceTransaction', [hash, { enableMemory: true }]);
      assert.ok(structLogs.length > 0, 'anvil logged steps');
      assert.equal(rec.length, structLogs.length);
      structLogs.forEach((log, i) => {
        const at = `step ${i}`;
        assert.equal(rec.pc[i], log.pc, at);
        assert.equal(OP_NAMES.get(rec.op[i] as number), log.op, at);
        assert.equal(rec.gasLeft[i], log.gas, at);
        assert.equal((rec.frames[rec.frame[i] as number]?.depth ?? -1) + 1, log.depth, at);
        assert.deepEqual(rec.stackAt(i), log.stack.map(BigInt), at);
        assert.equal(hex(rec.memoryAt(i)), (log.memory ?? []).map((w) => w.replace(/^0x/, '')).join(''), at);
        if ((log.op === 'SLOAD' || log.op === 'SSTORE') && i + 1 < rec.length && rec.frame[i + 1] === rec.frame[i]) {
          const slot = BigInt(log.stack[log.stack.length - 1] as string);
          const access = rec.storageAt(i + 1).filter((a) => a.step === i);
          assert.equal(access.length, 1, at);
          assert.equal(access[0]?.slot, slot, at);
          assert.equal(access[0]?.access, log.op === 'SLOAD' ? 'read' : 'written', at);
          const logged = Object.entries(log.storage ?? {}).find(([k]) => BigInt(k) === slot);
          assert.ok(logged, `${at}: anvil logged the slot`);
          assert.equal(access[0]?.value, BigInt(logged[1]), at);
        }
      });
    });
  }

  it('rebuilds the stack and memory of a frame past its checkpoints and snapshots, as anvil logged them', async () => {
    // Copies every 16 steps and every 4 writes: the loop's 600 steps pass 37 checkpoints and 15 snapshots,
    // the same rebuilding a 15,000-step frame needs at the production intervals.
    const intervals = { stackCheckpoint: 16, memorySnapshot: 4 };
    await jsonRpc(stepping.url, 'anvil_setCode', [LOOP_AT, LOOP_CODE]);
    const hash = await sendMined(<T>(method: string, params?: unknown[]) => jsonRpc<T>(stepping.url, method, params), {
      from: ANVIL_ACCOUNTS[2],
      to: LOOP_AT,
      data: `0x${(60).toString(16).padStart(64, '0')}`,
      gas: '0x100000',
    });
    const got = await fetchReplayInputs(stepping.url, hash, { fetch: globalThis.fetch });
    assert.ok(got.ok, show(got));
    const rec = await replayTransaction(got.inputs, { maxSteps: 1_000_000, intervals });
    assert.equal(rec.divergence, undefined);
    const { structLogs } = await jsonRpc<{ structLogs: StructLog[] }>(stepping.url, 'debug_traceTransaction', [hash, { enableMemory: true }]);
    assert.equal(rec.length, structLogs.length);
    assert.ok(structLogs.length > 30 * intervals.stackCheckpoint, `${structLogs.length} steps`);
    structLogs.forEach((log, i) => {
      assert.equal(rec.pc[i], log.pc, `step ${i}`);
      assert.equal(rec.gasLeft[i], log.gas, `step ${i}`);
      assert.deepEqual(rec.stackAt(i), log.stack.map(BigInt), `step ${i}`);
      assert.equal(hex(rec.memoryAt(i)), (log.memory ?? []).map((w) => w.replace(/^0x/, '')).join(''), `step ${i}`);
    });
  });
});
