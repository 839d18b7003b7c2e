// npm run l10n: writes l10n/bundle.l10n.json, every string the extension passes through
// `vscode.l10n.t` (host code) or `l10n.t` (the model's L10n argument, see src/core/l10n.ts),
// for translators: a translation goes to l10n/bundle.l10n.<locale>.json next to it.
//   node scripts/l10n.mjs [--check]     --check: fail when the bundle on disk is out of date
// The exporter (@vscode/l10n-dev) reads only files that import 'vscode' or '@vscode/l10n'; the
// model never imports 'vscode' (src/core and every model/ stay plain Node), so its files are handed over with
// a type-only import line in front, which lets their `l10n.t(...)` calls count too.
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getL10nJson } from '@vscode/l10n-dev';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(repo, 'l10n/bundle.l10n.json');
const check = process.argv.includes('--check');

const files = (function walk(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return walk(p);
      return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
    });
})(join(repo, 'src'));

const IMPORTS_VSCODE = /^import\s.+\sfrom\s+['"](vscode|@vscode\/l10n)['"]/m;
const scripts = files.map((f) => {
  const contents = readFileSync(f, 'utf8');
  return { contents: IMPORTS_VSCODE.test(contents) ? contents : `import type * as vscode from 'vscode';\n${contents}`, extension: '.ts' };
});
const bundle = await getL10nJson(scripts);
const text = `${JSON.stringify(bundle, null, 2)}\n`;
const count = Object.keys(bundle).length;

if (check) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    // missing: out of date
  }
  if (current !== text) {
    console.error(`l10n: ${relative(repo, out)} is out of date (${count} strings in src/): run npm run l10n`);
    process.exit(1);
  }
  console.log(`l10n: ${relative(repo, out)} is up to date (${count} strings)`);
} else {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(`l10n: ${count} strings from ${files.length} files written to ${relative(repo, out)}`);
}
