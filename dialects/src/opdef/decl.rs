//! `ops!`: one declaration per op, from which everything else about the op is generated.
//!
//! A dialect declares each op once:
//!
//! ```text
//! ops! {
//!     dialect: "nv_tileas";
//!     /// `%tid`.
//!     ThreadId = "thread_id", "%tid", (N(0), N(1), 0) {
//!         attrs: [dim: opt Int = 0],
//!         checks: [check_sreg],
//!     }
//!     Kernel = "kernel", "a SIMT kernel", (N(0), N(0), 1) {
//!         traits: [isolated],
//!         attrs: [sym_name: req Str, num_threads: opt Int = 128],
//!         checks: [check_kernel_name, check_kernel],
//!     }
//! }
//! ```
//!
//! `(operands, results, regions)` are the counts ([`super::Arity`]); `traits` are `terminator`
//! and `isolated`; each attribute is `key: req|opt Type` with a type of [`super::kind`] and, for
//! optional ones, an optional default; `checks` run after the generic ones; `form` names the
//! `ptx::isa` row an op that is no instruction form needs; `instr` the `ptx::form::Instr` a ptx
//! op prints as, or an nv_tileas op is lowered to (the form hook). The expansion is:
//!
//! - the typed view (`ThreadId`, an [`tilec_ir::OpView`] whose `NAME` is the op-name constant);
//! - per attribute: the key constant (`ThreadId::DIM`), a typed getter (`dim(m)`: the value, or
//!   its default) and a setter (`set_dim(m, v)`; `None` removes an optional one); the memory
//!   pair (`mem_semantic`, `mem_scope`) instead implements [`super::PairOp`] for the view;
//! - `OpKind`, the dialect's op-kind enum (`OpKind::of(m, op)` to dispatch without strings);
//! - `DEFS`, the catalog rows the generic verifier checks ([`super::OpDef`]), and `ops()`.
//!
//! So the catalog row, the view, the accessors and the kind cannot disagree: they are one text.

/// Declares a dialect's ops (see the module documentation).
macro_rules! ops {
    (
        dialect: $d:literal;
        $(
            $(#[$meta:meta])*
            $V:ident = $op:literal, $summary:literal, ($operands:expr, $results:expr, $regions:literal) {
                $(traits: [$($tr:ident),* $(,)?],)?
                $(attrs: [$($key:ident: $rq:ident $ty:ident $(= $default:expr)?),* $(,)?],)?
                $(checks: [$($check:expr),* $(,)?],)?
                $(form: $form:literal,)?
                $(instr: $instr:ident,)?
            }
        )*
    ) => {
        $(
            tilec_ir::op_view!(
                #[doc = concat!("`", $d, ".", $op, "`: ", $summary, ".")]
                $(#[$meta])*
                $V,
                concat!($d, ".", $op)
            );
            $($($crate::opdef::decl_attr!($V $key $rq $ty $(= $default)?);)*)?
        )*

        /// The ops of this dialect, one variant per op (dispatch with [`OpKind::of`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum OpKind {
            $(
                #[doc = concat!("`", $d, ".", $op, "`.")]
                $V,
            )*
        }

        impl OpKind {
            /// Every kind, in declaration order.
            pub const ALL: &'static [OpKind] = &[$(OpKind::$V),*];
            /// The full op name (`dialect.op`).
            pub fn name(self) -> &'static str {
                DEFS[self as usize].name
            }
            /// The op name without the dialect prefix.
            pub fn short_name(self) -> &'static str {
                match self {
                    $(OpKind::$V => $op,)*
                }
            }
            /// The PTX instruction this op prints as (ptx) or is lowered to (nv_tileas): its form
            /// hook, from the declaration's `instr:`.
            pub fn instr(self) -> Option<$crate::ptx::form::Instr> {
                match self {
                    $(OpKind::$V => $crate::opdef::decl_instr!($($instr)?),)*
                }
            }
            /// The catalog row.
            pub fn def(self) -> &'static $crate::opdef::OpDef {
                &DEFS[self as usize]
            }
            /// The kind of the op named `name`, if it is one of this dialect.
            pub fn of_name(name: tilec_ir::Sym) -> Option<OpKind> {
                static TABLE: std::sync::OnceLock<rustc_hash::FxHashMap<tilec_ir::Sym, OpKind>> =
                    std::sync::OnceLock::new();
                TABLE
                    .get_or_init(|| {
                        DEFS.iter()
                            .zip(OpKind::ALL)
                            .map(|(d, k)| (tilec_ir::Sym::new(d.name), *k))
                            .collect()
                    })
                    .get(&name)
                    .copied()
            }
            /// The kind of `op`, if it is an op of this dialect.
            pub fn of(m: &tilec_ir::Module, op: tilec_ir::Op) -> Option<OpKind> {
                OpKind::of_name(m.op_name(op))
            }
        }

        /// The catalog: one row per op, in [`OpKind`] order.
        pub const DEFS: &[$crate::opdef::OpDef] = &[$(
            $crate::opdef::OpDef {
                attrs: &[$($($crate::opdef::AttrSpec {
                    key: stringify!($key),
                    kind: <$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::KIND,
                    required: $crate::opdef::decl_required!($rq),
                }),*)?],
                checks: {
                    const C: &[$crate::opdef::CheckFn] = &[$($($check),*)?];
                    C
                },
                form: $crate::opdef::decl_form!($($form)?),
                ..$crate::opdef::def(concat!($d, ".", $op), $summary, $operands, $results, $regions)
            }
            $($(.$tr())*)?
        ),*];

        /// Every op of the dialect (the catalog rows).
        pub fn ops() -> Vec<$crate::opdef::OpDef> {
            DEFS.to_vec()
        }
    };
}
pub(crate) use ops;

/// `req` → true, `opt` → false.
macro_rules! decl_required {
    (req) => {
        true
    };
    (opt) => {
        false
    };
}
pub(crate) use decl_required;

/// The optional `form:` of a declaration.
macro_rules! decl_form {
    () => {
        None
    };
    ($f:literal) => {
        Some($f)
    };
}
pub(crate) use decl_form;

/// The optional `instr:` of a declaration.
macro_rules! decl_instr {
    () => {
        None
    };
    ($i:ident) => {
        Some($crate::ptx::form::Instr::$i)
    };
}
pub(crate) use decl_instr;

/// The key constant, getter and setter of one declared attribute.
macro_rules! decl_attr {
    // The memory pair is read and written through [`super::PairOp`] (one accessor for every
    // op that has it), so its keys give the constants and the trait, not own accessors.
    ($V:ident mem_semantic $rq:ident Sem) => {
        $crate::opdef::decl_attr!(@key $V mem_semantic Sem);
        impl $crate::opdef::PairOp for $V {
            fn pair_op(self) -> tilec_ir::Op {
                self.0
            }
        }
    };
    ($V:ident mem_scope $rq:ident Scope) => {
        $crate::opdef::decl_attr!(@key $V mem_scope Scope);
    };
    ($V:ident $key:ident opt Flag) => {
        pastey::paste! {
            impl $V {
                #[doc = concat!("Key of the `", stringify!($key), "` attribute.")]
                pub const [<$key:upper>]: &'static str = stringify!($key);
                #[doc = concat!("Whether the `", stringify!($key), "` flag is present.")]
                pub fn $key(self, m: &tilec_ir::Module) -> bool {
                    m.get_attr(self.0, tilec_ir::sym!(stringify!($key))).is_some()
                }
                #[doc = concat!("Sets or clears the `", stringify!($key), "` flag.")]
                pub fn [<set_ $key>](self, m: &mut tilec_ir::Module, on: bool) {
                    let key = tilec_ir::sym!(stringify!($key));
                    if on {
                        m.set_attr(self.0, key, tilec_ir::AttrData::Unit);
                    } else {
                        m.remove_attr(self.0, key);
                    }
                }
            }
        }
    };
    ($V:ident $key:ident opt $ty:ident = $default:expr) => {
        $crate::opdef::decl_attr!(@key $V $key $ty);
        $crate::opdef::decl_attr!(@get_or $V $key $ty $default);
        $crate::opdef::decl_attr!(@set_opt $V $key $ty);
    };
    ($V:ident $key:ident req $ty:ident = $default:expr) => {
        $crate::opdef::decl_attr!(@key $V $key $ty);
        $crate::opdef::decl_attr!(@get_or $V $key $ty $default);
        $crate::opdef::decl_attr!(@set_req $V $key $ty);
    };
    ($V:ident $key:ident opt $ty:ident) => {
        $crate::opdef::decl_attr!(@key $V $key $ty);
        $crate::opdef::decl_attr!(@get $V $key $ty);
        $crate::opdef::decl_attr!(@set_opt $V $key $ty);
    };
    ($V:ident $key:ident req $ty:ident) => {
        $crate::opdef::decl_attr!(@key $V $key $ty);
        $crate::opdef::decl_attr!(@get $V $key $ty);
        $crate::opdef::decl_attr!(@set_req $V $key $ty);
    };
    (@get_or $V:ident $key:ident $ty:ident $default:expr) => {
        impl $V {
            #[doc = concat!("The `", stringify!($key), "` attribute (`", stringify!($default), "` when absent or ill-typed).")]
            pub fn $key(self, m: &tilec_ir::Module) -> <$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::Get<'_> {
                m.get_attr(self.0, tilec_ir::sym!(stringify!($key)))
                    .and_then(<$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::read)
                    .unwrap_or($default)
            }
        }
    };
    (@set_req $V:ident $key:ident $ty:ident) => {
        pastey::paste! {
            impl $V {
                #[doc = concat!("Sets the `", stringify!($key), "` attribute.")]
                pub fn [<set_ $key>](
                    self,
                    m: &mut tilec_ir::Module,
                    v: <$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::Set,
                ) {
                    let a = <$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::write(m, v);
                    m.set_attr(self.0, tilec_ir::sym!(stringify!($key)), a);
                }
            }
        }
    };
    // `name` would give `NAME`, the op-name constant of every view (`OpView::NAME`).
    (@key $V:ident name $ty:ident) => {
        impl $V {
            /// Key of the `name` attribute (`NAME` is the op's name).
            pub const NAME_KEY: &'static str = "name";
        }
    };
    (@key $V:ident $key:ident $ty:ident) => {
        pastey::paste! {
            impl $V {
                #[doc = concat!("Key of the `", stringify!($key), "` attribute.")]
                pub const [<$key:upper>]: &'static str = stringify!($key);
            }
        }
    };
    (@get $V:ident $key:ident $ty:ident) => {
        impl $V {
            #[doc = concat!("The `", stringify!($key), "` attribute, when present and well-typed.")]
            // Keys name the getters, and `ptx.setp`'s comparison is `cmp`.
            #[allow(clippy::should_implement_trait)]
            pub fn $key(self, m: &tilec_ir::Module) -> Option<<$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::Get<'_>> {
                m.get_attr(self.0, tilec_ir::sym!(stringify!($key)))
                    .and_then(<$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::read)
            }
        }
    };
    (@set_opt $V:ident $key:ident $ty:ident) => {
        pastey::paste! {
            impl $V {
                #[doc = concat!("Sets the `", stringify!($key), "` attribute, or removes it (`None`).")]
                pub fn [<set_ $key>](
                    self,
                    m: &mut tilec_ir::Module,
                    v: impl Into<Option<<$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::Set>>,
                ) {
                    let key = tilec_ir::sym!(stringify!($key));
                    match v.into() {
                        Some(v) => {
                            let a = <$crate::opdef::kind::$ty as $crate::opdef::kind::AttrTy>::write(m, v);
                            m.set_attr(self.0, key, a)
                        }
                        None => m.remove_attr(self.0, key),
                    }
                }
            }
        }
    };
}
pub(crate) use decl_attr;

#[cfg(test)]
mod tests {
    use crate::nv_tileas::{Barrier, Kernel, Ld, OpKind, DEFS};
    use crate::opdef::{AnyPair, PairOp};
    use tilec_ir::{MemScope, MemSemantic, OpView, Space};

    const SRC: &str = r#"
"nv_tileas.kernel"() ({
^bb0(%p: !nv_tileas.ptr<global>):
  %v = "nv_tileas.ld"(%p) {space = #mem.space<global>, mem_semantic = #mem.sem<relaxed>, mem_scope = #mem.scope<gpu>} : (!nv_tileas.ptr<global>) -> i32
  "nv_tileas.barrier"() : () -> ()
  "nv_tileas.return"() : () -> ()
}) {sym_name = "k"} : () -> ()
"#;

    #[test]
    fn the_declaration_gives_kind_getters_setters_and_the_row() {
        let mut m = tilec_ir::text::parse_module(SRC, Default::default()).expect("parses");
        let k = Kernel::cast(&m, m.top_ops()[0]).expect("a kernel");
        let body: Vec<_> = m
            .block_ops(m.entry_block(m.regions(k.0)[0]).unwrap())
            .collect();
        // The kind and the row come from the same line as the view.
        assert_eq!(OpKind::of(&m, body[0]), Some(OpKind::Ld));
        assert_eq!(OpKind::Ld.name(), Ld::NAME);
        assert_eq!(OpKind::Ld.def().name, "nv_tileas.ld");
        assert_eq!(DEFS.len(), OpKind::ALL.len());
        assert_eq!((Ld::SPACE, Ld::MEM_SEMANTIC), ("space", "mem_semantic"));
        // Defaults: absent attributes read as declared.
        assert_eq!((k.num_threads(&m), k.cluster_dims(&m)), (128, None));
        let bar = Barrier::cast(&m, body[1]).expect("a barrier");
        assert_eq!((bar.id(&m), bar.count(&m)), (0, None));
        // Setters write what the getters read; `None` removes an optional attribute.
        bar.set_count(&mut m, 64);
        assert_eq!(bar.count(&m), Some(64));
        bar.set_count(&mut m, None);
        assert_eq!(bar.count(&m), None);
        k.set_cluster_dims(&mut m, [2, 1, 1]);
        assert_eq!(k.cluster_dims(&m), Some([2, 1, 1]));
        // The pair, through the typed view and through any op that has one.
        let ld = Ld::cast(&m, body[0]).expect("a load");
        assert_eq!(ld.space(&m), Some(Space::Global));
        ld.set_sem(&mut m, Some(MemSemantic::Acquire));
        let any = AnyPair::cast(&m, body[0]).expect("a load has a pair");
        assert_eq!(
            any.pair(&m),
            (Some(MemSemantic::Acquire), Some(MemScope::Gpu))
        );
        any.set_scope(&mut m, None);
        assert_eq!(ld.scope(&m), None);
        assert!(AnyPair::cast(&m, body[1]).is_none());
    }
}
