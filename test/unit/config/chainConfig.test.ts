import { strict as assert } from 'node:assert';
import { nodeKey, resolveChains, type ChainSource } from '../../../src/config/model/chainConfig';

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
      { valid: true, chain: { name: 'IOTA', nodeUrl: 'https://api.example/wasp/api', chainId: IOTA, source: user } },
      { valid: true, chain: { name: 'Shimmer', nodeUrl: 'http://127.0.0.1:9090', chainId: SMR, source: workspace } },
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
