//! What a compile is asked for: the [`Emit`] stage and the [`Options`] (`tilec`'s flags as
//! data). The pipeline they select is [`crate::Pipeline::new`].

use tilec_dialects::target::Target;

/// What `compile` stops at and prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Emit {
    /// The parsed (and verified) input, generic form.
    CudaTile,
    /// After `lower-cuda-tile-to-aa`.
    NvTileaa,
    /// After `lower-aa-to-as` (and the race check and optimization of its sync).
    NvTileas,
    /// After `lower-as-to-ptx`, as IR.
    PtxIr,
    /// PTX text.
    #[default]
    Ptx,
    /// The ptx-level IR as MLIR's upstream `llvm` and `nvvm` dialects (memory and sync ops as
    /// `llvm.inline_asm` of their PTX instruction), for `mlir-translate --mlir-to-llvmir`
    /// (docs/mlir-bridge.md).
    NvvmMlir,
    /// LLVM IR for `nvptx64-nvidia-cuda`, built with inkwell and optimized by LLVM (feature
    /// `llvm`; docs/llvm-bridge.md).
    Llvm,
    /// The handoff skeletons of every nv_tileas kernel as PTX litmus tests (after
    /// `lower-aa-to-as`; verify-races' findings become tests, not errors):
    /// [`crate::Output::litmus`].
    Litmus,
}

impl Emit {
    /// Parses the `--emit` spelling.
    pub fn parse(s: &str) -> Option<Emit> {
        Some(match s {
            "cuda_tile" => Emit::CudaTile,
            "nv_tileaa" => Emit::NvTileaa,
            "nv_tileas" => Emit::NvTileas,
            "ptx-ir" => Emit::PtxIr,
            "ptx" => Emit::Ptx,
            "litmus" => Emit::Litmus,
            "nvvm-mlir" => Emit::NvvmMlir,
            "llvm" => Emit::Llvm,
            _ => return None,
        })
    }
    /// The `--emit` spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Emit::CudaTile => "cuda_tile",
            Emit::NvTileaa => "nv_tileaa",
            Emit::NvTileas => "nv_tileas",
            Emit::PtxIr => "ptx-ir",
            Emit::Ptx => "ptx",
            Emit::Litmus => "litmus",
            Emit::NvvmMlir => "nvvm-mlir",
            Emit::Llvm => "llvm",
        }
    }
    /// Every spelling.
    pub const SPELLINGS: &'static [&'static str] = &[
        "cuda_tile",
        "nv_tileaa",
        "nv_tileas",
        "ptx-ir",
        "ptx",
        "litmus",
        "nvvm-mlir",
        "llvm",
    ];
    /// The stages of the lowering, in order: the dialect after each lowering, then the PTX.
    pub const STAGES: [Emit; 5] = [
        Emit::CudaTile,
        Emit::NvTileaa,
        Emit::NvTileas,
        Emit::PtxIr,
        Emit::Ptx,
    ];
}

/// Where the PTX comes from (`--backend`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Backend {
    /// tilec's own PTX printer.
    #[default]
    Tilec,
    /// LLVM's NVPTX backend, from the LLVM IR of `--emit llvm` (feature `llvm`).
    Llvm,
}

impl Backend {
    /// Parses the `--backend` spelling.
    pub fn parse(s: &str) -> Option<Backend> {
        match s {
            "tilec" => Some(Backend::Tilec),
            "llvm" => Some(Backend::Llvm),
            _ => None,
        }
    }
    /// Every spelling.
    pub const SPELLINGS: &'static [&'static str] = &["tilec", "llvm"];
}

/// Compilation options. [`Options::default`] compiles to PTX for `sm_90a` (H100), with no
/// `--ptx-isa` ceiling (the lowest version every emitted form needs), `verify-races` and
/// `weakest-fence` on, at most 20 errors shown, and verification after every pass in debug
/// builds only.
#[derive(Clone, Debug)]
pub struct Options {
    /// Target (with the optional `--ptx-isa` ceiling); default `sm_90a`
    /// ([`Target::default`]).
    pub target: Target,
    /// What to produce.
    pub emit: Emit,
    /// Verify after every pass (on in tests and debug builds by default).
    pub verify_each: bool,
    /// Dump the IR after every pass.
    pub print_after_all: bool,
    /// Render the per-step times as `--time-passes` text ([`crate::Output::timings`]); the
    /// times themselves are always in [`crate::PipelineReport::timings`].
    pub time_passes: bool,
    /// Turn warnings into errors.
    pub werror: bool,
    /// Show at most this many errors, then how many more there are (0: all; clang's
    /// `-ferror-limit`). Default 20.
    pub error_limit: usize,
    /// Run `verify-races` after `lower-aa-to-as` (on by default).
    pub verify_races: bool,
    /// Run `weakest-fence` (and `verify-races` again after it); needs `verify_races` (the pass
    /// uses the race checker as its oracle). On by default; off is the conservative baseline.
    pub weakest_fence: bool,
    /// Report, for every fence and sync qualifier of the nv_tileas output, the handoffs it
    /// covers, the rule that chose it and the cost class it saved: remarks, and the data in
    /// [`crate::PipelineReport::fence_decisions`].
    pub explain_fences: bool,
    /// Collect weakest-fence's (and fold-barriers') decisions as data in
    /// [`crate::PipelineReport::fence_decisions`], without the remarks. It costs one more run
    /// of the race checks per kernel.
    pub fence_decisions: bool,
    /// Keep the IR after each stage of one compile, and the PTX, in
    /// [`crate::PipelineReport::stages`] (what `--emit` of each stage prints).
    pub keep_stages: bool,
    /// Write the ops' source lines (their debug locations: a cuTile kernel's Python lines) into
    /// the PTX as `.file`/`.loc` directives, which `ptxas -lineinfo` keeps (`--lineinfo`).
    pub line_info: bool,
    /// Load pipelined wgmma factors with TMA (`cp.async.bulk.tensor`) through tensor maps
    /// passed as hidden kernel parameters, which the PTX describes for the launcher
    /// (`--tma-maps`; tile-run makes them; docs/tensor-maps.md).
    pub tma_maps: bool,
    /// Run `verify-nvidia` first: tilec's extensions of cuda_tile are errors (`--pedantic`).
    pub pedantic: bool,
    /// Where `--emit ptx`'s PTX comes from (`--backend`).
    pub backend: Backend,
    /// LLVM's optimization level for `--emit llvm` and `--backend llvm` (`--llvm-opt`, 0 to 3).
    pub llvm_opt: u8,
    /// `--emit llvm`: each kernel as a device function for CUDA C++ device code to call
    /// (`--device-functions`; docs/llvm-bridge.md).
    pub device_functions: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            target: Target::default(),
            emit: Emit::Ptx,
            verify_each: cfg!(debug_assertions),
            print_after_all: false,
            time_passes: false,
            werror: false,
            error_limit: 20,
            verify_races: true,
            weakest_fence: true,
            explain_fences: false,
            fence_decisions: false,
            keep_stages: false,
            line_info: false,
            tma_maps: false,
            pedantic: false,
            backend: Backend::Tilec,
            llvm_opt: 2,
            device_functions: false,
        }
    }
}
