// What differs between the node generations (src/api/traits.ts): one object per generation, reached
// from a chain's API or from a Generation through traitsOf, each difference pinned for both.
import * as assert from 'node:assert/strict';
import { WaspClient } from '../../../src/api/client';
import { RebasedChain } from '../../../src/api/rebasedChain';
import { StardustChain } from '../../../src/api/stardustChain';
import {
  EVERY_GENERATION,
  generationOfRoute,
  MIN_GAS_PER_REQUEST,
  REBASED_TRAITS,
  STARDUST_TRAITS,
  traitsOf,
  traitsOfDetected,
  type NodeChainReader,
} from '../../../src/api/traits';
import { englishL10n } from '../../../src/core/l10n';

const GWEI = 10n ** 9n;
const HASH = `0x${'ab'.repeat(32)}`;
const STARDUST_CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const client = () => new WaspClient({ baseUrl: 'https://node.example' });

describe('api/traits: one object per generation', () => {
  it('traitsOf gives each generation its own traits, and each says which generation it is', () => {
    assert.equal(traitsOf('stardust'), STARDUST_TRAITS);
    assert.equal(traitsOf('rebased'), REBASED_TRAITS);
    assert.equal(STARDUST_TRAITS.generation, 'stardust');
    assert.equal(REBASED_TRAITS.generation, 'rebased');
    assert.deepEqual(
      EVERY_GENERATION.map((t) => t.generation),
      ['stardust', 'rebased'],
    );
  });

  it("a chain's API carries the traits of its generation", () => {
    const nodeChain = { known: () => undefined, read: () => Promise.resolve(undefined) };
    assert.equal(new StardustChain(client, STARDUST_CHAIN).traits, STARDUST_TRAITS);
    assert.equal(new RebasedChain(client, '', nodeChain).traits, REBASED_TRAITS);
  });

  it('names each generation as the Chains view and the public networks do', () => {
    assert.equal(STARDUST_TRAITS.name(englishL10n), 'Stardust (Wasp 1.x)');
    assert.equal(REBASED_TRAITS.name(englishL10n), 'Rebased (Wasp 2.x)');
    assert.equal(STARDUST_TRAITS.networkName(englishL10n), 'Wasp 1 (Stardust), legacy');
    assert.equal(REBASED_TRAITS.networkName(englishL10n), 'Wasp 2 (Rebased)');
  });
});

describe('api/traits: gas and fees', () => {
  it('names burn codes in each generation’s own numbering', () => {
    assert.equal(STARDUST_TRAITS.burnCodeNames[27], 'evm');
    assert.equal(STARDUST_TRAITS.burnCodeNames[26], 'minimum gas per request');
    assert.equal(REBASED_TRAITS.burnCodeNames[21], 'evm');
    assert.equal(REBASED_TRAITS.burnCodeNames[20], 'minimum gas per request');
    assert.equal(STARDUST_TRAITS.burnCodeNames.length, 28);
    assert.equal(REBASED_TRAITS.burnCodeNames.length, 22);
  });

  it('Rebased: the minimum fee is 10000 gas at the transaction’s gas price, rounded up to a whole nano', () => {
    assert.equal(MIN_GAS_PER_REQUEST, 10_000n);
    assert.equal(REBASED_TRAITS.minimumFeeWei(10n * GWEI, {}), 100_000n * GWEI);
    assert.equal(REBASED_TRAITS.minimumFeeWei(1n, {}), GWEI);
  });

  it('Stardust: the minimum fee is 10000 gas at the chain’s gas per token, in wei; unknown decimals or policy: not known', () => {
    const feePolicy = { gasPerToken: { a: 100, b: 1 } };
    assert.equal(STARDUST_TRAITS.minimumFeeWei(123n, { feePolicy, baseDecimals: 6 }), 100n * 10n ** 12n);
    assert.equal(STARDUST_TRAITS.minimumFeeWei(123n, { feePolicy }), undefined);
    assert.equal(STARDUST_TRAITS.minimumFeeWei(123n, { baseDecimals: 6 }), undefined);
    assert.equal(STARDUST_TRAITS.minimumFeeWei(123n, { feePolicy, baseDecimals: 19 }), undefined);
  });

  it('Stardust takes exactly eth_gasPrice, Rebased at least it; each says how its fee follows from the gas', () => {
    assert.equal(STARDUST_TRAITS.gasPriceExact, true);
    assert.equal(REBASED_TRAITS.gasPriceExact, false);
    assert.equal(
      REBASED_TRAITS.feeRule(10_000_000_000n, englishL10n),
      'fee = ⌈gas burned × 10,000,000,000 wei ÷ 10^9⌉ nanos, at the transaction\u2019s gas price',
    );
    assert.equal(STARDUST_TRAITS.feeRule(10_000_000_000n, englishL10n), 'fee at the chain\u2019s gas per token (the EVM gas price follows it)');
  });

  it('Rebased shows the fee with decimals and no storage deposit; Stardust in base tokens with its storage deposit', () => {
    assert.deepEqual(REBASED_TRAITS.fee, { decimal: true, storageDeposit: false });
    assert.deepEqual(STARDUST_TRAITS.fee, { decimal: false, storageDeposit: true });
  });

  it('only the Wasp 2 tracer sends per-call logs, counts the intrinsic gas, has a state-change mode and a prestate tracer at all', () => {
    assert.deepEqual(REBASED_TRAITS.tracer, { callLogs: true, intrinsicGas: true, stateChanges: true, prestate: true });
    assert.deepEqual(STARDUST_TRAITS.tracer, { callLogs: false, intrinsicGas: false, stateChanges: false, prestate: false });
  });
});

describe('api/traits: IDs and routes', () => {
  it('an EVM request’s ID: the hash on Rebased, the hash and output index 0 on Stardust', () => {
    assert.equal(REBASED_TRAITS.evmShaped(HASH), true);
    assert.equal(REBASED_TRAITS.evmShaped(`${HASH}0000`), false);
    assert.equal(STARDUST_TRAITS.evmShaped(`${HASH}0000`), true);
    assert.equal(STARDUST_TRAITS.evmShaped(`${HASH}0001`), false);
    assert.equal(STARDUST_TRAITS.evmShaped(HASH), false);
  });

  it('says why an ID of the wrong form is not asked, in the words of the chain’s generation', () => {
    const rebased = REBASED_TRAITS.wrongRequestIdForm('R', 'hex68', englishL10n);
    assert.equal(rebased.message, 'R is a Rebased chain: its request IDs have 64 hex digits after 0x, not 68.');
    const hash = STARDUST_TRAITS.wrongRequestIdForm('S', 'hex64', englishL10n);
    assert.equal(hash.message, 'S is a Stardust chain: its request IDs have 68 hex digits after 0x.');
    assert.equal(hash.hint, 'Add 0000 to an EVM transaction hash, or turn on the setting waspChain.hover.evmTransactions.');
    assert.equal(STARDUST_TRAITS.wrongRequestIdForm('S', undefined, englishL10n).message, 'Not a request ID.');
  });

  it('the EVM JSON-RPC path: per chain on Stardust (a chain ID that is no path segment has none), one on Rebased', () => {
    assert.equal(STARDUST_TRAITS.evmJsonRpcPath(STARDUST_CHAIN), `/v1/chains/${STARDUST_CHAIN}/evm`);
    assert.equal(STARDUST_TRAITS.evmJsonRpcPath('iota1/../x'), undefined);
    assert.equal(REBASED_TRAITS.evmJsonRpcPath(''), '/v1/chain/evm');
  });

  it('tells which generation a web API route belongs to', () => {
    assert.equal(generationOfRoute(['chain', 'receipts', HASH]), 'rebased');
    assert.equal(generationOfRoute(['chains', STARDUST_CHAIN, 'receipts', HASH]), 'stardust');
    assert.equal(generationOfRoute(['requests', HASH]), 'stardust');
    for (const segments of [['chain'], ['chains'], ['node', 'version']]) {
      assert.equal(EVERY_GENERATION.filter((t) => t.ownsRoute(segments)).length, 1, `exactly one generation owns /${segments.join('/')}`);
    }
  });
});

describe('api/traits: the ISC magic contract and skip reasons', () => {
  it('names the token contracts under the magic prefix by each generation’s kinds', () => {
    assert.equal(STARDUST_TRAITS.magicTokenName('02', '05000000', englishL10n), 'ISC native token (ERC20, foundry 5)');
    assert.equal(STARDUST_TRAITS.magicTokenName('05', '', englishL10n), 'ISC external native token (ERC20)');
    assert.equal(REBASED_TRAITS.magicTokenName('02', '05000000', englishL10n), 'ISC coin (ERC20 wrapper)');
    assert.equal(REBASED_TRAITS.magicTokenName('05', '', englishL10n), undefined);
  });

  it('picks each generation’s own magic contract interfaces from the file of both', async () => {
    const file = await import('../../../src/evm/model/iscMagicAbis.json');
    const both = 'default' in file ? file.default : file;
    const [v1, v2] = [STARDUST_TRAITS.iscMagicAbisOf(both), REBASED_TRAITS.iscMagicAbisOf(both)];
    assert.deepEqual(Object.keys(v1).sort(), ['ISCAccounts', 'ISCPrivileged', 'ISCSandbox', 'ISCUtil']);
    assert.deepEqual(Object.keys(v2).sort(), ['ISCAccounts', 'ISCPrivileged', 'ISCSandbox', 'ISCUtil']);
    assert.notDeepEqual(v1.ISCSandbox, v2.ISCSandbox);
  });

  it('only Stardust has a skip reason of its own (on-ledger outputs)', () => {
    assert.match(STARDUST_TRAITS.ownSkipReason(englishL10n) ?? '', /^On-ledger: a time lock/);
    assert.equal(REBASED_TRAITS.ownSkipReason(englishL10n), undefined);
  });
});

describe('api/traits: the chains a node runs', () => {
  it('a Rebased node runs one chain, a Stardust node many', () => {
    assert.equal(REBASED_TRAITS.oneChainPerNode, true);
    assert.equal(STARDUST_TRAITS.oneChainPerNode, false);
  });

  it('the Chains view reads the governance info of the entry’s chain on Stardust, the node’s one chain on Rebased', async () => {
    const asked: string[] = [];
    const signal = new AbortController().signal;
    const reader = {
      getChainInfo: (chainId: string, o: { signal?: AbortSignal }) => {
        asked.push(`info ${chainId} ${String(o.signal === signal)}`);
        return Promise.reject(new Error('info'));
      },
      getRebasedChain: (o: { signal?: AbortSignal }) => {
        asked.push(`chain ${String(o.signal === signal)}`);
        return Promise.reject(new Error('chain'));
      },
    } as NodeChainReader;
    await assert.rejects(STARDUST_TRAITS.readChainState(reader, STARDUST_CHAIN, signal), /info/);
    await assert.rejects(REBASED_TRAITS.readChainState(reader, STARDUST_CHAIN, signal), /chain/);
    assert.deepEqual(asked, [`info ${STARDUST_CHAIN} true`, 'chain true']);
  });

  it('what detection found has traits only when it is a Wasp node', () => {
    assert.equal(traitsOfDetected({ kind: 'stardust', version: '1.0.3' }), STARDUST_TRAITS);
    assert.equal(traitsOfDetected({ kind: 'rebased', version: '2.0.2', chain: null }), REBASED_TRAITS);
    assert.equal(traitsOfDetected({ kind: 'unknown', said: 'an HTML page (HTTP 404)', answered: '' }), undefined);
    assert.equal(traitsOfDetected(undefined), undefined);
  });
});
