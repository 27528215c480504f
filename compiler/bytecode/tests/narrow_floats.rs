//! tf32 and the fp8/fp4 element types in bytecode: each writes as its type tag, a constant's
//! elements in whole bytes (tf32 three, f4E2M1FN one), and the module reads back to itself; a
//! type newer than the version written is refused.

use tilec_bytecode::model::{Scalar, TypeDef};
use tilec_bytecode::{encode, from_module, read, to_module, Version};
use tilec_ir::text::{module_to_string_with, parse_module_with};
use tilec_ir::{FileId, Module};

const KERNEL: &str = r#"
cuda_tile.module @m {
  entry @k() {
    %a = constant <tf32: 1.5> : tile<2xtf32>
    %b = constant <f8E4M3FN: [1.0, 448.0]> : tile<2xf8E4M3FN>
    %c = constant <f8E5M2: -2.0> : tile<2xf8E5M2>
    %d = constant <f8E8M0FNU: 0.5> : tile<2xf8E8M0FNU>
    %e = constant <f4E2M1FN: [0.5, -6.0]> : tile<2xf4E2M1FN>
    %f = ftof %b : tile<2xf8E4M3FN> -> tile<2xf32>
    %g = ftof %f rounding<zero> : tile<2xf32> -> tile<2xf8E8M0FNU>
    return
  }
}
"#;

fn module(text: &str) -> Module {
    parse_module_with(text, FileId(0), tilec_dialects::syntax::syntaxes()).expect("parses")
}

#[test]
fn each_type_has_its_tag_and_its_constant_bytes() {
    let m = module(KERNEL);
    let bc = from_module(&m, Version::V13_4).expect("writable");
    let bytes = encode(&bc);
    let back = read(&bytes, FileId(0)).expect("readable");
    let scalars: Vec<Scalar> = back
        .types
        .iter()
        .filter_map(|t| match t {
            TypeDef::Scalar(s) => Some(*s),
            _ => None,
        })
        .collect();
    for s in [
        Scalar::TF32,
        Scalar::F8E4M3FN,
        Scalar::F8E5M2,
        Scalar::F8E8M0FNU,
        Scalar::F4E2M1FN,
    ] {
        assert!(scalars.contains(&s), "{s:?} in {scalars:?}");
    }
    // 1.5 in tf32 is f32's 0x3FC00000 without its 13 low bits; f8E4M3FN 1.0 and 448.0 are 0x38
    // and 0x7E; f8E5M2 -2.0 is 0xC0; f8E8M0FNU 0.5 is 2^-1 (0x7E); f4E2M1FN 0.5 and -6.0 are 0x1
    // and 0xF.
    let want: [&[u8]; 5] = [
        &[0x00, 0xFE, 0x01],
        &[0x38, 0x7E],
        &[0xC0],
        &[0x7E],
        &[0x01, 0x0F],
    ];
    assert_eq!(back.constants, want.map(<[u8]>::to_vec).to_vec());
}

#[test]
fn the_module_reads_back_to_itself() {
    let syntaxes = tilec_dialects::syntax::syntaxes();
    let m = module(KERNEL);
    let bc = from_module(&m, Version::V13_4).expect("writable");
    let back = to_module(&read(&encode(&bc), FileId(0)).expect("readable"), FileId(0))
        .unwrap_or_else(|d| panic!("{}", d.0[0].message));
    let (a, b) = (
        module_to_string_with(&m, syntaxes),
        module_to_string_with(&back, syntaxes),
    );
    // The lifted module has no `cuda_tile.module` around its entry; compare the bodies.
    let body = |s: &str| -> Vec<String> {
        s.lines()
            .map(str::trim)
            .filter(|l| l.starts_with('%'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(body(&a), body(&b));
    assert_eq!(body(&a).len(), 7);
}

#[test]
fn a_type_newer_than_the_version_is_refused() {
    let m = module(KERNEL);
    let d = from_module(&m, Version::V13_1).expect_err("f8E8M0FNU needs 13.2");
    let messages: Vec<&str> = d.0.iter().map(|e| e.message.as_str()).collect();
    assert!(
        messages
            .iter()
            .any(|e| e.contains("type 'f8E8M0FNU' needs bytecode 13.2, not 13.1")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|e| e.contains("type 'f4E2M1FN' needs bytecode 13.3, not 13.1")),
        "{messages:?}"
    );
}
