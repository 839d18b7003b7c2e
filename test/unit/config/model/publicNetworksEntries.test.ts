// The rules one data-file entry meets before Add Chain offers it, one field at a time (each
// missing, mistyped or out of range alone), and the exact network an entry becomes: no key for a
// value it lacks. Built in the test; no data file, no network.
import { strict as assert } from 'node:assert';
import { onPublicNetwork, publicNetworks, type PublicNetwork } from '../../../../src/config/model/publicNetworks';

const CHAIN_ID = '0x0dc448563a2c54778215b3d655b0d9f8f69f06cf80a4fc9eada72e96a49e409d';
const ENTRY = {
  id: 'net',
  name: 'Net',
  generation: 'rebased',
  nodeUrl: 'https://api.net.example',
  chainId: CHAIN_ID,
  evmChainId: 7,
  evmJsonRpcUrl: 'https://rpc.net.example',
  explorerUrl: 'https://explorer.net.example',
  source: 'a test',
};

describe('config/model/publicNetworks: one entry, field by field', () => {
  it('a complete entry becomes exactly its network; one without an explorer or a web API has no key for it', () => {
    assert.deepStrictEqual(publicNetworks([ENTRY]), [
      {
        id: 'net',
        name: 'Net',
        generation: 'rebased',
        legacy: false,
        chainId: CHAIN_ID,
        evmChainId: 7n,
        evmJsonRpcUrl: 'https://rpc.net.example',
        source: 'a test',
        nodeUrl: 'https://api.net.example',
        explorerUrl: 'https://explorer.net.example',
      },
    ]);
    const bare: PublicNetwork[] = publicNetworks([{ ...ENTRY, nodeUrl: undefined, explorerUrl: undefined, legacy: true }]);
    assert.deepStrictEqual(bare, [
      {
        id: 'net',
        name: 'Net',
        generation: 'rebased',
        legacy: true,
        chainId: CHAIN_ID,
        evmChainId: 7n,
        evmJsonRpcUrl: 'https://rpc.net.example',
        source: 'a test',
      },
    ]);
  });

  it('each required field missing, empty or not a string on its own: the entry is not offered', () => {
    for (const key of ['id', 'name', 'chainId', 'evmJsonRpcUrl', 'source', 'generation']) {
      for (const value of [undefined, '', 42]) assert.deepStrictEqual(publicNetworks([{ ...ENTRY, [key]: value }]), [], `${key}: ${String(value)}`);
    }
  });

  it('the EVM chain ID must be a positive whole number: 0 and -5 are refused, 1 is kept', () => {
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, evmChainId: 0 }]), []);
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, evmChainId: -5 }]), []);
    assert.deepStrictEqual(
      publicNetworks([{ ...ENTRY, evmChainId: 1 }]).map((n) => n.evmChainId),
      [1n],
    );
  });

  it('a web API that is not a string, or not a node URL, is refused rather than dropped', () => {
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, nodeUrl: 5 }]), []);
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, nodeUrl: 'ftp://api.net.example' }]), []);
  });

  it('a value the settings would change or drop is refused: a chain ID with a space, an empty explorer', () => {
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, chainId: `${CHAIN_ID} ` }]), []);
    assert.deepStrictEqual(publicNetworks([{ ...ENTRY, explorerUrl: '' }]), []);
  });

  it('an entry known only by its JSON-RPC must be Rebased', () => {
    const stardust = { ...ENTRY, nodeUrl: undefined, generation: 'stardust', chainId: 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s' };
    assert.deepStrictEqual(publicNetworks([stardust]), []);
    assert.deepStrictEqual(publicNetworks([{ ...stardust, nodeUrl: 'https://api.net.example' }]).length, 1);
  });

  it('a list of networks that is no list at all (a number, an object) offers none', () => {
    assert.deepStrictEqual(publicNetworks(5), []);
    assert.deepStrictEqual(publicNetworks({ length: 1, 0: ENTRY }), []);
  });
});

describe('config/model/publicNetworks: onPublicNetwork with networks given', () => {
  it('a URL that does not parse matches only the same text, never another unparseable one', () => {
    const [net] = publicNetworks([{ ...ENTRY, nodeUrl: undefined }]);
    assert.ok(net);
    const odd: PublicNetwork = { ...net, evmJsonRpcUrl: 'not a url' };
    assert.equal(onPublicNetwork(['not a url'], [odd]), true);
    assert.equal(onPublicNetwork(['another bad url'], [odd]), false);
    assert.equal(onPublicNetwork([undefined], [net]), false);
    assert.equal(onPublicNetwork(['https://RPC.net.example/x'], [net]), true);
  });
});
