// The Get Started walkthrough in package.json: each step is ticked by something the user does, so
// its completion events name commands and settings the extension contributes; its words cover both
// generations, Rebased first, and promise nothing the demo does not show.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Manifest {
  contributes: {
    commands: Array<{ command: string }>;
    configuration: { properties: Record<string, unknown> };
    views?: Record<string, Array<{ id: string }>>;
    walkthroughs: Array<{
      id: string;
      description: string;
      steps: Array<{ id: string; description: string; media: { markdown?: string }; completionEvents?: string[] }>;
    }>;
  };
}

const root = process.cwd();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const text = (s: string) => s.replace(/^%(.+)%$/, (whole, key: string) => nls[key] ?? whole);
const [walkthrough] = manifest.contributes.walkthroughs;

describe('package.json: the Get Started walkthrough', () => {
  it('every step is ticked by a command or setting the extension contributes', () => {
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    const settings = new Set(Object.keys(manifest.contributes.configuration.properties));
    const contexts = contextKeysSet(join(root, 'src'));
    const views = new Set(Object.values(manifest.contributes.views ?? {}).flatMap((list) => list.map((v) => v.id)));
    assert.ok(walkthrough && walkthrough.steps.length > 0);
    for (const step of walkthrough.steps) {
      const events = step.completionEvents ?? [];
      assert.ok(events.length > 0, `step ${step.id} has completion events`);
      for (const e of events) {
        const [kind, name = ''] = e.split(/:(.*)/s);
        if (kind === 'onCommand') assert.ok(commands.has(name), `${step.id}: ${e} names a contributed command`);
        else if (kind === 'onSettingChanged') assert.ok(settings.has(name), `${step.id}: ${e} names a contributed setting`);
        else if (kind === 'onView') assert.ok(views.has(name), `${step.id}: ${e} names a contributed view`);
        else if (kind === 'onContext') assert.ok(contexts.has(name), `${step.id}: ${e} names a context key the extension sets`);
        else assert.fail(`${step.id}: ${e} is not an event this test knows to check`);
      }
      // The step's own button ticks it.
      // A button that focuses a view (`<view>.focus`, a command VS Code makes) is ticked by the view being seen.
      const buttons = [...text(step.description).matchAll(/\]\(command:([\w.]+)\)/g)].map((m) =>
        views.has((m[1] ?? '').replace(/\.focus$/, '')) ? `onView:${(m[1] ?? '').replace(/\.focus$/, '')}` : `onCommand:${m[1]}`,
      );
      assert.ok(
        buttons.some((b) => events.includes(b)),
        `${step.id}: a button of the step (${buttons.join(', ')}) is one of its completion events`,
      );
    }
  });

  it('describes both generations, Rebased first, and no chart the demo receipts lack', () => {
    assert.ok(text(walkthrough?.description ?? '').trim() !== '', 'the card has a description');
    for (const step of walkthrough?.steps ?? []) {
      const words = `${text(step.description)}\n${step.media.markdown ? readFileSync(join(root, step.media.markdown), 'utf8') : ''}`;
      assert.doesNotMatch(words, /\(Bech32\)/, `${step.id}: a chain ID is not only Bech32`);
      assert.doesNotMatch(words, /chart/i, `${step.id}: promises no chart`);
      if (/68 hex/.test(words)) assert.match(words, /64 hex[\s\S]*68/, `${step.id}: the 64-hex Rebased ID comes first`);
      if (/Stardust/.test(words)) assert.match(words, /Rebased[\s\S]*Stardust/, `${step.id}: Rebased comes first`);
    }
  });
});

/** The context keys the extension's code sets (`setContext`), read from its sources. */
function contextKeysSet(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const k of contextKeysSet(path)) keys.add(k);
    else if (entry.name.endsWith('.ts'))
      for (const m of readFileSync(path, 'utf8').matchAll(/executeCommand\(\s*'setContext',\s*'([\w.]+)'/g)) keys.add(m[1] ?? '');
  }
  return keys;
}
