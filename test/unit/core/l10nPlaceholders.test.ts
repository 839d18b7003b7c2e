import * as assert from 'node:assert/strict';
import { englishL10n } from '../../../src/core/l10n';

describe('core/l10n englishL10n placeholders', () => {
  it('fills multi-digit placeholders and leaves missing ones as written', () => {
    const args = Array.from({ length: 11 }, (_, i) => `a${i}`);
    assert.equal(englishL10n.t('{10}-{0}', ...args), 'a10-a0');
    assert.equal(englishL10n.t('{0} and {1}', 'x'), 'x and {1}');
    assert.equal(englishL10n.t('{0}{1}', false, 0), 'false0');
  });
});
