// A request ID pasted with its quotes, backticks or spaces is the ID; anything else is left as typed.
import * as assert from 'node:assert/strict';
import { unwrapPastedId } from '../../../src/core/pasted';
import { classifyRequestId } from '../../../src/core/idShapes';

const ID = `0x${'ab'.repeat(32)}`;

describe('core/pasted: an ID pasted with what surrounded it', () => {
  it('takes off surrounding whitespace, quotes and backticks, nested too', () => {
    for (const pasted of [
      ` ${ID}\n`,
      `"${ID}"`,
      `'${ID}'`,
      `\`${ID}\``,
      `\`\`\`${ID}\`\`\``,
      ` "${ID}" `,
      `\u201c${ID}\u201d`,
      `\u2018${ID}\u2019`,
      `"'${ID}'"`,
    ])
      assert.equal(classifyRequestId(unwrapPastedId(pasted))?.id, ID, JSON.stringify(pasted));
  });

  it('leaves an unmatched quote, or text around the ID, as it is (then it is not an ID)', () => {
    for (const pasted of [`"${ID}`, `${ID}'`, `"${ID}'`, `id: "${ID}"`, `"${ID}",`]) {
      assert.equal(classifyRequestId(unwrapPastedId(pasted)), undefined, JSON.stringify(pasted));
    }
    assert.equal(unwrapPastedId('"'), '"');
    assert.equal(unwrapPastedId('""'), '');
  });
});
