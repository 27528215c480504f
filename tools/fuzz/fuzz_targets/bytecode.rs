//! Bytes → the Tile IR bytecode reader (`tilec_bytecode::read`). It must return the structured
//! form or one located diagnostic (`bytecode.version` / `bytecode.corrupt`, at a byte of the
//! input), never panic; a form it returns must dump and lift to a cuda_tile module
//! (`tilec_bytecode::to_module`) or to located errors, and a lifted module's text (what tilec
//! compiles, `tilec::lifted_text`) must read back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::{DiagCode, FileId};

fuzz_target!(|data: &[u8]| {
    match tilec_bytecode::read(data, FileId(0)) {
        Ok(bc) => {
            let _ = tilec_bytecode::dump(&bc);
            match tilec_bytecode::to_module(&bc, FileId(1)) {
                Ok(m) => {
                    // What tilec compiles is the module's text (tilec::lifted_text): it parses.
                    let syntaxes = tilec_dialects::syntax::syntaxes();
                    let text = tilec::lifted_text(&m);
                    if let Err(d) = tilec_ir::text::parse_module_with(&text, FileId(2), syntaxes) {
                        panic!("the lifted module does not read back: {}\n{text}", d.message);
                    }
                }
                Err(ds) => assert!(ds.0.iter().all(|d| d.loc.file == FileId(1))),
            }
        }
        Err(d) => {
            assert!(
                matches!(d.code, DiagCode::BytecodeVersion | DiagCode::BytecodeCorrupt),
                "{:?}: {}",
                d.code,
                d.message
            );
            assert!(d.loc.start as usize <= data.len(), "{}", d.message);
        }
    }
});
