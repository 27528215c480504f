//! `Module::compact`: dead records dropped, handles renumbered in program order, the module
//! printing and verifying as before; and the pass manager compacting between passes.

use tilec_ir::entity::EntityRef;
use tilec_ir::pass::{Pass, PassManager, Timed};
use tilec_ir::text::{module_to_string, parse_module};
use tilec_ir::verify::{verify_structure, Registry};
use tilec_ir::{Diagnostics, FileId, Module, Sym, ValueDef};

const INPUT: &str = r#"
"t.dead"() : () -> ()
%a = "t.def"() {k = 1 : i32} : () -> i32
"t.loop"(%a) ({
^bb0(%i: i32):
  %d = "t.dead_inner"(%i) : (i32) -> i32
  %x, %y = "t.pair"(%i, %a) : (i32, i32) -> (i32, i32)
  "t.br"()[^bb1] : () -> ()
^bb1:
  "t.use"(%x, %y) : (i32, i32) -> ()
}) : (i32) -> ()
"t.dead2"() : () -> ()
"t.end"(%a) : (i32) -> ()
"#;

fn parsed() -> Module {
    parse_module(INPUT, FileId(0)).unwrap_or_else(|d| panic!("{}", d.message))
}

/// Erases every op whose name starts with `t.dead`.
fn erase_dead(m: &mut Module) {
    for op in m.all_ops() {
        if m.op_name(op).as_str().starts_with("t.dead") {
            m.erase_op(op);
        }
    }
}

fn structure_ok(m: &Module) {
    let d = verify_structure(m, &Registry::new());
    assert!(
        !d.has_errors(),
        "{:?}",
        d.0.iter().map(|x| &x.message).collect::<Vec<_>>()
    );
}

#[test]
fn compaction_keeps_the_text_and_drops_dead_records() {
    let mut m = parsed();
    erase_dead(&mut m);
    assert_eq!(m.erased_ops(), 3);
    let before = module_to_string(&m);
    let (ops, values) = (m.op_capacity(), m.value_capacity());
    assert!(m.compact());
    assert_eq!(module_to_string(&m), before);
    assert_eq!(m.op_capacity(), ops - 3);
    assert_eq!(
        m.value_capacity(),
        values - 1,
        "the dead inner op's result is gone"
    );
    assert_eq!(m.erased_ops(), 0);
    structure_ok(&m);
}

#[test]
fn compaction_numbers_in_program_order_with_contiguous_results() {
    let mut m = parsed();
    erase_dead(&mut m);
    assert!(m.compact());
    // Every op handle is its rank in a walk that numbers a block's ops before the blocks nested
    // in them; each op's results follow one another and name it as their definer.
    let names: Vec<&str> = (0..m.op_capacity())
        .map(|i| m.op_name(tilec_ir::Op::new(i)).as_str())
        .collect();
    assert_eq!(
        names,
        ["t.def", "t.loop", "t.end", "t.pair", "t.br", "t.use"]
    );
    for i in 0..m.op_capacity() {
        let op = tilec_ir::Op::new(i);
        for (k, v) in m.results(op).enumerate() {
            assert_eq!(m.value_def(v), ValueDef::Result(op, k as u32));
        }
    }
    let pair = tilec_ir::Op::new(3);
    let first = m.result(pair, 0).index();
    assert_eq!(m.result(pair, 1).index(), first + 1);
}

#[test]
fn a_use_of_an_erased_value_leaves_the_module_as_it_was() {
    // `t.end` uses %a; erasing its definer leaves a use nothing reachable defines (the
    // structural verifier's business): compaction refuses rather than invent a value.
    let mut m = parsed();
    let def = m
        .all_ops()
        .into_iter()
        .find(|&o| m.op_name(o) == Sym::new("t.def"))
        .unwrap();
    m.erase_op(def);
    let (ops, text) = (m.op_capacity(), module_to_string(&m));
    assert!(!m.compact());
    assert_eq!(m.op_capacity(), ops);
    assert_eq!(module_to_string(&m), text);
}

/// Erases the `t.dead*` ops (a lowering leaving them behind).
struct Lower;
impl Pass<()> for Lower {
    fn name(&self) -> &'static str {
        "lower"
    }
    fn run(&self, m: &mut Module, _: &()) -> Diagnostics {
        erase_dead(m);
        Diagnostics::new()
    }
}

#[test]
fn the_pass_manager_compacts_once_a_third_is_dead() {
    let mut m = parsed();
    let ops = m.op_capacity();
    let verify = |m: &Module, _: &()| verify_structure(m, &Registry::new());
    let mut pm = PassManager::new(vec![&Lower]);
    pm.verify_each = Some(&verify);
    let rep = pm.run(&mut m, &());
    assert!(rep.failed_at.is_none());
    // 3 of 9 records erased: not more than a third, so nothing is compacted.
    assert_eq!(ops, 9);
    assert_eq!(m.op_capacity(), 9);
    assert!(rep.timings.iter().all(|t| t.0 != Timed::Compact));

    // One more dead op tips it.
    let src = format!("{INPUT}\"t.dead3\"() : () -> ()\n");
    let mut m = parse_module(&src, FileId(0)).unwrap();
    let rep = pm.run(&mut m, &());
    assert!(rep.failed_at.is_none());
    assert_eq!(m.op_capacity(), 6);
    assert!(rep.timings.iter().any(|t| t.0 == Timed::Compact));
    structure_ok(&m);
}
