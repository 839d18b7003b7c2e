// Imported first by extension.ts, so the bundler emits it before every other module: the time
// the extension's code started to evaluate. Activation is measured from here (ExtensionApi.activation).
export const moduleLoadedAt = performance.now();
