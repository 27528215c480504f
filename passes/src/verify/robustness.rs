//! "Bad input never panics", tested exhaustively over the catalogs: every registered op of every
//! tilec dialect, with 0 to 4 operands of assorted types, 0 to 2 results, with and without a
//! region, and its attributes absent, of the right kind with edge values, or of the wrong kind,
//! verified on several targets. The verifier may report anything; it must not panic.

use super::legality::verify_legality;
use crate::Cx;
use tilec_dialects::opdef::AttrKind;
use tilec_dialects::target::Target;
use tilec_ir::text::parse_module;
use tilec_ir::FileId;

/// Types of the values ops are fed (block arguments of a holder op).
const TYPES: &[&str] = &[
    "i1",
    "i32",
    "i64",
    "f32",
    "!nv_tileas.ptr<global>",
    "!nv_tileas.ptr<shared_cta>",
    "!nv_tileas.ptr<shared_cluster>",
    "!nv_tileas.ptr<tmem>",
    "!nv_tileaa.tile<!nv_tileaa.ptr<global, i32>>",
    "!nv_tileaa.tile<4x!nv_tileaa.ptr<shared_cluster, f32>>",
    "!nv_tileaa.tile<4xi32>",
    "!nv_tileaa.token",
    "!nv_tileaa.ptr<global, f32>",
    "!cuda_tile.tile<4x!cuda_tile.ptr<f32>>",
    "!cuda_tile.tile<f32>",
    "!cuda_tile.token",
    "!demo.thing",
];

/// Values of the right kind, edge cases included, for variant `i`.
fn value(kind: AttrKind, i: usize) -> String {
    let pick = |xs: &[&str]| xs[i % xs.len()].to_string();
    match kind {
        AttrKind::Sem => pick(&[
            "#mem.sem<weak>",
            "#mem.sem<relaxed>",
            "#mem.sem<acquire>",
            "#mem.sem<release>",
            "#mem.sem<acq_rel>",
            "#mem.sem<sc>",
        ]),
        AttrKind::Scope => pick(&[
            "#mem.scope<cta>",
            "#mem.scope<cluster>",
            "#mem.scope<gpu>",
            "#mem.scope<sys>",
        ]),
        AttrKind::Space => pick(&[
            "#mem.space<global>",
            "#mem.space<shared_cta>",
            "#mem.space<shared_cluster>",
            "#mem.space<tmem>",
            "#mem.space<generic>",
        ]),
        AttrKind::Proxy => pick(&["#mem.proxy<generic>", "#mem.proxy<async>"]),
        AttrKind::Rmw => pick(&["#mem.rmw<add>", "#mem.rmw<exch>"]),
        AttrKind::Int => pick(&[
            "-1 : i32",
            "0 : i32",
            "7 : i64",
            "16 : i32",
            "48 : i32",
            "1099511627776 : i64",
            "-9223372036854775808 : i64",
        ]),
        AttrKind::Number => pick(&["1 : i32", "1.5 : f32", "0 : i1"]),
        AttrKind::Str => pick(&["\"eq\"", "\"\"", "\"tid.x\"", "\"cluster_ctarank\""]),
        AttrKind::DenseI32 => pick(&[
            "array<i32>",
            "array<i32: 1>",
            "array<i32: 5, 1>",
            "array<i32: 0, 1, 2>",
            "array<i32: 0, 99999>",
            "array<i32: -2147483648, 2147483647>",
        ]),
        AttrKind::Bool => pick(&["true", "false"]),
        AttrKind::Type => pick(&["i32", "!nv_tileas.ptr<global>"]),
        AttrKind::Any => pick(&["[i64, i32]", "[]", "\"x\"", "unit"]),
    }
}

/// A module exercising `name` in every shape.
fn module_for(name: &str) -> String {
    let def = tilec_dialects::op_def(tilec_ir::Sym::new(name));
    let specs = def.map(|d| d.attrs).unwrap_or(&[]);
    let args: Vec<String> = TYPES
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    let mut body = String::new();
    let mut n = 0;
    for operands in 0..=4usize {
        for rot in 0..2usize {
            for results in 0..=2usize {
                for region in [false, true] {
                    for attrs in 0..7usize {
                        let idx: Vec<usize> = (0..operands)
                            .map(|k| (k * 5 + rot * 3 + attrs + results) % TYPES.len())
                            .collect();
                        let ops: Vec<String> = idx.iter().map(|i| format!("%a{i}")).collect();
                        let in_t: Vec<&str> = idx.iter().map(|i| TYPES[*i]).collect();
                        let out_t: Vec<&str> = (0..results)
                            .map(|r| TYPES[(r + attrs + rot) % TYPES.len()])
                            .collect();
                        let res: Vec<String> = (0..results).map(|r| format!("%r{n}_{r}")).collect();
                        let dict: Vec<String> = match attrs {
                            0 => Vec::new(),
                            // The wrong kind for every key (a string; a unit for strings).
                            1 => specs
                                .iter()
                                .map(|s| match s.kind {
                                    AttrKind::Str => s.key.to_string(),
                                    _ => format!("{} = \"bogus\"", s.key),
                                })
                                .collect(),
                            v => specs
                                .iter()
                                .map(|s| format!("{} = {}", s.key, value(s.kind, v + n)))
                                .collect(),
                        };
                        let lhs = if res.is_empty() {
                            String::new()
                        } else {
                            format!("{} = ", res.join(", "))
                        };
                        let reg = if region {
                            let y = <tilec_dialects::nv_tileas::Yield as tilec_ir::OpView>::NAME;
                            format!(" ({{\n    \"{y}\"() : () -> ()\n  }})")
                        } else {
                            String::new()
                        };
                        let dict = if dict.is_empty() {
                            String::new()
                        } else {
                            format!(" {{{}}}", dict.join(", "))
                        };
                        body.push_str(&format!(
                            "  {lhs}\"{name}\"({}){reg}{dict} : ({}) -> ({})\n",
                            ops.join(", "),
                            in_t.join(", "),
                            out_t.join(", ")
                        ));
                        n += 1;
                    }
                }
            }
        }
    }
    format!(
        "\"test.holder\"() ({{\n^bb0({}):\n{body}}}) : () -> ()\n",
        args.join(", ")
    )
}

/// Verifies every op of `dialect` in every shape on several targets.
fn exercise(dialect: &str) {
    let targets: Vec<Target> = [("sm_80", None), ("sm_90a", Some("8.0")), ("sm_100a", None)]
        .iter()
        .map(|(t, isa)| {
            let mut t = Target::parse(t).expect("known target");
            t.ptx_isa = isa.map(|v| tilec_dialects::target::PtxIsa::parse(v).expect("isa"));
            t
        })
        .collect();
    let names = tilec_dialects::registry().ops_of(dialect);
    assert!(names.len() > 15, "{dialect} has only {} ops", names.len());
    for name in names {
        let text = module_for(name);
        let m = parse_module(&text, FileId::default())
            .unwrap_or_else(|e| panic!("generated text for {name} parses: {}", e.message));
        for t in &targets {
            // Most shapes are wrong; the verifier must say so, not panic.
            let d = verify_legality(&m, &Cx::new(*t));
            assert!(d.has_errors(), "{name}: nothing reported");
        }
    }
}

// One test per dialect, so the test harness runs them in parallel.
#[test]
fn cuda_tile_ops_never_panic_the_verifier() {
    exercise("cuda_tile")
}
#[test]
fn nv_tileaa_ops_never_panic_the_verifier() {
    exercise("nv_tileaa")
}
#[test]
fn nv_tileas_ops_never_panic_the_verifier() {
    exercise("nv_tileas")
}
#[test]
fn ptx_ops_never_panic_the_verifier() {
    exercise("ptx")
}
