// [pure] How one request to a node is logged: a line without credentials, and its level. An answer
// that only says "not here" (404: no such receipt on this chain, no such route) is routine when a
// lookup tries several chains, so it is info; a failure the user may need to act on is a warning.
import type { RequestLogEntry } from '../../api/client';

export function requestLogLine(e: RequestLogEntry): { level: 'info' | 'warn'; line: string } {
  const line = `${e.method} ${e.url} → ${e.status ?? 'no answer'} in ${e.durationMs} ms${e.authenticated ? ' (with token)' : ''}${e.error ? `: ${e.error}` : ''}`;
  return { level: e.error && e.status !== 404 ? 'warn' : 'info', line };
}
