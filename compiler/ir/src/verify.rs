//! The staged verifier and the op registry.
//!
//! Stage 1 (structure, no registry needed), every finding collected:
//! - every region's blocks belong to it and every op's parent pointers agree;
//! - an op's operand is visible at the use: defined in a block of an enclosing region, and, in
//!   the regions of registered ops (SSA-CFG regions), before the use when in the same block.
//!   Regions of unregistered ops may be graph regions, where order does not matter, as in MLIR;
//!
//! Stage 2 (registry): an op of a *registered* dialect must be a registered op (unknown ops in a
//! known dialect are errors; ops of other dialects pass, like `--allow-unregistered-dialect`),
//! terminator-trait ops must be last in their block, no two ops of a block define the same
//! symbol (`sym_name`, MLIR's symbol table), and the op's own verifier runs. Stage 2 only runs
//! when stage 1 found nothing, so op verifiers may assume well-formed structure.
//!
//! Codes ([`DiagCode`]): stage 1 and the placement rules report `verify.structure`, an unknown op
//! `verify.unknown-op`, a duplicate symbol `verify.symbol`; what an op's own verifier reports is
//! about that op and is `verify.op` unless the verifier gave it a more specific code.

use crate::diag::{DiagCode, Diagnostic, Diagnostics};
use crate::module::{Block, Module, Op, ValueDef};
use crate::walk::WalkControl;
use crate::Sym;
use rustc_hash::{FxHashMap, FxHashSet};

/// Traits of an op kind that generic code relies on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpTraits {
    /// Must be the last op of its block.
    pub terminator: bool,
    /// Has no side effects (may be removed when its results are unused).
    pub pure: bool,
    /// Its regions use only values defined in them (MLIR's `IsolatedFromAbove`: a kernel sees
    /// its arguments and what it defines, nothing of the module around it).
    pub isolated_from_above: bool,
}

/// The verifier of one op kind: reports problems of `op` into the list.
pub type VerifyFn = fn(&Module, Op, &mut Diagnostics);

/// What the registry knows about one op kind.
#[derive(Clone, Copy)]
pub struct OpInfo {
    /// Full name, `dialect.op`.
    pub name: &'static str,
    /// One line of documentation.
    pub summary: &'static str,
    /// Traits.
    pub traits: OpTraits,
    /// The op's own verifier.
    pub verify: VerifyFn,
}

/// Registered dialects and their ops.
#[derive(Default)]
pub struct Registry {
    dialects: FxHashSet<&'static str>,
    ops: FxHashMap<Sym, OpInfo>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }
    /// Registers a dialect and its ops.
    pub fn register_dialect(&mut self, dialect: &'static str, ops: &[OpInfo]) {
        self.dialects.insert(dialect);
        for info in ops {
            self.ops.insert(Sym::new(info.name), *info);
        }
    }
    /// The registered op kind of `name`.
    pub fn op(&self, name: Sym) -> Option<&OpInfo> {
        self.ops.get(&name)
    }
    /// True when `dialect` is registered.
    pub fn has_dialect(&self, dialect: &str) -> bool {
        self.dialects.contains(dialect)
    }
    /// The registered op names of `dialect`, sorted.
    pub fn ops_of(&self, dialect: &str) -> Vec<&'static str> {
        let mut v: Vec<_> = self
            .ops
            .values()
            .map(|i| i.name)
            .filter(|n| n.split_once('.').map(|(d, _)| d) == Some(dialect))
            .collect();
        v.sort_unstable();
        v
    }
}

/// Proof that a module verified ([`verified`]) and has not changed since, in the manner of
/// naga's `ModuleInfo`: code that needs verified IR (the PTX printer, the race checker) takes a
/// `&Verified`, so calling it on a module nobody verified does not compile.
///
/// The token records the module's content stamp ([`Module::stamp`]) when it was checked, and
/// holds for that module (or a clone of it) until any change. Using a stale token (the module
/// changed since it was verified) is a compiler bug, not an input error: [`Verified::check`]
/// panics, in every build (it is one integer compare), naming the caller.
///
/// Only [`verified`] makes one:
///
/// ```compile_fail
/// let forged = tilec_ir::verify::Verified { stamp: 1 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    stamp: u64,
}

impl Verified {
    /// Does the token still hold for `m` (verified, and unchanged since)?
    pub fn holds_for(&self, m: &Module) -> bool {
        m.has_stamp(self.stamp)
    }
    /// Panics unless the token holds for `m`: `user` (the function that needs verified IR)
    /// was given a token of another module or one that changed after it was verified.
    pub fn check(&self, m: &Module, user: &str) {
        assert!(
            self.holds_for(m),
            "internal error: {user} was given a Verified token that no longer holds: the module changed after it was verified (verify it again after the last change)"
        );
    }
}

/// [`verify_module`], and when it finds no error the token that says so: `(diagnostics,
/// Some(token))`, or the errors and `None`.
pub fn verified(m: &Module, reg: &Registry) -> (Diagnostics, Option<Verified>) {
    let d = verify_module(m, reg);
    let token = (!d.has_errors()).then(|| Verified { stamp: m.stamp() });
    (d, token)
}

/// Runs both stages; returns every problem found.
pub fn verify_module(m: &Module, reg: &Registry) -> Diagnostics {
    let mut d = verify_structure(m, reg);
    if d.has_errors() {
        return d;
    }
    let mut symbols = FxHashMap::default();
    m.walk(&mut |op| {
        check_symbol(m, op, &mut symbols, &mut d);
        let name = m.op_name(op);
        match reg.op(name) {
            Some(info) => {
                if info.traits.isolated_from_above {
                    check_isolated(m, op, &mut d);
                }
                if info.traits.terminator && m.next_op(op).is_some() {
                    d.push(
                        Diagnostic::error(
                            m.op_loc(op),
                            format!("'{name}' must be the last op of its block"),
                        )
                        .with_code(DiagCode::VerifyStructure)
                        .with_op(op),
                    );
                }
                let start = d.len();
                (info.verify)(m, op, &mut d);
                d.default_op_from(start, op);
                d.default_code_from(start, DiagCode::VerifyOp);
            }
            None => {
                let s = name.as_str();
                if let Some((dialect, _)) = s.split_once('.') {
                    if reg.has_dialect(dialect) {
                        d.push(
                            Diagnostic::error(
                                m.op_loc(op),
                                format!("unknown op '{s}' in dialect '{dialect}'"),
                            )
                            .with_code(DiagCode::VerifyUnknownOp)
                            .with_op(op),
                        );
                    }
                }
            }
        }
        WalkControl::Continue
    });
    d
}

/// Stage 2: `op`'s `sym_name`, if any, names no earlier op of its block. Kernels are printed
/// as PTX entries under that name, and ptxas rejects a duplicate definition of a function.
fn check_symbol(
    m: &Module,
    op: Op,
    seen: &mut FxHashMap<(Block, String), Op>,
    d: &mut Diagnostics,
) {
    let (Some(name), Some(block)) = (
        m.attr_as::<String>(op, crate::sym!("sym_name")),
        m.op_block(op),
    ) else {
        return;
    };
    match seen.entry((block, name)) {
        std::collections::hash_map::Entry::Occupied(first) => d.push(
            Diagnostic::error(
                m.op_loc(op),
                format!("redefinition of symbol '@{}'", first.key().1.escape_debug()),
            )
            .with_note(m.op_loc(*first.get()), "previously defined here")
            .with_code(DiagCode::VerifySymbol)
            .with_op(op),
        ),
        std::collections::hash_map::Entry::Vacant(slot) => {
            slot.insert(op);
        }
    }
}

/// Stage 2 for an isolated-from-above op `k`: every operand of an op nested in `k` is defined
/// in `k`'s regions.
fn check_isolated(m: &Module, k: Op, d: &mut Diagnostics) {
    let inside = |mut r: Option<crate::Region>| {
        while let Some(reg) = r {
            let owner = m.region_parent(reg);
            if owner == Some(k) {
                return true;
            }
            r = owner
                .and_then(|o| m.op_block(o))
                .and_then(|b| m.block_parent(b));
        }
        false
    };
    for &r in m.regions(k) {
        for &b in m.region_blocks(r) {
            m.walk_block(b, &mut |o| {
                for (i, &v) in m.operands(o).iter().enumerate() {
                    let def_region = match m.value_def(v) {
                        ValueDef::Result(def, _) => m.op_block(def).and_then(|b| m.block_parent(b)),
                        ValueDef::Arg(b, _) => m.block_parent(b),
                    };
                    if !inside(def_region) {
                        d.push(
                            Diagnostic::error(
                                m.op_loc(o),
                                format!(
                                    "operand #{i} of '{}' is defined outside the enclosing '{}', which is isolated from above (it sees only its arguments and what it defines)",
                                    m.op_name(o),
                                    m.op_name(k)
                                ),
                            )
                            .with_note(m.value_loc(v), "the value is defined here")
                            .with_code(DiagCode::VerifyStructure)
                            .with_op(o),
                        );
                    }
                }
                WalkControl::Continue
            });
        }
    }
}

/// Stage 1: structure and value visibility.
///
/// An explicit stack (nesting depth is the input's to choose) of the blocks being checked: a
/// block is checked op by op in a loop, and only an op with regions suspends it (its regions,
/// then its results, then the rest of the block). Visibility bits are cleared at a block's or
/// region's end by walking it again, so nothing is collected per op or per block.
pub fn verify_structure(m: &Module, reg: &Registry) -> Diagnostics {
    let mut d = Diagnostics::new();
    let mut vis = Visibility {
        bits: vec![0; m.value_capacity()],
    };
    let mut work = vec![Task::BlockStart(m.body())];
    while let Some(t) = work.pop() {
        match t {
            Task::Region(r) => {
                // Every value defined at the top of any block of the region is visible to the
                // region's other blocks (uses may precede definitions across blocks).
                for &b in m.region_blocks(r) {
                    if m.block_parent(b) != Some(r) {
                        d.error(
                            m.region_parent(r).map(|o| m.op_loc(o)).unwrap_or_default(),
                            "internal: a block's parent region is stale",
                        );
                    }
                    block_values(m, b, |v| vis.set(v, REGION, true));
                }
                work.push(Task::RegionEnd(r));
                for &b in m.region_blocks(r).iter().rev() {
                    work.push(Task::BlockStart(b));
                }
            }
            Task::BlockStart(b) => {
                for &a in m.block_args(b) {
                    vis.set(a, ORDERED, true);
                }
                work.push(Task::Block(b, m.first_op(b)));
            }
            Task::Block(block, mut next) => {
                let mut suspended = false;
                while let Some(op) = next {
                    next = m.next_op(op);
                    check_op_structure(m, reg, op, block, &vis, &mut d);
                    if m.regions(op).is_empty() {
                        for r in m.results(op) {
                            vis.set(r, ORDERED, true);
                        }
                        continue;
                    }
                    // The op's results become visible after its regions; then the block goes on.
                    work.push(Task::Block(block, next));
                    work.push(Task::Results(op));
                    for &r in m.regions(op).iter().rev() {
                        work.push(Task::Region(r));
                    }
                    suspended = true;
                    break;
                }
                if !suspended {
                    block_values(m, block, |v| vis.set(v, ORDERED, false));
                }
            }
            Task::Results(op) => {
                for r in m.results(op) {
                    vis.set(r, ORDERED, true);
                }
            }
            Task::RegionEnd(r) => {
                for &b in m.region_blocks(r) {
                    block_values(m, b, |v| vis.set(v, REGION, false));
                }
            }
        }
    }
    d.default_code_from(0, DiagCode::VerifyStructure);
    d
}

/// Calls `f` on `b`'s arguments and on the results of its ops.
fn block_values(m: &Module, b: Block, mut f: impl FnMut(crate::Value)) {
    for &a in m.block_args(b) {
        f(a);
    }
    for o in m.block_ops(b) {
        m.results(o).for_each(&mut f);
    }
}

/// Stage 1 for one op of `block`: its parent pointer, and each operand's visibility.
fn check_op_structure(
    m: &Module,
    reg: &Registry,
    op: Op,
    block: Block,
    vis: &Visibility,
    d: &mut Diagnostics,
) {
    if m.op_block(op) != Some(block) {
        d.error(
            m.op_loc(op),
            format!("internal: op '{}' has a stale parent block", m.op_name(op)),
        );
    }
    for (i, &v) in m.operands(op).iter().enumerate() {
        if vis.get(v, ORDERED) {
            continue;
        }
        let def_block = match m.value_def(v) {
            ValueDef::Result(def, _) => m.op_block(def),
            ValueDef::Arg(b, _) => Some(b),
        };
        // Visible region-wide, the use must sit in another block of the definition's
        // region (a CFG successor); inside the definition's own block — also nested in
        // a later op's regions — it must come after the definition, unless that block
        // is in a graph region.
        let same_block = def_block.and_then(|db| ancestor_in(m, block, db)) == def_block;
        if vis.get(v, REGION)
            && (!same_block || def_block.is_some_and(|db| graph_region(m, reg, db)))
        {
            continue;
        }
        let what = if same_block {
            "is used before it is defined"
        } else {
            "is not visible here (defined in a region that does not enclose this op)"
        };
        d.push(
            Diagnostic::error(
                m.op_loc(op),
                format!("operand #{i} of '{}' {what}", m.op_name(op)),
            )
            .with_note(m.value_loc(v), "the value is defined here")
            .with_op(op),
        );
    }
}

/// The block of `def_block`'s region (or the module body) that contains `block`: `block` itself
/// or the block of an op enclosing it.
fn ancestor_in(m: &Module, block: Block, def_block: Block) -> Option<Block> {
    let target = m.block_parent(def_block);
    let mut b = block;
    loop {
        let r = m.block_parent(b);
        if r == target {
            return Some(b);
        }
        b = m.op_block(m.region_parent(r?)?)?;
    }
}

/// True when `block` belongs to an unregistered op, whose regions may be graph regions.
fn graph_region(m: &Module, reg: &Registry, block: Block) -> bool {
    match m.block_parent(block).and_then(|r| m.region_parent(r)) {
        Some(owner) => reg.op(m.op_name(owner)).is_none(),
        None => false,
    }
}

enum Task {
    /// Make the region's values visible region-wide, then check its blocks.
    Region(crate::Region),
    RegionEnd(crate::Region),
    /// Make the block's arguments visible, then check its ops.
    BlockStart(Block),
    /// Check the block's ops from this one on.
    Block(Block, Option<Op>),
    /// An op with regions: its results become visible once they are checked.
    Results(Op),
}

/// Defined earlier in the same block, or in an enclosing block before the enclosing op.
const ORDERED: u8 = 1;
/// Defined at the top of some block of an enclosing region.
const REGION: u8 = 2;

struct Visibility {
    bits: Vec<u8>,
}

impl Visibility {
    fn set(&mut self, v: crate::Value, bit: u8, on: bool) {
        let i = crate::entity::EntityRef::index(v);
        if i >= self.bits.len() {
            self.bits.resize(i + 1, 0);
        }
        if on {
            self.bits[i] |= bit;
        } else {
            self.bits[i] &= !bit;
        }
    }
    fn get(&self, v: crate::Value, bit: u8) -> bool {
        self.bits
            .get(crate::entity::EntityRef::index(v))
            .is_some_and(|b| b & bit != 0)
    }
}
