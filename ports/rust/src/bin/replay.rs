//! `replay DIR [MEMBER ...] [--bug] [--show=N]`: replays exported vectors against the port.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let stdout = std::io::stdout();
    let status = lodestar_port::replay::run(&args, &mut stdout.lock());
    std::process::exit(status);
}
