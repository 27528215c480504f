//! The synchronization ops the LLVM writers ([`super::lower`]) write as upstream's own: an
//! `nvvm` dialect op in `--emit nvvm-mlir`, the LLVM intrinsic that op translates to in
//! `--emit llvm`. A row is used exactly where tilec's PTX printer would print the row's
//! instruction ([`PtxForm`]'s text, the one derivation of each form), and each row's op prints
//! that instruction unchanged through LLVM 22's NVPTX backend: the CTA and cluster barriers,
//! the async-proxy and mbarrier-init fences, mbarrier init/inval and the plain arrive, and bulk
//! copy groups, and the reads of the special registers that do not change under a thread.
//! (Checked for every corpus case by tools/tests/nvvm_mlir.rs and
//! tools/tests/llvm_backend.rs, which compare the synchronization instructions of both paths.)
//! LLVM knows what these are: the barriers' intrinsics are `convergent`, so no pass duplicates
//! them into divergent paths, which MLIR's `llvm.inline_asm` cannot say.
//!
//! Not here (inline asm, [`super::lower`]): the waits (`nvvm.mbarrier.try_wait.parity` is a
//! loop of its own in MLIR 22, not tilec's one instruction), arrive with a pair, `expect_tx` or
//! a count, bulk copies themselves, and everything with a (semantic, scope) pair the intrinsics
//! do not take.

use super::lower::Ty;
use tilec_dialects::ptx::{self as px, form::PtxForm};
use tilec_ir::{Module, Op, OpView, TypeData, Value};

/// An argument of an upstream op: a value (from an operand, or a constant the writer makes),
/// or an immediate the op's syntax and the intrinsic take as a literal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Operand `n` of the ptx op, as this type (an `i32` shared address as `ptr addrspace(3)`).
    Operand(usize, Ty),
    /// The constant `i32` value.
    Const(i64),
    /// The `i32` immediate (an LLVM `immarg`).
    Imm(i64),
}

/// An upstream op: the LLVM intrinsic, the `nvvm` op's text (`$N`: argument N, its SSA name or
/// literal; `$tN`: its type), and the arguments in the intrinsic's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upstream {
    /// The intrinsic (`llvm.nvvm.barrier.cta.sync.aligned.all`).
    pub llvm: &'static str,
    /// The MLIR op (`nvvm.mbarrier.init $0, $1 : $t0, $t1`).
    pub mlir: &'static str,
    /// The arguments.
    pub args: Vec<Arg>,
    /// The intrinsic's result: the op's (a special register's value), or unused
    /// (mbarrier.arrive's state) where the op has none.
    pub ret: Option<Ty>,
}

/// An argument as the writer gets it: a value of the kernel, or an immediate.
#[derive(Clone, Debug)]
pub enum Resolved<V> {
    /// A value and its type.
    Value(V, Ty),
    /// An `i32` immediate.
    Imm(i64),
}

/// The rows: tilec's instruction (without operands) → intrinsic, MLIR op, the ptx op's operands
/// as the intrinsic's arguments.
const ROWS: &[(&str, &str, &str, &[Arg])] = &[
    (
        "barrier.cluster.arrive.aligned",
        "llvm.nvvm.barrier.cluster.arrive.aligned",
        "nvvm.cluster.arrive {aligned}",
        &[],
    ),
    (
        "barrier.cluster.arrive",
        "llvm.nvvm.barrier.cluster.arrive",
        "nvvm.cluster.arrive",
        &[],
    ),
    (
        "barrier.cluster.arrive.relaxed.aligned",
        "llvm.nvvm.barrier.cluster.arrive.relaxed.aligned",
        "nvvm.cluster.arrive.relaxed {aligned}",
        &[],
    ),
    (
        "barrier.cluster.arrive.relaxed",
        "llvm.nvvm.barrier.cluster.arrive.relaxed",
        "nvvm.cluster.arrive.relaxed",
        &[],
    ),
    (
        "barrier.cluster.wait.aligned",
        "llvm.nvvm.barrier.cluster.wait.aligned",
        "nvvm.cluster.wait {aligned}",
        &[],
    ),
    (
        "barrier.cluster.wait",
        "llvm.nvvm.barrier.cluster.wait",
        "nvvm.cluster.wait",
        &[],
    ),
    (
        "fence.proxy.async.shared::cta",
        "llvm.nvvm.fence.proxy.async.shared_cta",
        "nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}",
        &[],
    ),
    (
        "fence.proxy.async.global",
        "llvm.nvvm.fence.proxy.async.global",
        "nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.global>}",
        &[],
    ),
    (
        "fence.proxy.async",
        "llvm.nvvm.fence.proxy.async",
        "nvvm.fence.proxy {kind = #nvvm.proxy_kind<async>}",
        &[],
    ),
    (
        "fence.mbarrier_init.release.cluster",
        "llvm.nvvm.fence.mbarrier_init.release.cluster",
        "nvvm.fence.mbarrier.init",
        &[],
    ),
    (
        "mbarrier.init.shared.b64",
        "llvm.nvvm.mbarrier.init.shared",
        "nvvm.mbarrier.init $0, $1 : $t0, $t1",
        &[Arg::Operand(0, Ty::Ptr(3)), Arg::Operand(1, Ty::I32)],
    ),
    (
        "mbarrier.inval.shared.b64",
        "llvm.nvvm.mbarrier.inval.shared",
        "nvvm.mbarrier.inval $0 : $t0",
        &[Arg::Operand(0, Ty::Ptr(3))],
    ),
    (
        "cp.async.bulk.commit_group",
        "llvm.nvvm.cp.async.bulk.commit.group",
        "nvvm.cp.async.bulk.commit.group",
        &[],
    ),
];

/// The special registers that hold one value for a thread's whole life (not `%clock`,
/// `%globaltimer`, `%smid` or `%warpid`, which change under it), read by upstream's `nvvm.read.
/// ptx.sreg.*` (readnone intrinsics: LLVM may reuse a read) as `mov.u32 d, %reg` does; keyed on
/// `ptx.mov_sreg`'s `reg` (`tid.x`, `cluster_ctarank`).
const SREGS: &[(&str, &str, &str)] = &[
    (
        "tid.x",
        "llvm.nvvm.read.ptx.sreg.tid.x",
        "nvvm.read.ptx.sreg.tid.x : i32",
    ),
    (
        "tid.y",
        "llvm.nvvm.read.ptx.sreg.tid.y",
        "nvvm.read.ptx.sreg.tid.y : i32",
    ),
    (
        "tid.z",
        "llvm.nvvm.read.ptx.sreg.tid.z",
        "nvvm.read.ptx.sreg.tid.z : i32",
    ),
    (
        "ntid.x",
        "llvm.nvvm.read.ptx.sreg.ntid.x",
        "nvvm.read.ptx.sreg.ntid.x : i32",
    ),
    (
        "ntid.y",
        "llvm.nvvm.read.ptx.sreg.ntid.y",
        "nvvm.read.ptx.sreg.ntid.y : i32",
    ),
    (
        "ntid.z",
        "llvm.nvvm.read.ptx.sreg.ntid.z",
        "nvvm.read.ptx.sreg.ntid.z : i32",
    ),
    (
        "ctaid.x",
        "llvm.nvvm.read.ptx.sreg.ctaid.x",
        "nvvm.read.ptx.sreg.ctaid.x : i32",
    ),
    (
        "ctaid.y",
        "llvm.nvvm.read.ptx.sreg.ctaid.y",
        "nvvm.read.ptx.sreg.ctaid.y : i32",
    ),
    (
        "ctaid.z",
        "llvm.nvvm.read.ptx.sreg.ctaid.z",
        "nvvm.read.ptx.sreg.ctaid.z : i32",
    ),
    (
        "nctaid.x",
        "llvm.nvvm.read.ptx.sreg.nctaid.x",
        "nvvm.read.ptx.sreg.nctaid.x : i32",
    ),
    (
        "nctaid.y",
        "llvm.nvvm.read.ptx.sreg.nctaid.y",
        "nvvm.read.ptx.sreg.nctaid.y : i32",
    ),
    (
        "nctaid.z",
        "llvm.nvvm.read.ptx.sreg.nctaid.z",
        "nvvm.read.ptx.sreg.nctaid.z : i32",
    ),
    (
        "clusterid.x",
        "llvm.nvvm.read.ptx.sreg.clusterid.x",
        "nvvm.read.ptx.sreg.clusterid.x : i32",
    ),
    (
        "clusterid.y",
        "llvm.nvvm.read.ptx.sreg.clusterid.y",
        "nvvm.read.ptx.sreg.clusterid.y : i32",
    ),
    (
        "clusterid.z",
        "llvm.nvvm.read.ptx.sreg.clusterid.z",
        "nvvm.read.ptx.sreg.clusterid.z : i32",
    ),
    (
        "nclusterid.x",
        "llvm.nvvm.read.ptx.sreg.nclusterid.x",
        "nvvm.read.ptx.sreg.nclusterid.x : i32",
    ),
    (
        "nclusterid.y",
        "llvm.nvvm.read.ptx.sreg.nclusterid.y",
        "nvvm.read.ptx.sreg.nclusterid.y : i32",
    ),
    (
        "nclusterid.z",
        "llvm.nvvm.read.ptx.sreg.nclusterid.z",
        "nvvm.read.ptx.sreg.nclusterid.z : i32",
    ),
    (
        "cluster_ctaid.x",
        "llvm.nvvm.read.ptx.sreg.cluster.ctaid.x",
        "nvvm.read.ptx.sreg.cluster.ctaid.x : i32",
    ),
    (
        "cluster_ctaid.y",
        "llvm.nvvm.read.ptx.sreg.cluster.ctaid.y",
        "nvvm.read.ptx.sreg.cluster.ctaid.y : i32",
    ),
    (
        "cluster_ctaid.z",
        "llvm.nvvm.read.ptx.sreg.cluster.ctaid.z",
        "nvvm.read.ptx.sreg.cluster.ctaid.z : i32",
    ),
    (
        "cluster_nctaid.x",
        "llvm.nvvm.read.ptx.sreg.cluster.nctaid.x",
        "nvvm.read.ptx.sreg.cluster.nctaid.x : i32",
    ),
    (
        "cluster_nctaid.y",
        "llvm.nvvm.read.ptx.sreg.cluster.nctaid.y",
        "nvvm.read.ptx.sreg.cluster.nctaid.y : i32",
    ),
    (
        "cluster_nctaid.z",
        "llvm.nvvm.read.ptx.sreg.cluster.nctaid.z",
        "nvvm.read.ptx.sreg.cluster.nctaid.z : i32",
    ),
    (
        "cluster_ctarank",
        "llvm.nvvm.read.ptx.sreg.cluster.ctarank",
        "nvvm.read.ptx.sreg.cluster.ctarank : i32",
    ),
    (
        "cluster_nctarank",
        "llvm.nvvm.read.ptx.sreg.cluster.nctarank",
        "nvvm.read.ptx.sreg.cluster.nctarank : i32",
    ),
    (
        "laneid",
        "llvm.nvvm.read.ptx.sreg.laneid",
        "nvvm.read.ptx.sreg.laneid : i32",
    ),
];

/// The upstream op of `op`, where it has one.
pub fn upstream(m: &Module, op: Op) -> Option<Upstream> {
    if let Some(r) = px::MovSreg::cast(m, op) {
        let reg = r.reg(m)?;
        let &(_, llvm, mlir) = SREGS.iter().find(|s| s.0 == reg)?;
        let i32_result = m
            .results(op)
            .next()
            .is_some_and(|v| matches!(m.type_data(m.value_type(v)), TypeData::Int(32)));
        return i32_result.then(|| Upstream {
            llvm,
            mlir,
            args: vec![],
            ret: Some(Ty::I32),
        });
    }
    let form = PtxForm::of(m, op)?.to_string();
    if let Some(b) = px::BarSync::cast(m, op) {
        // `bar.sync id{, count}` (`barrier.sync.aligned`), id and count immediates here.
        let id = b.id(m);
        return Some(match b.count(m) {
            None => Upstream {
                llvm: "llvm.nvvm.barrier.cta.sync.aligned.all",
                mlir: "nvvm.barrier id = $0",
                args: vec![Arg::Const(id)],
                ret: None,
            },
            Some(n) => Upstream {
                llvm: "llvm.nvvm.barrier.cta.sync.aligned.count",
                mlir: "nvvm.barrier id = $0 number_of_threads = $1",
                args: vec![Arg::Const(id), Arg::Const(n)],
                ret: None,
            },
        });
    }
    if let Some(w) = px::CpAsyncBulkWait::cast(m, op) {
        let n = w.pending(m)?;
        return Some(if w.read(m) {
            Upstream {
                llvm: "llvm.nvvm.cp.async.bulk.wait.group.read",
                mlir: "nvvm.cp.async.bulk.wait_group $0 {read}",
                args: vec![Arg::Imm(n)],
                ret: None,
            }
        } else {
            Upstream {
                llvm: "llvm.nvvm.cp.async.bulk.wait.group",
                mlir: "nvvm.cp.async.bulk.wait_group $0",
                args: vec![Arg::Imm(n)],
                ret: None,
            }
        });
    }
    if form == "mbarrier.arrive.shared.b64" && m.operands(op).len() == 1 {
        // The default pair (release, cta) and no count: the intrinsic's state result unused.
        return Some(Upstream {
            llvm: "llvm.nvvm.mbarrier.arrive.shared",
            mlir: "nvvm.mbarrier.arrive $0 : $t0 -> i64",
            args: vec![Arg::Operand(0, Ty::Ptr(3))],
            ret: Some(Ty::I64),
        });
    }
    let &(_, llvm, mlir, args) = ROWS.iter().find(|r| r.0 == form)?;
    // Shared addresses are 32-bit registers in tilec's PTX.
    let fits = args.iter().all(|a| match *a {
        Arg::Operand(i, Ty::Ptr(3) | Ty::I32) => m
            .operands(op)
            .get(i)
            .is_some_and(|&v: &Value| matches!(m.type_data(m.value_type(v)), TypeData::Int(32))),
        _ => true,
    });
    fits.then(|| Upstream {
        llvm,
        mlir,
        args: args.to_vec(),
        ret: None,
    })
}
