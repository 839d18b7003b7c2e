// The state a panel's HTML carries so its webview paints at once, without a round trip to the
// host: JSON in a data block. Shared by the host (writing it) and the webview (reading it back).

/** The id of the <script type="application/json"> that holds the state to show first. */
export const INITIAL_STATE_ID = 'initial-state';

/**
 * The JSON of a state, safe as the content of a <script> data block: node text in it may hold
 * "</script>" or "<!--", so every <, > and & is written as a JSON escape (JSON.parse reads the
 * same string back), as are the line separators a JavaScript parser would not take in a string.
 */
export function stateScriptText(state: unknown): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
