// What each answer of a node means (src/api/answers.ts): status, headers and body in, the typed
// error (its class, message and the fields the UI reads) or the validated body out. interpretAnswer is
// pure over a Response, so this runs without a server; the loopback-node tests cover the wire.
import * as assert from 'node:assert/strict';
import * as z from 'zod/mini';
import { type AnswerExpectation, type Bodies, interpretAnswer, loadBodies, transportError } from '../../../src/api/answers';
import {
  BadRequestError,
  CancelledError,
  InvalidResponseError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  RedirectError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  WaspApiError,
} from '../../../src/api/errors';

const context = { url: 'http://node.test/v1/chains/x', status: 0 };

/** A response as fetch gives it: only the status and the headers are read. */
function response(status: number, headers: Record<string, string> = {}): Response {
  return { status, headers: new Headers(headers) } as unknown as Response;
}

// Per test, not once before all: code run outside a test is a static mutant for Stryker.
let b: Bodies;
beforeEach(async () => {
  b = await loadBodies();
});

type Opts = Partial<AnswerExpectation<Bodies['v1']['NodeErrorBodySchema']>> & {
  headers?: Record<string, string>;
  authenticated?: boolean;
  onRoute?: (g: 'stardust' | 'rebased') => void;
};

/** The error interpretAnswer throws for this answer. */
function fail(status: number, text: string, o: Opts = {}): WaspApiError {
  try {
    interpretAnswer(
      response(status, o.headers),
      text,
      { segments: o.segments ?? ['chains'], schema: (x) => x.v1.NodeErrorBodySchema, notFound: o.notFound, probe: o.probe },
      context,
      o.authenticated ?? false,
      b,
      o.onRoute,
    );
  } catch (e) {
    return e as WaspApiError;
  }
  assert.fail('no error thrown');
}

const json = (v: unknown): string => JSON.stringify(v);

/** The same answers as one table: the URL asked, and what came back (the error as the UI reads its fields). */

const URL_ASKED = 'http://node.example/v1/chains/x/core/blocklog/requests/y';

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
      b,
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

describe('api/answers: what an answer means', () => {
  describe('redirects', () => {
    it('treats 300 and 399 as redirects, showing only origin and path of the location', () => {
      for (const status of [300, 399]) {
        const e = fail(status, '', { headers: { location: '/other/path?token=secret#x' } });
        assert.ok(e instanceof RedirectError);
        assert.equal(e.location, 'http://node.test/other/path');
        assert.equal(e.message, 'The node redirected to http://node.test/other/path');
      }
    });
    it('says when the location is missing or unreadable', () => {
      assert.equal((fail(302, '') as RedirectError).location, '(no location)');
      assert.equal((fail(302, '', { headers: { location: 'http://[bad' } }) as RedirectError).location, '(invalid location)');
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
  });

  describe('a 2xx body that is not JSON or not the schema', () => {
    it('names an HTML page with its content type, or "no content type"', () => {
      const a = fail(200, 'plain words', { headers: { 'content-type': 'text/html; charset=utf-8' } });
      assert.ok(a instanceof InvalidResponseError);
      assert.equal(a.field, '');
      assert.equal(a.message, 'Invalid response: JSON, but the node sent an HTML page (text/html; charset=utf-8): is the URL a Wasp web API?');
      const c = fail(200, '\n\n<html>');
      assert.equal(c.message, 'Invalid response: JSON, but the node sent an HTML page (no content type): is the URL a Wasp web API?');
    });
    it('says an empty (or blank) body was empty', () => {
      assert.equal(fail(200, '').message, 'Invalid response: JSON, but the body was empty');
      assert.equal(fail(299, '  \n ').message, 'Invalid response: JSON, but the body was empty');
    });
    it('quotes the JSON parser for other bodies; a "<" later in the body is not HTML', () => {
      let reason = '';
      try {
        JSON.parse('a<b');
      } catch (e) {
        reason = (e as Error).message;
      }
      const e = fail(200, 'a<b', { headers: { 'content-type': 'application/json' } });
      assert.equal(e.message, `Invalid response: JSON, but the body is not valid JSON (${reason})`);
      assert.equal((e as InvalidResponseError).field, '');
    });
    it('names the field that fails the schema', () => {
      const e = fail(200, json({ Message: 5 }));
      assert.ok(e instanceof InvalidResponseError);
      assert.equal(e.field, 'Message');
      assert.match(e.message, /^Invalid response: field "Message": /);
    });
    it('returns the validated body of a 2xx', () => {
      const out = interpretAnswer(response(204), json({ Message: 'ok' }), { segments: ['x'], schema: (x) => x.v1.NodeErrorBodySchema }, context, false, b);
      assert.deepEqual(out, { Message: 'ok' });
    });
    it('does not read a 4xx or 5xx body with the answer schema', () => {
      assert.ok(fail(500, json({ Message: 'x' })) instanceof ServerError);
      assert.ok(fail(404, json({ Message: 5 })) instanceof NotFoundError);
    });

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
  });

  describe('401 and 403', () => {
    it('names a missing permission', () => {
      const e = fail(403, json({ Message: 'no', missingPermission: 'write' }), { authenticated: true });
      assert.ok(e instanceof UnauthorizedError);
      assert.equal(e.message, 'The node denied access: missing permission "write"');
      assert.equal(e.missingPermission, 'write');
      assert.equal(e.tokenRejected, false);
    });
    it('says the token was rejected when one was sent and the node speaks of a jwt or token', () => {
      const a = fail(401, json({ Error: 'invalid or expired JWT' }), { authenticated: true }) as UnauthorizedError;
      assert.equal(a.message, 'The node rejected the access token: invalid or expired');
      assert.equal(a.tokenRejected, true);
      const c = fail(401, json({ Message: 'bad token given' }), { authenticated: true }) as UnauthorizedError;
      assert.equal(c.message, 'The node rejected the access token: bad token given');
      assert.equal(c.tokenRejected, true);
    });
    it('only says access was denied when no token was sent, or the words are not about a token', () => {
      const a = fail(401, json({ Message: 'invalid or expired jwt' })) as UnauthorizedError;
      assert.equal(a.message, 'The node denied access (401): invalid or expired jwt');
      assert.equal(a.tokenRejected, false);
      const c = fail(403, '', { authenticated: true }) as UnauthorizedError;
      assert.equal(c.message, 'The node denied access (403)');
      assert.equal(c.tokenRejected, false);
      const d = fail(403, json({ Message: 'forbidden' }), { authenticated: true }) as UnauthorizedError;
      assert.equal(d.message, 'The node denied access (403): forbidden');
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
  });

  describe('404', () => {
    const nf = (text: string, o: Opts = {}): NotFoundError => {
      const e = fail(404, text, o);
      assert.ok(e instanceof NotFoundError);
      return e;
    };
    it('a receipt route whose node says "record not found" or "no receipt": no receipt', () => {
      for (const m of ['record not found', 'No receipt for request']) {
        const e = nf(json({ Message: m }), { notFound: 'receipt' });
        assert.equal(e.what, 'receipt');
        assert.equal(e.message, 'No receipt: the request is not known at this state');
      }
    });
    it('a receipt route whose node says so in plain text: no receipt; without words: a missing route', () => {
      assert.equal(nf('record not found', { notFound: 'receipt' }).what, 'receipt');
      assert.equal(nf('', { notFound: 'receipt' }).what, 'route');
    });
    it('the same words on a chain route are a missing chain, and on another route a missing route', () => {
      const c = nf(json({ Message: 'record not found' }), { notFound: 'chain' });
      assert.deepEqual([c.what, c.message], ['chain', 'Chain not found: record not found']);
      const r = nf(json({ Message: 'record not found' }));
      assert.deepEqual([r.what, r.message], ['route', 'Not found (404): record not found']);
    });
    it('any route whose node speaks of a chain ID: the chain', () => {
      const e = nf(json({ Message: 'Chain ID xyz unknown' }));
      assert.deepEqual([e.what, e.message], ['chain', 'Chain not found: Chain ID xyz unknown']);
    });
    it('/v1/chain: an empty or blank 404 is a node without a chain, any other body a route it lacks', () => {
      for (const text of ['', ' \n']) {
        const e = nf(text, { notFound: 'rebasedChain', segments: ['chain'] });
        assert.deepEqual([e.what, e.message], ['chain', 'Chain not found: the node runs no chain']);
      }
      const r = nf(json({ message: 'Not Found' }), { notFound: 'rebasedChain', segments: ['chain'] });
      assert.deepEqual([r.what, r.message], ['route', 'Not found (404): Not Found']);
    });
    it('a chain route with only an Error: chain not found, without words', () => {
      const e = nf(json({ Error: 'boom' }), { notFound: 'chain' });
      assert.deepEqual([e.what, e.message], ['chain', 'Chain not found']);
    });
    it('a receipt route with any other JSON words: no receipt', () => {
      const e = nf(json({ Error: 'something' }), { notFound: 'receipt' });
      assert.equal(e.what, 'receipt');
    });
    it('echo\'s own "not found" (any case, padded, Message or message) is an unknown route', () => {
      for (const body of [{ Message: 'Not Found' }, { message: 'not found' }, { Message: '  NOT FOUND ' }]) {
        assert.equal(nf(json(body), { notFound: 'receipt' }).what, 'route', JSON.stringify(body));
      }
    });
    it('words that only contain "not found", or come with an Error, are the node\'s own', () => {
      assert.equal(nf(json({ Message: 'xnot found' }), { notFound: 'receipt' }).what, 'receipt');
      assert.equal(nf(json({ Message: 'not found here' }), { notFound: 'receipt' }).what, 'receipt');
      assert.equal(nf(json({ Message: 'not found', Error: 'E' }), { notFound: 'chain' }).what, 'chain');
      assert.equal(nf(json({ Message: 'boom' }), { notFound: 'chain' }).what, 'chain');
    });
    it('a body that is not JSON, or JSON without Message or Error, is a missing route', () => {
      const a = nf(' oops ', { notFound: 'receipt' });
      assert.deepEqual([a.what, a.message], ['route', 'Not found (404): oops']);
      assert.equal(nf(json({}), { notFound: 'chain' }).what, 'route');
      assert.equal(nf(json({ message: 'gone' }), { notFound: 'chain' }).what, 'route');
      const c = nf('');
      assert.deepEqual([c.what, c.message], ['route', 'Not found (404)']);
    });
    it('reports a missing route to the listener with the generation of the route asked', () => {
      const seen: string[] = [];
      nf('', { segments: ['chain', 'x'], notFound: 'chain', onRoute: (g) => seen.push(g) });
      nf('', { segments: ['chains', 'x'], onRoute: (g) => seen.push(g) });
      assert.deepEqual(seen, ['rebased', 'stardust']);
    });
    it('does not report it when the route itself may be missing, or for a probe; a throwing listener changes nothing', () => {
      const seen: string[] = [];
      nf('', { notFound: 'route', onRoute: (g) => seen.push(g) });
      nf('', { probe: true, onRoute: (g) => seen.push(g) });
      nf(json({ Message: 'record not found' }), { notFound: 'receipt', onRoute: (g) => seen.push(g) });
      assert.deepEqual(seen, []);
      const e = nf('', {
        onRoute: () => {
          throw new Error('listener');
        },
      });
      assert.equal(e.what, 'route');
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
      assert.equal(
        outcome({ status: 404, body: json({ message: 'Not Found', Error: 'x' }), notFound: 'receipt' }).error?.what,
        'receipt',
        'Error set: not echo',
      );
      assert.equal(outcome({ status: 404, body: 'plain text', notFound: 'receipt' }).error?.message, 'Not found (404): plain text');
      assert.equal(outcome({ status: 404, body: '' }).error?.message, 'Not found (404)');
    });
  });

  describe('400, 429 and the rest', () => {
    it('400: the node rejected the request, with its words', () => {
      const e = fail(400, json({ Error: 'bad block', Message: 'invalid' }));
      assert.ok(e instanceof BadRequestError);
      assert.equal(e.message, 'The node rejected the request: invalid: bad block');
      assert.equal(e.nodeMessage, 'bad block');
      const m = fail(400, json({ Message: 'invalid' })) as BadRequestError;
      assert.equal(m.nodeMessage, 'invalid');
      assert.equal(fail(400, '').message, 'The node rejected the request');
    });
    it("400 with echo-jwt's missing-token body: the node wants a token (UnauthorizedError), its words kept", () => {
      // A Rebased node's JWT middleware (echo-jwt v4.3.0) answers a request without a token 400, not 401 (v2/FACTS.md).
      const body = json({ Message: 'missing or malformed jwt', Error: 'missing value in cookies' });
      const e = fail(400, body);
      assert.ok(e instanceof UnauthorizedError, e.constructor.name);
      assert.equal(e.tokenRejected, false, 'no token was sent: nothing to sign in again for');
      assert.equal(e.message, 'The node denied access (400): missing or malformed jwt: missing value in cookies');
      const sent = fail(400, body, { authenticated: true });
      assert.ok(sent instanceof UnauthorizedError && sent.tokenRejected, 'a token sent and called malformed: rejected');
      assert.ok(fail(400, json({ Message: 'invalid', Error: 'jwt in the params' })) instanceof BadRequestError, 'only the middleware’s own Message counts');
    });
    it('429: the Retry-After seconds when they are a finite number >= 0', () => {
      const retry = (h?: string): number | undefined => {
        const e = fail(429, '', { headers: h === undefined ? {} : { 'retry-after': h } });
        assert.ok(e instanceof RateLimitedError);
        assert.equal(e.message, 'The node is rate limiting requests (429)');
        return e.retryAfterSeconds;
      };
      assert.equal(retry('5'), 5);
      assert.equal(retry('0'), 0);
      assert.equal(retry('-1'), undefined);
      assert.equal(retry('soon'), undefined);
      assert.equal(retry('Infinity'), undefined);
      assert.equal(retry(), undefined);
      assert.equal(retry(' '), undefined);
    });
    it('other statuses: the node answered, with its words joined once each', () => {
      const e = fail(500, json({ Message: 'a', Error: 'a', message: 'b', error: 'c' }));
      assert.ok(e instanceof ServerError);
      assert.equal(e.message, 'The node answered 500: a: b: c');
      assert.equal(fail(502, json({ error: { code: 1 } })).message, 'The node answered 502');
      assert.equal(fail(503, json({ error: 'down' })).message, 'The node answered 503: down');
      assert.equal(fail(500, json({ Message: '  ', Error: 'x' })).message, 'The node answered 500: x');
      assert.equal(fail(500, json({ Message: '', Error: 'x' })).message, 'The node answered 500: x');
      assert.equal(fail(500, json({})).message, 'The node answered 500');
      assert.equal(fail(500, '   ').message, 'The node answered 500');
    });
    it('a raw body: trimmed and shown, or called an HTML page', () => {
      assert.equal(fail(500, '  busy  ').message, 'The node answered 500: busy');
      assert.equal(fail(500, '<html>x</html>').message, 'The node answered 500: an HTML page instead of JSON (a proxy?)');
      assert.equal(fail(500, 'x', { headers: { 'content-type': 'text/html' } }).message, 'The node answered 500: an HTML page instead of JSON (a proxy?)');
      assert.equal(fail(500, '  ', { headers: { 'content-type': 'text/html' } }).message, 'The node answered 500');
    });
    it('a long node message is clipped to 300 characters; invisible characters are revealed', () => {
      const e = fail(500, json({ Message: 'x'.repeat(1300) }));
      assert.equal(e.message, `The node answered 500: ${'x'.repeat(299)}…`);
      for (const key of ['Error', 'message', 'error']) {
        assert.equal(fail(500, json({ [key]: 'a\u200bb' })).message, 'The node answered 500: a⟨U+200B⟩b', key);
      }
      const p = fail(403, json({ missingPermission: `w\u202e${'x'.repeat(50)}` }));
      assert.equal(p.message, `The node denied access: missing permission "w⟨U+202E⟩${'x'.repeat(30)}…"`);
      const z = fail(500, json({ Message: 'a\u202eb' }));
      assert.equal(z.message, 'The node answered 500: a⟨U+202E⟩b');
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
      assert.equal(
        outcome({ status: 500, body: json({ Message: 'boom', Error: 'boom' }) }).error?.message,
        'The node answered 500: boom',
        'the same words once',
      );
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
});

describe('api/answers: transport errors', () => {
  const net = (e: unknown): NetworkError => {
    const r = transportError(e, false, undefined, context, 1000);
    assert.ok(r instanceof NetworkError);
    return r;
  };
  const coded = (code: string, cause?: unknown): Error => Object.assign(new Error(`${code} happened`, { cause }), { code });

  it('names the usual system codes, keeps the code and the cause', () => {
    const cases: [string, string][] = [
      ['ECONNREFUSED', 'connection refused'],
      ['ENOTFOUND', 'host not found'],
      ['EAI_AGAIN', 'host not found'],
      ['ECONNRESET', 'connection closed by the node'],
      ['UND_ERR_SOCKET', 'connection closed by the node'],
      ['EPIPE', 'EPIPE'],
    ];
    for (const [code, reason] of cases) {
      const e = coded(code);
      const r = net(new TypeError('fetch failed', { cause: e }));
      assert.equal(r.message, `The node could not be reached: ${reason}`, code);
      assert.equal(r.code, code);
      assert.equal((r.cause as Error).cause, e);
    }
  });
  it('without a code, the innermost message; without one, "network error"', () => {
    assert.equal(net(new TypeError('fetch failed', { cause: new Error('socket hang up') })).message, 'The node could not be reached: socket hang up');
    assert.equal(net(new Error('plain')).message, 'The node could not be reached: plain');
    assert.equal(net({}).message, 'The node could not be reached: network error');
    assert.equal(net(undefined).code, undefined);
  });
  it('looks at most five errors deep for a code and a message', () => {
    let deep: Error = coded('ECONNREFUSED');
    for (let i = 4; i >= 0; i--) deep = new Error(`m${i}`, { cause: deep });
    const r = net(deep);
    assert.equal(r.code, undefined);
    assert.equal(r.message, 'The node could not be reached: m4');
    let four: Error = coded('ECONNREFUSED');
    for (let i = 3; i >= 0; i--) four = new Error(`m${i}`, { cause: four });
    assert.equal(net(four).code, 'ECONNREFUSED');
  });
  it('passes an API error through; a timeout or the caller cancelling wins over the cause', () => {
    const own = new ServerError('x', {});
    assert.equal(transportError(own, true, undefined, context, 1), own);
    const t = transportError(new Error('aborted'), true, AbortSignal.abort(), context, 1500);
    assert.ok(t instanceof TimeoutError);
    assert.equal(t.message, 'The node did not answer within 1500 ms');
    assert.ok(transportError(new Error('aborted'), false, AbortSignal.abort(), context, 1) instanceof CancelledError);
    assert.ok(transportError(new Error('x'), false, new AbortController().signal, context, 1) instanceof NetworkError);
  });

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
