//! The syntax tree of a PTX litmus test (Dat3M's `LitmusPTX.g4` format, plus tilec's `cluster`
//! thread level and a few PTX spellings Dat3M lacks; `docs/litmus.md` lists them).
//!
//! A [`Test`] keeps what the file says, not what it means: threads hold their instruction lists in
//! program order (empty cells of the column layout are dropped), every instruction and condition
//! atom keeps its source [`Loc`] for diagnostics and witnesses. The meaning (events, tags,
//! relations) is [`crate::program`]'s and [`crate::model`]'s.

use tilec_ir::Loc;

/// A parsed litmus test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    /// `PTX` or `ptx`, as written.
    pub arch: String,
    /// The test's name (the rest of the header line).
    pub name: String,
    /// The quoted strings between the header and the init block.
    pub comments: Vec<String>,
    /// The init block, in order.
    pub init: Vec<InitItem>,
    /// The threads, `P0` first.
    pub threads: Vec<Thread>,
    /// `locations [...]`, if given (kept for printing; it does not change a verdict).
    pub locations: Option<Vec<CondValue>>,
    /// `filter COND`: executions where it is false are ignored.
    pub filter: Option<Cond>,
    /// The final condition.
    pub assertion: Assertion,
}

/// One declaration of the init block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InitItem {
    /// `x=1;` — a location and its initial value; tilec's `x @ shared cta 1 = 0;` and
    /// `b @ mbarrier cta 0 = 2;` put it in a CTA's shared memory (an mbarrier's value is its
    /// expected arrival count).
    Location {
        /// Location name.
        name: String,
        /// Initial value (an mbarrier: its expected arrival count).
        value: i64,
        /// Its state space (`Space::Global` unless declared with `@`).
        space: Space,
        /// Where.
        loc: Loc,
    },
    /// `P0:r1=1;` — a register's initial value (registers not named start at 0).
    Register {
        /// Thread index.
        thread: usize,
        /// Register name.
        reg: String,
        /// Initial value.
        value: i64,
        /// Where.
        loc: Loc,
    },
    /// `y=x;` — a new location with `x`'s initial value.
    Copy {
        /// New location.
        name: String,
        /// The location whose initial value it takes.
        from: String,
        /// Where.
        loc: Loc,
    },
    /// `s @ surface aliases x;` — a virtual alias of `x`'s physical location.
    Alias {
        /// The alias.
        name: String,
        /// Its proxy (`generic` aliases have their own virtual address).
        proxy: Proxy,
        /// The aliased location.
        target: String,
        /// Where.
        loc: Loc,
    },
}

/// The state space of a location (tilec's extension; Dat3M's locations are all global).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    /// Global memory (the default).
    Global,
    /// `@ shared cta N[,gpu G]`: the shared memory of CTA `N`.
    Shared(Owner),
    /// `@ mbarrier cta N[,gpu G]`: an mbarrier object in the shared memory of CTA `N`.
    Mbarrier(Owner),
}

impl Space {
    /// The owner CTA of a shared location or mbarrier.
    pub fn owner(self) -> Option<Owner> {
        match self {
            Space::Global => None,
            Space::Shared(o) | Space::Mbarrier(o) => Some(o),
        }
    }
}

/// The CTA that owns a shared location: `cta N` and, when given, `gpu G`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Owner {
    /// CTA id.
    pub cta: u32,
    /// GPU id (`None`: the GPU of the test's threads of CTA `cta`).
    pub gpu: Option<u32>,
}

/// A state space named by an instruction qualifier (`.global`, `.shared::cta`,
/// `.shared::cluster`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StateSpace {
    /// `.global`.
    Global,
    /// `.shared::cta`: the executing CTA's shared memory.
    SharedCta,
    /// `.shared::cluster`: the shared memory of any CTA of the executing cluster.
    SharedCluster,
}

impl StateSpace {
    /// The PTX spelling (without the dot).
    pub fn as_str(self) -> &'static str {
        match self {
            StateSpace::Global => "global",
            StateSpace::SharedCta => "shared::cta",
            StateSpace::SharedCluster => "shared::cluster",
        }
    }
}

/// A thread and where it runs (its place in the scope tree cta ⊂ cluster ⊂ gpu ⊂ sys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// CTA id.
    pub cta: u32,
    /// Cluster id (tilec's extension; absent: the CTA is a cluster of its own).
    pub cluster: Option<u32>,
    /// GPU id.
    pub gpu: u32,
    /// Instructions in program order.
    pub code: Vec<Instr>,
    /// Where the `P0@…` header cell is.
    pub loc: Loc,
}

/// An instruction with its location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr {
    /// What it is.
    pub kind: InstrKind,
    /// Where.
    pub loc: Loc,
}

/// Memory semantics of an access or fence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sem {
    /// `.weak` (the default of a plain `ld`/`st`).
    Weak,
    /// `.relaxed`.
    Relaxed,
    /// `.acquire`.
    Acquire,
    /// `.release`.
    Release,
    /// `.acq_rel`.
    AcqRel,
    /// `.sc` (fences only).
    Sc,
}

impl Sem {
    /// The PTX spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Sem::Weak => "weak",
            Sem::Relaxed => "relaxed",
            Sem::Acquire => "acquire",
            Sem::Release => "release",
            Sem::AcqRel => "acq_rel",
            Sem::Sc => "sc",
        }
    }
}

/// A scope of the thread hierarchy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// `.cta`.
    Cta,
    /// `.cluster` (tilec's extension of Dat3M's grammar).
    Cluster,
    /// `.gpu`.
    Gpu,
    /// `.sys`.
    Sys,
}

impl Scope {
    /// The PTX spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Cta => "cta",
            Scope::Cluster => "cluster",
            Scope::Gpu => "gpu",
            Scope::Sys => "sys",
        }
    }
}

/// A memory proxy (PTX ISA §"Proxies").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proxy {
    /// The generic proxy (`ld`, `st`, `atom`, `red`).
    Generic,
    /// The surface proxy (`suld`, `sust`, `suatom`, `sured`).
    Surface,
    /// The texture proxy (`tld`).
    Texture,
    /// The constant proxy (`cold`).
    Constant,
}

impl Proxy {
    /// The spelling in `fence.proxy.X` and `@ X aliases`.
    pub fn as_str(self) -> &'static str {
        match self {
            Proxy::Generic => "generic",
            Proxy::Surface => "surface",
            Proxy::Texture => "texture",
            Proxy::Constant => "constant",
        }
    }
}

/// A binary operation of `atom`, `red` and register arithmetic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `mul`.
    Mul,
    /// `div` (signed; division by zero gives 0).
    Div,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
}

impl BinOp {
    /// The PTX spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
        }
    }
    /// Applies the operation (wrapping; `x / 0 == 0`).
    pub fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::Div => a.checked_div(b).unwrap_or(0),
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
        }
    }
}

/// What an `atom` does with the old value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomOp {
    /// `atom.OP`: stores `old OP operand`.
    Bin(BinOp),
    /// `atom.exch`: stores the operand.
    Exch,
    /// `atom.cas`: stores `new` if `old == expected`, else `old` (a store either way, as Dat3M).
    Cas,
}

/// A comparison (branches and the final condition).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==` / `beq`.
    Eq,
    /// `!=` / `bne`.
    Ne,
    /// `<` / `blt`.
    Lt,
    /// `<=` / `ble`.
    Le,
    /// `>` / `bgt`.
    Gt,
    /// `>=` / `bge`.
    Ge,
}

impl CmpOp {
    /// Evaluates the comparison.
    pub fn eval(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
    /// The branch mnemonic (`beq`, …).
    pub fn branch(self) -> &'static str {
        match self {
            CmpOp::Eq => "beq",
            CmpOp::Ne => "bne",
            CmpOp::Lt => "blt",
            CmpOp::Le => "ble",
            CmpOp::Gt => "bgt",
            CmpOp::Ge => "bge",
        }
    }
    /// The operator of the final condition (`==`, …).
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// A register or an immediate.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A register (`r3`).
    Reg(String),
    /// A constant.
    Imm(i64),
}

/// `bar.cta.sync` or `bar.cta.arrive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarMode {
    /// Wait for the others.
    Sync,
    /// Arrive without waiting for synchronization (receives no `syncbar` edge).
    Arrive,
}

/// The instructions of the format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstrKind {
    /// `ld[.sem[.scope]] r, x` (also `tld`, `suld`, `cold`).
    Load {
        /// Proxy of the mnemonic.
        proxy: Proxy,
        /// Semantics.
        sem: Sem,
        /// Scope (none for weak).
        scope: Option<Scope>,
        /// Destination register.
        dst: String,
        /// Location.
        addr: String,
    },
    /// `st[.sem[.scope]] x, v` (also `sust`).
    Store {
        /// Proxy of the mnemonic.
        proxy: Proxy,
        /// Semantics.
        sem: Sem,
        /// Scope (none for weak).
        scope: Option<Scope>,
        /// Location.
        addr: String,
        /// Stored value.
        value: Operand,
    },
    /// `atom.sem.scope.op r, x, v[, w]` (also `suatom`).
    Atom {
        /// Proxy of the mnemonic.
        proxy: Proxy,
        /// Semantics.
        sem: Sem,
        /// Scope.
        scope: Scope,
        /// Operation.
        op: AtomOp,
        /// Destination (the old value).
        dst: String,
        /// Location.
        addr: String,
        /// Operand (`cas`: the expected value).
        value: Operand,
        /// `cas` only: the new value.
        value2: Option<Operand>,
    },
    /// `red.sem.scope.op x, v` (also `sured`).
    Red {
        /// Proxy of the mnemonic.
        proxy: Proxy,
        /// Semantics.
        sem: Sem,
        /// Scope.
        scope: Scope,
        /// Operation.
        op: BinOp,
        /// Location.
        addr: String,
        /// Operand.
        value: Operand,
    },
    /// `ld r, v` (a register move, Dat3M's spelling) or `add r, a, b` etc.
    Local {
        /// `None`: a move of `a`.
        op: Option<BinOp>,
        /// Destination.
        dst: String,
        /// First operand.
        a: Operand,
        /// Second operand (with `op`).
        b: Option<Operand>,
    },
    /// `fence.sem.scope` (`acq_rel` or `sc`; `membar.X` is read as `fence.sc.X`; tilec: also
    /// PTX 8.6's `acquire` and `release`).
    Fence {
        /// Semantics.
        sem: Sem,
        /// Scope.
        scope: Scope,
    },
    /// `fence.proxy.X`.
    FenceProxy(Proxy),
    /// `fence.proxy.alias`.
    FenceAlias,
    /// `bar.cta.sync N[, id[, quorum]]` / `bar.cta.arrive …` (`bar.sync`/`barrier.sync` too).
    Barrier {
        /// Sync or arrive.
        mode: BarMode,
        /// The instance number (barriers of one CTA with one instance meet).
        instance: i64,
        /// The named barrier's resource id (with it, a Dat3M `NamedBarrier`).
        id: Option<Operand>,
        /// How many threads complete the barrier (default: all that have it).
        quorum: Option<Operand>,
    },
    /// `beq a, b, LABEL` etc.
    Branch {
        /// Comparison.
        cmp: CmpOp,
        /// Left.
        a: Operand,
        /// Right.
        b: Operand,
        /// Target label.
        label: String,
    },
    /// `goto LABEL`.
    Goto(String),
    /// tilec: `fence.release.sync_restrict::shared::cta.cluster` (`Sem::Release`) or
    /// `fence.acquire.sync_restrict::shared::cluster.cluster` (`Sem::Acquire`).
    FenceRestrict(Sem),
    /// tilec: `fence.proxy.async[.global|.shared::cta|.shared::cluster]` (`None`: all spaces).
    FenceProxyAsync(Option<StateSpace>),
    /// tilec: `mbarrier.init b, N` (a weak write of phase 0, N pending arrivals, tx-count 0).
    MbarInit {
        /// The mbarrier.
        bar: String,
        /// Expected arrival count.
        count: Operand,
    },
    /// tilec: `mbarrier.arrive[.expect_tx].SEM.SCOPE b[, N]` (defaults `.release.cta`).
    MbarArrive {
        /// `Release` or `Relaxed`.
        sem: Sem,
        /// `Cta` or `Cluster`.
        scope: Scope,
        /// The mbarrier.
        bar: String,
        /// Without `.expect_tx`: the arrival count (default 1).
        count: Option<Operand>,
        /// With `.expect_tx`: the tx-count it expects.
        tx: Option<Operand>,
    },
    /// tilec: `mbarrier.expect_tx.relaxed.SCOPE b, N` / `mbarrier.complete_tx.relaxed.SCOPE b, N`.
    MbarTx {
        /// `complete_tx` (else `expect_tx`).
        complete: bool,
        /// `Cta` or `Cluster`.
        scope: Scope,
        /// The mbarrier.
        bar: String,
        /// The tx-count.
        tx: Operand,
    },
    /// tilec: `mbarrier.{test,try}_wait.parity.SEM.SCOPE r, b, P` (defaults `.acquire.cta`):
    /// `r := 1` when the phase of parity `P` has completed.
    MbarWait {
        /// `test_wait` (else `try_wait`).
        test: bool,
        /// `Acquire` or `Relaxed`.
        sem: Sem,
        /// `Cta` or `Cluster`.
        scope: Scope,
        /// Destination register.
        dst: String,
        /// The mbarrier.
        bar: String,
        /// The parity (0 or 1).
        parity: Operand,
    },
    /// tilec: `cp.async.bulk.DST.SRC dst, src[, b]` (one cell; with `b` it completes on the
    /// mbarrier `b`, without it on the bulk async-group).
    CpAsyncBulk {
        /// Destination space.
        dst_space: StateSpace,
        /// Source space.
        src_space: StateSpace,
        /// Destination location.
        dst: String,
        /// Source location.
        src: String,
        /// The mbarrier (`.shared` destinations).
        bar: Option<String>,
    },
    /// tilec: `cp.async.bulk.commit_group`.
    BulkCommit,
    /// tilec: `cp.async.bulk.wait_group 0`.
    BulkWait(i64),
    /// tilec: `st.async x, v, b` (a weak store to a peer CTA's shared memory, completing on `b`).
    StAsync {
        /// Location.
        addr: String,
        /// Stored value.
        value: Operand,
        /// The mbarrier.
        bar: String,
    },
    /// tilec: `red.async.relaxed.cluster.OP x, v, b`.
    RedAsync {
        /// Operation.
        op: BinOp,
        /// Location.
        addr: String,
        /// Operand.
        value: Operand,
        /// The mbarrier.
        bar: String,
    },
    /// tilec: `barrier.cluster.arrive[.release|.relaxed][.aligned]` (default `.release`).
    ClusterArrive {
        /// `Release` or `Relaxed`.
        sem: Sem,
        /// `.aligned` was written (no effect).
        aligned: bool,
    },
    /// tilec: `barrier.cluster.wait[.acquire][.aligned]`.
    ClusterWait {
        /// `.aligned` was written (no effect).
        aligned: bool,
    },
    /// `LABEL:`.
    Label(String),
}

/// A value in the final condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CondValue {
    /// `P1:r0` (thread index, register).
    Reg(usize, String),
    /// A location's final value.
    Loc(String),
    /// A constant.
    Const(i64),
}

/// The final condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// `a OP b`.
    Cmp {
        /// Left.
        lhs: CondValue,
        /// Operator.
        op: CmpOp,
        /// Right.
        rhs: CondValue,
        /// Where.
        loc: Loc,
    },
    /// `~c` / `not c`.
    Not(Box<Cond>),
    /// `a /\ b`.
    And(Box<Cond>, Box<Cond>),
    /// `a \/ b`.
    Or(Box<Cond>, Box<Cond>),
}

/// Which question the test asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quantifier {
    /// `exists C`: PASS iff some consistent execution ends with C.
    Exists,
    /// `~exists C`: PASS iff no consistent execution ends with C.
    NotExists,
    /// `forall C`: PASS iff every consistent execution ends with C.
    Forall,
}

/// The final condition with its quantifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assertion {
    /// Exists, not exists, forall.
    pub quantifier: Quantifier,
    /// The condition.
    pub cond: Cond,
    /// Where the quantifier is.
    pub loc: Loc,
}

impl Cond {
    /// Evaluates the condition; `value` gives the final value of each atom (`None`: unknown), the
    /// result is `None` when it depends on an unknown value (three-valued, for pruning).
    pub fn eval3(&self, value: &mut impl FnMut(&CondValue) -> Option<i64>) -> Option<bool> {
        match self {
            Cond::Cmp { lhs, op, rhs, .. } => Some(op.eval(value(lhs)?, value(rhs)?)),
            Cond::Not(c) => c.eval3(value).map(|b| !b),
            Cond::And(a, b) => match (a.eval3(value), b.eval3(value)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            },
            Cond::Or(a, b) => match (a.eval3(value), b.eval3(value)) {
                (Some(true), _) | (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            },
        }
    }

    /// Calls `f` on every value the condition mentions.
    pub fn visit_values(&self, f: &mut impl FnMut(&CondValue)) {
        match self {
            Cond::Cmp { lhs, rhs, .. } => {
                f(lhs);
                f(rhs);
            }
            Cond::Not(c) => c.visit_values(f),
            Cond::And(a, b) | Cond::Or(a, b) => {
                a.visit_values(f);
                b.visit_values(f);
            }
        }
    }
}
