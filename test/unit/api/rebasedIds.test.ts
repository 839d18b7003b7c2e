import { strict as assert } from 'node:assert';
import { InvalidInputError } from '../../../src/api/errors';
import { checkRebasedChainId, checkRebasedRequestId, parseRebasedRequestId } from '../../../src/api/ids';

const ID = `0x${'aB'.repeat(32)}`;

describe('api/ids: Rebased', () => {
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
    const r = checkRebasedChainId('iota1pzt3mstq6khgc3tl0mwuzk3eqddkryqnpdxmk4nr25re2466uxwm28qqxu5');
    assert.match(!r.ok ? r.reason : '', /Stardust \(Wasp 1\.x\) chain ID/);
    const short = checkRebasedChainId('0xabc');
    assert.match(!short.ok ? short.reason : '', /A Rebased chain ID has 64 hex digits after 0x \(got 3\)/);
  });
});
