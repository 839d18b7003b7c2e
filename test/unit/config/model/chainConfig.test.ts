// Settings entries are untrusted input: each check of validateEntry and resolveChains, with the
// words a user reads, and the entry built when every check passes.
import * as assert from 'node:assert/strict';
import { describeSource, nodeKey, resolveChains, validateEntry, type ChainSource } from '../../../src/config/model/chainConfig';

const USER: ChainSource = { scope: 'user' };
const WS: ChainSource = { scope: 'workspace' };
const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const REBASED = `0x${'c8'.repeat(32)}`;
const problems = (entry: unknown) => {
  const r = validateEntry(entry, USER, 0);
  return r.valid ? [] : r.invalid.problems;
};

describe('config/model/chainConfig: each check of an entry', () => {
  it('builds the entry: trimmed name and URLs, the generation from the chain ID, optional URLs only when set', () => {
    assert.deepEqual(validateEntry({ name: '  IOTA EVM ', nodeUrl: ' https://node.example/api/// ', chainId: ` ${CHAIN} ` }, USER, 0), {
      valid: true,
      chain: { name: 'IOTA EVM', nodeUrl: 'https://node.example/api', chainId: CHAIN, generation: 'stardust', source: USER },
    });
    assert.deepEqual(
      validateEntry(
        { name: 'R', nodeUrl: 'http://n', chainId: REBASED, explorerUrl: ' https://scan.example/// ', evmJsonRpcUrl: 'https://rpc.example/' },
        WS,
        3,
      ),
      {
        valid: true,
        chain: {
          name: 'R',
          nodeUrl: 'http://n',
          chainId: REBASED,
          generation: 'rebased',
          source: WS,
          explorerUrl: 'https://scan.example',
          evmJsonRpcUrl: 'https://rpc.example/',
        },
      },
    );
    for (const chainId of [undefined, null, '', '   ']) {
      const r = validateEntry({ name: 'R', nodeUrl: 'http://n', chainId, explorerUrl: '', evmJsonRpcUrl: null }, USER, 0);
      assert.deepEqual(r, { valid: true, chain: { name: 'R', nodeUrl: 'http://n', chainId: '', generation: 'rebased', source: USER } }, String(chainId));
    }
  });

  it('names what is wrong, every problem at once', () => {
    assert.deepEqual(problems(null), ['An entry must be an object { name, nodeUrl, chainId }.', 'The entry has no name.', 'The entry has no nodeUrl.']);
    assert.deepEqual(problems([]), ['An entry must be an object { name, nodeUrl, chainId }.', 'The entry has no name.', 'The entry has no nodeUrl.']);
    assert.deepEqual(problems({ name: ' ', nodeUrl: ' ' }), ['The entry has no name.', 'The entry has no nodeUrl.']);
    assert.deepEqual(problems({ name: 5, nodeUrl: 5 }), ['The entry has no name.', 'The entry has no nodeUrl.']);
    assert.deepEqual(problems({ name: 'x'.repeat(100), nodeUrl: 'http://n' }), []);
    assert.deepEqual(problems({ name: 'x'.repeat(101), nodeUrl: 'http://n' }), ['The name is longer than 100 characters.']);
    assert.deepEqual(problems({ name: 'a\u202eb', nodeUrl: 'http://n' }), [
      'The name contains invisible or control characters (a⟨U+202E⟩b): they could disguise it as another chain.',
    ]);
    assert.deepEqual(problems({ name: '\ufeffIOTA', nodeUrl: 'http://n' }), [
      'The name contains invisible or control characters (⟨U+FEFF⟩IOTA): they could disguise it as another chain.',
    ]);
    assert.deepEqual(problems({ name: 'N', nodeUrl: 'http://n', chainId: 5 }), ['chainId must be a string.']);
    assert.match(problems({ name: 'N', nodeUrl: 'http://n', chainId: 'nope' })[0] ?? '', /^chainId: /);
    assert.match(problems({ name: 'N', nodeUrl: 'http://n', chainId: '0x12' })[0] ?? '', /^chainId: /);
    assert.match(problems({ name: 'N', nodeUrl: 'ftp://n' })[0] ?? '', /^nodeUrl: /);
    assert.deepEqual(problems({ name: 'N', nodeUrl: 'http://n', explorerUrl: 'javascript:alert(1)', evmJsonRpcUrl: 5 }), [
      'explorerUrl must be an http(s) URL without credentials.',
      'evmJsonRpcUrl must be an http(s) URL without credentials.',
    ]);
    assert.deepEqual(problems({ name: 'N', nodeUrl: 'http://n', explorerUrl: 'https://u:p@scan.example/' }), [
      'explorerUrl must be an http(s) URL without credentials.',
    ]);
  });

  it('an invalid entry is shown by its name, revealed, or by its position', () => {
    const named = validateEntry({ name: ' a\u200bb ', nodeUrl: '' }, WS, 4);
    assert.deepEqual(named, {
      valid: false,
      invalid: {
        name: 'a⟨U+200B⟩b',
        source: WS,
        index: 4,
        problems: ['The name contains invisible or control characters (a⟨U+200B⟩b): they could disguise it as another chain.', 'The entry has no nodeUrl.'],
      },
    });
    const r = validateEntry({ nodeUrl: 'http://n' }, WS, 4);
    assert.equal(r.valid ? '' : r.invalid.name, '(entry 5)');
  });
});

describe('config/model/chainConfig: the list across scopes', () => {
  it('names the scope; a scope that is not a list is one problem; unset scopes are skipped', () => {
    assert.equal(describeSource(USER), 'User settings');
    assert.equal(describeSource(WS), 'Workspace settings');
    assert.equal(describeSource({ scope: 'folder', folder: 'app' }), 'Folder settings (app)');
    assert.equal(describeSource({ scope: 'folder' }), 'Folder settings (?)');
    assert.deepEqual(
      resolveChains([
        { source: USER, value: undefined },
        { source: WS, value: null },
        { source: { scope: 'folder', folder: 'app' }, value: { name: 'x' } },
      ]),
      [
        {
          valid: false,
          invalid: {
            name: '(Folder settings (app))',
            source: { scope: 'folder', folder: 'app' },
            index: -1,
            problems: ['waspChain.chains must be a list of { name, nodeUrl, chainId }.'],
          },
        },
      ],
    );
  });

  it('the first of a name wins (any case); a confusable name is refused, naming the chain it imitates', () => {
    const out = resolveChains([
      { source: USER, value: [{ name: 'IOTA', nodeUrl: 'http://a' }] },
      {
        source: WS,
        value: [
          { name: 'iota', nodeUrl: 'http://b' },
          { name: 'I0TA', nodeUrl: 'http://c' },
          { name: 'Other', nodeUrl: 'http://d' },
        ],
      },
    ]);
    assert.deepEqual(
      out.map((r) => (r.valid ? `ok ${r.chain.name}` : `${r.invalid.name}: ${r.invalid.problems.join(' ')}`)),
      [
        'ok IOTA',
        'iota: The name "iota" is already used in User settings: names must be unique.',
        'I0TA: The name "I0TA" looks like "IOTA" in User settings: a chain cannot pass for another, so names must not be confusable.',
        'ok Other',
      ],
    );
  });

  it('keys a token by the node origin and path, without credentials or a trailing slash', () => {
    assert.equal(nodeKey('https://user:pw@node.example:8443/api///?q=1#f'), 'https://node.example:8443/api');
    assert.equal(nodeKey('http://node.example/'), 'http://node.example');
  });
});
