//! Typed views of every ptx op and their accessors. [`PtxMemOp`] gives the memory and sync ops'
//! modifiers and the [`isa`](super::isa) row whose legal sets they must meet (their
//! instruction's, [`super::form::INSTRS`]); [`PtxAccess`] adds what ld/st/atom/red have (space, address).

use super::form::Instr;
use super::isa::Written;
pub use super::ops::*;
use crate::mem::OpFamily;
use crate::opdef::PairOp;
use tilec_ir::{AttrData, Module, OpView, RmwKind, Space, Type, Value};

/// The ptx ops whose modifiers an ISA form constrains: ld, st, atom, red, fence and the sync
/// ops (their pair, where they have one, is [`PairOp`]'s).
pub trait PtxMemOp: OpView {
    /// The key of the `isa::FORMS` row whose legal modifiers this op must use: its
    /// instruction's ([`super::form::INSTRS`]).
    fn form_key(self, m: &Module) -> &'static str {
        Instr::of_op(m.op_name(self.op())).map_or("basic", |i| i.def().isa)
    }
    /// The modifiers it writes, as [`super::isa::Form::check`] reads them.
    fn written(self, m: &Module) -> Written;
}

/// ld / st / atom / red.
pub trait PtxAccess: PtxMemOp + PairOp {
    /// The SYNC-MODEL §1 family (the model's rules for the pair).
    const FAMILY: OpFamily;
    /// The state space.
    fn space(self, m: &Module) -> Option<Space>;
    /// The address register.
    fn addr(self, m: &Module) -> Option<Value> {
        m.operands(self.op()).first().copied()
    }
    /// The rmw operation (atom, red).
    fn kind(self, m: &Module) -> Option<RmwKind>;
}

macro_rules! access {
    (@kind true, $v:ident, $m:ident) => {
        $v.kind($m)
    };
    (@kind false, $v:ident, $m:ident) => {{
        let _ = ($v, $m);
        None
    }};
    ($($view:ident: $family:ident, $has_kind:tt;)*) => {$(
        impl PtxMemOp for $view {
            fn written(self, m: &Module) -> Written {
                Written {
                    sem: self.sem(m),
                    scope: self.scope(m),
                    space: self.space(m),
                    restrict: None,
                    rmw: self.kind(m),
                }
            }
        }
        impl PtxAccess for $view {
            const FAMILY: OpFamily = OpFamily::$family;
            fn space(self, m: &Module) -> Option<Space> {
                $view::space(self, m)
            }
            fn kind(self, m: &Module) -> Option<RmwKind> {
                access!(@kind $has_kind, self, m)
            }
        }
    )*};
}
access! {
    Ld: Load, false;
    St: Store, false;
    Atom: Rmw, true;
    Red: Red, true;
}

impl PtxMemOp for Fence {
    /// `fence.sync_restrict` with a restrict space (its legal sets), else the instruction's.
    fn form_key(self, m: &Module) -> &'static str {
        if self.restrict(m).is_some() {
            "fence.sync_restrict"
        } else {
            Instr::Fence.def().isa
        }
    }
    fn written(self, m: &Module) -> Written {
        Written {
            sem: self.sem(m),
            scope: self.scope(m),
            restrict: self.restrict(m),
            ..Written::default()
        }
    }
}

impl Kernel {
    /// The `.param` types, in order (entries that are not types are skipped).
    pub fn param_type_list(self, m: &Module) -> Vec<Type> {
        match self.param_types(m) {
            Some(AttrData::Array(xs)) => xs
                .iter()
                .filter_map(|a| match m.attr_data(*a) {
                    AttrData::Type(t) => Some(*t),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl MovImm {
    /// The immediate, when it is an integer.
    pub fn int_value(self, m: &Module) -> Option<i64> {
        tilec_ir::FromAttr::from_attr(self.value(m)?)
    }
    /// The immediate, when it is a float.
    pub fn float_value(self, m: &Module) -> Option<f64> {
        tilec_ir::FromAttr::from_attr(self.value(m)?)
    }
}

impl Bra {
    /// The predicate, when the branch is conditional.
    pub fn predicate(self, m: &Module) -> Option<Value> {
        m.operands(self.0).first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::Op;
    use tilec_ir::{MemScope, MemSemantic};

    #[test]
    fn memory_views_name_their_form_and_modifiers() {
        let src = r#"
"ptx.kernel"() ({
  %p = "ptx.ld_param"() {index = 0 : i32} : () -> i64
  %v = "ptx.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<acquire>, mem_scope = #mem.scope<gpu>} : (i64) -> i32
  "ptx.red"(%p, %v) {kind = #mem.rmw<max>, space = #mem.space<global>, mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<sys>} : (i64, i32) -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<release>, mem_scope = #mem.scope<cluster>, restrict = #mem.space<shared_cta>} : () -> ()
  "ptx.fence"() {mem_semantic = #mem.sem<sc>, mem_scope = #mem.scope<gpu>} : () -> ()
  "ptx.bar_sync"() {id = 3 : i32, count = 64 : i32} : () -> ()
  %c = "ptx.setp"(%v, %v) {cmp = "ult"} : (i32, i32) -> i1
  "ptx.bra"(%c) {label = "L1", negate} : (i1) -> ()
  %t = "ptx.mov_sreg"() {reg = "tid.x"} : () -> i32
  "ptx.ret"() : () -> ()
}) {sym_name = "k", param_types = [i64]} : () -> ()
"#;
        let m = tilec_ir::text::parse_module(src, Default::default()).expect("parses");
        let k = Kernel::cast(&m, m.top_ops()[0]).expect("a kernel");
        assert_eq!((k.sym_name(&m), k.num_threads(&m)), ("k", None));
        assert_eq!(k.param_type_list(&m).len(), 1);
        let b: Vec<Op> = m.block_ops(m.region_blocks(m.regions(k.0)[0])[0]).collect();
        assert_eq!(LdParam::cast(&m, b[0]).unwrap().index(&m), Some(0));
        let ld = Ld::cast(&m, b[1]).expect("ld");
        assert_eq!((ld.form_key(&m), Ld::FAMILY), ("ld.sem", OpFamily::Load));
        assert_eq!(
            ld.written(&m),
            Written {
                sem: Some(MemSemantic::Acquire),
                scope: Some(MemScope::Gpu),
                space: Some(Space::Global),
                ..Written::default()
            }
        );
        assert_eq!(ld.addr(&m), Some(m.result(b[0], 0)));
        let red = Red::cast(&m, b[2]).expect("red");
        assert_eq!(red.written(&m).rmw, Some(RmwKind::Max));
        let f = Fence::cast(&m, b[3]).expect("fence");
        assert_eq!(f.form_key(&m), "fence.sync_restrict");
        assert_eq!(f.written(&m).restrict, Some(Space::SharedCta));
        assert_eq!(Fence::cast(&m, b[4]).unwrap().form_key(&m), "fence.sem");
        let bar = BarSync::cast(&m, b[5]).expect("bar_sync");
        assert_eq!((bar.id(&m), bar.count(&m)), (3, Some(64)));
        assert_eq!(Setp::cast(&m, b[6]).unwrap().cmp(&m), Some("ult"));
        let bra = Bra::cast(&m, b[7]).expect("bra");
        assert_eq!(bra.label(&m), Some("L1"));
        assert!(bra.negate(&m) && bra.predicate(&m).is_some());
        assert_eq!(MovSreg::cast(&m, b[8]).unwrap().reg(&m), Some("tid.x"));
    }
}
