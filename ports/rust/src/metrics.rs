//! The port's members: `Accuracy.score`, `ZeroOneLoss.score` (its label form, and its
//! label-matrix form `ZeroOneLoss.score[matrix]`) and `MaxError.score`.
//!
//! They follow lodestar's checks (`lodestar/metrics/_inputs.py`, `_label_matrix.py`,
//! `regression/_outputs.py`), including how NumPy turns a JSON list into an array, and
//! NumPy's pairwise sum, so that "the weights sum to zero" is decided on the same bits.

use crate::json::Value;

/// A refusal: the C# exception name and its message.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub name: &'static str,
    pub message: String,
}

fn refuse<T>(message: String, param: &str) -> Result<T, Refusal> {
    Err(Refusal { name: "ArgumentException", message: format!("{} (Parameter '{}')", message, param) })
}

/// Whether the seeded bug is on (`PORT_BUG=1`).
pub fn bug() -> bool {
    std::env::var("PORT_BUG").map(|v| v == "1").unwrap_or(false)
}

const I64_MIN: i128 = i64::MIN as i128;
const I64_MAX: i128 = i64::MAX as i128;
const U64_END: i128 = 1i128 << 64;
const TWO63: f64 = 9223372036854775808.0;

fn non_finite(s: &str) -> Option<f64> {
    match s {
        "NaN" => Some(f64::NAN),
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

fn show(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Int(text, _) | Value::Float(_, text) => text.clone(),
        Value::Str(s) => format!("{:?}", s),
        Value::Arr(_) => "a list".into(),
        Value::Obj(_) => "an object".into(),
    }
}

// -- NumPy's asarray, on JSON values ------------------------------------------------------

/// The dtype kind np.asarray gives a JSON list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Bool,
    Int64,
    Uint64,
    Float64,
    /// an object array: an integer past what 64 bits hold
    Object,
    /// NumPy would not make it numeric: a string, a null, an object
    Other,
}

pub struct Array<'a> {
    pub shape: Vec<usize>,
    pub kind: Kind,
    pub leaves: Vec<&'a Value>,
}

fn discover<'a>(value: &'a Value, leaves: &mut Vec<&'a Value>) -> Option<Vec<usize>> {
    let items = match value {
        Value::Arr(items) => items,
        _ => {
            leaves.push(value);
            return Some(Vec::new());
        }
    };
    if items.is_empty() {
        return Some(vec![0]);
    }
    let mut inner: Option<Vec<usize>> = None;
    for item in items {
        let shape = discover(item, leaves)?;
        match &inner {
            None => inner = Some(shape),
            Some(known) if *known != shape => return None,
            _ => {}
        }
    }
    let mut shape = vec![items.len()];
    shape.extend(inner.unwrap());
    Some(shape)
}

pub fn as_array<'a>(value: &'a Value, name: &str) -> Result<Array<'a>, Refusal> {
    match value {
        Value::Null => return refuse(format!("{} is None; an array is required.", name), name),
        Value::Str(s) => return refuse(format!("{} is the string {:?}; an array is required.", name, s), name),
        Value::Obj(_) => return refuse(format!("{} is a mapping; an array is required.", name), name),
        _ => {}
    }
    let mut leaves = Vec::new();
    let shape = match discover(value, &mut leaves) {
        Some(shape) => shape,
        None => return refuse(format!("{} is ragged or nested.", name), name),
    };
    let (mut bools, mut ints, mut floats, mut other) = (false, false, false, false);
    let (mut low, mut high, mut huge) = (0i128, 0i128, false);
    for leaf in &leaves {
        match leaf {
            Value::Bool(_) => bools = true,
            Value::Int(_, Some(v)) => {
                if !ints || *v < low {
                    low = *v;
                }
                if !ints || *v > high {
                    high = *v;
                }
                ints = true;
            }
            Value::Int(_, None) => {
                huge = true;
                ints = true;
            }
            Value::Float(..) => floats = true,
            Value::Str(s) if non_finite(s).is_some() => floats = true,
            _ => other = true,
        }
    }
    let int_kind = if huge || low < I64_MIN || high >= U64_END {
        Kind::Object
    } else if high > I64_MAX {
        if low < 0 {
            Kind::Float64
        } else {
            Kind::Uint64
        }
    } else {
        Kind::Int64
    };
    let kind = if other {
        Kind::Other
    } else if floats {
        if ints && int_kind == Kind::Object {
            Kind::Object
        } else {
            Kind::Float64
        }
    } else if ints {
        int_kind
    } else if bools {
        Kind::Bool
    } else {
        Kind::Float64 // empty
    };
    Ok(Array { shape, kind, leaves })
}

fn to_double(leaf: &Value) -> f64 {
    match leaf {
        Value::Bool(b) => f64::from(u8::from(*b)),
        // the text read as a double: correctly rounded, as NumPy converts a Python int
        Value::Int(text, _) => text.parse().unwrap_or(f64::NAN),
        Value::Float(x, _) => *x,
        Value::Str(s) => non_finite(s).unwrap_or(f64::NAN),
        _ => f64::NAN,
    }
}

// -- the shared checks -------------------------------------------------------------------

/// Integer labels, one-dimensional, as i64 (lodestar's `_inputs.labels`).
pub fn labels(value: &Value, name: &str) -> Result<Vec<i64>, Refusal> {
    let array = as_array(value, name)?;
    if array.shape.len() != 1 {
        return refuse(format!("{} must be one-dimensional; it has shape {:?}.", name, array.shape), name);
    }
    if array.leaves.is_empty() {
        return Ok(Vec::new());
    }
    match array.kind {
        Kind::Int64 => Ok(array
            .leaves
            .iter()
            .map(|leaf| match leaf {
                Value::Int(_, Some(v)) => *v as i64,
                Value::Bool(b) => i64::from(*b),
                _ => unreachable!("an int64 array holds integers and booleans"),
            })
            .collect()),
        Kind::Float64 => {
            let mut out = Vec::with_capacity(array.leaves.len());
            for leaf in &array.leaves {
                let x = to_double(leaf);
                if !x.is_finite() || x.floor() != x {
                    return refuse(format!("{} holds {}; labels must be integers.", name, show(leaf)), name);
                }
                if !(x >= -TWO63 && x < TWO63) {
                    return refuse(format!("{} holds {}, which is past int64.", name, show(leaf)), name);
                }
                out.push(x as i64);
            }
            Ok(out)
        }
        Kind::Bool => refuse(format!("{} holds booleans; labels must be integers.", name), name),
        Kind::Uint64 | Kind::Object => refuse(format!("{} holds an integer past int64.", name), name),
        Kind::Other => refuse(format!("{} holds a value that is not a number; labels must be integers.", name), name),
    }
}

/// Real numbers as doubles, any shape (lodestar's `_inputs._finite_floats`, finite=False).
pub fn floats(value: &Value, name: &str) -> Result<(Vec<usize>, Vec<f64>), Refusal> {
    let array = as_array(value, name)?;
    match array.kind {
        Kind::Bool => return refuse(format!("{} holds booleans; numbers are required.", name), name),
        Kind::Other => return refuse(format!("{} holds a value that is not a number.", name), name),
        _ => {}
    }
    let mut out = Vec::with_capacity(array.leaves.len());
    for leaf in &array.leaves {
        if array.kind == Kind::Object {
            if let Value::Bool(_) = leaf {
                return refuse(format!("{} holds {}; numbers are required.", name, show(leaf)), name);
            }
        }
        let x = to_double(leaf);
        if array.kind == Kind::Object && matches!(leaf, Value::Int(..)) && !x.is_finite() {
            return refuse(format!("{} holds {}, too large for a double.", name, show(leaf)), name);
        }
        out.push(x);
    }
    Ok((array.shape, out))
}

fn require_finite(values: &[f64], name: &str) -> Result<(), Refusal> {
    match values.iter().find(|x| !x.is_finite()) {
        Some(x) => refuse(format!("{} holds {}; every value must be finite.", name, x), name),
        None => Ok(()),
    }
}

/// One finite weight per sample, or None when every sample weighs 1.
fn weights(value: Option<&Value>, samples: usize) -> Result<Option<Vec<f64>>, Refusal> {
    let name = "sample_weight";
    let value = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(v) => v,
    };
    let (shape, values) = floats(value, name)?;
    require_finite(&values, name)?;
    if shape.len() != 1 {
        return refuse(format!("{} must be one-dimensional.", name), name);
    }
    if values.is_empty() {
        return Ok(None);
    }
    if values.len() != samples {
        return refuse(format!("{} holds {} values for {} samples; they must agree.", name, values.len(), samples), name);
    }
    if values.iter().all(|w| *w == 0.0) {
        return refuse("Sample weights must contain at least one non-zero number.".into(), name);
    }
    Ok(Some(values))
}

fn flag(value: Option<&Value>, name: &str) -> Result<bool, Refusal> {
    match value {
        None => Ok(true),
        Some(Value::Bool(b)) => Ok(*b),
        Some(other) => refuse(format!("{} is {}; it must be True or False.", name, show(other)), name),
    }
}

// -- arithmetic ----------------------------------------------------------------------------

/// NumPy's pairwise sum of a float64 array: below 8 values a plain loop, up to 128 eight
/// accumulators, above that the halves (split at n/2 rounded down to a multiple of 8).
pub fn pairwise(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        let mut res = 0.0;
        for x in a {
            res += x;
        }
        return res;
    }
    if n <= 128 {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&a[..8]);
        let mut k = 8;
        while k < n - (n % 8) {
            for j in 0..8 {
                r[j] += a[k + j];
            }
            k += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        while k < n {
            res += a[k];
            k += 1;
        }
        return res;
    }
    let mut half = n / 2;
    half -= half % 8;
    pairwise(&a[..half]) + pairwise(&a[half..])
}

pub fn sum(a: &[f64]) -> f64 {
    0.0 + pairwise(a)
}

fn products(right: &[bool], weight: &[f64]) -> Vec<f64> {
    right.iter().zip(weight).map(|(r, w)| f64::from(u8::from(*r)) * w).collect()
}

fn count_right(right: &[bool]) -> f64 {
    right.iter().filter(|r| **r).count() as f64
}

/// numpy.average of per-sample 0/1 values (lodestar's `_inputs.weighted_mean`).
fn weighted_mean(right: &[bool], weight: &Option<Vec<f64>>) -> Result<f64, Refusal> {
    match weight {
        None => Ok(count_right(right) / right.len() as f64),
        Some(w) => {
            let total = sum(w);
            if total == 0.0 {
                return refuse("Weights sum to zero, can't be normalized".into(), "sample_weight");
            }
            Ok(sum(&products(right, w)) / total)
        }
    }
}

fn weighted_total(right: &[bool], weight: &Option<Vec<f64>>) -> f64 {
    match weight {
        None => count_right(right),
        Some(w) => sum(&products(right, w)),
    }
}

// -- the members -----------------------------------------------------------------------------

struct Args<'a>(&'a Value);

impl<'a> Args<'a> {
    fn bind(args: &'a Value, names: &[&str], required: &[&str]) -> Result<Args<'a>, Refusal> {
        if !matches!(args, Value::Obj(_)) {
            return refuse("arguments is not an object".into(), "arguments");
        }
        for key in args.keys() {
            if !names.contains(&key) {
                return refuse(format!("unexpected argument {}", key), key);
            }
        }
        for key in required {
            if args.get(key).is_none() {
                return refuse(format!("missing argument {}", key), key);
            }
        }
        Ok(Args(args))
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.0.get(key)
    }

    fn required(&self, key: &str) -> &'a Value {
        self.0.get(key).expect("checked by bind")
    }
}

fn label_pair(y_true: &Value, y_pred: &Value, sample_weight: Option<&Value>) -> Result<(Vec<bool>, Option<Vec<f64>>), Refusal> {
    let truth = labels(y_true, "y_true")?;
    let predicted = labels(y_pred, "y_pred")?;
    if truth.len() != predicted.len() {
        return refuse(format!("y_true has {} entries and y_pred has {}; they must agree.", truth.len(), predicted.len()), "y_pred");
    }
    if truth.is_empty() {
        return refuse("y_true is empty; there is nothing to score.".into(), "y_true");
    }
    let weight = weights(sample_weight, truth.len())?;
    Ok((truth.iter().zip(&predicted).map(|(t, p)| t == p).collect(), weight))
}

pub fn accuracy(args: &Value) -> Result<f64, Refusal> {
    let a = Args::bind(args, &["y_true", "y_pred", "normalize", "sample_weight"], &["y_true", "y_pred"])?;
    let normalize = flag(a.get("normalize"), "normalize")?;
    let (right, weight) = label_pair(a.required("y_true"), a.required("y_pred"), a.get("sample_weight"))?;
    if normalize {
        weighted_mean(&right, &weight)
    } else {
        Ok(weighted_total(&right, &weight))
    }
}

/// A label matrix: its rows, each a slice of `width` booleans.
fn label_matrix(value: &Value, label_count: i128, name: &str) -> Result<(usize, Vec<bool>), Refusal> {
    let array = as_array(value, name)?;
    if array.kind != Kind::Bool {
        return refuse(format!("{} holds values that are not booleans; a label matrix holds booleans.", name), name);
    }
    let size = array.leaves.len() as i128;
    let rows = if array.shape.len() == 2 && array.shape[1] as i128 == label_count {
        array.shape[0]
    } else if array.shape.len() == 1 && size % label_count == 0 {
        (size / label_count) as usize
    } else {
        return refuse(format!("{} is not a whole number of rows of {}.", name, label_count), name);
    };
    let cells = array.leaves.iter().map(|leaf| matches!(leaf, Value::Bool(true))).collect();
    Ok((rows, cells))
}

fn matrix_pair(y_true: &Value, y_pred: &Value, label_count: &Value, sample_weight: Option<&Value>) -> Result<(Vec<bool>, Option<Vec<f64>>), Refusal> {
    let count = match label_count {
        Value::Int(_, Some(v)) if *v >= 1 => *v,
        Value::Int(text, None) if !text.starts_with('-') => i128::MAX,
        Value::Int(text, _) => return refuse(format!("label_count is {}; it must be at least 1.", text), "label_count"),
        other => return refuse(format!("label_count is {}; it must be an integer.", show(other)), "label_count"),
    };
    let (rows, truth) = label_matrix(y_true, count, "y_true")?;
    let (predicted_rows, predicted) = label_matrix(y_pred, count, "y_pred")?;
    if rows != predicted_rows {
        return refuse(format!("y_true holds {} rows and y_pred holds {}; they must agree.", rows, predicted_rows), "y_pred");
    }
    if rows == 0 {
        return refuse("y_true is empty; there is nothing to score.".into(), "y_true");
    }
    let weight = weights(sample_weight, rows)?;
    let width = truth.len() / rows;
    let right = (0..rows).map(|r| truth[r * width..(r + 1) * width] == predicted[r * width..(r + 1) * width]).collect();
    Ok((right, weight))
}

pub fn zero_one_loss(args: &Value, matrix_form: bool) -> Result<f64, Refusal> {
    let names = ["y_true", "y_pred", "normalize", "sample_weight", "label_count"];
    let required: &[&str] = if matrix_form { &["y_true", "y_pred", "label_count"] } else { &["y_true", "y_pred"] };
    let a = Args::bind(args, &names, required)?;
    let normalize = flag(a.get("normalize"), "normalize")?;
    let (right, weight) = match a.get("label_count") {
        None | Some(Value::Null) => label_pair(a.required("y_true"), a.required("y_pred"), a.get("sample_weight"))?,
        Some(count) => matrix_pair(a.required("y_true"), a.required("y_pred"), count, a.get("sample_weight"))?,
    };
    if normalize {
        return Ok(1.0 - weighted_mean(&right, &weight)?);
    }
    Ok(match &weight {
        None => right.len() as f64 - count_right(&right),
        Some(w) => sum(w) - weighted_total(&right, &weight),
    })
}

fn target_block(value: &Value, name: &str) -> Result<Vec<f64>, Refusal> {
    let (shape, values) = floats(value, name)?;
    match shape.len() {
        1 => Ok(values),
        2 if shape[1] == 1 => Ok(values),
        2 => refuse(format!("{} has {} columns where output_count is 1.", name, shape[1]), "output_count"),
        _ => refuse(format!("{} must be flat or two-dimensional.", name), name),
    }
}

pub fn max_error(args: &Value) -> Result<f64, Refusal> {
    let a = Args::bind(args, &["y_true", "y_pred"], &["y_true", "y_pred"])?;
    let truth = target_block(a.required("y_true"), "y_true")?;
    let predicted = target_block(a.required("y_pred"), "y_pred")?;
    if truth.len() != predicted.len() {
        return refuse(format!("y_true holds {} values and y_pred holds {}; they must agree.", truth.len(), predicted.len()), "y_pred");
    }
    if truth.is_empty() {
        return refuse("y_true and y_pred are empty; there is nothing to score.".into(), "y_true");
    }
    let seeded = bug();
    let mut worst = f64::NEG_INFINITY;
    let mut nan = false;
    for (t, p) in truth.iter().zip(&predicted) {
        // SEEDED BUG (PORT_BUG=1): the signed residual, the absolute value forgotten
        let d = if seeded { t - p } else { (t - p).abs() };
        if d.is_nan() {
            nan = true; // NaN propagates, as np.max does
        } else if d > worst {
            worst = d;
        }
    }
    if nan {
        worst = f64::NAN;
    }
    if !worst.is_finite() {
        require_finite(&truth, "y_true")?;
        require_finite(&predicted, "y_pred")?;
    }
    Ok(worst) // an overflow of finite targets is an infinity, as lodestar answers
}

/// The members, by the name the harness sends.
pub const MEMBERS: [&str; 4] = ["Accuracy.score", "ZeroOneLoss.score", "ZeroOneLoss.score[matrix]", "MaxError.score"];

/// The member's answer, or None for a member this port does not have.
pub fn compute(member: &str, args: &Value) -> Option<Result<f64, Refusal>> {
    Some(match member {
        "Accuracy.score" => accuracy(args),
        "ZeroOneLoss.score" => zero_one_loss(args, false),
        "ZeroOneLoss.score[matrix]" => zero_one_loss(args, true),
        "MaxError.score" => max_error(args),
        _ => return None,
    })
}
