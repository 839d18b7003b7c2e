// The public networks Add Chain offers: the data file's entries each pass the settings' own checks
// and say their source; an entry that would not (a bad URL, a chain ID of the wrong generation, a
// missing JSON-RPC, an EVM chain ID that is no whole number) is never offered.
import { strict as assert } from 'node:assert';
import { validateEntry } from '../../../../src/config/model/chainConfig';
import { networkEntry, onPublicNetwork, PUBLIC_NETWORKS_CHECKED, publicNetworks } from '../../../../src/config/model/publicNetworks';

const IOTA_EVM = {
  id: 'iotaEvm',
  name: 'IOTA EVM',
  generation: 'rebased',
  nodeUrl: 'https://api.evm.iotaledger.net',
  chainId: '0x0dc448563a2c54778215b3d655b0d9f8f69f06cf80a4fc9eada72e96a49e409d',
  evmChainId: 8822,
  evmJsonRpcUrl: 'https://json-rpc.evm.iotaledger.net',
  explorerUrl: 'https://explorer.evm.iota.org',
  source: 'docs',
};

describe('config/model/publicNetworks: the networks Add Chain offers', () => {
  it('the data file: IOTA EVM (Rebased, 8822), IOTA EVM Testnet (JSON-RPC only, 1076) and ShimmerEVM (Stardust, legacy, 148), each a valid settings entry with its source', () => {
    const networks = publicNetworks();
    assert.deepEqual(
      networks.map((n) => [n.id, n.generation, n.evmChainId, n.legacy, n.nodeUrl !== undefined]),
      [
        ['iotaEvm', 'rebased', 8822n, false, true],
        ['iotaEvmTestnet', 'rebased', 1076n, false, false],
        ['shimmerEvm', 'stardust', 148n, true, true],
      ],
    );
    for (const n of networks) {
      const r = validateEntry(networkEntry(n), { scope: 'user' }, 0);
      assert.ok(r.valid !== false, n.id);
      assert.equal(r.chain.evmJsonRpcUrl, new URL(n.evmJsonRpcUrl).toString());
      if (r.valid === true) assert.equal(r.chain.generation, n.generation);
      else assert.equal(r.chain.evmChainId, n.evmChainId, 'the EVM-only entry keeps its EVM chain ID');
      assert.ok(n.source.length > 20, `${n.id} says where its values come from`);
    }
    assert.match(PUBLIC_NETWORKS_CHECKED, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual(Object.keys(networkEntry(networks[2]!)), ['name', 'nodeUrl', 'chainId', 'evmJsonRpcUrl'], 'no explorer where none is known');
  });

  it('the testnet adds an EVM-only entry: no nodeUrl, its JSON-RPC, EVM chain ID, ISC chain ID and explorer', () => {
    const testnet = publicNetworks().find((n) => n.id === 'iotaEvmTestnet');
    assert.ok(testnet);
    assert.deepEqual(networkEntry(testnet), {
      name: 'IOTA EVM Testnet',
      evmJsonRpcUrl: 'https://json-rpc.evm.testnet.iota.cafe',
      evmChainId: 1076,
      chainId: '0x2f11f5ea9d3c093c9cc2e329cf92e05aa00ac052ada96c4c14a2f6869a7cbcaf',
      explorerUrl: 'https://explorer.evm.testnet.iota.cafe',
    });
    const r = validateEntry(networkEntry(testnet), { scope: 'user' }, 0);
    assert.equal(r.valid, 'evmOnly');
  });

  it('an entry the settings would refuse is never offered', () => {
    const bad: Array<Record<string, unknown>> = [
      { ...IOTA_EVM, nodeUrl: 'ftp://api.example' },
      { ...IOTA_EVM, nodeUrl: 'https://user:pw@api.example' },
      { ...IOTA_EVM, chainId: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s' },
      { ...IOTA_EVM, chainId: '0x1234' },
      { ...IOTA_EVM, evmJsonRpcUrl: 'javascript:alert(1)' },
      { ...IOTA_EVM, evmJsonRpcUrl: undefined },
      { ...IOTA_EVM, explorerUrl: 'file:///etc/passwd' },
      { ...IOTA_EVM, evmChainId: 1.5 },
      { ...IOTA_EVM, evmChainId: '8822' },
      { ...IOTA_EVM, generation: 'other' },
      { ...IOTA_EVM, name: 'IOTA\u202eEVM' },
      { ...IOTA_EVM, source: undefined },
      // Without a web API: still the settings' checks, and its EVM chain ID must be kept.
      { ...IOTA_EVM, nodeUrl: undefined, evmJsonRpcUrl: 'http://user:pw@rpc.example' },
      { ...IOTA_EVM, nodeUrl: undefined, evmChainId: 2 ** 60 },
      { ...IOTA_EVM, nodeUrl: undefined, generation: 'stardust', chainId: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s' },
      { ...IOTA_EVM, nodeUrl: 5 },
    ];
    for (const entry of bad) assert.deepEqual(publicNetworks([entry]), [], JSON.stringify(entry));
    assert.deepEqual(publicNetworks('not a list'), []);
    assert.equal(publicNetworks([IOTA_EVM, null, 7]).length, 1);
  });
});

describe('config/model/publicNetworks: onPublicNetwork', () => {
  it("knows a chain on a public network by its web API's or JSON-RPC's origin, whatever the path", () => {
    assert.equal(onPublicNetwork(['https://api.evm.iotaledger.net']), true);
    assert.equal(onPublicNetwork(['https://API.evm.iotaledger.net/v1/']), true);
    assert.equal(onPublicNetwork([undefined, 'https://json-rpc.evm.testnet.iota.cafe']), true);
    assert.equal(onPublicNetwork(['http://127.0.0.1:9090', undefined]), false);
    assert.equal(onPublicNetwork(['https://api.evm.iotaledger.net.example.org']), false);
    assert.equal(onPublicNetwork(['not a url']), false);
  });
});
