// What the live tests share: a raw client of the local node's /v1/ws (the `ws` package, as Node 20
// has no WebSocket without a flag), the same client as the adapter's constructor, and a wait for a
// condition on real time.
import { WebSocket } from 'ws';
import type { WebSocketConstructor } from '../../../src/live/socket';

/** The `ws` client, which follows the WHATWG API the adapter uses. */
export const WsConstructor = WebSocket as unknown as WebSocketConstructor;

/** Polls until `check` holds (or throws with `what` after `ms`). */
export async function until(check: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A raw client: every text message it got, and its close code. */
export interface RawClient {
  ws: WebSocket;
  messages: string[];
  closed?: number;
  /** Sends a command object (or raw text) as one text frame. */
  send(frame: unknown): void;
  /** The messages parsed. */
  json(): Array<Record<string, unknown>>;
}

export async function rawClient(url: string): Promise<RawClient> {
  const ws = new WebSocket(url);
  const client: RawClient = {
    ws,
    messages: [],
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    json: () => client.messages.map((m) => JSON.parse(m) as Record<string, unknown>),
  };
  ws.on('message', (data) => client.messages.push(String(data)));
  ws.on('close', (code) => (client.closed = code));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

/** The /v1/ws URL of a node base. */
export const wsUrl = (base: string): string => `${base.replace(/^http/, 'ws')}/v1/ws`;
