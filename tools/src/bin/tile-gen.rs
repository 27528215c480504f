//! `tile-gen SEED…`: prints the cuda_tile module `tilec_tools::gen` generates for each seed (the
//! programs of `tests/generated.rs`, to compile or reduce by hand); `tile-gen --bytes FILE`: the
//! module a fuzzer input of the `generated` target stands for (docs/fuzzing.md).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args[0] == "--help" || args[0] == "-h" {
        eprintln!("usage: tile-gen SEED… | tile-gen --bytes FILE");
        std::process::exit(2);
    }
    if args[0] == "--bytes" {
        let Some(path) = args.get(1) else {
            eprintln!("tile-gen: --bytes needs a file");
            std::process::exit(2);
        };
        match std::fs::read(path) {
            Ok(b) => {
                let p = tilec_tools::gen::generate_from_bytes(&b);
                eprintln!(
                    "tile-gen: {path}: {} accesses left unordered, {} loop-indexed",
                    p.unordered, p.loop_indexed
                );
                print!("{}", p.text);
            }
            Err(e) => {
                eprintln!("tile-gen: {path}: {e}");
                std::process::exit(2);
            }
        }
        return;
    }
    for a in &args {
        match a.parse::<u64>() {
            Ok(seed) => {
                let p = tilec_tools::gen::generate(seed);
                eprintln!(
                    "tile-gen: seed {seed}: {} accesses left unordered, {} loop-indexed",
                    p.unordered, p.loop_indexed
                );
                print!("{}", p.text);
            }
            Err(_) => {
                eprintln!("tile-gen: '{a}' is not a seed (an unsigned integer)");
                std::process::exit(2);
            }
        }
    }
}
