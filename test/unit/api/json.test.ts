// The lossless JSON reader (src/api/json.ts): integers beyond 2^53 stay exact, everything else
// reads as JSON.parse reads it, and a re-indented body keeps every digit.
import * as assert from 'node:assert/strict';
import { JsonSyntaxError, parseJsonExact, prettyJsonExact } from '../../../src/api/json';

describe('api/json: parseJsonExact', () => {
  it('parses ordinary bodies like JSON.parse', () => {
    assert.deepEqual(parseJsonExact('{"a":[1,2.5,"x",null,true]}'), { a: [1, 2.5, 'x', null, true] });
  });

  it('keeps integers above 2^53 exact as bigint, leaves safe ones as numbers', () => {
    const v = parseJsonExact('{"big":18446744073709551615,"edge":9007199254740993,"small":10000}') as Record<string, unknown>;
    assert.equal(v.big, 18446744073709551615n);
    assert.equal(v.edge, 9007199254740993n);
    assert.equal(v.small, 10000);
  });

  it('keeps digits inside strings untouched', () => {
    assert.deepEqual(parseJsonExact('{"s":"18446744073709551615","n":18446744073709551615}'), { s: '18446744073709551615', n: 18446744073709551615n });
  });

  it('throws JsonSyntaxError on truncated JSON', () => {
    assert.throws(() => parseJsonExact('{"a":'), JsonSyntaxError);
  });

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

describe('api/json: prettyJsonExact', () => {
  it('re-indents without changing a value: big numbers keep their digits, unknown fields stay', () => {
    assert.equal(
      prettyJsonExact('{"a":18446744073709551615,"b":[1.50,"x"],"future":{"n":9007199254740993}}'),
      '{\n  "a": 18446744073709551615,\n  "b": [\n    1.50,\n    "x"\n  ],\n  "future": {\n    "n": 9007199254740993\n  }\n}',
    );
  });

  it('gives undefined for a body that is not JSON', () => {
    assert.equal(prettyJsonExact('<html>'), undefined);
  });
});
