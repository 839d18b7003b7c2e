// The callTracer's answer read as both generations send it (the samples built from the node's Go
// types), and hostile ones: a field of the wrong kind is named with its path, a trace nested past
// the EVM's depth or longer than the bound is counted rather than kept, and neither overflows the stack.
import { strict as assert } from 'node:assert';
import { MAX_FRAME_LOGS, MAX_TRACE_DEPTH, MAX_TRACE_FRAMES, parseCallTrace, pathTo, revertOrigin, type CallTrace } from '../../../../src/evm/model/callTrace';
import { evmSample } from '../../helpers/samples';

const ADDR = `0x${'ab'.repeat(20)}`;

function frame(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'CALL', from: ADDR, gas: '0x10', gasUsed: '0x5', to: ADDR, input: '0x', value: '0x0', ...extra };
}

function parsed(result: unknown): CallTrace {
  const p = parseCallTrace(result);
  assert.ok(p.ok, p.ok ? '' : `${p.field}: ${p.expected}`);
  return p.trace;
}

describe('evm/model/callTrace: the callTracer answer', () => {
  it('v2: frames in call order with their parent, depth, bigints, logs and the value on a STATICCALL', () => {
    const trace = parsed(evmSample('v2-debug_traceTransaction-callTracer').result);
    assert.equal(trace.frames.length, 4);
    assert.equal(trace.cut, 0);
    const [root, staticCall, magic, token] = trace.frames;
    assert.deepEqual(root?.children, [1, 2, 3]);
    assert.equal(root?.gas, 0x30d40n);
    assert.equal(root?.gasUsed, 0x1595cn);
    assert.equal(root?.logs.length, 1);
    assert.equal(staticCall?.type, 'STATICCALL');
    assert.equal(staticCall?.value, 0n);
    assert.equal(staticCall?.parent, 0);
    assert.equal(staticCall?.depth, 1);
    assert.equal(magic?.to, '0x1074000000000000000000000000000000000000');
    assert.equal(magic?.output, undefined);
    assert.equal(token?.logs[0]?.topics.length, 3);
    assert.equal(revertOrigin(trace), undefined, 'nothing failed');
  });

  it('v1: no logs anywhere, no value on the STATICCALL, output 0x on success', () => {
    const trace = parsed(evmSample('v1-debug_traceTransaction-callTracer').result);
    assert.equal(trace.frames.length, 4);
    assert.ok(trace.frames.every((f) => f.logs.length === 0));
    assert.equal(trace.frames[1]?.value, undefined);
    assert.equal(trace.frames[0]?.output, '0x');
  });

  it('addresses and topics are read lower-case; an error and a revert reason are kept, clipped past 2,000 characters', () => {
    const trace = parsed(frame({ from: ADDR.toUpperCase().replace('0X', '0x'), error: 'x'.repeat(5_000), revertReason: 'no' }));
    assert.equal(trace.frames[0]?.from, ADDR);
    assert.match(trace.frames[0]?.error ?? '', /^x{2000}… \(5000 characters\)$/);
    assert.equal(trace.frames[0]?.revertReason, 'no');
  });

  it('a failed CREATE without `to` is a frame; null fields count as absent', () => {
    const trace = parsed(frame({ type: 'CREATE', to: undefined, output: null, error: 'contract creation code storage out of gas' }));
    assert.equal(trace.frames[0]?.to, undefined);
    assert.equal(trace.frames[0]?.output, undefined);
  });

  const wrong: Array<[string, unknown, string, RegExp]> = [
    ['a result that is no object', 'nope', 'result', /object/],
    ['a gas that is no quantity', frame({ gasUsed: 12 }), 'result.gasUsed', /hex quantity/],
    ['a quantity past 256 bits', frame({ value: `0x${'f'.repeat(65)}` }), 'result.value', /hex quantity/],
    ['a lower-case call type', frame({ type: 'call' }), 'result.type', /call type/],
    ['a nested address', frame({ calls: [frame(), frame({ to: '0x12' })] }), 'result.calls[1].to', /address/],
    ['calls that are no array', frame({ calls: {} }), 'result.calls', /array/],
    ['input that is not hex', frame({ input: '0xzz' }), 'result.input', /hex/],
    ['a fifth topic', frame({ logs: [{ address: ADDR, topics: Array(5).fill(`0x${'0'.repeat(64)}`), data: '0x' }] }), 'result.logs[0].topics', /4 topics/],
    ['a short topic', frame({ logs: [{ address: ADDR, topics: ['0x12'], data: '0x' }] }), 'result.logs[0].topics[0]', /32-byte/],
    ['an error that is no string', frame({ error: { message: 'x' } }), 'result.error', /string/],
  ];
  for (const [what, result, field, expected] of wrong) {
    it(`names the field: ${what}`, () => {
      const p = parseCallTrace(result);
      assert.equal(p.ok, false);
      if (p.ok) return;
      assert.equal(p.field, field);
      assert.match(p.expected, expected);
    });
  }

  it('a trace nested deeper than the EVM allows is read without recursion; what lies below the limit is counted', () => {
    let deepest: Record<string, unknown> = frame();
    for (let i = 0; i < MAX_TRACE_DEPTH + 50; i++) deepest = frame({ calls: [deepest] });
    const trace = parsed(deepest);
    assert.equal(trace.frames.length, MAX_TRACE_DEPTH + 1);
    assert.equal(trace.cut, 50);
    assert.equal(trace.frames.at(-1)?.depth, MAX_TRACE_DEPTH);
  });

  it('frames past the bound are counted, not kept; the kept ones keep their order', () => {
    const calls = Array.from({ length: MAX_TRACE_FRAMES + 99 }, (_, i) => frame({ input: `0x${i.toString(16).padStart(8, '0')}` }));
    const trace = parsed(frame({ calls }));
    assert.equal(trace.frames.length, MAX_TRACE_FRAMES);
    assert.equal(trace.cut, 100);
    assert.equal(trace.frames[1]?.input, '0x00000000');
    assert.equal(trace.frames[0]?.children.length, MAX_TRACE_FRAMES - 1);
  });

  it("a frame's logs past the bound are counted", () => {
    const log = { address: ADDR, topics: [], data: '0x', position: '0x0' };
    const trace = parsed(frame({ logs: Array(MAX_FRAME_LOGS + 7).fill(log) }));
    assert.equal(trace.frames[0]?.logs.length, MAX_FRAME_LOGS);
    assert.equal(trace.frames[0]?.logsCut, 7);
  });
});

describe('evm/model/callTrace: where the revert began', () => {
  const failed = (extra: Record<string, unknown> = {}) => frame({ error: 'execution reverted', ...extra });

  it('the last failed call of each failed frame, down to one whose calls all succeeded', () => {
    const trace = parsed(failed({ calls: [failed(), frame(), failed({ calls: [frame(), failed({ calls: [frame()] })] }), frame()] }));
    const origin = revertOrigin(trace);
    assert.equal(origin, 5);
    assert.deepEqual(pathTo(trace, origin ?? -1), [0, 3, 5]);
  });

  it('a root that failed on its own account is the origin; a successful root has none even when a call inside failed', () => {
    assert.equal(revertOrigin(parsed(failed({ calls: [frame()] }))), 0);
    assert.equal(revertOrigin(parsed(frame({ calls: [failed()] }))), undefined);
  });
});
