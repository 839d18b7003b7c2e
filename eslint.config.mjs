// ESLint flat config: @eslint/js recommended + typescript-eslint recommended, plus the layering
// rule of the architecture (src/api, src/core, every model/ and protocol.ts never import it).
// Layout is Prettier's (.prettierrc.json): eslint-config-prettier, last, turns off any rule that would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Node's globals for the build and test scripts (*.mjs); TypeScript files get theirs from tsc.
const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'Buffer',
    'URL',
    'URLSearchParams',
    'fetch',
    'AbortController',
    'AbortSignal',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'clearImmediate',
    'queueMicrotask',
    'structuredClone',
    'TextEncoder',
    'TextDecoder',
    'performance',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  // reports/ and .stryker-tmp/ are `npm run mutation`'s report and its sandbox copy of the whole tree.
  globalIgnores([
    'dist/',
    'out/',
    'node_modules/',
    'media/',
    '.vscode-test/',
    'test/integration/workspace/',
    'test/fixtures/secrets/',
    'reports/',
    '.stryker-tmp/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
      'no-throw-literal': 'error',
      'prefer-const': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    // Tool configs some tools read only as CommonJS (.dependency-cruiser.cjs).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...nodeGlobals, module: 'writable', require: 'readonly' } },
  },
  {
    // These layers run in plain Node (unit tests) or in the webview: 'vscode' does not exist there.
    files: ['src/api/**', 'src/core/**', 'src/**/model/**', 'src/**/protocol.ts', 'src/*/browser/**', 'test/unit/**', 'test/fixtures/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vscode',
              message:
                'src/api, src/core, every model/ and protocol.ts, every browser/ folder and the unit tests stay free of the VS Code API ' +
                '(see design/STYLE.md); take what you need as a parameter instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // The extension also runs in a browser's web worker host (src/extensionWeb.ts), which has none
    // of Node's globals; tsc cannot tell, since a dependency's types (ofetch → undici) bring Node's
    // into every file. Node built-in imports are refused by `npm run deps`.
    files: ['src/**/*.ts', 'src/**/*.mts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate'].map((name) => ({
          name,
          message: "Not in a browser's web worker host: use what both hosts have (Uint8Array, TextEncoder, Web Crypto, globalThis, setTimeout).",
        })),
      ],
    },
  },
  {
    // One seam per variation (design/STYLE.md habit 9): what differs between node generations, or
    // between a chain with a web API and one known only by its EVM JSON-RPC (a settings entry's
    // `valid: 'evmOnly'`), is decided in src/api and src/config, once; everything else asks the
    // seam what a chain can do or says.
    files: ['src/**/*.ts'],
    ignores: ['src/api/**', 'src/config/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(stardust|rebased|evmOnly)$/]',
          'SwitchCase > Literal.test[value=/^(stardust|rebased|evmOnly)$/]',
        ].map((selector) => ({
          selector,
          message:
            "A branch on the kind of chain outside src/api and src/config: ask the chain's seam instead (ChainApi and its traits, the chain's abilities).",
        })),
      ],
    },
  },
  prettier,
);
