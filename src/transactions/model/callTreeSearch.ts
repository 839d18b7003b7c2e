// What the call tree's search matches in a frame: its names, addresses, call and error, ignoring
// case. Shared by the webview (which searches) and the tests; it imports nothing, so the browser
// bundle takes only this. Pure.
import type { FrameView } from './callTree';

/** Whether `query` (already trimmed and lower-cased, not empty) occurs in what a frame shows. */
export function frameMatches(f: FrameView, query: string): boolean {
  return [f.type, f.from, f.fromName, f.to, f.toName, f.call, f.magic, f.error].some((x) => x !== undefined && x.toLowerCase().includes(query));
}
