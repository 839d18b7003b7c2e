// The JSON-RPC request as sent and an error answer's body (src/evm/model/jsonRpc.ts), through a fake
// fetch: JSON headers, the status of an HTTP error whatever its body's size, and quantities refused.
import * as assert from 'node:assert/strict';
import { parseQuantity, rpcCall } from '../../../../src/evm/model/jsonRpc';

const URL = 'https://rpc.example/evm';

describe('evm/model/jsonRpc: the request and an HTTP error', () => {
  it('posts JSON and asks for JSON', async () => {
    const seen: Array<Record<string, string>> = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      seen.push(Object.fromEntries(new Headers(init.headers).entries()));
      return new Response('{"jsonrpc":"2.0","id":1,"result":"0x1"}', { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    assert.deepEqual(await rpcCall(URL, 'eth_chainId', [], { fetch }), { ok: true, result: '0x1' });
    assert.equal(seen.length, 1);
    assert.equal(seen[0]?.['content-type'], 'application/json');
    assert.equal(seen[0]?.accept, 'application/json');
  });

  it('an HTTP error is told by its status, its body left unread however large', async () => {
    const fetch = (async () => new Response('x'.repeat(4096), { status: 502 })) as unknown as typeof globalThis.fetch;
    assert.deepEqual(await rpcCall(URL, 'eth_chainId', [], { fetch, maxBytes: 64 }), { ok: false, reason: 'http', detail: '502' });
  });
});

describe('evm/model/jsonRpc: quantities', () => {
  it('text that is no hex quantity is none', () => {
    assert.equal(parseQuantity('zz'), undefined);
    assert.equal(parseQuantity('12'), undefined);
    assert.equal(parseQuantity(12), undefined);
    assert.equal(parseQuantity(['0x1']), undefined);
  });
});
