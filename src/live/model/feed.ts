// What the Live view keeps of a node's feed: the receipts as they arrive, in a ring of fixed size
// (a flood of 1,000 events a second costs memory once: older entries are dropped and counted),
// listed newest first through the view's filters: by outcome, by address (the sender, or the EVM
// transaction's recipient), by contract (an EVM contract address, or an ISC contract's hname or
// core name); and the latest block of each chain. Pure.
import type { Generation } from '../../api/generation';
import { hname } from '../../core/hname';
import { LEADING_EVM_ADDRESS } from '../../core/idShapes';
import { evmTxOf } from '../../transactions/model/evmExplain';
import type { AnyReceipt } from '../../transactions/model/receiptViewTypes';
import type { LiveBlockInfo, LiveEvent } from '../../api/liveEvents';

/** Receipts kept by default. */
export const DEFAULT_FEED_CAP = 1_000;
/** The largest cap accepted (a setting may ask for more). */
export const MAX_FEED_CAP = 100_000;

export interface FeedEntry {
  /** Arrival number, from 1: a stable ID for the view's items. */
  readonly seq: number;
  readonly generation: Generation;
  readonly chainId: string;
  readonly requestId: string;
  readonly failed: boolean;
  /** The sender's EVM address (lower case) when it is an EVM account, else its agent ID as sent ('' for none). */
  readonly sender: string;
  /** The EVM transaction's recipient (lower case); undefined for a contract creation or a request that is not EVM. */
  readonly target?: string;
  /** The ISC contract called, 8 lower-case hex digits (`evm` for every EVM transaction). */
  readonly contract: string;
  readonly blockIndex: number;
  readonly requestIndex: number;
  readonly receipt: AnyReceipt;
}

export interface FeedFilter {
  outcome?: 'success' | 'failure';
  /** EVM addresses or agent IDs: an entry matches when its sender or target is one of them. */
  addresses?: readonly string[];
  /** EVM contract addresses (match the target) or ISC contracts (hname, with or without 0x, or a name such as `evm`). */
  contracts?: readonly string[];
}

/** The entry a receipt event becomes (without its arrival number). */
export function entryOf(event: Extract<LiveEvent, { kind: 'receipt' }>): Omit<FeedEntry, 'seq'> {
  const receipt: AnyReceipt = event.receipt;
  const tx = receipt.request.isEVM ? evmTxOf(receipt) : undefined;
  const target = tx?.ok ? tx.tx.to?.toLowerCase() : undefined;
  const contract = receipt.request.callTarget.contractHName.replace(/^0x/, '');
  const base = {
    generation: event.generation,
    chainId: event.chainId,
    requestId: event.requestId,
    failed: receipt.failed,
    sender: senderOf(event.issuer || receipt.request.senderAccount),
    contract,
    blockIndex: receipt.blockIndex,
    requestIndex: receipt.requestIndex,
    receipt,
  };
  return target === undefined ? base : { ...base, target };
}

/** Whether an entry passes a filter (every part given must hold). */
export function matches(entry: FeedEntry, filter: FeedFilter): boolean {
  if (filter.outcome === 'success' && entry.failed) return false;
  if (filter.outcome === 'failure' && !entry.failed) return false;
  if (filter.addresses && filter.addresses.length > 0) {
    const wanted = new Set(filter.addresses.map(addressKey));
    if (!wanted.has(entry.sender) && !(entry.target !== undefined && wanted.has(entry.target))) return false;
  }
  if (filter.contracts && filter.contracts.length > 0 && !filter.contracts.some((c) => contractMatches(entry, c))) return false;
  return true;
}

export class LiveFeed {
  private readonly ring: Array<FeedEntry | undefined>;
  /** Index of the next write. */
  private head = 0;
  private count = 0;
  private seq = 0;
  private droppedCount = 0;
  private readonly blocks = new Map<string, LiveBlockInfo>();

  constructor(cap = DEFAULT_FEED_CAP) {
    const n = Number.isFinite(cap) ? Math.floor(cap) : DEFAULT_FEED_CAP;
    this.ring = new Array<FeedEntry | undefined>(Math.min(MAX_FEED_CAP, Math.max(1, n)));
  }

  get cap(): number {
    return this.ring.length;
  }

  get size(): number {
    return this.count;
  }

  /** Entries pushed out by newer ones since the start (or the last clear). */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Receipts enter the ring; a block updates its chain's latest block; block events are not kept. Returns the new entry, if any. */
  add(event: LiveEvent): FeedEntry | undefined {
    if (event.kind === 'new_block') {
      const known = this.blocks.get(event.chainId);
      if (!known || known.blockIndex <= event.block.blockIndex) this.blocks.set(event.chainId, event.block);
      return undefined;
    }
    if (event.kind !== 'receipt') return undefined;
    const entry: FeedEntry = { seq: ++this.seq, ...entryOf(event) };
    if (this.count === this.ring.length) this.droppedCount++;
    else this.count++;
    this.ring[this.head] = entry;
    this.head = (this.head + 1) % this.ring.length;
    return entry;
  }

  /** Newest first, through the filter, at most `limit`. */
  list(filter: FeedFilter = {}, limit = Number.POSITIVE_INFINITY): FeedEntry[] {
    const out: FeedEntry[] = [];
    for (let i = 1; i <= this.count && out.length < limit; i++) {
      const entry = this.ring[(this.head - i + this.ring.length) % this.ring.length];
      if (entry && matches(entry, filter)) out.push(entry);
    }
    return out;
  }

  /** The latest block seen of a chain (its ID in the node's form). */
  latestBlock(chainId: string): LiveBlockInfo | undefined {
    return this.blocks.get(chainId);
  }

  clear(): void {
    this.ring.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.droppedCount = 0;
  }
}

/** An EVM account's address, lower case, from `0x…` or `0x…@<chainID>`; any other agent ID as sent. */
function senderOf(agentId: string): string {
  const m = LEADING_EVM_ADDRESS.exec(agentId);
  return m?.[1] ? m[1].toLowerCase() : agentId;
}

function addressKey(a: string): string {
  return senderOf(a.trim());
}

function contractMatches(entry: FeedEntry, wanted: string): boolean {
  const w = wanted.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(w)) return entry.target === w.toLowerCase();
  if (/^(?:0x)?[0-9a-fA-F]{8}$/.test(w)) return entry.contract === w.replace(/^0x/, '').toLowerCase();
  return w !== '' && entry.contract === hname(w);
}
