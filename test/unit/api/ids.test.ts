import { strict as assert } from 'node:assert';
import { checkBlock, checkChainId, checkNodeUrl, checkRequestId, parseChainId, parseRequestId, redactUrl } from '../../../src/api/ids';
import { bech32 } from 'bech32';
import { InvalidInputError } from '../../../src/api/errors';

const IOTA_EVM = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const SHIMMER_EVM = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
const ED25519_ADDRESS = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';
const RID = '0xfe45ee74b0f8513153fea907df4676d439b7292e760ec8149baee43b3721142d0000';

describe('ids: chain ID', () => {
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
});

describe('ids: request ID', () => {
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
});

describe('ids: block', () => {
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
});

describe('ids: node URL', () => {
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
});
