// Tests of the local Wasp node fixture itself: if it drifts from how a real node answers, every
// test built on it proves the wrong thing.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { keccak_256 } from '@noble/hashes/sha3';
import {
  DEMO_BLOCKS,
  DEMO_CHAINS,
  DEMO_EVM_REVERT_REASON,
  DEMO_MALFORMED_CHAIN_ID,
  DEMO_RECEIPTS,
  DEMO_UNKNOWN_CHAIN_ID,
  DEMO_UNKNOWN_REQUEST_ID,
  abiEncodeErrorString,
  createDemoChains,
  type ReceiptJson,
} from '../fixtures/demoData';
import { startLocalNode, type LocalNode } from '../fixtures/localNode';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function call(url: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, json: parsed };
}

const IOTA = DEMO_CHAINS.iotaEvm;
const SMR = DEMO_CHAINS.shimmerEvm;
const receiptPath = (chain: string, rid: string, block?: string): string =>
  `/v1/chains/${chain}/core/blocklog/requests/${rid}${block === undefined ? '' : `?block=${block}`}`;
const govPath = (chain: string, block?: string): string => `/v1/chains/${chain}/core/governance/chaininfo${block === undefined ? '' : `?block=${block}`}`;

function obj(v: unknown): Record<string, unknown> {
  assert.ok(typeof v === 'object' && v !== null && !Array.isArray(v), `expected an object, got ${String(v)}`);
  return v as Record<string, unknown>;
}

describe('local Wasp node: demo data', () => {
  const chains = createDemoChains();
  const receipts = chains.flatMap((c) => c.receipts);

  it('uses valid Bech32 alias addresses as chain IDs, and a broken one as the malformed ID', () => {
    for (const id of [...Object.values(DEMO_CHAINS), DEMO_UNKNOWN_CHAIN_ID]) {
      const bytes = bech32.fromWords(bech32.decode(id, 90).words);
      assert.equal(bytes.length, 33);
      assert.equal(bytes[0], 8);
      assert.match(id, /^(iota|smr|rms|atoi|tst)1p[02-9ac-hj-np-z]{58}$/);
    }
    assert.throws(() => bech32.decode(DEMO_MALFORMED_CHAIN_ID, 90));
  });

  it('has well-formed request IDs; EVM ones are keccak256(raw tx) + 0000', () => {
    assert.match(DEMO_UNKNOWN_REQUEST_ID, /^0x[0-9a-f]{68}$/);
    for (const r of receipts) {
      assert.match(r.request.requestId, /^0x[0-9a-f]{68}$/);
      if (r.request.isOffLedger) assert.ok(r.request.requestId.endsWith('0000'));
      assert.equal(r.request.gasBudget, JSON.stringify(r.gasBudget), 'request.gasBudget is a quoted number');
      if (!r.request.isEVM) continue;
      const tx = r.request.params.Items.find((i) => i.key === '0x74');
      assert.ok(tx);
      const hash = Buffer.from(keccak_256(Buffer.from(tx.value.slice(2), 'hex'))).toString('hex');
      assert.equal(r.request.requestId, `0x${hash}0000`);
    }
  });

  it('encodes the EVM revert as ABI Error(string)', () => {
    const hex = abiEncodeErrorString(DEMO_EVM_REVERT_REASON).slice(2);
    assert.equal(hex.slice(0, 8), '08c379a0');
    assert.equal(BigInt(`0x${hex.slice(8, 72)}`), 32n);
    const len = Number(BigInt(`0x${hex.slice(72, 136)}`));
    assert.equal(Buffer.from(hex.slice(136, 136 + len * 2), 'hex').toString('utf8'), DEMO_EVM_REVERT_REASON);
    assert.equal((hex.length - 8) % 64, 0);
    const revert = receipts.find((r) => r.request.requestId === DEMO_RECEIPTS.evmRevert.requestId);
    assert.ok(revert);
    assert.deepEqual(revert.rawError, { code: 'a774', params: [`0x${hex}:string`] });
    assert.equal(revert.errorMessage, `execution reverted: 0x${hex}`);
  });

  it('keeps fees consistent with the fee policy in effect and burn logs adding up', () => {
    for (const c of chains) {
      for (const r of c.receipts) {
        const state = [...c.states].reverse().find((s) => s.blockIndex <= r.blockIndex);
        assert.ok(state);
        const { a, b } = state.governance.gasFeePolicy.gasPerToken;
        const g = BigInt(r.gasBurned);
        const fee = a === 0 ? 0n : (g * BigInt(b) + BigInt(a) - 1n) / BigInt(a);
        assert.equal(r.gasFeeCharged, fee.toString(), r.request.requestId);
        if (r.gasBurnLog.length > 0) {
          assert.equal(r.gasBurnLog.reduce((s, x) => s + x.gasBurned, 0).toString(), r.gasBurned);
        }
      }
    }
  });

  it('covers the showcase content: NFT metadata JSON, params text/JSON, big uint64, storage deposit', () => {
    const byId = new Map(receipts.map((r) => [r.request.requestId, r]));
    const nft = byId.get(DEMO_RECEIPTS.onLedgerNft.requestId);
    assert.ok(nft?.request.nft && nft.request.fungibleTokens);
    assert.equal(nft.request.isOffLedger, false);
    assert.notEqual(nft.storageDepositCharged, '0');
    assert.equal(JSON.parse(Buffer.from(nft.request.nft.metadata.slice(2), 'hex').toString('utf8')).standard, 'IRC27');
    for (const t of nft.request.fungibleTokens.nativeTokens) assert.match(t.id, /^0x[0-9a-f]{76}$/);
    for (const n of nft.request.fungibleTokens.nfts) assert.match(n, /^0x[0-9a-f]{64}$/);

    const params = byId.get(DEMO_RECEIPTS.gasBurnLogParams.requestId);
    assert.ok(params && params.request.params.Items.length >= 3 && params.gasBurnLog.length > 0);
    const values = params.request.params.Items.map((i) => Buffer.from(i.value.slice(2), 'hex').toString('utf8'));
    assert.ok(values.some((v) => v.includes('démo')));
    assert.ok(values.some((v) => v.startsWith('{') && typeof JSON.parse(v) === 'object'));

    const big = byId.get(DEMO_RECEIPTS.bigAmounts.requestId);
    assert.ok(big?.request.allowance);
    assert.equal(big.gasBudget, '18446744073709551615');
    assert.ok(BigInt(big.request.allowance.baseTokens) > BigInt(Number.MAX_SAFE_INTEGER));
  });
});

describe('local Wasp node: routes', () => {
  let node: LocalNode;
  before(async () => {
    node = await startLocalNode({ pathPrefix: '/wasp/api/' });
  });
  after(() => node.close());
  afterEach(() => node.clearFaults());

  it('serves under the prefix and answers version, auth info and unknown routes like a node', async () => {
    assert.match(node.url, /^http:\/\/127\.0\.0\.1:\d+\/wasp\/api$/);
    assert.deepEqual((await call(`${node.url}/v1/node/version`)).json, { version: '1.0.3' });
    assert.deepEqual((await call(`${node.url}/auth/info`)).json, { scheme: 'none', authURL: '' });
    const nf = await call(`${node.url}/v1/nothing`);
    assert.equal(nf.status, 404);
    assert.deepEqual(nf.json, { Message: 'Not Found', Error: '' }, "echo's global 404");
    assert.equal((await call(`${node.origin}/v1/node/version`)).status, 404, 'outside the prefix');
  });

  it('answers chain info with the wire key order, and null policies for an inactive chain', async () => {
    const a = await call(`${node.url}/v1/chains/${IOTA}`);
    assert.equal(a.status, 200);
    assert.match(a.headers.get('content-type') ?? '', /^application\/json/);
    const body = obj(a.json);
    assert.deepEqual(Object.keys(body), ['isActive', 'chainID', 'evmChainId', 'chainOwnerId', 'gasFeePolicy', 'gasLimits', 'publicURL', 'metadata']);
    assert.equal(body.isActive, true);
    assert.equal(body.evmChainId, 8822);
    const inactive = obj((await call(`${node.url}/v1/chains/${DEMO_CHAINS.inactive}`)).json);
    assert.equal(inactive.isActive, false);
    assert.equal(inactive.gasFeePolicy, null);
    assert.equal(inactive.gasLimits, null);
    const unknown = await call(`${node.url}/v1/chains/${DEMO_UNKNOWN_CHAIN_ID}`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.json, { Message: `Chain ID: ${DEMO_UNKNOWN_CHAIN_ID} not found`, Error: '' });
    const bad = await call(`${node.url}/v1/chains/${DEMO_MALFORMED_CHAIN_ID}`);
    assert.equal(bad.status, 400);
    assert.equal(obj(bad.json).Message, 'Invalid property: chainID');
  });

  it('answers receipts with the quirks and the node error bodies', async () => {
    const r = DEMO_RECEIPTS.evmSuccess;
    const ok = await call(`${node.url}${receiptPath(r.chainId, r.requestId)}`);
    assert.equal(ok.status, 200);
    const body = obj(ok.json);
    assert.deepEqual(body.rawError, { code: '', params: [] });
    assert.equal(obj(body.request).gasBudget, '"21000"');
    assert.ok(ok.text.includes('"Items":['));

    const missing = await call(`${node.url}${receiptPath(IOTA, DEMO_UNKNOWN_REQUEST_ID)}`);
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.json, { Message: 'Record not found', Error: 'no receipt' });
    const badId = await call(`${node.url}${receiptPath(IOTA, '0x1234')}`);
    assert.equal(badId.status, 400);
    assert.deepEqual(badId.json, { Message: 'Invalid property: requestID', Error: 'error parsing requestID: wrong length' });
    const unknownChain = await call(`${node.url}${receiptPath(DEMO_UNKNOWN_CHAIN_ID, r.requestId)}`);
    assert.equal(unknownChain.status, 500);
    assert.deepEqual(unknownChain.json, { message: 'Internal Server Error' });
    assert.equal((await call(`${node.url}${receiptPath(IOTA, r.requestId, 'abc')}`)).status, 500);
  });

  it('percent-decodes path segments', async () => {
    const r = DEMO_RECEIPTS.onLedgerNft;
    const enc = (s: string): string => [...s].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join('');
    const a = await call(`${node.url}/v1/chains/${enc(r.chainId)}/core/blocklog/requests/${enc(r.requestId)}`);
    assert.equal(a.status, 200);
  });

  it('selects the state by block index or trie root', async () => {
    const b = DEMO_BLOCKS.iotaEvm;
    const owner = async (block?: string): Promise<unknown> => obj((await call(`${node.url}${govPath(IOTA, block)}`)).json).chainOwnerId;
    const before = await owner(String(b.owner.blockIndex - 1));
    const after = await owner(String(b.owner.blockIndex));
    assert.notEqual(before, after);
    assert.equal(await owner(b.owner.trieRoot), after);
    assert.equal(await owner(), await owner(String(b.latest)));
    const fee = obj((await call(`${node.url}${govPath(IOTA, b.feePolicy.trieRoot)}`)).json).gasFeePolicy;
    const feeBefore = obj((await call(`${node.url}${govPath(IOTA, String(b.feePolicy.blockIndex - 1))}`)).json).gasFeePolicy;
    assert.notDeepEqual(fee, feeBefore);

    for (const bad of ['abc', String(b.latest + 1), `0x${'ab'.repeat(20)}`, '4294967296']) {
      const a = await call(`${node.url}${govPath(IOTA, bad)}`);
      assert.equal(a.status, 400, bad);
      assert.deepEqual(a.json, { Message: 'Failed to execute contract request', Error: `invalid block number: ${bad}` });
    }
    // A receipt does not exist in states before its block.
    const r = DEMO_RECEIPTS.evmRevert;
    assert.equal((await call(`${node.url}${receiptPath(IOTA, r.requestId, String(r.blockIndex))}`)).status, 200);
    assert.equal((await call(`${node.url}${receiptPath(IOTA, r.requestId, String(r.blockIndex - 1))}`)).status, 404);
    // The inactive chain is not running: 404 on chain info, 500 on receipts.
    assert.equal((await call(`${node.url}${govPath(DEMO_CHAINS.inactive)}`)).status, 404);
  });

  it('lets tests plant hostile data', async () => {
    node.setGovernance(SMR, 'latest', { metadata: { name: '<img src=x onerror=alert(1)>' } });
    const g = obj((await call(`${node.url}${govPath(SMR)}`)).json);
    assert.equal(obj(g.metadata).name, '<img src=x onerror=alert(1)>');
    assert.equal(obj(g.metadata).website, 'https://shimmer.network', 'other metadata fields kept');
    const base = createDemoChains()[0]?.receipts[0];
    assert.ok(base);
    const planted: ReceiptJson = { ...base, errorMessage: '\u202e<script>', blockIndex: 5 };
    node.setReceipt(IOTA, planted, DEMO_UNKNOWN_REQUEST_ID);
    const a = await call(`${node.url}${receiptPath(IOTA, DEMO_UNKNOWN_REQUEST_ID)}`);
    assert.equal(obj(a.json).errorMessage, '\u202e<script>');
    assert.ok(node.removeReceipt(IOTA, DEMO_UNKNOWN_REQUEST_ID));
  });
});

describe('local Wasp node: JWT', () => {
  let node: LocalNode;
  before(async () => {
    node = await startLocalNode({
      auth: {
        users: {
          reader: { password: 'r-pass', permissions: ['read'] },
          admin: { password: 'a-pass', permissions: ['write'] },
        },
      },
      chainPermissions: { [SMR]: 'write' },
      staticTokens: { 'static-read-token': ['read'] },
    });
  });
  after(() => node.close());

  const login = (body: unknown, contentType = 'application/json'): Promise<Answer> =>
    call(`${node.url}/auth`, { method: 'POST', headers: { 'Content-Type': contentType }, body: JSON.stringify(body) });
  const withToken = (path: string, token: string): Promise<Answer> => call(`${node.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });

  it('issues real HS256 tokens from POST /auth and rejects bad credentials', async () => {
    assert.deepEqual((await call(`${node.url}/auth/info`)).json, { scheme: 'jwt', authURL: '/auth' });
    const bad = await login({ username: 'reader', password: 'nope' });
    assert.equal(bad.status, 401);
    assert.deepEqual(bad.json, { error: {} });
    assert.equal((await login({ username: 'reader', password: 'r-pass' }, 'text/plain')).status, 415);

    const ok = await login({ username: 'reader', password: 'r-pass' });
    assert.equal(ok.status, 200);
    const jwt = String(obj(ok.json).jwt);
    const [h = '', c = ''] = jwt.split('.');
    assert.deepEqual(JSON.parse(Buffer.from(h, 'base64url').toString()), { alg: 'HS256', typ: 'JWT' });
    const claims = obj(JSON.parse(Buffer.from(c, 'base64url').toString()));
    assert.deepEqual(Object.keys(claims), ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti', 'permissions']);
    assert.equal(claims.sub, 'reader');
    assert.deepEqual(claims.permissions, { read: {} });
    assert.equal(Number(claims.exp) - Number(claims.iat), 86400);
    assert.equal((await withToken(`/v1/chains/${IOTA}`, jwt)).status, 200);
  });

  it('answers 401 for missing, expired and forged tokens', async () => {
    for (const auth of [undefined, node.issueToken({ expiresInSeconds: -60 }), node.issueToken({ secret: 'other' }), 'a.b']) {
      const a = auth === undefined ? await call(`${node.url}${govPath(IOTA)}`) : await withToken(govPath(IOTA), auth);
      assert.equal(a.status, 401);
      assert.equal(obj(a.json).Message, 'invalid or expired jwt');
      assert.equal(typeof obj(a.json).Error, 'string');
    }
    assert.match(String(obj((await withToken(govPath(IOTA), node.issueToken({ expiresInSeconds: -60 }))).json).Error), /expired/);
  });

  it('answers missing permission; write implies read; static tokens work', async () => {
    const read = node.issueToken({ permissions: ['read'] });
    const denied = await withToken(govPath(SMR), read);
    assert.equal(denied.status, 401);
    assert.deepEqual(denied.json, { missingPermission: 'write', error: 'Missing permission' });
    assert.equal((await withToken(govPath(SMR), node.issueToken({ permissions: ['write'] }))).status, 200);
    assert.equal((await withToken(govPath(IOTA), node.issueToken({ permissions: ['write'] }))).status, 200);
    assert.equal((await withToken(govPath(IOTA), 'static-read-token')).status, 200);
    const noPerm = await withToken(govPath(IOTA), node.issueToken({ permissions: [] }));
    assert.deepEqual(noPerm.json, { missingPermission: 'read', error: 'Missing permission' });
    // Version stays public.
    assert.equal((await call(`${node.url}/v1/node/version`)).status, 200);
  });
});

describe('local Wasp node: faults and recording', () => {
  let node: LocalNode;
  const gov = (): string => `${node.url}${govPath(IOTA)}`;
  beforeEach(async () => {
    node = await startLocalNode();
  });
  afterEach(() => node.close());

  it('applies a fault to the next N matching requests only', async () => {
    const f = node.inject({ route: 'chaininfo', times: 2, fault: { type: 'status', status: 500 } });
    assert.equal((await call(`${node.url}/v1/node/version`)).status, 200, 'other routes untouched');
    assert.equal((await call(gov())).status, 500);
    assert.deepEqual((await call(gov())).json, { message: 'Internal Server Error' });
    assert.equal((await call(gov())).status, 200);
    assert.equal(f.hits, 2);
  });

  it('serves HTML, truncated JSON, replaced bodies, redirects and Retry-After', async () => {
    node.inject({ times: 1, fault: { type: 'html', status: 502 } });
    const html = await call(gov());
    assert.equal(html.status, 502);
    assert.match(html.headers.get('content-type') ?? '', /^text\/html/);

    node.inject({ times: 1, fault: { type: 'truncated' } });
    const cut = await call(gov());
    assert.match(cut.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(cut.json, undefined, 'not parseable');
    assert.ok(cut.text.startsWith('{"chainID"'));

    node.inject({ times: 1, fault: { type: 'body', json: { chainID: 42 } } });
    assert.deepEqual((await call(gov())).json, { chainID: 42 });

    node.inject({ route: /governance/, times: 1, fault: { type: 'redirect', location: 'http://example.invalid/x', status: 307 } });
    const redirect = await fetch(gov(), { redirect: 'manual' });
    assert.equal(redirect.status, 307);
    assert.equal(redirect.headers.get('location'), 'http://example.invalid/x');

    node.inject({ times: 1, fault: { type: 'retryAfter', seconds: 7 } });
    const slow = await call(gov());
    assert.equal(slow.status, 429);
    assert.equal(slow.headers.get('retry-after'), '7');
  });

  it('streams a huge body of exactly the requested size, valid JSON with the real content', async () => {
    node.inject({ times: 1, fault: { type: 'huge', bytes: 3_000_000 } });
    const a = await call(gov());
    assert.equal(Buffer.byteLength(a.text), 3_000_000);
    assert.equal(obj(a.json).chainID, IOTA);
  });

  it('writes endlessly until the client aborts, and answers nothing on hang', async () => {
    node.inject({ times: 1, fault: { type: 'endless' } });
    const ac = new AbortController();
    const res = await fetch(gov(), { signal: ac.signal });
    assert.equal(res.status, 200);
    const reader = res.body?.getReader();
    assert.ok(reader);
    let got = 0;
    while (got < 1_000_000) {
      const { value, done } = await reader.read();
      assert.equal(done, false);
      got += value?.length ?? 0;
    }
    ac.abort();
    await reader.cancel().catch(() => undefined);

    node.inject({ times: 1, fault: { type: 'hang' } });
    await assert.rejects(fetch(gov(), { signal: AbortSignal.timeout(150) }));
    for (let i = 0; i < 50 && node.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(node.inFlight, 0);
  });

  it('resets connections and delays answers', async () => {
    node.inject({ times: 1, fault: { type: 'reset' } });
    await assert.rejects(fetch(gov()));
    node.inject({ times: 1, fault: { type: 'latency', ms: 120 } });
    const t0 = Date.now();
    assert.equal((await call(gov())).status, 200);
    assert.ok(Date.now() - t0 >= 100);
  });

  it('records requests and tracks concurrency', async () => {
    node.setLatency(80);
    await Promise.all([1, 2, 3, 4].map(() => call(`${gov()}?block=${DEMO_BLOCKS.iotaEvm.limits.blockIndex}`)));
    await call(`${node.url}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Test': 'yes' },
      body: '{"username":"u","password":"p"}',
    });
    assert.equal(node.maxConcurrent, 4);
    assert.equal(node.inFlight, 0);
    assert.equal(node.requests.length, 5);
    const first = node.requests[0];
    assert.ok(first);
    assert.equal(first.method, 'GET');
    assert.equal(first.route, 'chaininfo');
    assert.equal(first.query.block, String(DEMO_BLOCKS.iotaEvm.limits.blockIndex));
    assert.ok(first.url.endsWith(`?block=${DEMO_BLOCKS.iotaEvm.limits.blockIndex}`));
    const post = node.requests[4];
    assert.equal(post?.headers['x-test'], 'yes');
    assert.equal(post?.body, '{"username":"u","password":"p"}');
    node.clearRequests();
    assert.equal(node.requests.length, 0);
    assert.equal(node.maxConcurrent, 0);
  });

  it('close() ends hanging and endless requests promptly', async () => {
    node.inject({ route: 'chaininfo', fault: { type: 'hang' } });
    node.inject({ route: 'chain', fault: { type: 'endless' } });
    const hanging = fetch(gov());
    const endless = fetch(`${node.url}/v1/chains/${IOTA}`).then((r) => r.text());
    for (let i = 0; i < 100 && node.inFlight < 2; i++) await new Promise((r) => setTimeout(r, 5));
    assert.equal(node.inFlight, 2);
    const t0 = Date.now();
    await node.close();
    assert.ok(Date.now() - t0 < 500);
    await assert.rejects(hanging);
    await assert.rejects(endless);
  });
});
