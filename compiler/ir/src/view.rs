//! Typed op views: `AtomicRmw::cast(m, op)` instead of comparing name strings.
//!
//! A view is a `Copy` wrapper around an [`Op`] whose name is known. Dialects declare views with
//! [`op_view!`](crate::op_view) and add typed accessors (`.sem(m)`, `.scope(m)`, …) on top; the
//! name check compares interned [`Sym`]s.

use crate::module::{Module, Op};
use crate::Sym;

/// A typed view of one op kind.
pub trait OpView: Copy {
    /// The full op name (`dialect.op`).
    const NAME: &'static str;
    /// The interned [`OpView::NAME`].
    fn name_sym() -> Sym;
    /// Wraps `op` without checking its name.
    fn wrap(op: Op) -> Self;
    /// The viewed op.
    fn op(self) -> Op;
    /// The view, when `op` has this kind.
    fn cast(m: &Module, op: Op) -> Option<Self> {
        (m.op_name(op) == Self::name_sym()).then(|| Self::wrap(op))
    }
    /// True when `op` has this kind.
    fn is(m: &Module, op: Op) -> bool {
        m.op_name(op) == Self::name_sym()
    }
}

/// Declares a typed op view: `op_view!(/** docs */ AtomicRmw, "cuda_tile.atomic_rmw_tko");`.
#[macro_export]
macro_rules! op_view {
    ($(#[$m:meta])* $name:ident, $opname:expr) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
        pub struct $name(pub $crate::Op);
        impl $crate::OpView for $name {
            const NAME: &'static str = $opname;
            fn name_sym() -> $crate::Sym {
                $crate::sym!($opname)
            }
            fn wrap(op: $crate::Op) -> Self {
                $name(op)
            }
            fn op(self) -> $crate::Op {
                self.0
            }
        }
    };
}
