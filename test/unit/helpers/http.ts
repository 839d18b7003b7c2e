// Around the requests a test makes through the client: the typed error it fails with, a fetch
// that counts the body bytes it hands the client (what it read is what it held), and a wait before
// a retry that the test sees instead of a real timer.
import * as assert from 'node:assert/strict';
import { WaspApiError } from '../../../src/api/errors';
import type { RetryWait } from '../../../src/api/transport';
import { waitUnlessAborted } from '../../../src/api/transportRetry';

/** The typed error the request fails with. */
export async function failure(p: Promise<unknown>): Promise<WaspApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof WaspApiError, `a typed error, got ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}`);
    return e;
  }
  assert.fail('expected a failure, but it resolved');
}

/** A fetch that counts the body bytes it hands on. */
export function countingFetch() {
  let bytes = 0;
  const counted: typeof fetch = async (input, init) => {
    const r = await fetch(input, init);
    if (!r.body) return r;
    const body = r.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: r.status, statusText: r.statusText, headers: r.headers });
  };
  return { fetch: counted, bytes: () => bytes };
}

/** A wait before the retry that records each length asked for and ends after one timer turn (at once on abort). */
export function recordingWait(): { waits: number[]; wait: RetryWait } {
  const waits: number[] = [];
  return {
    waits,
    wait: (ms, signal) => {
      waits.push(ms);
      return waitUnlessAborted(0, signal);
    },
  };
}
