// The source lines of a recording, over one built here (./syntheticReplay.ts): a line key names its
// line, and a code map names the sources its steps map to (none for a map no step used).
import { strict as assert } from 'node:assert';
import type { CodeMap } from '../../../src/debugger/model/codeMap';
import { preparedOf, SOURCE } from './syntheticReplay';

describe('debugger/model/lineIndex: lines and sources', () => {
  it('a key names its path and line; a key it never made names nothing', async () => {
    const p = await preparedOf([{}], [{ f: 0, line: 10 }, { f: 0 }, { f: 0, line: 12 }]);
    const key = p.lines.keyOf(SOURCE, 12);
    assert.deepEqual(p.lines.line(key), { path: SOURCE, line: 12 });
    assert.equal(p.lines.keyOf(SOURCE, 11), -1);
    assert.equal(p.lines.line(-1), undefined);
    assert.equal(p.lines.line(9), undefined);
  });

  it('the sources a session may show: those the steps of a code map map to, none for a map that ran no step', async () => {
    const p = await preparedOf([{}], [{ f: 0, line: 10 }]);
    const map = p.codeMapOf(0) ?? assert.fail();
    assert.deepEqual([...p.lines.sourcePaths(map)], [SOURCE]);
    const unused: CodeMap = { ...map };
    assert.deepEqual([...p.lines.sourcePaths(unused)], []);
  });
});
