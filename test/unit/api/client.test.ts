// The node client (src/api/client.ts): against a real loopback node that speaks the v1.0.3 wire
// format and misbehaves on demand; against a loopback server answering as a v2.0.2 node (one chain
// under /v1/chain); the long poll, blocks, block receipts and request events of both generations
// with every outcome a real node gives; and the URLs it builds.
import * as assert from 'node:assert/strict';
import { type RequestLogEntry, WaspClient } from '../../../src/api/client';
import {
  BadRequestError,
  CancelledError,
  InvalidInputError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '../../../src/api/errors';
import { Limiter } from '../../../src/api/limiter';
import { DEMO_BLOCKS, DEMO_CHAINS, DEMO_RECEIPTS, DEMO_UNKNOWN_CHAIN_ID, DEMO_UNKNOWN_REQUEST_ID } from '../../fixtures/demoData';
import { type LocalNode, startLocalNode } from '../../fixtures/localNode';
import { recordingWait } from '../helpers/http';
import { useRouteServer } from '../helpers/routeServer';
import { plainRebasedSample, plainStardustSample, rebasedSampleText, stardustSampleText } from '../helpers/samples';

const IOTA = DEMO_CHAINS.iotaEvm;
const SMR = DEMO_CHAINS.shimmerEvm;

async function rejects<T extends Error>(p: Promise<unknown>, type: abstract new (...a: never[]) => T, check?: (e: T) => void): Promise<T> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof type, `expected ${type.name}, got ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}`);
    check?.(e as T);
    return e as T;
  }
  assert.fail(`expected ${type.name}, but it resolved`);
}

describe('api/client: a Stardust node (the local node)', function () {
  this.timeout(20_000);
  let node: LocalNode;
  let client: WaspClient;

  before(async () => {
    node = await startLocalNode({ pathPrefix: '/wasp/api' });
    client = new WaspClient({ baseUrl: node.url, timeoutMs: 2_000, waitBeforeRetry: recordingWait().wait });
  });
  after(() => node.close());
  afterEach(() => {
    node.clearFaults();
    node.clearRequests();
  });

  describe('receipts', () => {
    it('reads the FACTS sample receipt field by field, quirks unwrapped', async () => {
      const expected = plainStardustSample('receipt-success-evm') as { request: { requestId: string } };
      node.setReceipt(IOTA, expected as never);
      const r = await client.getReceipt(IOTA, expected.request.requestId);
      assert.equal(r.request.requestId, '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000');
      assert.equal(r.request.gasBudget, 21000n, 'the double-quoted request gasBudget is unwrapped');
      assert.equal(r.gasBudget, 21000n);
      assert.equal(r.gasBurned, 21000n);
      assert.equal(r.gasFeeCharged, 210n);
      assert.equal(r.storageDepositCharged, 0n);
      assert.equal(r.blockIndex, 2483101);
      assert.equal(r.requestIndex, 0);
      assert.deepEqual(r.gasBurnLog, []);
      assert.equal(r.failed, false, 'rawError with an empty code is present on success');
      assert.deepEqual(r.rawError, { code: '', params: [] });
      assert.equal(r.errorMessage, undefined);
      assert.deepEqual(r.request.callTarget, { contractHName: '07cb02c1', functionHName: 'e30cd9fa' });
      assert.equal(r.request.isEVM, true);
      assert.equal(r.request.isOffLedger, true);
      assert.equal(r.request.nft, null);
      assert.deepEqual(r.request.allowance, { baseTokens: 0n, nativeTokens: [], nfts: [] });
      assert.deepEqual(r.request.fungibleTokens, { baseTokens: 0n, nativeTokens: [], nfts: [] });
      assert.equal(r.request.params.length, 1, 'params come from the capital-I Items');
      assert.equal(r.request.params[0]?.key, '0x74');
      assert.match(r.request.params[0]?.value ?? '', /^0xf86e05/);
      assert.match(r.request.senderAccount, /^0xDb3009babf5415B64ef64275f0f23A87E90Ea142@iota1/);
      assert.equal(r.request.targetAddress, IOTA);
    });

    it('reads a failed ISC receipt: errorMessage, raw error code, null fungible tokens', async () => {
      const ref = DEMO_RECEIPTS.iscOffLedgerFailure;
      const r = await client.getReceipt(ref.chainId, ref.requestId);
      assert.equal(r.failed, true);
      assert.equal(r.errorMessage, 'not enough funds for allowance');
      assert.equal(r.rawError?.code, 'd9b6');
      assert.equal(r.request.fungibleTokens, null);
      assert.equal(r.request.allowance?.baseTokens, 5_000_000n);
    });

    it('keeps uint64 amounts above 2^53 exact', async () => {
      const ref = DEMO_RECEIPTS.bigAmounts;
      const r = await client.getReceipt(ref.chainId, ref.requestId);
      assert.equal(r.gasBudget, 18446744073709551615n);
      assert.equal(r.request.allowance?.baseTokens, 9007199254740993n);
      assert.equal(String(r.request.allowance?.baseTokens), '9007199254740993', 'a Number would have rounded it to ...992');
    });

    it('reads tokens, NFTs, params and a non-empty gas burn log', async () => {
      const nft = await client.getReceipt(DEMO_RECEIPTS.onLedgerNft.chainId, DEMO_RECEIPTS.onLedgerNft.requestId);
      assert.ok(nft.request.nft, 'nft object');
      assert.match(nft.request.nft.metadata, /^0x/);
      assert.ok((nft.request.fungibleTokens?.nativeTokens.length ?? 0) > 0);
      assert.match(nft.request.fungibleTokens?.nativeTokens[0]?.id ?? '', /^0x[0-9a-f]{76}$/);
      assert.equal(typeof nft.request.fungibleTokens?.nativeTokens[0]?.amount, 'bigint');
      assert.ok(nft.storageDepositCharged > 0n, 'a non-zero storage deposit renders too');
      const log = await client.getReceipt(DEMO_RECEIPTS.gasBurnLogParams.chainId, DEMO_RECEIPTS.gasBurnLogParams.requestId);
      assert.ok(log.gasBurnLog.length > 0);
      assert.equal(typeof log.gasBurnLog[0]?.gasBurned, 'bigint');
      assert.ok(log.request.params.length >= 4);
    });

    it('exists only from its block on', async () => {
      const ref = DEMO_RECEIPTS.evmSuccess;
      const r = await client.getReceipt(ref.chainId, ref.requestId, { block: ref.blockIndex });
      assert.equal(r.blockIndex, ref.blockIndex);
      await rejects(client.getReceipt(ref.chainId, ref.requestId, { block: ref.blockIndex - 1 }), NotFoundError, (e) => assert.equal(e.what, 'receipt'));
    });

    it('maps an unknown request to NotFound(receipt) with advice', async () => {
      await rejects(client.getReceipt(IOTA, DEMO_UNKNOWN_REQUEST_ID), NotFoundError, (e) => {
        assert.equal(e.what, 'receipt');
        assert.equal(e.status, 404);
        assert.match(e.hint, /request ID/);
      });
    });

    it('maps the 500 of an unknown chain on the receipt route to ServerError', async () => {
      await rejects(client.getReceipt(DEMO_UNKNOWN_CHAIN_ID, DEMO_UNKNOWN_REQUEST_ID), ServerError, (e) => assert.equal(e.status, 500));
    });
  });

  describe('chain info', () => {
    it('reads every governance field of the latest state', async () => {
      const ci = await client.getChainInfo(IOTA);
      assert.equal(ci.chainID, IOTA);
      assert.match(ci.chainOwnerId, /^iota1/);
      assert.equal(typeof ci.gasFeePolicy.gasPerToken.a, 'number');
      assert.equal(typeof ci.gasFeePolicy.validatorFeeShare, 'number');
      assert.equal(typeof ci.gasLimits.maxGasPerBlock, 'bigint');
      assert.equal(typeof ci.gasLimits.minGasPerRequest, 'bigint');
      assert.equal(typeof ci.gasLimits.maxGasPerRequest, 'bigint');
      assert.equal(typeof ci.gasLimits.maxGasExternalViewCall, 'bigint');
      assert.equal(ci.metadata.name, 'IOTA EVM');
      assert.equal(ci.metadata.website, 'https://www.iota.org');
      assert.equal(ci.metadata.evmJsonRpcURL, 'https://json-rpc.evm.iotaledger.net');
      assert.equal(ci.metadata.evmWebSocketURL, 'wss://ws.json-rpc.evm.iotaledger.net');
      assert.match(ci.publicURL, /^https:\/\//);
    });

    it('reads past states by block index and by trie root, and they differ', async () => {
      const b = DEMO_BLOCKS.iotaEvm;
      const before = await client.getChainInfo(IOTA, { block: b.feePolicy.blockIndex - 1 });
      const after = await client.getChainInfo(IOTA, { block: b.feePolicy.trieRoot });
      assert.notDeepEqual(before.gasFeePolicy, after.gasFeePolicy);
      assert.deepEqual(after.gasFeePolicy.gasPerToken, { a: 50, b: 1 });
      assert.equal(after.gasFeePolicy.validatorFeeShare, 10);
      assert.equal(node.requests.at(-1)?.query.block, b.feePolicy.trieRoot);
    });

    /** The next chain info answer: the real node's sample, edited as raw text (numbers past 2^53 included). */
    function answerChainInfoOnce(edit: (sample: string) => string): void {
      const body = edit(stardustSampleText('governance-chaininfo'));
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 200, body, contentType: 'application/json' } });
    }

    it('keeps a gas limit above 2^53 exact (JSON number parsed losslessly)', async () => {
      // JSON numbers beyond 2^53 cannot be written in JS: plant them as raw text on the wire.
      answerChainInfoOnce((sample) =>
        sample.replace('1000000000', '18446744073709551615').replace('"maxGasPerRequest": 50000000', '"maxGasPerRequest": 9007199254740993'),
      );
      const ci = await client.getChainInfo(SMR);
      assert.equal(ci.gasLimits.maxGasPerBlock, 18446744073709551615n);
      assert.equal(ci.gasLimits.maxGasPerRequest, 9007199254740993n);
    });

    it('reads a validator fee share above 100 as the node stores it (a uint8: v1.0.3 applies 100%)', async () => {
      answerChainInfoOnce((sample) => sample.replace(/"validatorFeeShare": \d+/, '"validatorFeeShare": 150'));
      const ci = await client.getChainInfo(SMR);
      assert.equal(ci.gasFeePolicy.validatorFeeShare, 150);
    });

    it('reads the common chain endpoint, and null policy for an inactive chain', async () => {
      const c = await client.getChain(IOTA);
      assert.equal(c.isActive, true);
      assert.equal(typeof c.evmChainId, 'number');
      const inactive = await client.getChain(DEMO_CHAINS.inactive);
      assert.equal(inactive.isActive, false);
      assert.equal(inactive.gasFeePolicy, null);
      assert.equal(inactive.gasLimits, null);
    });

    it('maps an unknown chain to NotFound(chain) and a bad block to BadRequest with the node message', async () => {
      await rejects(client.getChainInfo(DEMO_UNKNOWN_CHAIN_ID), NotFoundError, (e) => assert.equal(e.what, 'chain'));
      await rejects(client.getChainInfo(IOTA, { block: 4_000_000_000 }), BadRequestError, (e) => assert.match(e.nodeMessage ?? '', /invalid block/));
    });
  });

  describe('input checked before any request', () => {
    it('rejects a malformed request ID, chain ID and block without contacting the node', async () => {
      await rejects(client.getReceipt(IOTA, '0x1234'), InvalidInputError, (e) => assert.equal(e.field, 'requestId'));
      await rejects(client.getChainInfo(`${IOTA.slice(0, -1)}6`), InvalidInputError, (e) => assert.equal(e.field, 'chainId'));
      await rejects(client.getChainInfo(IOTA, { block: 'yesterday' }), InvalidInputError, (e) => assert.equal(e.field, 'block'));
      assert.equal(node.requests.length, 0);
    });

    it('percent-encodes every path segment', () => {
      const url = client.urlOf(['chains', 'a/b?c#d', 'x y']);
      assert.ok(url.endsWith('/wasp/api/v1/chains/a%2Fb%3Fc%23d/x%20y'), url);
    });
  });

  describe('faults', () => {
    it('401 missing permission carries the permission and says what to do', async () => {
      node.inject({ route: 'receipt', times: 1, fault: { type: 'status', status: 401, body: plainStardustSample('error-401-missing-permission') } });
      await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), UnauthorizedError, (e) => {
        assert.equal(e.missingPermission, 'write');
        assert.equal(e.tokenRejected, false);
        assert.match(e.hint, /"write" permission.*Set Access Token/);
      });
    });

    it('401 invalid JWT is a rejected token when one was sent, and a request for one when not', async () => {
      const withToken = new WaspClient({ baseUrl: node.url, token: () => 'stale-token' });
      node.inject({ route: 'chaininfo', times: 2, fault: { type: 'status', status: 401, body: plainStardustSample('error-401-jwt-invalid') } });
      await rejects(withToken.getChainInfo(IOTA), UnauthorizedError, (e) => {
        assert.equal(e.tokenRejected, true);
        assert.match(e.hint, /sign in again/);
      });
      await rejects(client.getChainInfo(IOTA), UnauthorizedError, (e) => {
        assert.equal(e.tokenRejected, false);
        assert.match(e.hint, /requires an access token/);
      });
    });

    it('500 with a JSON body and 500 with an HTML page are ServerErrors that quote the node briefly', async () => {
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 500, body: plainStardustSample('error-500-internal') } });
      await rejects(client.getChainInfo(IOTA), ServerError, (e) => assert.match(e.message, /500: Internal Server Error/));
      // A 502 is asked once more (transportRetry.ts): both attempts answer it here.
      node.inject({ route: 'chaininfo', times: 2, fault: { type: 'html', status: 502 } });
      await rejects(client.getChainInfo(IOTA), ServerError, (e) => assert.match(e.message, /HTML page/));
    });

    it('an HTML page with status 200 is an invalid response, not a crash', async () => {
      node.inject({ route: 'receipt', times: 1, fault: { type: 'html' } });
      await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), InvalidResponseError, (e) => assert.match(e.message, /HTML page/));
    });

    it('truncated JSON is an invalid response', async () => {
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'truncated' } });
      await rejects(client.getChainInfo(IOTA), InvalidResponseError, (e) => assert.match(e.message, /not valid JSON/));
    });

    it('a wrong type names the field path and what was expected', async () => {
      const body = plainStardustSample('receipt-success-evm') as { request: Record<string, unknown> };
      body.request.gasBudget = 21000;
      node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
      await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), InvalidResponseError, (e) => {
        assert.equal(e.field, 'request.gasBudget');
        assert.match(e.message, /request\.gasBudget/);
      });
      const limits = plainStardustSample('governance-chaininfo') as { gasLimits: Record<string, unknown> };
      limits.gasLimits.maxGasPerBlock = -5;
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'body', json: limits } });
      await rejects(client.getChainInfo(IOTA), InvalidResponseError, (e) => assert.equal(e.field, 'gasLimits.maxGasPerBlock'));
    });

    it('numbers above 2^64 and negative amounts are rejected, naming the field', async () => {
      const body = plainStardustSample('receipt-success-evm') as Record<string, unknown>;
      body.gasBurned = '18446744073709551616';
      node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
      await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), InvalidResponseError, (e) => assert.equal(e.field, 'gasBurned'));
      body.gasBurned = '-1';
      node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
      await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), InvalidResponseError, (e) => assert.equal(e.field, 'gasBurned'));
    });

    it('native token amounts are uint256: 2^256-1 and 0x-hex are read exactly, 2^256 is refused', async () => {
      const max = 2n ** 256n - 1n;
      const body = plainStardustSample('receipt-success-evm') as { request: { fungibleTokens: { nativeTokens: unknown[] } } };
      const id = `0x${'ab'.repeat(38)}`;
      const withAmounts = (...amounts: string[]) => {
        body.request.fungibleTokens.nativeTokens = amounts.map((amount) => ({ id, amount }));
        node.inject({ route: 'receipt', times: 1, fault: { type: 'body', json: body } });
      };
      withAmounts(max.toString(), `0x${'f'.repeat(64)}`, '0x1');
      const r = await client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId);
      assert.deepEqual(
        r.request.fungibleTokens?.nativeTokens.map((t) => t.amount),
        [max, max, 1n],
      );
      for (const over of [(max + 1n).toString(), `0x1${'0'.repeat(64)}`, '-1', '1.5']) {
        withAmounts(over);
        await rejects(client.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), InvalidResponseError, (e) =>
          assert.equal(e.field, 'request.fungibleTokens.nativeTokens.0.amount', over),
        );
      }
    });

    it('a huge body is cut off at the size limit (declared or streamed)', async () => {
      const small = new WaspClient({ baseUrl: node.url, maxResponseBytes: 64 * 1024 });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'huge', bytes: 5 * 1024 * 1024 } });
      await rejects(small.getChainInfo(IOTA), ResponseTooLargeError, (e) => assert.equal(e.limitBytes, 64 * 1024));
      // A declared length over the cap is refused from the header alone: the body here is tiny, so
      // only the declared check can refuse it.
      const declaredOnly = new WaspClient({
        baseUrl: node.url,
        maxResponseBytes: 64 * 1024,
        fetch: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024 + 1) } }),
      });
      await rejects(declaredOnly.getChainInfo(IOTA), ResponseTooLargeError);
      const atCap = new WaspClient({
        baseUrl: node.url,
        maxResponseBytes: 64 * 1024,
        fetch: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(64 * 1024) } }),
      });
      // A length at the cap is read (and '{}' is then no chain info).
      await rejects(atCap.getChainInfo(IOTA), InvalidResponseError);
    });

    it('clips every field of a node error body (404, 401, 403) to a few hundred characters', async () => {
      const huge = 'x'.repeat(100 * 1024);
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 404, body: { Message: `chain ID not found ${huge}`, Error: huge } } });
      await rejects(client.getChainInfo(IOTA), NotFoundError, (e) => {
        assert.equal(e.what, 'chain');
        assert.match(e.message, /^Chain not found: chain ID not found x/);
        assert.ok(e.message.length < 400, `404 message of ${e.message.length} characters`);
      });
      const withToken = new WaspClient({ baseUrl: node.url, token: () => 'stale-token' });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 401, body: { Message: `invalid jwt ${huge}`, Error: huge } } });
      await rejects(withToken.getChainInfo(IOTA), UnauthorizedError, (e) => {
        assert.equal(e.tokenRejected, true);
        assert.match(e.message, /^The node rejected the access token: invalid jwt x/);
        assert.ok(e.message.length < 400, `401 message of ${e.message.length} characters`);
      });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'status', status: 403, body: { missingPermission: huge } } });
      await rejects(client.getChainInfo(IOTA), UnauthorizedError, (e) => {
        assert.ok((e.missingPermission ?? '').length <= 40, `permission of ${e.missingPermission?.length} characters`);
        assert.ok(e.message.length < 120, `403 message of ${e.message.length} characters`);
      });
    });

    it('an endless body stops at the size limit', async () => {
      const small = new WaspClient({ baseUrl: node.url, maxResponseBytes: 256 * 1024, timeoutMs: 5_000 });
      node.inject({ route: 'receipt', times: 1, fault: { type: 'endless' } });
      await rejects(small.getReceipt(IOTA, DEMO_RECEIPTS.evmSuccess.requestId), ResponseTooLargeError);
    });

    it('a node that never answers times out', async () => {
      const quick = new WaspClient({ baseUrl: node.url, timeoutMs: 300 });
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'hang' } });
      const t0 = Date.now();
      await rejects(quick.getChainInfo(IOTA), TimeoutError, (e) => assert.equal(e.timeoutMs, 300));
      // The timer must use the configured value, not a default (that would take 15 s here).
      const elapsed = Date.now() - t0;
      assert.ok(elapsed >= 250 && elapsed < 1_500, `timed out after ${elapsed} ms`);
    });

    it('the caller can cancel', async () => {
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'latency', ms: 2_000 } });
      const controller = new AbortController();
      const p = client.getChainInfo(IOTA, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await rejects(p, CancelledError);
    });

    it('429 carries Retry-After', async () => {
      node.inject({ route: 'chaininfo', times: 1, fault: { type: 'retryAfter', seconds: 7 } });
      await rejects(client.getChainInfo(IOTA), RateLimitedError, (e) => assert.equal(e.retryAfterSeconds, 7));
    });

    it('a refused connection is a NetworkError', async () => {
      const closed = await startLocalNode();
      const url = closed.url;
      await closed.close();
      await rejects(new WaspClient({ baseUrl: url }).getNodeVersion(), NetworkError, (e) => assert.equal(e.code, 'ECONNREFUSED'));
    });
  });

  describe('tokens', () => {
    it('sends the bearer token to its own node, and nothing without one', async () => {
      const withToken = new WaspClient({ baseUrl: node.url, token: () => 'secret-token' });
      await withToken.getChainInfo(IOTA);
      assert.equal(node.requests.at(-1)?.headers.authorization, 'Bearer secret-token');
      await client.getChainInfo(IOTA);
      assert.equal(node.requests.at(-1)?.headers.authorization, undefined);
    });

    it('never follows a redirect, so the token cannot reach another host', async () => {
      const other = await startLocalNode();
      try {
        const withToken = new WaspClient({ baseUrl: node.url, token: () => 'secret-token' });
        node.inject({ route: 'chaininfo', times: 1, fault: { type: 'redirect', location: `${other.url}/v1/chains/${IOTA}/core/governance/chaininfo` } });
        await rejects(withToken.getChainInfo(IOTA), RedirectError, (e) => assert.ok(e.location.startsWith(other.origin)));
        assert.equal(other.requests.length, 0, 'the other host received nothing');
      } finally {
        await other.close();
      }
    });

    it('logs requests without the token', async () => {
      const entries: RequestLogEntry[] = [];
      const logged = new WaspClient({ baseUrl: node.url, token: () => 'secret-token', onRequest: (e) => entries.push(e) });
      await logged.getChainInfo(IOTA);
      assert.equal(entries.length, 1);
      assert.equal(entries[0]?.status, 200);
      assert.equal(entries[0]?.authenticated, true);
      assert.doesNotMatch(JSON.stringify(entries), /secret-token/);
    });

    it('signs in against a JWT node and uses the token it returns', async () => {
      const secured = await startLocalNode({ auth: { users: { alice: { password: 'pw', permissions: ['read'] } } } });
      try {
        const anon = new WaspClient({ baseUrl: secured.url });
        assert.deepEqual(await anon.getAuthInfo(), { scheme: 'jwt', authURL: '/auth' });
        await rejects(anon.getChainInfo(IOTA), UnauthorizedError);
        await rejects(anon.login('alice', 'wrong'), UnauthorizedError);
        // A client that holds a token (an expired one, say) must still not send it to /auth.
        const holder = new WaspClient({ baseUrl: secured.url, token: () => 'held-token' });
        await holder.getAuthInfo();
        assert.equal(secured.requests.at(-1)?.headers.authorization, undefined, 'no token on the auth info call');
        secured.clearRequests();
        const jwt = await holder.login('alice', 'pw');
        assert.equal(secured.requests.length, 1);
        const login = secured.requests.find((r) => r.route === 'auth');
        assert.equal(login?.headers['content-type'], 'application/json');
        assert.equal(login?.headers.authorization, undefined, 'no token on the login call');
        const authed = new WaspClient({ baseUrl: secured.url, token: () => jwt });
        assert.equal((await authed.getChainInfo(IOTA)).chainID, IOTA);
      } finally {
        await secured.close();
      }
    });

    it('refuses an authURL on another origin', async () => {
      await rejects(client.login('a', 'b', { authURL: 'https://evil.example/steal' }), InvalidResponseError, (e) => assert.equal(e.field, 'authURL'));
      assert.equal(node.requests.length, 0);
    });

    it('reads the node version', async () => {
      assert.equal(await client.getNodeVersion(), '1.0.3');
    });
  });

  describe('concurrency limit', () => {
    it('never has more requests open than the shared limiter allows', async () => {
      const limiter = new Limiter(3);
      const limited = new WaspClient({ baseUrl: node.url, limiter });
      node.setLatency(30);
      try {
        await Promise.all(Array.from({ length: 20 }, () => limited.getNodeVersion()));
      } finally {
        node.setLatency(0);
      }
      assert.ok(node.maxConcurrent <= 3, `max concurrent ${node.maxConcurrent}`);
      assert.equal(node.requests.length, 20);
    });
  });
});

describe('api/client: a Rebased node', () => {
  const EVM_ID = (plainRebasedSample('receipt-success-evm') as { request: { requestId: string } }).request.requestId;
  const server = useRouteServer();
  const { seen, routes } = server;
  beforeEach(() => {
    routes.set(`/v1/chain/core/blocklog/requests/${EVM_ID}`, { status: 200, body: rebasedSampleText('receipt-success-evm') });
    routes.set('/v1/chain/core/governance/chaininfo', { status: 200, body: rebasedSampleText('governance-chaininfo') });
    routes.set('/v1/chain', { status: 200, body: rebasedSampleText('chain') });
  });

  it('reads a receipt from /v1/chain/core/blocklog/requests/{id}, with the block asked for', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    const r = await client.getRebasedReceipt(EVM_ID.toUpperCase().replace('0X', '0x'), { block: 7 });
    assert.equal(r.request.requestId, EVM_ID);
    assert.deepEqual(seen, [`/v1/chain/core/blocklog/requests/${EVM_ID}?block=7`]);
  });

  it('an unknown request is a NotFoundError for the receipt', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    const other = `0x${'ab'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 404, body: rebasedSampleText('error-404-receipt-not-found') });
    await assert.rejects(client.getRebasedReceipt(other), (e: unknown) => e instanceof NotFoundError && e.what === 'receipt');
  });

  it('never sends a Stardust request ID (68 hex) to a Rebased node', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    await assert.rejects(client.getRebasedReceipt(`${EVM_ID}0000`), (e: unknown) => e instanceof InvalidInputError && /Stardust/.test(e.message));
    assert.deepEqual(seen, [], 'nothing was sent');
  });

  it('a receipt of another request is an invalid response naming request.requestId', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    const other = `0x${'cd'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 200, body: rebasedSampleText('receipt-success-evm') });
    await assert.rejects(client.getRebasedReceipt(other), (e: unknown) => e instanceof InvalidResponseError && e.field === 'request.requestId');
  });

  it('reads the chain info (latest or at a trie root) and /v1/chain', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    const info = await client.getRebasedChainInfo({ block: `0x${'12'.repeat(20)}` });
    assert.equal(info.chainAdmin, '0xcde8c8fec3de77ac41e71f960eac6d9d3fec1e1689ad393fa5a834066ea79417');
    const chain = await client.getRebasedChain();
    assert.equal(chain.evmChainId, 8822);
    assert.deepEqual(seen, [`/v1/chain/core/governance/chaininfo?block=0x${'12'.repeat(20)}`, '/v1/chain']);
  });

  it('a Stardust route on a Rebased node is the unknown-route 404', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'), (e: unknown) => e instanceof NotFoundError);
    assert.equal(seen.length, 1);
  });

  it('/v1/chain: 404 with an empty body is "no chain", the unknown-route 404 is a route not found', async () => {
    const client = new WaspClient({ baseUrl: server.base });
    routes.set('/v1/chain', { status: 404, body: '' });
    await assert.rejects(client.getRebasedChain(), (e: unknown) => e instanceof NotFoundError && e.what === 'chain');
    routes.delete('/v1/chain');
    await assert.rejects(client.getRebasedChain(), (e: unknown) => e instanceof NotFoundError && e.what === 'route');
  });

  it('the unknown-route 404 on a data route is reported once (re-detection), never on a probe', async () => {
    const routes404: string[] = [];
    const client = new WaspClient({ baseUrl: server.base, onRouteNotFound: (g) => routes404.push(g) });
    await assert.rejects(client.getChainInfo('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5'));
    assert.deepEqual(routes404, ['stardust'], 'a Stardust route');
    const other = `0x${'ab'.repeat(32)}`;
    routes.set(`/v1/chain/core/blocklog/requests/${other}`, { status: 404, body: rebasedSampleText('error-404-receipt-not-found') });
    await assert.rejects(client.getRebasedReceipt(other));
    assert.deepEqual(routes404, ['stardust'], 'an unknown receipt is not an unknown route');
    routes.delete('/v1/chain');
    await assert.rejects(client.getRebasedChain({ probe: true }));
    assert.deepEqual(routes404, ['stardust'], 'the probe itself does not report');
  });
});

describe('api/client: the long poll, blocks, block receipts and events of both generations', () => {
  const REBASED_ID = (plainRebasedSample('receipt-success-evm') as { request: { requestId: string } }).request.requestId;
  const STARDUST_ID = (plainStardustSample('receipt-success-evm') as { request: { requestId: string } }).request.requestId.toLowerCase();
  const STARDUST = { generation: 'stardust' as const, chainId: IOTA };
  const REBASED = { generation: 'rebased' as const };

  const server = useRouteServer();
  const { seen, routes } = server;

  describe('waitForRequest', () => {
    const rebasedWait = `/v1/chain/requests/${REBASED_ID}/wait`;
    const stardustWait = `/v1/chains/${IOTA}/requests/${STARDUST_ID}/wait`;

    it('Rebased: 200 with the receipt, asking the node for its timeout', async () => {
      routes.set(rebasedWait, { status: 200, body: rebasedSampleText('receipt-success-evm') });
      const r = await new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID, { timeoutSeconds: 25 });
      assert.equal(r?.request.requestId, REBASED_ID);
      assert.equal(typeof r?.gasBurned, 'bigint');
      assert.deepEqual(seen, [`${rebasedWait}?timeoutSeconds=25`]);
    });

    it('Stardust: 200 with the receipt on /v1/chains/{id}/requests/{rid}/wait', async () => {
      routes.set(stardustWait, { status: 200, body: stardustSampleText('receipt-success-evm') });
      const r = await new WaspClient({ baseUrl: server.base }).waitForRequest(STARDUST, STARDUST_ID);
      assert.equal(r?.request.requestId, STARDUST_ID);
      assert.deepEqual(seen, [`${stardustWait}?timeoutSeconds=30`]);
    });

    it('408 is "not yet": undefined, no error', async () => {
      routes.set(rebasedWait, { status: 408, body: rebasedSampleText('error-408-wait-timeout') });
      assert.equal(await new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID), undefined);
    });

    it('the empty receipt of the timeout race (requestId "") is "not yet", not an invalid answer', async () => {
      routes.set(rebasedWait, { status: 200, body: rebasedSampleText('receipt-wait-empty') });
      assert.equal(await new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID), undefined);
    });

    it('a broken receipt is an invalid response naming its field (not hidden by the empty-receipt branch)', async () => {
      const broken = plainRebasedSample('receipt-success-evm') as Record<string, unknown>;
      broken.gasBurned = 12;
      routes.set(rebasedWait, { status: 200, body: JSON.stringify(broken) });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'gasBurned';
      });
    });

    it('a union inside a body (a uint64 as number or string) still names its field', async () => {
      const info = plainRebasedSample('governance-chaininfo') as { gasLimits: Record<string, unknown> };
      info.gasLimits.maxGasPerBlock = 'lots';
      routes.set('/v1/chain/core/governance/chaininfo', { status: 200, body: JSON.stringify(info) });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).getRebasedChainInfo(), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'gasLimits.maxGasPerBlock';
      });
    });

    it("another request's receipt is refused", async () => {
      const other = `0x${'ab'.repeat(32)}`;
      routes.set(`/v1/chain/requests/${other}/wait`, { status: 200, body: rebasedSampleText('receipt-success-evm') });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, other), (e: unknown) => {
        return e instanceof InvalidResponseError && e.field === 'request.requestId';
      });
    });

    it('404 and 401 are typed errors', async () => {
      routes.set(rebasedWait, { status: 404, body: rebasedSampleText('error-404-receipt-not-found') });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => e instanceof NotFoundError);
      routes.set(rebasedWait, { status: 401, body: rebasedSampleText('error-401-missing-permission') });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).waitForRequest(REBASED, REBASED_ID), (e: unknown) => {
        return e instanceof UnauthorizedError && e.missingPermission === 'read';
      });
    });

    it('a connection the node drops is a NetworkError', async () => {
      routes.set(rebasedWait, 'reset');
      const { waits, wait } = recordingWait();
      await assert.rejects(
        new WaspClient({ baseUrl: server.base, waitBeforeRetry: wait }).waitForRequest(REBASED, REBASED_ID),
        (e: unknown) => e instanceof NetworkError,
      );
      assert.equal(waits.length, 1, 'asked once more, as any GET');
    });

    it('outlasts the client timeout and skips the shared limiter', async () => {
      // The node answers after 150 ms; the client's own timeout is 50 ms.
      routes.set(rebasedWait, { status: 200, body: rebasedSampleText('receipt-success-evm'), delayMs: 150 });
      const limiter = new Limiter(1);
      // The limiter's one slot is held: a long poll must still go out.
      let release: () => void = () => undefined;
      const held = limiter.run(() => new Promise<void>((r) => (release = r)));
      const client = new WaspClient({ baseUrl: server.base, limiter, timeoutMs: 50 });
      const r = await client.waitForRequest(REBASED, REBASED_ID, { timeoutSeconds: 1 });
      assert.equal(r?.request.requestId, REBASED_ID);
      release();
      await held;
    });

    it('a malformed or wrong-generation ID is refused before any request', async () => {
      const client = new WaspClient({ baseUrl: server.base });
      await assert.rejects(client.waitForRequest(REBASED, STARDUST_ID), (e: unknown) => e instanceof InvalidInputError);
      await assert.rejects(client.waitForRequest(STARDUST, REBASED_ID), (e: unknown) => e instanceof InvalidInputError);
      assert.deepEqual(seen, []);
    });
  });

  describe('blocks and events', () => {
    const block = {
      blockIndex: 7,
      timestamp: '2025-09-01T10:00:00Z',
      totalRequests: 2,
      numSuccessfulRequests: 1,
      numOffLedgerRequests: 2,
      gasBurned: '18446744073709551615',
      gasFeeCharged: '9007199254740993',
    };

    it('reads blocks/latest and blocks/{n} with uint64 figures as bigint', async () => {
      routes.set('/v1/chain/core/blocklog/blocks/latest', { status: 200, body: JSON.stringify(block) });
      routes.set(`/v1/chains/${IOTA}/core/blocklog/blocks/7`, { status: 200, body: JSON.stringify({ ...block, previousAliasOutput: '0x00' }) });
      const client = new WaspClient({ baseUrl: server.base });
      const latest = await client.getBlockInfo(REBASED, 'latest');
      assert.equal(latest.gasBurned, 18446744073709551615n);
      assert.equal(latest.gasFeeCharged, 9007199254740993n);
      const seven = await client.getBlockInfo(STARDUST, 7);
      assert.equal(seven.blockIndex, 7);
      await assert.rejects(client.getBlockInfo(REBASED, -1), (e: unknown) => e instanceof InvalidInputError);
    });

    it("reads a block's receipts in one request, each validated", async () => {
      routes.set('/v1/chain/core/blocklog/blocks/7/receipts', {
        status: 200,
        body: `[${rebasedSampleText('receipt-success-evm')},${rebasedSampleText('receipt-failed-isc')}]`,
      });
      const receipts = await new WaspClient({ baseUrl: server.base }).getBlockReceipts(REBASED, 7);
      assert.equal(receipts.length, 2);
      assert.deepEqual(
        receipts.map((r) => r.failed),
        [false, true],
      );
      assert.equal(seen.length, 1);
      routes.set('/v1/chain/core/blocklog/blocks/8/receipts', { status: 200, body: '[{"request":{}}]' });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).getBlockReceipts(REBASED, 8), (e: unknown) => e instanceof InvalidResponseError);
    });

    it("reads a request's events (both generations)", async () => {
      const events = { events: [{ contractID: 133_757_633, topic: 'evm.log', timestamp: 1_725_184_800, payload: '0x0102' }] };
      routes.set(`/v1/chain/core/blocklog/events/request/${REBASED_ID}`, { status: 200, body: JSON.stringify(events) });
      routes.set(`/v1/chains/${IOTA}/core/blocklog/events/request/${STARDUST_ID}`, { status: 200, body: '{"events":null}' });
      const client = new WaspClient({ baseUrl: server.base });
      const r = await client.getRequestEvents(REBASED, REBASED_ID);
      assert.equal(r.events[0]?.topic, 'evm.log');
      assert.equal(r.events[0]?.timestamp, 1_725_184_800n);
      assert.deepEqual((await client.getRequestEvents(STARDUST, STARDUST_ID)).events, []);
    });
  });
});

describe('api/client: the URLs it builds', () => {
  // Built in each test: code run while mocha loads a file counts as a static mutant.
  const newClient = () => new WaspClient({ baseUrl: 'http://node.example:9090/wasp//' });
  it('under the base path, one /v1, every segment encoded, only set query values', () => {
    const client = newClient();
    assert.equal(client.urlOf(['a b', 'c/d']), 'http://node.example:9090/wasp/v1/a%20b/c%2Fd');
    assert.equal(client.urlOf(['auth'], {}, false), 'http://node.example:9090/wasp/auth');
    assert.equal(client.urlOf(['x'], { block: undefined, other: '1' }), 'http://node.example:9090/wasp/v1/x?other=1');
    assert.equal(new WaspClient({ baseUrl: 'http://node.example' }).urlOf(['x']), 'http://node.example/v1/x');
  });

  it('the receipt and chain-info URLs of both generations, at a block or a trie root', () => {
    const client = newClient();
    const RID = DEMO_RECEIPTS.evmSuccess.requestId;
    const RID64 = `0x${'ab'.repeat(32)}`;
    const ROOT = `0x${'cd'.repeat(20)}`;
    assert.equal(client.receiptUrl(IOTA, RID), `http://node.example:9090/wasp/v1/chains/${IOTA}/core/blocklog/requests/${RID}`);
    assert.equal(client.receiptUrl(IOTA, RID, 7), `http://node.example:9090/wasp/v1/chains/${IOTA}/core/blocklog/requests/${RID}?block=7`);
    assert.equal(client.rebasedReceiptUrl(RID64), `http://node.example:9090/wasp/v1/chain/core/blocklog/requests/${RID64}`);
    assert.equal(client.rebasedReceiptUrl(RID64, ROOT), `http://node.example:9090/wasp/v1/chain/core/blocklog/requests/${RID64}?block=${ROOT}`);
    assert.equal(client.chainInfoUrl(IOTA), `http://node.example:9090/wasp/v1/chains/${IOTA}/core/governance/chaininfo`);
    assert.equal(client.chainInfoUrl(IOTA, '12'), `http://node.example:9090/wasp/v1/chains/${IOTA}/core/governance/chaininfo?block=12`);
    assert.equal(client.rebasedChainInfoUrl(), 'http://node.example:9090/wasp/v1/chain/core/governance/chaininfo');
    assert.equal(client.rebasedChainInfoUrl(0), 'http://node.example:9090/wasp/v1/chain/core/governance/chaininfo?block=0');
  });
});

describe('api/client: block indexes of the blocklog routes', () => {
  let node: LocalNode;
  before(async () => {
    node = await startLocalNode();
  });
  after(async () => {
    await node.close();
  });

  it('refuses an index below 0, above 2^32-1 or not whole, before any request', async () => {
    const client = new WaspClient({ baseUrl: node.url });
    node.clearRequests();
    for (const bad of [-1, 2 ** 32, 1.5, Number.NaN]) {
      await assert.rejects(client.getBlockInfo({ generation: 'stardust', chainId: IOTA }, bad), (e: unknown) => {
        assert.ok(e instanceof InvalidInputError);
        assert.equal(e.field, 'block');
        assert.equal(e.message, 'A block index is a whole number from 0 to 4294967295.');
        return true;
      });
      await assert.rejects(client.getBlockReceipts({ generation: 'rebased' }, bad), InvalidInputError);
    }
    assert.equal(node.requests.length, 0);
  });

  it('asks for 0, 2^32-1 and latest as they are', async () => {
    const client = new WaspClient({ baseUrl: node.url });
    node.clearRequests();
    for (const block of [0, 2 ** 32 - 1, 'latest'] as const) {
      await client.getBlockInfo({ generation: 'stardust', chainId: IOTA }, block).catch(() => undefined);
    }
    assert.deepEqual(
      node.requests.map((r) => r.path),
      [0, 4294967295, 'latest'].map((b) => `/v1/chains/${IOTA}/core/blocklog/blocks/${b}`),
    );
  });
});
