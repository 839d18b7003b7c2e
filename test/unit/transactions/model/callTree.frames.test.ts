// The call tree of hand-made trace frames (src/transactions/model/callTree.ts): how each frame's
// call, error, value and names read, the one-line revert for the hover, and which traces are taken
// as the transaction's own.
import * as assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3';
import type { CallTrace, TraceFrame } from '../../../../src/evm/model/callTrace';
import { loadAbiCoder, type AbiCoder } from '../../../../src/evm/model/decode';
import { AbiIndex, type AbiItem } from '../../../../src/evm/model/abiIndex';
import { MAGIC_ADDRESS, magicAbiIndex } from '../../../../src/evm/model/iscMagic';
import { buildCallTree, callTreeState, revertLine, traceIsOf, type CallTreeView } from '../../../../src/transactions/model/callTree';

const A = `0x${'ab'.repeat(20)}`;
const B = `0x${'cd'.repeat(20)}`;
const selectorOf = (signature: string) => `0x${Buffer.from(keccak_256(signature)).toString('hex').slice(0, 8)}`;
const PING: AbiItem = {
  kind: 'function',
  name: 'ping',
  inputs: [{ name: 'x', type: 'uint256' }],
  outputs: [],
  signature: 'ping(uint256)',
  selector: selectorOf('ping(uint256)'),
};
const PING_CALL = `${PING.selector}${'7'.padStart(64, '0')}`;

function frame(over: Partial<TraceFrame> = {}): TraceFrame {
  return {
    index: 0,
    parent: undefined,
    depth: 0,
    type: 'CALL',
    from: A,
    to: B,
    gas: 100n,
    gasUsed: 21n,
    input: '0x',
    logs: [],
    logsCut: 0,
    children: [],
    ...over,
  };
}

let coder: AbiCoder;
let magic: AbiIndex;
async function loadDecoding(): Promise<void> {
  coder = await loadAbiCoder();
  magic = await magicAbiIndex('rebased');
}
const tree = (frames: TraceFrame[], index = new AbiIndex()): CallTreeView =>
  buildCallTree({ coder, index, magic, generation: 'rebased', trace: { frames, cut: 0 } });
const only = (f: TraceFrame, index?: AbiIndex) => {
  const v = tree([f], index).frames[0];
  assert.ok(v);
  return v;
};

describe('transactions/model/callTree: the call of a hand-made frame', () => {
  before(loadDecoding);

  it('a CREATE2 frame creates a contract, whatever its data', () => {
    assert.equal(only(frame({ type: 'CREATE2', input: PING_CALL })).call, 'creates a contract');
  });

  it('a call declared by two ABI files names the first and counts the other', () => {
    const index = new AbiIndex();
    index.setFile('file:///w/a.json', 'a.json', [PING]);
    index.setFile('file:///w/b.json', 'b.json', [PING]);
    const v = only(frame({ input: PING_CALL }), index);
    assert.equal(v.call, 'ping(x: 7)');
    assert.equal(v.callSource, 'a.json and 1 more');
  });

  it('a root frame has parent -1, and no call source, result, value or reason when it has none', () => {
    const v = only(frame({ input: PING_CALL, value: 0n, output: '0x' }));
    assert.deepEqual(v, {
      index: 0,
      parent: -1,
      depth: 0,
      type: 'CALL',
      from: '0xABaBaBaBABabABabAbAbABAbABabababaBaBABaB',
      to: '0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD',
      call: `function ${PING.selector}: no ABI in the workspace declares it`,
      gasUsed: '21',
      failed: false,
      origin: false,
      open: true,
      logs: [],
      logsCut: 0,
      children: [],
    });
  });

  it('a frame without call data says so, and a plain transfer when it sends value', () => {
    assert.equal(only(frame()).call, 'no call data');
    const sending = only(frame({ value: 5n }));
    assert.deepEqual([sending.call, sending.value], ['a plain transfer (no call data)', '5']);
  });

  it('a call into the magic contract that none of its interfaces declares names the selector; its interface is "ISC"', () => {
    const v = only(frame({ to: MAGIC_ADDRESS, input: '0x12345678' }));
    assert.deepEqual([v.call, v.magic, v.toName], ['function 0x12345678 of the magic contract (not in its interfaces)', 'ISC', 'ISC magic contract']);
  });

  it('a call into the magic contract with data too short for a selector is said as any undecodable call', () => {
    assert.equal(only(frame({ to: MAGIC_ADDRESS, input: '0x1234' })).call, ': the data does not match the ABI that declares it');
  });
});

describe('transactions/model/callTree: the failure, logs and trace of hand-made frames', () => {
  before(loadDecoding);

  it('a failed CREATE without an address has no "to"', () => {
    const v = only(frame({ type: 'CREATE', to: undefined, error: 'out of gas' }));
    assert.ok(!('to' in v), JSON.stringify(v));
    assert.deepEqual([v.error, 'reason' in v], ['out of gas', false]);
  });

  it('revert data of a bare selector no ABI declares: the node words and the selector', () => {
    const v = only(frame({ error: 'execution reverted', output: '0xdeadbeef' }));
    assert.equal(v.error, 'execution reverted: custom error 0xdeadbeef (data 0xdeadbeef): no ABI in the workspace declares it');
    assert.ok(!('reason' in v));
  });

  it('revert data shorter than a selector is not decoded: the node’s reason, else its words', () => {
    const withReason = only(frame({ error: 'execution reverted', output: '0x12', revertReason: 'too low' }));
    assert.deepEqual([withReason.error, withReason.reason], ['reverted: too low', 'too low']);
    assert.equal(only(frame({ error: 'execution reverted', output: '0x12' })).error, 'execution reverted');
  });

  it('a log without topics is an anonymous event', () => {
    const v = only(frame({ logs: [{ address: B, topics: [], data: '0x' }] }));
    assert.deepEqual(v.logs, [{ address: '0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD', line: 'event (anonymous)' }]);
  });

  it('the hover line of a revert without a decoded reason names where only', () => {
    const view = tree([frame({ error: 'out of gas' })]);
    assert.equal(revertLine(view), 'reverted in 0xCdCDCdCdcdcdcdCdcDcDCdcDcDCdCdcdCdcDCDcD: no call data');
  });

  it('a trace answered for the transaction is shown; without a transaction to compare, it is shown too', () => {
    const trace: CallTrace = { frames: [frame({ input: '0xabcd', value: 3n })], cut: 0 };
    const decoding = { coder, index: new AbiIndex(), magic, generation: 'rebased' as const };
    const own = callTreeState({ ok: true, trace, raw: undefined }, decoding, { to: B, data: Uint8Array.of(0xab, 0xcd), value: 3n });
    assert.equal(own.status, 'ok');
    assert.equal(callTreeState({ ok: true, trace, raw: undefined }, decoding, undefined).status, 'ok');
  });
});

describe('transactions/model/callTree: whether a trace is of the transaction', () => {
  const data = Uint8Array.of(0xab, 0xcd);
  const call = { to: B, data, value: 3n };
  const trace = (f: Partial<TraceFrame>): CallTrace => ({ frames: [frame({ input: '0xABCD', value: 3n, ...f })], cut: 0 });

  it('the same callee, data and value: it is', () => {
    assert.equal(traceIsOf(trace({}), { ...call, to: B.toUpperCase().replace('0X', '0x') }), true);
  });

  it('an empty trace is of no transaction', () => {
    assert.equal(traceIsOf({ frames: [], cut: 0 }, call), false);
  });

  it('a creation matches a CREATE2 root and not a CALL root; a call does not match a CREATE root', () => {
    assert.equal(traceIsOf(trace({ type: 'CREATE2', to: A }), { data, value: 3n }), true);
    assert.equal(traceIsOf(trace({}), { data, value: 3n }), false);
    assert.equal(traceIsOf(trace({ type: 'CREATE' }), call), false);
  });

  it('another callee, value or data: it is not', () => {
    assert.equal(traceIsOf(trace({ to: A }), call), false);
    assert.equal(traceIsOf(trace({ value: 4n }), call), false);
    assert.equal(traceIsOf(trace({ value: undefined }), { ...call, value: 0n }), true);
    assert.equal(traceIsOf(trace({ input: '0xabce' }), call), false);
  });
});

describe('transactions/model/callTree: names and origin', () => {
  before(loadDecoding);
  const named = (frames: TraceFrame[], nameOf?: (address: string) => string | undefined): CallTreeView =>
    buildCallTree({ coder, index: new AbiIndex(), magic, generation: 'rebased', trace: { frames, cut: 0 }, ...(nameOf ? { nameOf } : {}) });
  const asking = (names: Record<string, string>) => {
    const asked: string[] = [];
    return { asked, nameOf: (address: string) => (asked.push(address), names[address.toLowerCase()]) };
  };

  it('for a creation that failed without an address, the address book is asked about the caller only', () => {
    const book = asking({ [A]: 'Deployer' });
    const root = named([frame({ type: 'CREATE', to: undefined, error: 'out of gas' })], book.nameOf).frames[0];
    assert.deepEqual(book.asked, [A]);
    assert.equal(root?.fromName, 'Deployer');
    assert.equal(root !== undefined && 'toName' in root, false);
    assert.equal(root !== undefined && 'to' in root, false);
  });

  it('the caller and the callee of a call are both looked up and named', () => {
    const book = asking({ [B]: 'Vault' });
    const view = named([frame()], book.nameOf);
    assert.deepEqual(book.asked, [A, B]);
    assert.equal(view.frames[0]?.toName, 'Vault');
  });

  it('a tree whose root did not fail marks no origin', () => {
    const view = named([frame()]);
    assert.deepEqual(Object.keys(view).sort(), ['cut', 'frames', 'notes', 'summary']);
    assert.equal(view.summary, '1 calls, 0 failed');
    assert.equal(view.frames[0]?.origin, false);
  });
});
