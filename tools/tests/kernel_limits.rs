//! Kernel parameter space (issue 14): ptxas takes up to 4352 bytes of parameters at any PTX
//! ISA, up to 32764 from PTX ISA 8.1 ("Feature 'Kernel parameter size larger than 4352 bytes'
//! requires PTX ISA .version 8.1 or later"; "uses too much parameter space (…, 0x7ffc max)").
//! tilec raises `.version` for the former, and rejects the latter with a located error.

use tilec::{compile, Options};
use tilec_tools::cli::target;

/// A kernel with `n` global pointer parameters (8 bytes each).
fn kernel(n: usize) -> String {
    let args: Vec<String> = (0..n)
        .map(|i| format!("%p{i}: !nv_tileas.ptr<global>"))
        .collect();
    format!(
        "\"nv_tileas.kernel\"() ({{\n^bb0({}):\n  \"nv_tileas.return\"() : () -> ()\n}}) {{sym_name = \"k\", num_threads = 128 : i32}} : () -> ()\n",
        args.join(", ")
    )
}

#[test]
fn more_than_4352_bytes_of_parameters_need_ptx_81() {
    let out = compile(&kernel(545), "k.mlir", &Options::default()).expect("545 pointers compile");
    assert!(
        out.text.contains(".version 8.1"),
        "{}",
        out.text.lines().take(8).collect::<Vec<_>>().join("\n")
    );
    let small = compile(&kernel(544), "k.mlir", &Options::default()).expect("544 pointers compile");
    assert!(small.text.contains(".version 8.0"));
    let capped = Options {
        target: target("sm_90a", Some("8.0")).expect("a target"),
        ..Options::default()
    };
    let err = compile(&kernel(545), "k.mlir", &capped).expect_err("PTX ISA 8.0 cannot");
    let msg = format!("{:?}", err.diags);
    assert!(
        msg.contains("with more than 4352 bytes of parameters needs PTX ISA 8.1"),
        "{msg}"
    );
}

#[test]
fn more_than_32764_bytes_of_parameters_are_an_error() {
    let err = compile(&kernel(4096), "k.mlir", &Options::default()).expect_err("32768 bytes");
    let msg = format!("{:?}", err.diags);
    assert!(
        msg.contains("the kernel's parameters take 32768 bytes; PTX allows at most 32764"),
        "{msg}"
    );
    compile(&kernel(4095), "k.mlir", &Options::default()).expect("32760 bytes compile");
}
