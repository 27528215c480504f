//! Bytes → the decisions of the generator of legal cuda_tile programs
//! (`tilec_tools::gen::generate_from_bytes`) → `tilec::compile` with the default options. It must
//! never panic, and a rejection must be located diagnostics that are no compiler bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let p = tilec_tools::gen::generate_from_bytes(data);
    if let Err(f) = tilec::compile(&p.text, "gen.mlir", &tilec::Options::default()) {
        if let Some(why) = tilec_tools::gen::bad_rejection(&f.diags, &p.text) {
            panic!("{why}\n{}", p.text);
        }
    }
});
