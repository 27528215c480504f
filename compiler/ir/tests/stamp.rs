//! `Module::stamp`: the same number while nothing changes the module, a new one after any
//! change, shared by a clone until either changes; and the `Verified` token keyed by it.

use tilec_ir::text::parse_module;
use tilec_ir::verify::{verified, OpInfo, OpTraits, Registry};
use tilec_ir::{AttrData, Diagnostics, FileId, Module, Op, Sym};

fn input() -> Module {
    let text = r#"
"t.a"() : () -> ()
"t.b"() : () -> ()
"#;
    parse_module(text, FileId(0)).unwrap_or_else(|d| panic!("{}", d.message))
}

#[test]
fn the_stamp_holds_while_nothing_changes() {
    let m = input();
    let s = m.stamp();
    let _ = m.top_ops();
    assert_eq!(m.stamp(), s);
}

#[test]
fn every_change_gives_a_new_stamp() {
    let mut m = input();
    let a = m.top_ops()[0];
    let mut seen = vec![m.stamp()];
    let key = Sym::new("k");
    m.set_attr(a, key, AttrData::Unit);
    seen.push(m.stamp());
    m.remove_attr(a, key);
    seen.push(m.stamp());
    m.erase_op(a);
    seen.push(m.stamp());
    m.compact();
    seen.push(m.stamp());
    let mut distinct = seen.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), seen.len(), "{seen:?}");
}

#[test]
fn a_clone_shares_the_stamp_until_either_changes() {
    let mut m = input();
    let s = m.stamp();
    let mut c = m.clone();
    assert_eq!(c.stamp(), s);
    let a = c.top_ops()[0];
    c.erase_op(a);
    let sc = c.stamp();
    assert_ne!(sc, s);
    assert_eq!(m.stamp(), s);
    let b = m.top_ops()[1];
    m.erase_op(b);
    let sm = m.stamp();
    assert!(sm != s && sm != sc);
}

/// A registry where `t.bad` always fails its verifier.
fn registry() -> Registry {
    fn ok(_: &Module, _: Op, _: &mut Diagnostics) {}
    fn bad(m: &Module, op: Op, d: &mut Diagnostics) {
        d.error(m.op_loc(op), "bad op");
    }
    let info = |name, verify| OpInfo {
        name,
        summary: "",
        traits: OpTraits::default(),
        verify,
    };
    let mut r = Registry::new();
    r.register_dialect("t", &[info("t.a", ok), info("t.b", ok), info("t.bad", bad)]);
    r
}

#[test]
fn a_verified_token_holds_until_the_module_changes() {
    let mut m = input();
    let (d, token) = verified(&m, &registry());
    let v = token.expect("the input verifies");
    assert!(d.is_empty());
    assert!(v.holds_for(&m));
    v.check(&m, "the test");
    let c = m.clone();
    assert!(v.holds_for(&c), "a clone has the same content");
    let a = m.top_ops()[0];
    m.set_attr(a, Sym::new("k"), AttrData::Unit);
    assert!(!v.holds_for(&m), "stale after a change");
    assert!(v.holds_for(&c), "the clone did not change");
    assert!(!v.holds_for(&input()), "another module");
}

#[test]
#[should_panic(expected = "print_ptx was given a Verified token that no longer holds")]
fn a_stale_token_panics_with_its_user() {
    let mut m = input();
    let v = verified(&m, &registry()).1.expect("verifies");
    let a = m.top_ops()[0];
    m.erase_op(a);
    v.check(&m, "print_ptx");
}

#[test]
fn a_module_with_errors_gets_no_token() {
    let m = parse_module("\"t.bad\"() : () -> ()\n", FileId(0)).expect("parses");
    let (d, token) = verified(&m, &registry());
    assert!(d.has_errors() && token.is_none());
}
