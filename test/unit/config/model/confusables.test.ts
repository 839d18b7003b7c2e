import * as assert from 'node:assert/strict';
import { confusableSkeleton } from '../../../../src/config/model/confusables';

// Every look-alike the skeleton folds, with its prototype as Unicode's confusables.txt (16.0.0)
// gives it, by code point and name so that a reader can check each against the standard.
const LOOK_ALIKES: readonly (readonly [string, string])[] = [
  ['\u0410', 'A'], // CYRILLIC CAPITAL LETTER A
  ['\u0412', 'B'], // CYRILLIC CAPITAL LETTER VE
  ['\u0415', 'E'], // CYRILLIC CAPITAL LETTER IE
  ['\u0417', '3'], // CYRILLIC CAPITAL LETTER ZE
  ['\u041a', 'K'], // CYRILLIC CAPITAL LETTER KA
  ['\u041c', 'M'], // CYRILLIC CAPITAL LETTER EM
  ['\u041d', 'H'], // CYRILLIC CAPITAL LETTER EN
  ['\u041e', 'O'], // CYRILLIC CAPITAL LETTER O
  ['\u0420', 'P'], // CYRILLIC CAPITAL LETTER ER
  ['\u0421', 'C'], // CYRILLIC CAPITAL LETTER ES
  ['\u0422', 'T'], // CYRILLIC CAPITAL LETTER TE
  ['\u0423', 'Y'], // CYRILLIC CAPITAL LETTER U
  ['\u0425', 'X'], // CYRILLIC CAPITAL LETTER HA
  ['\u0405', 'S'], // CYRILLIC CAPITAL LETTER DZE
  ['\u0406', 'l'], // CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I
  ['\u0408', 'J'], // CYRILLIC CAPITAL LETTER JE
  ['\u051a', 'Q'], // CYRILLIC CAPITAL LETTER QA
  ['\u051c', 'W'], // CYRILLIC CAPITAL LETTER WE
  ['\u04ae', 'Y'], // CYRILLIC CAPITAL LETTER STRAIGHT U
  ['\u04c0', 'l'], // CYRILLIC LETTER PALOCHKA
  ['\u0500', 'd'], // CYRILLIC CAPITAL LETTER KOMI DE
  ['\u0430', 'a'], // CYRILLIC SMALL LETTER A
  ['\u0435', 'e'], // CYRILLIC SMALL LETTER IE
  ['\u043e', 'o'], // CYRILLIC SMALL LETTER O
  ['\u0440', 'p'], // CYRILLIC SMALL LETTER ER
  ['\u0441', 'c'], // CYRILLIC SMALL LETTER ES
  ['\u0443', 'y'], // CYRILLIC SMALL LETTER U
  ['\u0445', 'x'], // CYRILLIC SMALL LETTER HA
  ['\u0455', 's'], // CYRILLIC SMALL LETTER DZE
  ['\u0456', 'i'], // CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I
  ['\u0458', 'j'], // CYRILLIC SMALL LETTER JE
  ['\u04bb', 'h'], // CYRILLIC SMALL LETTER SHHA
  ['\u0501', 'd'], // CYRILLIC SMALL LETTER KOMI DE
  ['\u051b', 'q'], // CYRILLIC SMALL LETTER QA
  ['\u051d', 'w'], // CYRILLIC SMALL LETTER WE
  ['\u04cf', 'l'], // CYRILLIC SMALL LETTER PALOCHKA
  ['\u0475', 'v'], // CYRILLIC SMALL LETTER IZHITSA
  ['\u04af', 'y'], // CYRILLIC SMALL LETTER STRAIGHT U
  ['\u0391', 'A'], // GREEK CAPITAL LETTER ALPHA
  ['\u0392', 'B'], // GREEK CAPITAL LETTER BETA
  ['\u0395', 'E'], // GREEK CAPITAL LETTER EPSILON
  ['\u0396', 'Z'], // GREEK CAPITAL LETTER ZETA
  ['\u0397', 'H'], // GREEK CAPITAL LETTER ETA
  ['\u0399', 'l'], // GREEK CAPITAL LETTER IOTA
  ['\u039a', 'K'], // GREEK CAPITAL LETTER KAPPA
  ['\u039c', 'M'], // GREEK CAPITAL LETTER MU
  ['\u039d', 'N'], // GREEK CAPITAL LETTER NU
  ['\u039f', 'O'], // GREEK CAPITAL LETTER OMICRON
  ['\u03a1', 'P'], // GREEK CAPITAL LETTER RHO
  ['\u03a4', 'T'], // GREEK CAPITAL LETTER TAU
  ['\u03a5', 'Y'], // GREEK CAPITAL LETTER UPSILON
  ['\u03a7', 'X'], // GREEK CAPITAL LETTER CHI
  ['\u03b1', 'a'], // GREEK SMALL LETTER ALPHA
  ['\u03b9', 'i'], // GREEK SMALL LETTER IOTA
  ['\u03bd', 'v'], // GREEK SMALL LETTER NU
  ['\u03bf', 'o'], // GREEK SMALL LETTER OMICRON
  ['\u03c1', 'p'], // GREEK SMALL LETTER RHO
  ['\u03c5', 'u'], // GREEK SMALL LETTER UPSILON
  ['\u03b3', 'y'], // GREEK SMALL LETTER GAMMA
  ['\u03f2', 'c'], // GREEK LUNATE SIGMA SYMBOL
  ['\u03f3', 'j'], // GREEK LETTER YOT
  ['\u0049', 'l'], // LATIN CAPITAL LETTER I
  ['\u007c', 'l'], // VERTICAL LINE
  ['\u01c0', 'l'], // LATIN LETTER DENTAL CLICK
  ['\u0131', 'i'], // LATIN SMALL LETTER DOTLESS I
  ['\u0237', 'j'], // LATIN SMALL LETTER DOTLESS J
  ['\u0251', 'a'], // LATIN SMALL LETTER ALPHA
  ['\u0261', 'g'], // LATIN SMALL LETTER SCRIPT G
  ['\u028f', 'y'], // LATIN LETTER SMALL CAPITAL Y
];

describe('config/model/confusables: every look-alike of the table', () => {
  it('lists the whole table (69 look-alikes)', () => {
    assert.equal(LOOK_ALIKES.length, 69);
  });

  for (const [lookAlike, prototype] of LOOK_ALIKES) {
    const code = `U+${lookAlike.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
    it(`${code} reads as ${prototype}, alone and inside a name`, () => {
      const expected = confusableSkeleton(prototype);
      assert.notEqual(expected, '');
      assert.equal(confusableSkeleton(lookAlike), expected);
      assert.equal(confusableSkeleton(`x${lookAlike}x`), `x${expected}x`);
    });
  }

  it('folds a look-alike that NFKC changes (defect: the lunate sigma became a final sigma, missing the table)', () => {
    assert.equal('\u03f2'.normalize('NFKC'), '\u03c2', 'the premise: NFKC turns the lunate sigma into a final sigma');
    assert.equal(confusableSkeleton('\u03f2hain'), confusableSkeleton('chain'));
  });

  it('folds a look-alike that only NFKC brings into the table (fullwidth and mathematical forms)', () => {
    assert.equal(confusableSkeleton('\uff29\uff2f\uff34\uff21'), 'lota', 'fullwidth IOTA: I reads as l');
    assert.equal(confusableSkeleton('\u{1d408}OTA'), 'lota', 'mathematical bold I');
  });

  it('folds digits and letter pairs after lower-casing: 0 o, 1 l, m rn, d cl', () => {
    assert.equal(confusableSkeleton('0'), 'o');
    assert.equal(confusableSkeleton('1'), 'l');
    assert.equal(confusableSkeleton('m'), 'rn');
    assert.equal(confusableSkeleton('d'), 'cl');
    assert.equal(confusableSkeleton('EVm'), confusableSkeleton('EVrn'));
    assert.equal(confusableSkeleton('dApp'), confusableSkeleton('clApp'));
    assert.equal(confusableSkeleton('I0TA'), 'lota');
  });

  it('leaves other text as it is (lower-cased)', () => {
    assert.equal(confusableSkeleton('Shimmer!'), 'shirnrner!');
    assert.equal(confusableSkeleton('Σ'), 'σ', 'a Greek letter with no Latin look-alike stays');
  });

  it('collapses every run of white space to one space and trims the ends', () => {
    assert.equal(confusableSkeleton('  IOTA \t\n EVM  '), 'lota evrn');
    assert.equal(confusableSkeleton('a  b'), 'a b');
    assert.equal(confusableSkeleton('a b'), 'a b');
    assert.equal(confusableSkeleton('a\u00a0b'), 'a b', 'NFKC turns a no-break space into a space');
  });
});
