// A skeleton of a name in the sense of Unicode TR39 (confusable detection), narrowed to what can
// pass for Latin letters and digits: two names with the same skeleton look alike ("IОТА EVM" with
// Cyrillic О, Т, А; "ΙΟΤΑ"; fullwidth "ＩＯＴＡ"; "I0TA"; "lOTA"; "EVrn"). NFKC folds the
// compatibility forms (fullwidth, mathematical letters, ligatures); the table below maps the
// Cyrillic, Greek and Latin look-alikes of Latin letters to their prototype, as in
// confusables.txt of Unicode 16.0.0 (https://www.unicode.org/Public/security/16.0.0/), keeping
// only prototypes in ASCII: a compact subset instead of the whole 6,000-line table. Pure.

/** Look-alike → prototype, applied before lower-casing (case matters: `I` looks like `l`). */
const CASED: Record<string, string> = {
  // Cyrillic capitals
  А: 'A',
  В: 'B',
  Е: 'E',
  З: '3',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'l',
  Ј: 'J',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ү: 'Y',
  Ӏ: 'l',
  Ԁ: 'd',
  // Cyrillic small letters
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ѵ: 'v',
  ү: 'y',
  // Greek capitals
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'l',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Greek small letters
  α: 'a',
  ι: 'i',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  γ: 'y',
  ϲ: 'c',
  ϳ: 'j',
  // Latin
  I: 'l',
  '|': 'l',
  ǀ: 'l',
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ʏ: 'y',
};

/** Applied after lower-casing: digits and letter pairs that read as a letter. */
const UNCASED: Record<string, string> = { '0': 'o', '1': 'l', m: 'rn', d: 'cl' };

const CASED_KEYS = Object.keys(CASED).join('');
const CASED_RE = new RegExp(`[${CASED_KEYS.replace(/[\]\\^-]/g, '\\$&')}]`, 'gu');
const UNCASED_RE = /[01md]/g;

/** The form two look-alike names share (compare skeletons, never show them). */
export function confusableSkeleton(name: string): string {
  // The table runs before NFKC as well: NFKC turns some look-alikes into letters the table does not
  // hold (the lunate sigma ϲ, which reads as c, becomes the final sigma ς).
  const unfold = (s: string): string => s.replace(CASED_RE, (c) => CASED[c] ?? c);
  const folded = unfold(unfold(name).normalize('NFKC'));
  return folded
    .toLowerCase()
    .replace(UNCASED_RE, (c) => UNCASED[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}
