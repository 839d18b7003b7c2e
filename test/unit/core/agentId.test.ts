// Which agent a Stardust agent ID names (src/core/agentId.ts): every kind, matched on the whole input.
import * as assert from 'node:assert/strict';
import { parseAgentId } from '../../../src/core/agentId';

const CHAIN = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const OWNER = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';
const EVM = '0xDb3009babf5415B64ef64275f0f23A87E90Ea142';

describe('core/agentId: each kind', () => {
  it('parses an Ed25519 address', () => {
    assert.deepEqual(parseAgentId(OWNER), { kind: 'address', address: OWNER, display: 'iota1qr4ld…q7ctkc' });
  });
  it('parses alias and NFT addresses', () => {
    assert.equal(parseAgentId(CHAIN).kind, 'alias');
    assert.equal(parseAgentId(`smr1z${'q'.repeat(58)}`).kind, 'nft');
    assert.equal(parseAgentId(CHAIN.toUpperCase()).address, CHAIN);
  });
  it('parses an EVM account', () => {
    const id = `0xDb3009babf5415B64ef64275f0f23A87E90Ea142@${CHAIN}`;
    assert.deepEqual(parseAgentId(id), {
      kind: 'evm',
      address: '0xDb3009babf5415B64ef64275f0f23A87E90Ea142',
      chainId: CHAIN,
      display: '0xDb30…a142@iota1pzt3m…8qqxu5',
    });
  });
  it('parses a contract agent and names core contracts', () => {
    assert.deepEqual(parseAgentId(`07cb02c1@${CHAIN}`), {
      kind: 'contract',
      chainId: CHAIN,
      hname: '07cb02c1',
      contractName: 'evm',
      display: 'evm@iota1pzt3m…8qqxu5',
    });
    assert.deepEqual(parseAgentId(`DEADBEEF@${CHAIN}`), {
      kind: 'contract',
      chainId: CHAIN,
      hname: 'deadbeef',
      display: 'deadbeef@iota1pzt3m…8qqxu5',
    });
  });
  it('parses nil', () => {
    assert.deepEqual(parseAgentId('-'), { kind: 'nil', display: '-' });
    assert.deepEqual(parseAgentId(' - '), { kind: 'nil', display: '-' });
  });
  it('returns unknown for anything else', () => {
    for (const s of [
      '',
      'hello',
      '0x1234@' + CHAIN,
      '0xDb3009babf5415B64ef64275f0f23A87E90Ea142@',
      '0xDb3009babf5415B64ef64275f0f23A87E90Ea142@' + OWNER, // chain must be an alias address
      '07cb02c1@' + CHAIN + '@x',
      'iota1b' + 'q'.repeat(58), // 'b' is not in the Bech32 alphabet
      'iota1x' + 'q'.repeat(58), // unknown address type
      OWNER.slice(0, -1),
      'Iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc', // mixed case
    ]) {
      assert.equal(parseAgentId(s).kind, 'unknown', s);
    }
    assert.equal(parseAgentId('x'.repeat(10_000)).display.length, 41);
  });
});

describe('core/agentId: the whole input, nothing before or after', () => {
  it('does not accept an address with anything before or after it', () => {
    assert.equal(parseAgentId(`9${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${CHAIN}q`).kind, 'unknown');
  });

  it('does not accept an EVM address with extra characters on either side', () => {
    assert.equal(parseAgentId(`x${EVM}@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${EVM}0@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`${EVM}@${CHAIN}`).kind, 'evm');
  });

  it('does not accept an hname of other than 8 hex digits', () => {
    assert.equal(parseAgentId(`07cb02c1f@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`f07cb02c1@${CHAIN}`).kind, 'unknown');
    assert.equal(parseAgentId(`x7cb02c1@${CHAIN}`).kind, 'unknown');
  });
});
