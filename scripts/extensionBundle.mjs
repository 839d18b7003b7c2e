// What the split ESM build of the extension is made of, read from esbuild's metafile: the files
// activation loads, and the checks the build runs on every rebuild (esbuild.mjs) so that
// splitting cannot quietly break `instanceof` or the activation clock.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const EXTENSION_ENTRY = 'src/extension.ts';
export const LOAD_CLOCK = 'src/loadClock.ts';
export const ERRORS_MODULE = 'src/api/errors.ts';
/** The global list of the output files that have evaluated, in order (src/startup/loadRecord.ts reads it). */
export const LOAD_RECORD_KEY = 'waspChain.loadRecord';
export const LOAD_RECORD_BANNER = `(globalThis[Symbol.for(${JSON.stringify(LOAD_RECORD_KEY)})]??=[]).push(import.meta.url);`;

/** The file package.json names as "main": CommonJS, which loads the split ESM build (dist/extension.mjs). */
export const CJS_MAIN = 'dist/extension.cjs';

/**
 * The text of the CommonJS main. VS Code loads a CommonJS main with a synchronous require() and an
 * ES module main with an awaited import(); its code-loading mark spans that await, and so does
 * whatever else the extension host runs meanwhile (about 100 ms for a 7 KB file on the bench's
 * host, against about 12 ms through require). Node 22 requires an ES module graph synchronously
 * (VS Code's 'vscode' import hook is a synchronous one), so this loads the same files, in the same
 * order, in one turn. A host whose Node cannot require an ES module gets activate() through import().
 */
export function cjsMainText(esmFile = './extension.mjs') {
  const spec = JSON.stringify(esmFile);
  return [
    "'use strict';",
    'let main;',
    'try {',
    `  main = require(${spec});`,
    '} catch (e) {',
    "  if (!e || e.code !== 'ERR_REQUIRE_ESM') throw e;",
    '}',
    `exports.activate = main ? main.activate : (context) => import(${spec}).then((m) => m.activate(context));`,
    'exports.deactivate = main ? main.deactivate : () => undefined;',
    '',
  ].join('\n');
}

/** The output file built from `entry` (a path relative to the build's working folder). */
export function outputOf(metafile, entry = EXTENSION_ENTRY) {
  const found = Object.entries(metafile.outputs ?? {}).find(([, o]) => o.entryPoint === entry);
  if (!found) throw new Error(`no output was built from ${entry}`);
  return found[0];
}

/** Outputs a file imports statically (`import ... from`), in source order: what loads before its body runs. */
export function staticImports(metafile, file) {
  const outputs = metafile.outputs ?? {};
  return (outputs[file]?.imports ?? []).filter((i) => i.kind === 'import-statement' && !i.external && outputs[i.path]).map((i) => i.path);
}

/**
 * What activation loads: the main file and every chunk it imports statically, transitively.
 * Chunks reached only through import() (the panels) are not in it.
 */
export function startupFiles(metafile, entry = EXTENSION_ENTRY) {
  const main = outputOf(metafile, entry);
  const seen = new Set([main]);
  const queue = [main];
  while (queue.length > 0) {
    for (const next of staticImports(metafile, queue.shift())) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** What loads on first use: the chunks reached through import() from the startup files, and what they import, minus the startup files. */
export function lazyFiles(metafile, entry = EXTENSION_ENTRY) {
  const outputs = metafile.outputs ?? {};
  const startup = new Set(startupFiles(metafile, entry));
  const seen = new Set();
  const queue = [...startup];
  while (queue.length > 0) {
    for (const i of outputs[queue.shift()]?.imports ?? []) {
      if (i.external || !outputs[i.path] || seen.has(i.path) || startup.has(i.path)) continue;
      if (i.kind !== 'dynamic-import' && i.kind !== 'import-statement') continue;
      seen.add(i.path);
      queue.push(i.path);
    }
  }
  return [...seen];
}

/** Every output holding some code of `input` (bytes > 0). */
export function outputsHolding(metafile, input) {
  return Object.entries(metafile.outputs ?? {})
    .filter(([, o]) => (o.inputs?.[input]?.bytesInOutput ?? 0) > 0)
    .map(([file]) => file);
}

// `import {...} from "./chunks/x.mjs";` or `import "./chunks/x.mjs";`, minified or not.
const IMPORT_STATEMENT = /\bimport\s*(?:\{[^}]*\}\s*from\s*|[\w$]+\s+from\s*|\*\s*as\s+[\w$]+\s+from\s*)?"([^"]+)";?\n?/g;

/** The output file the first import statement of `file` (an output) names, read from its text. */
function firstImportIn(file, text) {
  IMPORT_STATEMENT.lastIndex = 0;
  const m = IMPORT_STATEMENT.exec(text);
  return m ? join(dirname(file), m[1]).split('\\').join('/') : undefined;
}

/**
 * esbuild orders a split entry's imports of shared chunks as it likes, so the main file may
 * import another chunk before the clock's. Evaluation follows the order of the import
 * statements, and moving an import statement changes nothing else: this moves the clock's
 * import to the top of the main file, which checkExtensionBuild then verifies.
 */
export function hoistLoadClock(metafile) {
  const main = outputOf(metafile);
  const [clock] = outputsHolding(metafile, LOAD_CLOCK);
  if (!clock || clock === main) return;
  const text = readFileSync(main, 'utf8');
  IMPORT_STATEMENT.lastIndex = 0;
  for (let m = IMPORT_STATEMENT.exec(text); m; m = IMPORT_STATEMENT.exec(text)) {
    if (join(dirname(main), m[1]).split('\\').join('/') !== clock) continue;
    if (m.index === 0) return;
    writeFileSync(main, m[0] + text.slice(0, m.index) + text.slice(m.index + m[0].length));
    return;
  }
}

/** Whether an output holds code of src/ (not only dependencies and re-exports). */
function holdsOurCode(metafile, output) {
  return Object.entries(metafile.outputs[output]?.inputs ?? {}).some(([input, { bytesInOutput }]) => input.startsWith('src/') && bytesInOutput > 0);
}

/**
 * What must hold of the extension build; returns the problems (empty = fine).
 * - Every module of src/ is emitted once. A module in two outputs would run twice and make two
 *   classes of each class it declares; for src/api/errors.ts that breaks every
 *   `instanceof NotFoundError` between a panel chunk and the main file.
 * - Each `class XxxError` of src/api/errors.ts is declared in exactly one output (read from the
 *   text when it is not minified, since minifying renames classes).
 * - The chunk of src/loadClock.ts is the main file's first static import and imports nothing, so
 *   `moduleLoadedAt` is read before any other module of the extension evaluates (an ES module's
 *   imports evaluate before its body, in order).
 * - No esbuild `require` shim: a CommonJS dependency's require() of something external would
 *   throw "Dynamic require ... is not supported" in an ES module at run time.
 */
export function checkExtensionBuild(metafile, { minified }) {
  const problems = [];
  const outputs = Object.keys(metafile.outputs ?? {}).filter((f) => !f.endsWith('.map'));
  const inputs = new Set(outputs.flatMap((f) => Object.keys(metafile.outputs[f].inputs ?? {})));
  for (const input of [...inputs].filter((i) => i.startsWith('src/')).sort()) {
    const holders = outputsHolding(metafile, input);
    if (holders.length > 1) problems.push(`${input} is emitted ${holders.length} times (${holders.join(', ')}): its classes and state would exist twice`);
  }
  const errorHolders = outputsHolding(metafile, ERRORS_MODULE);
  if (errorHolders.length !== 1) problems.push(`${ERRORS_MODULE} is in ${errorHolders.length} output files, not exactly one`);
  const classes = [...readFileSync(ERRORS_MODULE, 'utf8').matchAll(/^export (?:abstract )?class (\w+Error)\b/gm)].map((m) => m[1]);
  if (classes.length === 0) problems.push(`no error class found in ${ERRORS_MODULE}`);
  const texts = new Map(outputs.map((f) => [f, readFileSync(f, 'utf8')]));
  if (!minified) {
    for (const name of classes) {
      // esbuild emits a bundled class as `var XxxError = class _XxxError extends ...`, or as
      // `var XxxError = class extends ...` when its body never names the class.
      // A dependency's own class of that name (ox has an InvalidInputError) is another class: only our code counts.
      const declaring = outputs.filter((f) => holdsOurCode(metafile, f) && new RegExp(`\\b(?:class _?${name}|${name} = class)\\b`).test(texts.get(f)));
      if (declaring.length !== 1) {
        problems.push(`class ${name} is declared in ${declaring.length} output files (${declaring.join(', ') || 'none'}), not exactly one`);
      }
    }
  }
  const main = outputOf(metafile);
  const clock = outputsHolding(metafile, LOAD_CLOCK);
  const first = firstImportIn(main, texts.get(main) ?? readFileSync(main, 'utf8'));
  const alone = clock.length === 1 && Object.values(metafile.outputs[clock[0]].inputs ?? {}).filter((i) => i.bytesInOutput > 0).length === 1;
  if (!alone || clock[0] === main || first !== clock[0] || staticImports(metafile, clock[0]).length > 0) {
    const where = `it is in ${clock.join(', ') || 'nothing'}; the first import is ${first ?? 'none'}`;
    problems.push(`${LOAD_CLOCK} must be alone in the chunk ${main} imports first (${where})`);
  }
  for (const [file, text] of texts) {
    if (text.includes('Dynamic require of')) problems.push(`${file} holds esbuild's require shim: a bundled CommonJS module requires something external`);
  }
  return problems;
}
