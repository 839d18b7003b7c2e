// zod schemas of the chain log routes both generations share (FACTS: "Other read endpoints"):
// a block's info, a block's receipts, a request's events, and the long poll's answers. The
// shapes are the same on Stardust and Rebased; only the receipts inside differ (schemas.ts,
// rebasedSchemas.ts). Pure.
import * as z from 'zod/mini';
import { ReceiptSchema } from './stardustSchemas';
import { RebasedReceiptSchema } from './rebasedSchemas';
import { Uint64Number, Uint64String, listOrEmpty, obj, pattern, str, uint } from './wire';

const UINT32_MAX = 0xffff_ffff;

/** `blocks/latest`, `blocks/{n}`: gas figures are uint64 strings; v1 adds previousAliasOutput (not read). */
export const BlockInfoSchema = obj({
  blockIndex: uint(UINT32_MAX, 'block index (uint32)'),
  /** RFC 3339, as the node wrote it (shown as text, parsed for sorting only). */
  timestamp: str('a timestamp'),
  totalRequests: uint(0xffff, 'request count (uint16)'),
  numSuccessfulRequests: uint(0xffff, 'request count (uint16)'),
  numOffLedgerRequests: uint(0xffff, 'request count (uint16)'),
  gasBurned: Uint64String,
  gasFeeCharged: Uint64String,
});

const EventSchema = obj({
  /** The hname of the contract that emitted it, as a number (uint32). */
  contractID: uint(UINT32_MAX, 'contract ID (uint32)'),
  topic: str('a topic'),
  /** A uint64 number (Unix time, as the node keeps it). */
  timestamp: Uint64Number,
  payload: pattern(/^(?:0x)?(?:[0-9a-fA-F]{2})*$/, 'hex bytes'),
});

/** `events/request/{rid}`, `events/block/{n}`. */
export const EventsSchema = obj({ events: listOrEmpty(EventSchema) });

/** `blocks/{n}/receipts`: the receipts of one block, in request order. */
export const BlockReceiptsSchema = z.array(ReceiptSchema, { error: 'expected a list of receipts' });
export const RebasedBlockReceiptsSchema = z.array(RebasedReceiptSchema, { error: 'expected a list of receipts' });

/**
 * The long poll's 200 when its timeout raced the node's response channel: a receipt whose every
 * string is empty (v2 FACTS, samples/receipt-wait-empty.json). It means "not yet", like a 408.
 */
export const EmptyWaitReceiptSchema = z.pipe(
  obj({ request: obj({ requestId: z.literal('', { error: 'expected an empty request ID' }) }) }),
  z.transform(() => null),
);

/** What the wait route answers with a 200: the receipt (tried first, so its errors name the field), or the empty one. */
export const WaitStardustSchema = z.union([ReceiptSchema, EmptyWaitReceiptSchema]);
export const WaitRebasedSchema = z.union([RebasedReceiptSchema, EmptyWaitReceiptSchema]);

export type BlockInfo = z.output<typeof BlockInfoSchema>;
export type ChainEvent = z.output<typeof EventSchema>;
export type Events = z.output<typeof EventsSchema>;
