// Imported first by extension.ts and built into a chunk of its own that the main file imports
// first (esbuild.mjs checks it), so it evaluates before every other module: the time the
// extension's code started to evaluate. Activation is measured from here (ExtensionApi.activation).
export const moduleLoadedAt = performance.now();
