// What is notable about a JSON-RPC host at the edges of each range (src/evm/model/rpcTarget.ts
// addressConcern): public IPv4 addresses next to the private, link-local and multicast ranges, names
// that only look like addresses, IPv4-mapped IPv6 forms, multicast IPv6, sites told apart by their
// last two labels; and the node's own JSON-RPC under a path with several trailing slashes.
import * as assert from 'node:assert/strict';
import { addressConcern, metadataRpc, nodeJsonRpcUrl } from '../../../../src/evm/model/rpcTarget';

const NODE = new URL('https://node.example.org');
const concernOf = (url: string, node: URL | undefined = NODE) => addressConcern(new URL(url), node);

describe('evm/model/rpcTarget: public IPv4 addresses beside the special ranges', () => {
  it('an address that shares only one octet with a special range is public', () => {
    const table: Array<[string, string | undefined]> = [
      ['http://8.8.8.8/', 'otherSite'],
      ['http://169.1.2.3/', 'otherSite'],
      ['http://10.254.0.1/', 'private'],
      ['http://8.254.0.1/', 'otherSite'],
      ['http://172.15.0.1/', 'otherSite'],
      ['http://8.16.0.1/', 'otherSite'],
      ['http://192.1.1.1/', 'otherSite'],
      ['http://8.168.0.1/', 'otherSite'],
      ['http://100.1.1.1/', 'otherSite'],
      ['http://100.200.1.1/', 'otherSite'],
      ['http://8.64.1.1/', 'otherSite'],
      ['http://100.127.0.1/', 'private'],
      ['http://100.128.0.1/', 'otherSite'],
      ['http://224.0.0.1/', 'private'],
      ['http://223.255.255.255/', 'otherSite'],
      ['http://255.255.255.255/', 'private'],
    ];
    for (const [url, concern] of table) assert.equal(concernOf(url), concern, url);
  });

  it('a name that starts with an IPv4 address is a name, judged by its site', () => {
    assert.equal(concernOf('http://10.0.0.1.example.org/'), undefined);
    assert.equal(concernOf('http://127.0.0.1.evil.example/'), 'otherSite');
  });
});

describe('evm/model/rpcTarget: IPv6 forms', () => {
  it('only an address that is exactly ::ffff: and two groups is IPv4-mapped', () => {
    assert.equal(concernOf('http://[::ffff:a00:1]/'), 'private');
    assert.equal(concernOf('http://[::ffff:a00:1:2:3]/'), 'otherSite');
    assert.equal(concernOf('http://[1::ffff:a00:1]/'), 'otherSite');
  });

  it('a multicast address (ff00::/8) is private', () => {
    assert.equal(concernOf('http://[ff02::1]/'), 'private');
    assert.equal(concernOf('http://[ff05::1:3]:8545/'), 'private');
  });

  it('a public IPv6 address is the same site only when the node has that same address', () => {
    const node = new URL('http://[2001:db8::abcd]:9090/');
    assert.equal(concernOf('http://[2001:db8::abcd]:8545/', node), undefined);
    assert.equal(concernOf('http://[2001:db8::abce]:8545/', node), 'otherSite');
  });
});

describe('evm/model/rpcTarget: sites', () => {
  it('two names are one site only when their last two labels are the same labels', () => {
    assert.equal(concernOf('https://rpc.other.org/', new URL('https://a.example.org')), 'otherSite');
    assert.equal(concernOf('https://a.examplec.om/', new URL('https://b.example.com')), 'otherSite');
    assert.equal(concernOf('https://rpc.example.com/', new URL('https://b.example.com')), undefined);
  });

  it('a metadata URL is offered when there is no target asked yet', () => {
    const chain = { nodeUrl: 'https://node.example.org', generation: 'rebased' as const, chainId: '' };
    assert.deepEqual(metadataRpc(chain, undefined, 'http://10.1.2.3:8545/'), { url: 'http://10.1.2.3:8545/', host: '10.1.2.3:8545', concern: 'private' });
  });
});

describe("evm/model/rpcTarget: the node's own JSON-RPC", () => {
  it('every trailing slash of the node path is dropped before the JSON-RPC path', () => {
    const chain = { nodeUrl: 'https://node.example.org/wasp///', generation: 'rebased' as const, chainId: '' };
    assert.equal(nodeJsonRpcUrl(chain), 'https://node.example.org/wasp/v1/chain/evm');
  });
});
