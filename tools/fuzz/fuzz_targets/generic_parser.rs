//! Bytes → the MLIR generic-form parser (`tilec_ir::text::parse_module`, no custom syntaxes).
//! It must return a module or a diagnostic, never panic; a module it returns must print and
//! parse back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::text::{module_to_string, parse_module};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = parse_module(text, Default::default()) {
        let printed = module_to_string(&m);
        if let Err(d) = parse_module(&printed, Default::default()) {
            panic!(
                "the printed module does not parse back: {}\n{printed}",
                d.message
            );
        }
    }
});
