//! The protocol of docs/porting.md: one request line in, one response line out.

use crate::json::{self, Value};
use crate::metrics;

pub const NAME: &str = "lodestar-port-rust";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
pub const NOT_PORTED: &str = "ports/rust/README.md#members";

/// The port's start line (protocol 2).
pub fn start() -> Value {
    let members = metrics::MEMBERS.iter().map(|m| Value::Str(m.to_string())).collect();
    Value::Obj(vec![(
        "start".into(),
        Value::Obj(vec![
            ("protocol".into(), Value::Int("2".into(), Some(2))),
            ("name".into(), Value::Str(NAME.into())),
            ("language".into(), Value::Str("rust".into())),
            ("version".into(), Value::Str(VERSION.into())),
            ("members".into(), Value::Arr(members)),
        ]),
    )])
}

/// The response to one request, without seq: `{value}`, `{error, message}` or (protocol 2,
/// a member this port does not have) `{skipped, issue}`. A panic inside is the caller's to
/// catch.
pub fn answer(request: &Value, protocol: u8) -> Value {
    let member = request.get("member").and_then(Value::as_str).unwrap_or("");
    let args = request.get("arguments").unwrap_or(&Value::Null);
    match metrics::compute(member, args) {
        Some(Ok(x)) => Value::Obj(vec![("value".into(), Value::float(x))]),
        Some(Err(refusal)) => Value::Obj(vec![
            ("error".into(), Value::Str(refusal.name.into())),
            ("message".into(), Value::Str(refusal.message)),
        ]),
        None if protocol == 2 => Value::Obj(vec![
            ("skipped".into(), Value::Str(format!("this port has no {}", member))),
            ("issue".into(), Value::Str(NOT_PORTED.into())),
        ]),
        None => Value::Obj(vec![
            ("error".into(), Value::Str("ArgumentException".into())),
            ("message".into(), Value::Str(format!("this port has no {}", member))),
        ]),
    }
}

/// A response with `seq` first, as protocol 2 writes it.
pub fn with_seq(seq: &Value, response: Value) -> Value {
    match response {
        Value::Obj(mut entries) => {
            entries.insert(0, ("seq".into(), seq.clone()));
            Value::Obj(entries)
        }
        other => other,
    }
}

/// What a panic carried, as text.
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}

/// The port's loop over its input; returns the exit status.
pub fn serve(input: impl std::io::BufRead, mut output: impl std::io::Write) -> i32 {
    let mut protocol: Option<u8> = None;
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("unreadable input: {}", error);
                return 65;
            }
        };
        let request = match json::parse(&line) {
            Ok(v @ Value::Obj(_)) => v,
            Ok(_) | Err(_) => {
                let why = match json::parse(&line) {
                    Err(e) => e.to_string(),
                    Ok(_) => "not a JSON object".into(),
                };
                if protocol == Some(1) {
                    eprintln!("unreadable request: {}", why);
                    return 65;
                }
                let response = Value::Obj(vec![("errored".into(), Value::Str(format!("unreadable request: {}", why)))]);
                if writeln!(output, "{}", json::to_string(&response)).and_then(|_| output.flush()).is_err() {
                    return 74;
                }
                continue;
            }
        };
        let response = if request.get("start").is_some() {
            protocol = Some(2);
            start()
        } else {
            let speaking = *protocol.get_or_insert(1);
            let seq = request.get("seq").cloned();
            let outcome = std::panic::catch_unwind(|| answer(&request, speaking));
            match (outcome, speaking, seq) {
                (Ok(response), 2, Some(seq)) => with_seq(&seq, response),
                (Ok(response), _, _) => response,
                (Err(payload), 2, seq) => {
                    let errored = Value::Obj(vec![("errored".into(), Value::Str(format!("panic: {}", panic_text(&*payload))))]);
                    match seq {
                        Some(seq) => with_seq(&seq, errored),
                        None => errored,
                    }
                }
                (Err(payload), _, _) => {
                    eprintln!("the port panicked: {}", panic_text(&*payload));
                    return 70;
                }
            }
        };
        if writeln!(output, "{}", json::to_string(&response)).and_then(|_| output.flush()).is_err() {
            return 74;
        }
    }
    0
}
