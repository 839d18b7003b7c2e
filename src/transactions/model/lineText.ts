// One line of remote text as the explanations show it: clipped, invisible characters revealed.
// Apart from ./evmExplain.ts so that the hover's not-found part, loaded at activation, does not
// bring the decoders with it. Pure.
import { clip, revealInvisible } from '../../core/text';

/** What a line of remote text shows at most. */
export const LINE_CHARS = 400;

/** Remote text on one line: clipped, invisible characters revealed. */
export function shown(s: string): string {
  return revealInvisible(clip(s, LINE_CHARS));
}
