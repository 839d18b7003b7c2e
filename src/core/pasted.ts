// [pure] An ID or hash as users paste it: copied from JSON, a log or Markdown it comes wrapped in
// quotes or backticks ("0x…", `0x…`, “0x…”), with spaces or a line break around it. Only a matching
// pair around the whole text is taken off; what is inside is checked as typed.

const PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
];

/** The text without surrounding whitespace and matching quote or backtick pairs (```0x…``` included). */
export function unwrapPastedId(text: string): string {
  let v = text.trim();
  // Bounded: a pasted ID is short, and each round takes off one pair or stops.
  for (let round = 0; round < 8; round++) {
    const pair = PAIRS.find(([open, close]) => v.length >= 2 && v.startsWith(open) && v.endsWith(close));
    if (!pair) break;
    v = v.slice(pair[0].length, v.length - pair[1].length).trim();
  }
  return v;
}
