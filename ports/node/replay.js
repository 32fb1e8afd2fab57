#!/usr/bin/env node
'use strict';
// Replays exported vectors (python -m equivalence vectors ... --output DIR) against this
// port, without Python:
//
//   node ports/node/replay.js DIR [MEMBER ...] [--bug] [--show N]
//
// Each file DIR/<member>.jsonl is read with the lossless reader of json.js (1.0 stays a
// float, integers past 2^53 stay exact), its header checked (format lodestar-vectors/3,
// case count, SHA-256 digest of the case lines), and every case's arguments handed to the
// port's own answer() as a request; the response goes through the wire writer and reader
// and is judged by the rules of equivalence/ports/vectors.py:meets. Without MEMBER, every file
// in DIR whose member the port answers is replayed. Prints per-member counts; exit status
// 0 when no case is missed, 1 when some case is, 2 on a usage or file error.

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');
const json = require('./json');

const FORMAT = 'lodestar-vectors/3';
const NON_FINITE = new Map([
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
]);

// The error families: a name is met by itself and by the names deriving from it.
const PARENT = new Map([
  ['Argument', null],
  ['ArgumentOutOfRange', 'Argument'],
  ['ArgumentNull', 'Argument'],
  ['UndefinedMetric', null],
]);

/** The family of an error name in either spelling (ArgumentError, ArgumentException), or
 * undefined for an unknown name. */
function family(name) {
  if (typeof name !== 'string') return undefined;
  const match = /^(.*?)(Error|Exception)$/.exec(name);
  return match !== null && PARENT.has(match[1]) ? match[1] : undefined;
}

function derives(name, base) {
  for (let at = name; at !== null; at = PARENT.get(at)) if (at === base) return true;
  return false;
}

function number(value) {
  if (value instanceof json.Int) return Number(value.big);
  if (value instanceof json.Float) return value.value;
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && NON_FINITE.has(value)) return NON_FINITE.get(value);
  return undefined;
}

/** equivalence.ports.vectors._close: every number within `within`, NaN matches NaN, an infinity
 * only itself; strings, booleans and null equal; lists and objects of the same shape. */
function close(expected, answered, within) {
  const x = number(expected);
  if (x !== undefined) {
    const y = number(answered);
    if (y === undefined) return false;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return x === y;
    return Math.abs(x - y) <= within;
  }
  if (expected === null || typeof expected === 'boolean' || typeof expected === 'string') {
    return expected === answered;
  }
  if (Array.isArray(expected)) {
    return (
      Array.isArray(answered) &&
      answered.length === expected.length &&
      expected.every((item, k) => close(item, answered[k], within))
    );
  }
  if (expected instanceof Map) {
    if (!(answered instanceof Map) || answered.size !== expected.size) return false;
    for (const [key, item] of expected) {
      if (!answered.has(key) || !close(item, answered.get(key), within)) return false;
    }
    return true;
  }
  return false;
}

/** equivalence.ports.vectors.meets, on values of the lossless reader. */
function meets(expect, response) {
  if (expect.has('error')) {
    const got = family(response.get('error'));
    const wanted = family(expect.get('error'));
    return got !== undefined && wanted !== undefined && derives(got, wanted);
  }
  if (!response.has('value')) return false;
  return close(expect.get('value'), response.get('value'), number(expect.get('within')));
}

class FileError extends Error {}

/** A vectors file: its header and its cases, the header checked against the cases. */
function readVectors(file) {
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (lines.length === 0) throw new FileError(`${file}: empty`);
  const header = json.parse(lines[0]);
  if (!(header instanceof Map) || header.get('format') !== FORMAT) {
    throw new FileError(`${file}: not a ${FORMAT} file`);
  }
  const caseLines = lines.slice(1);
  const count = header.get('cases');
  if (!(count instanceof json.Int) || count.big !== BigInt(caseLines.length)) {
    throw new FileError(`${file}: the header counts ${count && count.text} cases, the file holds ${caseLines.length}`);
  }
  const digest = crypto.createHash('sha256');
  for (const line of caseLines) digest.update(`${line}\n`, 'utf8');
  if (digest.digest('hex') !== header.get('digest')) throw new FileError(`${file}: the digest does not match`);
  return { header, cases: caseLines.map((line) => json.parse(line)) };
}

function clip(text, size = 300) {
  return text.length <= size ? text : `${text.slice(0, size / 2)} ... ${text.slice(-size / 2)} (${text.length} chars)`;
}

/** A case's arguments as the call is made: each argument its `repeat` names (a
 * large-count case) written `times` times over, end to end; the others as they are. */
function repeated(item) {
  const args = item.get('arguments');
  const repeat = item.get('repeat');
  if (repeat === undefined) return args;
  const times = Number(repeat.get('times').big);
  const names = new Set(repeat.get('arguments'));
  const made = new Map();
  for (const [name, value] of args) {
    if (!names.has(name)) {
      made.set(name, value);
      continue;
    }
    const list = [];
    for (let k = 0; k < times; k++) for (const entry of value) list.push(entry);
    made.set(name, list);
  }
  return made;
}

/** Replays one file; returns its counts and its missed cases. `answer` is the port's. */
function replayFile(file, answer) {
  const { header, cases } = readVectors(file);
  const member = header.get('member');
  const counts = { member, cases: cases.length, met: 0, missed: 0, skipped: 0, misses: [] };
  for (const item of cases) {
    const request = new Map([
      ['member', member],
      ['csharp', header.get('csharp')],
      ['arguments', repeated(item)],
    ]);
    let response;
    try {
      response = json.parse(json.stringify(answer(request, 2)));
    } catch (error) {
      response = new Map([['errored', String(error && error.stack ? error.stack : error)]]);
    }
    if (response.has('skipped')) {
      counts.skipped++;
    } else if (meets(item.get('expect'), response)) {
      counts.met++;
    } else {
      counts.missed++;
      counts.misses.push({
        id: item.get('id'),
        arguments:
          json.stringify(item.get('arguments')) +
          (item.has('repeat') ? ` repeated ${json.stringify(item.get('repeat'))}` : ''),
        expect: json.stringify(item.get('expect')),
        answered: json.stringify(response),
      });
    }
  }
  return counts;
}

function main(argv) {
  const options = argv.filter((a) => a.startsWith('--'));
  const rest = argv.filter((a) => !a.startsWith('--'));
  let show = 5;
  for (const option of options) {
    if (option === '--bug') process.env.PORT_BUG = '1';
    else if (/^--show=\d+$/.test(option)) show = Number(option.slice(7));
    else {
      process.stderr.write(`replay.js: unknown option ${option}\n`);
      return 2;
    }
  }
  if (rest.length === 0) {
    process.stderr.write('usage: node replay.js DIR [MEMBER ...] [--bug] [--show=N]\n');
    return 2;
  }
  const { answer } = require('./port');
  const { MEMBERS } = require('./metrics');
  const [dir, ...members] = rest;
  let files;
  try {
    if (members.length > 0) {
      for (const m of members) {
        if (!MEMBERS.has(m)) throw new FileError(`this port has no member ${m}`);
      }
      files = members.map((m) => path.join(dir, `${m}.jsonl`));
    } else {
      files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl') && MEMBERS.has(f.slice(0, -'.jsonl'.length)))
        .sort()
        .map((f) => path.join(dir, f));
      if (files.length === 0) throw new FileError(`${dir} holds no vectors of this port's members`);
    }
    let missed = 0;
    let total = 0;
    for (const file of files) {
      const started = process.hrtime.bigint();
      const counts = replayFile(file, answer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      total += counts.cases;
      missed += counts.missed;
      const verdict = counts.missed === 0 ? 'ok' : 'MISSES';
      process.stdout.write(
        `${counts.member}: ${verdict}  ${counts.cases} cases, ${counts.met} met, ${counts.missed} missed, ` +
          `${counts.skipped} skipped (${seconds.toFixed(2)} s)\n`,
      );
      for (const miss of counts.misses.slice(0, show)) {
        process.stdout.write(`  missed ${miss.id}\n    arguments: ${clip(miss.arguments)}\n`);
        process.stdout.write(`    expected:  ${clip(miss.expect)}\n    answered:  ${clip(miss.answered)}\n`);
      }
      if (counts.misses.length > show) process.stdout.write(`  ... and ${counts.misses.length - show} more\n`);
    }
    process.stdout.write(`${files.length} files, ${total} cases, ${missed} missed\n`);
    return missed === 0 ? 0 : 1;
  } catch (error) {
    if (error instanceof FileError || error.code === 'ENOENT' || error instanceof SyntaxError) {
      process.stderr.write(`replay.js: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { meets, close, family, readVectors, repeated, replayFile, main };
