// What each answer of a node means, as a table: status, headers and body in, the typed error
// (its class, message and the fields the UI reads) or the validated body out. interpretAnswer is
// pure over a Response, so this runs without a server; the loopback-node tests cover the wire.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { interpretAnswer, loadBodies, transportError, type AnswerExpectation, type Bodies } from '../../../src/api/answers';
import { WaspApiError } from '../../../src/api/errors';

const URL_ASKED = 'http://node.example/v1/chains/x/core/blocklog/requests/y';
// Loaded in each test (beforeEach), not once before all: code run outside a test is a static mutant.
let bodies: Bodies;
beforeEach(async () => {
  bodies = await loadBodies();
});

type Case = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  notFound?: AnswerExpectation<z.ZodMiniType>['notFound'];
  segments?: string[];
  probe?: boolean;
  authenticated?: boolean;
};

function outcome(
  c: Case,
  schema: z.ZodMiniType = z.object({ ok: z.boolean() }),
): { routeNotFound: string[]; error?: Record<string, unknown>; value?: unknown } {
  const routeNotFound: string[] = [];
  const response = new Response(null, { status: c.status, headers: c.headers });
  try {
    const value = interpretAnswer(
      response,
      c.body ?? '',
      { segments: c.segments ?? ['chains'], schema: () => schema, notFound: c.notFound, probe: c.probe },
      { url: URL_ASKED, status: c.status },
      c.authenticated ?? false,
      bodies,
      (g) => routeNotFound.push(g),
    );
    return { routeNotFound, value };
  } catch (e) {
    assert.ok(e instanceof WaspApiError, String(e));
    const fields: Record<string, unknown> = { class: e.constructor.name, kind: e.kind, message: e.message, hint: e.hint };
    for (const k of ['missingPermission', 'tokenRejected', 'what', 'nodeMessage', 'retryAfterSeconds', 'location', 'field', 'expected'] as const) {
      if (k in e) fields[k] = (e as unknown as Record<string, unknown>)[k];
    }
    return { routeNotFound, error: fields };
  }
}

const json = (o: unknown): string => JSON.stringify(o);

describe('api/answers: every kind of answer, as the user reads it', () => {
  it('a 2xx body is validated; invalid JSON, HTML and an empty body are named', () => {
    assert.deepEqual(outcome({ status: 200, body: '{"ok":true}' }).value, { ok: true });
    assert.deepEqual(outcome({ status: 201, body: '{"ok":false}' }).value, { ok: false });
    assert.equal(
      outcome({ status: 200, body: '<html>hi</html>', headers: { 'content-type': 'text/html' } }).error?.message,
      'Invalid response: JSON, but the node sent an HTML page (text/html): is the URL a Wasp web API?',
    );
    assert.equal(
      outcome({ status: 200, body: '  <!doctype html>' }).error?.message,
      'Invalid response: JSON, but the node sent an HTML page (no content type): is the URL a Wasp web API?',
    );
    assert.equal(outcome({ status: 200, body: ' \n' }).error?.message, 'Invalid response: JSON, but the body was empty');
    assert.match(String(outcome({ status: 200, body: '{"ok":' }).error?.message), /^Invalid response: JSON, but the body is not valid JSON \(.+\)$/);
    const wrong = outcome({ status: 200, body: '{"ok":"yes"}' }).error;
    assert.equal(wrong?.class, 'InvalidResponseError');
    assert.equal(wrong?.field, 'ok');
  });

  it("a union of whole bodies names the first branch's field; a nested union keeps its own words", () => {
    const whole = z.union([z.object({ receipt: z.object({ n: z.number() }) }), z.object({ empty: z.literal(true) })]);
    assert.equal(outcome({ status: 200, body: '{"receipt":{"n":"x"}}' }, whole).error?.field, 'receipt.n');
    const nested = z.object({ n: z.union([z.number(), z.string()]) });
    const e = outcome({ status: 200, body: '{"n":true}' }, nested).error;
    assert.equal(e?.field, 'n');
  });

  it('a redirect names where it goes, without query or credentials', () => {
    assert.deepEqual(outcome({ status: 302, headers: { location: 'https://u:p@other.example/v1/x?token=1#f' } }).error, {
      class: 'RedirectError',
      kind: 'redirect',
      message: 'The node redirected to https://other.example/v1/x',
      hint: "The node redirects to another address: set the chain's nodeUrl to that address if you trust it. Tokens are never sent along a redirect.",
      location: 'https://other.example/v1/x',
    });
    assert.equal(outcome({ status: 301, headers: { location: '/moved' } }).error?.location, 'http://node.example/moved');
    assert.equal(outcome({ status: 307 }).error?.location, '(no location)');
    assert.equal(outcome({ status: 308, headers: { location: 'http://[bad' } }).error?.location, '(invalid location)');
    assert.equal(outcome({ status: 399 }).error?.class, 'RedirectError');
    assert.equal(outcome({ status: 400 }).error?.class, 'BadRequestError');
  });

  it('401 and 403: a missing permission, a rejected token, or plain denial', () => {
    const perm = outcome({ status: 401, body: json({ error: 'unauthorized', missingPermission: 'chain.read' }) }).error;
    assert.equal(perm?.message, 'The node denied access: missing permission "chain.read"');
    assert.equal(perm?.missingPermission, 'chain.read');
    assert.equal(perm?.tokenRejected, false);
    const rejected = outcome({ status: 401, body: json({ Message: 'invalid or expired jwt' }), authenticated: true }).error;
    assert.equal(rejected?.message, 'The node rejected the access token: invalid or expired jwt');
    assert.equal(rejected?.tokenRejected, true);
    const rejectedError = outcome({ status: 401, body: json({ Error: 'bad token' }), authenticated: true }).error;
    assert.equal(rejectedError?.message, 'The node rejected the access token: invalid or expired');
    const unsent = outcome({ status: 401, body: json({ Message: 'invalid or expired jwt' }) }).error;
    assert.equal(unsent?.message, 'The node denied access (401): invalid or expired jwt');
    assert.equal(unsent?.tokenRejected, false);
    assert.equal(outcome({ status: 403, body: '' }).error?.message, 'The node denied access (403)');
    assert.equal(outcome({ status: 403, body: json({ Message: 'nope' }), authenticated: true }).error?.message, 'The node denied access (403): nope');
  });

  it('404: no receipt, no chain, a route the node lacks, or plain not found', () => {
    const receipt = outcome({ status: 404, body: json({ Message: 'record not found' }), notFound: 'receipt' });
    assert.equal(receipt.error?.message, 'No receipt: the request is not known at this state');
    assert.equal(receipt.error?.what, 'receipt');
    assert.equal(outcome({ status: 404, body: json({ Error: 'no receipt here' }), notFound: 'receipt' }).error?.what, 'receipt');
    const chain = outcome({ status: 404, body: json({ Message: 'Invalid Chain ID' }), notFound: 'receipt' }).error;
    assert.equal(chain?.message, 'Chain not found: Invalid Chain ID');
    assert.equal(chain?.what, 'chain');
    const noChain = outcome({ status: 404, body: '', notFound: 'rebasedChain', segments: ['chain'] });
    assert.equal(noChain.error?.message, 'Chain not found: the node runs no chain');
    assert.deepEqual(noChain.routeNotFound, []);
    const lacks = outcome({ status: 404, body: json({ message: 'Not Found' }), notFound: 'rebasedChain', segments: ['chain'] });
    assert.equal(lacks.error?.what, 'route');
    assert.deepEqual(lacks.routeNotFound, ['rebased']);
    const echo = outcome({ status: 404, body: json({ message: 'Not Found' }), notFound: 'receipt' });
    assert.equal(echo.error?.message, 'Not found (404): Not Found');
    assert.equal(outcome({ status: 404, body: json({ message: ' not found ' }), notFound: 'receipt' }).error?.what, 'route', 'trimmed, any case');
    assert.equal(echo.error?.what, 'route');
    assert.deepEqual(echo.routeNotFound, ['stardust']);
    assert.deepEqual(
      outcome({ status: 404, body: json({ message: 'not found' }), notFound: 'receipt', probe: true }).routeNotFound,
      [],
      'a probe does not re-detect',
    );
    assert.deepEqual(outcome({ status: 404, body: json({ message: 'not found' }), notFound: 'route' }).routeNotFound, [], 'a route 404 is expected there');
    const other = outcome({ status: 404, body: json({ Message: 'something else' }), notFound: 'chain' }).error;
    assert.equal(other?.what, 'chain');
    assert.equal(other?.message, 'Chain not found: something else');
    assert.equal(outcome({ status: 404, body: json({ Message: 'something else' }) }).error?.what, 'route');
    assert.equal(outcome({ status: 404, body: json({ message: 'Not Found', Error: 'x' }), notFound: 'receipt' }).error?.what, 'receipt', 'Error set: not echo');
    assert.equal(outcome({ status: 404, body: 'plain text', notFound: 'receipt' }).error?.message, 'Not found (404): plain text');
    assert.equal(outcome({ status: 404, body: '' }).error?.message, 'Not found (404)');
  });

  it('400, 429 and the rest', () => {
    const bad = outcome({ status: 400, body: json({ Error: 'invalid block', Message: 'bad request' }) }).error;
    assert.equal(bad?.message, 'The node rejected the request: bad request: invalid block');
    assert.equal(bad?.nodeMessage, 'invalid block');
    assert.equal(outcome({ status: 400, body: json({ Message: 'only message' }) }).error?.nodeMessage, 'only message');
    assert.equal(outcome({ status: 400 }).error?.message, 'The node rejected the request');
    assert.equal(outcome({ status: 429, headers: { 'retry-after': '30' } }).error?.retryAfterSeconds, 30);
    assert.equal(outcome({ status: 429, headers: { 'retry-after': '0' } }).error?.retryAfterSeconds, 0);
    assert.equal(outcome({ status: 429, headers: { 'retry-after': '-1' } }).error?.retryAfterSeconds, undefined);
    assert.equal(outcome({ status: 429, headers: { 'retry-after': 'soon' } }).error?.retryAfterSeconds, undefined);
    assert.equal(outcome({ status: 429 }).error?.message, 'The node is rate limiting requests (429)');
    assert.equal(outcome({ status: 500, body: json({ Message: 'boom', Error: 'boom' }) }).error?.message, 'The node answered 500: boom', 'the same words once');
    assert.equal(outcome({ status: 502, body: '<html>bad gateway</html>' }).error?.message, 'The node answered 502: an HTML page instead of JSON (a proxy?)');
    assert.equal(outcome({ status: 503, body: '  ' }).error?.message, 'The node answered 503');
    assert.equal(outcome({ status: 500, body: json({ error: 'lower' }) }).error?.message, 'The node answered 500: lower');
    assert.equal(outcome({ status: 500, body: json({ Message: '  ', message: 'm' }) }).error?.message, 'The node answered 500: m');
  });

  it("clips and reveals the node's words", () => {
    const long = outcome({ status: 500, body: json({ Message: `a\u202eb${'x'.repeat(2000)}` }) }).error?.message as string;
    assert.ok(long.startsWith('The node answered 500: a⟨U+202E⟩b'), long.slice(0, 60));
    assert.ok(long.length <= 'The node answered 500: '.length + 300, String(long.length));
    const raw = outcome({ status: 500, body: `oops ${'y'.repeat(500)}` }).error?.message as string;
    assert.equal(raw.length, 'The node answered 500: '.length + 120);
    const perm = outcome({ status: 401, body: json({ missingPermission: 'p'.repeat(100) }) }).error?.missingPermission as string;
    assert.equal([...perm].length, 40);
  });
});

describe('api/answers: transport errors', () => {
  const ctx = { url: URL_ASKED };
  const sys = (code: string) => Object.assign(new Error(`x ${code}`), { code });
  it('names the usual system errors, and falls back to the code, the innermost message, or "network error"', () => {
    const m = (e: unknown) => transportError(e, false, undefined, ctx, 1000).message;
    assert.equal(m(sys('ECONNREFUSED')), 'The node could not be reached: connection refused');
    assert.equal(m(sys('ENOTFOUND')), 'The node could not be reached: host not found');
    assert.equal(m(sys('EAI_AGAIN')), 'The node could not be reached: host not found');
    assert.equal(m(sys('ECONNRESET')), 'The node could not be reached: connection closed by the node');
    assert.equal(m(sys('UND_ERR_SOCKET')), 'The node could not be reached: connection closed by the node');
    assert.equal(m(sys('EHOSTUNREACH')), 'The node could not be reached: EHOSTUNREACH');
    assert.equal(m(new Error('outer', { cause: new Error('inner', { cause: sys('ECONNREFUSED') }) })), 'The node could not be reached: connection refused');
    assert.equal(m(new Error('outer', { cause: new Error('inner') })), 'The node could not be reached: inner');
    assert.equal(m('a string'), 'The node could not be reached: network error');
    const deep = (n: number): Error => (n === 0 ? sys('ECONNREFUSED') : new Error(`level ${n}`, { cause: deep(n - 1) }));
    assert.equal(m(deep(5)), 'The node could not be reached: level 1', 'five levels at most');
    assert.equal(transportError(sys('ECONNREFUSED'), false, undefined, ctx, 1000).kind, 'network');
  });
  it('a timeout wins over a cancel, a cancel over the cause; an API error passes through', () => {
    const aborted = AbortSignal.abort();
    assert.equal(transportError(new Error('x'), true, aborted, ctx, 1234).message, 'The node did not answer within 1234 ms');
    assert.equal(transportError(new Error('x'), false, aborted, ctx, 1234).kind, 'cancelled');
    assert.equal(transportError(new Error('x'), false, new AbortController().signal, ctx, 1234).kind, 'network');
    const own = transportError(sys('ECONNREFUSED'), false, undefined, ctx, 1);
    assert.equal(transportError(own, true, aborted, ctx, 1), own);
  });
});
