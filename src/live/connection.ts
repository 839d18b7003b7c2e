// One node's live feed, put together: the subscription state machine (model/subscription.ts)
// decides, this class carries out its commands on a socket (socket.ts) and one timer, reads every
// frame with the wire of the node's generation (api/liveEvents.ts), counts what it drops, and
// hands the events on. The UI creates one per node and tells it what needs the feed and which
// chains the node serves; it listens to onEvent and onChange. No 'vscode' here: the timers, the
// randomness and the socket are injectable, so it runs against the local node in a unit test.
import type { Generation } from '../api/generation';
import { liveWireOf, type LiveEvent, type LiveWire } from '../api/liveEvents';
import { DroppedFrames } from './model/droppedFrames';
import { Subscription, type NeedReason, type SubscriptionCommand, type SubscriptionOptions, type SubscriptionSnapshot } from './model/subscription';
import { liveSocketUrl, openLiveSocket, type LiveSocket, type LiveSocketHandlers, type LiveSocketStats } from './socket';
import { realTimers, type LiveTimers } from './model/timers';

export type OpenSocket = (url: string, handlers: LiveSocketHandlers) => LiveSocket;

/** Malformed frames in a row that close the socket (a good frame starts the count over). */
export const MAX_MALFORMED_IN_A_ROW = 20;

export interface LiveConnectionOptions {
  /** The node's web API base URL (checked by the settings already). */
  nodeUrl: string;
  generation: Generation;
  /** Default: openLiveSocket over the host's WebSocket. */
  open?: OpenSocket;
  timers?: LiveTimers;
  random?: () => number;
  /** The state machine's bounds (backoff, linger, probe…). */
  bounds?: Omit<SubscriptionOptions, 'generation' | 'random'>;
  /** What leaves the machine and why the socket changed, one line each (the Output channel). */
  log?: (line: string) => void;
}

/** What the status bar and the Live view show of a node's feed. */
export interface LiveStatus extends SubscriptionSnapshot {
  url: string;
  /** Malformed frames dropped so far. */
  dropped: number;
  /** What the current or last socket dropped or refused. */
  socket: Readonly<LiveSocketStats> | undefined;
  /** The last close or error, in a few words. */
  lastProblem?: string;
}

export class LiveConnection {
  readonly url: string;
  /** Malformed frames, per field. */
  readonly dropped = new DroppedFrames();
  private readonly machine: Subscription;
  /** What the node's frames are (its generation's shapes). */
  private readonly wire: LiveWire;
  private readonly timers: LiveTimers;
  private readonly open: OpenSocket;
  private readonly log: (line: string) => void;
  private readonly eventListeners = new Set<(event: LiveEvent) => void>();
  private readonly changeListeners = new Set<(status: LiveStatus) => void>();
  private socket: LiveSocket | undefined;
  private lastSocket: LiveSocket | undefined;
  private timer: unknown;
  /** The connection number of `socket`: a late handler of an older socket changes nothing. */
  private current = 0;
  private lastProblem: string | undefined;
  /** Malformed frames in a row on the current socket. */
  private malformedRun = 0;
  private disposed = false;

  constructor(private readonly options: LiveConnectionOptions) {
    this.url = liveSocketUrl(options.nodeUrl);
    this.timers = options.timers ?? realTimers;
    this.open = options.open ?? ((url, handlers) => openLiveSocket(url, handlers));
    this.log = options.log ?? (() => undefined);
    this.wire = liveWireOf(options.generation);
    this.machine = new Subscription({ ...options.bounds, generation: options.generation, random: options.random ?? Math.random });
  }

  /** Every event read from the node, in arrival order. */
  onEvent(listener: (event: LiveEvent) => void): { dispose(): void } {
    this.eventListeners.add(listener);
    return { dispose: () => this.eventListeners.delete(listener) };
  }

  /** The socket opened, closed, subscribed, backed off… */
  onChange(listener: (status: LiveStatus) => void): { dispose(): void } {
    this.changeListeners.add(listener);
    return { dispose: () => this.changeListeners.delete(listener) };
  }

  need(reason: NeedReason, on: boolean): void {
    this.run(this.machine.need(reason, on, this.timers.now()));
  }

  /** The chain IDs configured on this node. */
  setChains(chainIds: readonly string[]): void {
    this.run(this.machine.setChains(chainIds, this.timers.now()));
  }

  status(): LiveStatus {
    const s: LiveStatus = { ...this.machine.snapshot(), url: this.url, dropped: this.dropped.total, socket: (this.socket ?? this.lastSocket)?.stats };
    if (this.lastProblem !== undefined) s.lastProblem = this.lastProblem;
    return s;
  }

  dispose(): void {
    if (this.disposed) return;
    this.run(this.machine.dispose());
    this.disposed = true;
    this.eventListeners.clear();
    this.changeListeners.clear();
  }

  private run(commands: SubscriptionCommand[]): void {
    if (this.disposed) return;
    let changed = false;
    for (const c of commands) {
      switch (c.type) {
        case 'open': {
          changed = true;
          this.log(`live: opening ${this.url}`);
          this.current = c.connection;
          this.malformedRun = 0;
          this.socket = this.open(this.url, this.handlers(c.connection));
          this.lastSocket = this.socket;
          break;
        }
        case 'send':
          this.log(`live: ${c.command} ${c.topic} (${this.url})`);
          this.socket?.send(c.frame);
          changed = true;
          break;
        case 'close':
          this.log(`live: closing ${this.url} (${c.reason})`);
          if (c.reason !== 'idle' && c.reason !== 'disposed') this.lastProblem = c.reason;
          this.socket?.close();
          this.socket = undefined;
          changed = true;
          break;
        case 'refused':
          this.log(`live: not sent: a frame of ${c.bytes} bytes for ${c.topic.slice(0, 80)} (the node closes the socket above 510)`);
          break;
        case 'wake':
          if (this.timer !== undefined) this.timers.clear(this.timer);
          this.timer = undefined;
          if (c.at !== undefined) {
            const at = c.at;
            this.timer = this.timers.set(
              () => {
                this.timer = undefined;
                this.run(this.machine.tick(Math.max(this.timers.now(), at)));
              },
              Math.max(0, at - this.timers.now()),
            );
          }
          break;
      }
    }
    if (changed) this.changed();
  }

  private handlers(connection: number): LiveSocketHandlers {
    return {
      open: () => {
        if (connection !== this.current) return;
        this.log(`live: open ${this.url}`);
        this.lastProblem = undefined;
        this.run(this.machine.opened(connection, this.timers.now()));
        this.changed();
      },
      message: (text) => {
        const parsed = this.wire.readFrame(text);
        const now = this.timers.now();
        if (!parsed.ok) {
          this.dropped.note(parsed);
          if (connection === this.current && ++this.malformedRun >= MAX_MALFORMED_IN_A_ROW) {
            this.closeForFault(connection, `${this.malformedRun} malformed frames in a row`);
            return;
          }
          this.run(this.machine.received(connection, now));
          return;
        }
        if (connection === this.current) this.malformedRun = 0;
        const frame = parsed.frame;
        if (frame.kind === 'ack') {
          this.run(this.machine.received(connection, now, frame));
          return;
        }
        this.run(this.machine.received(connection, now));
        for (const l of [...this.eventListeners]) {
          try {
            l(frame);
          } catch {
            // A listener must never stop the feed or the other listeners.
          }
        }
      },
      error: (message) => {
        if (connection === this.current) this.lastProblem = message;
      },
      close: ({ code, reason, fault }) => {
        if (connection !== this.current) return;
        this.log(`live: closed ${this.url} (${code}${reason ? ` ${reason}` : ''})`);
        if (fault) this.lastProblem = `closed: the node sent ${reason}`;
        this.lastProblem ??= `closed by the node (${code})`;
        this.socket = undefined;
        this.run(this.machine.closed(connection, this.timers.now(), fault !== undefined));
        this.changed();
      },
    };
  }

  /** Closes the socket for what the node sent; the state machine counts it as a failure and backs off. */
  private closeForFault(connection: number, why: string): void {
    this.log(`live: closing ${this.url} (${why})`);
    this.lastProblem = `closed: the node sent ${why}`;
    this.socket?.close();
    this.socket = undefined;
    this.run(this.machine.closed(connection, this.timers.now(), true));
    this.changed();
  }

  private changed(): void {
    const status = this.status();
    for (const l of [...this.changeListeners]) {
      try {
        l(status);
      } catch {
        // A listener must never stop the feed.
      }
    }
  }
}
