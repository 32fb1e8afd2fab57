'use strict';
// A small lossless JSON reader and writer (standard library only).
//
// JSON.parse reads every number as a double: it erases the difference between 1.0 (a float
// label) and 1 (an integer one), and rounds integers past 2^53 (labels near 2^63 are drawn
// on purpose). This reader keeps each number's text and tells the two literals apart:
//
//   an integer literal (no '.', 'e' or 'E')  -> Int   { big: BigInt, text }
//   any other number literal                -> Float { value: Number, text }
//
// Other values: null, true/false, strings (JS strings), arrays (JS arrays) and objects
// (Map, in the order written; a repeated key keeps its last value, as Python's json does).

class Int {
  constructor(text) {
    this.text = text;
    this.big = BigInt(text);
  }
}

class Float {
  constructor(text) {
    this.text = text;
    this.value = Number(text);
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function parse(text) {
  let i = 0;
  const n = text.length;

  function fail(what) {
    throw new SyntaxError(`${what} at offset ${i}`);
  }

  function ws() {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  }

  function literal(word, result) {
    if (text.startsWith(word, i)) {
      i += word.length;
      return result;
    }
    return fail('invalid literal');
  }

  function number() {
    NUMBER.lastIndex = i;
    const found = NUMBER.exec(text);
    if (found === null) return fail('invalid number');
    i = NUMBER.lastIndex;
    return found[1] === undefined && found[2] === undefined ? new Int(found[0]) : new Float(found[0]);
  }

  function hex4() {
    const digits = text.slice(i, i + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail('invalid \\u escape');
    i += 4;
    return parseInt(digits, 16);
  }

  function string() {
    i++; // the opening quote
    let out = '';
    let start = i;
    for (;;) {
      if (i >= n) fail('unterminated string');
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(start, i);
        i++;
        return out;
      }
      if (c < 0x20) fail('control character in string');
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(start, i);
      i++;
      const e = text[i];
      if (e === 'u') {
        i++;
        out += String.fromCharCode(hex4());
      } else if (e !== undefined && Object.prototype.hasOwnProperty.call(ESCAPES, e)) {
        i++;
        out += ESCAPES[e];
      } else {
        fail('invalid escape');
      }
      start = i;
    }
  }

  function array() {
    i++;
    const out = [];
    ws();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value());
      ws();
      const c = text[i++];
      if (c === ']') return out;
      if (c !== ',') fail("expected ',' or ']'");
    }
  }

  function object() {
    i++;
    const out = new Map();
    ws();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') fail('expected a key');
      const key = string();
      ws();
      if (text[i++] !== ':') fail("expected ':'");
      out.set(key, value());
      ws();
      const c = text[i++];
      if (c === '}') return out;
      if (c !== ',') fail("expected ',' or '}'");
    }
  }

  function value() {
    ws();
    if (i >= n) return fail('unexpected end');
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    return fail(`unexpected ${JSON.stringify(c)}`);
  }

  const result = value();
  ws();
  if (i !== n) fail('trailing characters');
  return result;
}

// -- writing -----------------------------------------------------------------------------

/** A double as the wire writes it: shortest round-trip text, a whole number keeps its
 * point (1.0), NaN and the infinities as the strings "NaN", "Infinity", "-Infinity". */
function formatFloat(x) {
  if (Number.isNaN(x)) return '"NaN"';
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  if (Object.is(x, -0)) return '-0.0';
  const s = String(x);
  return /^-?[0-9]+$/.test(s) ? `${s}.0` : s;
}

/** Any value: JS numbers are written as floats, Int/Float by their text, Map and plain
 * objects as JSON objects. */
function stringify(value) {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return formatFloat(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return JSON.stringify(value);
  if (value instanceof Int || value instanceof Float) return value.text;
  if (Array.isArray(value)) return `[${value.map(stringify).join(', ')}]`;
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${stringify(v)}`).join(', ')}}`;
}

module.exports = { Int, Float, parse, stringify, formatFloat };
