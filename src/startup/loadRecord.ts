// The bundle's load record: every output file of the split build adds its URL to one global list
// as it evaluates (a banner esbuild.mjs puts atop each file). The web build is one file without it.
const KEY = Symbol.for('waspChain.loadRecord');

/** The file names of the extension's output files that have evaluated, in order (empty in the web build). */
export function loadedFiles(): string[] {
  const list = (globalThis as Record<symbol, unknown>)[KEY];
  if (!Array.isArray(list)) return [];
  return list.filter((u): u is string => typeof u === 'string').map((u) => u.slice(u.lastIndexOf('/') + 1));
}
