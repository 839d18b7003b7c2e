// The EVM JSON-RPC call at its edges, against a loopback server: the request it sends, the size
// cap at exactly its limit, an error without a message, a receipt without status, and which URLs
// and hashes are asked at all; and the explorer links at their edges.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseJsonExact } from '../../../src/api/json';
import { RebasedReceiptSchema } from '../../../src/api/rebasedSchemas';
import { englishL10n } from '../../../src/core/l10n';
import { explorerAddressUrl, explorerBase, explorerTxUrl, iotaExplorerUrl, l1ExplorerRows } from '../../../src/receipts/model/explorer';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';

const HASH = `0x${'AB'.repeat(32)}`;

describe('evm/model/jsonRpc: edges', () => {
  let server: Server;
  let base: string;
  const seen: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const bodies: Record<string, string> = {
    '/nostatus': JSON.stringify({ result: { logs: [] } }),
    '/codeonly': JSON.stringify({ error: { code: -32601 } }),
    '/bare': JSON.stringify({ error: {} }),
    '/exact': JSON.stringify({ result: { logs: [], pad: 'x'.repeat(100) } }),
    '/badhex': JSON.stringify({ result: { logs: [{ address: 'ab', topics: [], data: '0x' }] } }),
  };
  beforeEach(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(bodies[req.url ?? ''] ?? '{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    seen.length = 0;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
  });
  const ask = (path: string, o: { maxBytes?: number; hash?: string } = {}) =>
    fetchEvmLogs(`${base}${path}`, o.hash ?? HASH, { fetch: globalThis.fetch, maxBytes: o.maxBytes });

  it('posts one eth_getTransactionReceipt for the lower-cased hash, as JSON', async () => {
    assert.deepEqual(await ask('/nostatus'), { ok: true, logs: [], total: 0 });
    assert.equal(seen.length, 1);
    assert.deepEqual(JSON.parse(seen[0]?.body ?? ''), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH.toLowerCase()] });
    assert.equal(seen[0]?.headers['content-type'], 'application/json');
    assert.equal(seen[0]?.headers.accept, 'application/json');
  });

  it('an error names its message, else its code, else nothing; a log with bad hex is invalid', async () => {
    assert.deepEqual(await ask('/codeonly'), { ok: false, reason: 'rpcError', detail: '-32601' });
    assert.deepEqual(await ask('/bare'), { ok: false, reason: 'rpcError', detail: '' });
    assert.deepEqual(await ask('/badhex'), { ok: false, reason: 'invalid' });
  });

  it('reads a body of exactly the cap; one byte more is too large', async () => {
    const size = Buffer.byteLength(bodies['/exact'] ?? '');
    assert.deepEqual(await ask('/exact', { maxBytes: size }), { ok: true, logs: [], total: 0 });
    assert.deepEqual(await ask('/exact', { maxBytes: size - 1 }), { ok: false, reason: 'tooLarge' });
  });

  it('asks nothing for a hash that is not 0x + 64 hex, or a URL it may not open', async () => {
    for (const hash of [`${HASH}0`, `x${HASH}`, HASH.slice(0, -1)]) assert.deepEqual(await ask('/nostatus', { hash }), { ok: false, reason: 'badUrl' }, hash);
    assert.deepEqual(await fetchEvmLogs('file:///etc/passwd', HASH, { fetch: globalThis.fetch }), { ok: false, reason: 'badUrl' });
    assert.equal(seen.length, 0);
  });
});

describe('evm/model/explorer: links at their edges', () => {
  const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  it('a base without trailing slashes, query or fragment; a default by EVM chain ID', () => {
    assert.equal(explorerBase('https://scan.example/x///', undefined), 'https://scan.example/x');
    assert.equal(explorerBase(undefined, 8822n), 'https://explorer.evm.iota.org');
    assert.equal(explorerBase(undefined, 148n), 'https://explorer.evm.shimmer.network');
    assert.equal(explorerBase(undefined, 1n), undefined);
    assert.equal(explorerBase('https://scan.example/?q=1', 8822n), undefined);
    assert.equal(explorerBase('https://scan.example/#f', undefined), undefined);
  });
  it('a transaction or address link only for exact hashes and addresses', () => {
    const b = 'https://scan.example';
    assert.equal(explorerTxUrl(b, HASH), `${b}/tx/${HASH.toLowerCase()}`);
    assert.equal(explorerTxUrl(undefined, HASH), undefined);
    for (const h of [`${HASH}0`, `x${HASH}`]) assert.equal(explorerTxUrl(b, h), undefined, h);
    assert.equal(explorerAddressUrl(b, ADDRESS), `${b}/address/${ADDRESS}`);
    assert.equal(explorerAddressUrl(undefined, ADDRESS), undefined);
    for (const a of [`${ADDRESS}0`, `x${ADDRESS}`]) assert.equal(explorerAddressUrl(b, a), undefined, a);
    const id = `0x${'Cd'.repeat(32)}`;
    assert.equal(iotaExplorerUrl('testnet', 'object', id), `https://explorer.iota.org/object/${id.toLowerCase()}?network=testnet`);
    assert.equal(iotaExplorerUrl(undefined, 'object', id), undefined);
    for (const x of [`${id}0`, `x${id}`]) assert.equal(iotaExplorerUrl('mainnet', 'address', x), undefined, x);
  });
  it("a Rebased receipt's sender and objects in the IOTA explorer, numbered from 1", () => {
    const body = parseJsonExact(readFileSync(join(process.cwd(), 'test/fixtures/samples/rebased/receipt-success-onledger.json'), 'utf8'));
    const receipt = RebasedReceiptSchema.parse(body);
    const rows = l1ExplorerRows(receipt, 'mainnet', englishL10n);
    const obj = receipt.request.assets.objects[0]?.id ?? '';
    const allowed = receipt.request.allowance?.objects[0]?.id ?? '';
    const url = (kind: string, id: string) => `https://explorer.iota.org/${kind}/${id}?network=mainnet`;
    assert.deepEqual(rows, [
      {
        field: 'l1ExplorerSender',
        label: 'Sender in IOTA explorer',
        value: url('address', receipt.request.senderAccount),
        mono: true,
        link: { url: url('address', receipt.request.senderAccount), web: true },
      },
      { field: 'l1ExplorerAsset0', label: 'Object 1 in IOTA explorer', value: url('object', obj), mono: true, link: { url: url('object', obj), web: true } },
      {
        field: 'l1ExplorerAllowance0',
        label: 'Allowance object 1 in IOTA explorer',
        value: url('object', allowed),
        mono: true,
        link: { url: url('object', allowed), web: true },
      },
    ]);
    assert.deepEqual(l1ExplorerRows(receipt, undefined, englishL10n), []);
  });
});
