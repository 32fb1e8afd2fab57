//! A Rust port of three lodestar members (`Accuracy.score`, `ZeroOneLoss.score` in both its
//! forms, `MaxError.score`), the JSON-lines protocol of docs/porting.md (protocols 2 and 1),
//! and a replayer of exported vectors. No external crate.

pub mod json;
pub mod metrics;
pub mod replay;
pub mod sha256;
pub mod wire;
