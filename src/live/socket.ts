// The socket under a node's live feed: the host's own WebSocket (WHATWG API), wrapped so that the
// state machine (model/subscription.ts) sees only open, message (text), close and error, and so
// that what the node sends is bounded: a message above `maxMessageBytes`, or a binary one (a node
// sends text only), is counted, never handed on, and closes the socket (a close for that cause,
// which the state machine counts as a failure: the reconnect backoff sets the pace of such
// messages); a frame above the node's limit is never sent.
// A WHATWG WebSocket reads a whole message (and inflates it: it offers permessage-deflate itself,
// and no option turns that off) before the page sees it, so the size check comes after the cost.
// Node's (undici's) takes a dispatcher whose `webSocketOptions.maxPayloadSize` it checks while
// it reads and inflates, and fails the connection past it: boundedSocketInit gives it one over the
// host's own dispatcher. VS Code's extension host wraps the WebSocket for its proxy support and
// puts a dispatcher of its own in front of ours (whose options undici then reads), and a browser's
// has no such option: there one whole message per backoff period is read.
// Why the host's WebSocket and not the `ws` package: the extension host of every VS Code we
// support has it (Node 22+ in desktop VS Code, Node 24 in code-server), a browser web worker
// (issue 28) has only it, and it costs the bundle nothing. Node 20, where the unit tests run, has
// it only behind a flag: tests hand in a constructor (the `ws` package's client follows the same API).
// No 'vscode' here.
import { browserRefusal } from '../api/browserHost';
import { plainLine } from '../core/text';
import { MAX_CLIENT_FRAME_BYTES } from './model/subscription';

/** The part of the WHATWG WebSocket this adapter uses. */
export interface WebSocketLike {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error' | 'message', listener: (event: unknown) => void): void;
}

export type WebSocketConstructor = new (url: string, init?: unknown) => WebSocketLike;

/** Why the adapter closed the socket itself: what the node sent broke its bounds. */
export type SocketFault = 'tooLarge' | 'binary';

export interface LiveSocketHandlers {
  open(): void;
  /** A text message within the size cap. */
  message(text: string): void;
  /** The socket is gone (after an error too); nothing follows it. `fault`: the adapter closed it for what the node sent. */
  close(info: { code: number; reason: string; fault?: SocketFault }): void;
  /** Something failed; `close` follows. */
  error(message: string): void;
}

export interface LiveSocketOptions {
  /** Default: the host's global WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Largest message handed on, in UTF-8 bytes; default 1 MiB. */
  maxMessageBytes?: number;
  /** The constructor's second argument; default boundedSocketInit for the host's WebSocket, none for one handed in. */
  init?: unknown;
}

export interface LiveSocketStats {
  /** Messages handed on. */
  received: number;
  /** Messages refused for their size (each closed the socket). */
  tooLarge: number;
  /** Binary messages refused (each closed the socket). */
  binary: number;
  /** Frames not sent: over the node's limit, or the socket was not open. */
  refused: number;
}

export interface LiveSocket {
  /** Sends one text frame; false (and nothing sent) when it is too large or the socket is not open. */
  send(frame: string): boolean;
  /** Closes it; no handler is called after this. */
  close(): void;
  readonly stats: Readonly<LiveSocketStats>;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 1 << 20;
const OPEN = 1;
/** Characters of a node's close reason kept (it is shown and logged). */
const REASON_CHARS = 120;

/** The host's WebSocket, when it has one. */
export function hostWebSocket(): WebSocketConstructor | undefined {
  const candidate = (globalThis as { WebSocket?: unknown }).WebSocket;
  return typeof candidate === 'function' ? (candidate as WebSocketConstructor) : undefined;
}

/** Where undici (Node's fetch and WebSocket) keeps the process's dispatcher, once its WebSocket was touched. */
const UNDICI_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

interface Dispatcher {
  dispatch(options: unknown, handler: unknown): unknown;
}

/**
 * The init that makes Node's WebSocket refuse a message above `maxBytes` while it reads and
 * inflates it (undici 7.x reads `webSocketOptions` of the dispatcher it is given): a dispatcher
 * that hands every request to the host's own (so a proxy set up by the editor still applies).
 * Undefined where there is no undici dispatcher (a browser, whose WebSocket would take an object
 * for a protocol name and throw).
 */
export function boundedSocketInit(maxBytes: number, host: object = globalThis): { dispatcher: Dispatcher & { webSocketOptions: object } } | undefined {
  const own = (host as Record<symbol, unknown>)[UNDICI_DISPATCHER] as Partial<Dispatcher> | undefined;
  if (typeof own?.dispatch !== 'function') return undefined;
  const base = own as Dispatcher;
  return {
    dispatcher: {
      dispatch: (options, handler) => base.dispatch(options, handler),
      webSocketOptions: { maxPayloadSize: maxBytes },
    },
  };
}

/** The `/v1/ws` URL of a node's web API base (http → ws, https → wss; the base's path is kept). */
export function liveSocketUrl(nodeUrl: string): string {
  const url = new URL(nodeUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** UTF-8 length of a string, counted only when the character count alone cannot decide against `max`. */
export function utf8Exceeds(s: string, max: number): boolean {
  if (s.length > max) return true;
  if (s.length * 3 <= max) return false;
  return new TextEncoder().encode(s).length > max;
}

export function openLiveSocket(url: string, handlers: LiveSocketHandlers, options: LiveSocketOptions = {}): LiveSocket {
  const stats: LiveSocketStats = { received: 0, tooLarge: 0, binary: 0, refused: 0 };
  const max = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  const life = socketLife(handlers);
  let ws: WebSocketLike;
  try {
    ws = constructSocket(url, options, max);
  } catch (e) {
    return failedSocket(plainLine(e instanceof Error ? e.message : String(e), REASON_CHARS), handlers, life, stats);
  }
  listen(ws, handlers, life, stats, max);
  return {
    stats,
    send(frame: string): boolean {
      if (life.done || ws.readyState !== OPEN || utf8Exceeds(frame, MAX_CLIENT_FRAME_BYTES)) {
        stats.refused++;
        return false;
      }
      ws.send(frame);
      return true;
    },
    close(): void {
      if (life.done) return;
      life.done = true;
      try {
        ws.close(1000);
      } catch {
        // Already closing: nothing to do.
      }
    },
  };
}

/** Whether the socket is over for the caller (it was told, or closed it): no handler is called after that. */
interface SocketLife {
  done: boolean;
  /** Tells the caller the socket is gone, once. */
  finish(info: { code: number; reason: string; fault?: SocketFault }): void;
}

function socketLife(handlers: LiveSocketHandlers): SocketLife {
  const life: SocketLife = {
    done: false,
    finish: (info) => {
      if (life.done) return;
      life.done = true;
      handlers.close(info);
    },
  };
  return life;
}

/** The host's (or the given) WebSocket, opening; throws where the host has none or may not reach the URL. */
function constructSocket(url: string, options: LiveSocketOptions, max: number): WebSocketLike {
  const Ctor = options.WebSocket ?? hostWebSocket();
  const refusal = browserRefusal(url);
  if (refusal) throw new Error(refusal);
  if (!Ctor) throw new Error('this host has no WebSocket');
  // After hostWebSocket(): touching the global is what makes Node set its dispatcher.
  const init = 'init' in options ? options.init : options.WebSocket ? undefined : boundedSocketInit(max);
  const socket = init === undefined ? new Ctor(url) : new Ctor(url, init);
  socket.binaryType = 'arraybuffer';
  return socket;
}

/** A socket that could not be made: reported as a failed connection, after the caller has its handle (as a real socket would). */
function failedSocket(message: string, handlers: LiveSocketHandlers, life: SocketLife, stats: LiveSocketStats): LiveSocket {
  queueMicrotask(() => {
    if (life.done) return;
    handlers.error(message);
    life.finish({ code: 1006, reason: message });
  });
  return {
    stats,
    send: () => {
      stats.refused++;
      return false;
    },
    close: () => {
      life.done = true;
    },
  };
}

/** Hands on what the socket does, within the bounds: a binary or too large message closes it. */
function listen(ws: WebSocketLike, handlers: LiveSocketHandlers, life: SocketLife, stats: LiveSocketStats, max: number): void {
  /** Closes the socket for what the node sent: nothing more of it is read, and the caller is told why. */
  const refuse = (fault: SocketFault, reason: string) => {
    stats[fault]++;
    try {
      // A WHATWG close() takes only 1000 or 3000-4999; 1009/1003 are what the caller is told.
      ws.close(1000, reason);
    } catch {
      // Already closing.
    }
    life.finish({ code: fault === 'tooLarge' ? 1009 : 1003, reason, fault });
  };
  ws.addEventListener('open', () => {
    if (!life.done) handlers.open();
  });
  ws.addEventListener('message', (event) => {
    if (life.done) return;
    const data = (event as { data?: unknown }).data;
    if (typeof data !== 'string') {
      refuse('binary', 'a binary message');
      return;
    }
    if (utf8Exceeds(data, max)) {
      refuse('tooLarge', `a message over ${max} bytes`);
      return;
    }
    stats.received++;
    handlers.message(data);
  });
  ws.addEventListener('error', (event) => {
    if (life.done) return;
    const message = (event as { message?: unknown }).message;
    handlers.error(typeof message === 'string' && message !== '' ? plainLine(message, REASON_CHARS) : 'the connection failed');
  });
  ws.addEventListener('close', (event) => {
    const e = event as { code?: unknown; reason?: unknown };
    life.finish({ code: typeof e.code === 'number' ? e.code : 1006, reason: typeof e.reason === 'string' ? plainLine(e.reason, REASON_CHARS) : '' });
  });
}
