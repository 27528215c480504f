//! The staged verifier and the op registry.
//!
//! Stage 1 (structure, no registry needed), every finding collected:
//! - every region's blocks belong to it and every op's parent pointers agree;
//! - an op's operand is visible at the use: defined in the same block before the op, or in a
//!   block of an enclosing region (MLIR's dominance for structured, single-block regions);
//!
//! Stage 2 (registry): an op of a *registered* dialect must be a registered op (unknown ops in a
//! known dialect are errors; ops of other dialects pass, like `--allow-unregistered-dialect`),
//! terminator-trait ops must be last in their block, and the op's own verifier runs. Stage 2 only runs when stage 1 found nothing, so op verifiers may
//! assume well-formed structure.

use crate::diag::{Diagnostic, Diagnostics};
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

/// Runs both stages; returns every problem found.
pub fn verify_module(m: &Module, reg: &Registry) -> Diagnostics {
    let mut d = verify_structure(m);
    if d.has_errors() {
        return d;
    }
    m.walk(&mut |op| {
        let name = m.op_name(op);
        match reg.op(name) {
            Some(info) => {
                if info.traits.terminator && m.next_op(op).is_some() {
                    d.error(
                        m.op_loc(op),
                        format!("'{name}' must be the last op of its block"),
                    );
                }
                (info.verify)(m, op, &mut d)
            }
            None => {
                let s = name.as_str();
                if let Some((dialect, _)) = s.split_once('.') {
                    if reg.has_dialect(dialect) {
                        d.error(
                            m.op_loc(op),
                            format!("unknown op '{s}' in dialect '{dialect}'"),
                        );
                    }
                }
            }
        }
        WalkControl::Continue
    });
    d
}

/// Stage 1: structure and value visibility.
pub fn verify_structure(m: &Module) -> Diagnostics {
    let mut d = Diagnostics::new();
    // Visible values, tracked by entering/leaving blocks in walk order.
    let mut visible = vec![false; m.value_capacity()];
    check_block(m, m.body(), &mut visible, &mut d);
    d
}

fn check_block(m: &Module, b: Block, visible: &mut Vec<bool>, d: &mut Diagnostics) {
    // Explicit stack of (block, next op to visit, values to hide when the block is left).
    struct Frame {
        block: Block,
        next: Option<Op>,
        defined: Vec<crate::Value>,
        /// Results of the previous op: visible once its regions have been checked.
        pending: Vec<crate::Value>,
    }
    let open = |b: Block, visible: &mut Vec<bool>| -> Frame {
        let mut defined = Vec::new();
        for &a in m.block_args(b) {
            set(visible, a, true);
            defined.push(a);
        }
        Frame {
            block: b,
            next: m.first_op(b),
            defined,
            pending: Vec::new(),
        }
    };
    let mut stack = vec![open(b, visible)];
    while let Some(top) = stack.last_mut() {
        for v in std::mem::take(&mut top.pending) {
            set(visible, v, true);
            top.defined.push(v);
        }
        let Some(op) = top.next else {
            let f = stack.pop().expect("frame");
            for v in f.defined {
                set(visible, v, false);
            }
            continue;
        };
        top.next = m.next_op(op);
        let block = top.block;
        if m.op_block(op) != Some(block) {
            d.error(
                m.op_loc(op),
                format!("internal: op '{}' has a stale parent block", m.op_name(op)),
            );
        }
        for (i, &v) in m.operands(op).iter().enumerate() {
            if !get(visible, v) {
                let what = match m.value_def(v) {
                    ValueDef::Result(def, _) if m.op_block(def) == Some(block) => {
                        "is used before it is defined"
                    }
                    ValueDef::Result(..) | ValueDef::Arg(..) => {
                        "is not visible here (defined in a region that does not enclose this op)"
                    }
                };
                d.push(
                    Diagnostic::error(
                        m.op_loc(op),
                        format!("operand #{i} of '{}' {what}", m.op_name(op)),
                    )
                    .with_note(m.value_loc(v), "the value is defined here"),
                );
            }
        }
        // Results become visible after the op's regions (hidden again when the block ends).
        top.pending = m.results(op).collect();
        for r in m.regions(op).iter().rev() {
            for &nb in m.region_blocks(*r).iter().rev() {
                if m.block_parent(nb) != Some(*r) {
                    d.error(m.op_loc(op), "internal: a block's parent region is stale");
                }
                stack.push(open(nb, visible));
            }
        }
    }
}

fn set(visible: &mut Vec<bool>, v: crate::Value, on: bool) {
    let i = crate::entity::EntityRef::index(v);
    if i >= visible.len() {
        visible.resize(i + 1, false);
    }
    visible[i] = on;
}

fn get(visible: &[bool], v: crate::Value) -> bool {
    visible
        .get(crate::entity::EntityRef::index(v))
        .copied()
        .unwrap_or(false)
}
