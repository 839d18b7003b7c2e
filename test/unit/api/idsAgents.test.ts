// The EVM address and agent ID checks of src/api/ids.ts (checkEvmAddress, checkAgentId): what an
// account read accepts on a chain of each generation, in the form the node's path takes, and the
// exact reason a user reads for each bad input, decided before any request.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { checkAgentId, checkEvmAddress } from '../../../src/api/ids';

const IOTA_EVM = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const ED25519_ADDRESS = 'iota1qr4ldq2vnlqp42l042m7nuskpcjk30ww5cknarx9w6e5y49r0caejq7ctkc';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const STARDUST = { generation: 'stardust', chainId: IOTA_EVM } as const;
const REBASED = { generation: 'rebased' } as const;
const refused = (reason: string) => ({ ok: false, reason });

describe('api/ids: an EVM address', () => {
  it('is returned in its EIP-55 form, whatever the case it was typed in', () => {
    assert.deepEqual(checkEvmAddress(` ${EVM.toLowerCase()} `), { ok: true, address: EVM });
  });

  it('that is empty, lacks 0x, holds a non-hex digit or has another length is refused for that reason', () => {
    const cases: Array<[string, string]> = [
      ['', 'The address is empty.'],
      ['   ', 'The address is empty.'],
      [EVM.slice(2), 'An EVM address starts with 0x.'],
      [`ab${EVM}`, 'An EVM address starts with 0x.'],
      [`0x${'g'.repeat(40)}`, 'An EVM address holds only hex digits after 0x.'],
      ['0x12z4', 'An EVM address holds only hex digits after 0x.'],
      ['0x1234', 'An EVM address has 40 hex digits after 0x (got 4).'],
      [`${EVM}00`, 'An EVM address has 40 hex digits after 0x (got 42).'],
    ];
    for (const [input, reason] of cases) assert.deepEqual(checkEvmAddress(input), refused(reason), input);
  });
});

describe('api/ids: the agent ID of a Stardust account read', () => {
  it('an EVM agent of the chain, bare or as 0x…@chainID, becomes EIP-55 address@chainID', () => {
    const evm = { ok: true, agentId: `${EVM}@${IOTA_EVM}`, kind: 'evm', evmAddress: EVM };
    assert.deepEqual(checkAgentId(EVM.toLowerCase(), STARDUST), evm);
    assert.deepEqual(checkAgentId(`${EVM.toLowerCase()}@${IOTA_EVM}`, STARDUST), evm);
  });

  it('a contract agent <hname>@chainID is kept with its hname lower-cased', () => {
    assert.deepEqual(checkAgentId(`07CB02C1@${IOTA_EVM}`, STARDUST), { ok: true, agentId: `07cb02c1@${IOTA_EVM}`, kind: 'contract' });
  });

  it('an empty agent, a chain after @ that is no chain ID, a Bech32 typo and an address of another network are refused for that reason', () => {
    const smrAddress = bech32.encode('smr', bech32.decode(ED25519_ADDRESS, 90).words, 90);
    const typo = `${ED25519_ADDRESS.slice(0, -1)}d`;
    assert.deepEqual(checkAgentId('  ', STARDUST), refused('The agent ID is empty.'));
    const notChain = checkAgentId(`${EVM}@${ED25519_ADDRESS}`, STARDUST);
    assert.equal(notChain.ok, false);
    assert.match(!notChain.ok ? notChain.reason : '', /^The chain after @ is not a chain ID: .*not a chain/);
    assert.deepEqual(checkAgentId(typo, STARDUST), refused('The address is not valid Bech32: its checksum does not match (a typo?).'));
    assert.deepEqual(checkAgentId(smrAddress, STARDUST), refused('The address is of another network than the chain (iota1…).'));
    assert.deepEqual(checkAgentId(ED25519_ADDRESS, STARDUST), { ok: true, agentId: ED25519_ADDRESS, kind: 'address' });
  });

  it('a Rebased agent ID (0x + 64 or 0x + 8 hex, anchored) is named as Rebased; anything else gets the forms a Stardust node takes', () => {
    const rebased = refused('This is a Rebased (Wasp 2.x) agent ID: a Stardust node takes a Bech32 address, 0x + 40 hex, or <hname>@<chainID>.');
    const other = refused('An agent ID is an EVM address (0x + 40 hex), a Bech32 address, or <hname>@<chainID>.');
    assert.deepEqual(checkAgentId(`0x${'ab'.repeat(32)}`, STARDUST), rebased);
    assert.deepEqual(checkAgentId('0xDEADBEEF', STARDUST), rebased);
    for (const input of ['hello', 'ab0xdeadbeef', '0xdeadbeef00', '0xdeadbeeg', '0xdeadbee']) assert.deepEqual(checkAgentId(input, STARDUST), other, input);
  });
});

describe('api/ids: the agent ID of a Rebased account read', () => {
  it('an empty agent, one without 0x and one of another hex length are refused for that reason', () => {
    assert.deepEqual(checkAgentId('', REBASED), refused('The agent ID is empty.'));
    assert.deepEqual(checkAgentId('abcdef', REBASED), refused('A Rebased agent ID starts with 0x.'));
    assert.deepEqual(checkAgentId('0x1234', REBASED), refused('A Rebased agent ID has 40 (EVM), 64 (address) or 8 (contract) hex digits after 0x (got 4).'));
  });
});
