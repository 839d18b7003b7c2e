// The settings a user writes for a chain: each problem's exact text, what is trimmed, and where a
// list or an optional field is left out (config/model/chainConfig.ts).
import * as assert from 'node:assert/strict';
import { describeSource, nodeKey, resolveChains, validateEntry, type ChainSource, type ResolvedChain } from '../../../src/config/model/chainConfig';

const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const user: ChainSource = { scope: 'user' };
const workspace: ChainSource = { scope: 'workspace' };

function problems(r: ResolvedChain): string[] {
  return r.valid ? [] : r.invalid.problems;
}

describe('config/chainConfig: entries (problems)', () => {
  it('names each settings scope', () => {
    assert.equal(describeSource(user), 'User settings');
    assert.equal(describeSource(workspace), 'Workspace settings');
    assert.equal(describeSource({ scope: 'folder', folder: 'app' }), 'Folder settings (app)');
    assert.equal(describeSource({ scope: 'folder' }), 'Folder settings (?)');
  });

  it('skips an unset or null list, and flags a list that is not a list by its scope', () => {
    assert.deepEqual(
      resolveChains([
        { source: user, value: null },
        { source: workspace, value: undefined },
      ]),
      [],
    );
    assert.deepEqual(resolveChains([{ source: workspace, value: 'IOTA' }]), [
      {
        valid: false,
        invalid: { name: '(Workspace settings)', source: workspace, index: -1, problems: ['waspChain.chains must be a list of { name, nodeUrl, chainId }.'] },
      },
    ]);
  });

  it('refuses a second entry whose name differs only in case', () => {
    const r = resolveChains([
      { source: user, value: [{ name: 'iota', nodeUrl: 'http://a' }] },
      { source: workspace, value: [{ name: 'IOTA', nodeUrl: 'http://b' }] },
    ]);
    assert.deepEqual(problems(r[1]!), ['The name "IOTA" is already used in User settings: names must be unique.']);
  });

  it('tells a name that upper-cases like another from one that is the same', () => {
    // "ı" (dotless i) upper-cases to "I", as "i" does, but the names differ.
    const r = resolveChains([
      {
        source: user,
        value: [
          { name: 'chaın', nodeUrl: 'http://a' },
          { name: 'chain', nodeUrl: 'http://b' },
        ],
      },
    ]);
    assert.ok(!problems(r[1]!).some((p) => /already used/.test(p)), problems(r[1]!).join());
  });

  it('says an entry must be an object, for null and for a list', () => {
    for (const entry of [null, ['IOTA'], 7]) {
      assert.deepEqual(problems(validateEntry(entry, user, 2)), [
        'An entry must be an object { name, nodeUrl, chainId }.',
        'The entry has no name.',
        'The entry has no nodeUrl.',
      ]);
      const r = validateEntry(entry, user, 2);
      assert.equal(r.valid ? '' : r.invalid.name, '(entry 3)');
    }
  });

  it('trims the name, the node URL and the chain ID', () => {
    const r = validateEntry({ name: '\t\t IOTA \r\n', nodeUrl: '  http://h/wasp/api//  ', chainId: `  ${IOTA}  ` }, user, 0);
    assert.deepEqual(r, { valid: true, chain: { name: 'IOTA', nodeUrl: 'http://h/wasp/api', chainId: IOTA, generation: 'stardust', source: user } });
  });

  it('trims a Rebased chain ID before telling it from a Bech32 one', () => {
    const rebased = `0x${'C8'.repeat(32)}`;
    assert.deepEqual(validateEntry({ name: 'a', nodeUrl: 'http://h', chainId: `  ${rebased}  ` }, user, 0), {
      valid: true,
      chain: { name: 'a', nodeUrl: 'http://h', chainId: rebased.toLowerCase(), generation: 'rebased', source: user },
    });
  });

  it('finds an invisible character in the name as written, after the outer whitespace', () => {
    assert.deepEqual(problems(validateEntry({ name: '\tA\u200bB\t', nodeUrl: 'http://h' }, user, 0)), [
      'The name contains invisible or control characters (A⟨U+200B⟩B): they could disguise it as another chain.',
    ]);
  });

  it('takes names up to 100 characters', () => {
    assert.equal(validateEntry({ name: 'n'.repeat(100), nodeUrl: 'http://h' }, user, 0).valid, true);
    assert.deepEqual(problems(validateEntry({ name: 'n'.repeat(101), nodeUrl: 'http://h' }, user, 0)), ['The name is longer than 100 characters.']);
  });

  it('says the name and node URL are missing when blank', () => {
    assert.deepEqual(problems(validateEntry({ name: '  ', nodeUrl: '   ' }, user, 0)), ['The entry has no name.', 'The entry has no nodeUrl.']);
    assert.deepEqual(problems(validateEntry({ name: 'a', nodeUrl: 5 }, user, 0)), ['The entry has no nodeUrl.']);
  });

  it('takes a null or blank chain ID as left out', () => {
    for (const chainId of [null, '   ']) {
      assert.deepEqual(validateEntry({ name: 'a', nodeUrl: 'http://h', chainId }, user, 0), {
        valid: true,
        chain: { name: 'a', nodeUrl: 'http://h', chainId: '', generation: 'rebased', source: user },
      });
    }
  });

  it('checks the optional web URLs, trimmed, without trailing slashes on the explorer', () => {
    const r = validateEntry({ name: 'a', nodeUrl: 'http://h', explorerUrl: ' https://explorer.example/x// ', evmJsonRpcUrl: 'https://rpc.example/' }, user, 0);
    assert.deepEqual(r, {
      valid: true,
      chain: {
        name: 'a',
        nodeUrl: 'http://h',
        chainId: '',
        generation: 'rebased',
        source: user,
        explorerUrl: 'https://explorer.example/x',
        evmJsonRpcUrl: 'https://rpc.example/',
      },
    });
    assert.deepEqual(validateEntry({ name: 'a', nodeUrl: 'http://h', explorerUrl: null, evmJsonRpcUrl: '' }, user, 0), {
      valid: true,
      chain: { name: 'a', nodeUrl: 'http://h', chainId: '', generation: 'rebased', source: user },
    });
    assert.deepEqual(problems(validateEntry({ name: 'a', nodeUrl: 'http://h', explorerUrl: 'ftp://x', evmJsonRpcUrl: 42 }, user, 0)), [
      'explorerUrl must be an http(s) URL without credentials.',
      'evmJsonRpcUrl must be an http(s) URL without credentials.',
    ]);
  });

  it('trims any whitespace around a web URL, a no-break space too', () => {
    const r = validateEntry({ name: 'a', nodeUrl: 'http://h', evmJsonRpcUrl: '\u00a0https://rpc.example/v1\u00a0' }, user, 0);
    assert.equal(r.valid && r.chain.evmJsonRpcUrl, 'https://rpc.example/v1');
  });

  it('keys a node without trailing slashes', () => {
    assert.equal(nodeKey('http://h/wasp/api//'), 'http://h/wasp/api');
  });
});
