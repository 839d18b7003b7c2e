// Builds the API client of a chain's node with the settings in force, and decides whether its
// stored token may be sent: only to that node, only when the chain comes from user settings or
// the workspace is trusted, and never once the JWT has expired.
import * as vscode from 'vscode';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, WaspClient, type RequestLogEntry } from '../api/client';
import { InvalidInputError, TokenExpiredError } from '../api/errors';
import { GenerationCache, type DetectedGeneration } from '../api/generation';
import type { RebasedChainResponse } from '../api/rebasedSchemas';
import { Limiter } from '../api/limiter';
import type { ChainApi } from '../api/chainApi';
import { RebasedChain, type NodeChainSource } from '../api/rebasedChain';
import { StardustChain } from '../api/stardustChain';
import type { Generation } from '../api/generation';
import { Settings } from '../constants';
import { nodeKey, type ChainEntry } from './model/chainConfig';
import { requestLogLine } from './model/requestLog';
import { decodeJwtClaims, isExpired } from '../core/jwt';
import type { TokenStore } from './tokenStore';

export type TokenStatus =
  | { kind: 'none' }
  | { kind: 'ok'; expiresAt?: number }
  | { kind: 'expired'; expiredAt: number }
  /** A token exists but is not sent: the chain comes from an untrusted workspace. */
  | { kind: 'withheld' };

/** Seconds of clock skew tolerated before a JWT counts as expired. */
const EXPIRY_SKEW_SECONDS = 30;

/**
 * The request limits: default and the bounds declared in package.json. A value outside them (a
 * workspace's settings may say anything) is clamped, so no settings file can switch the defence
 * off (a 100 GB answer, no timeout) or break activation (a limiter of 0.5).
 */
const LIMITS = {
  [Settings.timeoutMs]: { fallback: DEFAULT_TIMEOUT_MS, min: 1000, max: 120_000 },
  [Settings.maxResponseBytes]: { fallback: DEFAULT_MAX_RESPONSE_BYTES, min: 65_536, max: 268_435_456 },
  [Settings.maxConcurrent]: { fallback: 64, min: 1, max: 256 },
} as const;

/** The one place a chain entry's generation picks its node API. */
const CHAIN_APIS: { readonly [G in Generation]: (client: () => WaspClient, chainId: string, nodeChain: NodeChainSource) => ChainApi } = {
  stardust: (client, chainId) => new StardustChain(client, chainId),
  rebased: (client, chainId, nodeChain) => new RebasedChain(client, chainId, nodeChain),
};

export class NodeClients implements vscode.Disposable {
  private readonly limiter: Limiter;
  private readonly subscriptions: vscode.Disposable[] = [];
  /**
   * What each node runs, detected once per window (per node key). Only a chain that may be
   * contacted starts a probe (detectGeneration), so the token stored for that node may go along
   * (a gateway may want one), to that node only.
   */
  readonly generations = new GenerationCache(async (key) => {
    const { detectGeneration } = await import('../api/generationProbe.js');
    const client = this.clientForNode(key, true);
    return detectGeneration({ version: () => client.getNodeVersion(), chain: () => client.getRebasedChain({ probe: true }) });
  });

  constructor(
    private readonly tokens: TokenStore,
    private readonly log: vscode.LogOutputChannel,
    private readonly fetchImpl?: typeof globalThis.fetch,
  ) {
    this.limiter = new Limiter(this.setting(Settings.maxConcurrent));
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${Settings.section}.${Settings.maxConcurrent}`)) this.limiter.setMax(this.setting(Settings.maxConcurrent));
      }),
    );
  }

  /** Requests running and waiting for a slot, across every node (tests and diagnostics). */
  get load(): { running: number; pending: number } {
    return { running: this.limiter.running, pending: this.limiter.pending };
  }

  /**
   * Runs a request outside a node client (a chain's EVM JSON-RPC) under the same limit as every
   * node request, so a flood of hovers over EVM-only chains queues as it does over nodes.
   */
  limited<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.limiter.run(fn, signal);
  }

  /** Whether a stored token may go to this chain's node (Workspace Trust). */
  tokenAllowed(chain: ChainEntry): boolean {
    return chain.source.scope === 'user' || vscode.workspace.isTrusted;
  }

  async tokenStatus(chain: ChainEntry): Promise<TokenStatus> {
    const token = await this.tokens.get(chain.nodeUrl);
    if (!token) return { kind: 'none' };
    if (!this.tokenAllowed(chain)) return { kind: 'withheld' };
    const { expired, expiresAt } = expiryOf(token);
    if (expired && expiresAt !== undefined) return { kind: 'expired', expiredAt: expiresAt };
    return { kind: 'ok', expiresAt };
  }

  /** The client of a chain's node; a chain of an untrusted workspace is never contacted (Restricted Mode). */
  clientFor(chain: ChainEntry): WaspClient {
    if (!this.tokenAllowed(chain)) {
      throw new InvalidInputError(
        'chain',
        vscode.l10n.t('"{0}" is not contacted: it comes from the settings of a workspace that is not trusted.', chain.name),
        vscode.l10n.t('Manage Workspace Trust to trust this workspace, or add the chain to your user settings.'),
      );
    }
    return this.clientForNode(chain.nodeUrl, true);
  }

  /**
   * The generation the chain's node runs (cached per node while the window lives; Refresh and an
   * unknown-route 404 on a chain route forget it). A chain of an untrusted workspace is never probed.
   */
  async detectGeneration(chain: ChainEntry): Promise<DetectedGeneration> {
    this.clientFor(chain);
    return this.generations.detect(nodeKey(chain.nodeUrl));
  }

  /**
   * A Rebased node's `/v1/chain` answer, per detection (Refresh detects anew, so it is read anew):
   * one request shared by every caller, an answer read elsewhere (the tree's) kept, a failure not.
   */
  private readonly rebasedChains = new WeakMap<DetectedGeneration, { promise: Promise<RebasedChainResponse>; answer?: RebasedChainResponse }>();

  /** Keeps a `/v1/chain` answer the tree read for the node's current detection. */
  noteRebasedChain(nodeUrl: string, answer: RebasedChainResponse): void {
    const detected = this.generations.peek(nodeKey(nodeUrl));
    if (detected?.kind === 'rebased') this.rebasedChains.set(detected, { promise: Promise.resolve(answer), answer });
  }

  /**
   * The API of the chain's node: one implementation per generation, chosen here from the entry, once
   * per entry (the features ask it, never the generation). Each request gets a client made with the
   * settings in force, and a chain of an untrusted workspace fails its requests (clientFor).
   */
  apiFor(chain: ChainEntry): ChainApi {
    let api = this.apis.get(chain);
    if (!api) {
      api = CHAIN_APIS[chain.generation](() => this.clientFor(chain), chain.chainId, {
        known: () => this.knownNodeChain(chain),
        read: () => this.nodeChain(chain),
      });
      this.apis.set(chain, api);
    }
    return api;
  }

  private readonly apis = new WeakMap<ChainEntry, ChainApi>();

  /** The node's `/v1/chain` when it was read already (the detection's or a later one); never asks (the hover's). */
  private knownNodeChain(chain: ChainEntry): RebasedChainResponse | undefined {
    const detected = this.generations.peek(nodeKey(chain.nodeUrl));
    if (detected?.kind !== 'rebased') return undefined;
    return detected.chain ?? this.rebasedChains.get(detected)?.answer;
  }

  /**
   * The node's `/v1/chain`: from the detection or an answer read before, else asked once. Undefined
   * when the node is not detected as Rebased or runs no chain; a failure of the request is thrown.
   */
  private async nodeChain(chain: ChainEntry): Promise<RebasedChainResponse | undefined> {
    const detected = await this.detectGeneration(chain);
    if (detected.kind !== 'rebased' || detected.chain === null) return undefined;
    if (detected.chain) return detected.chain;
    let entry = this.rebasedChains.get(detected);
    if (!entry) {
      const fresh: { promise: Promise<RebasedChainResponse>; answer?: RebasedChainResponse } = { promise: this.clientFor(chain).getRebasedChain() };
      fresh.promise.then(
        (answer) => (fresh.answer = answer),
        () => this.rebasedChains.delete(detected),
      );
      this.rebasedChains.set(detected, fresh);
      entry = fresh;
    }
    return entry.promise;
  }

  /** A client of a node; with sendToken, the token stored for that node goes along (if valid). */
  clientForNode(nodeUrl: string, sendToken: boolean): WaspClient {
    return new WaspClient({
      // Only a route of the generation the node was detected as says the node changed: a route of
      // the other one (an entry written for the other generation) answers 404 anyway.
      onRouteNotFound: (routeGeneration) => {
        const key = nodeKey(nodeUrl);
        if (this.generations.peek(key)?.kind === routeGeneration) this.generations.forget(key);
      },
      baseUrl: nodeUrl,
      timeoutMs: this.setting(Settings.timeoutMs),
      maxResponseBytes: this.setting(Settings.maxResponseBytes),
      limiter: this.limiter,
      fetch: this.fetchImpl,
      onRequest: (e) => this.logRequest(e),
      token: sendToken
        ? async () => {
            const token = await this.tokens.get(nodeUrl);
            if (!token) return undefined;
            const { expired, expiresAt } = expiryOf(token);
            // Noticed before it is sent: the node never sees an expired token.
            if (expired && expiresAt !== undefined) throw new TokenExpiredError(expiresAt);
            return token;
          }
        : undefined,
    });
  }

  private logRequest(e: RequestLogEntry): void {
    const { level, line } = requestLogLine(e);
    this.log[level](line);
  }

  /** A request limit as set (read on every use, so a change applies at once), within its bounds. */
  setting(key: keyof typeof LIMITS): number {
    const { fallback, min, max } = LIMITS[key];
    const v = vscode.workspace.getConfiguration(Settings.section).get<number>(key, fallback);
    return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.floor(v))) : fallback;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

/** When a JWT expires (ms since the epoch) and whether it counts as expired now, skew included. */
function expiryOf(token: string): { expired: boolean; expiresAt: number | undefined } {
  const claims = decodeJwtClaims(token);
  const expiresAt = claims?.exp === undefined ? undefined : claims.exp * 1000;
  return { expired: claims !== undefined && isExpired(claims, Date.now() / 1000, EXPIRY_SKEW_SECONDS), expiresAt };
}
