// The socket adapter (src/live/socket.ts) and one node's feed (src/live/connection.ts) end to end
// against the local node's /v1/ws: subscribe, receive each kind of both generations, drop →
// reconnect → resubscribe, stall → probe → reconnect, a flood bounded by the message cap and the
// feed's ring, and no frame over 510 bytes ever reaching the node.
import * as assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { type LocalNode, startLocalNode } from '../../fixtures/localNode';
import { FakeTimers } from '../../fixtures/fakeTimers';
import { receiptCopy } from '../../fixtures/localNodeBlocks';
import { LiveConnection, MAX_MALFORMED_IN_A_ROW, type LiveConnectionOptions } from '../../../src/live/connection';
import type { LiveEvent } from '../../../src/api/liveEvents';
import { LiveFeed } from '../../../src/live/model/feed';
import { boundedSocketInit, hostWebSocket, liveSocketUrl, openLiveSocket, utf8Exceeds, type LiveSocketHandlers } from '../../../src/live/socket';
import { WsConstructor, until } from './wsClient';

const V2_CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const FAST = { backoffMs: 20, maxBackoffMs: 80, lingerMs: 0, connectTimeoutMs: 2000 };

describe('live/socket: the adapter', () => {
  it('the /v1/ws URL of a node base: ws or wss, its path prefix kept', () => {
    assert.equal(liveSocketUrl('http://127.0.0.1:9090'), 'ws://127.0.0.1:9090/v1/ws');
    assert.equal(liveSocketUrl('https://host/wasp/api/'), 'wss://host/wasp/api/v1/ws');
  });

  it('utf8Exceeds counts bytes, not characters', () => {
    assert.equal(utf8Exceeds('a'.repeat(510), 510), false);
    assert.equal(utf8Exceeds('a'.repeat(511), 510), true);
    assert.equal(utf8Exceeds('é'.repeat(255), 510), false);
    assert.equal(utf8Exceeds('é'.repeat(256), 510), true);
    assert.equal(utf8Exceeds('😀'.repeat(128), 510), true, '4 bytes each');
  });

  it('hostWebSocket is the global when there is one (Node 22+, browsers), else undefined', () => {
    const g = (globalThis as { WebSocket?: unknown }).WebSocket;
    assert.equal(hostWebSocket(), typeof g === 'function' ? g : undefined);
  });

  it('a host without WebSocket (or a constructor that throws) is a failed connection: error, then close, after the caller has its handle', async () => {
    const seen: string[] = [];
    const handlers: LiveSocketHandlers = {
      open: () => seen.push('open'),
      message: () => seen.push('message'),
      error: (m) => seen.push(`error ${m}`),
      close: (c) => seen.push(`close ${c.code}`),
    };
    const Throwing = function () {
      throw new Error('no \u202esockets');
    } as unknown as typeof WsConstructor;
    const socket = openLiveSocket('ws://127.0.0.1:1/v1/ws', handlers, { WebSocket: Throwing });
    assert.deepEqual(seen, []);
    assert.equal(socket.send('{}'), false);
    await until(() => seen.length === 2, 'the failure');
    assert.deepEqual(seen, ['error no ⟨U+202E⟩sockets', 'close 1006']);
  });

  it('against the node: opens, sends a command, hands on the ack; refuses a frame over 510 bytes without sending it; closes on a message over its cap', async () => {
    const node = await startLocalNode({ generation: 'rebased' });
    try {
      const got: string[] = [];
      let open = false;
      const closes: unknown[] = [];
      const socket = openLiveSocket(
        `${node.url.replace(/^http/, 'ws')}/v1/ws`,
        { open: () => (open = true), message: (t) => got.push(t), error: () => undefined, close: (c) => closes.push(c) },
        { WebSocket: WsConstructor, maxMessageBytes: 400 },
      );
      assert.equal(socket.send('{"command":"subscribe","topic":"x"}'), false, 'not open yet');
      await until(() => open, 'open');
      assert.equal(socket.send(JSON.stringify({ command: 'subscribe', topic: 'y'.repeat(600) })), false);
      assert.equal(socket.send(JSON.stringify({ command: 'subscribe', topic: 'chains' })), true);
      assert.equal(socket.send(JSON.stringify({ command: 'subscribe', topic: 'new_block' })), true);
      await until(() => got.length === 2, 'two acks');
      node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 2 }));
      await until(() => got.length === 3, 'the small block');
      node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 1, padding: 'p'.repeat(400) }));
      node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 3 }));
      await until(() => node.live.connected === 0, 'the socket closed by the adapter');
      assert.deepEqual(closes, [{ code: 1009, reason: 'a message over 400 bytes', fault: 'tooLarge' }]);
      assert.equal(got.length, 3, 'nothing handed on after the large message');
      assert.equal(socket.stats.tooLarge, 1);
      assert.equal(socket.stats.refused, 2);
      assert.ok(
        node.live.clients[0]?.frames.every((f) => Buffer.byteLength(f) <= 510),
        'the node never got a frame over 510 bytes',
      );
      assert.equal(socket.send('{"command":"subscribe","topic":"x"}'), false, 'closed');
    } finally {
      await node.close();
    }
  });
});

describe('live/socket: what the node sends that breaks the bounds closes the socket (a loopback ws server)', () => {
  let server: WebSocketServer | undefined;
  afterEach(async () => {
    const wss = server;
    server = undefined;
    if (!wss) return;
    for (const client of wss.clients) client.terminate();
    await new Promise((r) => wss.close(r));
  });

  /** A server that sends `send` to each client as it connects, and records each client's close code. */
  async function serve(send: Array<string | Buffer>, perMessageDeflate = false): Promise<{ url: string; closed: number[] }> {
    const closed: number[] = [];
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
    server = wss;
    wss.on('connection', (ws) => {
      for (const m of send) ws.send(m, { binary: typeof m !== 'string' });
      ws.on('close', (code) => closed.push(code));
    });
    await new Promise<void>((r) => wss.once('listening', () => r()));
    return { url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/ws`, closed };
  }

  function open(url: string, max: number) {
    const got: string[] = [];
    const closes: Array<{ code: number; reason: string; fault?: string }> = [];
    const socket = openLiveSocket(
      url,
      { open: () => undefined, message: (t) => got.push(t), error: () => undefined, close: (c) => closes.push(c) },
      { WebSocket: WsConstructor, maxMessageBytes: max },
    );
    return { socket, got, closes };
  }

  it('a message over the cap closes the socket: nothing after it is handed on, the caller is told why', async () => {
    const s = await serve(['{"a":1}', 'x'.repeat(2048), '{"b":2}']);
    const c = open(s.url, 1024);
    await until(() => c.closes.length === 1 && s.closed.length === 1, 'both sides closed');
    assert.deepEqual(c.got, ['{"a":1}']);
    assert.deepEqual(c.closes, [{ code: 1009, reason: 'a message over 1024 bytes', fault: 'tooLarge' }]);
    assert.equal(c.socket.stats.tooLarge, 1);
  });

  it('so does a compressed one (permessage-deflate) that inflates past the cap', async () => {
    const s = await serve(['y'.repeat(256 * 1024), '{"b":2}'], true);
    const c = open(s.url, 64 * 1024);
    await until(() => c.closes.length === 1 && s.closed.length === 1, 'both sides closed');
    assert.deepEqual(c.got, []);
    assert.equal(c.closes[0]?.fault, 'tooLarge');
  });

  it('a binary message closes the socket (a node sends text only)', async () => {
    const s = await serve([Buffer.from([1, 2, 3]), '{"b":2}']);
    const c = open(s.url, 1024);
    await until(() => c.closes.length === 1 && s.closed.length === 1, 'both sides closed');
    assert.deepEqual(c.got, []);
    assert.deepEqual(c.closes, [{ code: 1003, reason: 'a binary message', fault: 'binary' }]);
    assert.equal(c.socket.stats.binary, 1);
  });

  it("Node's WebSocket gets a dispatcher that bounds a message while it is read, over the host's own dispatcher", () => {
    const calls: unknown[] = [];
    const own = { dispatch: (o: unknown, h: unknown) => calls.push([o, h]) };
    const init = boundedSocketInit(4096, { [Symbol.for('undici.globalDispatcher.1')]: own });
    assert.deepEqual(init?.dispatcher.webSocketOptions, { maxPayloadSize: 4096 });
    init?.dispatcher.dispatch('opts', 'handler');
    assert.deepEqual(calls, [['opts', 'handler']], 'every request goes through the host dispatcher');
    assert.equal(boundedSocketInit(4096, {}), undefined, 'none in a browser: its WebSocket would read an object as a protocol name');
  });

  it('the init reaches the constructor: the host WebSocket gets it, a constructor handed in only when asked', () => {
    const seen: unknown[][] = [];
    const Recording = function (this: unknown, ...args: unknown[]) {
      seen.push(args);
      return { readyState: 0, binaryType: '', send: () => undefined, close: () => undefined, addEventListener: () => undefined };
    } as unknown as typeof WsConstructor;
    const handlers: LiveSocketHandlers = { open: () => undefined, message: () => undefined, error: () => undefined, close: () => undefined };
    openLiveSocket('ws://127.0.0.1:1/v1/ws', handlers, { WebSocket: Recording });
    openLiveSocket('ws://127.0.0.1:1/v1/ws', handlers, { WebSocket: Recording, init: { dispatcher: 'd' } });
    assert.deepEqual(seen, [['ws://127.0.0.1:1/v1/ws'], ['ws://127.0.0.1:1/v1/ws', { dispatcher: 'd' }]]);
  });

  it("where the host's WebSocket is undici's (Node 22+), a message over the cap fails the connection before it is handed on", async function () {
    const Host = hostWebSocket();
    const major = Number(process.versions.undici?.split('.')[0] ?? 0);
    // Node 20 (where the suite runs) has no WebSocket without a flag; its undici 6 has no such option.
    if (!Host || major < 7) this.skip();
    const s = await serve(['z'.repeat(256 * 1024), '{"b":2}'], true);
    const got: string[] = [];
    const closes: unknown[] = [];
    openLiveSocket(
      s.url,
      { open: () => undefined, message: (t) => got.push(t), error: () => undefined, close: (c) => closes.push(c) },
      { maxMessageBytes: 64 * 1024 },
    );
    await until(() => closes.length === 1 && s.closed.length === 1, 'both sides closed');
    assert.deepEqual(got, []);
    assert.deepEqual(s.closed, [1009], 'undici refused it as too big');
  });
});

describe('live/connection: one node`s feed against the local node', () => {
  let node: LocalNode;
  let conn: LiveConnection | undefined;
  afterEach(async () => {
    conn?.dispose();
    conn = undefined;
    await node.close();
  });

  function connect(extra: Partial<LiveConnectionOptions> = {}): { conn: LiveConnection; events: LiveEvent[]; log: string[] } {
    const events: LiveEvent[] = [];
    const log: string[] = [];
    conn = new LiveConnection({
      nodeUrl: node.url,
      generation: node.generation,
      open: (url, handlers) => openLiveSocket(url, handlers, { WebSocket: WsConstructor }),
      bounds: FAST,
      log: (l) => log.push(l),
      ...extra,
    });
    conn.onEvent((e) => events.push(e));
    return { conn, events, log };
  }

  const acked = (c: LiveConnection, n: number) => until(() => c.status().acknowledged.length === n, `${n} acks`);

  it('Rebased: opens on a need, subscribes the chain and kinds, and hands on each kind of a processed block', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn, events, log } = connect();
    conn.setChains([V2_CHAIN]);
    assert.equal(node.live.clients.length, 0, 'nothing needs it yet');
    conn.need('liveView', true);
    await acked(conn, 4);
    assert.deepEqual(node.live.clients[0]?.topics, new Set([`chains/${V2_CHAIN}`, 'new_block', 'receipt', 'block_events']));
    const template = node.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template);
    const pending = receiptCopy(template, 11);
    node.chainLog.setRequestEvents(pending.request.requestId, [
      { contractID: 0x07cb02c1, topic: 'evm.event', timestamp: 1749547311204000001n, payload: '0x01' },
    ]);
    const index = node.chainLog.addBlock([pending]);
    await until(() => events.length === 3, 'three events');
    assert.deepEqual(
      events.map((e) => e.kind),
      ['new_block', 'receipt', 'block_events'],
    );
    const [block, receipt, blockEvents] = events;
    assert.ok(block?.kind === 'new_block' && block.block.blockIndex === index);
    assert.ok(receipt?.kind === 'receipt' && receipt.requestId === pending.request.requestId);
    assert.ok(blockEvents?.kind === 'block_events' && blockEvents.events[0]?.timestampNs === 1749547311204000001n);
    assert.equal(conn.dropped.total, 0);
    assert.ok(
      log.some((l) => l.includes(`subscribe chains/${V2_CHAIN}`)),
      'the log says what was subscribed',
    );
    const feed = new LiveFeed();
    for (const e of events) feed.add(e);
    assert.equal(feed.list()[0]?.requestId, pending.request.requestId);
  });

  it('Stardust: the Bech32 chain topic, and the watch need gets blocks and receipts only', async () => {
    node = await startLocalNode();
    const { conn, events } = connect();
    conn.setChains([DEMO_CHAINS.iotaEvm.toUpperCase()]);
    conn.need('watch', true);
    await acked(conn, 3);
    assert.deepEqual(node.live.clients[0]?.topics, new Set([`chains/${DEMO_CHAINS.iotaEvm}`, 'new_block', 'receipt']));
    const template = node.chains.find((c) => c.chainId === DEMO_CHAINS.iotaEvm)?.receipts[0];
    assert.ok(template);
    node.chainLog.addBlock([receiptCopy(template, 5, true)], DEMO_CHAINS.iotaEvm);
    await until(() => events.length === 2, 'block and receipt');
    assert.deepEqual(
      events.map((e) => `${e.kind} ${e.generation}`),
      ['new_block stardust', 'receipt stardust'],
    );
  });

  it('drop → reconnect after the backoff → resubscribe → the next block arrives', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn, events } = connect();
    const phases: string[] = [];
    conn.onChange((s) => phases.push(s.phase));
    conn.setChains([V2_CHAIN]);
    conn.need('followLatest', true);
    await acked(conn, 2);
    node.live.drop();
    await until(() => conn.status().phase === 'backoff', 'the backoff');
    assert.ok(conn.status().lastProblem, 'the view can say why');
    await until(() => node.live.clients.length === 2 && conn.status().acknowledged.length === 2, 'a second socket, subscribed again');
    assert.deepEqual(node.live.clients[1]?.topics, new Set([`chains/${V2_CHAIN}`, 'new_block']));
    node.live.publish(
      node.live.newBlock(V2_CHAIN, {
        blockIndex: 9,
        timestamp: 't',
        totalRequests: 0,
        numSuccessfulRequests: 0,
        numOffLedgerRequests: 0,
        gasBurned: '0',
        gasFeeCharged: '0',
      }),
    );
    await until(() => events.length === 1, 'the block after the reconnect');
    assert.ok(phases.includes('backoff') && phases.at(-1) === 'open', phases.join(','));
    assert.equal(conn.status().opens, 2);
  });

  it('a node that refuses every connection is asked at a bounded rate', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const port = node.port;
    await node.close();
    const { conn } = connect({ nodeUrl: `http://127.0.0.1:${port}`, bounds: { ...FAST, backoffMs: 40, maxBackoffMs: 160 } });
    conn.setChains([V2_CHAIN]);
    conn.need('liveView', true);
    await new Promise((r) => setTimeout(r, 600));
    const opens = conn.status().opens;
    // Delays 20-40, 40-80, 80-160, then 80-160 each: at most about 8 opens in 600 ms, never dozens.
    assert.ok(opens >= 3 && opens <= 10, `${opens} opens in 600 ms`);
    node = await startLocalNode({ generation: 'rebased' });
  });

  it('stall → the probe goes unanswered → closed as stalled → a new socket is subscribed', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn } = connect({ bounds: { ...FAST, probeAfterMs: 50, probeTimeoutMs: 50 } });
    conn.setChains([V2_CHAIN]);
    conn.need('followLatest', true);
    await acked(conn, 2);
    await until(() => node.live.clients[0]?.frames.some((f) => f.includes('"probe"')) ?? false, 'a probe on the quiet socket');
    node.live.stall();
    await until(() => node.live.clients.length === 2 && conn.status().acknowledged.length === 2, 'a new socket, subscribed', 3000);
    assert.equal(node.live.clients[0]?.stalled, true);
    assert.ok(node.live.clients[0]?.closedWith !== undefined, 'the stalled socket was closed');
  });

  it('a flood is bounded: over the message cap refused by the socket (which closes), past the ring dropped and counted by the feed', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn, events } = connect({
      open: (url, handlers) => openLiveSocket(url, handlers, { WebSocket: WsConstructor, maxMessageBytes: 4096 }),
      // No reconnect while the test reads the closed socket's counts.
      bounds: { ...FAST, backoffMs: 60_000, maxBackoffMs: 60_000 },
    });
    conn.setChains([V2_CHAIN]);
    conn.need('liveView', true);
    await acked(conn, 4);
    const template = node.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template);
    const small = receiptCopy(template, 1);
    const big = receiptCopy(template, 2);
    big.request.params = [`0x${'00'.repeat(4096)}`];
    node.live.flood(node.live.receipt(V2_CHAIN, small), 300);
    node.live.publish(node.live.receipt(V2_CHAIN, big));
    await until(() => events.length === 300 && (conn.status().socket?.tooLarge ?? 0) === 1, 'the flood');
    const feed = new LiveFeed(100);
    for (const e of events) feed.add(e);
    assert.equal(feed.size, 100);
    assert.equal(feed.dropped, 200);
  });

  /** Backoff 1 s doubling, no jitter (random 1), a connection stable after 100 ms, no probe. */
  const PACED = { backoffMs: 1000, maxBackoffMs: 60_000, stableMs: 100, lingerMs: 0, connectTimeoutMs: 600_000, probeAfterMs: 600_000 };

  it('a message over the cap closes the socket, and the next connection waits for a backoff that climbs, however long the socket lived', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const timers = new FakeTimers();
    const { conn } = connect({
      open: (url, handlers) => openLiveSocket(url, handlers, { WebSocket: WsConstructor, maxMessageBytes: 4096 }),
      timers,
      random: () => 1,
      bounds: PACED,
    });
    const template = node.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template);
    const big = receiptCopy(template, 2);
    big.request.params = [`0x${'00'.repeat(4096)}`];
    conn.setChains([V2_CHAIN]);
    conn.need('liveView', true);
    const delays: number[] = [];
    for (const round of [1, 2]) {
      await acked(conn, 4);
      timers.time += 1000; // well past stableMs: a plain drop now would start the backoff over
      node.live.publish(node.live.receipt(V2_CHAIN, big));
      await until(() => conn.status().phase === 'backoff', `round ${round}: closed and backing off`);
      await until(() => node.live.connected === 0, `round ${round}: the node saw the socket close`);
      const s = conn.status();
      assert.equal(s.opens, round, 'no new socket before the backoff');
      assert.match(s.lastProblem ?? '', /the node sent a message over 4096 bytes/);
      assert.equal(timers.pending()[0]?.at, s.retryAt, 'the only wake is the retry');
      delays.push((s.retryAt ?? 0) - timers.time);
      timers.fire();
      await until(() => node.live.connected === 1, `round ${round}: reconnected once the backoff was over`);
    }
    assert.deepEqual(delays, [1000, 2000]);
  });

  it('a burst of malformed frames closes the socket and backs off; a good frame between them starts the count over', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const timers = new FakeTimers();
    const { conn, events } = connect({ timers, random: () => 1, bounds: PACED });
    conn.setChains([V2_CHAIN]);
    conn.need('followLatest', true);
    await acked(conn, 2);
    const malformed = () => node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 'x' }));
    const good = (blockIndex: number) =>
      node.live.publish(
        node.live.newBlock(V2_CHAIN, {
          blockIndex,
          timestamp: 't',
          totalRequests: 0,
          numSuccessfulRequests: 0,
          numOffLedgerRequests: 0,
          gasBurned: '0',
          gasFeeCharged: '0',
        }),
      );
    for (let i = 0; i < MAX_MALFORMED_IN_A_ROW - 1; i++) malformed();
    good(1);
    await until(() => events.length === 1, 'the good block after a run just short of the limit');
    assert.equal(conn.status().phase, 'open');
    timers.time += 1000;
    for (let i = 0; i < MAX_MALFORMED_IN_A_ROW + 5; i++) malformed();
    good(2);
    await until(() => conn.status().phase === 'backoff' && node.live.connected === 0, 'closed by the burst');
    const s = conn.status();
    assert.equal(s.dropped, 2 * MAX_MALFORMED_IN_A_ROW - 1, 'counted up to the close, nothing read after it');
    assert.equal(events.length, 1);
    assert.match(s.lastProblem ?? '', new RegExp(`${MAX_MALFORMED_IN_A_ROW} malformed frames in a row`));
    assert.equal((s.retryAt ?? 0) - timers.time, 1000);
    timers.fire();
    await acked(conn, 2);
    assert.equal(conn.status().opens, 2);
  });

  it('malformed frames are dropped and counted with their field; the feed goes on', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn, events } = connect();
    conn.setChains([V2_CHAIN]);
    conn.need('followLatest', true);
    await acked(conn, 2);
    node.live.publish({ kind: 'new_block', issuer: '', requestID: `0x${'0'.repeat(68)}`, chainID: V2_CHAIN, payload: {} });
    node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 'x' }));
    node.live.publish(
      node.live.newBlock(V2_CHAIN, {
        blockIndex: 3,
        timestamp: 't',
        totalRequests: 0,
        numSuccessfulRequests: 0,
        numOffLedgerRequests: 0,
        gasBurned: '0',
        gasFeeCharged: '0',
      }),
    );
    await until(() => events.length === 1, 'the good block');
    assert.equal(conn.status().dropped, 2);
    assert.deepEqual([...conn.dropped.byField().keys()].sort(), ['payload.blockIndex', 'requestID']);
  });

  it('closes when nothing needs it any more, and dispose closes at once', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const { conn } = connect();
    conn.setChains([V2_CHAIN]);
    conn.need('liveView', true);
    await acked(conn, 4);
    conn.need('liveView', false);
    await until(() => node.live.connected === 0, 'closed when idle');
    assert.equal(conn.status().phase, 'idle');
    conn.need('watch', true);
    await acked(conn, 3);
    conn.dispose();
    await until(() => node.live.connected === 0, 'closed on dispose');
  });
});
