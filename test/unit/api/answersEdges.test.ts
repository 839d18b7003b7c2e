// The edges of what a node's answer means (src/api/answers.ts): the body modules load once; a 400
// is a missing token only when its whole message (trimmed) says so, and no other status is; a body
// that is not the schema's shape at its root names what was expected in zod's own words; and a
// transport failure's message is the innermost Error's non-empty one. Pure: Responses built here.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { type Bodies, interpretAnswer, loadBodies, transportError } from '../../../src/api/answers';
import { WaspApiError } from '../../../src/api/errors';

const context = { url: 'http://node.test/v1/chains/x' };

/** The class and message of the error interpretAnswer throws for this answer. */
async function thrown(status: number, body: unknown, schema: z.ZodMiniType = z.object({ ok: z.boolean() })): Promise<[string, string]> {
  const b: Bodies = await loadBodies();
  try {
    interpretAnswer(new Response(null, { status }), JSON.stringify(body), { segments: ['chains'], schema: () => schema }, { ...context }, true, b);
  } catch (e) {
    assert.ok(e instanceof WaspApiError, String(e));
    return [e.constructor.name, e.message];
  }
  assert.fail('no error thrown');
}

describe('api/answers: loading the body modules', () => {
  it('loads them once: every request shares the same load', () => {
    assert.equal(loadBodies(), loadBodies());
  });
});

describe("api/answers: a missing token in a Rebased node's words", () => {
  it('is a 400 whose whole message, trimmed, is "missing or malformed jwt"', async () => {
    assert.deepStrictEqual(await thrown(400, { Message: '  Missing or malformed JWT ' }), [
      'UnauthorizedError',
      'The node rejected the access token:   Missing or malformed JWT ',
    ]);
  });

  it('is not a 400 that only contains those words, nor another status that says them', async () => {
    assert.deepStrictEqual(await thrown(400, { Message: 'not missing or malformed jwt' }), [
      'BadRequestError',
      'The node rejected the request: not missing or malformed jwt',
    ]);
    assert.deepStrictEqual(await thrown(400, { Message: 'missing or malformed jwt, twice' }), [
      'BadRequestError',
      'The node rejected the request: missing or malformed jwt, twice',
    ]);
    assert.deepStrictEqual(await thrown(500, { Message: 'missing or malformed jwt' }), ['ServerError', 'The node answered 500: missing or malformed jwt']);
  });
});

describe('api/answers: a 2xx body of another shape', () => {
  it('names the whole body in zod words when the root is of the wrong type', async () => {
    assert.deepStrictEqual(await thrown(200, 5), ['InvalidResponseError', 'Invalid response: Invalid input']);
  });

  it("names the field and zod's words for it", async () => {
    assert.deepStrictEqual(await thrown(200, { ok: 'yes' }), ['InvalidResponseError', 'Invalid response: field "ok": Invalid input']);
  });
});

describe('api/answers: the message of a transport failure', () => {
  const reason = (e: unknown) => transportError(e, false, undefined, {}, 1000).message;

  it('skips a cause that is no Error, and an Error whose message is empty', () => {
    assert.equal(reason(new Error('outer', { cause: { detail: 1 } })), 'The node could not be reached: outer');
    assert.equal(reason(new Error('outer', { cause: new Error('') })), 'The node could not be reached: outer');
    assert.equal(reason({ message: 'not an Error' }), 'The node could not be reached: network error');
  });
});
