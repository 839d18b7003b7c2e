// The state a panel's HTML carries for its first paint (src/ui/model/initialState.ts): a JSON
// data block that node text cannot break out of.
import * as assert from 'node:assert/strict';
import { stateScriptText } from '../../../../src/ui/model/initialState';

const hostile = [
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!--<script>',
  ']]>-->',
  '&lt;b&gt; & &amp;',
  'line\u2028separator\u2029paragraph',
  '\u202Egnp.exe',
  '"quotes" \\ backslash',
];

describe('ui/model/initialState: the state in the HTML', () => {
  it('reads back as the very state, node text included', () => {
    const state = { status: 'ok', title: hostile[0], rows: hostile.map((value, i) => ({ field: `f${i}`, value })), n: 7, none: null };
    assert.deepEqual(JSON.parse(stateScriptText(state)), state);
  });

  it('holds no character that could end the data block or open a comment in it', () => {
    const text = stateScriptText({ rows: hostile });
    for (const c of ['<', '>', '&', '\u2028', '\u2029']) assert.equal(text.includes(c), false, `a raw ${JSON.stringify(c)} in ${text}`);
  });

  it('writes the escapes as JSON unicode escapes', () => {
    assert.equal(stateScriptText('</script>&'), '"\\u003c/script\\u003e\\u0026"');
  });
});
