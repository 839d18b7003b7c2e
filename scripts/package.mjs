// npm run package: writes wasp-chain-explorer-<version>.vsix with @vscode/vsce (which runs the
// vscode:prepublish script, a --production build, first), then prints its size and what it
// holds, and fails when something that must stay out of it got in (sourcemaps, sources, tests,
// node_modules: .vscodeignore keeps them out).
// The README's relative links and images become absolute on the way in (vsce rewrites them from
// the manifest's `repository`, at `--ref`, a release's tag), since the Marketplace and Open VSX
// show the README away from the repository; a link left relative fails the check.
//   node scripts/package.mjs [--out file.vsix] [--ref <git ref>] [--pre-release]
import { spawnSync } from 'node:child_process';
import { inflateRawSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pngSize } from './png.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version, repository } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const { values } = parseArgs({ options: { out: { type: 'string' }, ref: { type: 'string' }, 'pre-release': { type: 'boolean' } } });
const ref = values.ref ?? 'HEAD';
if (!/^[\w.-]+$/.test(ref)) throw new Error(`package: --ref ${ref} is not a branch or tag name`);
const repoUrl = String(repository?.url ?? '')
  .replace(/^git\+/, '')
  .replace(/\.git$/, '');
const github = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)$/.exec(repoUrl)?.[1];
if (!github) throw new Error(`package: package.json's repository.url (${repoUrl || 'none'}) is not a GitHub repository`);
const out = resolve(values.out ?? join(repo, `${name}-${version}.vsix`));

const vsce = join(repo, 'node_modules/@vscode/vsce/vsce');
const r = spawnSync(
  process.execPath,
  [
    vsce,
    'package',
    '--out',
    out,
    // Everything the extension runs is bundled into dist/ by esbuild: no node_modules to list.
    '--no-dependencies',
    // Links to the files of the release the package is built from, not to whatever main holds later.
    '--baseContentUrl',
    `https://github.com/${github}/blob/${ref}/`,
    '--baseImagesUrl',
    `https://raw.githubusercontent.com/${github}/${ref}/`,
    ...(values['pre-release'] ? ['--pre-release'] : []),
  ],
  { cwd: repo, stdio: 'inherit' },
);
if (r.status !== 0) process.exit(r.status ?? 1);

const files = listZip(out);
const extensionFiles = files.filter((f) => f.name.startsWith('extension/'));
const size = statSync(out).size;
console.log(`\n${relative(process.cwd(), out) || out}: ${kb(size)} (${files.length} entries, ${kb(files.reduce((s, f) => s + f.size, 0))} unpacked)`);
const groups = new Map();
for (const f of extensionFiles) {
  const path = f.name.slice('extension/'.length);
  const group = path.slice(0, path.lastIndexOf('/') + 1) || path;
  const g = groups.get(group) ?? { count: 0, size: 0 };
  g.count++;
  g.size += f.size;
  groups.set(group, g);
}
for (const [group, g] of [...groups].sort((a, b) => b[1].size - a[1].size)) {
  console.log(`  ${group.padEnd(28)} ${String(g.count).padStart(3)} file${g.count === 1 ? ' ' : 's'} ${kb(g.size).padStart(10)}`);
}

const forbidden = extensionFiles.filter((f) =>
  /\.map$|(^|\/)node_modules\/|^extension\/(src|test|out|scripts|demo|docs|\.vscode|\.ci|dist\/webview)\//.test(f.name),
);
// Every file the prepublish build wrote into dist/ (the main file, each chunk it may import) must
// ship: a missing chunk would only fail when its panel first opens. dist/webview does not: the
// webview scripts ship inside their panels' chunks, and those files are built for the bench alone.
const built = listFiles(join(repo, 'dist'))
  .filter((f) => !f.endsWith('.map') && !relative(join(repo, 'dist'), f).startsWith(`webview${sep}`))
  .map((f) => `extension/${relative(repo, f).split(sep).join('/')}`);
const required = [
  ...new Set([
    'extension/package.json',
    'extension/dist/extension.cjs',
    'extension/dist/extension.mjs',
    ...built,
    'extension/package.nls.json',
    'extension/LICENSE.txt',
    'extension/readme.md',
    'extension/changelog.md',
  ]),
];
const missing = required.filter((p) => !files.some((f) => f.name.toLowerCase() === p.toLowerCase()));
const problems = [...forbidden.map((f) => `must not be in the .vsix: ${f.name}`), ...missing.map((p) => `missing from the .vsix: ${p}`), ...galleryProblems()];
if (problems.length > 0) {
  for (const p of problems) console.error(`package: ${p}`);
  process.exit(1);
}
console.log(`\nInstall it with:  code --install-extension ${relative(process.cwd(), out) || out}`);

/** What the Marketplace and Open VSX would show wrong: a README link that only works in the repository, a missing or misshapen icon. */
function galleryProblems() {
  const out = [];
  const entry = (path) => files.find((f) => f.name.toLowerCase() === path.toLowerCase());
  const readme = entry('extension/readme.md');
  if (readme) {
    const text = readEntry(readme).toString('utf8');
    const targets = [...text.matchAll(/\]\(([^)\s]+)[^)]*\)/g), ...text.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    for (const t of targets) if (!/^(https:\/\/|#|mailto:)/.test(t)) out.push(`the README links to ${t}, which only resolves inside the repository`);
  }
  const manifest = JSON.parse(readEntry(entry('extension/package.json')).toString('utf8'));
  const icon = manifest.icon ? entry(`extension/${manifest.icon}`) : undefined;
  const size = icon ? pngSize(readEntry(icon)) : undefined;
  if (size?.width !== 128 || size.height !== 128) out.push(`the icon (${manifest.icon ?? 'none in package.json'}) is not a 128×128 PNG in the .vsix`);
  return out;
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

function kb(n) {
  return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

/** The entries of a zip file (name, uncompressed size), from its central directory. */
function listZip(file) {
  const buf = readFileSync(file);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file} is not a zip file`);
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error(`${file}: bad central directory`);
    const size = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const offset = buf.readUInt32LE(p + 42);
    entries.push({ name: buf.toString('utf8', p + 46, p + 46 + nameLength), size, method, compressed, offset, buf });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The bytes of one entry of the zip (stored or deflated). */
function readEntry(e) {
  const { buf } = e;
  const start = e.offset + 30 + buf.readUInt16LE(e.offset + 26) + buf.readUInt16LE(e.offset + 28);
  const raw = buf.subarray(start, start + e.compressed);
  return e.method === 8 ? inflateRawSync(raw) : raw;
}
