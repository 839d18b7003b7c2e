// The receipt panel's Block and Events sections (src/transactions/model/chainLogView.ts): every row of a
// block, each event with its contract hname and time, an event without topic or payload, no events, a
// failed read, the cap on events shown, hostile topics revealed, and how an event's Unix-nanosecond
// timestamp reads.
import * as assert from 'node:assert/strict';
import type { BlockInfo, ChainEvent } from '../../../../src/api/chainLogSchemas';
import { chainLogSections as sectionsAt, MAX_EVENTS_SHOWN } from '../../../../src/transactions/model/chainLogView';

/** Read five minutes after the sample block, shown in British English in UTC (no AM/PM spacing to depend on). */
const WHEN = { now: Date.UTC(2026, 10, 20, 10, 5, 0), time: { locale: 'en-GB', timeZone: 'UTC' } };
const chainLogSections = (block: Parameters<typeof sectionsAt>[0], events: Parameters<typeof sectionsAt>[1]) => sectionsAt(block, events, undefined, WHEN);

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

  it('shows the block: index, time in the locale with its age, requests with failed, gas exact, fees with their unit', () => {
    const [block] = chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [] } });
    assert.deepEqual(
      block?.rows.map((r) => r.value),
      ['1,234,567', '1 Jan 2025, 00:00:10 (688 d ago)', '3 (1 off-ledger), 1 failed', '18,446,744,073,709,551,615', '1,000 base tokens'],
    );
    assert.equal(block?.rows[1]?.title, '2025-01-01 00:00:10 UTC', 'the exact UTC is the time’s tooltip');
  });

  it('shows a timestamp that is no time as the node sent it', () => {
    const [block] = chainLogSections({ ok: true, value: { ...BLOCK, timestamp: 'soon\u202e' } }, { ok: true, value: { events: [] } });
    assert.deepEqual(block?.rows[1], { field: 'block.time', label: 'Time', value: 'soon⟨U+202E⟩', mono: true });
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
    assert.equal(ev?.rows[0]?.detail, 'contract evm (07cb02c1) · 1 Jan 2025, 00:00:10 (688 d ago)');
    assert.match(ev?.note ?? '', /first 100 of 105/);
  });

  it('says what could not be read instead of failing the panel', () => {
    const sections = chainLogSections({ ok: false, reason: 'Node error: 500' }, { ok: false, reason: 'Not found (404)' });
    assert.match(sections[0]?.rows[0]?.value ?? '', /not available: Node error/);
    assert.match(sections[1]?.rows[0]?.value ?? '', /not available: Not found/);
  });
});

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

describe('transactions/model/chainLogView: the Block and Events sections, whole', () => {
  it('a block and one event, every field', () => {
    assert.deepEqual(chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [event()] } }), [
      {
        id: 'block',
        title: 'Block',
        rows: [
          { field: 'block.index', label: 'Block', value: '2,483,101', mono: true },
          { field: 'block.time', label: 'Time', value: '20 Nov 2026, 10:00:00 (5 min ago)', title: '2026-11-20 10:00:00 UTC' },
          { field: 'block.requests', label: 'Requests', value: '5 (4 off-ledger), 2 failed' },
          { field: 'block.gasBurned', label: 'Gas burned', value: '1,234,567', mono: true },
          { field: 'block.fees', label: 'Fees charged', value: '12,346 base tokens', mono: true, copy: { text: '12346', what: 'fees charged' } },
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
            detail: 'contract evm (07cb02c1) · 20 Nov 2025, 10:00:00 (365 d ago)',
            title: '2025-11-20 10:00:00.000000000 UTC',
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
    assert.equal(bare?.detail, 'contract 00000001 · 20 Nov 2025, 10:00:00 (365 d ago)');
  });
});

describe('transactions/model/chainLogView: event times and long lists', () => {
  it('reads an event timestamp as Unix nanoseconds (as Wasp writes it, both generations), its tooltip exact past 2^53', () => {
    const row = (ts: bigint) => chainLogSections({ ok: true, value: BLOCK }, { ok: true, value: { events: [event({ timestamp: ts })] } })[1]?.rows[0];
    assert.equal(row(0n)?.detail, 'contract evm (07cb02c1) · 0', 'zero is no time: shown as the number');
    assert.equal(row(0n)?.title, undefined);
    assert.equal(row(1n)?.title, '1970-01-01 00:00:00.000000001 UTC');
    assert.equal(row(999_999_999n)?.title, '1970-01-01 00:00:00.999999999 UTC');
    assert.equal(row(1_000_000_000n)?.title, '1970-01-01 00:00:01.000000000 UTC');
    assert.equal(row(1_763_632_800_123_456_789n)?.title, '2025-11-20 10:00:00.123456789 UTC', 'every digit of a value above 2^53');
    assert.equal(row(1_763_632_800_123_456_789n)?.detail, 'contract evm (07cb02c1) · 20 Nov 2025, 10:00:00 (365 d ago)');
    assert.equal(row(18446744073709551615n)?.title, '2554-07-21 23:34:33.709551615 UTC', 'the largest uint64');
    assert.equal(row(18446744073709551615n)?.detail, 'contract evm (07cb02c1) · 21 Jul 2554, 23:34:33 (in 192,726 d)');
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
