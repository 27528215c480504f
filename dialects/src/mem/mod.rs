//! The shared memory-model attributes (defined in tilec-ir, re-exported here) and the legality
//! table of SYNC-MODEL.md §1: which (semantic, scope) pairs each op family accepts.

mod legality;
pub(crate) use legality::list;

pub use legality::{
    accepted, check, check_pair, check_restrict, effective, ptx_space, row_of, OpFamily, PairError,
    Row, ScopeRule, RESTRICT, TABLE,
};
pub use tilec_ir::mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
