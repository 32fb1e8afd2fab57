//! The port's answers on a few cases, both protocols through the real process, and the bug.

use std::io::Write;
use std::process::{Command, Stdio};

use lodestar_port::json::{self, Value};
use lodestar_port::metrics;

fn ask(member: &str, args: &str) -> Result<f64, String> {
    let args = json::parse(args).unwrap();
    match metrics::compute(member, &args).expect("a member of the port") {
        Ok(x) => Ok(x),
        Err(refusal) => Err(refusal.name.to_string()),
    }
}



fn refused(r: Result<f64, String>) -> bool {
    matches!(r, Err(name) if name == "ArgumentException")
}

#[test]
fn accuracy_answers_and_refusals() {

    assert_eq!(ask("Accuracy.score", r#"{"y_true": [1, 1, 0, 0], "y_pred": [1, 0, 0, 0]}"#), Ok(0.75));
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [1], "y_pred": [0.5]}"#)));
    // [1, true] is an int64 array to NumPy: the boolean reads as 1
    assert_eq!(ask("Accuracy.score", r#"{"y_true": [1, true], "y_pred": [1, 1]}"#), Ok(1.0));
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [true], "y_pred": [1]}"#)));
    // the ends of int64 compared exactly; one past the end refused
    assert_eq!(ask("Accuracy.score", r#"{"y_true": [9223372036854775807], "y_pred": [9223372036854775806]}"#), Ok(0.0));
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [9223372036854775808], "y_pred": [1]}"#)));
    // [2**63 - 1, 1.0] is a float64 array: the label rounds to 2**63, past int64
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [9223372036854775807, 1.0], "y_pred": [1, 1]}"#)));
    assert_eq!(
        ask("Accuracy.score", r#"{"y_true": [1, 2], "y_pred": [1, 3], "normalize": false, "sample_weight": [0.5, 2.0]}"#),
        Ok(0.5)
    );
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [1, 2], "y_pred": [1, 3], "sample_weight": [1.0, -1.0]}"#)));
    assert!(refused(ask("Accuracy.score", r#"{"y_true": [1], "y_pred": [1], "normalize": 1}"#)));
}

#[test]
fn zero_one_loss_both_forms() {
    let args = r#"{"y_true": [0, 1, 2, 1], "y_pred": [0, 2, 2, 1], "normalize": false, "sample_weight": [1.0, 2.0, 3.0, 4.0]}"#;
    assert_eq!(ask("ZeroOneLoss.score", args), Ok(2.0));
    assert_eq!(ask("ZeroOneLoss.score", r#"{"y_true": [0, 1], "y_pred": [0, 2]}"#), Ok(0.5));
    let matrix = r#"{"y_true": [true, false, true, false], "y_pred": [[true, false], [true, true]], "label_count": 2}"#;
    assert_eq!(ask("ZeroOneLoss.score[matrix]", matrix), Ok(0.5));
    assert!(refused(ask("ZeroOneLoss.score[matrix]", r#"{"y_true": [true, false], "y_pred": [true, false], "label_count": 2.0}"#)));
    assert!(refused(ask("ZeroOneLoss.score[matrix]", r#"{"y_true": [1, 0], "y_pred": [true, false], "label_count": 2}"#)));
}

#[test]
fn max_error_shapes_overflow_and_non_finite() {
    assert_eq!(ask("MaxError.score", r#"{"y_true": [[1.0], [2.0]], "y_pred": [0.5, 4]}"#), Ok(2.0));
    assert_eq!(ask("MaxError.score", r#"{"y_true": [1e308], "y_pred": [-1e308]}"#), Ok(f64::INFINITY));
    assert!(refused(ask("MaxError.score", r#"{"y_true": ["NaN"], "y_pred": [1.0]}"#)));
    assert!(refused(ask("MaxError.score", r#"{"y_true": [[1.0, 2.0]], "y_pred": [1.0, 2.0]}"#)));
    assert!(refused(ask("MaxError.score", r#"{"y_true": [], "y_pred": []}"#)));
    assert!(refused(ask("MaxError.score", r#"{"y_true": [[1.0], 2.0], "y_pred": [1.0, 2.0]}"#)));
}

#[test]
fn the_pairwise_sum_groups_as_numpy_does() {
    let mut a = vec![1.0; 16];
    a[0] = 1e16;
    assert_eq!(metrics::sum(&a), 1e16 + 14.0);
}

fn run(lines: &[&str], args: &[&str]) -> Vec<Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_port"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for line in lines {
        writeln!(input, "{}", line).unwrap();
    }
    drop(input);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap().lines().map(|l| json::parse(l).unwrap()).collect()
}

#[test]
fn protocol_2_start_then_seq_on_every_response() {
    let out = run(
        &[
            r#"{"start": {"protocol": 2}}"#,
            r#"{"seq": 1, "member": "Accuracy.score", "csharp": "Accuracy.Score", "arguments": {"y_true": [0], "y_pred": [0]}}"#,
            r#"{"seq": 2, "member": "Accuracy.score", "csharp": "Accuracy.Score", "arguments": {"y_true": [0], "y_pred": []}}"#,
            r#"{"seq": 3, "member": "TopKAccuracy.score", "csharp": "TopKAccuracy.Score", "arguments": {}}"#,
        ],
        &[],
    );
    assert_eq!(out.len(), 4);
    let start = out[0].get("start").unwrap();
    assert_eq!(start.get("protocol"), Some(&Value::Int("2".into(), Some(2))));
    assert_eq!(start.get("language").and_then(Value::as_str), Some("rust"));
    assert_eq!(json::to_string(&out[1]), r#"{"seq": 1, "value": 1.0}"#);
    assert_eq!(out[2].get("seq"), Some(&Value::Int("2".into(), Some(2))));
    assert_eq!(out[2].get("error").and_then(Value::as_str), Some("ArgumentException"));
    assert_eq!(out[3].get("seq"), Some(&Value::Int("3".into(), Some(3))));
    assert!(out[3].get("skipped").is_some() && out[3].get("issue").is_some());
}

#[test]
fn protocol_1_without_a_start() {
    let out = run(&[r#"{"member": "MaxError.score", "csharp": "MaxError.Score", "arguments": {"y_true": [1.0], "y_pred": [3.5]}}"#], &[]);
    assert_eq!(json::to_string(&out[0]), r#"{"value": 2.5}"#);
}

#[test]
fn the_seeded_bug_changes_one_answer() {
    let line = r#"{"member": "MaxError.score", "arguments": {"y_true": [0.0], "y_pred": [0.25]}}"#;
    assert_eq!(json::to_string(&run(&[line], &[])[0]), r#"{"value": 0.25}"#);
    assert_eq!(json::to_string(&run(&[line], &["--bug"])[0]), r#"{"value": -0.25}"#);
}
