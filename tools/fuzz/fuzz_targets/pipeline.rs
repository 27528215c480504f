//! Bytes as text → the whole pipeline (`tilec::compile` with the default options: `verify_each`
//! is on in a build with debug assertions, i.e. without `-O`, as in debug builds). It must never
//! panic, and a rejection must be located diagnostics that are no compiler bug
//! (`tilec_tools::gen::bad_rejection`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(f) = tilec::compile(text, "fuzz.mlir", &tilec::Options::default()) {
        if let Some(why) = tilec_tools::gen::bad_rejection(&f.diags, text) {
            panic!("{why}");
        }
    }
});
