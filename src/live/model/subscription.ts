// One node's subscription to its `/v1/ws` feed, as a state machine with no I/O: it is told what
// needs the feed (the Live view, following the latest block, a running watch), which chains the
// node serves here, what the socket did and what time it is, and answers with commands (open a
// socket, send a frame, close it, wake me at…). The driver (../connection.ts) carries them out.
// Bounded on purpose, like the watch loop (src/transactions/model/watchSet.ts), whose backoff it shares:
//   - open only while something needs it, and close once nothing has for `lingerMs` (a view
//     hidden and shown again does not cost a new socket each time);
//   - after a drop, a failed open or a stall, reconnect after an exponential backoff with jitter
//     in [50%, 100%], capped; a connection that lived `stableMs` counts as a success, so a node
//     that accepts and drops at once climbs the backoff instead of being asked again and again;
//     one closed for what the node sent (too large, binary, malformed) never does;
//   - subscribe again after every reconnect (the node keeps nothing and replays nothing);
//   - never send a frame over 510 bytes (the node closes the socket on one): refuse it instead;
//   - a browser's WebSocket cannot see the node's pings, so after `probeAfterMs` of silence it
//     sends a probe (an unsubscribe of a topic it never had: the node acks any topic) and calls
//     the socket stalled when not even that is answered within `probeTimeoutMs`.
// Pure: the clock and the randomness come in as arguments and options; unit-tested on fake time.
import type { Generation } from '../../api/generation';
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_BACKOFF_MS } from '../../transactions/model/watchSet';
import { liveWireOf, type LiveKind, type LiveWire } from '../../api/liveEvents';

/** Why a node's feed is wanted: each one is a reason, the socket is open while any holds. */
export type NeedReason = 'liveView' | 'followLatest' | 'watch';

export type SubscriptionPhase = 'idle' | 'connecting' | 'open' | 'backoff';

export type CloseReason = 'idle' | 'stalled' | 'connectTimeout' | 'disposed';

export type SubscriptionCommand =
  /** Open a socket; its events come back tagged with this connection number. */
  | { type: 'open'; connection: number }
  | { type: 'send'; command: 'subscribe' | 'unsubscribe'; topic: string; frame: string }
  | { type: 'close'; reason: CloseReason }
  /** Call tick() at this time (replaces any earlier wake); undefined: no timer is needed. */
  | { type: 'wake'; at: number | undefined }
  /** A frame that would exceed the node's limit: not sent. */
  | { type: 'refused'; topic: string; bytes: number };

export interface SubscriptionOptions {
  /** The node's generation: it picks the node's feed (api/liveEvents.ts), whose chain IDs make the topics. */
  generation: Generation;
  random?: () => number;
  /** First reconnect delay (ms); default the watch loop's 2 s, doubling up to maxBackoffMs. */
  backoffMs?: number;
  /** Longest reconnect delay (ms); default the watch loop's 60 s. */
  maxBackoffMs?: number;
  /** A connection open this long was a success: the next drop starts the backoff over. Default 30 s. */
  stableMs?: number;
  /** How long the socket stays open once nothing needs it. Default 10 s. */
  lingerMs?: number;
  /** An open that has not succeeded by then failed. Default 15 s. */
  connectTimeoutMs?: number;
  /** Silence before a probe. Default 60 s (the node pings every 30 s, unseen by a browser socket). */
  probeAfterMs?: number;
  /** No frame at all this long after a probe: stalled. Default 10 s. */
  probeTimeoutMs?: number;
}

/** The node closes the socket on a client frame longer than this (websockethub's read limit). */
export const MAX_CLIENT_FRAME_BYTES = 510;
/** What the probe unsubscribes from: no node publishes it, and the node acks any topic. */
export const PROBE_TOPIC = 'probe';

export const DEFAULT_STABLE_MS = 30_000;
export const DEFAULT_LINGER_MS = 10_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
export const DEFAULT_PROBE_AFTER_MS = 60_000;
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

/** What the machine holds, for the status bar, the Output channel and tests. */
export interface SubscriptionSnapshot {
  phase: SubscriptionPhase;
  /** The current connection's number (0 before the first). */
  connection: number;
  /** Failures in a row (drops, failed opens, stalls) since the last stable connection. */
  failures: number;
  /** When the next attempt is due, while backing off. */
  retryAt?: number;
  /** Sockets opened so far. */
  opens: number;
  needs: NeedReason[];
  /** Topics wanted now, chains first. */
  topics: string[];
  /** Topics subscribed on this connection (sent), and those the node acknowledged. */
  sent: string[];
  acknowledged: string[];
  /** Chain IDs that are no chain ID of this generation: never subscribed. */
  rejectedChains: string[];
  /** Frames refused for their size. */
  refused: number;
}

/** The reconnect delay after `failures` failures in a row: the watch loop's exponential backoff with jitter in [50%, 100%]. */
export function backoffDelay(failures: number, random: () => number, backoffMs = DEFAULT_BACKOFF_MS, maxBackoffMs = DEFAULT_MAX_BACKOFF_MS): number {
  const exp = Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(Math.max(failures, 1) - 1, 20));
  return exp * (0.5 + 0.5 * random());
}

/** The kinds each need asks for; `new_block` always, so the status bar can show the latest block. */
export function kindsFor(needs: ReadonlySet<NeedReason>): LiveKind[] {
  if (needs.size === 0) return [];
  const kinds: LiveKind[] = ['new_block'];
  if (needs.has('liveView') || needs.has('watch')) kinds.push('receipt');
  if (needs.has('liveView')) kinds.push('block_events');
  return kinds;
}

/** A chain's topic as the node matches it (exact string): `chains/` + the chain ID in its generation's form. */
export function chainTopic(chainId: string, generation: Generation): string | undefined {
  return liveWireOf(generation).chainTopic(chainId);
}

/** The JSON text of a command, and its size in UTF-8 bytes. */
export function commandFrame(command: 'subscribe' | 'unsubscribe', topic: string): { frame: string; bytes: number } {
  const frame = JSON.stringify({ command, topic });
  return { frame, bytes: new TextEncoder().encode(frame).length };
}

export class Subscription {
  private phase: SubscriptionPhase = 'idle';
  private connection = 0;
  private failures = 0;
  private opens = 0;
  private refused = 0;
  private retryAt: number | undefined;
  private connectStartedAt = 0;
  private openedAt = 0;
  private lastHeard = 0;
  private probeSentAt: number | undefined;
  private idleSince: number | undefined;
  private lastWake: number | undefined;
  private readonly needs = new Set<NeedReason>();
  private chainTopics: string[] = [];
  private rejected: string[] = [];
  private readonly sent = new Set<string>();
  private readonly acked = new Set<string>();
  private readonly refusedHere = new Set<string>();
  private readonly random: () => number;
  /** The node's feed: its chain IDs and topics. */
  private readonly wire: LiveWire;
  private readonly o: Required<Omit<SubscriptionOptions, 'random' | 'generation'>>;

  constructor(options: SubscriptionOptions) {
    this.random = options.random ?? Math.random;
    this.wire = liveWireOf(options.generation);
    this.o = {
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      maxBackoffMs: options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS,
      stableMs: options.stableMs ?? DEFAULT_STABLE_MS,
      lingerMs: options.lingerMs ?? DEFAULT_LINGER_MS,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      probeAfterMs: options.probeAfterMs ?? DEFAULT_PROBE_AFTER_MS,
      probeTimeoutMs: options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
    };
  }

  snapshot(): SubscriptionSnapshot {
    const s: SubscriptionSnapshot = {
      phase: this.phase,
      connection: this.connection,
      failures: this.failures,
      opens: this.opens,
      needs: [...this.needs].sort(),
      topics: this.wanted(),
      sent: [...this.sent],
      acknowledged: [...this.acked],
      rejectedChains: [...this.rejected],
      refused: this.refused,
    };
    if (this.retryAt !== undefined) s.retryAt = this.retryAt;
    return s;
  }

  /** Something starts or stops needing the feed. */
  need(reason: NeedReason, on: boolean, now: number): SubscriptionCommand[] {
    if (on === this.needs.has(reason)) return this.settle(now, []);
    if (on) this.needs.add(reason);
    else this.needs.delete(reason);
    return this.settle(now, []);
  }

  /** The chains configured on this node (chain IDs as the settings hold them). */
  setChains(chainIds: readonly string[], now: number): SubscriptionCommand[] {
    const topics: string[] = [];
    const rejected: string[] = [];
    for (const id of chainIds) {
      const topic = this.wire.chainTopic(id);
      if (topic === undefined) rejected.push(id);
      else if (!topics.includes(topic)) topics.push(topic);
    }
    this.chainTopics = topics;
    this.rejected = rejected;
    return this.settle(now, []);
  }

  /** The socket of `connection` is open. */
  opened(connection: number, now: number): SubscriptionCommand[] {
    if (connection !== this.connection || this.phase !== 'connecting') return [];
    this.phase = 'open';
    this.openedAt = now;
    this.lastHeard = now;
    this.probeSentAt = undefined;
    this.sent.clear();
    this.acked.clear();
    this.refusedHere.clear();
    return this.settle(now, []);
  }

  /** A frame arrived on `connection` (any frame proves the socket alive); `ack` when it was one. */
  received(connection: number, now: number, ack?: { command: 'subscribe' | 'unsubscribe'; topic: string }): SubscriptionCommand[] {
    if (connection !== this.connection || this.phase !== 'open') return [];
    this.lastHeard = now;
    this.probeSentAt = undefined;
    if (ack?.command === 'subscribe' && this.sent.has(ack.topic)) this.acked.add(ack.topic);
    if (ack?.command === 'unsubscribe') this.acked.delete(ack.topic);
    return this.settle(now, []);
  }

  /**
   * The socket of `connection` closed (after an error, or the node closed it). `fault`: it was
   * closed for what the node sent (too large, binary, malformed): a failure however long it lived,
   * so a node that sends such messages climbs the backoff.
   */
  closed(connection: number, now: number, fault = false): SubscriptionCommand[] {
    if (connection !== this.connection || (this.phase !== 'open' && this.phase !== 'connecting')) return [];
    const stable = !fault && this.phase === 'open' && now - this.openedAt >= this.o.stableMs;
    return this.lost(now, stable, []);
  }

  /** The time has come that a `wake` command named (or any later time). */
  tick(now: number): SubscriptionCommand[] {
    const out: SubscriptionCommand[] = [];
    if (this.phase === 'connecting' && now - this.connectStartedAt >= this.o.connectTimeoutMs) {
      out.push({ type: 'close', reason: 'connectTimeout' });
      return this.lost(now, false, out);
    }
    if (this.phase === 'open' && this.probeSentAt !== undefined && now - this.probeSentAt >= this.o.probeTimeoutMs) {
      out.push({ type: 'close', reason: 'stalled' });
      return this.lost(now, false, out);
    }
    if (this.phase === 'open' && this.probeSentAt === undefined && now - this.lastHeard >= this.o.probeAfterMs && this.wanted().length > 0) {
      this.probeSentAt = now;
      this.send('unsubscribe', PROBE_TOPIC, out);
    }
    return this.settle(now, out);
  }

  /** Closes at once, whatever needs it (the extension is deactivated, the node removed). */
  dispose(): SubscriptionCommand[] {
    this.needs.clear();
    const out: SubscriptionCommand[] = [];
    if (this.phase === 'open' || this.phase === 'connecting') out.push({ type: 'close', reason: 'disposed' });
    this.toIdle();
    if (this.lastWake !== undefined) {
      this.lastWake = undefined;
      out.push({ type: 'wake', at: undefined });
    }
    return out;
  }

  /** Topics wanted now: none unless something needs the feed and the node has a chain here. */
  private wanted(): string[] {
    if (this.needs.size === 0 || this.chainTopics.length === 0) return [];
    return [...this.chainTopics, ...kindsFor(this.needs)];
  }

  private lost(now: number, stable: boolean, out: SubscriptionCommand[]): SubscriptionCommand[] {
    this.failures = stable ? 1 : this.failures + 1;
    this.sent.clear();
    this.acked.clear();
    this.probeSentAt = undefined;
    if (this.wanted().length === 0) {
      this.toIdle();
      return this.settle(now, out);
    }
    this.phase = 'backoff';
    this.retryAt = now + backoffDelay(this.failures, this.random, this.o.backoffMs, this.o.maxBackoffMs);
    return this.settle(now, out);
  }

  private toIdle(): void {
    this.phase = 'idle';
    this.sent.clear();
    this.acked.clear();
    this.probeSentAt = undefined;
    this.idleSince = undefined;
  }

  /** Brings the socket in line with what is wanted now, then says when to wake. */
  private settle(now: number, out: SubscriptionCommand[]): SubscriptionCommand[] {
    const wanted = this.wanted();
    if (wanted.length === 0) {
      if (this.phase === 'open' || this.phase === 'connecting') {
        this.idleSince ??= now;
        if (now - this.idleSince >= this.o.lingerMs) {
          out.push({ type: 'close', reason: 'idle' });
          this.toIdle();
        }
      } else if (this.phase === 'backoff' && this.retryAt !== undefined && now >= this.retryAt) {
        // Nothing needs it any more and the pause is over: forget the attempt.
        this.toIdle();
      }
    } else {
      this.idleSince = undefined;
      if (this.phase === 'idle' || (this.phase === 'backoff' && this.retryAt !== undefined && now >= this.retryAt)) {
        this.phase = 'connecting';
        this.retryAt = undefined;
        this.connection++;
        this.opens++;
        this.connectStartedAt = now;
        out.push({ type: 'open', connection: this.connection });
      } else if (this.phase === 'open') {
        for (const topic of wanted) if (!this.sent.has(topic) && !this.refusedHere.has(topic)) this.send('subscribe', topic, out);
        for (const topic of [...this.sent]) {
          if (wanted.includes(topic)) continue;
          this.sent.delete(topic);
          this.acked.delete(topic);
          this.send('unsubscribe', topic, out);
        }
      }
    }
    const at = this.wakeAt();
    if (at !== this.lastWake) {
      this.lastWake = at;
      out.push({ type: 'wake', at });
    }
    return out;
  }

  private send(command: 'subscribe' | 'unsubscribe', topic: string, out: SubscriptionCommand[]): void {
    const { frame, bytes } = commandFrame(command, topic);
    if (bytes > MAX_CLIENT_FRAME_BYTES) {
      // Remembered for this connection, so it is refused once, not on every settle.
      if (this.refusedHere.has(topic)) return;
      this.refusedHere.add(topic);
      this.refused++;
      out.push({ type: 'refused', topic, bytes });
      return;
    }
    if (command === 'subscribe') this.sent.add(topic);
    out.push({ type: 'send', command, topic, frame });
  }

  private wakeAt(): number | undefined {
    const linger = this.idleSince !== undefined ? this.idleSince + this.o.lingerMs : undefined;
    switch (this.phase) {
      case 'idle':
        return undefined;
      case 'backoff':
        return this.retryAt;
      case 'connecting':
        return Math.min(this.connectStartedAt + this.o.connectTimeoutMs, linger ?? Number.POSITIVE_INFINITY);
      case 'open': {
        const probe = this.probeSentAt !== undefined ? this.probeSentAt + this.o.probeTimeoutMs : this.lastHeard + this.o.probeAfterMs;
        return Math.min(probe, linger ?? Number.POSITIVE_INFINITY);
      }
    }
  }
}
