//! Bytes → the Tile IR bytecode reader (`tilec_bytecode::read`). It must return the structured
//! form or one located diagnostic (`bytecode.version` / `bytecode.corrupt`, at a byte of the
//! input), never panic; a form it returns must dump.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::{DiagCode, FileId};

fuzz_target!(|data: &[u8]| {
    match tilec_bytecode::read(data, FileId(0)) {
        Ok(bc) => {
            let _ = tilec_bytecode::dump(&bc);
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
