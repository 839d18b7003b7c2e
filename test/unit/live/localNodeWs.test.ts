// The local node's /v1/ws (test/fixtures/localNodeWs.ts) against a raw client: a fixture that
// drifts from the node makes every live test prove the wrong thing. Acks for any topic, silence for
// bad commands, events only for chain AND kind, each kind in its encoding for both generations,
// the 510-byte frame limit, the send buffer, and drop, stall and flood on demand.
import * as assert from 'node:assert/strict';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { type LocalNode, startLocalNode } from '../../fixtures/localNode';
import { receiptCopy } from '../../fixtures/localNodeBlocks';
import { rawClient, until, wsUrl, type RawClient } from './wsClient';

const V2_CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';

describe('fixtures/localNodeWs: commands and acks', () => {
  let node: LocalNode;
  let client: RawClient;
  beforeEach(async () => {
    node = await startLocalNode({ generation: 'rebased' });
    client = await rawClient(wsUrl(node.url));
  });
  afterEach(async () => {
    client.ws.terminate();
    await node.close();
  });

  it('acknowledges subscribe and unsubscribe of any topic, meaningless ones too', async () => {
    client.send({ command: 'subscribe', topic: `chains/${V2_CHAIN}` });
    client.send({ command: 'subscribe', topic: 'no such topic' });
    client.send({ command: 'unsubscribe', topic: 'never subscribed' });
    await until(() => client.messages.length === 3, 'three acks');
    assert.deepEqual(client.json(), [
      { event: 'subscribed', topic: `chains/${V2_CHAIN}` },
      { event: 'subscribed', topic: 'no such topic' },
      { event: 'unsubscribed', topic: 'never subscribed' },
    ]);
  });

  it('answers nothing to bad JSON, an empty command or topic, an unknown command or a wrong type', async () => {
    for (const frame of [
      '{',
      '[]',
      'null',
      '{"command":"","topic":"x"}',
      '{"command":"subscribe","topic":""}',
      '{"command":"subscribe"}',
      '{"command":"publish","topic":"x"}',
      '{"command":5,"topic":"x"}',
      '{"command":"subscribe","topic":["x"]}',
    ])
      client.send(frame);
    client.send({ command: 'subscribe', topic: 'marker' });
    await until(() => client.messages.length >= 1, 'the marker ack');
    await new Promise((r) => setTimeout(r, 30));
    assert.deepEqual(client.json(), [{ event: 'subscribed', topic: 'marker' }]);
  });

  it('reads keys as Go does: case-insensitively', async () => {
    client.send('{"Command":"subscribe","TOPIC":"receipt"}');
    await until(() => client.messages.length === 1, 'the ack');
    assert.deepEqual(client.json(), [{ event: 'subscribed', topic: 'receipt' }]);
  });

  it('closes the socket on a frame over 510 bytes (1009), not on one of exactly 510', async () => {
    const base = JSON.stringify({ command: 'subscribe', topic: '' });
    client.send({ command: 'subscribe', topic: 'a'.repeat(510 - base.length) });
    await until(() => client.messages.length === 1, 'the ack of a 510-byte frame');
    client.send({ command: 'subscribe', topic: 'a'.repeat(511 - base.length) });
    await until(() => client.closed !== undefined, 'the close');
    assert.equal(client.closed, 1009);
    assert.equal(node.live.connected, 0);
  });

  it('upgrades only /v1/ws: another path is a 404', async () => {
    await assert.rejects(rawClient(`${node.url.replace(/^http/, 'ws')}/v1/websocket`), /404/);
  });
});

describe('fixtures/localNodeWs: events for chain AND kind, in their encodings', () => {
  let node: LocalNode;
  const clients: RawClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await node.close();
  });

  async function subscribed(topics: string[]): Promise<RawClient> {
    const c = await rawClient(wsUrl(node.url));
    clients.push(c);
    for (const topic of topics) c.send({ command: 'subscribe', topic });
    await until(() => c.messages.length === topics.length, 'acks');
    c.messages.length = 0;
    return c;
  }

  it('Rebased: a processed block publishes new_block, the receipt and block_events, only to who has both topics', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const both = await subscribed([`chains/${V2_CHAIN}`, 'new_block', 'receipt', 'block_events']);
    const all = await subscribed(['chains', 'receipt']);
    const kindOnly = await subscribed(['new_block', 'receipt']);
    const chainOnly = await subscribed([`chains/${V2_CHAIN}`]);
    const otherChain = await subscribed([`chains/0x${'11'.repeat(32)}`, 'receipt']);
    const template = node.rebasedChain?.receipts.find((r) => r.request.isEVM);
    assert.ok(template);
    const pending = receiptCopy(template, 7);
    node.chainLog.setRequestEvents(pending.request.requestId, [
      { contractID: 0x07cb02c1, topic: 'evm.event', timestamp: 1749547311204000001n, payload: '0x636c61696d65642035' },
    ]);
    const index = node.chainLog.addBlock([pending]);
    await until(() => both.messages.length === 3 && all.messages.length === 1, 'the events');
    await new Promise((r) => setTimeout(r, 30));
    const [block, receipt, events] = both.json();
    assert.deepEqual(block, {
      kind: 'new_block',
      issuer: '',
      requestID: `0x${'0'.repeat(64)}`,
      chainID: V2_CHAIN,
      payload: { ...(block?.payload as object), blockIndex: index, totalRequests: 1 },
    });
    assert.equal((block?.payload as Record<string, unknown>).previousAliasOutput, undefined);
    assert.equal(receipt?.kind, 'receipt');
    assert.equal(receipt?.issuer, pending.request.senderAccount);
    assert.equal(receipt?.requestID, pending.request.requestId);
    assert.equal(((receipt?.payload as Record<string, unknown>).request as Record<string, unknown>).requestId, pending.request.requestId);
    assert.equal(events?.kind, 'block_events');
    assert.match(both.messages[2] ?? '', /"timestamp":1749547311204000001,/, 'the timestamp a bare number, digit for digit');
    assert.deepEqual((events?.payload as Array<Record<string, unknown>>)[0]?.payload, 'Y2xhaW1lZCA1', 'base64, not hex');
    assert.deepEqual(
      all.json().map((e) => e.kind),
      ['receipt'],
    );
    assert.deepEqual(kindOnly.messages, [], 'a kind without a chain gets nothing');
    assert.deepEqual(chainOnly.messages, [], 'a chain without a kind gets nothing');
    assert.deepEqual(otherChain.messages, [], 'another chain gets nothing');
  });

  it('Stardust: previousAliasOutput in new_block, 68-zero request IDs on block kinds, block_events null when none', async () => {
    node = await startLocalNode();
    const chain = DEMO_CHAINS.iotaEvm;
    const c = await subscribed([`chains/${chain}`, 'new_block', 'receipt', 'block_events']);
    const template = node.chains.find((x) => x.chainId === chain)?.receipts[0];
    assert.ok(template);
    node.chainLog.addBlock([receiptCopy(template, 3, true)], chain);
    await until(() => c.messages.length === 3, 'the events');
    const [block, receipt, events] = c.json();
    assert.equal(block?.requestID, `0x${'0'.repeat(68)}`);
    assert.match(String((block?.payload as Record<string, unknown>).previousAliasOutput), /^0x[0-9a-f]+$/);
    assert.equal(receipt?.chainID, chain);
    assert.equal(events?.payload, null);
  });

  it('unsubscribing a kind stops it', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const c = await subscribed([`chains/${V2_CHAIN}`, 'new_block', 'receipt']);
    c.send({ command: 'unsubscribe', topic: 'receipt' });
    await until(() => c.messages.length === 1, 'the ack');
    c.messages.length = 0;
    node.live.publish(node.live.receipt(V2_CHAIN, { request: { requestId: `0x${'1'.repeat(64)}`, senderAccount: '' } }));
    node.live.publish(node.live.newBlock(V2_CHAIN, { blockIndex: 1 }));
    await until(() => c.messages.length === 1, 'the block');
    assert.equal(c.json()[0]?.kind, 'new_block');
  });
});

describe('fixtures/localNodeWs: drop, stall, flood, pings and limits', () => {
  let node: LocalNode;
  const clients: RawClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await node.close();
  });
  const connect = async () => {
    const c = await rawClient(wsUrl(node.url));
    clients.push(c);
    return c;
  };

  it('drop cuts every socket without a close frame (1006)', async () => {
    node = await startLocalNode({ generation: 'rebased' });
    const a = await connect();
    const b = await connect();
    node.live.drop();
    await until(() => a.closed !== undefined && b.closed !== undefined, 'both closed');
    assert.equal(a.closed, 1006);
    assert.equal(node.live.connected, 0);
  });

  it('stall: the sockets open now get nothing more, acks and pings included; a new socket is served', async () => {
    node = await startLocalNode({ generation: 'rebased', live: { pingMs: 20 } });
    const a = await connect();
    let pings = 0;
    a.ws.on('ping', () => pings++);
    await until(() => pings >= 1, 'a ping');
    node.live.stall();
    const seen = pings;
    a.send({ command: 'subscribe', topic: 'receipt' });
    await new Promise((r) => setTimeout(r, 80));
    assert.deepEqual(a.messages, []);
    assert.equal(pings, seen, 'no pings while stalled');
    const b = await connect();
    b.send({ command: 'subscribe', topic: 'receipt' });
    await until(() => b.messages.length === 1, 'the new socket is answered');
  });

  it('a client that does not answer pings is closed after the pong timeout', async () => {
    node = await startLocalNode({ generation: 'rebased', live: { pingMs: 20, pongTimeoutMs: 30 } });
    const a = await connect();
    // ws answers pings by itself; pausing the socket's reads stops it.
    (a.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => node.live.connected === 0, 'the node closing it', 2000);
  });

  it('flood: beyond the send buffer events are dropped silently and counted', async () => {
    node = await startLocalNode({ generation: 'rebased', live: { sendBuffer: 50 } });
    const a = await connect();
    a.send({ command: 'subscribe', topic: 'chains' });
    a.send({ command: 'subscribe', topic: 'new_block' });
    await until(() => a.messages.length === 2, 'acks');
    node.live.flood(node.live.newBlock(V2_CHAIN, { blockIndex: 1 }), 500);
    await new Promise((r) => setTimeout(r, 100));
    const record = node.live.clients[0];
    assert.ok(record);
    assert.ok(record.overflow > 0, `overflow ${record.overflow}`);
    assert.equal(record.sent + record.overflow, 502);
    assert.equal(a.messages.length, record.sent);
  });

  it('maxTopicsPerClient: reaching it drops all of the client`s subscriptions, the ack still comes', async () => {
    node = await startLocalNode({ generation: 'rebased', live: { maxTopicsPerClient: 3 } });
    const a = await connect();
    for (const topic of ['chains', 'new_block', 'receipt']) a.send({ command: 'subscribe', topic });
    await until(() => a.messages.length === 3, 'three acks');
    assert.equal(node.live.clients[0]?.topics.size, 0);
  });
});
