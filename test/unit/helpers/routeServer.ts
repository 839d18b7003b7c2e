// A loopback server answering from the test's own table of routes (test/fixtures/routeServer.ts),
// started once for the describe block that calls this: before each test the table and the list of
// requests seen are emptied and the gate is lifted.
import { WaspClient } from '../../../src/api/client';
import { startRouteServer, type RouteReply } from '../../fixtures/routeServer';
import { rebasedSampleText } from './samples';

export interface RouteServer {
  /** http://127.0.0.1:<port>, once the server runs. */
  base: string;
  /** Every request URL, in order. */
  readonly seen: string[];
  /** Answers by path (or path and query); anything else gets the fallback. */
  readonly routes: Map<string, RouteReply>;
  /** While set, every answer waits for it (to observe requests in flight). */
  gate: Promise<void> | undefined;
}

/** A v2 node's answer to a route it does not have (echo's own 404). */
export const rebasedRoute404 = (): RouteReply => ({ status: 404, body: rebasedSampleText('error-404-route-not-found') });

export function useRouteServer(fallback: () => RouteReply = rebasedRoute404): RouteServer {
  const server: RouteServer = { base: '', seen: [], routes: new Map(), gate: undefined };
  let close: (() => Promise<void>) | undefined;
  before(async () => {
    const started = await startRouteServer({ routes: server.routes, seen: server.seen, fallback: fallback(), gate: () => server.gate });
    server.base = started.base;
    close = started.close;
  });
  after(() => close?.());
  beforeEach(() => {
    server.seen.length = 0;
    server.routes.clear();
    server.gate = undefined;
  });
  return server;
}

/** A node's answer to GET /v1/node/version. */
export const versionReply = (version: string): RouteReply => ({ status: 200, body: JSON.stringify({ version }) });

/** What detection and Add Chain ask of a node, through a client of the node at `baseUrl`. */
export function clientProbe(baseUrl: string) {
  const client = new WaspClient({ baseUrl, timeoutMs: 2000 });
  return { version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }), chains: () => client.getChains() };
}
