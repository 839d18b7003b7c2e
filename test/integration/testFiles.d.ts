/**
 * The module the `test-files` plugin in esbuild.mjs generates for each integration bundle:
 * importing it loads (and so registers with mocha) every test file of that suite.
 */
declare module 'virtual:test-files' {
  export const suiteName: string;
  export const testFiles: readonly string[];
}
