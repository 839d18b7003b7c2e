// node scripts/icon.mjs: draws media/icon.png (the Marketplace's and Open VSX's 128×128 icon) from
// media/icon.svg in the offline host's headless Chromium, so the PNG is always the SVG's picture.
//   node scripts/icon.mjs [--check]   --check: only says whether media/icon.png is a 128×128 PNG
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installOfflineHost } from './offline-host.mjs';
import { pngSize } from './png.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const png = join(repo, 'media/icon.png');
const { values } = parseArgs({ options: { check: { type: 'boolean' } } });

if (values.check) {
  const size = pngSize(readFileSync(png));
  const ok = size?.width === 128 && size.height === 128;
  console.log(`icon: media/icon.png ${size ? `${size.width}×${size.height}` : 'is not a PNG'}${ok ? '' : ' (the Marketplace wants 128×128)'}`);
  process.exit(ok ? 0 : 1);
}

const cacheDir = installOfflineHost();
const { chromium } = createRequire(join(cacheDir, 'playwright/package.json'))('playwright-core');
const profile = mkdtempSync(join(tmpdir(), 'wasp-icon-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.WASP_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 128, height: 128 },
  args: ['--no-sandbox'],
});
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const svg = readFileSync(join(repo, 'media/icon.svg'), 'utf8');
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  writeFileSync(png, await page.locator('svg').screenshot({ omitBackground: true }));
  console.log(`icon: wrote media/icon.png (${JSON.stringify(pngSize(readFileSync(png)))})`);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
