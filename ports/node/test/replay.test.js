'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const { parse } = require('../json');
const { meets, replayFile } = require('../replay');
const { answer } = require('../port');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REPLAY = path.join(__dirname, '..', 'replay.js');

test('meets: the rules of equivalence/ports/vectors.py:meets', () => {
  const m = (expect, response) => meets(parse(expect), parse(response));
  assert.ok(m('{"value": 0.5, "within": 1e-12}', '{"value": 0.5000000000001}'));
  assert.ok(!m('{"value": 0.5, "within": 1e-12}', '{"value": 0.50000000001}'));
  assert.ok(m('{"value": [[1.0, "NaN"]], "within": 0.0}', '{"value": [[1.0, "NaN"]]}'));
  assert.ok(!m('{"value": "Infinity", "within": 1.0}', '{"value": 1e308}'));
  assert.ok(m('{"value": "-Infinity", "within": 0.0}', '{"value": "-Infinity"}'));
  assert.ok(!m('{"value": [1.0], "within": 0.0}', '{"value": [1.0, 2.0]}'));
  assert.ok(!m('{"value": 1.0, "within": 0.0}', '{"value": true}'));
  assert.ok(m('{"error": "ArgumentError"}', '{"error": "ArgumentOutOfRangeException", "message": "k"}'));
  assert.ok(m('{"error": "ArgumentError"}', '{"error": "ArgumentNullError", "message": "k"}'));
  assert.ok(!m('{"error": "ArgumentOutOfRangeError"}', '{"error": "ArgumentException", "message": "k"}'));
  assert.ok(!m('{"error": "ArgumentError"}', '{"error": "UndefinedMetricException", "message": "k"}'));
  assert.ok(!m('{"error": "ArgumentError"}', '{"error": "NotAnError", "message": "k"}'));
  assert.ok(!m('{"error": "ArgumentError"}', '{"value": 1.0}'));
  assert.ok(!m('{"value": 1.0, "within": 0.0}', '{"error": "ArgumentError", "message": ""}'));
});

/** Runs `body` with a fresh scratch folder, removed afterwards. */
function inScratch(body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-node-'));
  try {
    body(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes a vectors file of Accuracy.score holding `lines`, under a header of `format`. */
function writeAccuracy(file, lines, format = 'lodestar-vectors/3') {
  const digest = crypto.createHash('sha256').update(lines.map((l) => `${l}\n`).join('')).digest('hex');
  const header = `{"format": "${format}", "suite": "3.0.0", "member": "Accuracy.score", "csharp": "Accuracy.Score", "cases": ${lines.length}, "digest": "${digest}"}`;
  fs.writeFileSync(file, [header, ...lines].join('\n') + '\n');
  return header;
}

test('a hand-made file: a big label and a float label kept as written', () => {
  inScratch((dir) => {
    // written by hand, so that 9223372036854775807 and 1.0 reach the port as they are
    const lines = [
      '{"id": "a", "arguments": {"y_true": [9223372036854775807, 1], "y_pred": [9223372036854775806, 1]}, "expect": {"value": 0.5, "within": 0.0}, "edges": [], "divergences": []}',
      '{"id": "b", "arguments": {"y_true": [1.0, 2.5], "y_pred": [1, 2]}, "expect": {"error": "ArgumentError"}, "edges": [], "divergences": []}',
    ];
    const file = path.join(dir, 'Accuracy.score.jsonl');
    const header = writeAccuracy(file, lines);
    const counts = replayFile(file, answer);
    assert.equal(counts.met, 2, JSON.stringify(counts.misses));
    fs.writeFileSync(file, [header, ...lines, lines[0]].join('\n') + '\n');
    assert.throws(() => replayFile(file, answer), /cases/);
  });
});

test('a large-count case: the arguments repeat names are written times times over', () => {
  inScratch((dir) => {
    // 2 of 3 right, repeated 4 times: 8 right in all (2 if the repeat were not read)
    const lines = [
      '{"id": "a", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1], "normalize": false}, "repeat": {"times": 4, "arguments": ["y_true", "y_pred"]}, "expect": {"value": 8.0, "within": 0.0}, "edges": [], "divergences": []}',
      '{"id": "b", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1], "normalize": false}, "expect": {"value": 2.0, "within": 0.0}, "edges": [], "divergences": []}',
      // a repeat of one argument alone makes lengths that disagree: a refusal
      '{"id": "c", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1]}, "repeat": {"times": 2, "arguments": ["y_true"]}, "expect": {"error": "ArgumentError"}, "edges": [], "divergences": []}',
    ];
    const file = path.join(dir, 'Accuracy.score.jsonl');
    writeAccuracy(file, lines);
    const counts = replayFile(file, answer);
    assert.equal(counts.met, 3, JSON.stringify(counts.misses));
    // a file of the format before: refused, not misread
    writeAccuracy(file, lines, 'lodestar-vectors/2');
    assert.throws(() => replayFile(file, answer), /not a lodestar-vectors\/3 file/);
  });
});

// The Python that exports the vectors: $LODESTAR_PYTHON when it is set, else `python` or
// `python3` on PATH (CI runs these tests inside its virtual environment), whichever can
// import the harness's exporter. Without one the test is skipped, unless
// LODESTAR_PORTS_REQUIRED=1 (set by CI), when it fails instead.
function python() {
  const named = process.env.LODESTAR_PYTHON;
  for (const candidate of named ? [named] : ['python', 'python3']) {
    const probe = spawnSync(candidate, ['-c', 'import equivalence.ports.vectors'], { cwd: ROOT, encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

const PYTHON = python();
const REQUIRED = process.env.LODESTAR_PORTS_REQUIRED === '1';
const NO_PYTHON = `no Python that imports the equivalence package (${
  process.env.LODESTAR_PYTHON ? `LODESTAR_PYTHON=${process.env.LODESTAR_PYTHON}` : 'python, python3 on PATH'
})`;

test('a fresh export (Accuracy.score, ZeroOneLoss.score, 40 cases) replays with no miss; with the bug, ZeroOneLoss misses',
  { skip: PYTHON === null && !REQUIRED ? NO_PYTHON : false },
  () => {
    assert.ok(PYTHON !== null, `${NO_PYTHON}, and LODESTAR_PORTS_REQUIRED=1 forbids skipping`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-node-'));
    try {
      const exported = spawnSync(
        PYTHON,
        ['-m', 'equivalence', 'vectors', 'Accuracy.score', 'ZeroOneLoss.score', '--output', dir, '--cases', '40'],
        { cwd: ROOT, encoding: 'utf8' },
      );
      assert.equal(exported.status, 0, exported.stderr);
      const good = spawnSync(process.execPath, [REPLAY, dir], { encoding: 'utf8' });
      assert.equal(good.status, 0, good.stdout + good.stderr);
      assert.match(good.stdout, /Accuracy\.score: ok {2}\d+ cases, \d+ met, 0 missed/);
      const bad = spawnSync(process.execPath, [REPLAY, dir, 'ZeroOneLoss.score', '--bug'], { encoding: 'utf8' });
      assert.equal(bad.status, 1, bad.stdout + bad.stderr);
      assert.match(bad.stdout, /ZeroOneLoss\.score: MISSES/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
