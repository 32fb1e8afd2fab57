//! The port as a process: `port [--bug]`, JSON lines on stdin and stdout (docs/porting.md).
//! Protocol 2 after a `{"start": {"protocol": 2}}` line; protocol 1 when the first line is a
//! request. `--bug` (or `PORT_BUG=1`) turns on the seeded bug (MaxError's residual signed).

fn main() {
    if std::env::args().skip(1).any(|a| a == "--bug") {
        std::env::set_var("PORT_BUG", "1");
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let status = lodestar_port::wire::serve(stdin.lock(), stdout.lock());
    std::process::exit(status);
}
