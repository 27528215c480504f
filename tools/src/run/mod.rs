//! tile-run's machinery: run a compiled kernel on a GPU as a spec file (`KERNEL.run.toml`)
//! describes — launch shape, buffers with initial and expected contents — and report the results
//! and the kernel time. docs/runner.md is the user's guide.
//!
//! Everything except the CUDA driver calls is plain Rust and tested without a GPU:
//! [`spec`] reads the spec, [`plan`] resolves it against the kernel's PTX ([`ptxsig`]),
//! [`check`] compares results, [`exec`] is the launch loop over an abstract [`exec::Device`], and
//! [`report`] prints. `cuda` (feature `cuda`) is the one [`exec::Device`] that touches a GPU.

pub mod check;
#[cfg(feature = "cuda")]
pub mod cuda;
pub mod exec;
pub mod expr;
pub mod plan;
pub mod ptxsig;
pub mod report;
pub mod spec;
pub mod value;

pub use exec::{execute, Device};
pub use plan::{Overrides, Plan};
pub use report::Report;
pub use spec::{Spec, SpecError};

/// tile-run's exit statuses.
pub mod exit {
    /// Every check passed.
    pub const OK: i32 = 0;
    /// A mismatch, a compile error, a JIT or launch error, or a timeout.
    pub const FAIL: i32 = 1;
    /// A usage error: bad arguments, an unreadable or invalid spec, a spec that does not fit the
    /// kernel.
    pub const USAGE: i32 = 2;
    /// No CUDA driver (libcuda.so could not be loaded) or no CUDA device.
    pub const NO_GPU: i32 = 3;
}

/// The spec beside `kernel`: `dir/foo.mlir` (or `foo.ptx`) → `dir/foo.run.toml`.
pub fn default_spec_path(kernel: &str) -> String {
    let p = std::path::Path::new(kernel);
    p.with_extension("run.toml").to_string_lossy().into_owned()
}
