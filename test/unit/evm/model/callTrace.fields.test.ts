// The callTracer answer field by field (src/evm/model/callTrace.ts): a frame's log with the most
// topics a log can have, read lower-case; a malformed log address, log data or gas named with what was
// expected; and a frame as it is kept, with no field the node did not send.
import * as assert from 'node:assert/strict';
import { parseCallTrace } from '../../../../src/evm/model/callTrace';

const ADDR = `0x${'ab'.repeat(20)}`;
const TOPIC = `0x${'Cd'.repeat(32)}`;
const frame = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'CALL',
  from: ADDR,
  gas: '0x10',
  gasUsed: '0x5',
  to: ADDR,
  input: '0x',
  ...extra,
});
const log = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ address: ADDR, topics: [], data: '0x', ...extra });

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
    const p = parseCallTrace(frame());
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
