// Where Load EVM Logs posts (src/evm/model/rpcTarget.ts): the node's own JSON-RPC by default (both
// generations), the entry's evmJsonRpcUrl over it, and a URL from the node's metadata only offered,
// with what is notable about its host: loopback, private, link-local, or another site than the node.
import * as assert from 'node:assert/strict';
import { addressConcern, evmRpcTarget, metadataRpc, nodeJsonRpcUrl } from '../../../../src/evm/model/rpcTarget';

const STARDUST_ID = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const rebased = (nodeUrl: string, evmJsonRpcUrl?: string) => ({ nodeUrl, generation: 'rebased' as const, chainId: '', evmJsonRpcUrl });
const stardust = (nodeUrl: string) => ({ nodeUrl, generation: 'stardust' as const, chainId: STARDUST_ID });

describe('evm/model/rpcTarget: where Load EVM Logs posts', () => {
  it("the node's own JSON-RPC on each generation, under the node URL's path prefix, without its query", () => {
    assert.equal(nodeJsonRpcUrl(rebased('https://node.example.org')), 'https://node.example.org/v1/chain/evm');
    assert.equal(nodeJsonRpcUrl(rebased('https://node.example.org/wasp/?x=1')), 'https://node.example.org/wasp/v1/chain/evm');
    assert.equal(nodeJsonRpcUrl(stardust('http://127.0.0.1:9090')), `http://127.0.0.1:9090/v1/chains/${STARDUST_ID}/evm`);
    assert.equal(nodeJsonRpcUrl({ ...stardust('http://n.example'), chainId: '../x' }), undefined);
    assert.equal(nodeJsonRpcUrl(rebased('file:///etc/passwd')), undefined);
  });

  it("the entry's evmJsonRpcUrl overrides the node's own; an unusable one does not", () => {
    assert.deepEqual(evmRpcTarget(rebased('https://node.example.org', 'https://rpc.example.net:8545/x')), {
      url: 'https://rpc.example.net:8545/x',
      host: 'rpc.example.net:8545',
      source: 'entry',
    });
    assert.deepEqual(evmRpcTarget(rebased('https://node.example.org')), {
      url: 'https://node.example.org/v1/chain/evm',
      host: 'node.example.org',
      source: 'node',
    });
    assert.equal(
      evmRpcTarget(rebased('https://node.example.org', '\u00a0https://rpc.example/\u00a0'))?.url,
      'https://rpc.example/',
      'a no-break space trimmed',
    );
    for (const bad of ['', '  ', 'javascript:alert(1)', 'https://user:pw@rpc.example.net/', 'not a url']) {
      assert.equal(evmRpcTarget(rebased('https://node.example.org', bad))?.source, 'node', bad);
    }
  });

  it('a metadata URL is offered with its host unless it is unusable or the URL already asked', () => {
    const chain = rebased('https://node.example.org');
    const target = evmRpcTarget(chain);
    assert.deepEqual(metadataRpc(chain, target, 'https://json-rpc.example.org/'), {
      url: 'https://json-rpc.example.org/',
      host: 'json-rpc.example.org',
      concern: undefined,
    });
    assert.equal(metadataRpc(chain, target, 'https://node.example.org/v1/chain/evm'), undefined);
    assert.equal(metadataRpc(chain, target, ''), undefined);
    assert.equal(metadataRpc(chain, target, undefined), undefined);
    assert.equal(metadataRpc(chain, target, 'ftp://json-rpc.example.org/'), undefined);
  });

  it('the concern of each address: loopback, private, link-local, another site, the same site', () => {
    const node = 'https://node.example.org';
    const table: Array<[string, string | undefined]> = [
      ['http://169.254.169.254/latest/meta-data/', 'linkLocal'],
      ['http://169.254.0.1/', 'linkLocal'],
      ['http://10.0.0.1:8545/', 'private'],
      ['http://172.16.5.4/', 'private'],
      ['http://172.31.255.255/', 'private'],
      ['http://172.32.0.1/', 'otherSite'],
      ['http://192.168.1.1/', 'private'],
      ['http://100.64.0.1/', 'private'],
      ['http://127.0.0.1:8545/', 'loopback'],
      ['http://127.1.2.3/', 'loopback'],
      ['http://2130706433/', 'loopback'],
      ['http://0x7f.1/', 'loopback'],
      ['http://0.0.0.0/', 'loopback'],
      ['http://localhost:8545/', 'loopback'],
      ['http://rpc.localhost/', 'loopback'],
      ['http://[::1]:8545/', 'loopback'],
      ['http://[::]/', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', 'loopback'],
      ['http://[::ffff:169.254.169.254]/', 'linkLocal'],
      ['http://[::ffff:10.1.2.3]/', 'private'],
      ['http://[fc00::1]/', 'private'],
      ['http://[fd12:3456::1]/', 'private'],
      ['http://[fe80::1]/', 'linkLocal'],
      ['http://[febf::1]/', 'linkLocal'],
      ['http://[2001:db8::1]/', 'otherSite'],
      ['http://8.8.8.8/', 'otherSite'],
      ['https://json-rpc.evm.iotaledger.net/', 'otherSite'],
      ['https://evil.example/', 'otherSite'],
      ['https://json-rpc.example.org/', undefined],
      ['https://example.org/rpc', undefined],
      ['https://a.b.example.org./rpc', undefined],
    ];
    for (const [url, concern] of table) assert.equal(addressConcern(new URL(url), new URL(node)), concern, url);
  });

  it('a node on an IP address: only that same address is the same site; a loopback node does not make loopback safe', () => {
    assert.equal(addressConcern(new URL('http://203.0.113.7:8545/'), new URL('http://203.0.113.7:9090')), undefined);
    assert.equal(addressConcern(new URL('http://203.0.113.8/'), new URL('http://203.0.113.7:9090')), 'otherSite');
    assert.equal(addressConcern(new URL('http://127.0.0.1:8545/'), new URL('http://127.0.0.1:9090')), 'loopback');
    assert.equal(addressConcern(new URL('https://json-rpc.example.org/'), undefined), 'otherSite');
  });
});
