// A debug-protocol client for the unit suites: sends requests to a session object with the inline
// adapter's two members (handleMessage, onDidSendMessage) as VS Code does, and hands back each
// response and the events in the order the session sent them.
import type { DebugProtocol as P } from '@vscode/debugprotocol';

export interface InlineAdapter {
  handleMessage(m: P.ProtocolMessage): void;
  onDidSendMessage(listener: (m: P.ProtocolMessage) => void): { dispose(): void };
}

export class DapClient {
  private seq = 1;
  readonly events: P.Event[] = [];
  private readonly pending = new Map<number, (r: P.Response) => void>();
  private readonly eventWaiters: Array<() => void> = [];

  constructor(private readonly adapter: InlineAdapter) {
    adapter.onDidSendMessage((m) => {
      if (m.type === 'response') {
        const r = m as P.Response;
        this.pending.get(r.request_seq)?.(r);
        this.pending.delete(r.request_seq);
      } else if (m.type === 'event') {
        this.events.push(m as P.Event);
        for (const w of this.eventWaiters.splice(0)) w();
      }
    });
  }

  /** The response to one request (success or not). */
  request<T = unknown>(command: string, args?: unknown): Promise<P.Response & { body: T }> {
    const seq = this.seq++;
    const answered = new Promise<P.Response & { body: T }>((resolve) => this.pending.set(seq, resolve as (r: P.Response) => void));
    this.adapter.handleMessage({ seq, type: 'request', command, arguments: args } as P.Request);
    return answered;
  }

  /** The body of a successful response; a failure throws with the session's message. */
  async ok<T = unknown>(command: string, args?: unknown): Promise<T> {
    const r = await this.request<T>(command, args);
    if (!r.success) throw new Error(`${command} failed: ${r.message ?? ''}`);
    return r.body;
  }

  /** The first event named `name` after the first `after` events. */
  async event<T = unknown>(name: string, after = 0): Promise<P.Event & { body: T }> {
    for (;;) {
      const found = this.events.slice(after).find((e) => e.event === name);
      if (found) return found as P.Event & { body: T };
      await new Promise<void>((resolve) => this.eventWaiters.push(resolve));
    }
  }

  /** Runs a command that moves the session and returns the stop it leads to. */
  async move(command: string, args: Record<string, unknown> = {}): Promise<P.StoppedEvent['body']> {
    const before = this.events.length;
    await this.ok(command, { threadId: 1, ...args });
    return (await this.event<P.StoppedEvent['body']>('stopped', before)).body;
  }

  async stack(): Promise<P.StackFrame[]> {
    return (await this.ok<P.StackTraceResponse['body']>('stackTrace', { threadId: 1 })).stackFrames;
  }
}
