import { strict as assert } from 'node:assert';
import { JsonSyntaxError, parseJsonExact, prettyJsonExact } from '../../../src/api/json';

describe('parseJsonExact', () => {
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
});

describe('prettyJsonExact', () => {
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
