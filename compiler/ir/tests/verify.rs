//! The staged verifier: stage 1 (structure and value visibility, no registry needed except to
//! tell SSA regions from graph regions) and stage 2 (registered dialects, terminators, op
//! verifiers).

use tilec_ir::text::parse_module;
use tilec_ir::verify::{verify_module, verify_structure, OpInfo, OpTraits, Registry};
use tilec_ir::{
    AttrData, Diagnostics, Loc, Module, Op, OpSpec, Severity, SourceMap, Sym, WalkControl,
};

// ---- helpers -----------------------------------------------------------------------------------

/// A parsed test input with its source map, so diagnostics can be rendered.
struct Input {
    sm: SourceMap,
    m: Module,
}

fn parse(src: &str) -> Input {
    let mut sm = SourceMap::new();
    let f = sm.add("t.mlir", src);
    match parse_module(src, f) {
        Ok(m) => Input { sm, m },
        Err(d) => panic!("parse failed:\n{}", Diagnostics::from(*d).render(&sm)),
    }
}

/// The first op named `name` in pre-order.
fn find(m: &Module, name: &str) -> Op {
    let s = Sym::new(name);
    m.all_ops()
        .into_iter()
        .find(|&o| m.op_name(o) == s)
        .unwrap_or_else(|| panic!("no op named {name}"))
}

fn messages(d: &Diagnostics) -> Vec<&str> {
    d.0.iter().map(|d| d.message.as_str()).collect()
}

fn no_verify(_: &Module, _: Op, _: &mut Diagnostics) {}

/// `t.op` needs a `value` attribute.
fn verify_t_op(m: &Module, op: Op, d: &mut Diagnostics) {
    if m.get_attr(op, Sym::new("value")).is_none() {
        d.error(m.op_loc(op), "'t.op' requires attribute 'value'");
    }
}

fn info(name: &'static str, terminator: bool, verify: tilec_ir::verify::VerifyFn) -> OpInfo {
    OpInfo {
        name,
        summary: "test op",
        traits: OpTraits {
            terminator,
            pure: false,
            isolated_from_above: name == "t.kernel",
        },
        verify,
    }
}

/// Dialect `t`: `t.term` (terminator), `t.op` (needs `value`), `t.wrap` (a registered op with a
/// region, so its region is an SSA region), `t.kernel` (isolated from above).
fn registry() -> Registry {
    let mut reg = Registry::new();
    reg.register_dialect(
        "t",
        &[
            info("t.term", true, no_verify),
            info("t.op", false, verify_t_op),
            info("t.wrap", false, no_verify),
            info("t.kernel", false, no_verify),
        ],
    );
    reg
}

// ---- registry ----------------------------------------------------------------------------------

#[test]
fn registry_lookups() {
    let reg = registry();
    assert!(reg.has_dialect("t"));
    assert!(!reg.has_dialect("u"));
    assert_eq!(reg.ops_of("t"), ["t.kernel", "t.op", "t.term", "t.wrap"]);
    assert!(reg.ops_of("u").is_empty());
    let term = reg.op(Sym::new("t.term")).expect("registered");
    assert!(term.traits.terminator);
    assert!(reg.op(Sym::new("t.nope")).is_none());
}

// ---- stage 1 -----------------------------------------------------------------------------------

#[test]
fn well_formed_input_has_no_findings() {
    let inp = parse(
        r#"
%a = "u.def"() : () -> i32
"t.wrap"() ({
^bb0(%arg: i32):
  %b = "u.add"(%a, %arg) : (i32, i32) -> i32
  "u.inner"() ({
    "u.use"(%a, %b, %arg) : (i32, i32, i32) -> ()
  }) : () -> ()
  "t.op"(%b) {value = 1 : i32} : (i32) -> ()
  "t.term"() : () -> ()
}) : () -> ()
"#,
    );
    assert!(verify_structure(&inp.m, &registry()).is_empty());
    assert!(verify_module(&inp.m, &registry()).is_empty());
}

#[test]
fn use_from_a_sibling_region_is_not_visible_and_notes_the_definition() {
    let mut inp = parse(
        r#"
%y = "u.top"() : () -> i32
"u.two"() ({
  %x = "u.def"() : () -> i32
}, {
  "u.use"(%y) : (i32) -> ()
}) : () -> ()
"#,
    );
    // The parser scopes names per region, so make the bad use through the API.
    let m = &mut inp.m;
    let (def, user) = (find(m, "u.def"), find(m, "u.use"));
    let x = m.result(def, 0);
    m.set_operand(user, 0, x);

    let d = verify_structure(m, &Registry::new());
    assert_eq!(
        messages(&d),
        ["operand #0 of 'u.use' is not visible here (defined in a region that does not enclose this op)"]
    );
    assert_eq!(d.0[0].loc, m.op_loc(user));
    assert_eq!(
        d.0[0].notes,
        [(m.value_loc(x), "the value is defined here".to_string())]
    );
    let text = d.render(&inp.sm);
    assert!(
        text.contains("t.mlir:6:3: error: operand #0 of 'u.use'"),
        "{text}"
    );
    assert!(
        text.contains("t.mlir:4:3: note: the value is defined here"),
        "{text}"
    );

    // verify_module runs stage 1 too.
    assert_eq!(verify_module(m, &Registry::new()), d);
}

#[test]
fn use_of_a_value_from_inside_a_nested_region_is_not_visible_outside() {
    let mut inp = parse(
        r#"
%y = "u.top"() : () -> i32
"u.holder"() ({
  %x = "u.def"() : () -> i32
}) : () -> ()
"u.use"(%y) : (i32) -> ()
"#,
    );
    let m = &mut inp.m;
    let x = m.result(find(m, "u.def"), 0);
    let user = find(m, "u.use");
    m.set_operand(user, 0, x);
    let d = verify_structure(m, &Registry::new());
    assert_eq!(d.0.len(), 1, "{:?}", messages(&d));
    assert!(
        d.0[0].message.contains("is not visible here"),
        "{:?}",
        messages(&d)
    );
}

const USE_BEFORE_DEF: &str = r#"
"t.wrap"() ({
  "u.use"(%v) : (i32) -> ()
  %v = "u.def"() : () -> i32
  "t.term"() : () -> ()
}) : () -> ()
"#;

#[test]
fn use_before_def_in_a_registered_ops_region_is_an_error() {
    let inp = parse(USE_BEFORE_DEF);
    let d = verify_structure(&inp.m, &registry());
    assert_eq!(
        messages(&d),
        ["operand #0 of 'u.use' is used before it is defined"]
    );
    assert_eq!(d.0[0].severity, Severity::Error);
    let text = d.render(&inp.sm);
    assert!(
        text.contains("t.mlir:3:3: error: operand #0 of 'u.use' is used before it is defined"),
        "{text}"
    );
    assert!(
        text.contains("t.mlir:4:3: note: the value is defined here"),
        "{text}"
    );
}

#[test]
fn use_before_def_in_an_unregistered_ops_region_is_a_graph_region() {
    let inp = parse(&USE_BEFORE_DEF.replace("t.wrap", "u.graph"));
    assert!(verify_structure(&inp.m, &registry()).is_empty());
    // With an empty registry even `t.wrap` is unregistered.
    let inp = parse(USE_BEFORE_DEF);
    assert!(verify_structure(&inp.m, &Registry::new()).is_empty());
}

#[test]
fn use_before_def_at_top_level_is_an_error() {
    let inp = parse(
        r#"
"u.use"(%v) : (i32) -> ()
%v = "u.def"() : () -> i32
"#,
    );
    let d = verify_structure(&inp.m, &Registry::new());
    assert_eq!(
        messages(&d),
        ["operand #0 of 'u.use' is used before it is defined"]
    );
}

#[test]
fn cross_block_forward_use_in_a_region_is_accepted() {
    let inp = parse(
        r#"
"t.wrap"() ({
^bb0(%a: i32):
  "u.br"()[^bb2] : () -> ()
^bb1:
  "u.use"(%later, %a, %b) : (i32, i32, i32) -> ()
  "t.term"() : () -> ()
^bb2:
  %later = "u.def"() : () -> i32
  "u.br"()[^bb3] : () -> ()
^bb3(%b: i32):
  "t.term"() : () -> ()
}) : () -> ()
"#,
    );
    let d = verify_structure(&inp.m, &registry());
    assert!(d.is_empty(), "{}", d.render(&inp.sm));
}

#[test]
fn every_stage1_error_is_collected() {
    let inp = parse(
        r#"
"t.wrap"() ({
  "u.first"(%v) : (i32) -> ()
  "u.second"(%w, %v) : (i32, i32) -> ()
  %v = "u.def"() : () -> i32
  %w = "u.def2"() : () -> i32
}) : () -> ()
"#,
    );
    let d = verify_structure(&inp.m, &registry());
    assert_eq!(
        messages(&d),
        [
            "operand #0 of 'u.first' is used before it is defined",
            "operand #0 of 'u.second' is used before it is defined",
            "operand #1 of 'u.second' is used before it is defined",
        ]
    );
    assert!(d.0.iter().all(|d| d.notes.len() == 1));
}

#[test]
fn result_of_a_detached_op_is_not_visible() {
    let mut inp = parse(
        r#"
%y = "u.top"() : () -> i32
"u.use"(%y) : (i32) -> ()
"#,
    );
    let m = &mut inp.m;
    let i32t = m.int_type(32);
    let attrs = m.empty_dict();
    let floating = m.create_op(OpSpec {
        name: Sym::new("u.floating"),
        operands: vec![],
        results: vec![i32t],
        attrs,
        regions: 0,
        successors: vec![],
        loc: Loc::default(),
    });
    let user = find(m, "u.use");
    let v = m.result(floating, 0);
    m.set_operand(user, 0, v);
    let d = verify_structure(m, &Registry::new());
    assert_eq!(d.0.len(), 1, "{:?}", messages(&d));
    assert!(d.0[0].message.starts_with("operand #0 of 'u.use'"));
}

#[test]
fn nested_use_before_def_in_a_registered_region_is_an_error() {
    // `%v` is defined after the inner `t.wrap`, so it does not dominate the use in its region
    // (MLIR: "operand #0 does not dominate this use"). At top level the same shape is rejected
    // (see `nested_use_before_def_at_top_level_is_an_error`); inside `t.wrap`'s SSA region it is
    // accepted, because `%v` is marked visible region-wide and the use is in another block.
    let inp = parse(
        r#"
"t.wrap"() ({
  "t.wrap"() ({
    "u.use"(%v) : (i32) -> ()
    "t.term"() : () -> ()
  }) : () -> ()
  %v = "u.def"() : () -> i32
  "t.term"() : () -> ()
}) : () -> ()
"#,
    );
    let d = verify_structure(&inp.m, &registry());
    assert_eq!(d.0.len(), 1, "{:?}", messages(&d));
}

#[test]
fn nested_use_before_def_at_top_level_is_an_error() {
    let inp = parse(
        r#"
"u.holder"() ({
  "u.use"(%v) : (i32) -> ()
}) : () -> ()
%v = "u.def"() : () -> i32
"#,
    );
    let d = verify_structure(&inp.m, &registry());
    assert_eq!(d.0.len(), 1, "{:?}", messages(&d));
}

#[test]
fn stage1_handles_a_100k_deep_region_chain() {
    const DEPTH: usize = 100_000;
    let mut m = Module::new();
    let i32t = m.int_type(32);
    let empty = m.empty_dict();
    let spec = |name: &str, operands, results, regions| OpSpec {
        name: Sym::new(name),
        operands,
        results,
        attrs: empty,
        regions,
        successors: vec![],
        loc: Loc::default(),
    };
    let top = m.create_op(spec("u.top", vec![], vec![i32t], 0));
    let body = m.body();
    m.append_op(body, top);
    let v = m.result(top, 0);
    let mut block = body;
    for _ in 0..DEPTH {
        let op = m.create_op(spec("u.nest", vec![v], vec![], 1));
        m.append_op(block, op);
        let r = m.regions(op)[0];
        block = m.append_block(r, &[]);
    }
    let leaf = m.create_op(spec("u.leaf", vec![v], vec![], 0));
    m.append_op(block, leaf);
    assert!(verify_structure(&m, &Registry::new()).is_empty());
    assert!(verify_module(&m, &registry()).is_empty());
}

// ---- stage 2 -----------------------------------------------------------------------------------

#[test]
fn unknown_op_of_a_registered_dialect_is_an_error() {
    let inp = parse(
        r#"
"t.nope"() : () -> ()
"#,
    );
    let d = verify_module(&inp.m, &registry());
    assert_eq!(messages(&d), ["unknown op 't.nope' in dialect 't'"]);
    assert_eq!(d.0[0].loc, inp.m.op_loc(find(&inp.m, "t.nope")));
    let text = d.render(&inp.sm);
    assert!(
        text.starts_with("t.mlir:2:1: error: unknown op 't.nope' in dialect 't'\n"),
        "{text}"
    );
}

#[test]
fn ops_of_unregistered_dialects_pass() {
    let inp = parse(
        r#"
"other.thing"() ({
  "other.inner"() : () -> ()
  "tt.op"() : () -> ()
}) : () -> ()
"#,
    );
    assert!(verify_module(&inp.m, &registry()).is_empty());
}

#[test]
fn terminator_must_be_last_in_its_block() {
    let inp = parse(
        r#"
"t.wrap"() ({
  "t.term"() : () -> ()
  "t.op"() {value = 1 : i32} : () -> ()
}) : () -> ()
"t.wrap"() ({
  "t.op"() {value = 2 : i32} : () -> ()
  "t.term"() : () -> ()
}) : () -> ()
"#,
    );
    let d = verify_module(&inp.m, &registry());
    assert_eq!(messages(&d), ["'t.term' must be the last op of its block"]);
    let text = d.render(&inp.sm);
    assert!(text.starts_with("t.mlir:3:3: error: "), "{text}");
}

#[test]
fn op_verifier_errors_are_reported_for_every_bad_op() {
    let inp = parse(
        r#"
"t.op"() : () -> ()
"t.op"() {value = 1 : i32} : () -> ()
"t.wrap"() ({
  "t.op"() : () -> ()
  "t.op"() {other = 1 : i32} : () -> ()
  "t.term"() : () -> ()
}) : () -> ()
"t.nope"() : () -> ()
"#,
    );
    let d = verify_module(&inp.m, &registry());
    assert_eq!(
        messages(&d),
        [
            "'t.op' requires attribute 'value'",
            "'t.op' requires attribute 'value'",
            "'t.op' requires attribute 'value'",
            "unknown op 't.nope' in dialect 't'",
        ]
    );
    let lines: Vec<usize> =
        d.0.iter()
            .map(|d| inp.sm.line_col(d.loc.file, d.loc.start).0)
            .collect();
    assert_eq!(lines, [2, 5, 6, 9]);
}

#[test]
fn op_verifiers_see_attributes_set_through_the_api() {
    let mut inp = parse(
        r#"
"t.op"() : () -> ()
"#,
    );
    assert_eq!(verify_module(&inp.m, &registry()).0.len(), 1);
    let op = find(&inp.m, "t.op");
    inp.m.set_attr(op, Sym::new("value"), AttrData::Unit);
    assert!(verify_module(&inp.m, &registry()).is_empty());
}

#[test]
fn stage2_does_not_run_when_stage1_fails() {
    let inp = parse(
        r#"
"t.nope"() : () -> ()
"u.use"(%v) : (i32) -> ()
%v = "u.def"() : () -> i32
"#,
    );
    let d = verify_module(&inp.m, &registry());
    assert_eq!(
        messages(&d),
        ["operand #0 of 'u.use' is used before it is defined"]
    );
}

#[test]
fn erased_ops_are_not_verified() {
    let mut inp = parse(
        r#"
"t.nope"() : () -> ()
"t.op"() {value = 1 : i32} : () -> ()
"#,
    );
    let bad = find(&inp.m, "t.nope");
    inp.m.erase_op(bad);
    assert!(verify_module(&inp.m, &registry()).is_empty());
    let mut count = 0;
    inp.m.walk(&mut |_| {
        count += 1;
        WalkControl::Continue
    });
    assert_eq!(count, 1);
}

// ---- isolated from above -----------------------------------------------------------------------

#[test]
fn an_isolated_op_sees_only_what_it_defines() {
    let inp = parse(
        r#"
%a = "u.def"() : () -> i32
"t.kernel"() ({
^bb0(%arg: i32):
  %b = "u.add"(%arg, %arg) : (i32, i32) -> i32
  "t.wrap"() ({
    %c = "u.add"(%a, %b) : (i32, i32) -> i32
    "t.term"() : () -> ()
  }) : () -> ()
  "t.term"() : () -> ()
}) : () -> ()
"#,
    );
    let d = verify_module(&inp.m, &registry());
    let errors: Vec<&str> = d.0.iter().map(|x| x.message.as_str()).collect();
    // `%a` is outside; `%arg` and `%b` (also used in a nested region) are inside.
    assert_eq!(
        errors,
        ["operand #0 of 'u.add' is defined outside the enclosing 't.kernel', which is isolated from above (it sees only its arguments and what it defines)"]
    );
}
