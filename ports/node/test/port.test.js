'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { spawnSync } = require('child_process');
const { parse, stringify } = require('../json');
const { answer } = require('../port');
const { pairwise } = require('../metrics');

const PORT = path.join(__dirname, '..', 'port.js');

function ask(member, args) {
  const response = answer(parse(JSON.stringify({ member, arguments: {} })).set('arguments', parse(args)), 2);
  return response;
}

test('Accuracy.score: the example, a refusal, labels as NumPy reads them', () => {
  assert.deepEqual(ask('Accuracy.score', '{"y_true": [1, 1, 0, 0], "y_pred": [1, 0, 0, 0]}'), { value: 0.75 });
  assert.equal(ask('Accuracy.score', '{"y_true": [1], "y_pred": [0.5]}').error, 'ArgumentException');
  // [1, true] is an int64 array to NumPy: the boolean reads as 1
  assert.deepEqual(ask('Accuracy.score', '{"y_true": [1, true], "y_pred": [1, 1]}'), { value: 1 });
  assert.equal(ask('Accuracy.score', '{"y_true": [true], "y_pred": [1]}').error, 'ArgumentException');
  // labels at the ends of int64, compared exactly; one past the end is refused
  assert.deepEqual(
    ask('Accuracy.score', '{"y_true": [9223372036854775807], "y_pred": [9223372036854775806]}'),
    { value: 0 },
  );
  assert.equal(ask('Accuracy.score', '{"y_true": [9223372036854775808], "y_pred": [1]}').error, 'ArgumentException');
  assert.deepEqual(
    ask('Accuracy.score', '{"y_true": [1, 2], "y_pred": [1, 3], "normalize": false, "sample_weight": [0.5, 2.0]}'),
    { value: 0.5 },
  );
  assert.equal(
    ask('Accuracy.score', '{"y_true": [1, 2], "y_pred": [1, 3], "sample_weight": [1.0, -1.0]}').error,
    'ArgumentException',
    'weights summing to zero cannot normalize',
  );
});

test('ZeroOneLoss.score: labels and the label matrix', () => {
  assert.deepEqual(
    ask('ZeroOneLoss.score', '{"y_true": [0, 1, 2, 1], "y_pred": [0, 2, 2, 1], "normalize": false, "sample_weight": [1.0, 2.0, 3.0, 4.0]}'),
    { value: 2 },
  );
  assert.deepEqual(ask('ZeroOneLoss.score', '{"y_true": [0, 1], "y_pred": [0, 2]}'), { value: 0.5 });
  assert.deepEqual(
    ask('ZeroOneLoss.score[matrix]', '{"y_true": [true, false, true, false], "y_pred": [[true, false], [true, true]], "label_count": 2}'),
    { value: 0.5 },
  );
  assert.equal(
    ask('ZeroOneLoss.score[matrix]', '{"y_true": [true, false], "y_pred": [true, false], "label_count": 2.0}').error,
    'ArgumentException',
    'a count given as a float is refused',
  );
});

test('MaxError.score: flat or one column, overflow, non-finite refused', () => {
  assert.deepEqual(ask('MaxError.score', '{"y_true": [[1.0], [2.0]], "y_pred": [0.5, 4]}'), { value: 2 });
  assert.deepEqual(ask('MaxError.score', '{"y_true": [1e308], "y_pred": [-1e308]}'), { value: Infinity });
  assert.equal(ask('MaxError.score', '{"y_true": ["NaN"], "y_pred": [1.0]}').error, 'ArgumentException');
  assert.equal(ask('MaxError.score', '{"y_true": [[1.0, 2.0]], "y_pred": [1.0, 2.0]}').error, 'ArgumentException');
  assert.equal(ask('MaxError.score', '{"y_true": [], "y_pred": []}').error, 'ArgumentException');
});

test('the pairwise sum groups as NumPy does', () => {
  // 1e16 + 1 + 1 ... : left to right loses the ones, eight accumulators keep some
  const a = new Float64Array(16).fill(1);
  a[0] = 1e16;
  assert.equal(pairwise(a, 0, 16), 1e16 + 8 + 6);
});

function run(lines, ...args) {
  const result = spawnSync(process.execPath, [PORT, ...args], { input: lines.join('\n') + '\n', encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim().split('\n').map((line) => parse(line));
}

test('protocol 2: the start line, then seq echoed on every kind of response', () => {
  const [start, value, refusal, skipped] = run([
    '{"start": {"protocol": 2}}',
    '{"seq": 1, "member": "Accuracy.score", "csharp": "Accuracy.Score", "arguments": {"y_true": [0], "y_pred": [0]}}',
    '{"seq": 2, "member": "Accuracy.score", "csharp": "Accuracy.Score", "arguments": {"y_true": [0], "y_pred": []}}',
    '{"seq": 3, "member": "TopKAccuracy.score", "csharp": "TopKAccuracy.Score", "arguments": {}}',
  ]);
  const info = start.get('start');
  assert.equal(info.get('protocol').big, 2n);
  assert.equal(info.get('language'), 'javascript');
  assert.ok(info.get('members').includes('ZeroOneLoss.score'));
  assert.equal(value.get('seq').big, 1n);
  assert.equal(value.get('value').text, '1.0');
  assert.equal(refusal.get('seq').big, 2n);
  assert.equal(refusal.get('error'), 'ArgumentException');
  assert.equal(skipped.get('seq').big, 3n);
  assert.ok(skipped.has('skipped') && skipped.has('issue'));
});

test('protocol 1 without a start: no seq', () => {
  const [value] = run(['{"member": "MaxError.score", "csharp": "MaxError.Score", "arguments": {"y_true": [1.0], "y_pred": [3.5]}}']);
  assert.deepEqual([...value.keys()], ['value']);
  assert.equal(stringify(value), '{"value": 2.5}');
});

test('the seeded bug changes one answer', () => {
  const line = '{"member": "ZeroOneLoss.score", "arguments": {"y_true": [1], "y_pred": [2], "normalize": false, "sample_weight": [3.0]}}';
  assert.equal(stringify(run([line])[0]), '{"value": 3.0}');
  assert.equal(stringify(run([line], '--bug')[0]), '{"value": 1.0}');
});
