// Around the requests a test makes through the client: the typed error it fails with, and a fetch
// that counts the body bytes it hands the client (what it read is what it held).
import * as assert from 'node:assert/strict';
import { WaspApiError } from '../../../src/api/errors';

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
