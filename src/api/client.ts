// The HTTP client of one Wasp node. Every answer is size-capped, time-limited, validated with
// its zod schema where it enters, and every failure becomes a typed error (errors.ts).
// The token goes to this node's origin only: redirects are never followed with it.
// The request itself (deadline, cancel, byte cap, the one retry, the log of a retried attempt)
// is the shared transport's (transport.ts, over ofetch); here: the routes, the token, the answers.
import type * as z from 'zod/mini';
import { CancelledError, InvalidInputError, InvalidResponseError, ServerError, WaspApiError, type ErrorContext } from './errors';
import { blockSegment, parseAgentId, parseBlock, parseChainId, parseNodeUrl, parseRebasedRequestId, parseRequestId, redactUrl } from './ids';
import type { RebasedAccountBalance, RebasedChainInfo, RebasedChainResponse, RebasedReceipt } from './rebasedSchemas';
import { MAX_TOKEN_CHARS, accessTokenProblem } from '../core/accessToken';
import { authRouteSegments, bearer } from './clientAuth';
import type { AccountBalance, AuthInfo, ChainInfo, ChainInfoResponse, Receipt } from './stardustSchemas';
import type { BlockInfo, Events } from './chainLogSchemas';
import { interpretAnswer, loadBodies } from './answers';
import type { CallOptions, ChainTarget, ReadOptions, WaspClientOptions } from './clientOptions';
import { send, type RequestLogEntry } from './transport';

export type { RequestLogEntry } from './transport';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export type { TokenProvider } from './clientAuth';
export type { ChainTarget, ReadOptions, WaspClientOptions } from './clientOptions';

/** The long poll's default wait: what both generations cut it to anyway (FACTS). */
export const DEFAULT_WAIT_SECONDS = 30;
/** Beyond the node's own wait, how long the client gives the answer to arrive. */
const WAIT_MARGIN_MS = 15_000;

export class WaspClient {
  readonly baseUrl: URL;
  private readonly origin: string;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;

  constructor(private readonly options: WaspClientOptions) {
    this.baseUrl = parseNodeUrl(String(options.baseUrl));
    this.origin = this.baseUrl.origin;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** `GET /v1/chains/{chainID}/core/blocklog/requests/{requestID}`: the receipt of a request. */
  async getReceipt(chainId: string, requestId: string, options: ReadOptions = {}): Promise<Receipt> {
    const chain = parseChainId(chainId);
    const request = parseRequestId(requestId);
    const block = parseBlock(options.block);
    const receipt = await this.call({
      segments: ['chains', chain, 'core', 'blocklog', 'requests', request],
      query: { block },
      schema: (b) => b.v1.ReceiptSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'receipt',
    });
    // A receipt of another request must not pass for the one asked (and be cached under its ID).
    if (receipt.request.requestId.toLowerCase() !== request.toLowerCase()) {
      throw new InvalidResponseError('request.requestId', 'the request ID asked for', { url: redactUrl(this.receiptUrl(chain, request, block)) });
    }
    return receipt;
  }

  /** `GET /v1/chains/{chainID}/core/governance/chaininfo`: owner, fee policy, limits, metadata. */
  async getChainInfo(chainId: string, options: ReadOptions = {}): Promise<ChainInfo> {
    const chain = parseChainId(chainId);
    const block = parseBlock(options.block);
    return this.call({
      segments: ['chains', chain, 'core', 'governance', 'chaininfo'],
      query: { block },
      schema: (b) => b.v1.ChainInfoSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'chain',
    });
  }

  /** `GET /v1/chains/{chainID}`: general chain information (isActive, evmChainId). */
  async getChain(chainId: string, options: { signal?: AbortSignal; onBody?: (text: string) => void } = {}): Promise<ChainInfoResponse> {
    const chain = parseChainId(chainId);
    return this.call({
      segments: ['chains', chain],
      schema: (b) => b.v1.ChainInfoResponseSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'chain',
    });
  }

  /** Stardust: `GET /v1/chains` (needs `read`): every chain the node knows (Add Chain offers them). */
  async getChains(options: { signal?: AbortSignal } = {}): Promise<ChainInfoResponse[]> {
    return this.call({ segments: ['chains'], schema: (b) => b.v1.ChainListSchema, signal: options.signal, notFound: 'route', probe: true });
  }

  /**
   * Rebased (Wasp 2.x): `GET /v1/chain/core/blocklog/requests/{requestID}` on the node's one chain.
   * A Stardust ID (68 hex) is refused before any request.
   */
  async getRebasedReceipt(requestId: string, options: ReadOptions = {}): Promise<RebasedReceipt> {
    const request = parseRebasedRequestId(requestId);
    const block = parseBlock(options.block);
    const receipt = await this.call({
      segments: ['chain', 'core', 'blocklog', 'requests', request],
      query: { block },
      schema: (b) => b.v2.RebasedReceiptSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'receipt',
    });
    if (receipt.request.requestId !== request) {
      throw new InvalidResponseError('request.requestId', 'the request ID asked for', { url: redactUrl(this.rebasedReceiptUrl(request, block)) });
    }
    return receipt;
  }

  /** Rebased: `GET /v1/chain/core/governance/chaininfo`: admin, fee policy, limits, metadata (latest or at a block). */
  async getRebasedChainInfo(options: ReadOptions = {}): Promise<RebasedChainInfo> {
    const block = parseBlock(options.block);
    return this.call({
      segments: ['chain', 'core', 'governance', 'chaininfo'],
      query: { block },
      schema: (b) => b.v2.RebasedChainInfoSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'chain',
    });
  }

  /** Rebased: `GET /v1/chain`: the node's chain (ID, isActive, evmChainId, EVM URLs filled in). */
  async getRebasedChain(options: { signal?: AbortSignal; onBody?: (text: string) => void; probe?: boolean } = {}): Promise<RebasedChainResponse> {
    return this.call({
      segments: ['chain'],
      schema: (b) => b.v2.RebasedChainResponseSchema,
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'rebasedChain',
      probe: options.probe,
    });
  }

  /**
   * The long poll `.../requests/{id}/wait`: the receipt once the node processed the request, or
   * undefined when the wait ended without it (408, or the empty receipt of the node's timeout race).
   * Stardust waits about 30 s whatever it is asked; Rebased reads timeoutSeconds (0..60) but its own
   * request timeout (30 s by default) usually cuts it first.
   */
  async waitForRequest(
    target: ChainTarget,
    requestId: string,
    options: { timeoutSeconds?: number; signal?: AbortSignal } = {},
  ): Promise<Receipt | RebasedReceipt | undefined> {
    const seconds = Math.max(1, Math.min(60, Math.floor(options.timeoutSeconds ?? DEFAULT_WAIT_SECONDS)));
    const request = target.generation === 'rebased' ? parseRebasedRequestId(requestId) : parseRequestId(requestId);
    const segments = [...this.chainSegments(target), 'requests', request, 'wait'];
    const common = {
      segments,
      query: { timeoutSeconds: String(seconds) },
      signal: options.signal,
      notFound: 'receipt' as const,
      timeoutMs: Math.max(this.timeoutMs, seconds * 1000 + WAIT_MARGIN_MS),
      unlimited: true,
    };
    let receipt: Receipt | RebasedReceipt | null;
    try {
      receipt =
        target.generation === 'rebased'
          ? await this.call({ ...common, schema: (b) => b.log.WaitRebasedSchema })
          : await this.call({ ...common, schema: (b) => b.log.WaitStardustSchema });
    } catch (e) {
      // 408: "timeout while waiting for request to be processed": not yet, ask again.
      if (e instanceof ServerError && e.status === 408) return undefined;
      throw e;
    }
    if (receipt === null) return undefined;
    if (receipt.request.requestId.toLowerCase() !== request.toLowerCase()) {
      throw new InvalidResponseError('request.requestId', 'the request ID asked for', { url: redactUrl(this.urlOf(segments)) });
    }
    return receipt;
  }

  /** `.../core/blocklog/blocks/{n|latest}`: a block's index, time, request counts, gas and fees. */
  async getBlockInfo(target: ChainTarget, block: number | 'latest', options: { signal?: AbortSignal } = {}): Promise<BlockInfo> {
    return this.call({
      segments: [...this.chainSegments(target), 'core', 'blocklog', 'blocks', blockSegment(block)],
      schema: (b) => b.log.BlockInfoSchema,
      signal: options.signal,
      notFound: 'chain',
    });
  }

  /** `.../core/blocklog/blocks/{n}/receipts`: every receipt of one block, in one request. */
  async getBlockReceipts(
    target: ChainTarget,
    block: number | 'latest',
    options: { signal?: AbortSignal; onBody?: (text: string) => void } = {},
  ): Promise<Array<Receipt | RebasedReceipt>> {
    const segments = [...this.chainSegments(target), 'core', 'blocklog', 'blocks', blockSegment(block), 'receipts'];
    const common = { segments, signal: options.signal, onBody: options.onBody, notFound: 'chain' as const };
    return target.generation === 'rebased'
      ? this.call({ ...common, schema: (b) => b.log.RebasedBlockReceiptsSchema })
      : this.call({ ...common, schema: (b) => b.log.BlockReceiptsSchema });
  }

  /** `.../core/blocklog/events/request/{id}`: the events a request emitted. */
  async getRequestEvents(target: ChainTarget, requestId: string, options: { signal?: AbortSignal } = {}): Promise<Events> {
    const request = target.generation === 'rebased' ? parseRebasedRequestId(requestId) : parseRequestId(requestId);
    return this.call({
      segments: [...this.chainSegments(target), 'core', 'blocklog', 'events', 'request', request],
      schema: (b) => b.log.EventsSchema,
      signal: options.signal,
      notFound: 'chain',
    });
  }

  /**
   * `.../core/accounts/account/{agentID}/balance`: an agent's L2 holdings, latest or at
   * `options.block`. The agent ID is checked for the target's generation first (ids.ts checkAgentId).
   */
  async getAccountBalance(target: ChainTarget, agentId: string, options: ReadOptions = {}): Promise<AccountBalance | RebasedAccountBalance> {
    const common = this.accountCall(target, ['account', parseAgentId(agentId, target).agentId, 'balance'], options);
    return target.generation === 'rebased'
      ? this.call({ ...common, schema: (b) => b.v2.RebasedAccountBalanceSchema })
      : this.call({ ...common, schema: (b) => b.v1.AccountBalanceSchema });
  }

  /** `.../core/accounts/account/{agentID}/nfts`: the NFT IDs (Stardust) or object IDs (Rebased) an agent holds. */
  async getAccountNfts(target: ChainTarget, agentId: string, options: ReadOptions = {}): Promise<string[]> {
    const common = this.accountCall(target, ['account', parseAgentId(agentId, target).agentId, 'nfts'], options);
    const r =
      target.generation === 'rebased'
        ? await this.call({ ...common, schema: (b) => b.v2.RebasedAccountObjectsSchema })
        : await this.call({ ...common, schema: (b) => b.v1.AccountNftsSchema });
    return r.nftIds;
  }

  /**
   * `.../core/accounts/account/{agentID}/nonce`: the next off-ledger nonce of a non-EVM agent. Both
   * generations refuse an EVM agent (its nonce is the EVM's: eth_getTransactionCount), so it is
   * refused here before any request.
   */
  async getAccountNonce(target: ChainTarget, agentId: string, options: ReadOptions = {}): Promise<bigint> {
    const agent = parseAgentId(agentId, target);
    if (agent.kind === 'evm') {
      throw new InvalidInputError(
        'agentId',
        "The node keeps no accounts nonce for an EVM address: its nonce is the EVM's (eth_getTransactionCount).",
        "Ask the chain's EVM JSON-RPC.",
      );
    }
    const r = await this.call({ ...this.accountCall(target, ['account', agent.agentId, 'nonce'], options), schema: (b) => b.v1.AccountNonceSchema });
    return r.nonce;
  }

  /** `.../core/accounts/total_assets`: what the chain holds in all, latest or at `options.block`. */
  async getTotalAssets(target: ChainTarget, options: ReadOptions = {}): Promise<AccountBalance | RebasedAccountBalance> {
    const common = this.accountCall(target, ['total_assets'], options);
    return target.generation === 'rebased'
      ? this.call({ ...common, schema: (b) => b.v2.RebasedAccountBalanceSchema })
      : this.call({ ...common, schema: (b) => b.v1.AccountBalanceSchema });
  }

  /** The URL of an account read ("open raw JSON"); the agent ID checked as for the read. */
  accountUrl(target: ChainTarget, agentId: string | undefined, what: 'balance' | 'nfts' | 'nonce' | 'total_assets', block?: string | number): string {
    const tail = what === 'total_assets' || agentId === undefined ? ['total_assets'] : ['account', parseAgentId(agentId, target).agentId, what];
    return this.urlOf([...this.chainSegments(target), 'core', 'accounts', ...tail], { block: parseBlock(block) });
  }

  private accountCall(target: ChainTarget, tail: string[], options: ReadOptions) {
    return {
      segments: [...this.chainSegments(target), 'core', 'accounts', ...tail],
      query: { block: parseBlock(options.block) },
      signal: options.signal,
      onBody: options.onBody,
      notFound: 'chain' as const,
    };
  }

  private chainSegments(target: ChainTarget): string[] {
    return target.generation === 'rebased' ? ['chain'] : ['chains', parseChainId(target.chainId)];
  }

  /** `GET /auth/info`: which authentication scheme the node uses. */
  async getAuthInfo(options: { signal?: AbortSignal } = {}): Promise<AuthInfo> {
    return this.call({ segments: ['auth', 'info'], v1: false, schema: (b) => b.v1.AuthInfoSchema, signal: options.signal, auth: false, notFound: 'route' });
  }

  /** `POST /auth`: exchanges a user name and password for a JWT. The password is not kept. */
  async login(username: string, password: string, options: { signal?: AbortSignal; authURL?: string } = {}): Promise<string> {
    const segments = authRouteSegments(options.authURL, this.baseUrl);
    const r = await this.call({
      method: 'POST',
      segments,
      v1: false,
      body: { username, password },
      schema: (b) => b.v1.LoginResponseSchema,
      signal: options.signal,
      auth: false,
      notFound: 'route',
    });
    // Stored and sent on every request: a hostile /auth must not plant 8 MB or a header break.
    if (accessTokenProblem(r.jwt) !== undefined) throw new InvalidResponseError('jwt', `a Bearer token (token68 characters, at most ${MAX_TOKEN_CHARS})`, {});
    return r.jwt;
  }

  /** `GET /v1/node/version`. */
  async getNodeVersion(options: { signal?: AbortSignal } = {}): Promise<string> {
    const r = await this.call({ segments: ['node', 'version'], schema: (b) => b.v1.VersionSchema, signal: options.signal, notFound: 'route', probe: true });
    return r.version;
  }

  /** The URL of a resource, for "open raw JSON" links; never carries a token. */
  urlOf(segments: string[], query: Record<string, string | undefined> = {}, v1 = true): string {
    const url = new URL(this.baseUrl.toString());
    const prefix = url.pathname.replace(/\/+$/, '');
    url.pathname = `${prefix}${v1 ? '/v1' : ''}/${segments.map(encodeURIComponent).join('/')}`;
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    return url.toString();
  }

  receiptUrl(chainId: string, requestId: string, block?: string | number): string {
    return this.urlOf(['chains', parseChainId(chainId), 'core', 'blocklog', 'requests', parseRequestId(requestId)], { block: parseBlock(block) });
  }

  rebasedReceiptUrl(requestId: string, block?: string | number): string {
    return this.urlOf(['chain', 'core', 'blocklog', 'requests', parseRebasedRequestId(requestId)], { block: parseBlock(block) });
  }

  rebasedChainInfoUrl(block?: string | number): string {
    return this.urlOf(['chain', 'core', 'governance', 'chaininfo'], { block: parseBlock(block) });
  }

  chainInfoUrl(chainId: string, block?: string | number): string {
    return this.urlOf(['chains', parseChainId(chainId), 'core', 'governance', 'chaininfo'], { block: parseBlock(block) });
  }

  private async call<S extends z.ZodMiniType>(o: CallOptions<S>): Promise<z.output<S>> {
    const url = this.urlOf(o.segments, o.query ?? {}, o.v1 !== false);
    const run = () => this.send(url, o);
    if (!this.options.limiter || o.unlimited) return run();
    return this.options.limiter.run(run, o.signal).catch((e: unknown) => {
      // Cancelled while waiting for a slot: the same typed error as a cancelled request.
      throw o.signal?.aborted && !(e instanceof WaspApiError) ? new CancelledError({ url: redactUrl(url) }) : e;
    });
  }

  private async send<S extends z.ZodMiniType>(url: string, o: CallOptions<S>): Promise<z.output<S>> {
    const method = o.method ?? 'GET';
    const context: ErrorContext = { url: redactUrl(url) };
    const started = Date.now();
    const headers: Record<string, string> = { Accept: 'application/json' };
    let authenticated = false;
    let failure: unknown;
    const bodies = loadBodies();
    try {
      if (o.auth !== false && new URL(url).origin === this.origin) {
        const authorization = await bearer(this.options.token);
        if (authorization) headers.Authorization = authorization;
        authenticated = authorization !== undefined;
      }
      if (o.body !== undefined) headers['Content-Type'] = 'application/json';
      const { response, text } = await send({
        url,
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
        // Never follow: a redirect to another host must not carry the token along.
        redirect: 'manual',
        signal: o.signal,
        timeoutMs: o.timeoutMs ?? this.timeoutMs,
        maxBytes: this.maxResponseBytes,
        fetch: this.options.fetch,
        context,
        onRetried: (entry) => this.log(entry),
        waitBeforeRetry: this.options.waitBeforeRetry,
      });
      const value = interpretAnswer(response, text, o, context, authenticated, await bodies, this.options.onRouteNotFound);
      o.onBody?.(text);
      return value;
    } catch (e) {
      failure = e;
      throw e;
    } finally {
      this.log({
        method,
        url: context.url ?? '',
        status: context.status,
        durationMs: Date.now() - started,
        authenticated,
        error: failure === undefined ? undefined : failure instanceof Error ? failure.message : String(failure),
      });
    }
  }

  private log(entry: RequestLogEntry): void {
    try {
      this.options.onRequest?.(entry);
    } catch {
      // A logger must never break a request.
    }
  }
}
