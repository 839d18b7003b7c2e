// Which agent IDs an account read takes (src/api/ids.ts checkAgentId, parseAgentId), beyond the
// common forms: every Bech32 agent kind a Stardust node names (Ed25519, alias, NFT), an agent that
// names another chain right after "@", a target whose own chain ID is broken, and on a Rebased
// chain the exact kind of each form and the reason a Stardust or malformed ID is refused for.
import * as assert from 'node:assert/strict';
import { bech32 } from 'bech32';
import { InvalidInputError } from '../../../src/api/errors';
import { checkAgentId, parseAgentId } from '../../../src/api/ids';

const IOTA_EVM = 'iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5';
const SMR_EVM = 'smr1prxvwqvwf7nru5q5xvh5thwg54zsm2y4wfnk6yk56hj3exxkg92mx20wl3s';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const STARDUST = { generation: 'stardust', chainId: IOTA_EVM } as const;
const REBASED = { generation: 'rebased' } as const;
const STARDUST_FORM = 'This is a Stardust (Wasp 1.x) agent ID: a Rebased node takes 0x + 40 hex (EVM), 0x + 64 hex (address) or 0x + 8 hex (contract).';
/** An IOTA Bech32 address of the given type byte (0 Ed25519, 8 alias, 16 NFT). */
const address = (type: number) => bech32.encode('iota', bech32.toWords([type, ...Array.from({ length: 32 }, (_, i) => i + 1)]), 90);

describe('api/ids: the Bech32 agents of a Stardust account read', () => {
  it("takes an alias and an NFT address of the chain's network as address agents", () => {
    for (const type of [8, 16])
      assert.deepStrictEqual(checkAgentId(address(type), STARDUST), { ok: true, agentId: address(type), kind: 'address' }, String(type));
  });

  it('refuses an agent that names another chain right after "@"', () => {
    assert.deepStrictEqual(checkAgentId(`@${SMR_EVM}`, STARDUST), {
      ok: false,
      reason: 'This agent ID names another chain: the node would read an empty account.',
    });
  });

  it("refuses every agent when the target's chain ID is not one, for that reason", () => {
    assert.deepStrictEqual(checkAgentId(EVM, { generation: 'stardust', chainId: 'bogus' }), {
      ok: false,
      reason: 'A chain ID starts with iota1, smr1, rms1, atoi1 or tst1 (got "bogus").',
    });
  });
});

describe('api/ids: the agent ID of a Rebased account read, by form', () => {
  it('takes 0x + 8 hex as a contract, lower-cased', () => {
    assert.deepStrictEqual(checkAgentId('0xDEADBEEF', REBASED), { ok: true, agentId: '0xdeadbeef', kind: 'contract' });
  });

  it('names a Stardust agent as Stardust: a Bech32 address, a chain ID, anything with "@"', () => {
    for (const input of [address(0), IOTA_EVM, 'x@y', `${EVM}@${IOTA_EVM}`])
      assert.deepStrictEqual(checkAgentId(input, REBASED), { ok: false, reason: STARDUST_FORM }, input);
  });

  it('refuses 8 hex digits not at the start, and a non-hex digit after 0x, each for its reason', () => {
    assert.deepStrictEqual(checkAgentId('ab0xdeadbeef', REBASED), { ok: false, reason: 'A Rebased agent ID starts with 0x.' });
    assert.deepStrictEqual(checkAgentId('0xzz', REBASED), { ok: false, reason: 'A Rebased agent ID holds only hex digits after 0x.' });
  });

  it('throws a refused agent as invalid input of the field agentId, with how an account is named', () => {
    assert.throws(
      () => parseAgentId('0x12', REBASED),
      (e: unknown) => {
        assert.ok(e instanceof InvalidInputError);
        assert.deepStrictEqual(
          [e.field, e.message, e.hint],
          [
            'agentId',
            'A Rebased agent ID has 40 (EVM), 64 (address) or 8 (contract) hex digits after 0x (got 2).',
            'An account is named by an EVM address (0x + 40 hex) or the agent ID the node shows.',
          ],
        );
        return true;
      },
    );
  });
});
