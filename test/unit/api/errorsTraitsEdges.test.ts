// Small pure pins the mutation run found loose: the kind and hint of the errors a browser host and
// an expired token raise (src/api/errors.ts), the base token of every Stardust network prefix as
// typed (src/api/accountShape.ts), and per-generation traits at their edges (src/api/traits.ts).
import * as assert from 'node:assert/strict';
import { stardustBaseToken } from '../../../src/api/accountShape';
import { BrowserBlockedError, TokenExpiredError } from '../../../src/api/errors';
import { REBASED_TRAITS, STARDUST_TRAITS } from '../../../src/api/traits';
import { englishL10n } from '../../../src/core/l10n';

describe('api/errors: what a browser host and an expired token say', () => {
  it('a blocked request says why, with the hint of its reason', () => {
    const hints = (['plainHttp', 'token', 'blocked'] as const).map((reason) => {
      const e = new BrowserBlockedError(reason, 'm', {});
      assert.equal(e.kind, 'blocked');
      return e.hint;
    });
    assert.deepStrictEqual(hints, [
      "Use the node's https URL, or open this folder in desktop VS Code, which reaches any node.",
      "Ask the node's operator to allow the Authorization header in its CORS settings, or use desktop VS Code.",
      'Check that the node is up and answers a browser: https (or http on localhost), and CORS that allows this page. Desktop VS Code has none of these limits.',
    ]);
  });

  it('an expired token is of kind tokenExpired, and an expiry no date can show is said as the number', () => {
    const e = new TokenExpiredError(Number.NaN);
    assert.deepStrictEqual([e.kind, e.message], ['tokenExpired', 'The access token expired at NaN']);
  });
});

describe('api/accountShape: the base token of a Stardust chain, as typed', () => {
  const IOTA = { symbol: 'IOTA', decimals: 6, unit: 'base units' };
  const SMR = { symbol: 'SMR', decimals: 6, unit: 'base units' };

  it('reads the network from the prefix of a padded or upper-case chain ID, testnets included', () => {
    assert.deepStrictEqual(stardustBaseToken(' IOTA1PZT3 '), IOTA);
    assert.deepStrictEqual(stardustBaseToken('atoi1pabc'), IOTA);
    assert.deepStrictEqual(stardustBaseToken('smr1pabc'), SMR);
    assert.deepStrictEqual(stardustBaseToken('rms1pabc'), SMR);
  });
});

describe('api/traits: the edges of each generation', () => {
  it('Stardust: a chain of 18 decimals still has a minimum fee', () => {
    assert.equal(STARDUST_TRAITS.minimumFeeWei(1n, { feePolicy: { gasPerToken: { a: 100, b: 1 } }, baseDecimals: 18 }), 100n);
  });

  it('a wrong request ID form is invalid input of the field requestId; only a hash gets the Stardust hint', () => {
    const other = STARDUST_TRAITS.wrongRequestIdForm('S', undefined, englishL10n);
    assert.deepStrictEqual([other.field, other.hint], ['requestId', 'Correct the value and try again.']);
    assert.equal(REBASED_TRAITS.wrongRequestIdForm('R', 'hex68', englishL10n).field, 'requestId');
  });

  it("Stardust: a foundry's serial is the payload's first 4 bytes only, and only kinds 02 and 05 are tokens", () => {
    assert.equal(STARDUST_TRAITS.magicTokenName('02', '01000000ffffffff', englishL10n), 'ISC native token (ERC20, foundry 1)');
    assert.equal(STARDUST_TRAITS.magicTokenName('03', '', englishL10n), undefined);
  });
});
