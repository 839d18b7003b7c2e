// What the node API client (src/api/client.ts) reads from a route server that answers as a Stardust
// node would: a block's receipts in one request, each validated by the Stardust schema, and the
// token a sign-in returns, refused when it could not be sent back as a Bearer header.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { InvalidResponseError } from '../../../src/api/errors';
import { MAX_TOKEN_CHARS } from '../../../src/core/accessToken';
import { DEMO_CHAINS } from '../../fixtures/demoData';
import { useRouteServer } from '../helpers/routeServer';
import { stardustSampleText } from '../helpers/samples';

const IOTA = DEMO_CHAINS.iotaEvm;

describe('api/client: a Stardust block and a sign-in, from a route server', () => {
  const server = useRouteServer();

  it("reads a Stardust block's receipts in one request, each validated as a Stardust receipt", async () => {
    const path = `/v1/chains/${IOTA}/core/blocklog/blocks/7/receipts`;
    server.routes.set(path, { status: 200, body: `[${stardustSampleText('receipt-success-evm')},${stardustSampleText('receipt-failed-isc-offledger')}]` });
    const receipts = await new WaspClient({ baseUrl: server.base }).getBlockReceipts({ generation: 'stardust', chainId: IOTA }, 7);
    assert.deepEqual(
      receipts.map((r) => r.failed),
      [false, true],
    );
    assert.deepEqual(server.seen, [path]);
    server.routes.set(path, { status: 200, body: '[{"request":{}}]' });
    await assert.rejects(new WaspClient({ baseUrl: server.base }).getBlockReceipts({ generation: 'stardust', chainId: IOTA }, 7), InvalidResponseError);
  });

  it('a sign-in that returns a token no Bearer header can carry is an invalid response naming jwt, the token unquoted', async () => {
    for (const jwt of ['abc def', 'x'.repeat(MAX_TOKEN_CHARS + 1)]) {
      server.routes.set('/auth', { status: 200, body: JSON.stringify({ jwt }) });
      await assert.rejects(new WaspClient({ baseUrl: server.base }).login('alice', 'pw'), (e: unknown) => {
        assert.ok(e instanceof InvalidResponseError);
        assert.equal(e.field, 'jwt');
        assert.equal(e.message, `Invalid response: field "jwt": a Bearer token (token68 characters, at most ${MAX_TOKEN_CHARS})`);
        return true;
      });
    }
    server.routes.set('/auth', { status: 200, body: JSON.stringify({ jwt: 'abc.def' }) });
    assert.equal(await new WaspClient({ baseUrl: server.base }).login('alice', 'pw'), 'abc.def');
  });
});
