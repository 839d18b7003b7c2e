// The receipt panel's Block and Events sections (src/transactions/model/chainLogView.ts): every row of a
// block, each event with its contract hname and time, an event without topic or payload, no events, a
// failed read, the cap on events shown, hostile topics revealed, and how an event's Unix-nanosecond
// timestamp reads.
import * as assert from 'node:assert/strict';
import type { BlockInfo, ChainEvent } from '../../../../src/api/chainLogSchemas';
import { chainLogSections, MAX_EVENTS_SHOWN } from '../../../../src/transactions/model/chainLogView';

describe('transactions/model/chainLogView', () => {
  const BLOCK = {
    blockIndex: 1234567,
    timestamp: '2025-01-01T00:00:10Z',
    totalRequests: 3,
    numSuccessfulRequests: 2,
    numOffLedgerRequests: 1,
    gasBurned: 18446744073709551615n,
    gasFeeCharged: 1000n,
  };

  it('shows the block: index, time, requests with failed, gas and fees exact', () => {
    const [block] = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [] } });
    assert.deepEqual(
      block?.rows.map((r) => r.value),
      ['1,234,567', '2025-01-01T00:00:10Z', '3 (1 off-ledger), 1 failed', '18,446,744,073,709,551,615', '1,000'],
    );
  });

  it('lists events with their contract and time; hostile topics are revealed, payloads clipped, the list bounded', () => {
    const events = Array.from({ length: MAX_EVENTS_SHOWN + 5 }, (_, i) => ({
      contractID: 0x07cb02c1,
      topic: i === 0 ? 'evm\u202e.log' : 'evm.log',
      timestamp: 1_735_689_610_000_000_000n,
      payload: `0x${'ab'.repeat(1000)}`,
    }));
    const [, ev] = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events } });
    assert.equal(ev?.title, `Events (${MAX_EVENTS_SHOWN + 5})`);
    assert.equal(ev?.rows.length, MAX_EVENTS_SHOWN);
    assert.equal(ev?.rows[0]?.label, 'evm⟨U+202E⟩.log');
    assert.ok((ev?.rows[0]?.value.length ?? 0) <= 401);
    assert.equal(ev?.rows[0]?.copy?.text.length, 2002, 'Copy gives the whole payload');
    assert.equal(ev?.rows[0]?.detail, 'contract evm (0x07cb02c1) · 2025-01-01T00:00:10.000000000Z');
    assert.match(ev?.note ?? '', /first 100 of 105/);
  });

  it('says what could not be read instead of failing the panel', () => {
    const sections = chainLogSections({ ok: false, reason: 'Node error: 500' }, { ok: false, reason: 'Not found (404)' });
    assert.match(sections[0]?.rows[0]?.value ?? '', /not available: Node error/);
    assert.match(sections[1]?.rows[0]?.value ?? '', /not available: Not found/);
  });
});

describe('transactions/model/chainLogView: the Block and Events sections, whole', () => {
  const BLOCK: BlockInfo = {
    blockIndex: 2483101,
    timestamp: '2026-11-20T10:00:00Z',
    totalRequests: 5,
    numSuccessfulRequests: 3,
    numOffLedgerRequests: 4,
    gasBurned: 1234567n,
    gasFeeCharged: 12346n,
  };
  const event = (over: Partial<ChainEvent> = {}): ChainEvent => ({
    contractID: 0x07cb02c1,
    topic: 'evm.Transfer',
    timestamp: 1_763_632_800_000_000_000n,
    payload: '0xabcd',
    ...over,
  });

  it('a block and one event, every field', () => {
    assert.deepEqual(chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [event()] } }), [
      {
        id: 'block',
        title: 'Block',
        rows: [
          { field: 'block.index', label: 'Block', value: '2,483,101', mono: true },
          { field: 'block.time', label: 'Time', value: '2026-11-20T10:00:00Z', mono: true },
          { field: 'block.requests', label: 'Requests', value: '5 (4 off-ledger), 2 failed' },
          { field: 'block.gasBurned', label: 'Gas burned', value: '1,234,567', mono: true },
          { field: 'block.fees', label: 'Fees charged', value: '12,346', mono: true },
        ],
      },
      {
        id: 'events',
        title: 'Events (1)',
        rows: [
          {
            field: 'event.0',
            label: 'evm.Transfer',
            value: '0xabcd',
            mono: true,
            detail: 'contract evm (0x07cb02c1) · 2025-11-20T10:00:00.000000000Z',
            copy: { text: '0xabcd', what: 'Event payload' },
          },
        ],
      },
    ]);
  });

  it('reads failures, no events, and an event with neither topic nor payload', () => {
    assert.deepEqual(chainLogSections({ ok: false, reason: 'HTTP 500' }, { ok: false, reason: 'timed out' }), [
      { id: 'block', title: 'Block', rows: [{ field: 'block.error', label: 'Block', value: 'not available: HTTP 500', empty: true }] },
      { id: 'events', title: 'Events', rows: [{ field: 'events.error', label: 'Events', value: 'not available: timed out', empty: true }] },
    ]);
    const none = chainLogSections({ ok: true, value: { ...BLOCK, numSuccessfulRequests: 9 } }, { ok: true, value: { events: [] } });
    assert.equal(none[0]?.rows[2]?.value, '5 (4 off-ledger), 0 failed', 'never a negative count');
    assert.deepEqual(none[1], {
      id: 'events',
      title: 'Events (0)',
      rows: [{ field: 'events.none', label: 'Events', value: 'This request emitted no events.', empty: true }],
    });
    const bare = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [event({ topic: '', payload: '', contractID: 1 })] } })[1]?.rows[0];
    assert.equal(bare?.label, '(no topic)');
    assert.equal(bare?.value, '(no payload)');
    assert.equal(bare?.detail, 'contract 0x00000001 · 2025-11-20T10:00:00.000000000Z');
  });

  it('reads an event timestamp as Unix nanoseconds (as Wasp writes it, both generations), exact past 2^53', () => {
    const detail = (ts: bigint) =>
      chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [event({ timestamp: ts })] } })[1]?.rows[0]?.detail;
    assert.equal(detail(0n), 'contract evm (0x07cb02c1) · 0', 'zero is no time: shown as the number');
    assert.equal(detail(1n), 'contract evm (0x07cb02c1) · 1970-01-01T00:00:00.000000001Z');
    assert.equal(detail(999_999_999n), 'contract evm (0x07cb02c1) · 1970-01-01T00:00:00.999999999Z');
    assert.equal(detail(1_000_000_000n), 'contract evm (0x07cb02c1) · 1970-01-01T00:00:01.000000000Z');
    assert.equal(detail(1_763_632_800_123_456_789n), 'contract evm (0x07cb02c1) · 2025-11-20T10:00:00.123456789Z', 'every digit of a value above 2^53');
    assert.equal(detail(18446744073709551615n), 'contract evm (0x07cb02c1) · 2554-07-21T23:34:33.709551615Z', 'the largest uint64');
  });

  it(`shows the first ${MAX_EVENTS_SHOWN} events and says how many there are`, () => {
    const events = (n: number) => Array.from({ length: n }, (_, i) => event({ topic: `t${i}` }));
    const at = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: events(MAX_EVENTS_SHOWN) } })[1];
    assert.equal(at?.rows.length, MAX_EVENTS_SHOWN);
    assert.ok(at && !('note' in at));
    const over = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: events(MAX_EVENTS_SHOWN + 1) } })[1];
    assert.equal(over?.rows.length, MAX_EVENTS_SHOWN);
    assert.equal(over?.title, 'Events (101)');
    assert.equal(over?.note, 'The first 100 of 101 events.');
    assert.equal(over?.rows.at(-1)?.field, 'event.99');
  });

  it('clips a long topic to 80 characters and a payload to 400, copying the whole payload', () => {
    const long = chainLogSections(
      { ok: true, value: BLOCK },
      { ok: true, value: { events: [event({ topic: 'x'.repeat(100), payload: `0x${'ab'.repeat(300)}` })] } },
    )[1]?.rows[0];
    assert.equal(long?.label, `${'x'.repeat(79)}…`);
    assert.equal(long?.value.length, 400);
    assert.equal(long?.copy?.text.length, 602);
  });
});
