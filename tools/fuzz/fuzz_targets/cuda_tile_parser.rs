//! Bytes → the parser with the cuda_tile custom syntax (`parse_module_with` and
//! `tilec_dialects::syntax::syntaxes()`). It must never panic; a module it returns, printed in the
//! custom syntax, must parse back and print the same again (docs/cuda-tile-syntax.md: custom →
//! IR → custom text is a fixpoint).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::text::{module_to_string_with, parse_module_with};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let Ok(m) = parse_module_with(text, Default::default(), syntaxes) else {
        return;
    };
    let once = module_to_string_with(&m, syntaxes);
    let again = match parse_module_with(&once, Default::default(), syntaxes) {
        Ok(m2) => module_to_string_with(&m2, syntaxes),
        Err(d) => panic!(
            "the printed module does not parse back: {}\n{once}",
            d.message
        ),
    };
    assert_eq!(once, again, "print∘parse is not a fixpoint");
});
