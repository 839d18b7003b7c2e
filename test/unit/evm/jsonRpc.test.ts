import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchEvmLogs } from '../../../src/evm/model/jsonRpc';

const HASH = `0x${'12'.repeat(32)}`;
const LOG = { address: `0x${'ab'.repeat(20)}`, topics: [`0x${'cd'.repeat(32)}`], data: '0x' };

describe('evm/model/jsonRpc', () => {
  let server: Server;
  let base: string;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const seen: Array<{ path: string; body: string; cookie?: string; auth?: string }> = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const path = req.url ?? '/';
        seen.push({
          path,
          body,
          ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
          ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
        });
        const reply = (status: number, text: string) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(text);
        };
        if (path === '/ok') reply(200, JSON.stringify({ jsonrpc: '2.0', id: 1, result: { status: '0x1', logs: Array.from({ length: 600 }, () => LOG) } }));
        else if (path === '/null') reply(200, '{"jsonrpc":"2.0","id":1,"result":null}');
        else if (path === '/error') reply(200, '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"boom"}}');
        else if (path === '/html') reply(200, '<html>');
        else if (path === '/badlog') reply(200, JSON.stringify({ result: { logs: [{ ...LOG, topics: ['zz'] }] } }));
        else if (path === '/huge') reply(200, `{"result":{"logs":[],"pad":"${'x'.repeat(3000)}"}}`);
        else if (path === '/redirect') {
          res.writeHead(302, { location: '/ok' });
          res.end();
        } else if (path === '/slow') timers.push(setTimeout(() => reply(200, '{"result":null}'), 2000));
        else reply(500, 'no');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    server.close();
  });

  const ask = (path: string, extra: { timeoutMs?: number; maxBytes?: number } = {}) =>
    fetchEvmLogs(`${base}${path}`, HASH, { fetch: globalThis.fetch, ...extra });

  it('POSTs one eth_getTransactionReceipt with the hash only, no cookie or token; logs capped with their total', async () => {
    seen.length = 0;
    const r = await ask('/ok');
    assert.ok(r.ok);
    assert.equal(r.logs.length, 500);
    assert.equal(r.total, 600);
    assert.equal(seen.length, 1);
    assert.deepEqual(JSON.parse(seen[0]?.body ?? ''), { jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [HASH] });
    assert.equal(seen[0]?.cookie, undefined);
    assert.equal(seen[0]?.auth, undefined);
  });

  it('every failure is an outcome, never an exception', async () => {
    assert.deepEqual(await ask('/null'), { ok: false, reason: 'notFound' });
    assert.deepEqual(await ask('/error'), { ok: false, reason: 'rpcError', detail: 'boom' });
    assert.deepEqual(await ask('/html'), { ok: false, reason: 'invalid' });
    assert.deepEqual(await ask('/badlog'), { ok: false, reason: 'invalid' });
    assert.deepEqual(await ask('/missing'), { ok: false, reason: 'http', detail: '500' });
    assert.deepEqual(await ask('/huge', { maxBytes: 1000 }), { ok: false, reason: 'tooLarge' });
    assert.deepEqual(await ask('/slow', { timeoutMs: 200 }), { ok: false, reason: 'timeout' });
    assert.equal((await ask('/redirect')).ok, false, 'a redirect is not followed');
    assert.deepEqual(await fetchEvmLogs('javascript:alert(1)', HASH, { fetch: globalThis.fetch }), { ok: false, reason: 'badUrl' });
  });
});
