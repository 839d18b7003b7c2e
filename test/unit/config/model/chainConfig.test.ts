// The chains a user writes in settings (src/config/model/chainConfig.ts) are untrusted input: each
// check of an entry with the exact words a user reads, what is trimmed, the entry built when every
// check passes, the list across scopes (names unique and not confusable), and the key of a node's token.
import * as assert from 'node:assert/strict';
import { type ChainSource, describeSource, nodeKey, resolveChains, type ResolvedChain, validateEntry } from '../../../../src/config/model/chainConfig';

const IOTA = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const SMR = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
const user: ChainSource = { scope: 'user' };
const workspace: ChainSource = { scope: 'workspace' };
const REBASED = `0x${'c8'.repeat(32)}`;
const REBASED_UPPER = `0x${'C8'.repeat(32)}`;
const NO_NODE_URL = 'The entry has no nodeUrl (or evmJsonRpcUrl, for a chain known only by its EVM JSON-RPC).';
const problems = (entry: unknown) => {
  const r = validateEntry(entry, user, 0);
  return r.valid === false ? r.invalid.problems : [];
};

function problemsOf(r: ResolvedChain): string[] {
  return r.valid === false ? r.invalid.problems : [];
}

describe('config/model/chainConfig: an entry', () => {
  it('builds the entry: trimmed name and URLs, the generation from the chain ID, optional URLs only when set', () => {
    assert.deepEqual(validateEntry({ name: '  IOTA EVM ', nodeUrl: ' https://node.example/api/// ', chainId: ` ${IOTA} ` }, user, 0), {
      valid: true,
      chain: { name: 'IOTA EVM', nodeUrl: 'https://node.example/api', chainId: IOTA, generation: 'stardust', source: user },
    });
    assert.deepEqual(
      validateEntry(
        { name: 'R', nodeUrl: 'http://n', chainId: REBASED, explorerUrl: ' https://scan.example/// ', evmJsonRpcUrl: 'https://rpc.example/' },
        workspace,
        3,
      ),
      {
        valid: true,
        chain: {
          name: 'R',
          nodeUrl: 'http://n',
          chainId: REBASED,
          generation: 'rebased',
          source: workspace,
          explorerUrl: 'https://scan.example',
          evmJsonRpcUrl: 'https://rpc.example/',
        },
      },
    );
    for (const chainId of [undefined, null, '', '   ']) {
      const r = validateEntry({ name: 'R', nodeUrl: 'http://n', chainId, explorerUrl: '', evmJsonRpcUrl: null }, user, 0);
      assert.deepEqual(r, { valid: true, chain: { name: 'R', nodeUrl: 'http://n', chainId: '', generation: 'rebased', source: user } }, String(chainId));
    }
  });

  it('names what is wrong, every problem at once', () => {
    assert.deepEqual(problems(null), ['An entry must be an object { name, nodeUrl, chainId }.', 'The entry has no name.', NO_NODE_URL]);
    assert.deepEqual(problems([]), ['An entry must be an object { name, nodeUrl, chainId }.', 'The entry has no name.', NO_NODE_URL]);
    assert.deepEqual(problems({ name: ' ', nodeUrl: ' ' }), ['The entry has no name.', NO_NODE_URL]);
    assert.deepEqual(problems({ name: 5, nodeUrl: 5 }), ['The entry has no name.', NO_NODE_URL]);
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
    const named = validateEntry({ name: ' a\u200bb ', nodeUrl: '' }, workspace, 4);
    assert.deepEqual(named, {
      valid: false,
      invalid: {
        name: 'a⟨U+200B⟩b',
        source: workspace,
        index: 4,
        problems: ['The name contains invisible or control characters (a⟨U+200B⟩b): they could disguise it as another chain.', NO_NODE_URL],
      },
    });
    const r = validateEntry({ nodeUrl: 'http://n' }, workspace, 4);
    assert.equal(r.valid ? '' : r.invalid.name, '(entry 5)');
  });

  it('names an entry without a name by its position', () => {
    const [r] = resolveChains([{ source: user, value: [{ nodeUrl: 'http://h', chainId: IOTA }] }]);
    assert.equal(r && !r.valid && r.invalid.name, '(entry 1)');
  });

  it('a Rebased entry may leave chainId out: the node runs one chain', () => {
    const r = validateEntry({ name: 'IOTA EVM', nodeUrl: 'https://api.example' }, user, 0);
    assert.deepEqual(r, { valid: true, chain: { name: 'IOTA EVM', nodeUrl: 'https://api.example', chainId: '', generation: 'rebased', source: user } });
  });

  it('a 0x + 64 hex chainId is Rebased (lower-cased); Bech32 is Stardust', () => {
    const r = validateEntry({ name: 'a', nodeUrl: 'http://h', chainId: REBASED_UPPER }, user, 0);
    assert.ok(r.valid === true && r.chain.generation === 'rebased' && r.chain.chainId === REBASED_UPPER.toLowerCase());
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

  it('says an entry must be an object, for null and for a list', () => {
    for (const entry of [null, ['IOTA'], 7]) {
      assert.deepEqual(problemsOf(validateEntry(entry, user, 2)), [
        'An entry must be an object { name, nodeUrl, chainId }.',
        'The entry has no name.',
        NO_NODE_URL,
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
    assert.deepEqual(problemsOf(validateEntry({ name: '\tA\u200bB\t', nodeUrl: 'http://h' }, user, 0)), [
      'The name contains invisible or control characters (A⟨U+200B⟩B): they could disguise it as another chain.',
    ]);
  });

  it('takes names up to 100 characters', () => {
    assert.equal(validateEntry({ name: 'n'.repeat(100), nodeUrl: 'http://h' }, user, 0).valid, true);
    assert.deepEqual(problemsOf(validateEntry({ name: 'n'.repeat(101), nodeUrl: 'http://h' }, user, 0)), ['The name is longer than 100 characters.']);
  });

  it('says the name and node URL are missing when blank', () => {
    assert.deepEqual(problemsOf(validateEntry({ name: '  ', nodeUrl: '   ' }, user, 0)), ['The entry has no name.', NO_NODE_URL]);
    assert.deepEqual(problemsOf(validateEntry({ name: 'a', nodeUrl: 5 }, user, 0)), [NO_NODE_URL]);
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
    assert.deepEqual(problemsOf(validateEntry({ name: 'a', nodeUrl: 'http://h', explorerUrl: 'ftp://x', evmJsonRpcUrl: 42 }, user, 0)), [
      'explorerUrl must be an http(s) URL without credentials.',
      'evmJsonRpcUrl must be an http(s) URL without credentials.',
    ]);
  });

  it('trims any whitespace around a web URL, a no-break space too', () => {
    const r = validateEntry({ name: 'a', nodeUrl: 'http://h', evmJsonRpcUrl: '\u00a0https://rpc.example/v1\u00a0' }, user, 0);
    assert.equal(r.valid && r.chain.evmJsonRpcUrl, 'https://rpc.example/v1');
  });
});

describe('config/model/chainConfig: an entry known only by its EVM JSON-RPC', () => {
  it('evmJsonRpcUrl without nodeUrl is an EVM-only chain: its URL checked, its EVM chain ID a bigint, its ISC chain ID and explorer kept', () => {
    const r = validateEntry(
      { name: ' Testnet ', evmJsonRpcUrl: ' https://rpc.example/evm ', evmChainId: 1076, chainId: REBASED_UPPER, explorerUrl: 'https://explorer.example/' },
      user,
      0,
    );
    assert.deepEqual(r, {
      valid: 'evmOnly',
      chain: {
        name: 'Testnet',
        evmJsonRpcUrl: 'https://rpc.example/evm',
        evmChainId: 1076n,
        explorerUrl: 'https://explorer.example',
        chainId: REBASED,
        source: user,
      },
    });
    assert.deepEqual(validateEntry({ name: 'T', nodeUrl: '', evmJsonRpcUrl: 'http://127.0.0.1:8545', evmChainId: '148' }, user, 0), {
      valid: 'evmOnly',
      chain: { name: 'T', evmJsonRpcUrl: 'http://127.0.0.1:8545/', evmChainId: 148n, source: user },
    });
  });

  it("an entry with both stays a node entry (its JSON-RPC overrides the node's own)", () => {
    const r = validateEntry({ name: 'B', nodeUrl: 'http://h', evmJsonRpcUrl: 'http://rpc' }, user, 0);
    assert.equal(r.valid, true);
  });

  it('refuses hostile or wrong values with the same checks as a node entry', () => {
    const bad: Array<[unknown, string]> = [
      [{ name: 'a', evmJsonRpcUrl: 'javascript:alert(1)' }, 'evmJsonRpcUrl must be an http(s) URL without credentials.'],
      [{ name: 'a', evmJsonRpcUrl: 'https://user:secret@rpc.example' }, 'evmJsonRpcUrl must be an http(s) URL without credentials.'],
      [{ name: 'a', evmJsonRpcUrl: 'file:///etc/passwd' }, 'evmJsonRpcUrl must be an http(s) URL without credentials.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', evmChainId: 0 }, 'evmChainId must be a whole number from 1 to 2^53-1.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', evmChainId: -1 }, 'evmChainId must be a whole number from 1 to 2^53-1.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', evmChainId: 1.5 }, 'evmChainId must be a whole number from 1 to 2^53-1.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', evmChainId: '0x436' }, 'evmChainId must be a whole number from 1 to 2^53-1.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', evmChainId: '99999999999999999' }, 'evmChainId must be a whole number from 1 to 2^53-1.'],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', chainId: '0x12' }, 'chainId: '],
      [{ name: 'a', evmJsonRpcUrl: 'http://rpc', explorerUrl: 'data:text/html,x' }, 'explorerUrl must be an http(s) URL without credentials.'],
    ];
    for (const [entry, problem] of bad) {
      const found = problemsOf(validateEntry(entry, user, 0));
      assert.ok(
        found.some((p) => p.startsWith(problem)),
        `${JSON.stringify(entry)}: ${JSON.stringify(found)}`,
      );
    }
    const hidden = validateEntry({ name: 'Test\u202enet', evmJsonRpcUrl: 'http://rpc' }, workspace, 3);
    assert.equal(hidden.valid, false);
    assert.ok(hidden.valid === false && hidden.invalid.name.includes('U+202E'), 'the name is revealed, never obeyed');
    assert.deepEqual(problemsOf(validateEntry({ name: 'a', evmJsonRpcUrl: '   ' }, user, 0)), [
      NO_NODE_URL,
      'evmJsonRpcUrl must be an http(s) URL without credentials.',
    ]);
  });

  it('names are unique and not confusable across both kinds of entry', () => {
    const r = resolveChains([
      { source: user, value: [{ name: 'IOTA', nodeUrl: 'http://h' }] },
      {
        source: workspace,
        value: [
          { name: 'iota', evmJsonRpcUrl: 'http://rpc' },
          { name: 'I\u039fTA', evmJsonRpcUrl: 'http://rpc' },
          { name: 'Other', evmJsonRpcUrl: 'http://rpc' },
        ],
      },
    ]);
    assert.deepEqual(
      r.map((x) => x.valid),
      [true, false, false, 'evmOnly'],
    );
  });
});

describe('config/model/chainConfig: the list across scopes', () => {
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

  it('rejects a list that is not a list', () => {
    const [r] = resolveChains([{ source: user, value: { name: 'x' } }]);
    assert.equal(r?.valid, false);
  });

  it('names the scope; a scope that is not a list is one problem; unset scopes are skipped', () => {
    assert.equal(describeSource(user), 'User settings');
    assert.equal(describeSource(workspace), 'Workspace settings');
    assert.equal(describeSource({ scope: 'folder', folder: 'app' }), 'Folder settings (app)');
    assert.equal(describeSource({ scope: 'folder' }), 'Folder settings (?)');
    assert.deepEqual(
      resolveChains([
        { source: user, value: undefined },
        { source: workspace, value: null },
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
      { source: user, value: [{ name: 'IOTA', nodeUrl: 'http://a' }] },
      {
        source: workspace,
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
    assert.deepEqual(problemsOf(r[1]!), ['The name "IOTA" is already used in User settings: names must be unique.']);
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
    assert.ok(!problemsOf(r[1]!).some((p) => /already used/.test(p)), problemsOf(r[1]!).join());
  });
});

describe('config/model/chainConfig: the key of a node (for its token)', () => {
  it('keys tokens by origin and path, not by chain', () => {
    assert.equal(nodeKey('https://Host.Example:443/wasp/api/'), 'https://host.example/wasp/api');
    assert.notEqual(nodeKey('https://host/a'), nodeKey('https://host/b'));
    assert.notEqual(nodeKey('http://host'), nodeKey('https://host'));
  });

  it('keys a token by the node origin and path, without credentials or a trailing slash', () => {
    assert.equal(nodeKey('https://user:pw@node.example:8443/api///?q=1#f'), 'https://node.example:8443/api');
    assert.equal(nodeKey('http://node.example/'), 'http://node.example');
  });

  it('keys a node without trailing slashes', () => {
    assert.equal(nodeKey('http://h/wasp/api//'), 'http://h/wasp/api');
  });
});
