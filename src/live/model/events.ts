// What a node's `/v1/ws` sends (EVM-ACCOUNTS-WS-FACTS §4), read and checked per generation: the
// acknowledgements of (un)subscribe commands, and the three event kinds with their own encodings:
// `new_block` carries the REST BlockInfoResponse (Stardust adds previousAliasOutput), `receipt`
// the REST receipt of that generation (read by the very schemas of src/api), `block_events` the
// raw isc.Event list (contract ID as a number, unix-ns timestamp past 2^53, base64 payload, null
// when none). A frame that does not fit is a value naming the field, never an exception: the feed
// drops it and counts it (DroppedFrames). Pure.
import * as z from 'zod/mini';
import { BlockInfoSchema } from '../../api/chainLogSchemas';
import type { Generation } from '../../api/generation';
import { checkChainId } from '../../api/ids';
import { parseJsonExact } from '../../api/json';
import { RebasedReceiptSchema, type RebasedReceipt } from '../../api/rebasedSchemas';
import { ReceiptSchema, type Receipt } from '../../api/stardustSchemas';
import { Uint64Number, obj, pattern, str, uint } from '../../api/wire';
import { parseAgentId } from '../../core/agentId';
import { HEX40, HEX64, STARDUST_REQUEST_ID } from '../../core/idShapes';
import { clip, revealInvisible } from '../../core/text';
import { hasValidChecksum } from '../../evm/model/address';

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

/** A frame read, or why not: the field at fault (dotted path, '' for the frame itself) and what was expected. */
export type ParsedFrame = { ok: true; frame: LiveFrame } | { ok: false; field: string; reason: string };

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

/**
 * Reads one text frame of a node of this generation. Acks are told from events by their shape
 * (`event` vs `kind`); an unknown kind, a field of the wrong type or form, an ID of the other
 * generation, a receipt under another request ID than the envelope's: each is `ok: false`.
 */
export function parseLiveFrame(text: string, generation: Generation): ParsedFrame {
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
  const chainId = liveChainId(chainID, generation);
  if (chainId === undefined) return fail('chainID', generation === 'rebased' ? 'a chain ID (0x + 64 hex)' : 'a chain ID (Bech32)');
  const requestId = requestIdOf(requestID, generation);
  if (requestId === undefined) return fail('requestID', generation === 'rebased' ? 'a request ID (0x + 64 hex)' : 'a request ID (0x + 68 hex)');
  switch (kind) {
    case 'new_block': {
      if (issuer !== '') return fail('issuer', 'no issuer ("") on a block');
      const block = (generation === 'stardust' ? StardustBlockInfoSchema : BlockInfoSchema).safeParse(payload);
      if (!block.success) return issue(block.error, 'payload');
      return { ok: true, frame: { kind, generation, chainId, block: block.data } };
    }
    case 'block_events': {
      if (issuer !== '') return fail('issuer', 'no issuer ("") on block events');
      const list = BlockEventsSchema.safeParse(payload);
      if (!list.success) return issue(list.error, 'payload');
      const events: LiveIscEvent[] = [];
      for (const e of list.data ?? []) {
        const bytes = e.payload === null ? new Uint8Array(0) : fromBase64(e.payload);
        events.push({ contract: e.contractID.toString(16).padStart(8, '0'), topic: e.topic, timestampNs: e.timestamp, payload: bytes });
      }
      return { ok: true, frame: { kind, generation, chainId, events } };
    }
    case 'receipt': {
      if (!issuerFits(issuer, generation))
        return fail('issuer', generation === 'rebased' ? 'an agent ID (EIP-55 EVM address, 0x + 64 or 8 hex)' : 'an agent ID of Stardust');
      if (generation === 'rebased') {
        const r = RebasedReceiptSchema.safeParse(payload);
        if (!r.success) return issue(r.error, 'payload');
        if (r.data.request.requestId !== requestId) return fail('payload.request.requestId', 'the request ID of the event');
        return { ok: true, frame: { kind, generation, chainId, requestId, issuer, receipt: r.data } };
      }
      const r = ReceiptSchema.safeParse(payload);
      if (!r.success) return issue(r.error, 'payload');
      if (r.data.request.requestId !== requestId) return fail('payload.request.requestId', 'the request ID of the event');
      return { ok: true, frame: { kind, generation, chainId, requestId, issuer, receipt: r.data } };
    }
    default:
      return fail('kind', `new_block, receipt or block_events (got "${shown(kind)}")`);
  }
}

/**
 * A chain ID as this generation's node writes it in a topic and an event (exact string match on
 * the node): Rebased `0x` + 64 lower-case hex, Stardust Bech32 in lower case; undefined otherwise.
 */
export function liveChainId(input: string, generation: Generation): string | undefined {
  if (generation === 'rebased') return HEX64.test(input) ? input.toLowerCase() : undefined;
  const c = checkChainId(input);
  // checkChainId trims and lower-cases; the node matches topics exactly, so only its own form counts.
  return c.ok && c.chainId === input ? c.chainId : undefined;
}

/** Malformed frames dropped, counted per field (what the Output channel and the bench report). */
export class DroppedFrames {
  private readonly counts = new Map<string, number>();
  private count = 0;
  /** The last one, for a log line. */
  last: { field: string; reason: string } | undefined;

  get total(): number {
    return this.count;
  }

  note(failure: { field: string; reason: string }): void {
    this.count++;
    const key = failure.field || '(frame)';
    // A node can only name as many fields as the schemas have; the cap keeps a hostile one from growing the map.
    if (this.counts.has(key) || this.counts.size < 64) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.last = failure;
  }

  /** Field → frames dropped for it. */
  byField(): ReadonlyMap<string, number> {
    return new Map(this.counts);
  }
}

function requestIdOf(input: string, generation: Generation): string | undefined {
  const re = generation === 'rebased' ? HEX64 : STARDUST_REQUEST_ID;
  return re.test(input) ? input.toLowerCase() : undefined;
}

/** The sender agent ID forms of each generation (isc.AgentID.String()), or '' for none. */
function issuerFits(issuer: string, generation: Generation): boolean {
  if (issuer === '') return true;
  if (generation === 'rebased') {
    if (HEX40.test(issuer)) return hasValidChecksum(issuer);
    return HEX64.test(issuer) || /^0x[0-9a-fA-F]{8}$/.test(issuer);
  }
  // Stardust: `0x…@<chainID>`, `<hname>@<chainID>` or a Bech32 L1 address, as the node prints them.
  return issuer.trim() === issuer && parseAgentId(issuer).kind !== 'unknown';
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

function fail(field: string, expected: string): { ok: false; field: string; reason: string } {
  return { ok: false, field, reason: `expected ${expected}` };
}

function issue(error: z.core.$ZodError, prefix?: string): { ok: false; field: string; reason: string } {
  const top = error.issues[0];
  const path = [...(prefix ? [prefix] : []), ...(top?.path ?? []).map(String)].join('.');
  return { ok: false, field: path, reason: clip(revealInvisible(top?.message ?? 'a valid value'), REASON_CHARS) };
}
