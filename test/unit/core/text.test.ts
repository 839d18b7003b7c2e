// Text from a node or from settings made safe to show (src/core/text.ts): clipped by code points,
// on one line, invisible characters revealed, no theme icon and no link formed from it.
import * as assert from 'node:assert/strict';
import {
  clip,
  escapeMarkdown,
  externalUrlToOpen,
  hasControlChars,
  iconSafeLabel,
  isPrintable,
  notificationText,
  plainLine,
  revealInvisible,
} from '../../../src/core/text';

describe('core/text: clip, one line, notifications', () => {
  it('clip counts code points: text of exactly max code points in more code units is whole', () => {
    assert.equal(clip('😀😀', 2), '😀😀');
    assert.equal(clip('😀😀😀', 2), '😀…');
    assert.equal(clip('abc', 3), 'abc');
    assert.equal(clip('abcd', 3), 'ab…');
  });

  it('plainLine makes a run of line breaks one space', () => {
    assert.equal(plainLine('a\n\r\n\u2028b', 20), 'a b');
  });

  it('notificationText breaks Markdown link syntax with a space, keeping the text', () => {
    assert.equal(notificationText('[x](command:y)'), '[x] (command:y)');
  });

  it('clip cuts at a code point boundary', () => {
    assert.equal(clip('abcdef', 4), 'abc…');
    assert.equal(clip('😀😀😀😀😀', 3), '😀😀…');
    assert.equal(clip('short', 10), 'short');
  });
});

describe('core/text: escapeMarkdown', () => {
  it('leaves no Markdown construct alive: links, images, autolinks, HTML, entities, code, icons', () => {
    const hostile =
      '[click](command:waspChain.setToken?["x"]) ![i](https://e/x.png) <img src=x onerror=alert(1)> https://evil.example www.evil.example a@b.example &#x202E; `code` $(alert) **bold** # h';
    const out = escapeMarkdown(hostile);
    // Every ASCII punctuation character is escaped: none stands alone.
    for (let i = 0; i < out.length; i++) {
      if (out[i] === '\\') i++;
      // `$` is written `&#36;`, so that no theme icon can form.
      else if (out.startsWith('&#36;', i)) i += 4;
      else assert.doesNotMatch(out[i] ?? '', /[!-/:-@[-`{-~]/, `unescaped at ${i}: ${out}`);
    }
    assert.ok(out.includes('\\[click\\]\\(command\\:waspChain\\.setToken'));
    assert.ok(out.includes('https\\:\\/\\/evil\\.example'));
    assert.ok(out.includes('\\&\\#x202E\\;'));
  });
  it('makes it one line', () => {
    assert.equal(escapeMarkdown('a\n\n  b\tc'), 'a b c');
  });
  it('keeps letters, digits and non-ASCII text as they are', () => {
    assert.equal(escapeMarkdown('Wasp Chain Explorer démo ✓ 123'), 'Wasp Chain Explorer démo ✓ 123');
  });
});

describe('core/text: printability', () => {
  it('detects control characters', () => {
    assert.equal(hasControlChars('plain\ttext\r\n'), false);
    assert.equal(hasControlChars('bell\u0007'), true);
    assert.equal(hasControlChars('c1\u0085'), true);
    assert.equal(hasControlChars('del\u007f'), true);
    assert.equal(isPrintable('IOTA EVM'), true);
    assert.equal(isPrintable('multi\nline'), true);
    assert.equal(isPrintable('evil\u202Etxt'), false);
    assert.equal(isPrintable('zero\u200Bwidth'), false);
    assert.equal(isPrintable('nul\u0000'), false);
  });
});

describe('core/text: revealInvisible', () => {
  it('reveals bidi overrides and isolates', () => {
    assert.equal(revealInvisible('abc\u202Efed'), 'abc⟨U+202E⟩fed');
    assert.equal(revealInvisible('\u202A\u202B\u202C\u202D'), '⟨U+202A⟩⟨U+202B⟩⟨U+202C⟩⟨U+202D⟩');
    assert.equal(revealInvisible('\u2066x\u2067y\u2068z\u2069'), '⟨U+2066⟩x⟨U+2067⟩y⟨U+2068⟩z⟨U+2069⟩');
    assert.equal(revealInvisible('\u200E\u200F'), '⟨U+200E⟩⟨U+200F⟩');
  });
  it('reveals zero-width characters', () => {
    assert.equal(revealInvisible('iota1p\u200Bzt\u200C3\u200Dm\uFEFFs\u2060t'), 'iota1p⟨U+200B⟩zt⟨U+200C⟩3⟨U+200D⟩m⟨U+FEFF⟩s⟨U+2060⟩t');
  });
  it('reveals control characters, keeping whitespace only on request', () => {
    assert.equal(revealInvisible('a\u0000b\u001bc\u007f\u0085'), 'a⟨U+0000⟩b⟨U+001B⟩c⟨U+007F⟩⟨U+0085⟩');
    assert.equal(revealInvisible('line1\nline2\t!'), 'line1⟨U+000A⟩line2⟨U+0009⟩!');
    assert.equal(revealInvisible('line1\nline2\t!\u202E', { keepWhitespace: true }), 'line1\nline2\t!⟨U+202E⟩');
    assert.equal(revealInvisible('bell\u0007', { keepWhitespace: true }), 'bell⟨U+0007⟩');
  });
  it('reveals soft hyphens and combining invisible marks', () => {
    assert.equal(revealInvisible('a\u00adb\u034fc\u17b4'), 'a⟨U+00AD⟩b⟨U+034F⟩c⟨U+17B4⟩');
  });
  it('reveals tag characters as one code point', () => {
    assert.equal(revealInvisible('x\u{E0041}y'), 'x⟨U+E0041⟩y');
  });
  it('leaves ordinary text, accents and emoji alone', () => {
    for (const s of ['', 'IOTA EVM', 'héllo wörld', '日本語', '😀 ok', 'https://www.iota.org']) {
      assert.equal(revealInvisible(s), s);
    }
  });
  it('is stable across repeated calls (global regex state)', () => {
    assert.equal(revealInvisible('a\u202Eb'), 'a⟨U+202E⟩b');
    assert.equal(revealInvisible('a\u202Eb'), 'a⟨U+202E⟩b');
    assert.equal(isPrintable('a\u202Eb'), false);
    assert.equal(isPrintable('a\u202Eb'), false);
  });
});

describe('core/text: icons and links', () => {
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
