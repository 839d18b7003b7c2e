// The last behaviours of src/core that no unit test pinned (found by npm run mutation).
import * as assert from 'node:assert/strict';
import { describeGasPerToken, feeForGas, feeFormulaText, validatorShareText } from '../../../src/core/fees';
import { decodeJwtClaims } from '../../../src/core/jwt';
import { externalUrlToOpen, iconSafeLabel } from '../../../src/core/text';

describe('core: what the mutation run found unpinned', () => {
  it('a JWT payload in standard base64 (/ or +) is not base64url: refused, not decoded', () => {
    const url = 'eyJzdWIiOiI_PyJ9'; // {"sub":"??"}
    assert.deepEqual(decodeJwtClaims(`h.${url}.s`), { sub: '??' });
    assert.equal(decodeJwtClaims(`h.${url.replace('_', '/')}.s`), undefined, 'a / anywhere');
    assert.equal(decodeJwtClaims(`h./${url.slice(1)}.s`), undefined, 'a bad first character');
    assert.equal(decodeJwtClaims(`h.${url.slice(0, -1)}+.s`), undefined, 'a bad last character');
  });

  it('a negative or unsafe ratio component counts as 0: gas is free', () => {
    assert.equal(describeGasPerToken({ a: -5, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: -1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 2 ** 53, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: 0 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 0, b: 1 }), 'gas is free');
    assert.equal(describeGasPerToken({ a: 100, b: 1 }), '100 gas = 1 base token');
    assert.equal(feeFormulaText({ gasPerToken: { a: 100, b: 0 }, evmGasRatio: { a: 1, b: 1 }, validatorFeeShare: 0 }), 'fee = 0 (gas is free)');
  });

  it('charges nothing for negative gas or a zero component, and rounds up otherwise', () => {
    assert.equal(feeForGas(-500n, { a: 100, b: 1 }), 0n);
    assert.equal(feeForGas(-1n, { a: 1, b: 1 }), 0n);
    assert.equal(feeForGas(500n, { a: 100, b: 0 }), 0n);
    assert.equal(feeForGas(500n, { a: 0, b: 1 }), 0n);
    assert.equal(feeForGas(501n, { a: 100, b: 1 }), 6n);
  });

  it('shows a share that is not a finite number as it came', () => {
    assert.equal(validatorShareText(Number.NaN), 'NaN');
    assert.equal(validatorShareText(Number.POSITIVE_INFINITY), 'Infinity');
    assert.equal(validatorShareText(-1), '-1%');
  });

  it('escapes every $( of a label so that none becomes a theme icon', () => {
    assert.equal(iconSafeLabel('$(alert) pay $5 $(x)'), '\\$(alert) pay $5 \\$(x)');
    assert.equal(iconSafeLabel('plain'), 'plain');
  });

  it('opens no text that is not a URL', () => {
    assert.equal(externalUrlToOpen('not a url'), undefined);
    assert.equal(externalUrlToOpen(''), undefined);
    assert.equal(externalUrlToOpen('https://example.org/a b'), 'https://example.org/a%20b');
  });
});
