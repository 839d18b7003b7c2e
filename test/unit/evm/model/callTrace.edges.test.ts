// The callTracer answer at its edges (src/evm/model/callTrace.ts): an error of exactly the kept
// length, malformed logs and revert reasons named, a null among the frames past the depth bound
// counted, and the path to a frame the trace does not hold; and the shape reader's own errors.
// Field by field: a log with the most topics a log can have, read lower-case; a malformed log
// address, log data or gas named with what was expected; a frame kept with no field the node did not send.
import * as assert from 'node:assert/strict';
import { MAX_TRACE_DEPTH, parseCallTrace, pathTo } from '../../../../src/evm/model/callTrace';
import { readShape, ShapeError } from '../../../../src/evm/model/shape';

const ADDR = `0x${'ab'.repeat(20)}`;
const frame = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'CALL',
  from: ADDR,
  gas: '0x10',
  gasUsed: '0x5',
  to: ADDR,
  input: '0x',
  value: '0x0',
  ...extra,
});
const TOPIC = `0x${'Cd'.repeat(32)}`;
const log = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ address: ADDR, topics: [], data: '0x', ...extra });

describe('evm/model/callTrace: at its edges', () => {
  it('an error of exactly 2,000 characters is kept whole; one more is cut', () => {
    const whole = parseCallTrace(frame({ error: 'e'.repeat(2000) }));
    assert.ok(whole.ok);
    assert.equal(whole.trace.frames[0]?.error, 'e'.repeat(2000));
    const cut = parseCallTrace(frame({ error: 'e'.repeat(2001) }));
    assert.ok(cut.ok);
    assert.equal(cut.trace.frames[0]?.error, `${'e'.repeat(2000)}… (2001 characters)`);
  });

  it('logs that are no array, and a revert reason that is no string, are named', () => {
    assert.deepEqual(parseCallTrace(frame({ logs: 5 })), { ok: false, field: 'result.logs', expected: 'an array of logs' });
    assert.deepEqual(parseCallTrace(frame({ revertReason: 5 })), { ok: false, field: 'result.revertReason', expected: 'a string' });
  });

  it('a null among the calls past the depth bound is counted as a frame cut', () => {
    let deepest: Record<string, unknown> = frame({ calls: [null] });
    for (let i = 0; i <= MAX_TRACE_DEPTH; i++) deepest = frame({ calls: [deepest] });
    const p = parseCallTrace(deepest);
    assert.ok(p.ok);
    assert.equal(p.trace.frames.length, MAX_TRACE_DEPTH + 1);
    assert.equal(p.trace.cut, 2);
  });

  it('the path to a frame the trace does not hold is that index alone', () => {
    const p = parseCallTrace(frame());
    assert.ok(p.ok);
    assert.deepEqual(pathTo(p.trace, 7), [7]);
  });
});

describe('evm/model/shape: its errors', () => {
  it('a shape error says its field and what was expected', () => {
    assert.equal(new ShapeError('result.to', 'an address').message, 'result.to: an address');
  });

  it('any other error is thrown on', () => {
    assert.throws(
      () =>
        readShape(() => {
          throw new TypeError('boom');
        }),
      { name: 'TypeError', message: 'boom' },
    );
  });
});

describe('evm/model/callTrace: fields of a frame', () => {
  it('a log with four topics is kept, its address and topics read lower-case', () => {
    const p = parseCallTrace(frame({ logs: [log({ address: ADDR.toUpperCase().replace('0X', '0x'), topics: [TOPIC, TOPIC, TOPIC, TOPIC], data: '0xAb' })] }));
    assert.ok(p.ok);
    assert.deepEqual(p.trace.frames[0]?.logs, [{ address: ADDR, topics: Array(4).fill(TOPIC.toLowerCase()), data: '0xAb' }]);
  });

  it('a log address that is no address is named, with what was expected', () => {
    assert.deepEqual(parseCallTrace(frame({ logs: [log(), log({ address: '0x12' })] })), {
      ok: false,
      field: 'result.logs[1].address',
      expected: 'an address',
    });
  });

  it('log data that is no hex is named, with what was expected', () => {
    assert.deepEqual(parseCallTrace(frame({ logs: [log({ data: 'zz' })] })), { ok: false, field: 'result.logs[0].data', expected: 'hex data' });
  });

  it('a gas that is no quantity is named, with what was expected', () => {
    assert.deepEqual(parseCallTrace(frame({ gas: 'lots' })), { ok: false, field: 'result.gas', expected: 'a hex quantity (0x…)' });
  });

  it('a frame the node sent without value, output, error or revert reason has none of those fields', () => {
    const sent = frame();
    delete sent.value;
    const p = parseCallTrace(sent);
    assert.ok(p.ok);
    assert.deepEqual(p.trace.frames[0], {
      index: 0,
      parent: undefined,
      depth: 0,
      type: 'CALL',
      from: ADDR,
      to: ADDR,
      gas: 16n,
      gasUsed: 5n,
      input: '0x',
      logs: [],
      logsCut: 0,
      children: [],
    });
  });
});
