// What a configured chain can answer (src/config/model/chainAbilities.ts), read from real settings
// entries: a chain with a node's web API of either generation answers everything, one known only by
// its EVM JSON-RPC answers transactions by hash and says how it is reached, an invalid entry is no chain.
import * as assert from 'node:assert/strict';
import { knownChainOf, nodeChainAbilities } from '../../../../src/config/model/chainAbilities';
import { resolveChains, type ChainSource } from '../../../../src/config/model/chainConfig';

const user: ChainSource = { scope: 'user' };
const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';

const configured = () =>
  resolveChains([
    {
      source: user,
      value: [
        { name: 'Stardust', nodeUrl: 'https://stardust.example', chainId: IOTA },
        { name: 'Rebased', nodeUrl: 'https://rebased.example' },
        { name: 'Anvil', evmJsonRpcUrl: 'http://127.0.0.1:8545' },
        { name: 'Broken', nodeUrl: 'ftp://nowhere' },
      ],
    },
  ]).map((r) => knownChainOf(r));

describe('config/model/chainAbilities: what a configured chain can answer', () => {
  let chains: ReturnType<typeof configured>;
  beforeEach(() => {
    chains = configured();
  });

  it('a chain with a web API of either generation answers receipts, governance, blocks, accounts, the feed and tokens, with no reach to say', () => {
    for (const chain of chains.slice(0, 2)) {
      assert.ok(chain);
      assert.deepEqual(
        { ...chain.can, stateChanges: 'by generation', replays: 'by generation' },
        {
          requestReceipts: true,
          evmTransactions: true,
          callTraces: true,
          stateChanges: 'by generation',
          replays: 'by generation',
          governance: true,
          blocks: true,
          l2Accounts: true,
          liveFeed: true,
          accessTokens: true,
        },
      );
      assert.equal(chain.reach, undefined);
    }
    assert.deepEqual(
      chains.slice(0, 2).map((c) => c?.name),
      ['Stardust', 'Rebased'],
    );
  });

  it('a replay needs the prestate tracer: a Rebased node has it, a Stardust one has not, an EVM JSON-RPC is asked', () => {
    assert.deepEqual(
      chains.slice(0, 3).map((c) => c?.can.replays),
      [false, true, true],
    );
  });

  it('state changes come from a node whose tracer has a diff mode: a Rebased node, not a Stardust one', () => {
    assert.equal(chains[0]?.can.stateChanges, false);
    assert.equal(chains[1]?.can.stateChanges, true);
    assert.equal(nodeChainAbilities({ generation: 'stardust' }).stateChanges, false);
    assert.equal(nodeChainAbilities({ generation: 'rebased' }).stateChanges, true);
  });

  it('a chain known only by its EVM JSON-RPC answers transactions by hash with their traces only, and says what reaches it', () => {
    const anvil = chains[2];
    assert.ok(anvil);
    assert.equal(anvil.name, 'Anvil');
    assert.deepEqual(
      Object.entries(anvil.can)
        .filter(([, can]) => can)
        .map(([what]) => what),
      ['evmTransactions', 'callTraces', 'stateChanges', 'replays'],
    );
    assert.equal(anvil.reach, 'Known only by its EVM JSON-RPC (http://127.0.0.1:8545/).');
  });

  it('an invalid entry is no chain', () => {
    assert.equal(chains[3], undefined);
  });
});
