// Reading what /v1/ws sends (src/api/liveEvents.ts; the drop counts of src/live/model/droppedFrames.ts): every event kind of both generations from
// the samples, with its own encoding (BlockInfoResponse, the REST receipt, the raw isc.Event list
// with a unix-ns timestamp past 2^53 and base64 payloads), the acks; and hostile frames, each
// dropped with the field named, never thrown.
import * as assert from 'node:assert/strict';
import { liveChainId, liveWireOf, parseLiveFrame, type LiveFrame, type ParsedFrame } from '../../../src/api/liveEvents';
import { DroppedFrames } from '../../../src/live/model/droppedFrames';
import { asFrame, wsSample, wsSampleText } from '../live/liveSamples';

const V2_CHAIN = '0xc81c59d311be90db104192e3960d08e6e6c88b330f5f1d5782c30cf6404b2e05';
const V1_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

function ok(p: ParsedFrame): LiveFrame {
  if (!p.ok) assert.fail(`dropped: ${p.field}: ${p.reason}`);
  return p.frame;
}

function dropped(p: ParsedFrame): { field: string; reason: string } {
  if (p.ok) assert.fail(`read as ${p.frame.kind}`);
  return p;
}

/** A sample with one change, sent again as the node would write it. */
function edited(name: Parameters<typeof wsSample>[0], edit: (e: Record<string, unknown>) => void): string {
  const e = wsSample(name);
  edit(e);
  return asFrame(e);
}

const payloadOf = (e: Record<string, unknown>) => e.payload as Record<string, unknown>;

describe('api/liveEvents: the event kinds of both generations', () => {
  it('Rebased new_block: the BlockInfoResponse with exact uint64 gas figures', () => {
    const f = ok(parseLiveFrame(wsSampleText('v2-ws-new_block'), 'rebased'));
    assert.equal(f.kind, 'new_block');
    if (f.kind !== 'new_block') return;
    assert.equal(f.chainId, V2_CHAIN);
    assert.equal(f.block.blockIndex, 1843201);
    assert.equal(f.block.timestamp, '2025-06-10T09:21:33.512Z');
    assert.equal(f.block.totalRequests, 2);
    assert.equal(f.block.numSuccessfulRequests, 1);
    assert.equal(f.block.gasBurned, 48155n);
    assert.equal(f.block.gasFeeCharged, 481550n);
  });

  it('Stardust new_block carries previousAliasOutput, and must', () => {
    const f = ok(parseLiveFrame(wsSampleText('v1-ws-new_block'), 'stardust'));
    assert.ok(f.kind === 'new_block');
    assert.equal(f.chainId, V1_CHAIN);
    assert.equal(f.block.blockIndex, 2483101);
    assert.match(f.block.previousAliasOutput ?? '', /^0x6b1e4f2a/);
    const without = edited('v1-ws-new_block', (e) => delete payloadOf(e).previousAliasOutput);
    assert.equal(dropped(parseLiveFrame(without, 'stardust')).field, 'payload.previousAliasOutput');
  });

  it('Rebased receipt: the REST receipt read by the Rebased schema, its issuer EIP-55, its request ID', () => {
    const f = ok(parseLiveFrame(wsSampleText('v2-ws-receipt'), 'rebased'));
    assert.ok(f.kind === 'receipt' && f.generation === 'rebased');
    assert.equal(f.issuer, '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33');
    assert.equal(f.requestId, '0x3356f3dd90e7a6940c8f38068c9ba01b40c6d5144c5f6e2c7a2b584ffa91e338');
    assert.equal(f.receipt.generation, 'rebased');
    assert.equal(f.receipt.request.gasBudget, 21000n, 'the double-quoted gas budget, as the REST schema reads it');
    assert.equal(f.receipt.gasFeeCharged, 210000n);
    assert.equal(f.receipt.failed, false);
    assert.deepEqual(f.receipt.request.assets, { coins: [], objects: [] });
  });

  it('Stardust receipt: the REST receipt read by the Stardust schema, issuer 0x…@<chainID>', () => {
    const f = ok(parseLiveFrame(wsSampleText('v1-ws-receipt'), 'stardust'));
    assert.ok(f.kind === 'receipt' && f.generation === 'stardust');
    assert.equal(f.issuer, `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${V1_CHAIN}`);
    assert.equal(f.requestId, '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000');
    assert.equal(f.receipt.request.params[0]?.key, '0x74');
    assert.equal(f.receipt.gasBurned, 21000n);
  });

  it('Rebased block_events: contract ID as hname, the unix-ns timestamp exact past 2^53, the base64 payload as bytes', () => {
    const f = ok(parseLiveFrame(wsSampleText('v2-ws-block_events'), 'rebased'));
    assert.ok(f.kind === 'block_events');
    assert.equal(f.events.length, 1);
    const e = f.events[0];
    assert.ok(e);
    assert.equal(e.contract, '07cb02c1');
    assert.equal(e.topic, 'evm.event');
    assert.equal(e.timestampNs, 1749547311204000001n, 'JSON.parse would have read 1749547311204000000');
    assert.equal(new TextDecoder().decode(e.payload), 'claimed 5');
  });

  it('Stardust block_events with a null payload is a block without events; a null event payload is no bytes', () => {
    const f = ok(parseLiveFrame(wsSampleText('v1-ws-block_events'), 'stardust'));
    assert.ok(f.kind === 'block_events');
    assert.deepEqual(f.events, []);
    const nullBytes = edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.payload = null));
    const g = ok(parseLiveFrame(nullBytes, 'rebased'));
    assert.ok(g.kind === 'block_events');
    assert.equal(g.events[0]?.payload.length, 0);
  });

  it('acks of subscribe and unsubscribe, for any topic', () => {
    const commands = wsSample('ws-commands');
    const acks = (commands.server_to_client_acks as unknown[]).map((a) => ok(parseLiveFrame(JSON.stringify(a), 'rebased')));
    assert.deepEqual(acks[0], { kind: 'ack', command: 'subscribe', topic: `chains/${V2_CHAIN}` });
    assert.deepEqual(acks[4], { kind: 'ack', command: 'unsubscribe', topic: 'receipt' });
    assert.deepEqual(ok(parseLiveFrame('{"event":"subscribed","topic":"nonsense"}', 'stardust')), { kind: 'ack', command: 'subscribe', topic: 'nonsense' });
  });
});

describe('api/liveEvents: hostile frames are dropped with the field named', () => {
  const cases: Array<[string, string, 'rebased' | 'stardust', string]> = [
    ['not JSON', '{"kind":', 'rebased', ''],
    ['a JSON array', '[1,2]', 'rebased', ''],
    ['a JSON string', '"new_block"', 'rebased', ''],
    ['null', 'null', 'rebased', ''],
    ['an ack of another event', '{"event":"published","topic":"x"}', 'rebased', 'event'],
    ['an ack whose topic is a number', '{"event":"subscribed","topic":7}', 'rebased', 'topic'],
    ['a kind nothing publishes (vm)', edited('v2-ws-new_block', (e) => (e.kind = 'vm')), 'rebased', 'kind'],
    ['a chain ID of the wrong type', edited('v2-ws-new_block', (e) => (e.chainID = 42)), 'rebased', 'chainID'],
    ['a Stardust chain ID on a Rebased node', edited('v2-ws-new_block', (e) => (e.chainID = V1_CHAIN)), 'rebased', 'chainID'],
    ['a Rebased chain ID on a Stardust node', edited('v1-ws-new_block', (e) => (e.chainID = V2_CHAIN)), 'stardust', 'chainID'],
    [
      'an upper-case Bech32 chain ID (the node writes lower case)',
      edited('v1-ws-new_block', (e) => (e.chainID = V1_CHAIN.toUpperCase())),
      'stardust',
      'chainID',
    ],
    ['a Bech32 chain ID with a bad checksum', edited('v1-ws-new_block', (e) => (e.chainID = `${V1_CHAIN.slice(0, -1)}6`)), 'stardust', 'chainID'],
    ['a Stardust request ID on a Rebased node', edited('v2-ws-new_block', (e) => (e.requestID = `0x${'0'.repeat(68)}`)), 'rebased', 'requestID'],
    ['a Rebased request ID on a Stardust node', edited('v1-ws-new_block', (e) => (e.requestID = `0x${'0'.repeat(64)}`)), 'stardust', 'requestID'],
    ['an issuer on a block', edited('v2-ws-new_block', (e) => (e.issuer = '0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33')), 'rebased', 'issuer'],
    ['a block index past 2^53', edited('v2-ws-new_block', (e) => (payloadOf(e).blockIndex = 2n ** 53n + 1n)), 'rebased', 'payload.blockIndex'],
    ['a block index as a string', edited('v2-ws-new_block', (e) => (payloadOf(e).blockIndex = '1843201')), 'rebased', 'payload.blockIndex'],
    ['gas burned past 2^64', edited('v2-ws-new_block', (e) => (payloadOf(e).gasBurned = (2n ** 64n).toString())), 'rebased', 'payload.gasBurned'],
    ['a new_block payload that is a string', edited('v2-ws-new_block', (e) => (e.payload = 'block')), 'rebased', 'payload'],
    ['an issuer without its EIP-55 checksum', edited('v2-ws-receipt', (e) => (e.issuer = (e.issuer as string).toLowerCase())), 'rebased', 'issuer'],
    ['an issuer with a bidi override', edited('v2-ws-receipt', (e) => (e.issuer = '0xEF2bf31B7Dc8187475a527Cc8b26EAAD5526\u202e7E33')), 'rebased', 'issuer'],
    [
      'a Stardust issuer on a Rebased node',
      edited('v2-ws-receipt', (e) => (e.issuer = `0xEF2bf31B7Dc8187475a527Cc8b26EAAD55267E33@${V1_CHAIN}`)),
      'rebased',
      'issuer',
    ],
    [
      'a bare EVM address as a Stardust issuer',
      edited('v1-ws-receipt', (e) => (e.issuer = '0xDb3009babf5415B64ef64275f0f23A87E90Ea142')),
      'stardust',
      'issuer',
    ],
    ['a receipt under another request ID', edited('v2-ws-receipt', (e) => (e.requestID = `0x${'ab'.repeat(32)}`)), 'rebased', 'payload.request.requestId'],
    [
      'a receipt whose gas is a number (the REST schema says string)',
      edited('v2-ws-receipt', (e) => (payloadOf(e).gasBurned = 21000)),
      'rebased',
      'payload.gasBurned',
    ],
    [
      'a Stardust receipt on a Rebased node',
      edited('v1-ws-receipt', (e) => ((e.chainID = V2_CHAIN), (e.issuer = ''), (e.requestID = `0x${'fe'.repeat(32)}`))),
      'rebased',
      'payload.request.callTarget.contractHName',
    ],
    [
      'an event timestamp past 2^64',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.timestamp = 2n ** 64n)),
      'rebased',
      'payload.0.timestamp',
    ],
    [
      'an event timestamp as a fraction',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.timestamp = 1.5)),
      'rebased',
      'payload.0.timestamp',
    ],
    [
      'a payload that is not base64',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.payload = 'claimed 5!')),
      'rebased',
      'payload.0.payload',
    ],
    [
      'a payload in URL-safe base64 (Go writes the standard alphabet)',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.payload = 'Y2x-aW1l')),
      'rebased',
      'payload.0.payload',
    ],
    [
      'a payload with a line break',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.payload = 'Y2xh\naW1l')),
      'rebased',
      'payload.0.payload',
    ],
    [
      'base64 with a bad length',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.payload = 'Y2xhaW1lZCA')),
      'rebased',
      'payload.0.payload',
    ],
    [
      'a contract ID past uint32',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.contractID = 2 ** 32)),
      'rebased',
      'payload.0.contractID',
    ],
    [
      'a contract ID as hex text (the REST shape is a number too)',
      edited('v2-ws-block_events', (e) => ((e.payload as Array<Record<string, unknown>>)[0]!.contractID = '07cb02c1')),
      'rebased',
      'payload.0.contractID',
    ],
    ['events that are an object', edited('v2-ws-block_events', (e) => (e.payload = { events: [] })), 'rebased', 'payload'],
  ];
  for (const [what, text, generation, field] of cases) {
    it(`${what}: dropped, field "${field}"`, () => {
      assert.equal(dropped(parseLiveFrame(text, generation)).field, field);
    });
  }

  it('an unknown kind is named in the reason with its invisible characters revealed, and clipped', () => {
    const d = dropped(
      parseLiveFrame(
        edited('v2-ws-new_block', (e) => (e.kind = `new\u202e_block${'x'.repeat(5000)}`)),
        'rebased',
      ),
    );
    assert.equal(d.field, 'kind');
    assert.ok(!d.reason.includes('\u202e'), 'the bidi override is not in the reason');
    assert.match(d.reason, /U\+202E/);
    assert.ok(d.reason.length < 200, `a short reason (${d.reason.length})`);
  });

  it('a huge number anywhere does not throw (lossless parse), a deep nesting neither', () => {
    assert.equal(dropped(parseLiveFrame(`{"kind":"new_block","x":${'9'.repeat(5000)}}`, 'rebased')).field, 'issuer');
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    assert.equal(dropped(parseLiveFrame(deep, 'rebased')).field, '');
  });

  it('DroppedFrames counts per field and keeps the last reason', () => {
    const d = new DroppedFrames();
    d.note({ field: 'kind', reason: 'a' });
    d.note({ field: 'kind', reason: 'b' });
    d.note({ field: '', reason: 'c' });
    assert.equal(d.total, 3);
    assert.deepEqual(
      [...d.byField()],
      [
        ['kind', 2],
        ['(frame)', 1],
      ],
    );
    assert.deepEqual(d.last, { field: '', reason: 'c' });
  });

  it('DroppedFrames keeps at most 64 fields however many a node makes up, and still counts every frame', () => {
    const d = new DroppedFrames();
    for (let i = 0; i < 1000; i++) d.note({ field: `f${i}`, reason: 'x' });
    assert.equal(d.byField().size, 64);
    assert.equal(d.total, 1000);
  });
});

describe('api/liveEvents: chain IDs as each generation writes them', () => {
  it('Rebased: 0x + 64 hex, lower-cased; Stardust: Bech32 exactly as the node writes it', () => {
    assert.equal(liveChainId(V2_CHAIN.toUpperCase().replace('0X', '0x'), 'rebased'), V2_CHAIN);
    assert.equal(liveChainId(V1_CHAIN, 'rebased'), undefined);
    assert.equal(liveChainId(V1_CHAIN, 'stardust'), V1_CHAIN);
    assert.equal(liveChainId(` ${V1_CHAIN}`, 'stardust'), undefined);
    assert.equal(liveChainId(V2_CHAIN, 'stardust'), undefined);
  });
});

describe('api/liveEvents: the wire of each generation', () => {
  const notAsked = () => assert.fail("the entry's chain is not asked");

  it('Stardust: an entry subscribes with the chain it names, in lower case, and the node is never asked', async () => {
    const wire = liveWireOf('stardust');
    assert.equal(wire.generation, 'stardust');
    assert.equal(await wire.subscribeId(` ${V1_CHAIN.toUpperCase()} `, notAsked), V1_CHAIN);
    assert.equal(await wire.subscribeId(V2_CHAIN, notAsked), undefined, 'a Rebased ID is no topic of a Stardust node');
    assert.equal(await wire.subscribeId('', notAsked), undefined);
    assert.equal(wire.chainTopic(V1_CHAIN), `chains/${V1_CHAIN}`);
  });

  it("Rebased: an entry subscribes with the chain it reads (the node's own when it names none), in lower case", async () => {
    const wire = liveWireOf('rebased');
    assert.equal(wire.generation, 'rebased');
    const upper = V2_CHAIN.toUpperCase().replace('0X', '0x');
    assert.equal(await wire.subscribeId('', () => Promise.resolve(upper)), V2_CHAIN);
    assert.equal(await wire.subscribeId(V1_CHAIN, () => Promise.resolve(V1_CHAIN)), undefined, 'a Stardust ID is no topic of a Rebased node');
    await assert.rejects(
      wire.subscribeId('', () => Promise.reject(new Error('no chain'))),
      /no chain/,
    );
    assert.equal(wire.chainTopic(upper), `chains/${V2_CHAIN}`);
  });

  it("each wire reads its own generation's samples and drops the other's by their chain ID", () => {
    for (const [generation, own, other] of [
      ['rebased', 'v2-ws-receipt', 'v1-ws-receipt'],
      ['stardust', 'v1-ws-receipt', 'v2-ws-receipt'],
    ] as const) {
      const wire = liveWireOf(generation);
      const f = ok(wire.readFrame(wsSampleText(own)));
      assert.ok(f.kind === 'receipt' && f.generation === generation);
      assert.equal(dropped(wire.readFrame(wsSampleText(other))).field, 'chainID');
      assert.equal(wire.chainId(f.chainId), f.chainId);
    }
  });
});
