// One node's subscription (src/live/model/subscription.ts), command by command: every call answers
// with exactly the commands due (no stray wake, no frame before the socket is open), the options
// given are the ones used, and the edges of the timers (connect timeout, probe, linger, backoff).
import * as assert from 'node:assert/strict';
import { Subscription, commandFrame, type SubscriptionCommand, type SubscriptionOptions } from '../../../../src/live/model/subscription';

const CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const T = `chains/${CHAIN}`;
const sub = (topic: string): SubscriptionCommand => ({ type: 'send', command: 'subscribe', topic, frame: commandFrame('subscribe', topic).frame });
const unsub = (topic: string): SubscriptionCommand => ({ type: 'send', command: 'unsubscribe', topic, frame: commandFrame('unsubscribe', topic).frame });
const wake = (at: number | undefined): SubscriptionCommand => ({ type: 'wake', at });

/** Short, distinct timers: backoff 100 (cap 150), stable 1000, linger 50, connect 70, probe after 300, probe timeout 40. */
const OPTIONS: SubscriptionOptions = {
  generation: 'rebased',
  random: () => 1,
  backoffMs: 100,
  maxBackoffMs: 150,
  stableMs: 1000,
  lingerMs: 50,
  connectTimeoutMs: 70,
  probeAfterMs: 300,
  probeTimeoutMs: 40,
};

/** Watching the chain, connection 1 opened at `at`. */
function openAt(at: number, options: Partial<SubscriptionOptions> = {}): Subscription {
  const s = new Subscription({ ...OPTIONS, ...options });
  s.setChains([CHAIN], 0);
  s.need('watch', true, 0);
  s.opened(1, at);
  return s;
}

describe('live/model/subscription: each call answers exactly the commands due', () => {
  it('a fresh machine holds nothing, and disposing it says nothing', () => {
    const s = new Subscription(OPTIONS);
    assert.deepEqual(s.snapshot(), {
      phase: 'idle',
      connection: 0,
      failures: 0,
      opens: 0,
      needs: [],
      topics: [],
      sent: [],
      acknowledged: [],
      rejectedChains: [],
      refused: 0,
    });
    assert.deepEqual(s.dispose(), []);
  });

  it('from chains to an open socket: each step its own commands, none repeated', () => {
    const s = new Subscription(OPTIONS);
    assert.deepEqual(s.setChains([CHAIN, CHAIN], 0), []);
    assert.deepEqual(s.need('watch', true, 0), [{ type: 'open', connection: 1 }, wake(70)]);
    assert.deepEqual(s.need('watch', true, 1), []);
    assert.deepEqual(s.need('liveView', true, 2), [], 'no frame while connecting');
    assert.deepEqual(s.tick(60), [], 'the connect timeout is not yet due');
    assert.deepEqual(s.opened(1, 65), [sub(T), sub('new_block'), sub('receipt'), sub('block_events'), wake(365)]);
    assert.deepEqual(s.received(1, 80, { command: 'subscribe', topic: T }), [wake(380)]);
    assert.deepEqual(s.received(1, 80), []);
    const snap = s.snapshot();
    assert.deepEqual(
      [snap.needs, snap.topics, snap.sent, snap.acknowledged],
      [['liveView', 'watch'], [T, 'new_block', 'receipt', 'block_events'], [T, 'new_block', 'receipt', 'block_events'], [T]],
    );
  });

  it('a second open of the socket already open changes nothing', () => {
    const s = openAt(10);
    assert.deepEqual(s.opened(1, 20), []);
    assert.deepEqual(s.snapshot().sent, [T, 'new_block', 'receipt']);
  });

  it('an open event of an older connection does not open the one connecting', () => {
    const s = openAt(10);
    s.closed(1, 20);
    s.tick(120);
    assert.deepEqual(s.opened(1, 125), []);
    assert.deepEqual([s.snapshot().phase, s.snapshot().connection], ['connecting', 2]);
  });

  it('a frame of exactly 510 bytes is sent', () => {
    const s = new Subscription(OPTIONS);
    const topic = `chains/${'a'.repeat(469)}`;
    assert.equal(commandFrame('subscribe', topic).bytes, 510);
    (s as unknown as { chainTopics: string[] }).chainTopics = [topic];
    s.need('followLatest', true, 0);
    assert.deepEqual(s.opened(1, 0), [sub(topic), sub('new_block'), wake(300)]);
  });

  it('an unsubscribe acknowledgement takes the topic off the acknowledged', () => {
    const s = openAt(10);
    s.received(1, 20, { command: 'subscribe', topic: 'receipt' });
    s.received(1, 21, { command: 'subscribe', topic: T });
    s.received(1, 22, { command: 'unsubscribe', topic: 'receipt' });
    assert.deepEqual(s.snapshot().acknowledged, [T]);
  });

  it('frames of another connection, or of one no longer open, change nothing', () => {
    const s = openAt(10);
    assert.deepEqual(s.received(0, 20), []);
    assert.deepEqual(s.closed(1, 30), [wake(130)]);
    assert.deepEqual(s.received(1, 200, { command: 'subscribe', topic: T }), [], 'a late frame of the dropped socket does not hurry the reconnect');
    assert.equal(s.snapshot().phase, 'backoff');
  });

  it('a connect that times out twice in a row climbs the backoff', () => {
    const s = new Subscription(OPTIONS);
    s.setChains([CHAIN], 0);
    s.need('watch', true, 0);
    assert.deepEqual(s.tick(70), [{ type: 'close', reason: 'connectTimeout' }, wake(170)]);
    assert.deepEqual(s.tick(170), [{ type: 'open', connection: 2 }, wake(240)]);
    assert.deepEqual(s.tick(240), [{ type: 'close', reason: 'connectTimeout' }, wake(390)]);
    assert.equal(s.snapshot().failures, 2);
  });

  it('a connect that started late times out by its own start', () => {
    const s = new Subscription(OPTIONS);
    s.setChains([CHAIN], 0);
    s.need('watch', true, 500);
    assert.deepEqual(s.tick(520), []);
    assert.equal(s.snapshot().phase, 'connecting');
  });
});

describe('live/model/subscription: the probe of a silent socket', () => {
  it('probes once after the silence, waits the probe timeout, and two stalls climb the backoff', () => {
    const s = openAt(10);
    assert.deepEqual(s.tick(200), [], 'not silent long enough');
    assert.deepEqual(s.tick(310), [unsub('probe'), wake(350)]);
    assert.deepEqual(s.tick(330), [], 'no second probe, no stall yet');
    assert.deepEqual(s.tick(350), [{ type: 'close', reason: 'stalled' }, wake(450)]);
    s.tick(450);
    s.opened(2, 460);
    s.tick(760);
    assert.deepEqual(s.tick(800), [{ type: 'close', reason: 'stalled' }, wake(950)]);
    assert.equal(s.snapshot().failures, 2);
  });

  it('a socket probed late by a slow timer still waits the probe timeout from its probe', () => {
    const s = openAt(1000);
    assert.deepEqual(s.tick(1100), []);
    assert.deepEqual(s.tick(1300), [unsub('probe'), wake(1340)]);
    assert.deepEqual(s.tick(1320), []);
  });

  it('no probe while a reconnect is still connecting, however long the last socket was silent', () => {
    const s = openAt(10, { backoffMs: 400, maxBackoffMs: 400 });
    s.closed(1, 20);
    assert.deepEqual(s.tick(420), [{ type: 'open', connection: 2 }, wake(490)]);
    assert.deepEqual(s.tick(450), []);
  });

  it('a socket lingering with nothing wanted is not probed', () => {
    const s = openAt(0, { lingerMs: 1000 });
    assert.deepEqual(s.need('watch', false, 0), []);
    assert.deepEqual(s.tick(300), []);
  });
});

describe('live/model/subscription: linger, backoff and dispose', () => {
  it('nothing needed while connecting: closed once the linger is over', () => {
    const s = new Subscription(OPTIONS);
    s.setChains([CHAIN], 0);
    s.need('watch', true, 0);
    assert.deepEqual(s.need('watch', false, 10), [wake(60)]);
    assert.deepEqual(s.tick(60), [{ type: 'close', reason: 'idle' }, wake(undefined)]);
  });

  it('nothing needed during a backoff: idle right when the pause ends, not before, and no close', () => {
    const s = openAt(10);
    s.closed(1, 20);
    assert.deepEqual(s.need('watch', false, 30), []);
    assert.deepEqual(s.tick(119), []);
    assert.equal(s.snapshot().phase, 'backoff');
    assert.deepEqual(s.tick(120), [wake(undefined)]);
    assert.equal(s.snapshot().phase, 'idle');
  });

  it('dispose while connecting closes the socket and clears the timer', () => {
    const s = new Subscription(OPTIONS);
    s.setChains([CHAIN], 0);
    s.need('watch', true, 0);
    assert.deepEqual(s.dispose(), [{ type: 'close', reason: 'disposed' }, wake(undefined)]);
  });

  it('the options given are the ones used: backoff cap, stable time', () => {
    const s = openAt(0);
    s.closed(1, 999);
    s.tick(1099);
    s.opened(2, 1100);
    s.closed(2, 1110);
    assert.deepEqual([s.snapshot().failures, s.snapshot().retryAt], [2, 1260]);
    s.tick(1260);
    s.opened(3, 1270);
    s.closed(3, 2270);
    assert.deepEqual([s.snapshot().failures, s.snapshot().retryAt], [1, 2370]);
  });
});
