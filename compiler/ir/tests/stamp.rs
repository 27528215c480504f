//! `Module::stamp`: the same number while nothing changes the module, a new one after any
//! change, shared by a clone until either changes.

use tilec_ir::text::parse_module;
use tilec_ir::{AttrData, FileId, Module, Sym};

fn input() -> Module {
    let text = r#"
"t.a"() : () -> ()
"t.b"() : () -> ()
"#;
    parse_module(text, FileId(0)).unwrap_or_else(|d| panic!("{}", d.message))
}

#[test]
fn the_stamp_holds_while_nothing_changes() {
    let mut m = input();
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
