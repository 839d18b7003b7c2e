// One node's subscription (src/live/model/subscription.ts) on fake time: it opens only on a need,
// subscribes the node's chains and the kinds the needs ask for (topics per generation), follows
// changes with (un)subscribe frames, closes once idle for the linger, reconnects after a drop at
// a bounded rate (exponential backoff with jitter, like the watch loop; no storm from a node
// that accepts and drops), subscribes again after each reconnect, probes a silent socket and
// calls it stalled, and never sends a frame over 510 bytes.
import * as assert from 'node:assert/strict';
import {
  MAX_CLIENT_FRAME_BYTES,
  PROBE_TOPIC,
  Subscription,
  backoffDelay,
  chainTopic,
  commandFrame,
  kindsFor,
  type SubscriptionCommand,
  type SubscriptionOptions,
} from '../../../../src/live/model/subscription';
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_BACKOFF_MS } from '../../../../src/transactions/model/watchSet';

const V2_CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const V1_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

const of = <T extends SubscriptionCommand['type']>(cs: SubscriptionCommand[], type: T) =>
  cs.filter((c): c is Extract<SubscriptionCommand, { type: T }> => c.type === type);
const sent = (cs: SubscriptionCommand[]) => of(cs, 'send').map((c) => `${c.command} ${c.topic}`);
const opens = (cs: SubscriptionCommand[]) => of(cs, 'open');
const lastWake = (cs: SubscriptionCommand[]) => of(cs, 'wake').at(-1)?.at;

/** A machine and the time it lives in; `run` feeds inputs, `until` ticks at each wake up to a time. */
function machine(options: Partial<SubscriptionOptions> = {}) {
  const s = new Subscription({ generation: 'rebased', random: () => 1, ...options });
  let now = 0;
  let wake: number | undefined;
  const log: SubscriptionCommand[] = [];
  const take = (cs: SubscriptionCommand[]) => {
    log.push(...cs);
    for (const c of cs) if (c.type === 'wake') wake = c.at;
    return cs;
  };
  return {
    s,
    log,
    get now() {
      return now;
    },
    set now(t: number) {
      now = t;
    },
    get wake() {
      return wake;
    },
    take,
    /** Ticks at every wake up to `t` (as the driver's timer would), then sets the time to t. */
    until(t: number): SubscriptionCommand[] {
      const out: SubscriptionCommand[] = [];
      while (wake !== undefined && wake <= t) {
        now = Math.max(now, wake);
        wake = undefined;
        out.push(...take(s.tick(now)));
      }
      now = t;
      return out;
    },
  };
}

describe('live/model/subscription: open on need, close when idle', () => {
  it('opens nothing until something needs the feed and the node has a chain here', () => {
    const m = machine();
    assert.deepEqual(opens(m.take(m.s.setChains([V2_CHAIN], 0))), []);
    assert.deepEqual(opens(m.take(m.s.need('liveView', false, 0))), []);
    assert.equal(m.s.snapshot().phase, 'idle');
    const cs = m.take(m.s.need('liveView', true, 0));
    assert.deepEqual(opens(cs), [{ type: 'open', connection: 1 }]);
    assert.equal(m.s.snapshot().phase, 'connecting');
  });

  it('a need without chains opens nothing; the chains arriving later open it', () => {
    const m = machine();
    assert.deepEqual(opens(m.take(m.s.need('watch', true, 0))), []);
    assert.deepEqual(opens(m.take(m.s.setChains([V2_CHAIN], 5))), [{ type: 'open', connection: 1 }]);
  });

  it('subscribes the chain and the kinds of the needs once open, and nothing before', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    const before = m.take(m.s.need('followLatest', true, 0));
    assert.deepEqual(sent(before), []);
    const cs = m.take(m.s.opened(1, 10));
    assert.deepEqual(sent(cs), [`subscribe chains/${V2_CHAIN}`, 'subscribe new_block']);
    assert.deepEqual(of(cs, 'send')[0]?.frame, JSON.stringify({ command: 'subscribe', topic: `chains/${V2_CHAIN}` }));
  });

  it('a second need adds its kinds with subscribe frames; losing it unsubscribes them', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('followLatest', true, 0));
    m.take(m.s.opened(1, 0));
    assert.deepEqual(sent(m.take(m.s.need('liveView', true, 1))), ['subscribe receipt', 'subscribe block_events']);
    assert.deepEqual(sent(m.take(m.s.need('liveView', false, 2))), ['unsubscribe receipt', 'unsubscribe block_events']);
    assert.deepEqual(sent(m.take(m.s.need('followLatest', true, 3))), [], 'a need already held changes nothing');
  });

  it('a chain removed from the settings is unsubscribed, one added is subscribed', () => {
    const m = machine({ generation: 'stardust' });
    const other = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
    m.take(m.s.setChains([other], 0));
    m.take(m.s.need('watch', true, 0));
    assert.deepEqual(sent(m.take(m.s.opened(1, 0))), [`subscribe chains/${other}`, 'subscribe new_block', 'subscribe receipt']);
    const smr = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
    const cs = m.take(m.s.setChains([smr], 1));
    assert.deepEqual(sent(cs), [`subscribe chains/${smr}`, `unsubscribe chains/${other}`]);
  });

  it('closes once nothing has needed it for the linger, not before; a need back within it keeps the socket', () => {
    const m = machine({ lingerMs: 10_000, probeAfterMs: 1e9 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.need('liveView', false, 1_000));
    assert.equal(m.wake, 11_000, 'woken when the linger ends');
    assert.deepEqual(of(m.until(10_999), 'close'), []);
    m.take(m.s.need('liveView', true, 10_999));
    assert.deepEqual(of(m.until(60_000), 'close'), [], 'needed again: it stays');
    m.take(m.s.need('liveView', false, 60_000));
    assert.deepEqual(of(m.until(70_000), 'close'), [{ type: 'close', reason: 'idle' }]);
    assert.equal(m.s.snapshot().phase, 'idle');
    assert.equal(m.wake, undefined, 'idle: no timer');
    assert.equal(m.s.snapshot().opens, 1, 'one socket for all of it');
  });

  it('the chains all removed is idle too', () => {
    const m = machine({ lingerMs: 0 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    assert.deepEqual(of(m.take(m.s.setChains([], 5)), 'close'), [{ type: 'close', reason: 'idle' }]);
  });

  it('dispose closes at once and clears the timer', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    const cs = m.s.dispose();
    assert.deepEqual(cs, [
      { type: 'close', reason: 'disposed' },
      { type: 'wake', at: undefined },
    ]);
    assert.equal(m.s.snapshot().phase, 'idle');
  });
});

describe('live/model/subscription: reconnect at a bounded rate, resubscribe', () => {
  it('after a drop it waits the backoff, opens again and subscribes everything again', () => {
    const m = machine({ backoffMs: 2_000, stableMs: 30_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.closed(1, 60_000));
    assert.equal(m.s.snapshot().phase, 'backoff');
    assert.equal(m.s.snapshot().retryAt, 62_000, 'a stable connection lost: the first step of the backoff');
    assert.deepEqual(opens(m.until(61_999)), []);
    assert.deepEqual(opens(m.until(62_000)), [{ type: 'open', connection: 2 }]);
    const cs = m.take(m.s.opened(2, 62_100));
    assert.deepEqual(sent(cs), [`subscribe chains/${V2_CHAIN}`, 'subscribe new_block', 'subscribe receipt', 'subscribe block_events']);
  });

  it('a node that refuses or drops at once: the delays double up to the cap, with jitter in [50%, 100%]', () => {
    let r = 0;
    const m = machine({ random: () => r });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const conn = m.s.snapshot().connection;
      m.take(m.s.opened(conn, m.now));
      m.take(m.s.closed(conn, m.now + 10));
      m.now += 10;
      const retryAt = m.s.snapshot().retryAt;
      assert.ok(retryAt !== undefined);
      delays.push(retryAt - m.now);
      r = r === 0 ? 1 : 0;
      m.until(retryAt);
    }
    assert.deepEqual(delays, [1_000, 4_000, 4_000, 16_000, 16_000, 60_000, 30_000, 60_000]);
    assert.equal(m.s.snapshot().failures, 8);
  });

  it('no storm: a node that drops every socket at once is asked at most once per 30 s after the first minute and a half', () => {
    let r = 0.37;
    const m = machine({ random: () => (r = (r * 7919) % 1) });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    const openedAt: number[] = [0];
    while (m.now < 600_000) {
      const conn = m.s.snapshot().connection;
      m.take(m.s.opened(conn, m.now));
      m.take(m.s.closed(conn, m.now));
      const next = m.s.snapshot().retryAt;
      assert.ok(next !== undefined);
      if (opens(m.until(next)).length > 0) openedAt.push(next);
    }
    const late = openedAt.filter((t) => t > 90_000);
    for (let i = 1; i < late.length; i++)
      assert.ok((late[i] ?? 0) - (late[i - 1] ?? 0) >= DEFAULT_MAX_BACKOFF_MS / 2, `opens at ${late[i - 1]} and ${late[i]}`);
    assert.ok(openedAt.length <= 25, `${openedAt.length} opens in 10 min`);
    assert.ok(openedAt.length >= 10, `it keeps trying (${openedAt.length})`);
  });

  it('a connection that lived `stableMs` starts the backoff over', () => {
    const m = machine({ random: () => 1, stableMs: 30_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    for (let i = 0; i < 4; i++) {
      m.take(m.s.closed(m.s.snapshot().connection, m.now));
      m.until(m.s.snapshot().retryAt ?? 0);
    }
    assert.equal(m.s.snapshot().failures, 4);
    const conn = m.s.snapshot().connection;
    m.take(m.s.opened(conn, m.now));
    m.now += 30_000;
    m.take(m.s.closed(conn, m.now));
    assert.equal(m.s.snapshot().failures, 1);
    assert.equal((m.s.snapshot().retryAt ?? 0) - m.now, DEFAULT_BACKOFF_MS);
  });

  it('a connection closed for what the node sent climbs the backoff however long it lived', () => {
    const m = machine({ random: () => 1, stableMs: 30_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      const conn = m.s.snapshot().connection;
      m.take(m.s.opened(conn, m.now));
      m.now += 60_000;
      m.take(m.s.closed(conn, m.now, true));
      delays.push((m.s.snapshot().retryAt ?? 0) - m.now);
      m.until(m.s.snapshot().retryAt ?? 0);
    }
    assert.deepEqual(delays, [DEFAULT_BACKOFF_MS, 2 * DEFAULT_BACKOFF_MS, 4 * DEFAULT_BACKOFF_MS]);
  });

  it('an open that never completes fails after the connect timeout and backs off', () => {
    const m = machine({ connectTimeoutMs: 15_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    assert.equal(m.wake, 15_000);
    const cs = m.until(15_000);
    assert.deepEqual(of(cs, 'close'), [{ type: 'close', reason: 'connectTimeout' }]);
    assert.equal(m.s.snapshot().phase, 'backoff');
    assert.deepEqual(m.take(m.s.opened(1, 15_001)), [], 'the late open of the abandoned socket changes nothing');
  });

  it('events of an older connection are ignored', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.closed(1, 100));
    m.until(m.s.snapshot().retryAt ?? 0);
    assert.equal(m.s.snapshot().connection, 2);
    assert.deepEqual(m.take(m.s.closed(1, m.now)), []);
    assert.deepEqual(m.take(m.s.received(1, m.now)), []);
    assert.equal(m.s.snapshot().phase, 'connecting');
  });

  it('a drop while nothing needs the feed any more goes idle, not into a reconnect', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.need('liveView', false, 10));
    m.take(m.s.closed(1, 20));
    assert.equal(m.s.snapshot().phase, 'idle');
    assert.deepEqual(opens(m.until(10 * 60_000)), []);
  });

  it('a need that comes back during a backoff waits for it: toggling a view cannot hurry a reconnect', () => {
    const m = machine({ random: () => 1 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('liveView', true, 0));
    m.take(m.s.closed(1, 0));
    m.take(m.s.closed(m.s.snapshot().connection, 0));
    const retryAt = m.s.snapshot().retryAt ?? 0;
    m.take(m.s.need('liveView', false, 100));
    assert.deepEqual(opens(m.take(m.s.need('liveView', true, 200))), []);
    assert.deepEqual(opens(m.until(retryAt)), [{ type: 'open', connection: 2 }]);
  });

  it('backoffDelay is the watch loop`s: 2 s doubling to 60 s by default', () => {
    assert.equal(
      backoffDelay(1, () => 1),
      DEFAULT_BACKOFF_MS,
    );
    assert.equal(
      backoffDelay(2, () => 1),
      2 * DEFAULT_BACKOFF_MS,
    );
    assert.equal(
      backoffDelay(50, () => 1),
      DEFAULT_MAX_BACKOFF_MS,
    );
    assert.equal(
      backoffDelay(50, () => 0),
      DEFAULT_MAX_BACKOFF_MS / 2,
    );
    assert.equal(
      backoffDelay(0, () => 1),
      DEFAULT_BACKOFF_MS,
      'no failure yet is the first step',
    );
  });
});

describe('live/model/subscription: acks, probes and stalls', () => {
  it('counts a topic acknowledged only when it was asked for on this connection', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('followLatest', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.received(1, 1, { command: 'subscribe', topic: 'new_block' }));
    m.take(m.s.received(1, 1, { command: 'subscribe', topic: 'receipt' }));
    assert.deepEqual(m.s.snapshot().acknowledged, ['new_block']);
    m.take(m.s.closed(1, 2));
    assert.deepEqual(m.s.snapshot().acknowledged, [], 'a new connection starts with nothing');
  });

  it('after a minute of silence it probes (an unsubscribe the node acks), and any answer clears it', () => {
    const m = machine({ probeAfterMs: 60_000, probeTimeoutMs: 10_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('followLatest', true, 0));
    m.take(m.s.opened(1, 0));
    m.take(m.s.received(1, 30_000));
    assert.equal(m.wake, 90_000);
    const cs = m.until(90_000);
    assert.deepEqual(sent(cs), [`unsubscribe ${PROBE_TOPIC}`]);
    m.take(m.s.received(1, 90_050, { command: 'unsubscribe', topic: PROBE_TOPIC }));
    assert.equal(m.wake, 150_050);
    assert.deepEqual(of(m.until(150_049), 'close'), []);
  });

  it('no answer to the probe: stalled, closed, and a reconnect follows', () => {
    const m = machine({ probeAfterMs: 60_000, probeTimeoutMs: 10_000, random: () => 1 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    m.take(m.s.need('followLatest', true, 0));
    m.take(m.s.opened(1, 0));
    const cs = m.until(70_000);
    assert.deepEqual(of(cs, 'close'), [{ type: 'close', reason: 'stalled' }]);
    assert.equal(m.s.snapshot().phase, 'backoff');
    assert.deepEqual(opens(m.until(70_000 + DEFAULT_BACKOFF_MS)), [{ type: 'open', connection: 2 }]);
  });
});

describe('live/model/subscription: topics per generation, frames within 510 bytes', () => {
  it('Rebased topics are chains/0x + 64 lower-case hex; Stardust ones chains/<Bech32> in lower case', () => {
    assert.equal(chainTopic(V2_CHAIN.replace(/c/g, 'C'), 'rebased'), `chains/${V2_CHAIN}`);
    assert.equal(chainTopic(` ${V1_CHAIN.toUpperCase()} `, 'stardust'), `chains/${V1_CHAIN}`);
    assert.equal(chainTopic(V1_CHAIN, 'rebased'), undefined);
    assert.equal(chainTopic(V2_CHAIN, 'stardust'), undefined);
    assert.equal(chainTopic('chains', 'rebased'), undefined, 'never the all-chains topic');
  });

  it('a chain ID of the other generation is rejected and never subscribed; duplicates are one topic', () => {
    const m = machine();
    m.take(m.s.setChains([V2_CHAIN, V1_CHAIN, V2_CHAIN.toUpperCase().replace('0X', '0x')], 0));
    m.take(m.s.need('watch', true, 0));
    const cs = m.take(m.s.opened(1, 0));
    assert.deepEqual(sent(cs), [`subscribe chains/${V2_CHAIN}`, 'subscribe new_block', 'subscribe receipt']);
    assert.deepEqual(m.s.snapshot().rejectedChains, [V1_CHAIN]);
  });

  it('the kinds of each need', () => {
    assert.deepEqual(kindsFor(new Set()), []);
    assert.deepEqual(kindsFor(new Set(['followLatest'] as const)), ['new_block']);
    assert.deepEqual(kindsFor(new Set(['watch'] as const)), ['new_block', 'receipt']);
    assert.deepEqual(kindsFor(new Set(['liveView'] as const)), ['new_block', 'receipt', 'block_events']);
  });

  it('every frame it sends is within 510 bytes; a larger one is refused once, counted, never sent', () => {
    assert.equal(commandFrame('subscribe', 'x').bytes, '{"command":"subscribe","topic":"x"}'.length);
    const long = 'é'.repeat(240);
    assert.equal(commandFrame('subscribe', long).bytes, '{"command":"subscribe","topic":""}'.length + 480, 'UTF-8 bytes, not characters');
    const m = machine();
    (m.s as unknown as { chainTopics: string[] }).chainTopics = [`chains/${'a'.repeat(600)}`];
    m.take(m.s.need('liveView', true, 0));
    const cs = m.take(m.s.opened(1, 0));
    assert.deepEqual(
      of(cs, 'refused').map((c) => c.bytes),
      ['{"command":"subscribe","topic":"chains/"}'.length + 600],
    );
    for (const c of of(m.log, 'send')) assert.ok(new TextEncoder().encode(c.frame).length <= MAX_CLIENT_FRAME_BYTES, c.frame);
    assert.deepEqual(of(m.take(m.s.need('watch', true, 1)), 'refused'), [], 'refused once per connection');
    assert.equal(m.s.snapshot().refused, 1);
  });

  it('the wake it asks for is always the next thing due', () => {
    const m = machine({ connectTimeoutMs: 15_000, probeAfterMs: 60_000 });
    m.take(m.s.setChains([V2_CHAIN], 0));
    assert.equal(lastWake(m.take(m.s.need('liveView', true, 0))), 15_000);
    assert.equal(lastWake(m.take(m.s.opened(1, 1_000))), 61_000);
  });
});
