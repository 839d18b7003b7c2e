// RLP as a signed EVM transaction carries it (src/evm/model/rlp.ts): the yellow paper's examples,
// every line of the grammar, canonical forms only, and bounds on depth and items.
import * as assert from 'node:assert/strict';
import { decodeRlp, MAX_RLP_DEPTH, MAX_RLP_ITEMS, rlpBytes, RlpError, rlpUint } from '../../../../src/evm/model/rlp';
import { bytesOf, rlp } from '../../../fixtures/rlp';

const fails = (h: string, re: RegExp) =>
  assert.throws(
    () => decodeRlp(bytesOf(h)),
    (e: unknown) => e instanceof RlpError && re.test(e.message),
  );

describe('evm/model/rlp: decodeRlp', () => {
  it('decodes the yellow-paper examples', () => {
    assert.deepEqual(decodeRlp(bytesOf('83646f67')), new TextEncoder().encode('dog'));
    assert.deepEqual(decodeRlp(bytesOf('c0')), []);
    assert.deepEqual(decodeRlp(bytesOf('80')), new Uint8Array(0));
    assert.deepEqual(decodeRlp(bytesOf('0f')), Uint8Array.of(15));
    assert.deepEqual(decodeRlp(bytesOf('c7c0c1c0c3c0c1c0')), [[], [[]], [[], [[]]]]);
    const long = 'a'.repeat(60);
    assert.deepEqual(decodeRlp(rlp(`0x${Buffer.from(long).toString('hex')}`)), new TextEncoder().encode(long));
  });

  it('refuses lengths past the end, huge lengths, trailing bytes and non-canonical forms', () => {
    fails('', /ends before/);
    fails('83646f', /past the end/);
    fails('b90400' + '00'.repeat(10), /past the end/);
    fails('bfffffffffffffffff00', /past the end/);
    fails('ffffffffffffffffff', /past the end/);
    fails('c3646f6700', /past the end|left after/);
    fails('8164', /single byte/);
    fails('b800', /leading zeros/);
    fails('b801aa', /short length/);
    fails('c2c0', /past the end/);
    fails('0f0f', /left after/);
  });

  it('bounds nesting depth', () => {
    let deep: unknown = [];
    for (let i = 0; i < MAX_RLP_DEPTH + 5; i++) deep = [deep];
    assert.throws(() => decodeRlp(rlp(deep as never)), /nesting deeper/);
    let ok: unknown = [];
    for (let i = 0; i < MAX_RLP_DEPTH - 1; i++) ok = [ok];
    assert.doesNotThrow(() => decodeRlp(rlp(ok as never)));
  });

  it('draws each line of the grammar where it belongs', () => {
    // 55 bytes is still the short form; 55 in the long form is refused.
    const b55 = `b7${'aa'.repeat(55)}`;
    assert.equal((decodeRlp(bytesOf(b55)) as Uint8Array).length, 55);
    fails(`b837${'aa'.repeat(55)}`, /short length/);
    // The single-byte rule: 0x80 needs its prefix, a byte below it does not, also inside a list.
    assert.deepEqual(decodeRlp(bytesOf('8180')), Uint8Array.of(0x80));
    fails('c28164', /single byte/);
    fails('81', /^an item runs past the end/);
    // The length of a length past the input, and an item past the input, each said as such.
    fails('b901', /^a length runs past the end/);
    fails(`b83b${'aa'.repeat(58)}`, /^an item runs past the end/);
    // Depth: MAX_RLP_DEPTH + 1 nested lists (the innermost at depth MAX) are refused; MAX of them decode (test above).
    let atLimit: unknown = [];
    for (let i = 0; i < MAX_RLP_DEPTH; i++) atLimit = [atLimit];
    assert.throws(() => decodeRlp(rlp(atLimit as never)), /nesting deeper/);
    assert.throws(
      () => decodeRlp(bytesOf('8164')),
      (e: unknown) => e instanceof RlpError && e.name === 'RlpError',
    );
  });

  it('bounds the items it builds: a list of millions of one-byte items is refused, not built', () => {
    // A hostile receipt's params[0]: 4,000,000 single-byte items in one list (8 MB of hex).
    const n = 4_000_000;
    const bytes = new Uint8Array(4 + n).fill(1);
    bytes.set([0xfa, 0x3d, 0x09, 0x00], 0);
    assert.throws(
      () => decodeRlp(bytes),
      (e: unknown) => e instanceof RlpError && /more than .* items/.test(e.message),
    );
    // As many as a transaction can hold (an access list of some thousands of keys) still decode.
    const many = decodeRlp(rlp(Array.from({ length: MAX_RLP_ITEMS - 1 }, () => '0x01') as never));
    assert.ok(Array.isArray(many) && many.length === MAX_RLP_ITEMS - 1);
  });

  it('reads canonical unsigned integers only', () => {
    assert.equal(rlpUint(bytesOf('0400'), 'n'), 1024n);
    assert.equal(rlpUint(new Uint8Array(0), 'n'), 0n);
    assert.throws(() => rlpUint(bytesOf('0004'), 'n'), /leading zero/);
    assert.throws(() => rlpUint(new Uint8Array(33).fill(1), 'n'), /longer than 32/);
    assert.throws(() => rlpUint([], 'n'), /expected an integer/);
    assert.equal(rlpUint(new Uint8Array(32).fill(0xff), 'n'), 2n ** 256n - 1n);
  });
});

describe('evm/model/rlp: rlpBytes', () => {
  it('returns a string item and names the field when it is a list or missing', () => {
    const b = Uint8Array.from([1, 2]);
    assert.equal(rlpBytes(b, 'to'), b);
    assert.throws(
      () => rlpBytes([], 'to'),
      (e: unknown) => e instanceof RlpError && e.message === 'to: expected bytes',
    );
    assert.throws(
      () => rlpBytes(undefined, 'data'),
      (e: unknown) => e instanceof RlpError && e.message === 'data: expected bytes',
    );
  });
});
