// The live feed's node for `npm run bench`: a Rebased local node serving the Vault EVM demo, in
// run.mjs's process (the node's work never runs on the extension host's thread), and a loopback
// control server the in-host bench (bench/live.ts) drives it with: publish one receipt and say when
// (publish-to-shown latency), flood receipts at a rate for some seconds, add a block every so
// often (following the latest block on the feed), and count the requests the node received.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_REBASED_CHAIN_ID } from '../test/fixtures/demoData';
import { startLocalNode, type LocalNode } from '../test/fixtures/localNode';
import type { RebasedReceiptWire } from '../test/fixtures/wire';

export interface LiveBenchNode {
  node: LocalNode;
  /** The control server's base URL. */
  controlUrl: string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, value: unknown) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
};

export async function startLiveBenchNode(): Promise<LiveBenchNode> {
  const node = await startLocalNode({ generation: 'rebased', evm: true });
  const template = node.evm?.receipts[0];
  if (!template) throw new Error('bench: the live node serves no EVM demo receipt');
  let serial = 0;
  /** The Vault's failed transfer under a request ID of its own. */
  const receipt = (): RebasedReceiptWire => {
    const r = JSON.parse(JSON.stringify(template)) as RebasedReceiptWire;
    r.request.requestId = `0x${'be'.repeat(28)}${(++serial).toString(16).padStart(8, '0')}`;
    return r;
  };
  const publish = () => {
    const r = receipt();
    node.live.publish(node.live.receipt(DEMO_REBASED_CHAIN_ID, r));
    return r.request.requestId;
  };
  const timers = new Set<NodeJS.Timeout>();
  let mark = 0;

  const routes: Record<string, (q: URLSearchParams, res: ServerResponse) => void> = {
    '/publish': (_q, res) => {
      const id = publish();
      json(res, { id, at: Date.now() });
    },
    '/flood': (q, res) => {
      const rate = Math.min(20_000, Number(q.get('rate') ?? 1000));
      const seconds = Math.min(60, Number(q.get('seconds') ?? 5));
      const perTick = Math.max(1, Math.round(rate / 100));
      const client = node.live.clients.at(-1);
      const before = { sent: client?.sent ?? 0, overflow: client?.overflow ?? 0 };
      let published = 0;
      const started = Date.now();
      const timer = setInterval(() => {
        // Catch up to the rate even when a tick came late.
        const due = Math.min(Math.round(((Date.now() - started) / 1000) * rate), rate * seconds);
        while (published < due) {
          publish();
          published++;
        }
        if (published >= rate * seconds) {
          clearInterval(timer);
          timers.delete(timer);
          const c = node.live.clients.at(-1);
          json(res, { published, ms: Date.now() - started, perTick, sent: (c?.sent ?? 0) - before.sent, overflow: (c?.overflow ?? 0) - before.overflow });
        }
      }, 10);
      timers.add(timer);
    },
    '/blocks': (q, res) => {
      const every = Math.max(100, Number(q.get('every') ?? 2000));
      const seconds = Math.min(120, Number(q.get('seconds') ?? 60));
      const added: number[] = [];
      const timer = setInterval(() => added.push(node.chainLog.addBlock([])), every);
      timers.add(timer);
      const stop = setTimeout(() => {
        clearInterval(timer);
        timers.delete(timer);
        json(res, { added });
      }, seconds * 1000);
      timers.add(stop);
    },
    '/mark': (_q, res) => {
      mark = node.requests.length;
      json(res, { mark });
    },
    '/requests': (_q, res) => {
      const since = node.requests.slice(mark);
      json(res, { total: since.length, blocks: since.filter((r) => r.path.includes('/blocks')).length, paths: since.slice(0, 20).map((r) => r.path) });
    },
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    route(url.searchParams, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    node,
    controlUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await node.close();
    },
  };
}
