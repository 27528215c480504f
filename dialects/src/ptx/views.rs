//! Typed views of every ptx op and their accessors. [`PtxMemOp`] gives the memory and sync ops'
//! modifiers and the [`isa`](super::isa) row whose legal sets they must meet (their
//! instruction's, [`super::form::INSTRS`]); [`PtxAccess`] adds what ld/st/atom/red have (space, address).

use super::form::Instr;
use super::isa::Written;
use crate::mem::OpFamily;
use crate::opdef::views;
use tilec_ir::{sym, AttrData, MemScope, MemSemantic, Module, OpView, RmwKind, Space, Type, Value};

views!(
    Kernel = "ptx.kernel",
    LdParam = "ptx.ld_param",
    CvtaGlobal = "ptx.cvta_global",
    MovSreg = "ptx.mov_sreg",
    MovImm = "ptx.mov_imm",
    SharedDecl = "ptx.shared_decl",
    SharedAddr = "ptx.shared_addr",
    Cvt = "ptx.cvt",
    MadWide = "ptx.mad_wide",
    Binary = "ptx.binary",
    Setp = "ptx.setp",
    Bra = "ptx.bra",
    Label = "ptx.label",
    Ld = "ptx.ld",
    St = "ptx.st",
    Atom = "ptx.atom",
    Red = "ptx.red",
    Fence = "ptx.fence",
    BarSync = "ptx.bar_sync",
    Ret = "ptx.ret",
    Reg = "ptx.reg",
    Mov = "ptx.mov",
);

/// The ptx ops whose modifiers an ISA form constrains: ld, st, atom, red, fence.
pub trait PtxMemOp: OpView {
    /// The semantic.
    fn sem(self, m: &Module) -> Option<MemSemantic> {
        m.attr_as(self.op(), sym!("mem_semantic"))
    }
    /// The scope.
    fn scope(self, m: &Module) -> Option<MemScope> {
        m.attr_as(self.op(), sym!("mem_scope"))
    }
    /// The key of the `isa::FORMS` row whose legal modifiers this op must use: its
    /// instruction's ([`super::form::INSTRS`]).
    fn form_key(self, m: &Module) -> &'static str {
        Instr::of_op(m.op_name(self.op())).map_or("basic", |i| i.def().isa)
    }
    /// The modifiers it writes, as [`super::isa::Form::check`] reads them.
    fn written(self, m: &Module) -> Written;
}

/// ld / st / atom / red.
pub trait PtxAccess: PtxMemOp {
    /// The SYNC-MODEL §1 family (the model's rules for the pair).
    const FAMILY: OpFamily;
    /// The state space.
    fn space(self, m: &Module) -> Option<Space> {
        m.attr_as(self.op(), sym!("space"))
    }
    /// The address register.
    fn addr(self, m: &Module) -> Option<Value> {
        m.operands(self.op()).first().copied()
    }
    /// The rmw operation (atom, red).
    fn kind(self, m: &Module) -> Option<RmwKind>;
}

macro_rules! access {
    ($($view:ident: $family:ident, $has_kind:literal;)*) => {$(
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
            fn kind(self, m: &Module) -> Option<RmwKind> {
                if $has_kind {
                    m.attr_as(self.0, sym!("kind"))
                } else {
                    None
                }
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

impl Fence {
    /// The `restrict` space (`.sync_restrict::…`), if any.
    pub fn restrict(self, m: &Module) -> Option<Space> {
        m.attr_as(self.0, sym!("restrict"))
    }
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

impl BarSync {
    /// The barrier id (0 when absent).
    pub fn id(self, m: &Module) -> i64 {
        m.attr_as(self.0, sym!("id")).unwrap_or(0)
    }
    /// The participating thread count (None: every thread of the CTA).
    pub fn count(self, m: &Module) -> Option<i64> {
        m.attr_as(self.0, sym!("count"))
    }
}

impl Kernel {
    /// The kernel name.
    pub fn sym_name(self, m: &Module) -> String {
        m.attr_as::<String>(self.0, sym!("sym_name"))
            .unwrap_or_default()
    }
    /// `num_threads` (`.reqntid`), when given.
    pub fn num_threads(self, m: &Module) -> Option<i64> {
        m.attr_as(self.0, sym!("num_threads"))
    }
    /// The `.param` types, in order (entries that are not types are skipped).
    pub fn param_types(self, m: &Module) -> Vec<Type> {
        match m.get_attr(self.0, sym!("param_types")) {
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

/// One attribute read by a named accessor.
macro_rules! attr {
    ($($view:ident :: $acc:ident -> $t:ty = $key:literal, $doc:literal;)*) => {$(
        impl $view {
            #[doc = $doc]
            pub fn $acc(self, m: &Module) -> Option<$t> {
                m.attr_as(self.0, sym!($key))
            }
        }
    )*};
}
pub(super) use attr;
attr! {
    LdParam::index -> i64 = "index", "The parameter read.";
    MovSreg::reg -> String = "reg", "The special register, without `%` (`tid.x`).";
    MovImm::int_value -> i64 = "value", "The immediate, when it is an integer.";
    MovImm::float_value -> f64 = "value", "The immediate, when it is a float.";
    SharedDecl::symbol -> String = "symbol", "The declared symbol.";
    SharedDecl::size -> i64 = "size", "The size in bytes.";
    SharedDecl::align -> i64 = "align", "The alignment in bytes, when given.";
    SharedAddr::symbol -> String = "symbol", "The symbol whose address is taken.";
    MadWide::imm -> i64 = "imm", "The immediate multiplier.";
    Binary::opcode -> String = "opcode", "The opcode (`add`, `shr.u`, …).";
    Setp::comparison -> String = "cmp", "The comparison, attribute `cmp` (`lt`, `ult`, `olt`, …).";
    Bra::label -> String = "label", "The target label.";
    Label::name -> String = "name", "The label's name.";
}

impl Cvt {
    /// Sign-extends when widening (zero-extends otherwise).
    pub fn signed(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("signed")).is_some()
    }
}

impl Bra {
    /// True for `@!p bra`.
    pub fn negate(self, m: &Module) -> bool {
        m.get_attr(self.0, sym!("negate")).is_some()
    }
    /// The predicate, when the branch is conditional.
    pub fn predicate(self, m: &Module) -> Option<Value> {
        m.operands(self.0).first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tilec_ir::Op;

    #[test]
    fn every_op_has_a_view_and_every_view_an_op() {
        let all = [VIEWS, super::super::sync::VIEWS].concat();
        let bad = crate::opdef::view_mismatches(&super::super::ops(), &all);
        assert!(bad.is_empty(), "{bad:#?}");
    }

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
        assert_eq!((k.sym_name(&m), k.num_threads(&m)), ("k".to_string(), None));
        assert_eq!(k.param_types(&m).len(), 1);
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
        assert_eq!(
            Setp::cast(&m, b[6]).unwrap().comparison(&m).as_deref(),
            Some("ult")
        );
        let bra = Bra::cast(&m, b[7]).expect("bra");
        assert_eq!(bra.label(&m).as_deref(), Some("L1"));
        assert!(bra.negate(&m) && bra.predicate(&m).is_some());
        assert_eq!(
            MovSreg::cast(&m, b[8]).unwrap().reg(&m).as_deref(),
            Some("tid.x")
        );
    }
}
