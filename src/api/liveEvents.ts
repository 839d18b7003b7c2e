// What a node's `/v1/ws` sends (EVM-ACCOUNTS-WS-FACTS §4), read and checked per generation: the
// acknowledgements of (un)subscribe commands, and the three event kinds with their own encodings:
// `new_block` carries the REST BlockInfoResponse (Stardust adds previousAliasOutput), `receipt`
// the REST receipt of that generation (read by the very schemas of the REST client), `block_events`
// the raw isc.Event list (contract ID as a number, unix-ns timestamp past 2^53, base64 payload, null
// when none). A frame that does not fit is a value naming the field, never an exception: the feed
// drops it and counts it. One LiveWire per generation (liveWireOf), so the live feature asks the
// wire of its node and never the generation. Pure.
import * as z from 'zod/mini';
import { BlockInfoSchema } from './chainLogSchemas';
import type { Generation } from './generation';
import { checkAgentId, checkChainId, checkRebasedChainId, checkRebasedRequestId, checkRequestId, type ChainIdCheck, type RequestIdCheck } from './ids';
import { parseJsonExact } from './json';
import { RebasedReceiptSchema, type RebasedReceipt } from './rebasedSchemas';
import { ReceiptSchema, type Receipt } from './stardustSchemas';
import { Uint64Number, obj, pattern, str, uint } from './wire';
import { parseAgentId as parseAgentShape } from '../core/agentId';
import { clip, revealInvisible } from '../core/text';

/** The event kinds a node publishes (`vm` is accepted as a topic, but nothing publishes it). */
export const LIVE_KINDS = ['new_block', 'receipt', 'block_events'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** `new_block`: the block's info as `blocks/{n}` answers it. */
export type LiveBlockInfo = z.output<typeof BlockInfoSchema> & { previousAliasOutput?: string };

/** One ISC event of a block, as the socket sends it (not the REST shape): bytes decoded from base64. */
export interface LiveIscEvent {
  /** The emitting contract's hname, 8 lower-case hex digits. */
  contract: string;
  topic: string;
  /** Unix nanoseconds, exact. */
  timestampNs: bigint;
  /** The event's bytes; empty when the node sent null. */
  payload: Uint8Array;
}

export type LiveEvent =
  | { kind: 'new_block'; generation: Generation; chainId: string; block: LiveBlockInfo }
  | {
      kind: 'receipt';
      generation: 'stardust';
      chainId: string;
      requestId: string;
      /** The sender's agent ID as the node wrote it (`0x…@<chainID>` for an EVM account); '' for none. */
      issuer: string;
      receipt: Receipt;
    }
  | { kind: 'receipt'; generation: 'rebased'; chainId: string; requestId: string; issuer: string; receipt: RebasedReceipt }
  | { kind: 'block_events'; generation: Generation; chainId: string; events: LiveIscEvent[] };

export type LiveAck = { kind: 'ack'; command: 'subscribe' | 'unsubscribe'; topic: string };

export type LiveFrame = LiveEvent | LiveAck;

type Dropped = { ok: false; field: string; reason: string };

/** A frame read, or why not: the field at fault (dotted path, '' for the frame itself) and what was expected. */
export type ParsedFrame = { ok: true; frame: LiveFrame } | Dropped;

/** The `/v1/ws` feed of a node of one generation: its IDs, its topics, its frames. */
export interface LiveWire {
  readonly generation: Generation;
  /**
   * A chain ID as this generation's node writes it in a topic and an event (exact string match on
   * the node): Rebased `0x` + 64 hex (lower-cased), Stardust Bech32 in lower case; undefined otherwise.
   */
  chainId(input: string): string | undefined;
  /** A chain's topic (`chains/` + its node-form ID) for a chain ID as the settings hold it; undefined for no ID of this generation. */
  chainTopic(chainId: string): string | undefined;
  /**
   * The node-form chain ID to subscribe a chain entry with: the one it names, or, where a node runs
   * one chain (Rebased), the one `entryChain` says the entry reads (only asked then: it may read the node).
   */
  subscribeId(entryChainId: string, entryChain: () => Promise<string>): Promise<string | undefined>;
  /**
   * Reads one text frame. Acks are told from events by their shape (`event` vs `kind`); an unknown
   * kind, a field of the wrong type or form, an ID of the other generation, a receipt under another
   * request ID than the envelope's: each is `ok: false`.
   */
  readFrame(text: string): ParsedFrame;
}

/** Characters of a node's text kept in a drop reason (it reaches the Output channel). */
const REASON_CHARS = 160;
/** Events in one `block_events` frame: a block holds at most 2^16 requests, each with a handful of events. */
const MAX_BLOCK_EVENTS = 100_000;

const AckSchema = obj({
  event: z.enum(['subscribed', 'unsubscribed'], { error: 'expected "subscribed" or "unsubscribed"' }),
  topic: str('a topic'),
});

const EnvelopeSchema = obj({
  kind: str('an event kind'),
  issuer: str('an agent ID or ""'),
  requestID: str('a request ID'),
  chainID: str('a chain ID'),
  payload: z.unknown(),
});

const StardustBlockInfoSchema = z.extend(BlockInfoSchema, {
  previousAliasOutput: pattern(/^0x(?:[0-9a-fA-F]{2})*$/, '0x-prefixed hex bytes'),
});

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const IscEventSchema = obj({
  contractID: uint(0xffff_ffff, 'contract ID (uint32)'),
  topic: str('a topic'),
  /** Unix ns: read losslessly (json.ts), so a value past 2^53 arrives as a bigint. */
  timestamp: Uint64Number,
  /** Go's []byte: standard base64, null when empty. */
  payload: z.nullable(pattern(BASE64, 'base64 bytes')),
});

const BlockEventsSchema = z.nullable(z.array(IscEventSchema, { error: 'expected a list of events' }).check(z.maxLength(MAX_BLOCK_EVENTS)));

/** What an event names besides its payload, checked against the envelope. */
interface EventHead {
  chainId: string;
  requestId: string;
  issuer: string;
}

/** What differs per generation in a frame: the ID forms, the block's schema, the issuer's forms, the receipt's schema. */
interface FrameShapes {
  readonly generation: Generation;
  chainId(input: string): string | undefined;
  readonly chainIdWords: string;
  requestId(input: string): string | undefined;
  readonly requestIdWords: string;
  readonly block: z.ZodMiniType<LiveBlockInfo>;
  /** The sender agent ID forms of the generation (isc.AgentID.String()), or '' for none. */
  issuerFits(issuer: string): boolean;
  readonly issuerWords: string;
  receipt(payload: unknown, head: EventHead): ParsedFrame;
}

/** An ID the node writes exactly as checked: the check trims and lower-cases, the node matches strings, so only its own form counts. */
function exactly(input: string, check: ChainIdCheck | RequestIdCheck): string | undefined {
  if (!check.ok || input.trim() !== input) return undefined;
  return 'chainId' in check ? check.chainId : check.requestId;
}

/** A receipt event read by a REST receipt schema, under the envelope's request ID. */
function receiptOf<R extends { request: { requestId: string } }>(
  schema: z.ZodMiniType<R>,
  payload: unknown,
  requestId: string,
  frame: (receipt: R) => LiveEvent,
): ParsedFrame {
  const r = schema.safeParse(payload);
  if (!r.success) return issue(r.error, 'payload');
  if (r.data.request.requestId !== requestId) return fail('payload.request.requestId', 'the request ID of the event');
  return { ok: true, frame: frame(r.data) };
}

const STARDUST_SHAPES: FrameShapes = {
  generation: 'stardust',
  // The check accepts upper case too; the node writes (and matches) lower case only.
  chainId: (input) => (input === input.toLowerCase() ? exactly(input, checkChainId(input)) : undefined),
  chainIdWords: 'a chain ID (Bech32)',
  requestId: (input) => exactly(input, checkRequestId(input)),
  requestIdWords: 'a request ID (0x + 68 hex)',
  block: StardustBlockInfoSchema,
  // `0x…@<chainID>`, `<hname>@<chainID>` or a Bech32 L1 address, as the node prints them.
  issuerFits: (issuer) => issuer === '' || (issuer.trim() === issuer && parseAgentShape(issuer).kind !== 'unknown'),
  issuerWords: 'an agent ID of Stardust',
  receipt: (payload, head) => receiptOf(ReceiptSchema, payload, head.requestId, (receipt) => ({ kind: 'receipt', generation: 'stardust', ...head, receipt })),
};

const REBASED_SHAPES: FrameShapes = {
  generation: 'rebased',
  chainId: (input) => exactly(input, checkRebasedChainId(input)),
  chainIdWords: 'a chain ID (0x + 64 hex)',
  requestId: (input) => exactly(input, checkRebasedRequestId(input)),
  requestIdWords: 'a request ID (0x + 64 hex)',
  block: BlockInfoSchema,
  issuerFits: (issuer) => {
    if (issuer === '') return true;
    const agent = checkAgentId(issuer, { generation: 'rebased' });
    // The node writes an EVM agent in its EIP-55 form: any other is not the node's.
    return agent.ok && issuer.trim() === issuer && (agent.kind !== 'evm' || agent.evmAddress === issuer);
  },
  issuerWords: 'an agent ID (EIP-55 EVM address, 0x + 64 or 8 hex)',
  receipt: (payload, head) =>
    receiptOf(RebasedReceiptSchema, payload, head.requestId, (receipt) => ({ kind: 'receipt', generation: 'rebased', ...head, receipt })),
};

class ShapedWire implements LiveWire {
  readonly generation: Generation;

  constructor(
    private readonly shapes: FrameShapes,
    /** Whether a node runs one chain, so that an entry naming none reads the node's. */
    private readonly oneChainPerNode: boolean,
  ) {
    this.generation = shapes.generation;
  }

  chainId(input: string): string | undefined {
    return this.shapes.chainId(input);
  }

  chainTopic(chainId: string): string | undefined {
    const id = this.nodeForm(chainId);
    return id === undefined ? undefined : `chains/${id}`;
  }

  async subscribeId(entryChainId: string, entryChain: () => Promise<string>): Promise<string | undefined> {
    return this.nodeForm(this.oneChainPerNode ? await entryChain() : entryChainId);
  }

  readFrame(text: string): ParsedFrame {
    return readFrame(text, this.shapes);
  }

  /** The node matches topics exactly: its own form, lower case for both generations. */
  private nodeForm(chainId: string): string | undefined {
    return this.shapes.chainId(chainId.trim().toLowerCase());
  }
}

const WIRES: { readonly [G in Generation]: LiveWire } = {
  stardust: new ShapedWire(STARDUST_SHAPES, false),
  rebased: new ShapedWire(REBASED_SHAPES, true),
};

/** The feed of a node of this generation (the one place a generation picks it). */
export function liveWireOf(generation: Generation): LiveWire {
  return WIRES[generation];
}

/** Reads one text frame of a node of this generation (LiveWire.readFrame). */
export function parseLiveFrame(text: string, generation: Generation): ParsedFrame {
  return liveWireOf(generation).readFrame(text);
}

/** A chain ID as this generation's node writes it (LiveWire.chainId). */
export function liveChainId(input: string, generation: Generation): string | undefined {
  return liveWireOf(generation).chainId(input);
}

function readFrame(text: string, shapes: FrameShapes): ParsedFrame {
  let value: unknown;
  try {
    value = parseJsonExact(text);
  } catch {
    return fail('', 'a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('', 'a JSON object');
  if ('event' in value && !('kind' in value)) {
    const ack = AckSchema.safeParse(value);
    if (!ack.success) return issue(ack.error);
    return { ok: true, frame: { kind: 'ack', command: ack.data.event === 'subscribed' ? 'subscribe' : 'unsubscribe', topic: ack.data.topic } };
  }
  const env = EnvelopeSchema.safeParse(value);
  if (!env.success) return issue(env.error);
  const { kind, issuer, requestID, chainID, payload } = env.data;
  const chainId = shapes.chainId(chainID);
  if (chainId === undefined) return fail('chainID', shapes.chainIdWords);
  const requestId = shapes.requestId(requestID);
  if (requestId === undefined) return fail('requestID', shapes.requestIdWords);
  const generation = shapes.generation;
  switch (kind) {
    case 'new_block': {
      if (issuer !== '') return fail('issuer', 'no issuer ("") on a block');
      const block = shapes.block.safeParse(payload);
      if (!block.success) return issue(block.error, 'payload');
      return { ok: true, frame: { kind, generation, chainId, block: block.data } };
    }
    case 'block_events': {
      if (issuer !== '') return fail('issuer', 'no issuer ("") on block events');
      const events = blockEventsOf(payload);
      return Array.isArray(events) ? { ok: true, frame: { kind, generation, chainId, events } } : events;
    }
    case 'receipt':
      if (!shapes.issuerFits(issuer)) return fail('issuer', shapes.issuerWords);
      return shapes.receipt(payload, { chainId, requestId, issuer });
    default:
      return fail('kind', `new_block, receipt or block_events (got "${shown(kind)}")`);
  }
}

function blockEventsOf(payload: unknown): LiveIscEvent[] | Dropped {
  const list = BlockEventsSchema.safeParse(payload);
  if (!list.success) return issue(list.error, 'payload');
  return (list.data ?? []).map((e) => ({
    contract: e.contractID.toString(16).padStart(8, '0'),
    topic: e.topic,
    timestampNs: e.timestamp,
    payload: e.payload === null ? new Uint8Array(0) : fromBase64(e.payload),
  }));
}

/** Standard base64 (already checked against BASE64) to bytes; atob is in every host, Buffer is not in a web worker. */
function fromBase64(s: string): Uint8Array {
  const binary = atob(s);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

function shown(s: string): string {
  return clip(revealInvisible(s.length > REASON_CHARS * 4 ? s.slice(0, REASON_CHARS * 4) : s), 40);
}

function fail(field: string, expected: string): Dropped {
  return { ok: false, field, reason: `expected ${expected}` };
}

function issue(error: z.core.$ZodError, prefix?: string): Dropped {
  const top = error.issues[0];
  const path = [...(prefix ? [prefix] : []), ...(top?.path ?? []).map(String)].join('.');
  return { ok: false, field: path, reason: clip(revealInvisible(top?.message ?? 'a valid value'), REASON_CHARS) };
}
