// How the ABI scan reads a workspace file, decided apart from any file system so that each rule is
// tested in plain Node: a workspace is untrusted (a checkout may ship `artifacts/x.json -> /dev/zero`,
// a FIFO, a link out of the folder or into node_modules), so only a regular file is read (reached
// without a link: folderFile.ts), and every read stops at a hard byte cap and at the
// scan's deadline. Pure.
import { within } from '../../core/detached';

/** Why a candidate is not read: it is not a regular file, or its path leaves the rules (a link on its way, node_modules). */
export type Refusal = 'notFile' | 'outside' | 'excluded';

/** A candidate opened for reading: its size as the file system says, its bytes in chunks. */
export interface OpenedFile {
  size: number;
  chunks: AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

export type OpenOutcome = OpenedFile | { refused: Refusal };

/** Why a candidate with these file-system facts may not be read, or undefined. */
export function typeRefusal(facts: { file: boolean; link: boolean }): Refusal | undefined {
  return facts.file && !facts.link ? undefined : 'notFile';
}

/** The bytes of a read that stayed within its caps, or why it was abandoned. */
export type CappedRead = { bytes: Uint8Array } | { stopped: 'tooLarge' | 'late' };

const LATE = Symbol('late');

/**
 * Reads the chunks until the end, but abandons the read (the iterator is returned, which closes
 * a stream) once more than `maxBytes` arrived or when no chunk arrives within `remainingMs()`:
 * an endless or stalled source costs at most maxBytes and the time left.
 */
export async function readCapped(chunks: AsyncIterable<Uint8Array>, maxBytes: number, remainingMs: () => number): Promise<CappedRead> {
  const it = chunks[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      const next = await withinMs(it.next(), remainingMs());
      if (next === LATE) return { stopped: 'late' };
      if (next.done === true) break;
      total += next.value.length;
      if (total > maxBytes) return { stopped: 'tooLarge' };
      parts.push(next.value);
    }
    finished = true;
  } finally {
    // Not awaited: a stalled source may never settle; closing the file ends its pending read.
    if (!finished) void it.return?.()?.catch(() => undefined);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes };
}

function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | typeof LATE> {
  if (ms < 0) {
    promise.catch(() => undefined);
    return Promise.resolve(LATE);
  }
  return within(promise, ms, LATE);
}
