// The socket under a node's live feed: the host's own WebSocket (WHATWG API), wrapped so that the
// state machine (model/subscription.ts) sees only open, message (text), close and error, and so
// that what the node sends is bounded: a message above `maxMessageBytes`, or a binary one (a node
// sends text only), is dropped and counted, never handed on; a frame above the node's limit is
// never sent.
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

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface LiveSocketHandlers {
  open(): void;
  /** A text message within the size cap. */
  message(text: string): void;
  /** The socket is gone (after an error too); nothing follows it. */
  close(info: { code: number; reason: string }): void;
  /** Something failed; `close` follows. */
  error(message: string): void;
}

export interface LiveSocketOptions {
  /** Default: the host's global WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Largest message handed on, in UTF-8 bytes; default 1 MiB. */
  maxMessageBytes?: number;
}

export interface LiveSocketStats {
  /** Messages handed on. */
  received: number;
  /** Messages dropped for their size. */
  tooLarge: number;
  /** Binary messages dropped. */
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
  let done = false;
  let socket: WebSocketLike | undefined;
  const finish = (info: { code: number; reason: string }) => {
    if (done) return;
    done = true;
    handlers.close(info);
  };
  const Ctor = options.WebSocket ?? hostWebSocket();
  try {
    const refusal = browserRefusal(url);
    if (refusal) throw new Error(refusal);
    if (!Ctor) throw new Error('this host has no WebSocket');
    socket = new Ctor(url);
    socket.binaryType = 'arraybuffer';
  } catch (e) {
    // Reported as a failed connection, after the caller has its handle (as a real socket would).
    const message = plainLine(e instanceof Error ? e.message : String(e), REASON_CHARS);
    queueMicrotask(() => {
      if (done) return;
      handlers.error(message);
      finish({ code: 1006, reason: message });
    });
    return {
      stats,
      send: () => {
        stats.refused++;
        return false;
      },
      close: () => {
        done = true;
      },
    };
  }
  const ws = socket;
  ws.addEventListener('open', () => {
    if (!done) handlers.open();
  });
  ws.addEventListener('message', (event) => {
    if (done) return;
    const data = (event as { data?: unknown }).data;
    if (typeof data !== 'string') {
      stats.binary++;
      return;
    }
    if (utf8Exceeds(data, max)) {
      stats.tooLarge++;
      return;
    }
    stats.received++;
    handlers.message(data);
  });
  ws.addEventListener('error', (event) => {
    if (done) return;
    const message = (event as { message?: unknown }).message;
    handlers.error(typeof message === 'string' && message !== '' ? plainLine(message, REASON_CHARS) : 'the connection failed');
  });
  ws.addEventListener('close', (event) => {
    const e = event as { code?: unknown; reason?: unknown };
    finish({ code: typeof e.code === 'number' ? e.code : 1006, reason: typeof e.reason === 'string' ? plainLine(e.reason, REASON_CHARS) : '' });
  });
  return {
    stats,
    send(frame: string): boolean {
      if (done || ws.readyState !== OPEN || utf8Exceeds(frame, MAX_CLIENT_FRAME_BYTES)) {
        stats.refused++;
        return false;
      }
      ws.send(frame);
      return true;
    },
    close(): void {
      if (done) return;
      done = true;
      try {
        ws.close(1000);
      } catch {
        // Already closing: nothing to do.
      }
    },
  };
}
