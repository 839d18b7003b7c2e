import * as assert from 'node:assert/strict';
import { parseRebasedAgentId } from '../../../../src/transactions/model/rebasedAgentId';

// EIP-55's own example address, and the same address with one letter's case flipped.
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EIP55_TYPO = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const L1 = `0x${'ab'.repeat(30)}Cd01`;

describe('transactions/model/rebasedAgentId: each kind, whole', () => {
  it('"-" is nil, with or without surrounding white space', () => {
    assert.deepEqual(parseRebasedAgentId('-'), { kind: 'nil', display: '-' });
    assert.deepEqual(parseRebasedAgentId(' -\n'), { kind: 'nil', display: '-' });
  });

  it('0x + 64 hex is an L1 address, lower-cased, shown as 10 + 6 characters', () => {
    const lower = L1.toLowerCase();
    assert.deepEqual(parseRebasedAgentId(` ${L1} `), { kind: 'address', address: lower, display: `${lower.slice(0, 10)}…${lower.slice(-6)}` });
  });

  it('0x + 40 hex is an EVM account, kept in its case, shown as 6 + 4 characters, with its checksum judged', () => {
    assert.deepEqual(parseRebasedAgentId(EIP55), { kind: 'evm', address: EIP55, display: '0x5aAe…eAed', checksumValid: true });
    assert.deepEqual(parseRebasedAgentId(EIP55_TYPO), { kind: 'evm', address: EIP55_TYPO, display: '0x5AAe…eAed', checksumValid: false });
  });

  it('an EVM account in one case carries no checksum, so it is never judged a typo', () => {
    const lower = EIP55.toLowerCase();
    const upper = `0x${EIP55.slice(2).toUpperCase()}`;
    assert.equal(parseRebasedAgentId(lower).checksumValid, true);
    assert.equal(parseRebasedAgentId(upper).checksumValid, true);
    assert.equal(parseRebasedAgentId(upper).address, upper);
  });

  it('0x + 8 hex is a contract hname, lower-cased, named when it is a core contract', () => {
    assert.deepEqual(parseRebasedAgentId('0x07CB02C1'), { kind: 'contract', hname: '0x07cb02c1', display: 'evm', contractName: 'evm' });
    const unknown = parseRebasedAgentId('0x1234abCD');
    assert.deepEqual(unknown, { kind: 'contract', hname: '0x1234abcd', display: '0x1234abcd' });
    assert.ok(!('contractName' in unknown), 'no contractName key for an unknown hname');
  });

  it('anything else is unknown: the lengths in between, extra characters before or after, non-hex digits', () => {
    for (const s of [
      `x${L1}`,
      `${L1}0`,
      `${L1.slice(0, -1)}g`,
      `x${EIP55}`,
      `${EIP55}0`,
      'x0x07cb02c1',
      '0x07cb02c10',
      '0x07cb02c',
      '0x07cb02cg',
      '0xzzzzzzzz',
      '0x0',
      '07cb02c1',
      '--',
    ]) {
      assert.equal(parseRebasedAgentId(s).kind, 'unknown', s);
    }
  });

  it('shows an unknown ID as 32 + 8 characters', () => {
    const long = `junk-${'z'.repeat(60)}-end1234`;
    assert.deepEqual(parseRebasedAgentId(long), { kind: 'unknown', display: `${long.slice(0, 32)}…${long.slice(-8)}` });
  });
});
