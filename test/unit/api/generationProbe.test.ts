// How a node's generation is told, for every combination of answers of its two endpoints, and
// which version strings name a generation; the lossless JSON parser at its edges.
import * as assert from 'node:assert/strict';
import { NetworkError, NotFoundError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { detectGeneration, generationOfVersion } from '../../../src/api/generationProbe';
import { JsonSyntaxError, parseJsonExact, prettyJsonExact } from '../../../src/api/json';

const ctx = { url: 'http://n/v1/x' };
const fail = (e: unknown) => () => Promise.reject(e);
const ok =
  <T>(v: T) =>
  () =>
    Promise.resolve(v);

describe('api/generationProbe: telling the generation', () => {
  it('reads the major version only from a whole version string', () => {
    const cases: [string, 'stardust' | 'rebased' | undefined][] = [
      ['1.0.3', 'stardust'],
      [' v2.0.2 ', 'rebased'],
      ['2.0.2-rc.1', 'rebased'],
      ['1.3.0+build.5', 'stardust'],
      ['3.0.0', undefined],
      ['12.0.0', undefined],
      ['0.0.0-testing', undefined],
      ['1.0', undefined],
      ['1.0.3x', undefined],
      ['x1.0.3', undefined],
      ['1.0.3 extra', undefined],
      ['10000.0.0', undefined],
      ['1.1234567.0', undefined],
      ['1.0.1234567', undefined],
      ['1.12.34', 'stardust'],
      ['2.123456.123456', 'rebased'],
      ['1.0.3\u00a0', 'stardust'],
      ['', undefined],
    ];
    for (const [v, g] of cases) assert.equal(generationOfVersion(v), g, JSON.stringify(v));
  });

  it('every combination of the two answers', async () => {
    const chain = { chainID: '0xc8' } as never;
    const notFoundChain = new NotFoundError('Chain not found: the node runs no chain', 'chain', ctx);
    const notFoundRoute = new NotFoundError('Not found (404)', 'route', ctx);
    const denied = new UnauthorizedError('The node denied access (401)', undefined, false, ctx);
    const boom = new ServerError('The node answered 500', ctx);
    assert.deepEqual(await detectGeneration({ version: ok('1.0.3'), chain: fail(boom) }), { kind: 'stardust', version: '1.0.3' });
    assert.deepEqual(await detectGeneration({ version: ok('v2.0.2'), chain: fail(boom) }), { kind: 'rebased', version: 'v2.0.2' });
    assert.deepEqual(await detectGeneration({ version: ok('0.0.0-testing'), chain: ok(chain) }), { kind: 'rebased', version: '0.0.0-testing', chain });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: ok(chain) }), { kind: 'rebased', version: '', chain });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(notFoundChain) }), { kind: 'rebased', version: 'dev', chain: null });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail(notFoundChain) }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: Chain not found: the node runs no chain',
    });
    assert.deepEqual(await detectGeneration({ version: fail(denied), chain: fail(notFoundChain) }), { kind: 'rebased', version: '', chain: null });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(notFoundRoute) }), { kind: 'stardust', version: 'dev' });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail(notFoundRoute) }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: Not found (404)',
    });
    assert.deepEqual(await detectGeneration({ version: fail(denied), chain: fail(notFoundRoute) }), { kind: 'stardust', version: '' });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(boom) }), {
      kind: 'unknown',
      version: 'dev',
      said: '/v1/chain: The node answered 500',
      answered: '/v1/node/version: version "dev"; /v1/chain: The node answered 500',
    });
    assert.deepEqual(await detectGeneration({ version: fail(boom), chain: fail('a string') }), {
      kind: 'unknown',
      said: 'The node answered 500',
      answered: '/v1/node/version: The node answered 500; /v1/chain: a string',
    });
    assert.deepEqual(await detectGeneration({ version: fail(new Error('plain')), chain: fail(new Error(`x${'y'.repeat(300)}`)) }), {
      kind: 'unknown',
      said: 'plain',
      answered: `/v1/node/version: plain; /v1/chain: x${'y'.repeat(198)}…`,
    });
    assert.deepEqual(await detectGeneration({ version: ok('dev'), chain: fail(denied) }), {
      kind: 'unknown',
      version: 'dev',
      said: '/v1/chain: The node denied access (401)',
      answered: '/v1/node/version: version "dev"; /v1/chain: The node denied access (401)',
    });
    await assert.rejects(detectGeneration({ version: fail(denied), chain: fail(denied) }), (e) => e === denied, 'a token wanted by both is no answer');
    const down = new NetworkError('The node could not be reached: connection refused', 'ECONNREFUSED', ctx);
    await assert.rejects(detectGeneration({ version: fail(down), chain: ok(chain) }), (e) => e === down);
    const slow = new TimeoutError(100, ctx);
    await assert.rejects(detectGeneration({ version: ok('dev'), chain: fail(slow) }), (e) => e === slow);
    assert.deepEqual(await detectGeneration({ version: ok('dev\u202e'), chain: fail(notFoundRoute) }), { kind: 'stardust', version: 'dev⟨U+202E⟩' });
  });
});

describe('api/json: lossless at the edges', () => {
  it('keeps integers beyond 2^53 exact, fractions as numbers, and the rest as JSON.parse reads it', () => {
    assert.deepEqual(parseJsonExact('{"a":9007199254740993,"b":1.5,"c":"9007199254740993","d":-9007199254740993}'), {
      a: 9007199254740993n,
      b: 1.5,
      c: '9007199254740993',
      d: -9007199254740993n,
    });
    assert.deepEqual(parseJsonExact('{"a":9007199254740991,"b":1e400}'), { a: 9007199254740991, b: Number.POSITIVE_INFINITY });
    assert.deepEqual(parseJsonExact('[1e20, 9007199254740993]'), [1e20, 9007199254740993n], 'an exponent stays a number');
    assert.equal(typeof parseJsonExact('[9007199254740992.5]'), 'object');
    assert.throws(() => parseJsonExact('{'), JsonSyntaxError);
    assert.equal(prettyJsonExact('{"a":[1,9007199254740993]}'), '{\n  "a": [\n    1,\n    9007199254740993\n  ]\n}');
    assert.equal(prettyJsonExact('{'), undefined);
  });
});
