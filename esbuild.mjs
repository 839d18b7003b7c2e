// One build script for every bundle: the extension (node, ESM split into chunks; and one CommonJS file for
// the browser's web worker host), the webview scripts (browser),
// and, with --tests, the unit and integration test bundles plus the local node CLI; with --bench,
// the benchmark bundles (out/bench: bench/host.ts for the extension host, bench/node/*.ts).
//   node esbuild.mjs [--watch] [--production] [--tests] [--bench] [--outroot=<dir>]
// --outroot writes dist/ and out/ under <dir>: `npm run bench` builds a production copy there and
// leaves the tree's own bundles to whoever is running tests from them.
import * as esbuild from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { CJS_MAIN, LOAD_RECORD_BANNER, checkExtensionBuild, cjsMainText, hoistLoadClock } from './scripts/extensionBundle.mjs';

const args = new Set(process.argv.slice(2));
const watch = args.has('--watch');
const production = args.has('--production');
const tests = args.has('--tests');
const bench = args.has('--bench');
const outroot = [...args].find((a) => a.startsWith('--outroot='))?.slice('--outroot='.length) || '.';
const at = (p) => join(outroot, p);

/** Prints errors in the `file:line:col: error: text` shape the $esbuild-watch problem matcher reads. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => {
      if (watch) console.log('[watch] build started');
    });
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      if (watch) console.log('[watch] build finished');
    });
  },
};

function findFiles(dir, pattern) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...findFiles(p, pattern));
    else if (pattern.test(name)) out.push(p);
  }
  return out;
}

/**
 * Resolves `virtual:test-files` to a module that imports every `*.test.ts` under `dir` (minus
 * the `excludes` folders), so one bundle holds a whole integration suite and new test files are picked up on
 * every build. test/integration/index.ts imports it only after mocha's 'pre-require' event has
 * put describe/it on globalThis; esbuild evaluates a dynamically imported module lazily.
 */
function testFiles(suiteName, dir, excludes) {
  const inSuite = (p) => excludes.every((x) => p !== x && !p.startsWith(x + sep));
  const dirsOf = (d) => [
    d,
    ...readdirSync(d)
      .map((n) => join(d, n))
      .filter((p) => statSync(p).isDirectory())
      .flatMap(dirsOf),
  ];
  return {
    name: 'test-files',
    setup(build) {
      build.onResolve({ filter: /^virtual:test-files$/ }, () => ({ path: suiteName, namespace: 'test-files' }));
      build.onLoad({ filter: /.*/, namespace: 'test-files' }, () => {
        const files = existsSync(dir)
          ? findFiles(dir, /\.test\.ts$/)
              .filter(inSuite)
              .sort()
          : [];
        const specs = files.map((f) => './' + relative(process.cwd(), f).split(sep).join('/'));
        return {
          contents: [
            ...specs.map((s) => `import ${JSON.stringify(s)};`),
            `export const suiteName = ${JSON.stringify(suiteName)};`,
            `export const testFiles = ${JSON.stringify(specs)};`,
          ].join('\n'),
          loader: 'js',
          resolveDir: process.cwd(),
          // Watch mode: a test file added later rebuilds the suite.
          watchDirs: existsSync(dir) ? dirsOf(dir).filter(inSuite) : [],
        };
      });
    },
  };
}

/**
 * Puts the clock's import first in the main file (hoistLoadClock), then fails the build (and
 * says so in watch mode) when the split extension breaks checkExtensionBuild.
 */
const extensionChecks = {
  name: 'extension-checks',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length > 0 || !result.metafile) return;
      hoistLoadClock(result.metafile);
      for (const problem of checkExtensionBuild(result.metafile, { minified: production })) {
        console.error(`✘ [ERROR] extension bundle: ${problem}`);
        process.exitCode = 1;
      }
    });
  },
};

/**
 * ofetch's "node" export wraps node-fetch-native (a CommonJS polyfill that requires Node's own
 * modules) as a fallback for runtimes without fetch; every host we support has the global fetch,
 * so take its platform-neutral build (src/api/transport.ts hands it the fetch to use).
 */
const ofetchWithoutPolyfill = {
  name: 'ofetch-without-polyfill',
  setup(build) {
    build.onResolve({ filter: /^ofetch$/ }, () => ({ path: join(process.cwd(), 'node_modules/ofetch/dist/index.mjs') }));
  },
};

/** The webview scripts: src/<feature>/browser/<name>Main.ts, one IIFE each (lib DOM, no imports at run time). */
const webviewEntries = Object.fromEntries(
  findFiles('src', /^(?!.*\.d\.ts$).*Main\.ts$/)
    .filter((f) => /[\\/]browser[\\/]/.test(f))
    .map((f) => [basename(f, '.ts'), f]),
);
const webviewBuild = {
  bundle: true,
  logLevel: 'warning',
  legalComments: 'none',
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  minify: production,
};

/**
 * `import { code } from 'webview-code:receiptMain'` (or `webview-code:webview.css`, the shared
 * stylesheet): the webview's script or stylesheet as text, so a panel writes it into its HTML and
 * the first paint fetches nothing. Text that would end its inline element early fails the build.
 */
const webviewCode = {
  name: 'webview-code',
  setup(build) {
    build.onResolve({ filter: /^webview-code:/ }, (args) => ({ path: args.path.slice('webview-code:'.length), namespace: 'webview-code' }));
    build.onLoad({ filter: /.*/, namespace: 'webview-code' }, async ({ path }) => {
      let text;
      let watchFiles;
      if (path.endsWith('.css')) {
        const file = resolve('media', basename(path));
        text = readFileSync(file, 'utf8');
        watchFiles = [file];
      } else {
        const entry = webviewEntries[path];
        if (!entry) return { errors: [{ text: `no webview script ${path} (src/*/browser/${path}.ts)` }] };
        const result = await esbuild.build({ ...webviewBuild, entryPoints: [entry], write: false, metafile: true });
        text = result.outputFiles[0].text;
        watchFiles = Object.keys(result.metafile.inputs).map((f) => resolve(f));
      }
      const tag = path.endsWith('.css') ? 'style' : 'script';
      const lower = text.toLowerCase();
      if (lower.includes(`</${tag}`) || lower.includes('<!--') || (tag === 'script' && lower.includes('<script')))
        return { errors: [{ text: `${path} holds text that would end an inline <${tag}> early` }] };
      return { contents: `export const code = ${JSON.stringify(text)};`, loader: 'js', watchFiles };
    });
  },
};

const common = {
  bundle: true,
  logLevel: 'warning',
  plugins: [problemMatcher, ofetchWithoutPolyfill, webviewCode],
  legalComments: 'none',
};

const configs = [
  // ESM with splitting, so what activation does not need (the panels, their models) loads on
  // first use through import(), and a module both sides import (src/api/errors.ts) lands in one
  // shared chunk: one class, so instanceof holds across chunks. `.mjs`, so Node reads these files
  // as ES modules without a package.json "type": "module" (which would turn the CJS test bundles
  // under out/ and TypeScript's Node16 resolution of src/ into ESM too). package.json's main is
  // dist/extension.cjs, which requires this build synchronously (cjsMainText says why).
  // src/loadClock.ts is a second entry only to get a chunk of its own, which the main file
  // imports first (checkExtensionBuild holds it to that).
  {
    ...common,
    plugins: [...common.plugins, extensionChecks],
    entryPoints: { extension: 'src/extension.ts', 'chunks/loadClock': 'src/loadClock.ts' },
    // The bundle's own load record: each output file, as it evaluates, adds its URL to one list
    // (a host test reads it to prove that activation loads no feature, and the bench lists it).
    banner: { js: LOAD_RECORD_BANNER },
    outdir: at('dist'),
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['vscode'],
    // @ethereumjs logs through `debug`, whose Node build requires tty, util and os at load (an ES
    // module cannot); its browser build needs none and reads DEBUG the same way.
    alias: { debug: 'debug/src/browser.js' },
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
  },
  // The browser entry (package.json "browser") for the web worker extension host of vscode.dev and
  // github.dev: that host loads one CommonJS file and no ES modules, so no splitting (a lazy
  // import() is inlined and still evaluates on first use). Nothing under src/ imports a Node
  // built-in (`npm run deps`), so the same sources build for both hosts.
  {
    ...common,
    entryPoints: { extension: 'src/extensionWeb.ts' },
    outdir: at('dist/web'),
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
  },
  // The webview scripts also as files, for the bench to weigh: the panels carry them inline (their
  // chunks import them through webview-code:), so the .vsix leaves these out.
  {
    ...common,
    ...webviewBuild,
    entryPoints: webviewEntries,
    outdir: at('dist/webview'),
    sourcemap: production ? false : 'inline',
  },
];

if (tests) {
  configs.push(
    {
      ...common,
      entryPoints: findFiles('test/unit', /\.test\.ts$/),
      outdir: 'out/test/unit',
      outbase: 'test/unit',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['mocha'],
      sourcemap: 'inline',
    },
    // One integration bundle per host launch (scripts/run-integration.mjs): index.js runs in a
    // trusted folder, untrusted.js (test/integration/untrusted/**) in an untrusted one,
    // multiroot.js (test/integration/multiroot/**) in a workspace of two folders, startup.js
    // (test/integration/startup/**) in an empty folder.
    ...[
      [
        'integration',
        'index.js',
        join('test', 'integration'),
        [
          join('test', 'integration', 'untrusted'),
          join('test', 'integration', 'multiroot'),
          join('test', 'integration', 'web'),
          join('test', 'integration', 'startup'),
        ],
      ],
      ['integration-startup', 'startup.js', join('test', 'integration', 'startup'), []],
      ['integration-untrusted', 'untrusted.js', join('test', 'integration', 'untrusted'), []],
      ['integration-multiroot', 'multiroot.js', join('test', 'integration', 'multiroot'), []],
    ].map(([suiteName, outName, dir, excludes]) => ({
      ...common,
      plugins: [...common.plugins, testFiles(suiteName, dir, excludes)],
      entryPoints: ['test/integration/index.ts'],
      outfile: `out/test/integration/${outName}`,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha'],
      sourcemap: 'inline',
    })),
    // The web suite (test/integration/web/**) runs in the browser's web worker host: one CommonJS
    // file for the browser, mocha's browser build inside, node:assert/strict from a small copy.
    {
      ...common,
      plugins: [...common.plugins, testFiles('integration-web', join('test', 'integration', 'web'), [])],
      entryPoints: ['test/integration/web/index.ts'],
      outfile: 'out/test/integration/web.js',
      platform: 'browser',
      format: 'cjs',
      target: 'es2022',
      external: ['vscode'],
      alias: { 'node:assert/strict': './test/integration/web/assert.ts' },
      sourcemap: 'inline',
    },
    {
      ...common,
      // realPeers.js: the scripts (run-integration.mjs, demo.mjs) start the real peers through it.
      entryPoints: ['test/fixtures/localNodeCli.ts', 'test/fixtures/webNodesCli.ts', 'test/fixtures/realPeers/realPeers.ts'],
      outdir: 'out/test/fixtures',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
    },
  );
}

if (bench) {
  configs.push(
    {
      ...common,
      entryPoints: ['bench/host.ts'],
      outfile: at('out/bench/host.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      sourcemap: 'inline',
    },
    {
      ...common,
      // bench/run.mjs starts anvil with the real-peer contracts through it.
      entryPoints: ['test/fixtures/realPeers/realPeers.ts'],
      outfile: at('out/bench/realPeers.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
    },
    {
      ...common,
      entryPoints: findFiles('bench/node', /\.ts$/),
      outdir: at('out/bench/node'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      sourcemap: 'inline',
    },
  );
}

const contexts = await Promise.all(configs.map((c) => esbuild.context({ ...c, metafile: true })));
if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
  mkdirSync(dirname(at(CJS_MAIN)), { recursive: true });
  writeFileSync(at(CJS_MAIN), cjsMainText());
} else {
  try {
    const results = await Promise.all(contexts.map((c) => c.rebuild()));
    // Remove what this build no longer writes (a deleted test's bundle, a sourcemap after
    // --production) instead of wiping the folders first: a suite already running from out/
    // or dist/ keeps its files while another build runs.
    writeFileSync(at(CJS_MAIN), cjsMainText());
    const written = new Set([...results.flatMap((r) => Object.keys(r.metafile?.outputs ?? {})), at(CJS_MAIN)].map((f) => resolve(f)));
    for (const dir of (tests ? ['dist', 'out'] : bench ? ['dist', 'out/bench'] : ['dist']).map(at)) {
      for (const file of existsSync(dir) ? findFiles(dir, /./) : []) if (!written.has(resolve(file))) rmSync(file);
    }
    // What the extension bundle is made of, for the bench's size breakdown.
    if (bench) writeFileSync(at('out/bench/extension.meta.json'), JSON.stringify(results[0]?.metafile ?? {}));
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}
