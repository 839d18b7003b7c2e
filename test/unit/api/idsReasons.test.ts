// Every check of an ID, a block and a node URL with the reason a user reads, at the edges of
// each format (lengths, anchors, case, prefixes), and the errors the parse functions throw.
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

describe('api/ids: the reasons a user reads', () => {
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
