'use strict';
// The port's members: Accuracy.score, ZeroOneLoss.score (both its forms: labels, and a
// boolean label matrix with label_count, the member ZeroOneLoss.score[matrix]) and
// MaxError.score. They take the arguments as the lossless reader of json.js gives them
// and follow lodestar's checks (lodestar/metrics/_inputs.py, _label_matrix.py,
// regression/_outputs.py), including how NumPy turns a JSON list into an array.

const { Int, Float } = require('./json');

class Refusal extends Error {
  constructor(message, param, name = 'ArgumentException') {
    super(param === undefined ? message : `${message} (Parameter '${param}')`);
    this.errorName = name;
  }
}

const NON_FINITE = new Map([
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-Infinity', -Infinity],
]);

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const U64_END = 2n ** 64n;
const TWO63 = 2 ** 63;

function show(value) {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value instanceof Int || value instanceof Float) return value.text;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

// -- NumPy's asarray, on JSON values --------------------------------------------------------

function discover(value, leaves) {
  if (!Array.isArray(value)) {
    leaves.push(value);
    return [];
  }
  if (value.length === 0) return [0];
  let inner = null;
  for (const item of value) {
    const shape = discover(item, leaves);
    if (shape === null) return null;
    if (inner === null) inner = shape;
    else if (inner.length !== shape.length || inner.some((d, k) => d !== shape[k])) return null;
  }
  return [value.length, ...inner];
}

/** What np.asarray makes of a JSON value: its shape, its dtype kind and its leaves.
 * Kinds: 'b' bool, 'i' int64, 'u' uint64, 'f' float64, 'O' object (an integer past what
 * 64 bits hold), 'X' anything NumPy would not make numeric (a string, null, an object). */
function asArray(value, name) {
  if (value === null) throw new Refusal(`${name} is None; an array is required.`, name);
  if (typeof value === 'string') {
    throw new Refusal(`${name} is the string ${show(value)}; an array is required.`, name);
  }
  if (value instanceof Map) throw new Refusal(`${name} is a mapping; an array is required.`, name);
  const leaves = [];
  const shape = discover(value, leaves);
  if (shape === null) throw new Refusal(`${name} is ragged or nested.`, name);
  let bools = false;
  let ints = false;
  let floats = false;
  let other = false;
  let low = 0n;
  let high = 0n;
  for (const leaf of leaves) {
    if (leaf === true || leaf === false) bools = true;
    else if (leaf instanceof Int) {
      if (!ints || leaf.big < low) low = leaf.big;
      if (!ints || leaf.big > high) high = leaf.big;
      ints = true;
    } else if (leaf instanceof Float || (typeof leaf === 'string' && NON_FINITE.has(leaf))) {
      floats = true;
    } else other = true;
  }
  let kind;
  let intKind = 'i';
  if (ints) {
    if (low < I64_MIN || high >= U64_END) intKind = 'O';
    else if (high > I64_MAX) intKind = low < 0n ? 'f' : 'u';
  }
  if (other) kind = 'X';
  else if (floats) kind = intKind === 'O' ? 'O' : 'f';
  else if (ints) kind = intKind;
  else if (bools) kind = 'b';
  else kind = 'f'; // empty
  return { shape, kind, leaves, size: leaves.length };
}

function toDouble(leaf) {
  if (leaf === true) return 1;
  if (leaf === false) return 0;
  if (leaf instanceof Int) return Number(leaf.big);
  if (leaf instanceof Float) return leaf.value;
  return NON_FINITE.get(leaf);
}

// -- the shared checks ---------------------------------------------------------------------

/** Integer labels, one-dimensional, as BigInt (lodestar's _inputs.labels). */
function labels(value, name) {
  const array = asArray(value, name);
  if (array.shape.length !== 1) {
    throw new Refusal(`${name} must be one-dimensional; it has shape (${array.shape}).`, name);
  }
  if (array.size === 0) return [];
  switch (array.kind) {
    case 'i':
      return array.leaves.map((leaf) => (leaf instanceof Int ? leaf.big : leaf ? 1n : 0n));
    case 'f':
      return array.leaves.map((leaf) => {
        const x = toDouble(leaf);
        if (!Number.isFinite(x) || Math.floor(x) !== x) {
          throw new Refusal(`${name} holds ${show(leaf)}; labels must be integers.`, name);
        }
        if (!(x >= -TWO63 && x < TWO63)) {
          throw new Refusal(`${name} holds ${show(leaf)}, which is past int64.`, name);
        }
        return BigInt(x);
      });
    case 'b':
      throw new Refusal(`${name} holds booleans; labels must be integers.`, name);
    case 'u':
    case 'O':
      throw new Refusal(`${name} holds an integer past int64.`, name);
    default:
      throw new Refusal(`${name} holds a value that is not a number; labels must be integers.`, name);
  }
}

/** Real numbers as doubles, any shape (lodestar's _inputs._finite_floats, finite=false). */
function floats(value, name) {
  const array = asArray(value, name);
  if (array.kind === 'b') throw new Refusal(`${name} holds booleans; numbers are required.`, name);
  if (array.kind === 'X') throw new Refusal(`${name} holds a value that is not a number.`, name);
  const out = new Float64Array(array.size);
  array.leaves.forEach((leaf, k) => {
    if (array.kind === 'O' && (leaf === true || leaf === false)) {
      throw new Refusal(`${name} holds ${show(leaf)}; numbers are required.`, name);
    }
    const x = toDouble(leaf);
    if (array.kind === 'O' && leaf instanceof Int && !Number.isFinite(x)) {
      throw new Refusal(`${name} holds ${show(leaf)}, too large for a double.`, name);
    }
    out[k] = x;
  });
  return { shape: array.shape, values: out };
}

function requireFinite(values, name) {
  for (const x of values) {
    if (!Number.isFinite(x)) throw new Refusal(`${name} holds ${x}; every value must be finite.`, name);
  }
}

/** One finite weight per sample, or null when every sample weighs 1. */
function weights(value, samples, name = 'sample_weight') {
  if (value === null || value === undefined) return null;
  const { shape, values } = floats(value, name);
  requireFinite(values, name);
  if (shape.length !== 1) throw new Refusal(`${name} must be one-dimensional.`, name);
  if (values.length === 0) return null;
  if (values.length !== samples) {
    throw new Refusal(`${name} holds ${values.length} values for ${samples} samples; they must agree.`, name);
  }
  return values;
}

function nonzeroWeights(weight) {
  if (weight !== null && weight.every((w) => w === 0)) {
    throw new Refusal('Sample weights must contain at least one non-zero number.', 'sample_weight');
  }
}

function flag(value, name) {
  if (value === true || value === false) return value;
  throw new Refusal(`${name} is ${show(value)}; it must be True or False.`, name);
}

function count(value, name, minimum) {
  if (!(value instanceof Int)) throw new Refusal(`${name} is ${show(value)}; it must be an integer.`, name);
  if (value.big < BigInt(minimum)) {
    throw new Refusal(`${name} is ${value.text}; it must be at least ${minimum}.`, name);
  }
  return value.big;
}

// -- arithmetic ------------------------------------------------------------------------------

/** NumPy's pairwise sum of a float64 array (numpy/_core/src/umath/loops_utils.h.src):
 * below 8 values a plain loop, up to 128 eight accumulators, above that the halves (split
 * at n/2 rounded down to a multiple of 8) summed apart. */
function pairwise(a, start, n) {
  if (n < 8) {
    let res = 0;
    for (let k = 0; k < n; k++) res += a[start + k];
    return res;
  }
  if (n <= 128) {
    const r = [];
    for (let j = 0; j < 8; j++) r.push(a[start + j]);
    let k = 8;
    for (; k < n - (n % 8); k += 8) {
      for (let j = 0; j < 8; j++) r[j] += a[start + k + j];
    }
    let res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; k < n; k++) res += a[start + k];
    return res;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwise(a, start, half) + pairwise(a, start + half, n - half);
}

function sum(a) {
  return 0 + pairwise(a, 0, a.length);
}

/** numpy.average of per-sample 0/1 values (lodestar's _inputs.weighted_mean). */
function weightedMean(right, weight) {
  if (weight === null) return right.reduce((c, r) => c + (r ? 1 : 0), 0) / right.length;
  const total = sum(weight);
  if (total === 0) throw new Refusal("Weights sum to zero, can't be normalized", 'sample_weight');
  return sum(right.map((r, k) => (r ? 1 : 0) * weight[k])) / total;
}

function weightedTotal(right, weight) {
  if (weight === null) return right.reduce((c, r) => c + (r ? 1 : 0), 0);
  return sum(right.map((r, k) => (r ? 1 : 0) * weight[k]));
}

// -- the members ---------------------------------------------------------------------------------

function bound(args, names, required) {
  for (const key of args.keys()) {
    if (!names.includes(key)) throw new Refusal(`unexpected argument ${key}`, key);
  }
  for (const key of required) {
    if (!args.has(key)) throw new Refusal(`missing argument ${key}`, key);
  }
  return (key, fallback) => (args.has(key) ? args.get(key) : fallback);
}

function labelPair(yTrue, yPred, sampleWeight) {
  const truth = labels(yTrue, 'y_true');
  const predicted = labels(yPred, 'y_pred');
  if (truth.length !== predicted.length) {
    throw new Refusal(
      `y_true has ${truth.length} entries and y_pred has ${predicted.length}; they must agree.`,
      'y_pred',
    );
  }
  if (truth.length === 0) throw new Refusal('y_true is empty; there is nothing to score.', 'y_true');
  const weight = weights(sampleWeight, truth.length);
  nonzeroWeights(weight);
  return { right: truth.map((t, k) => t === predicted[k]), weight };
}

function accuracy(args) {
  const arg = bound(args, ['y_true', 'y_pred', 'normalize', 'sample_weight'], ['y_true', 'y_pred']);
  const normalize = flag(arg('normalize', true), 'normalize');
  const { right, weight } = labelPair(arg('y_true'), arg('y_pred'), arg('sample_weight', null));
  return normalize ? weightedMean(right, weight) : weightedTotal(right, weight);
}

function labelMatrix(value, labelCount, name) {
  const array = asArray(value, name);
  if (array.kind !== 'b') throw new Refusal(`${name} holds values that are not booleans.`, name);
  const { shape } = array;
  let rows;
  if (shape.length === 2 && BigInt(shape[1]) === labelCount) rows = shape[0];
  else if (shape.length === 1 && BigInt(array.size) % labelCount === 0n) {
    rows = Number(BigInt(array.size) / labelCount);
  } else {
    throw new Refusal(`${name} is not a whole number of rows of ${labelCount}.`, name);
  }
  return { rows, columns: rows === 0 ? 0 : array.size / rows, cells: array.leaves };
}

function matrixPair(yTrue, yPred, labelCount, sampleWeight) {
  const labelsPerRow = count(labelCount, 'label_count', 1);
  const truth = labelMatrix(yTrue, labelsPerRow, 'y_true');
  const predicted = labelMatrix(yPred, labelsPerRow, 'y_pred');
  if (truth.rows !== predicted.rows) {
    throw new Refusal(
      `y_true holds ${truth.rows} rows and y_pred holds ${predicted.rows}; they must agree.`,
      'y_pred',
    );
  }
  if (truth.rows === 0) throw new Refusal('y_true is empty; there is nothing to score.', 'y_true');
  const weight = weights(sampleWeight, truth.rows);
  nonzeroWeights(weight);
  const right = [];
  const width = truth.columns;
  for (let row = 0; row < truth.rows; row++) {
    let same = true;
    for (let c = row * width; c < (row + 1) * width; c++) same = same && truth.cells[c] === predicted.cells[c];
    right.push(same);
  }
  return { right, weight };
}

function zeroOneLoss(args, matrixForm = false) {
  const names = ['y_true', 'y_pred', 'normalize', 'sample_weight', 'label_count'];
  const required = matrixForm ? ['y_true', 'y_pred', 'label_count'] : ['y_true', 'y_pred'];
  const arg = bound(args, names, required);
  const normalize = flag(arg('normalize', true), 'normalize');
  const labelCount = arg('label_count', null);
  const { right, weight } =
    labelCount === null
      ? labelPair(arg('y_true'), arg('y_pred'), arg('sample_weight', null))
      : matrixPair(arg('y_true'), arg('y_pred'), labelCount, arg('sample_weight', null));
  if (normalize) return 1 - weightedMean(right, weight);
  if (weight === null) return right.length - weightedTotal(right, null);
  if (process.env.PORT_BUG === '1') {
    // SEEDED BUG (PORT_BUG=1): the unnormalized loss counts the wrong samples and forgets
    // their weights, a plausible slip when porting `total - weight right`.
    return right.length - weightedTotal(right, null);
  }
  return sum(weight) - weightedTotal(right, weight);
}

function targetBlock(value, name) {
  const { shape, values } = floats(value, name);
  if (shape.length === 1) return values;
  if (shape.length === 2) {
    if (shape[1] !== 1) throw new Refusal(`${name} has ${shape[1]} columns where output_count is 1.`, 'output_count');
    return values;
  }
  throw new Refusal(`${name} must be flat or two-dimensional.`, name);
}

function maxError(args) {
  const arg = bound(args, ['y_true', 'y_pred'], ['y_true', 'y_pred']);
  const truth = targetBlock(arg('y_true'), 'y_true');
  const predicted = targetBlock(arg('y_pred'), 'y_pred');
  if (truth.length !== predicted.length) {
    throw new Refusal(
      `y_true holds ${truth.length} values and y_pred holds ${predicted.length}; they must agree.`,
      'y_pred',
    );
  }
  if (truth.length === 0) throw new Refusal('y_true and y_pred are empty; there is nothing to score.', 'y_true');
  let worst = -Infinity;
  let nan = false;
  for (let k = 0; k < truth.length; k++) {
    const d = Math.abs(truth[k] - predicted[k]);
    if (d !== d) nan = true; // NaN propagates, as np.max does
    else if (d > worst) worst = d;
  }
  if (nan) worst = NaN;
  if (!Number.isFinite(worst)) {
    requireFinite(truth, 'y_true');
    requireFinite(predicted, 'y_pred');
  }
  return worst; // an overflow of finite targets is an infinity, as lodestar answers
}

const MEMBERS = new Map([
  ['Accuracy.score', accuracy],
  ['ZeroOneLoss.score', (args) => zeroOneLoss(args, false)],
  ['ZeroOneLoss.score[matrix]', (args) => zeroOneLoss(args, true)],
  ['MaxError.score', maxError],
]);

module.exports = { MEMBERS, Refusal, asArray, labels, pairwise, sum, accuracy, zeroOneLoss, maxError };
