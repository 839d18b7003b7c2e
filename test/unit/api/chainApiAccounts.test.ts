// What accounts and the live feed ask of a chain's API (src/api/chainApi.ts), one implementation per
// generation (stardustChain.ts, rebasedChain.ts): the agent checked for the chain, the account shape
// (src/api/accountShape.ts: base token, where the wei remainder comes from, the chain an agent ID
// names, the L1 addresses an explorer shows), and the chain an entry reads. Agents and chain IDs
// are the ones the node's own samples carry (test/fixtures/samples).
import * as assert from 'node:assert/strict';
import { REBASED_ACCOUNT_SHAPE, stardustAccountShape } from '../../../src/api/accountShape';
import type { WaspClient } from '../../../src/api/client';
import { InvalidInputError } from '../../../src/api/errors';
import { REBASED_BASE_TOKEN } from '../../../src/api/accountShape';
import { RebasedChain, type NodeChainSource } from '../../../src/api/rebasedChain';
import { RebasedChainResponseSchema, type RebasedChainResponse } from '../../../src/api/rebasedSchemas';
import { StardustChain } from '../../../src/api/stardustChain';
import { plainRebasedSample, plainStardustSample, rebasedSample } from '../helpers/samples';
import { wsSample } from '../live/liveSamples';

const notAsked = (): WaspClient => assert.fail('the node is not asked');

/** The Rebased node's `/v1/chain` sample. */
const nodeChainAnswer = () => RebasedChainResponseSchema.parse(rebasedSample('chain'));
/** The Stardust chain of the samples (its /v1/ws events name it), and a sender of its network (`iota1…`, an L1 address). */
const STARDUST_CHAIN = wsSample('v1-ws-receipt').chainID as string;
const STARDUST_SENDER = (plainStardustSample('receipt-failed-isc-offledger').request as { senderAccount: string }).senderAccount;
/** A Rebased sender: an L1 address (0x + 64 hex), from the on-ledger receipt sample. */
const REBASED_SENDER = (plainRebasedSample('receipt-success-onledger').request as { senderAccount: string }).senderAccount;
const EVM = '0xDb3009babf5415B64ef64275f0f23A87E90Ea142';

function nodeChain(answer: RebasedChainResponse | undefined): NodeChainSource {
  return { known: () => answer, read: () => Promise.resolve(answer) };
}

describe('api/chainApi: the agent of an account read, checked for the chain', () => {
  it('a Stardust chain takes an EVM address as address@chainID, and refuses an agent of another chain', () => {
    const api = new StardustChain(notAsked, STARDUST_CHAIN);
    assert.deepEqual(api.parseAgent(EVM.toLowerCase()), { ok: true, agentId: `${EVM}@${STARDUST_CHAIN}`, kind: 'evm', evmAddress: EVM });
    assert.equal(api.parseAgent(STARDUST_SENDER).kind, 'address');
    const other = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
    assert.throws(
      () => api.parseAgent(`${EVM}@${other}`),
      (e: unknown) => e instanceof InvalidInputError && /another chain/.test(e.message),
    );
    assert.throws(() => api.parseAgent(REBASED_SENDER), /Rebased/);
  });

  it('a Rebased chain takes an EVM address as itself (EIP-55) and a 64-hex L1 address, and refuses a Stardust agent', () => {
    const api = new RebasedChain(notAsked, '', nodeChain(undefined));
    assert.deepEqual(api.parseAgent(EVM.toLowerCase()), { ok: true, agentId: EVM, kind: 'evm', evmAddress: EVM });
    assert.deepEqual(api.parseAgent(REBASED_SENDER), { ok: true, agentId: REBASED_SENDER, kind: 'address' });
    assert.throws(
      () => api.parseAgent(`${EVM}@${STARDUST_CHAIN}`),
      (e: unknown) => e instanceof InvalidInputError && /Stardust/.test(e.message),
    );
  });
});

describe('api/chainApi: the account shape of each generation', () => {
  it('Stardust: base units of its network, no remainder from eth_getBalance, agent IDs name the chain, no L1 explorer', () => {
    const shape = new StardustChain(notAsked, STARDUST_CHAIN).accounts;
    assert.deepEqual(shape.baseToken, { symbol: 'IOTA', decimals: 6, unit: 'base units' });
    assert.equal(shape.evmBalanceFromRpc, false);
    assert.equal(shape.agentIdChain, STARDUST_CHAIN);
    assert.equal(shape.l1Address({ kind: 'address', agentId: STARDUST_SENDER }), undefined);
    assert.deepEqual(stardustAccountShape('smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s').baseToken.symbol, 'SMR');
  });

  it('Rebased: nanos of IOTA, the remainder from eth_getBalance, no chain in an agent ID, an address agent is an L1 address', () => {
    const shape = new RebasedChain(notAsked, '', nodeChain(undefined)).accounts;
    assert.equal(shape, REBASED_ACCOUNT_SHAPE);
    assert.equal(shape.baseToken, REBASED_BASE_TOKEN);
    assert.equal(shape.evmBalanceFromRpc, true);
    assert.equal(shape.agentIdChain, undefined);
    assert.equal(shape.l1Address({ kind: 'address', agentId: REBASED_SENDER }), REBASED_SENDER);
    assert.equal(shape.l1Address({ kind: 'evm', agentId: EVM }), undefined);
    assert.equal(shape.l1Address({ kind: 'contract', agentId: '0x07cb02c1' }), undefined);
  });
});

describe('api/chainApi: the chain an entry reads', () => {
  it('Stardust: the one the entry names, without asking the node', async () => {
    assert.equal(await new StardustChain(notAsked, STARDUST_CHAIN).entryChainId(), STARDUST_CHAIN);
  });

  it('Rebased: the one the entry names without asking; else the one its node runs', async () => {
    const named = `0x${'ab'.repeat(32)}`;
    const never: NodeChainSource = { known: () => undefined, read: () => assert.fail('the node is not asked') };
    assert.equal(await new RebasedChain(notAsked, named, never).entryChainId(), named);
    const answer = nodeChainAnswer();
    assert.equal(await new RebasedChain(notAsked, '', nodeChain(answer)).entryChainId(), answer.chainID);
  });

  it('Rebased, the entry names none and the node runs none: the identity request says why', async () => {
    let asked = 0;
    const api = new RebasedChain(
      () => {
        asked++;
        throw new InvalidInputError('chain', 'not contacted');
      },
      '',
      nodeChain(undefined),
    );
    await assert.rejects(api.entryChainId(), /not contacted/);
    assert.equal(asked, 1);
  });
});
