//! The replayer: a hand-made file, and a fresh export when Python is at hand.

use std::path::{Path, PathBuf};
use std::process::Command;

use lodestar_port::replay;
use lodestar_port::sha256::Sha256;

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("replay-rust-{}-{}", tag, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write_file(path: &Path, member: &str, lines: &[&str]) {
    let mut digest = Sha256::default();
    for line in lines {
        digest.update(line.as_bytes());
        digest.update(b"\n");
    }
    let header = format!(
        r#"{{"format": "lodestar-vectors/3", "suite": "3.0.0", "member": "{}", "csharp": "x", "cases": {}, "digest": "{}"}}"#,
        member,
        lines.len(),
        digest.hex()
    );
    let mut text = header + "\n";
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(path, text).unwrap();
}

#[test]
fn a_hand_made_file_big_labels_and_float_labels_as_written() {
    let dir = scratch("hand");
    let lines = [
        r#"{"id": "a", "arguments": {"y_true": [9223372036854775807, 1], "y_pred": [9223372036854775806, 1]}, "expect": {"value": 0.5, "within": 0.0}, "edges": [], "divergences": []}"#,
        r#"{"id": "b", "arguments": {"y_true": [1.0, 2.5], "y_pred": [1, 2]}, "expect": {"error": "ArgumentError"}, "edges": [], "divergences": []}"#,
    ];
    let file = dir.join("Accuracy.score.jsonl");
    write_file(&file, "Accuracy.score", &lines);
    let counts = replay::replay_file(&file).unwrap();
    assert_eq!((counts.met, counts.misses.len()), (2, 0));
    // a count that does not match the file is an error, not a pass
    let text = std::fs::read_to_string(&file).unwrap() + lines[0] + "\n";
    std::fs::write(&file, text).unwrap();
    match replay::replay_file(&file) {
        Err(e) => assert!(e.contains("cases"), "{}", e),
        Ok(_) => panic!("a wrong count was accepted"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_large_count_case_repeats_the_arguments_it_names() {
    let dir = scratch("repeat");
    // 2 of 3 right, repeated 4 times: 8 right in all (2 if the repeat were not read)
    let lines = [
        r#"{"id": "a", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1], "normalize": false}, "repeat": {"times": 4, "arguments": ["y_true", "y_pred"]}, "expect": {"value": 8.0, "within": 0.0}, "edges": [], "divergences": []}"#,
        r#"{"id": "b", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1], "normalize": false}, "expect": {"value": 2.0, "within": 0.0}, "edges": [], "divergences": []}"#,
        r#"{"id": "c", "arguments": {"y_true": [1, 0, 1], "y_pred": [1, 1, 1]}, "repeat": {"times": 2, "arguments": ["y_true"]}, "expect": {"error": "ArgumentError"}, "edges": [], "divergences": []}"#,
    ];
    let file = dir.join("Accuracy.score.jsonl");
    write_file(&file, "Accuracy.score", &lines);
    let counts = replay::replay_file(&file).unwrap();
    assert_eq!((counts.met, counts.misses.len()), (3, 0));
    // a file of the format before is refused, not misread
    let text = std::fs::read_to_string(&file).unwrap().replacen("vectors/3", "vectors/2", 1);
    std::fs::write(&file, text).unwrap();
    match replay::replay_file(&file) {
        Err(e) => assert!(e.contains("not a lodestar-vectors/3 file"), "{}", e),
        Ok(_) => panic!("a file of format 2 was read"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Python that exports the vectors: `$LODESTAR_PYTHON` when it is set, else `python` or
/// `python3` on PATH (CI runs these tests inside its virtual environment), whichever can
/// import the harness's exporter.
fn python() -> Option<String> {
    let candidates = match std::env::var("LODESTAR_PYTHON") {
        Ok(named) => vec![named],
        Err(_) => vec!["python".to_string(), "python3".to_string()],
    };
    candidates.into_iter().find(|candidate| {
        let probe = Command::new(candidate)
            .args(["-c", "import equivalence.ports.vectors"])
            .current_dir(repository())
            .output();
        matches!(probe, Ok(out) if out.status.success())
    })
}

/// Without such a Python the test is skipped, unless LODESTAR_PORTS_REQUIRED=1 (set by CI),
/// when it fails instead.
#[test]
fn a_fresh_export_replays_with_no_miss_and_the_bug_misses() {
    let python = match python() {
        Some(p) => p,
        None => {
            let looked = match std::env::var("LODESTAR_PYTHON") {
                Ok(named) => format!("LODESTAR_PYTHON={}", named),
                Err(_) => "python, python3 on PATH".to_string(),
            };
            let said = format!("no Python that imports the equivalence package ({})", looked);
            if std::env::var("LODESTAR_PORTS_REQUIRED").as_deref() == Ok("1") {
                panic!("{}, and LODESTAR_PORTS_REQUIRED=1 forbids skipping", said);
            }
            eprintln!("skipped: {}", said);
            return;
        }
    };
    let dir = scratch("export");
    let exported = Command::new(python)
        .args(["-m", "equivalence", "vectors", "Accuracy.score", "MaxError.score", "--cases", "40", "--output"])
        .arg(&dir)
        .current_dir(repository())
        .output()
        .unwrap();
    assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
    let good = Command::new(env!("CARGO_BIN_EXE_replay")).arg(&dir).output().unwrap();
    let report = String::from_utf8_lossy(&good.stdout).into_owned();
    assert_eq!(good.status.code(), Some(0), "{}", report);
    assert!(report.contains("Accuracy.score: ok"), "{}", report);
    let bad = Command::new(env!("CARGO_BIN_EXE_replay")).arg(&dir).args(["MaxError.score", "--bug"]).output().unwrap();
    let report = String::from_utf8_lossy(&bad.stdout).into_owned();
    assert_eq!(bad.status.code(), Some(1), "{}", report);
    assert!(report.contains("MaxError.score: MISSES"), "{}", report);
    let _ = std::fs::remove_dir_all(&dir);
}
