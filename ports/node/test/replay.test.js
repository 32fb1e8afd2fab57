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

test('a hand-made file: a big label and a float label kept as written', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-node-'));
  try {
    // written by hand, so that 9223372036854775807 and 1.0 reach the port as they are
    const lines = [
      '{"id": "a", "arguments": {"y_true": [9223372036854775807, 1], "y_pred": [9223372036854775806, 1]}, "expect": {"value": 0.5, "within": 0.0}, "edges": [], "divergences": []}',
      '{"id": "b", "arguments": {"y_true": [1.0, 2.5], "y_pred": [1, 2]}, "expect": {"error": "ArgumentError"}, "edges": [], "divergences": []}',
    ];
    const digest = crypto.createHash('sha256').update(lines.map((l) => `${l}\n`).join('')).digest('hex');
    const header = `{"format": "lodestar-vectors/2", "suite": "2.0.0", "member": "Accuracy.score", "csharp": "Accuracy.Score", "cases": 2, "digest": "${digest}"}`;
    const file = path.join(dir, 'Accuracy.score.jsonl');
    fs.writeFileSync(file, [header, ...lines].join('\n') + '\n');
    const counts = replayFile(file, answer);
    assert.equal(counts.met, 2, JSON.stringify(counts.misses));
    fs.writeFileSync(file, [header, ...lines, lines[0]].join('\n') + '\n');
    assert.throws(() => replayFile(file, answer), /cases/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
