//! ptx: one op per PTX instruction form, with exact modifiers as typed attributes; the PTX
//! printer (tilec-passes `print-ptx`) is a straight walk over it. Control flow is flat
//! (`label`, `bra`); registers are SSA values typed `i1` (pred), `i32` (b32), `i64` (b64), `f32`.
//!
//! [`form`] is the typed instruction form every op prints as (one derivation for the printer,
//! the lowering's forms, the target checks, the cost model and `--explain-fences`); [`isa`] is
//! the data table of instruction forms: minimum PTX ISA and target and the legal
//! modifiers per form; [`verify`] holds the per-instruction checks the catalog in
//! [`ops`](mod@ops) names; [`views`] the typed views of its ops; [`sync`] the synchronization and
//! asynchronous-copy ops (mbarrier, cluster barrier, proxy fences, bulk copies, st.async,
//! wgmma and tcgen05 sync) with their checks and views.

pub mod form;
pub mod isa;
pub mod ops;
pub mod sync;
pub mod verify;
pub mod views;
pub use sync::MbarrierUpdate;
pub use views::*;
