// node scripts/check-workflows.mjs [dir]: the GitHub Actions workflows (.github/workflows/*.yml)
// checked offline, as GitHub would read them, with GitHub's own parser and workflow schema
// (@actions/workflow-parser, the one its editor support uses); then what this project asks of
// them: every action pinned by a full commit SHA, the CI workflow running the README's test
// command on every push and pull request, the release workflow running on a version tag.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = resolve(process.argv[2] ?? join(repo, '.github/workflows'));

// The parser's package imports its JSON schema without an import attribute, which Node 20 refuses:
// esbuild bundles it (schema included) into one module loaded from memory.
const bundled = await build({
  stdin: { contents: "export * from '@actions/workflow-parser';", resolveDir: repo },
  bundle: true,
  write: false,
  platform: 'node',
  format: 'cjs',
  logLevel: 'silent',
});
const parser = { exports: {} };
new Function('module', 'exports', 'require', bundled.outputFiles[0].text)(parser, parser.exports, createRequire(import.meta.url));
const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } = parser.exports;

const problems = [];
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));
if (files.length === 0) problems.push(`no workflow in ${dir}`);
const byName = new Map();
for (const name of files) {
  const content = readFileSync(join(dir, name), 'utf8');
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  const errors = parsed.context.errors.getErrors();
  for (const e of errors) problems.push(e.message);
  byName.set(name, errors.length === 0 && template.jobs ? template : undefined);
  // Read from the text, so that a workflow the parser refused is still checked for this.
  for (const [, ref] of content.matchAll(/^\s*(?:-\s*)?uses:\s*['"]?([^\s'"#]+)/gm)) {
    if (!ref.startsWith('./') && !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(ref)) problems.push(`${name}: ${ref} is not pinned by a full commit SHA`);
  }
}

const runs = (template) => template.jobs.flatMap((j) => (j.steps ?? []).map((s) => String(s.run?.value ?? s.run ?? ''))).join('\n');
const ci = byName.get('ci.yml');
if (!byName.has('ci.yml')) problems.push('ci.yml: missing');
else if (!ci) problems.push('ci.yml: not checked further (it does not parse)');
else {
  for (const event of ['push', 'pull_request']) if (!(event in ci.events)) problems.push(`ci.yml: does not run on ${event}`);
  if (!/(^|\s)(npm test|bash \.ci\/run)(\s|$)/m.test(runs(ci)))
    problems.push("ci.yml: does not run the README's test command (npm test, or .ci/run which calls it)");
}
const release = byName.get('release.yml');
if (!byName.has('release.yml')) problems.push('release.yml: missing');
else if (!release) problems.push('release.yml: not checked further (it does not parse)');
else {
  if (!(release.events.push?.tags ?? []).length) problems.push('release.yml: does not run on a version tag');
  for (const needed of ['vsce publish', 'ovsx', 'gh release create']) if (!runs(release).includes(needed)) problems.push(`release.yml: no step runs ${needed}`);
}

for (const p of problems) console.error(`workflows: ${p}`);

console.log(`workflows: ${files.length} checked (${files.join(', ')}): ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`);
process.exit(problems.length === 0 ? 0 : 1);
