//! Replaying exported vectors (`python -m equivalence vectors ... --output DIR`) against
//! this port, without Python: the lossless reader, the header checked (format, count,
//! SHA-256 of the case lines), and the rules of `equivalence/ports/vectors.py:meets`.

use std::path::{Path, PathBuf};

use crate::json::{self, Value};
use crate::metrics;
use crate::sha256::Sha256;
use crate::wire;

pub const FORMAT: &str = "lodestar-vectors/3";

/// The family of an error name in either spelling, or None for an unknown name.
pub fn family(name: &str) -> Option<&'static str> {
    let stem = name.strip_suffix("Exception").or_else(|| name.strip_suffix("Error"))?;
    ["Argument", "ArgumentOutOfRange", "ArgumentNull", "UndefinedMetric"].iter().copied().find(|f| *f == stem)
}

fn parent(family: &str) -> Option<&'static str> {
    match family {
        "ArgumentOutOfRange" | "ArgumentNull" => Some("Argument"),
        _ => None,
    }
}

fn derives(name: &str, base: &str) -> bool {
    let mut at = Some(name);
    while let Some(f) = at {
        if f == base {
            return true;
        }
        at = parent(f);
    }
    false
}

fn number(value: &Value) -> Option<f64> {
    match value {
        Value::Int(text, _) => text.parse().ok(),
        Value::Float(x, _) => Some(*x),
        Value::Str(s) => match s.as_str() {
            "NaN" => Some(f64::NAN),
            "Infinity" => Some(f64::INFINITY),
            "-Infinity" => Some(f64::NEG_INFINITY),
            _ => None,
        },
        _ => None,
    }
}

/// `equivalence.ports.vectors._close`.
pub fn close(expected: &Value, answered: &Value, within: f64) -> bool {
    if let Some(x) = number(expected) {
        let y = match number(answered) {
            Some(y) => y,
            None => return false,
        };
        if x.is_nan() || y.is_nan() {
            return x.is_nan() && y.is_nan();
        }
        if x.is_infinite() || y.is_infinite() {
            return x == y;
        }
        return (x - y).abs() <= within;
    }
    match (expected, answered) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Str(a), Value::Str(b)) => a == b,
        (Value::Arr(a), Value::Arr(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| close(x, y, within)),
        (Value::Obj(_), Value::Obj(_)) => {
            let (ka, kb) = (expected.keys(), answered.keys());
            ka.len() == kb.len()
                && ka.iter().all(|k| match (expected.get(k), answered.get(k)) {
                    (Some(x), Some(y)) => close(x, y, within),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// `equivalence.ports.vectors.meets`.
pub fn meets(expect: &Value, response: &Value) -> bool {
    if let Some(wanted) = expect.get("error") {
        let got = response.get("error").and_then(Value::as_str).and_then(family);
        let wanted = wanted.as_str().and_then(family);
        return match (got, wanted) {
            (Some(got), Some(wanted)) => derives(got, wanted),
            _ => false,
        };
    }
    match (expect.get("value"), response.get("value"), expect.get("within").and_then(number)) {
        (Some(x), Some(y), Some(within)) => close(x, y, within),
        _ => false,
    }
}

pub struct Vectors {
    pub member: String,
    pub csharp: Value,
    pub cases: Vec<Value>,
}

/// A vectors file, its header checked against its cases.
pub fn read(file: &Path) -> Result<Vectors, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {}", file.display(), e))?;
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    let (first, case_lines) = lines.split_first().ok_or_else(|| format!("{}: empty", file.display()))?;
    let header = json::parse(first).map_err(|e| format!("{}: header: {}", file.display(), e))?;
    if header.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(format!("{}: not a {} file", file.display(), FORMAT));
    }
    match header.get("cases") {
        Some(Value::Int(_, Some(n))) if *n == case_lines.len() as i128 => {}
        other => {
            return Err(format!(
                "{}: the header counts {} cases, the file holds {}",
                file.display(),
                other.map(json::to_string).unwrap_or_default(),
                case_lines.len()
            ))
        }
    }
    let mut digest = Sha256::default();
    for line in case_lines {
        digest.update(line.as_bytes());
        digest.update(b"\n");
    }
    if header.get("digest").and_then(Value::as_str) != Some(digest.hex().as_str()) {
        return Err(format!("{}: the digest does not match", file.display()));
    }
    let member = header.get("member").and_then(Value::as_str).unwrap_or("").to_string();
    let mut cases = Vec::with_capacity(case_lines.len());
    for (k, line) in case_lines.iter().enumerate() {
        cases.push(json::parse(line).map_err(|e| format!("{}: line {}: {}", file.display(), k + 2, e))?);
    }
    Ok(Vectors { member, csharp: header.get("csharp").cloned().unwrap_or(Value::Null), cases })
}

pub struct Miss {
    pub id: String,
    pub arguments: String,
    pub expect: String,
    pub answered: String,
}

pub struct Counts {
    pub member: String,
    pub cases: usize,
    pub met: usize,
    pub skipped: usize,
    pub misses: Vec<Miss>,
}

/// A case's arguments as the call is made: each argument its `repeat` names (a large-count
/// case) written `times` times over, end to end; the others as they are.
pub fn repeated(case: &Value) -> Result<Value, String> {
    let arguments = case.get("arguments").cloned().unwrap_or(Value::Null);
    let repeat = match case.get("repeat") {
        None => return Ok(arguments),
        Some(repeat) => repeat,
    };
    let times = match repeat.get("times") {
        Some(Value::Int(_, Some(n))) if *n >= 1 && *n <= u32::MAX as i128 => *n as usize,
        other => return Err(format!("repeat.times is not a count: {}", other.map(json::to_string).unwrap_or_default())),
    };
    let names: Vec<&str> = match repeat.get("arguments") {
        Some(Value::Arr(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => return Err("repeat.arguments is not a list of names".into()),
    };
    match arguments {
        Value::Obj(entries) => Ok(Value::Obj(
            entries
                .into_iter()
                .map(|(name, value)| match value {
                    Value::Arr(items) if names.contains(&name.as_str()) => {
                        let mut made = Vec::with_capacity(items.len() * times);
                        for _ in 0..times {
                            made.extend(items.iter().cloned());
                        }
                        (name, Value::Arr(made))
                    }
                    other => (name, other),
                })
                .collect(),
        )),
        other => Ok(other),
    }
}

/// Replays one file through the port's `answer`, each response through the wire writer
/// and reader.
pub fn replay_file(file: &Path) -> Result<Counts, String> {
    let vectors = read(file)?;
    let mut counts = Counts { member: vectors.member.clone(), cases: vectors.cases.len(), met: 0, skipped: 0, misses: Vec::new() };
    for case in &vectors.cases {
        let arguments = repeated(case).map_err(|e| format!("{}: {}", file.display(), e))?;
        let request = Value::Obj(vec![
            ("member".into(), Value::Str(vectors.member.clone())),
            ("csharp".into(), vectors.csharp.clone()),
            ("arguments".into(), arguments),
        ]);
        let response = match std::panic::catch_unwind(|| wire::answer(&request, 2)) {
            Ok(response) => json::parse(&json::to_string(&response)).expect("the writer writes JSON"),
            Err(payload) => Value::Obj(vec![("errored".into(), Value::Str(wire::panic_text(&*payload)))]),
        };
        let expect = case.get("expect").cloned().unwrap_or(Value::Null);
        if response.get("skipped").is_some() {
            counts.skipped += 1;
        } else if meets(&expect, &response) {
            counts.met += 1;
        } else {
            counts.misses.push(Miss {
                id: case.get("id").map(json::to_string).unwrap_or_default(),
                arguments: match case.get("repeat") {
                    Some(repeat) => format!(
                        "{} repeated {}",
                        json::to_string(case.get("arguments").unwrap_or(&Value::Null)),
                        json::to_string(repeat)
                    ),
                    None => json::to_string(request.get("arguments").unwrap()),
                },
                expect: json::to_string(&expect),
                answered: json::to_string(&response),
            });
        }
    }
    Ok(counts)
}

fn clip(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 300 {
        return text.to_string();
    }
    let head: String = chars[..150].iter().collect();
    let tail: String = chars[chars.len() - 150..].iter().collect();
    format!("{} ... {} ({} chars)", head, tail, chars.len())
}

/// `replay DIR [MEMBER ...] [--bug] [--show=N]`: the exit status (0 no miss, 1 a miss, 2 a
/// usage or file error), the report written to `out`.
pub fn run(args: &[String], out: &mut dyn std::io::Write) -> i32 {
    let mut show = 5usize;
    let mut rest = Vec::new();
    for arg in args {
        if arg == "--bug" {
            std::env::set_var("PORT_BUG", "1");
        } else if let Some(n) = arg.strip_prefix("--show=") {
            match n.parse() {
                Ok(n) => show = n,
                Err(_) => {
                    eprintln!("replay: bad --show {}", n);
                    return 2;
                }
            }
        } else if arg.starts_with("--") {
            eprintln!("replay: unknown option {}", arg);
            return 2;
        } else {
            rest.push(arg.clone());
        }
    }
    let (dir, members) = match rest.split_first() {
        Some((dir, members)) => (PathBuf::from(dir), members.to_vec()),
        None => {
            eprintln!("usage: replay DIR [MEMBER ...] [--bug] [--show=N]");
            return 2;
        }
    };
    let files: Vec<PathBuf> = if members.is_empty() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                eprintln!("replay: {}: {}", dir.display(), e);
                return 2;
            }
        };
        let mut names: Vec<String> = entries
            .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
            .filter(|name| name.strip_suffix(".jsonl").map(|m| metrics::MEMBERS.contains(&m)).unwrap_or(false))
            .collect();
        names.sort();
        if names.is_empty() {
            eprintln!("replay: {} holds no vectors of this port's members", dir.display());
            return 2;
        }
        names.iter().map(|n| dir.join(n)).collect()
    } else {
        if let Some(m) = members.iter().find(|m| !metrics::MEMBERS.contains(&m.as_str())) {
            eprintln!("replay: this port has no member {}", m);
            return 2;
        }
        members.iter().map(|m| dir.join(format!("{}.jsonl", m))).collect()
    };
    let (mut total, mut missed) = (0usize, 0usize);
    for file in &files {
        let started = std::time::Instant::now();
        let counts = match replay_file(file) {
            Ok(counts) => counts,
            Err(e) => {
                eprintln!("replay: {}", e);
                return 2;
            }
        };
        total += counts.cases;
        missed += counts.misses.len();
        let verdict = if counts.misses.is_empty() { "ok" } else { "MISSES" };
        let _ = writeln!(
            out,
            "{}: {}  {} cases, {} met, {} missed, {} skipped ({:.2} s)",
            counts.member,
            verdict,
            counts.cases,
            counts.met,
            counts.misses.len(),
            counts.skipped,
            started.elapsed().as_secs_f64()
        );
        for miss in counts.misses.iter().take(show) {
            let _ = writeln!(out, "  missed {}\n    arguments: {}", miss.id, clip(&miss.arguments));
            let _ = writeln!(out, "    expected:  {}\n    answered:  {}", clip(&miss.expect), clip(&miss.answered));
        }
        if counts.misses.len() > show {
            let _ = writeln!(out, "  ... and {} more", counts.misses.len() - show);
        }
    }
    let _ = writeln!(out, "{} files, {} cases, {} missed", files.len(), total, missed);
    if missed == 0 {
        0
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(expect: &str, response: &str) -> bool {
        meets(&json::parse(expect).unwrap(), &json::parse(response).unwrap())
    }

    #[test]
    fn the_rules_of_meets() {
        assert!(m(r#"{"value": 0.5, "within": 1e-12}"#, r#"{"value": 0.5000000000001}"#));
        assert!(!m(r#"{"value": 0.5, "within": 1e-12}"#, r#"{"value": 0.50000000001}"#));
        assert!(m(r#"{"value": [[1.0, "NaN"]], "within": 0.0}"#, r#"{"value": [[1.0, "NaN"]]}"#));
        assert!(!m(r#"{"value": "Infinity", "within": 1.0}"#, r#"{"value": 1e308}"#));
        assert!(m(r#"{"value": "-Infinity", "within": 0.0}"#, r#"{"value": "-Infinity"}"#));
        assert!(!m(r#"{"value": [1.0], "within": 0.0}"#, r#"{"value": [1.0, 2.0]}"#));
        assert!(!m(r#"{"value": 1.0, "within": 0.0}"#, r#"{"value": true}"#));
        assert!(m(r#"{"value": {"a": 1}, "within": 0.0}"#, r#"{"value": {"a": 1.0}}"#));
        assert!(!m(r#"{"value": {"a": 1}, "within": 0.0}"#, r#"{"value": {"b": 1.0}}"#));
        assert!(m(r#"{"error": "ArgumentError"}"#, r#"{"error": "ArgumentOutOfRangeException", "message": "k"}"#));
        assert!(m(r#"{"error": "ArgumentError"}"#, r#"{"error": "ArgumentNullError", "message": "k"}"#));
        assert!(!m(r#"{"error": "ArgumentOutOfRangeError"}"#, r#"{"error": "ArgumentException", "message": "k"}"#));
        assert!(!m(r#"{"error": "ArgumentError"}"#, r#"{"error": "UndefinedMetricException", "message": "k"}"#));
        assert!(!m(r#"{"error": "ArgumentError"}"#, r#"{"error": "NotAnError", "message": "k"}"#));
        assert!(!m(r#"{"error": "ArgumentError"}"#, r#"{"value": 1.0}"#));
        assert!(!m(r#"{"value": 1.0, "within": 0.0}"#, r#"{"error": "ArgumentError", "message": ""}"#));
    }
}
