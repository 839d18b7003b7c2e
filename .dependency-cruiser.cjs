// The layering rules of design/STYLE.md, checked by `npm run deps` (a stage of `npm test`).
// tsPreCompilationDeps counts `import type` too: a type-only cycle still ties two modules together.
/** Parts that run in plain Node (unit tests) or in a webview, where 'vscode' does not exist (the live feed's socket and driver run in a web worker too). */
const PURE = '^src/(api|core|evm)/|^src/.+/model/|^src/.+/protocol\\.ts$|^src/[^/]+/browser/|^src/live/(socket|connection)\\.ts$';
/** The feature folders: what a user sees, built over the layers (api, core, evm, config, ui, workspace, transactions). */
const FEATURE_NAMES = 'accounts|chains|chainInfo|debugger|live|receipts|watch';
const FEATURES = `^src/(${FEATURE_NAMES})/`;
/** The one file of a feature that other features may import: the Chains tree's slots, which the tree owns and the features fill. */
const TREE_SLOTS = '^src/chains/treeSlots\\.ts$';
/** `import ... from 'vscode'` resolves to its types: the host provides the module itself. */
const VSCODE = '^node_modules/@types/vscode/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'startup-loads-no-feature',
      severity: 'error',
      comment:
        'Activation (src/extension.ts, src/startup/) loads only the stand-ins: the features come through the one import() of src/app.ts, so nothing at startup may import a feature, a layer with services, or the API.',
      from: { path: '^src/(extension\\.ts|startup/)' },
      to: { path: `^src/(${FEATURE_NAMES}|api|config|evm|transactions|workspace|ui)/`, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports included): split out what both sides need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'pure-without-vscode',
      severity: 'error',
      comment: 'src/api, src/core, every model/ and every protocol.ts never reach the VS Code API, not even through another module.',
      from: { path: PURE },
      to: { path: VSCODE, reachable: true },
    },
    {
      name: 'evm-is-a-layer',
      severity: 'error',
      comment:
        'src/evm is the byte-level EVM layer (ABI coding, RLP, signed transactions, revert data, JSON-RPC): features build on it, it builds on no feature.',
      from: { path: '^src/evm/' },
      to: { path: FEATURES },
    },
    {
      name: 'feature-imports-no-feature',
      severity: 'error',
      comment:
        'A feature imports no other feature: what two features share lives in a layer under both (src/transactions: the reading of a request or transaction), and a view that shows rows of other features owns an interface they fill (src/chains/treeSlots.ts, the one exception).',
      from: { path: `^src/(${FEATURE_NAMES})/` },
      to: { path: FEATURES, pathNot: ['^src/$1/', TREE_SLOTS] },
    },
    {
      name: 'layers-below-features',
      severity: 'error',
      comment: 'The layers (api, core, config, ui, workspace, transactions) sit under every feature: nothing there imports a feature folder.',
      from: { path: '^src/(api|core|config|ui|workspace|transactions)/' },
      to: { path: FEATURES },
    },
    {
      name: 'layers-run-one-way',
      severity: 'error',
      comment:
        'Under the features the layers run one way: evm builds on api, api on core, and core on nothing else of src (an EVM address check is core, not evm).',
      from: { path: '^src/(api|core)/' },
      to: { path: '^src/evm/' },
    },
    {
      name: 'core-is-the-ground',
      severity: 'error',
      comment: 'src/core imports nothing else of src: every layer stands on it.',
      from: { path: '^src/core/' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'webview-without-vscode',
      severity: 'error',
      comment: "Every browser/ folder (the panels' webview code) runs in the browser: nothing it imports may import vscode.",
      from: { path: '^src/[^/]+/browser/' },
      to: { path: VSCODE, reachable: true },
    },
    {
      name: 'register-only-from-app',
      severity: 'error',
      comment: "A feature's register.ts is wired by src/app.ts alone; anything else imports what register.ts uses.",
      from: { pathNot: '^src/app\\.ts$' },
      to: { path: '(^|/)register\\.ts$' },
    },
    {
      name: 'no-node-builtins-in-src',
      severity: 'error',
      comment:
        'The extension also runs in a browser\'s web worker host (package.json "browser", src/extensionWeb.ts), which has no Node modules: nothing under src/ imports one; use fetch, Web Crypto, TextDecoder and vscode.workspace.fs.',
      from: { path: '^src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve: a rule above could not see where it leads.',
      from: {},
      // webview-code:<name> is the text of a webview bundle, which esbuild.mjs builds in.
      to: { couldNotResolve: true, pathNot: '^webview-code:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // ox's package exports name only `types` and `default` conditions.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
