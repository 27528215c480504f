//! Bytes → the Tile IR bytecode reader (`tilec_bytecode::read`). It must return the structured
//! form or one located diagnostic (`bytecode.version` / `bytecode.corrupt`, at a byte of the
//! input), never panic; a form it returns must dump and lift to a cuda_tile module
//! (`tilec_bytecode::to_module`) or to located errors, and a lifted module's text (what tilec
//! compiles, `tilec::lifted_text`) must read back. The writer is checked on the way: a form
//! encoded again (`tilec_bytecode::encode`) reads back as the same form (byte offsets aside),
//! and a lifted module writes (`tilec_bytecode::from_module`) to bytes that read and lift, or to
//! located `bytecode.unwritable` errors.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::{DiagCode, FileId};

fuzz_target!(|data: &[u8]| {
    match tilec_bytecode::read(data, FileId(0)) {
        Ok(bc) => {
            let _ = tilec_bytecode::dump(&bc);
            let again = tilec_bytecode::read(&tilec_bytecode::encode(&bc), FileId(0))
                .unwrap_or_else(|d| panic!("the re-encoded form does not read: {}", d.message));
            assert_eq!(without_offsets(again), without_offsets(bc.clone()));
            match tilec_bytecode::to_module(&bc, FileId(1)) {
                Ok(m) => {
                    match tilec_bytecode::from_module(&m, bc.version) {
                        Ok(w) => {
                            let back = tilec_bytecode::read(&tilec_bytecode::encode(&w), FileId(0))
                                .unwrap_or_else(|d| panic!("written bytes do not read: {}", d.message));
                            if let Err(ds) = tilec_bytecode::to_module(&back, FileId(0)) {
                                panic!("written bytes do not lift: {}", ds.0[0].message);
                            }
                        }
                        Err(ds) => assert!(ds
                            .0
                            .iter()
                            .all(|d| d.code == DiagCode::BytecodeUnwritable && d.loc.file == FileId(1))),
                    }
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

/// The form with every byte offset (sections, bodies, ops) cleared: what re-encoding may move.
fn without_offsets(mut bc: tilec_bytecode::Bytecode) -> tilec_bytecode::Bytecode {
    fn ops(v: &mut [tilec_bytecode::model::OpRecord]) {
        for op in v {
            op.offset = 0;
            for r in &mut op.regions {
                for b in r {
                    ops(&mut b.ops);
                }
            }
        }
    }
    for s in &mut bc.sections {
        s.payload = 0..0;
        // A declared alignment of 1 is written as none.
        s.alignment = s.alignment.max(1);
    }
    for f in &mut bc.functions {
        f.body = 0..0;
        ops(&mut f.ops);
    }
    bc
}
