// The node API of a chain (src/api/chainApi.ts), one implementation per generation (stardustChain.ts,
// rebasedChain.ts): the ID form each asks with, its URLs, the Rebased chain check, the EVM chain ID,
// and a client made only when a request goes out.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { type NodeChainSource, RebasedChain } from '../../../src/api/rebasedChain';
import type { RebasedChainResponse } from '../../../src/api/rebasedSchemas';
import { StardustChain } from '../../../src/api/stardustChain';
import { checkedRequestId, classifyRequestId, type RequestIdShape } from '../../../src/core/idShapes';

const NODE = 'https://node.example/wasp/api';
const STARDUST_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const REBASED_CHAIN = `0x${'ab'.repeat(32)}`;
const H64 = `0x${'cd'.repeat(32)}`;
const H68 = `0x${'ef'.repeat(34)}`;

function shape(id: string): RequestIdShape {
  const c = classifyRequestId(id);
  assert.ok(c, id);
  return c;
}

function nodeChain(answer: Partial<RebasedChainResponse> | undefined): NodeChainSource {
  const full = answer as RebasedChainResponse | undefined;
  return { known: () => full, read: () => Promise.resolve(full) };
}

const client = () => new WaspClient({ baseUrl: NODE });

describe('api/chainApi: the node API of a chain, one implementation per generation', () => {
  it('asks a Stardust chain with 68-hex IDs, and with a hash + 0000 only when allowed', () => {
    const api = new StardustChain(client, STARDUST_CHAIN);
    assert.equal(api.requestIdFor(shape(H68), false), H68);
    assert.equal(api.requestIdFor(shape(H64), false), undefined);
    assert.equal(api.requestIdFor(shape(H64), true), `${H64}0000`);
  });

  it('never asks a Rebased chain with a 68-hex Stardust ID', () => {
    const api = new RebasedChain(client, '', nodeChain(undefined));
    assert.equal(api.requestIdFor(shape(H64)), H64);
    assert.equal(api.requestIdFor(shape(H68)), undefined);
  });

  it("shows each generation's own URLs for a receipt, the chain info and the chain's identity", () => {
    const stardust = new StardustChain(client, STARDUST_CHAIN);
    const rebased = new RebasedChain(client, '', nodeChain(undefined));
    assert.equal(stardust.receiptUrl(H68, 7), `${NODE}/v1/chains/${STARDUST_CHAIN}/core/blocklog/requests/${H68}?block=7`);
    assert.equal(rebased.receiptUrl(H64), `${NODE}/v1/chain/core/blocklog/requests/${H64}`);
    assert.equal(stardust.chainInfoUrl(), `${NODE}/v1/chains/${STARDUST_CHAIN}/core/governance/chaininfo`);
    assert.equal(rebased.chainInfoUrl(3), `${NODE}/v1/chain/core/governance/chaininfo?block=3`);
    assert.equal(stardust.identityUrl(), `${NODE}/v1/chains/${STARDUST_CHAIN}`);
    assert.equal(rebased.identityUrl(), `${NODE}/v1/chain`);
  });

  it('says when a Rebased node runs another chain than the entry names, and only then', async () => {
    const other = `0x${'12'.repeat(32)}`;
    assert.equal(await new RebasedChain(client, REBASED_CHAIN, nodeChain({ chainID: other.toUpperCase().replace('0X', '0x') })).otherNodeChain(), other);
    assert.equal(await new RebasedChain(client, REBASED_CHAIN, nodeChain({ chainID: REBASED_CHAIN })).otherNodeChain(), undefined);
    assert.equal(await new RebasedChain(client, '', nodeChain({ chainID: other })).otherNodeChain(), undefined, 'the entry leaves the chain to the node');
    assert.equal(await new RebasedChain(client, REBASED_CHAIN, nodeChain(undefined)).otherNodeChain(), undefined, 'no chain: the receipt says');
    assert.equal(await new StardustChain(client, STARDUST_CHAIN).otherNodeChain(), undefined, 'the route names the chain');
  });

  it("reads the EVM chain ID from a Rebased node's answer, never from a Stardust node, and never throws", async () => {
    const rebased = new RebasedChain(client, '', nodeChain({ chainID: REBASED_CHAIN, evmChainId: 8822 }));
    assert.equal(await rebased.evmChainId(), 8822n);
    assert.equal(rebased.knownEvmChainId(), 8822n);
    const failing = new RebasedChain(client, '', { known: () => undefined, read: () => Promise.reject(new Error('unreachable')) });
    assert.equal(await failing.evmChainId(), undefined);
    assert.equal(failing.knownEvmChainId(), undefined);
    const stardust = new StardustChain(() => assert.fail('a Stardust node is not asked'), STARDUST_CHAIN);
    assert.equal(await stardust.evmChainId(), undefined);
    assert.equal(stardust.knownEvmChainId(), undefined);
  });

  it('makes its client only when a request goes out (an untrusted chain fails its requests, not its choice)', () => {
    let made = 0;
    const api = new StardustChain(() => {
      made++;
      throw new Error('not contacted');
    }, STARDUST_CHAIN);
    assert.equal(api.requestIdFor(shape(H68), false), H68);
    assert.equal(made, 0);
    assert.throws(() => api.receiptUrl(H68), /not contacted/);
    assert.equal(made, 1);
  });

  it("takes the shape of a lookup's key from its length, without a second check", () => {
    assert.deepEqual(checkedRequestId(H64), { id: H64, shape: 'hex64' });
    assert.deepEqual(checkedRequestId(H68), { id: H68, shape: 'hex68' });
  });
});
