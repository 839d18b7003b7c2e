// What a panel's HTML carries for its first paint (src/ui/model/initialState.ts): the state as a
// JSON data block that node text cannot break out of, and the check that keeps code inline only
// when it cannot end its element early.
import * as assert from 'node:assert/strict';
import { fitsInline, stateScriptText } from '../../../../src/ui/model/initialState';

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

describe('ui/model/initialState: code that can be inlined', () => {
  it('takes ordinary code and styles', () => {
    assert.equal(fitsInline('(()=>{const a="<b>";document.title=a})();', 'script'), true);
    assert.equal(fitsInline('main { color: var(--vscode-foreground); } a > b {}', 'style'), true);
  });

  it('refuses what would end the element early, in any case', () => {
    assert.equal(fitsInline('x="</script>"', 'script'), false);
    assert.equal(fitsInline('x="</ScRiPt "', 'script'), false);
    assert.equal(fitsInline('b { content: "</style>" }', 'style'), false);
    assert.equal(fitsInline('b { content: "</STYLE" }', 'style'), false);
  });

  it('refuses what would switch the parser into a script comment state', () => {
    assert.equal(fitsInline('x="<!--"', 'script'), false);
    assert.equal(fitsInline('x="<script>"', 'script'), false);
    assert.equal(fitsInline('/* <!-- */', 'style'), false);
  });
});
