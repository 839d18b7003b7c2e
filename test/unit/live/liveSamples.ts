// The websocket samples (test/fixtures/samples/ws, hand-built from the node's Go JSON tags: keys,
// order and encodings real) as the node sends them, and as objects a test may change and send again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../fixtures/paths';
import { wsJson } from '../../fixtures/localNodeWs';

export type WsSample = 'v1-ws-new_block' | 'v1-ws-receipt' | 'v1-ws-block_events' | 'v2-ws-new_block' | 'v2-ws-receipt' | 'v2-ws-block_events' | 'ws-commands';

/** A sample's text, as the node sends it. */
export const wsSampleText = (name: WsSample): string => readFileSync(join(repoRoot(__dirname), 'test', 'fixtures', 'samples', 'ws', `${name}.json`), 'utf8');

/** A sample as a plain object (the v2 block_events timestamp is past 2^53: kept exact as a bigint). */
export function wsSample(name: WsSample): Record<string, unknown> {
  return JSON.parse(wsSampleText(name).replace(/("timestamp":\s*)(\d{16,})/g, '$1"__big__$2"'), (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith('__big__') ? BigInt(v.slice(7)) : v,
  ) as Record<string, unknown>;
}

/** An object back to the node's text (bigints as bare numbers). */
export const asFrame = (value: unknown): string => wsJson(value);
