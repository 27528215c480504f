//! The shared memory-model attributes (defined in tilec-ir, re-exported here) and the legality
//! table of SYNC-MODEL.md §1: which (semantic, scope) pairs each op family accepts.

mod legality;

pub use legality::{check_pair, OpFamily};
pub use tilec_ir::mem::{MemScope, MemSemantic, Proxy, RmwKind, Space};
