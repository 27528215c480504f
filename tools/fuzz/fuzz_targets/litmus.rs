//! Bytes → the PTX litmus parser (`tilec_litmus::parse_test`) and, for a test it accepts, the
//! decision procedure under ptx-v7.5 and ptx-tilec with a witness. A malformed test must be a
//! diagnostic with an error, never a panic; a parsed test must print as text that parses back to
//! the same printing (docs/litmus.md).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec_ir::SourceMap;
use tilec_litmus::{decide, parse_test, Model, Options};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = SourceMap::new();
    let f = sources.add("fuzz.litmus", text.to_string());
    let test = match parse_test(&sources, f) {
        Ok(t) => t,
        Err(d) => {
            assert!(d.has_errors(), "a rejection without an error");
            let _ = d.render(&sources);
            return;
        }
    };
    let printed = test.to_string();
    let g = sources.add("printed.litmus", printed.clone());
    match parse_test(&sources, g) {
        Ok(again) => assert_eq!(again.to_string(), printed, "printing is not a fixpoint"),
        Err(d) => panic!("the printed test does not parse back:\n{printed}\n{}", d.render(&sources)),
    }
    for model in [Model::PtxV7_5, Model::Tilec] {
        let o = Options {
            bound: 1,
            witness: true,
        };
        let _ = decide(&test, model, &o);
    }
});
