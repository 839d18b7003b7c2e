// Every check of an ID, a block and a node URL (src/api/ids.ts) with the reason a user reads, at
// the edges of each format (lengths, anchors, case, prefixes), for both generations, and the errors
// the parse functions throw.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { InvalidInputError } from '../../../src/api/errors';
import {
  checkBlock,
  checkChainId,
  checkNodeUrl,
  checkRebasedChainId,
  checkRebasedRequestId,
  checkRequestId,
  parseBlock,
  parseChainId,
  parseNodeUrl,
  parseRebasedRequestId,
  parseRequestId,
  redactUrl,
} from '../../../src/api/ids';

const IOTA_EVM = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const SHIMMER_EVM = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
const ED25519_ADDRESS = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';
const RID = '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000';

const address = (hrp: string, type: number) => bech32.encode(hrp, bech32.toWords(Uint8Array.from([type, ...new Array<number>(32).fill(7)])), 90);
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    assert.ok(e instanceof InvalidInputError);
    return { field: e.field, message: e.message, hint: e.hint };
  }
  assert.fail('no error');
};

describe('api/ids: a Stardust chain ID', () => {
  it('accepts the real IOTA EVM and ShimmerEVM chain IDs', () => {
    assert.deepEqual(checkChainId(IOTA_EVM), { ok: true, chainId: IOTA_EVM });
    assert.deepEqual(checkChainId(SHIMMER_EVM), { ok: true, chainId: SHIMMER_EVM });
  });

  it('normalises an all-upper-case ID and trims whitespace', () => {
    assert.equal(parseChainId(`  ${IOTA_EVM.toUpperCase()} `), IOTA_EVM);
  });

  it('rejects a one-character typo through the Bech32 checksum', () => {
    const typo = `${IOTA_EVM.slice(0, -1)}6`;
    const r = checkChainId(typo);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /checksum/);
  });

  it('rejects an Ed25519 address (valid Bech32, not a chain)', () => {
    const r = checkChainId(ED25519_ADDRESS);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /not a chain/);
  });

  it('rejects an unknown network prefix, mixed case and empty input', () => {
    const reason = (input: string): string => {
      const r = checkChainId(input);
      return r.ok ? 'accepted' : r.reason;
    };
    // The same alias address with a valid checksum under a foreign prefix: only the allow-list can refuse it.
    const foreign = bech32.encode('btc', bech32.decode(IOTA_EVM, 90).words, 90);
    assert.doesNotThrow(() => bech32.decode(foreign, 90), 'the foreign ID is valid Bech32');
    assert.match(reason(foreign), /starts with iota1, smr1, rms1, atoi1 or tst1 \(got "btc1/);
    assert.match(reason(`1${IOTA_EVM}`), /starts with iota1/, 'a leading separator is no prefix');
    assert.match(reason(IOTA_EVM.replace('pzt', 'PZT')), /mix upper and lower case/);
    assert.match(reason(''), /empty/);
    assert.match(reason('   '), /empty/);
  });

  it('throws InvalidInputError naming the field', () => {
    assert.throws(
      () => parseChainId('nope'),
      (e: unknown) => e instanceof InvalidInputError && e.field === 'chainId',
    );
  });

  it('chain IDs: each network prefix, case, checksum, address kind', () => {
    for (const hrp of ['iota', 'smr', 'rms', 'atoi', 'tst']) {
      const id = address(hrp, 8);
      assert.deepEqual(checkChainId(` ${id.toUpperCase()} `), { ok: true, chainId: id }, hrp);
    }
    assert.deepEqual(checkChainId(address('abc', 8)), {
      ok: false,
      reason: `A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "${address('abc', 8).slice(0, 11)}…").`,
    });
    assert.deepEqual(checkChainId('1qqqq'), { ok: false, reason: 'A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "1qqqq").' });
    assert.deepEqual(checkChainId('iota'), { ok: false, reason: 'A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "iota").' });
    assert.deepEqual(checkChainId('  '), { ok: false, reason: 'The chain ID is empty.' });
    assert.deepEqual(checkChainId('Iota1pzt'), { ok: false, reason: 'A chain ID must not mix upper and lower case.' });
    assert.deepEqual(checkChainId(`${address('iota', 8).slice(0, -1)}q`), {
      ok: false,
      reason: 'The chain ID is not valid Bech32: its checksum does not match (a typo?).',
    });
    const notChain = { ok: false, reason: 'The chain ID is a valid address but not a chain (alias) address: chain IDs look like iota1p...' };
    assert.deepEqual(checkChainId(address('iota', 0)), notChain);
    assert.deepEqual(checkChainId(bech32.encode('iota', bech32.toWords(Uint8Array.from([8, 1, 2])), 90)), notChain, 'too short');
    assert.deepEqual(
      thrown(() => parseChainId('x')),
      {
        field: 'chainId',
        message: 'A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "x").',
        hint: 'Use the chain ID as shown by the node (Bech32, e.g. iota1p...).',
      },
    );
  });
});

describe('api/ids: a Stardust request ID', () => {
  it('accepts 0x + 68 hex and lower-cases it', () => {
    assert.equal(parseRequestId(RID.toUpperCase().replace('0X', '0x')), RID);
  });

  it('maps an EVM transaction hash to hash + 0000 only when asked', () => {
    const hash = RID.slice(0, 66);
    assert.equal(checkRequestId(hash).ok, false);
    assert.deepEqual(checkRequestId(hash, { allowEvmHash: true }), { ok: true, requestId: `${hash}0000`, fromEvmHash: true });
  });

  it('explains what is wrong', () => {
    const noPrefix = checkRequestId(RID.slice(2));
    assert.match(!noPrefix.ok ? noPrefix.reason : '', /starts with 0x/);
    const short = checkRequestId(RID.slice(0, -2));
    assert.match(!short.ok ? short.reason : '', /68 hex digits .*got 66/);
    const nonHex = checkRequestId(`${RID.slice(0, -1)}g`);
    assert.match(!nonHex.ok ? nonHex.reason : '', /only hex/);
  });

  it('Stardust request IDs: 68 hex, an EVM hash only when allowed', () => {
    const id = `0x${'Ab'.repeat(34)}`;
    const hash = `0x${'Cd'.repeat(32)}`;
    assert.deepEqual(checkRequestId(` ${id} `), { ok: true, requestId: id.toLowerCase(), fromEvmHash: false });
    assert.deepEqual(checkRequestId(hash, { allowEvmHash: true }), { ok: true, requestId: `${hash.toLowerCase()}0000`, fromEvmHash: true });
    assert.deepEqual(checkRequestId(hash), {
      ok: false,
      reason: 'This is an EVM transaction hash (0x + 64 hex): a request ID has 68 hex digits (the hash followed by 0000).',
    });
    assert.deepEqual(checkRequestId(`x${id}`), { ok: false, reason: 'A request ID starts with 0x.' });
    assert.deepEqual(checkRequestId(`${id}0`), { ok: false, reason: 'A request ID has 68 hex digits after 0x (got 69).' });
    assert.deepEqual(checkRequestId(`${id}z`), { ok: false, reason: 'A request ID holds only hex digits after 0x.' });
    assert.deepEqual(checkRequestId(`${hash}0`, { allowEvmHash: true }), { ok: false, reason: 'A request ID has 68 hex digits after 0x (got 65).' });
    assert.deepEqual(
      thrown(() => parseRequestId('0x1')),
      {
        field: 'requestId',
        message: 'A request ID has 68 hex digits after 0x (got 1).',
        hint: 'A request ID looks like 0x followed by 68 hex digits.',
      },
    );
  });
});

describe('api/ids: Rebased chain and request IDs', () => {
  const ID = `0x${'aB'.repeat(32)}`;

  it('a request ID is 0x + 64 hex, lower-cased', () => {
    assert.deepEqual(checkRebasedRequestId(` ${ID} `), { ok: true, requestId: ID.toLowerCase(), fromEvmHash: false });
  });
  it('refuses a Stardust request ID and says why', () => {
    const r = checkRebasedRequestId(`${ID}0000`);
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.reason : '', /Stardust .*68 hex digits.*64/);
  });
  it('names what is wrong with other strings', () => {
    const reason = (s: string) => {
      const r = checkRebasedRequestId(s);
      return r.ok ? 'ok' : r.reason;
    };
    assert.match(reason(''), /is empty/);
    assert.match(reason('ab'.repeat(32)), /starts with 0x/);
    assert.match(reason(`0x${'g'.repeat(64)}`), /only hex digits/);
    assert.match(reason('0x1234'), /64 hex digits after 0x \(got 4\)/);
    assert.throws(
      () => parseRebasedRequestId('0x12'),
      (e: unknown) => e instanceof InvalidInputError && e.field === 'requestId',
    );
  });
  it('a chain ID is 0x + 64 hex; a Bech32 one is named as Stardust', () => {
    assert.deepEqual(checkRebasedChainId(ID), { ok: true, chainId: ID.toLowerCase() });
    const r = checkRebasedChainId(IOTA_EVM);
    assert.match(!r.ok ? r.reason : '', /Stardust \(Wasp 1\.x\) chain ID/);
    const short = checkRebasedChainId('0xabc');
    assert.match(!short.ok ? short.reason : '', /A Rebased chain ID has 64 hex digits after 0x \(got 3\)/);
  });

  it('Rebased chain and request IDs: 64 hex; the other generation is named', () => {
    const id = `0x${'Ef'.repeat(32)}`;
    assert.deepEqual(checkRebasedChainId(` ${id} `), { ok: true, chainId: id.toLowerCase() });
    assert.deepEqual(checkRebasedChainId(address('iota', 8)), {
      ok: false,
      reason: 'This is a Stardust (Wasp 1.x) chain ID: a Rebased chain ID is 0x followed by 64 hex digits.',
    });
    assert.deepEqual(checkRebasedChainId(''), { ok: false, reason: 'A Rebased chain ID is empty.' });
    assert.deepEqual(checkRebasedChainId(`x${id}`), { ok: false, reason: 'A Rebased chain ID starts with 0x.' });
    assert.deepEqual(checkRebasedChainId(`${id}0`), { ok: false, reason: 'A Rebased chain ID has 64 hex digits after 0x (got 65).' });
    assert.deepEqual(checkRebasedChainId(`${id.slice(0, -1)}g`), { ok: false, reason: 'A Rebased chain ID holds only hex digits after 0x.' });
    assert.deepEqual(checkRebasedRequestId(` ${id} `), { ok: true, requestId: id.toLowerCase(), fromEvmHash: false });
    assert.deepEqual(checkRebasedRequestId(`0x${'ab'.repeat(34)}`), {
      ok: false,
      reason: 'This is a Stardust (Wasp 1.x) request ID (68 hex digits): a Rebased request ID has 64.',
    });
    assert.deepEqual(
      thrown(() => parseRebasedRequestId(`${id}0`)),
      {
        field: 'requestId',
        message: 'A Rebased request ID has 64 hex digits after 0x (got 65).',
        hint: 'A Rebased request ID looks like 0x followed by 64 hex digits.',
      },
    );
  });
});

describe('api/ids: a block', () => {
  it('accepts empty (latest), a uint32 index and a 20-byte trie root', () => {
    assert.deepEqual(checkBlock(undefined), { ok: true, block: undefined });
    assert.deepEqual(checkBlock(''), { ok: true, block: undefined });
    assert.deepEqual(checkBlock('latest'), { ok: true, block: undefined });
    assert.deepEqual(checkBlock(42), { ok: true, block: '42' });
    assert.deepEqual(checkBlock('4294967295'), { ok: true, block: '4294967295' });
    assert.deepEqual(checkBlock(`0x${'AB'.repeat(20)}`), { ok: true, block: `0x${'ab'.repeat(20)}` });
  });

  it('rejects values beyond uint32, negatives, fractions and other hex lengths', () => {
    for (const bad of ['4294967296', '-1', '1.5', 'abc', `0x${'ab'.repeat(19)}`, '0x']) assert.equal(checkBlock(bad).ok, false, bad);
  });

  it('blocks: latest, an index up to 2^32-1, a trie root', () => {
    assert.deepEqual(checkBlock(undefined), { ok: true, block: undefined });
    assert.deepEqual(checkBlock(' latest '), { ok: true, block: undefined });
    assert.deepEqual(checkBlock(''), { ok: true, block: undefined });
    assert.deepEqual(checkBlock(' 007 '), { ok: true, block: '7' });
    assert.deepEqual(checkBlock(4294967295), { ok: true, block: '4294967295' });
    assert.deepEqual(checkBlock('4294967296'), { ok: false, reason: 'A block index is at most 4294967295.' });
    const root = `0x${'AB'.repeat(20)}`;
    assert.deepEqual(checkBlock(root), { ok: true, block: root.toLowerCase() });
    const shape = { ok: false, reason: 'A block is a block index (a whole number) or a trie root (0x + 40 hex digits).' };
    assert.deepEqual(checkBlock(`${root}0`), shape);
    assert.deepEqual(checkBlock(`x${root}`), shape);
    assert.deepEqual(checkBlock('12345678901'), shape, '11 digits');
    assert.deepEqual(checkBlock('-1'), shape);
    assert.deepEqual(
      thrown(() => parseBlock('x')),
      { field: 'block', message: shape.reason, hint: 'Leave it empty for the latest state.' },
    );
  });
});

describe('api/ids: a node URL', () => {
  it('keeps a path prefix and drops trailing slashes', () => {
    const r = checkNodeUrl('https://host.example/wasp/api/');
    assert.equal(r.ok && r.url.toString(), 'https://host.example/wasp/api');
  });

  it('rejects other schemes, credentials, queries, fragments and a /v1 suffix, each for its own reason', () => {
    const cases: [string, RegExp][] = [
      ['ftp://host', /http or https/],
      ['javascript:alert(1)', /http or https/],
      ['https://user:pass@host', /user name or password/],
      ['https://user@host', /user name or password/],
      // A password with no user name: `url.username` is empty, only `url.password` tells.
      ['https://:s3cret@host', /user name or password/],
      ['https://host?x=1', /query or fragment/],
      ['https://host/wasp/api#frag', /query or fragment/],
      ['https://host/v1', /without \/v1/],
      ['https://host/wasp/api/v1/', /without \/v1/],
      ['not a url', /not a valid URL/],
    ];
    assert.equal(cases.length, 10);
    for (const [bad, why] of cases) {
      const r = checkNodeUrl(bad);
      assert.match(r.ok ? 'accepted' : r.reason, why, bad);
    }
    assert.equal(checkNodeUrl(' http://host.example:9090 ').ok, true, 'plain http and surrounding blanks are fine');
  });

  it('never repeats credentials in its reason', () => {
    const r = checkNodeUrl('https://alice:s3cret@host');
    assert.equal(r.ok, false);
    assert.doesNotMatch(!r.ok ? r.reason : '', /s3cret|alice/);
  });

  it('redactUrl removes credentials', () => {
    assert.equal(redactUrl('https://alice:s3cret@host/x'), 'https://host/x');
  });

  it('node URLs: http(s), no credentials, query, fragment or /v1; trailing slashes dropped', () => {
    assert.equal((checkNodeUrl(' https://node.example/wasp/api/// ') as { url: URL }).url.toString(), 'https://node.example/wasp/api');
    const reason = (u: string) => (checkNodeUrl(u) as { reason: string }).reason;
    assert.equal(reason('not a url'), 'The node URL is not a valid URL (e.g. https://host/wasp/api).');
    assert.equal(reason('ftp://node.example'), 'The node URL must use http or https.');
    assert.equal(reason('https://:pw@node.example'), 'The node URL must not carry a user name or password: use Chain: Set Access Token instead.');
    assert.equal(reason('https://user@node.example'), 'The node URL must not carry a user name or password: use Chain: Set Access Token instead.');
    assert.equal(reason('https://node.example/?a=1'), 'The node URL must not have a query or fragment.');
    assert.equal(reason('https://node.example/#f'), 'The node URL must not have a query or fragment.');
    assert.equal(reason('https://node.example/v1/'), 'The node URL is the API base without /v1 (e.g. https://host/wasp/api).');
    assert.equal(reason('https://node.example/api/v1'), 'The node URL is the API base without /v1 (e.g. https://host/wasp/api).');
    assert.ok(checkNodeUrl('https://node.example/v1x').ok, 'only a whole /v1 segment');
    assert.ok(checkNodeUrl('\u00a0https://node.example\ufeff').ok, 'trimmed of what the URL parser keeps (no-break space, BOM)');
    assert.ok(checkNodeUrl('https://node.example/v10').ok);
    assert.deepEqual(
      thrown(() => parseNodeUrl('ftp://x')),
      { field: 'nodeUrl', message: 'The node URL must use http or https.', hint: 'Correct the value and try again.' },
    );
    assert.equal(redactUrl('https://u:p@node.example/a?b=1'), 'https://node.example/a?b=1');
    assert.equal(redactUrl('::'), '(invalid URL)');
  });
});
