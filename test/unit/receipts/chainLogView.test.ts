import { strict as assert } from 'node:assert';
import { chainLogSections, MAX_EVENTS_SHOWN } from '../../../src/receipts/model/chainLogView';
import { skipReasons } from '../../../src/receipts/model/skipReasons';

const BLOCK = {
  blockIndex: 1234567,
  timestamp: '2025-01-01T00:00:10Z',
  totalRequests: 3,
  numSuccessfulRequests: 2,
  numOffLedgerRequests: 1,
  gasBurned: 18446744073709551615n,
  gasFeeCharged: 1000n,
};

describe('receipts/model/chainLogView', () => {
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
    assert.equal(ev?.rows[0]?.detail, 'contract 0x07cb02c1 · 2025-01-01T00:00:10.000000000Z');
    assert.match(ev?.note ?? '', /first 100 of 105/);
  });

  it('says what could not be read instead of failing the panel', () => {
    const sections = chainLogSections({ ok: false, reason: 'Node error: 500' }, { ok: false, reason: 'Not found (404)' });
    assert.match(sections[0]?.rows[0]?.value ?? '', /not available: Node error/);
    assert.match(sections[1]?.rows[0]?.value ?? '', /not available: Not found/);
  });

  it('skip reasons: the on-ledger output checks only for Stardust', () => {
    assert.ok(skipReasons('stardust').some((r) => /time lock/.test(r)));
    assert.ok(!skipReasons('rebased').some((r) => /time lock/.test(r)));
    assert.ok(skipReasons('rebased').some((r) => /nonce/.test(r)));
  });
});
