import { strict as assert } from 'node:assert';
import { nodeKey, resolveChains, validateEntry, type ChainSource } from '../../../src/config/model/chainConfig';

const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const SMR = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
const user: ChainSource = { scope: 'user' };
const workspace: ChainSource = { scope: 'workspace' };

describe('resolveChains', () => {
  it('merges user, workspace and folder lists in order, normalising URL and chain ID', () => {
    const r = resolveChains([
      { source: user, value: [{ name: 'IOTA', nodeUrl: 'https://api.example/wasp/api/', chainId: IOTA.toUpperCase() }] },
      { source: workspace, value: [{ name: 'Shimmer', nodeUrl: 'http://127.0.0.1:9090', chainId: SMR }] },
      { source: { scope: 'folder', folder: 'app' }, value: undefined },
    ]);
    assert.deepEqual(r, [
      { valid: true, chain: { name: 'IOTA', nodeUrl: 'https://api.example/wasp/api', chainId: IOTA, generation: 'stardust', source: user } },
      { valid: true, chain: { name: 'Shimmer', nodeUrl: 'http://127.0.0.1:9090', chainId: SMR, generation: 'stardust', source: workspace } },
    ]);
  });

  it('reports a bad URL, a bad checksum and a duplicate name, and keeps the valid entries', () => {
    const r = resolveChains([
      {
        source: user,
        value: [
          { name: 'A', nodeUrl: 'ftp://x', chainId: IOTA },
          { name: 'B', nodeUrl: 'http://h', chainId: `${IOTA.slice(0, -1)}6` },
          { name: 'C', nodeUrl: 'http://h', chainId: IOTA },
        ],
      },
      { source: workspace, value: [{ name: 'c', nodeUrl: 'http://other', chainId: SMR }, 'junk'] },
    ]);
    const problems = r.map((x) => (x.valid ? 'ok' : x.invalid.problems.join(' | ')));
    assert.match(problems[0] ?? '', /nodeUrl: .*http or https/);
    assert.match(problems[1] ?? '', /chainId: .*checksum/);
    assert.equal(problems[2], 'ok');
    assert.match(problems[3] ?? '', /already used in User settings/);
    assert.match(problems[4] ?? '', /must be an object/);
  });

  it('names an entry without a name by its position', () => {
    const [r] = resolveChains([{ source: user, value: [{ nodeUrl: 'http://h', chainId: IOTA }] }]);
    assert.equal(r && !r.valid && r.invalid.name, '(entry 1)');
  });

  it('rejects a list that is not a list', () => {
    const [r] = resolveChains([{ source: user, value: { name: 'x' } }]);
    assert.equal(r?.valid, false);
  });
});

describe('nodeKey', () => {
  it('keys tokens by origin and path, not by chain', () => {
    assert.equal(nodeKey('https://Host.Example:443/wasp/api/'), 'https://host.example/wasp/api');
    assert.notEqual(nodeKey('https://host/a'), nodeKey('https://host/b'));
    assert.notEqual(nodeKey('http://host'), nodeKey('https://host'));
  });
});

describe('validateEntry: node generations', () => {
  const user = { scope: 'user' as const };
  const REBASED = `0x${'C8'.repeat(32)}`;
  it('a Rebased entry may leave chainId out: the node runs one chain', () => {
    const r = validateEntry({ name: 'IOTA EVM', nodeUrl: 'https://api.example' }, user, 0);
    assert.deepEqual(r, { valid: true, chain: { name: 'IOTA EVM', nodeUrl: 'https://api.example', chainId: '', generation: 'rebased', source: user } });
  });
  it('a 0x + 64 hex chainId is Rebased (lower-cased); Bech32 is Stardust', () => {
    const r = validateEntry({ name: 'a', nodeUrl: 'http://h', chainId: REBASED }, user, 0);
    assert.ok(r.valid && r.chain.generation === 'rebased' && r.chain.chainId === REBASED.toLowerCase());
  });
  it('names what is wrong with other chain IDs, for either generation', () => {
    const problems = (chainId: unknown) => {
      const r = validateEntry({ name: 'a', nodeUrl: 'http://h', chainId }, user, 0);
      return r.valid ? [] : r.invalid.problems;
    };
    assert.match(problems('0x1234')[0] ?? '', /^chainId: A Rebased chain ID has 64 hex digits after 0x \(got 4\)/);
    assert.match(problems(42)[0] ?? '', /chainId must be a string/);
    assert.match(problems('iota1qqq')[0] ?? '', /^chainId: /);
  });
});
