// The callTracer answer at its edges (src/evm/model/callTrace.ts): an error of exactly the kept
// length, malformed logs and revert reasons named, a null among the frames past the depth bound
// counted, and the path to a frame the trace does not hold; and the shape reader's own errors.
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
