// Finding an EVM address under the cursor (src/accounts/model/addressAt.ts) and what the hover may do
// with it before anything is sent: look it up, refuse a mixed case that fails EIP-55, or stay quiet
// on a trie root.
import * as assert from 'node:assert/strict';
import { addressAt, addressDecision } from '../../../../src/accounts/model/addressAt';

const LOWER = '0xdb00079cad3e665853bf766efe26f4c38cdbdcda';
const CHECKSUMMED = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDA';
/** One letter's case flipped: mixed case that fails the checksum. */
const BAD = '0xdB00079cad3e665853Bf766eFe26F4C38cdbdCDa';

describe('accounts/model/addressAt: an address under the cursor', () => {
  it('finds the address around the position, from its first character to just past its last', () => {
    const line = `const vault = "${CHECKSUMMED}";`;
    const start = line.indexOf('0x');
    for (const ch of [start, start + 20, start + 42]) assert.deepEqual(addressAt(line, ch), { text: CHECKSUMMED, start, end: start + 42 });
    assert.equal(addressAt(line, start - 2), undefined);
    assert.equal(addressAt(line, start + 44), undefined);
  });

  it('never matches a request ID or hash (64 or 68 hex), or hex glued to a word', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    assert.equal(addressAt(`id ${hash}`, 10), undefined);
    assert.equal(addressAt(`id ${hash}0000`, 10), undefined);
    assert.equal(addressAt(`x${LOWER}`, 10), undefined);
    assert.equal(addressAt(`${LOWER}ff`, 10), undefined);
    assert.equal(addressAt(`${LOWER}_name`, 10), undefined);
  });

  it('picks the address under the cursor when a line holds two', () => {
    const other = `0x${'1'.repeat(40)}`;
    const line = `${LOWER} -> ${other}`;
    assert.equal(addressAt(line, 5)?.text, LOWER);
    assert.equal(addressAt(line, line.length - 3)?.text, other);
  });

  it('finds an address that is the whole line, at either end', () => {
    assert.deepEqual(addressAt(LOWER, 0), { text: LOWER, start: 0, end: 42 });
    assert.deepEqual(addressAt(LOWER, 42), { text: LOWER, start: 0, end: 42 });
  });

  it('returns nothing on a short line or one without 0x (the precheck)', () => {
    assert.equal(addressAt('0x1234', 2), undefined);
    assert.equal(addressAt('a'.repeat(100), 50), undefined);
  });
});

describe('accounts/model/addressAt: what the hover does with it', () => {
  it('looks up an all-lower, all-upper or checksummed address, in its EIP-55 form', () => {
    assert.deepEqual(addressDecision(LOWER, 'to: '), { kind: 'lookup', address: CHECKSUMMED });
    assert.deepEqual(addressDecision(`0x${LOWER.slice(2).toUpperCase()}`, ''), { kind: 'lookup', address: CHECKSUMMED });
    assert.deepEqual(addressDecision(CHECKSUMMED, ''), { kind: 'lookup', address: CHECKSUMMED });
  });

  it('refuses a mixed-case address whose checksum fails, saying why', () => {
    const d = addressDecision(BAD, 'to: ');
    assert.equal(d.kind, 'badChecksum');
    assert.match(d.kind === 'badChecksum' ? d.reason : '', /EIP-55 checksum/);
  });

  it('stays quiet on a trie root: where the words before it name a root, a commitment or a block', () => {
    for (const before of ['trieRoot: ', '"stateRoot": "', 'trie_root = ', 'root ', '?block=', 'block: ', 'L1 commitment ', 'Chain info at block ('])
      assert.deepEqual(addressDecision(LOWER, before), { kind: 'state' }, before);
    for (const before of ['owner: ', 'sender ', 'blockchain address ', 'rooted ']) assert.equal(addressDecision(LOWER, before).kind, 'lookup', before);
  });

  it('reads only the words just before it: a root named more than 48 characters earlier does not hide an account', () => {
    assert.equal(addressDecision(LOWER, `root:${' '.repeat(48)}`).kind, 'lookup');
    assert.equal(addressDecision(LOWER, `root:${' '.repeat(43)}`).kind, 'state');
  });
});
