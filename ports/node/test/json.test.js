'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parse, stringify, formatFloat, Int, Float } = require('../json');

test('integer and float literals stay apart', () => {
  const [one, onePointZero, exp] = parse('[1, 1.0, 1e5]');
  assert.ok(one instanceof Int);
  assert.equal(one.big, 1n);
  assert.ok(onePointZero instanceof Float);
  assert.equal(onePointZero.value, 1);
  assert.equal(onePointZero.text, '1.0');
  assert.ok(exp instanceof Float, '1e5 is a float literal, as Python reads it');
});

test('integers past 2^53 are kept exactly', () => {
  const values = parse('[9223372036854775807, -9223372036854775808, 9223372036854775808, 9007199254740993]');
  assert.deepEqual(values.map((v) => v.big), [2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, 2n ** 53n + 1n]);
  assert.equal(values[3].text, '9007199254740993');
});

test('floats read as the nearest double, and keep their text', () => {
  const [tiny, third, big] = parse('[5e-324, 0.30000000000000004, 1e400]');
  assert.equal(tiny.value, 5e-324);
  assert.equal(third.value, 0.1 + 0.2);
  assert.equal(big.value, Infinity);
});

test('strings, escapes, objects in order, nesting', () => {
  const value = parse('{"b": "a\\"\\\\\\n\\u00e9\\ud83d\\ude00", "a": [[], {}], "b2": [true, false, null]}');
  assert.deepEqual([...value.keys()], ['b', 'a', 'b2']);
  assert.equal(value.get('b'), 'a"\\\n\u00e9\u{1F600}');
  assert.deepEqual(value.get('a')[0], []);
  assert.ok(value.get('a')[1] instanceof Map);
  assert.deepEqual(value.get('b2'), [true, false, null]);
  assert.equal(parse('{"k": 1, "k": 2}').get('k').big, 2n, 'a repeated key keeps its last value');
});

test('malformed JSON is refused', () => {
  for (const bad of ['', '[1,]', '{"a" 1}', '01', '1.', '.5', '[1] x', '"\u0001"', 'NaN', '{"a": tru}', '"\\x"']) {
    assert.throws(() => parse(bad), SyntaxError, bad);
  }
});

test('the writer keeps the wire form of numbers', () => {
  assert.equal(formatFloat(1), '1.0');
  assert.equal(formatFloat(0.1), '0.1');
  assert.equal(formatFloat(-0), '-0.0');
  assert.equal(formatFloat(5e-324), '5e-324');
  assert.equal(formatFloat(1e21), '1e+21');
  assert.equal(formatFloat(NaN), '"NaN"');
  assert.equal(formatFloat(-Infinity), '"-Infinity"');
  const text = '{"a": [1, 1.0, 9223372036854775808, "x\\n"], "b": null}';
  assert.equal(stringify(parse(text)), text, 'read then written, a line comes back the same');
});
