//! A small lossless JSON reader and writer.
//!
//! Every number keeps its text. An integer literal (no `.`, `e` or `E`) is an [`Value::Int`],
//! with its value as `i128` when it fits (labels near 2^63 stay exact); any other literal is a
//! [`Value::Float`], the nearest double. So `1` and `1.0` stay apart, as the wire requires.

use std::fmt::Write;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    /// An integer literal: its text, and its value when it fits in an `i128`.
    Int(String, Option<i128>),
    /// A float literal: its value, and its text.
    Float(f64, String),
    Str(String),
    Arr(Vec<Value>),
    /// The entries in the order written.
    Obj(Vec<(String, Value)>),
}

impl Value {
    /// A double the port answers, with its wire text.
    pub fn float(x: f64) -> Value {
        Value::Float(x, format_float(x))
    }

    /// The value of `key` in an object (the last one, when the key repeats, as Python's json).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(entries) => entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The keys of an object, each once, in the order first written.
    pub fn keys(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        if let Value::Obj(entries) = self {
            for (k, _) in entries {
                if !out.contains(&k.as_str()) {
                    out.push(k);
                }
            }
        }
        out
    }
}

#[derive(Debug)]
pub struct ParseError {
    pub message: String,
    pub offset: usize,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} at offset {}", self.message, self.offset)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    text: &'a str,
    at: usize,
}

pub fn parse(text: &str) -> Result<Value, ParseError> {
    let mut reader = Reader { bytes: text.as_bytes(), text, at: 0 };
    let value = reader.value(0)?;
    reader.ws();
    if reader.at != reader.bytes.len() {
        return Err(reader.fail("trailing characters"));
    }
    Ok(value)
}

impl<'a> Reader<'a> {
    fn fail(&self, message: &str) -> ParseError {
        ParseError { message: message.to_string(), offset: self.at }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn ws(&mut self) {
        while let Some(c) = self.peek() {
            if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' {
                self.at += 1;
            } else {
                break;
            }
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        if depth > 512 {
            return Err(self.fail("nested too deeply"));
        }
        self.ws();
        match self.peek() {
            None => Err(self.fail("unexpected end")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => Ok(Value::Str(self.string()?)),
            Some(b't') => self.literal("true", Value::Bool(true)),
            Some(b'f') => self.literal("false", Value::Bool(false)),
            Some(b'n') => self.literal("null", Value::Null),
            Some(c) if c == b'-' || c.is_ascii_digit() => self.number(),
            Some(_) => Err(self.fail("unexpected character")),
        }
    }

    fn literal(&mut self, word: &str, value: Value) -> Result<Value, ParseError> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.fail("invalid literal"))
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.at += 1;
        }
        self.at - start
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        match self.peek() {
            Some(b'0') => self.at += 1,
            Some(c) if c.is_ascii_digit() => {
                self.digits();
            }
            _ => return Err(self.fail("invalid number")),
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            float = true;
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.fail("invalid number"));
            }
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            float = true;
            self.at += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.fail("invalid number"));
            }
        }
        let text = &self.text[start..self.at];
        if float {
            // Rust's parse is correctly rounded, and gives an infinity past the largest
            // double, as Python's float() does
            let value: f64 = text.parse().map_err(|_| self.fail("invalid number"))?;
            Ok(Value::Float(value, text.to_string()))
        } else {
            Ok(Value::Int(text.to_string(), text.parse::<i128>().ok()))
        }
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let digits = self.text.get(self.at..self.at + 4).ok_or_else(|| self.fail("invalid \\u escape"))?;
        if !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err(self.fail("invalid \\u escape"));
        }
        self.at += 4;
        Ok(u32::from_str_radix(digits, 16).unwrap())
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.at += 1;
        let mut out = String::new();
        let mut start = self.at;
        loop {
            let c = self.peek().ok_or_else(|| self.fail("unterminated string"))?;
            if c == b'"' {
                out.push_str(&self.text[start..self.at]);
                self.at += 1;
                return Ok(out);
            }
            if c < 0x20 {
                return Err(self.fail("control character in string"));
            }
            if c != b'\\' {
                self.at += 1;
                continue;
            }
            out.push_str(&self.text[start..self.at]);
            self.at += 1;
            let e = self.peek().ok_or_else(|| self.fail("unterminated string"))?;
            self.at += 1;
            match e {
                b'"' => out.push('"'),
                b'\\' => out.push('\\'),
                b'/' => out.push('/'),
                b'b' => out.push('\u{8}'),
                b'f' => out.push('\u{c}'),
                b'n' => out.push('\n'),
                b'r' => out.push('\r'),
                b't' => out.push('\t'),
                b'u' => {
                    let first = self.hex4()?;
                    let code = if (0xD800..0xDC00).contains(&first) && self.text[self.at..].starts_with("\\u") {
                        let back = self.at;
                        self.at += 2;
                        let second = self.hex4()?;
                        if (0xDC00..0xE000).contains(&second) {
                            0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                        } else {
                            self.at = back;
                            first
                        }
                    } else {
                        first
                    };
                    // a lone surrogate has no place in a Rust string: U+FFFD stands for it
                    out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                }
                _ => return Err(self.fail("invalid escape")),
            }
            start = self.at;
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.at += 1;
        let mut out = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Value::Arr(out));
        }
        loop {
            out.push(self.value(depth + 1)?);
            self.ws();
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::Arr(out));
                }
                Some(b',') => self.at += 1,
                _ => return Err(self.fail("expected ',' or ']'")),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.at += 1;
        let mut out = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Value::Obj(out));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.fail("expected a key"));
            }
            let key = self.string()?;
            self.ws();
            if self.peek() != Some(b':') {
                return Err(self.fail("expected ':'"));
            }
            self.at += 1;
            let value = self.value(depth + 1)?;
            out.push((key, value));
            self.ws();
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Value::Obj(out));
                }
                Some(b',') => self.at += 1,
                _ => return Err(self.fail("expected ',' or '}'")),
            }
        }
    }
}

// -- writing ----------------------------------------------------------------------------

/// A double as the wire writes it: the shortest text that reads back as the same double,
/// a whole number with its point (`1.0`), NaN and the infinities as strings.
pub fn format_float(x: f64) -> String {
    if x.is_nan() {
        "\"NaN\"".to_string()
    } else if x.is_infinite() {
        if x > 0.0 { "\"Infinity\"" } else { "\"-Infinity\"" }.to_string()
    } else {
        // Debug is the shortest round trip, keeps the point, and uses an exponent for very
        // large and very small magnitudes (1e300, 5e-324)
        format!("{:?}", x)
    }
}

pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn write(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(text, _) => out.push_str(text),
        Value::Float(_, text) => out.push_str(text),
        Value::Str(s) => write_string(out, s),
        Value::Arr(items) => {
            out.push('[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write(out, item);
            }
            out.push(']');
        }
        Value::Obj(entries) => {
            out.push('{');
            for (k, (key, item)) in entries.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_string(out, key);
                out.push_str(": ");
                write(out, item);
            }
            out.push('}');
        }
    }
}

pub fn to_string(value: &Value) -> String {
    let mut out = String::new();
    write(&mut out, value);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_and_float_literals_stay_apart() {
        let v = parse("[1, 1.0, 1e5, -0]").unwrap();
        match v {
            Value::Arr(items) => {
                assert_eq!(items[0], Value::Int("1".into(), Some(1)));
                assert_eq!(items[1], Value::Float(1.0, "1.0".into()));
                assert!(matches!(items[2], Value::Float(x, _) if x == 1e5));
                assert_eq!(items[3], Value::Int("-0".into(), Some(0)));
            }
            _ => panic!("not an array"),
        }
    }

    #[test]
    fn integers_past_2_to_the_53_are_exact() {
        let v = parse("[9223372036854775807, -9223372036854775808, 9223372036854775808, 9007199254740993, 1000000000000000000000000000000000000000000]").unwrap();
        let items = match v {
            Value::Arr(items) => items,
            _ => panic!("not an array"),
        };
        assert_eq!(items[0], Value::Int("9223372036854775807".into(), Some(i64::MAX as i128)));
        assert_eq!(items[1], Value::Int("-9223372036854775808".into(), Some(i64::MIN as i128)));
        assert_eq!(items[2], Value::Int("9223372036854775808".into(), Some(1i128 << 63)));
        assert_eq!(items[3], Value::Int("9007199254740993".into(), Some((1i128 << 53) + 1)));
        assert!(matches!(&items[4], Value::Int(t, None) if t.len() == 43));
    }

    #[test]
    fn floats_read_as_the_nearest_double() {
        assert_eq!(parse("5e-324").unwrap(), Value::Float(5e-324, "5e-324".into()));
        assert_eq!(parse("0.30000000000000004").unwrap(), Value::Float(0.1 + 0.2, "0.30000000000000004".into()));
        assert!(matches!(parse("1e400").unwrap(), Value::Float(x, _) if x == f64::INFINITY));
    }

    #[test]
    fn strings_objects_and_nesting() {
        let v = parse(r#"{"b": "a\"\\\n\u00e9\ud83d\ude00", "a": [[], {}], "b": 2}"#).unwrap();
        assert_eq!(v.keys(), vec!["b", "a"]);
        assert_eq!(v.get("b"), Some(&Value::Int("2".into(), Some(2))));
        match &v {
            Value::Obj(entries) => assert_eq!(entries[0].1, Value::Str("a\"\\\n\u{e9}\u{1F600}".into())),
            _ => panic!(),
        }
    }

    #[test]
    fn malformed_json_is_refused() {
        for bad in ["", "[1,]", "{\"a\" 1}", "01", "1.", ".5", "[1] x", "\"\u{1}\"", "NaN", "{\"a\": tru}", "\"\\x\"", "-"] {
            assert!(parse(bad).is_err(), "{:?}", bad);
        }
    }

    #[test]
    fn the_writer_keeps_the_wire_form() {
        assert_eq!(format_float(1.0), "1.0");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(-0.0), "-0.0");
        assert_eq!(format_float(5e-324), "5e-324");
        assert_eq!(format_float(1e300), "1e300");
        assert_eq!(format_float(f64::NAN), "\"NaN\"");
        assert_eq!(format_float(f64::NEG_INFINITY), "\"-Infinity\"");
        let text = r#"{"a": [1, 1.0, 9223372036854775808, "x\n"], "b": null}"#;
        assert_eq!(to_string(&parse(text).unwrap()), text);
    }
}
