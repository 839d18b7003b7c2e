// How the rows of `npm run bench`'s table write a figure (bench/rows.mjs, bench/rowsHost.mjs).
export const KB = 1024;
export const kb = (b) => `${(b / KB).toFixed(1)} KB`;
export const ms = (v) => `${v} ms`;
export const signedMs = (v) => `${v >= 0 ? '+' : ''}${v} ms`;
export const times = (v) => `${v}x`;
/** The median of a list the figure carries (NaN without one). */
export function median(values) {
  if (!Array.isArray(values) || values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
