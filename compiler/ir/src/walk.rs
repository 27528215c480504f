//! Walks over nested ops, and a small builder that inserts at a cursor.
//!
//! Walks use an explicit stack (no recursion), so deeply nested input cannot overflow the stack.

use crate::attrs::{Attr, AttrData, Dict};
use crate::module::{Block, Module, Op, Value};
use crate::source::Loc;
use crate::types::Type;
use crate::Sym;
use smallvec::SmallVec;

/// What a walk callback asks for next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WalkControl {
    /// Visit this op's regions, then go on.
    Continue,
    /// Go on, but do not descend into this op's regions.
    Skip,
    /// Stop the walk.
    Stop,
}

impl Module {
    /// Pre-order walk of every op nested in `block` (ops of a block in order, each before its
    /// regions' contents).
    ///
    /// The stack holds cursors, not ops: the next op to visit at each open nesting level. After
    /// an op come its nested blocks' first ops (in order), then its next sibling, so a walk
    /// allocates per nesting level, never per op.
    pub fn walk_block(&self, block: Block, f: &mut dyn FnMut(Op) -> WalkControl) -> bool {
        let mut stack: Vec<Op> = self.first_op(block).into_iter().collect();
        while let Some(op) = stack.pop() {
            let control = f(op);
            if control == WalkControl::Stop {
                return false;
            }
            if let Some(next) = self.next_op(op) {
                stack.push(next);
            }
            if control == WalkControl::Skip {
                continue;
            }
            for &r in self.regions(op).iter().rev() {
                for &b in self.region_blocks(r).iter().rev() {
                    stack.extend(self.first_op(b));
                }
            }
        }
        true
    }
    /// Pre-order walk of every op of the module.
    pub fn walk(&self, f: &mut dyn FnMut(Op) -> WalkControl) {
        self.walk_block(self.body(), f);
    }
    /// Every op nested in `op`'s regions (not `op` itself), pre-order.
    pub fn nested_ops(&self, op: Op) -> Vec<Op> {
        let mut out = Vec::new();
        for &r in self.regions(op) {
            for &b in self.region_blocks(r) {
                self.walk_block(b, &mut |o| {
                    out.push(o);
                    WalkControl::Continue
                });
            }
        }
        out
    }
    /// Every op of the module, pre-order.
    pub fn all_ops(&self) -> Vec<Op> {
        let mut out = Vec::new();
        self.walk(&mut |o| {
            out.push(o);
            WalkControl::Continue
        });
        out
    }
    /// The top-level ops (the module body).
    pub fn top_ops(&self) -> Vec<Op> {
        self.block_ops(self.body()).collect()
    }
}

/// Where a [`Builder`] inserts.
#[derive(Clone, Copy, Debug)]
pub enum InsertPoint {
    /// At the end of a block.
    End(Block),
    /// Right before an op.
    Before(Op),
}

/// Creates ops at an insertion point, stamping them with one location (passes use the location of
/// the op being lowered, so diagnostics keep pointing at user source).
pub struct Builder<'m> {
    /// The module being built.
    pub m: &'m mut Module,
    /// Where new ops go.
    pub at: InsertPoint,
    /// The location given to new ops.
    pub loc: Loc,
}

impl<'m> Builder<'m> {
    /// A builder appending to `block`.
    pub fn at_end(m: &'m mut Module, block: Block, loc: Loc) -> Builder<'m> {
        Builder {
            m,
            at: InsertPoint::End(block),
            loc,
        }
    }
    /// A builder inserting before `op`.
    pub fn before(m: &'m mut Module, op: Op, loc: Loc) -> Builder<'m> {
        Builder {
            m,
            at: InsertPoint::Before(op),
            loc,
        }
    }
    /// Builds a dictionary from `(key, attribute)` pairs.
    pub fn dict(&mut self, entries: &[(Sym, AttrData)]) -> Dict {
        let v: SmallVec<[(Sym, Attr); 4]> = entries
            .iter()
            .map(|(k, a)| (*k, self.m.attr_ref(a)))
            .collect();
        self.m.dict(&v)
    }
    /// Creates and inserts an op with no regions; returns it.
    pub fn op(
        &mut self,
        name: Sym,
        operands: &[Value],
        results: &[Type],
        attrs: &[(Sym, AttrData)],
    ) -> Op {
        self.op_with_regions(name, operands, results, attrs, 0)
    }
    /// Creates and inserts an op with `regions` empty regions.
    pub fn op_with_regions(
        &mut self,
        name: Sym,
        operands: &[Value],
        results: &[Type],
        attrs: &[(Sym, AttrData)],
        regions: usize,
    ) -> Op {
        let attrs = self.dict(attrs);
        self.op_with_dict(name, operands, results, attrs, regions)
    }
    /// [`Builder::op_with_regions`] with an attribute dictionary already uniqued (a lowering
    /// that copies an op's attributes passes them as they are, without rebuilding them).
    pub fn op_with_dict(
        &mut self,
        name: Sym,
        operands: &[Value],
        results: &[Type],
        attrs: Dict,
        regions: usize,
    ) -> Op {
        let op = self
            .m
            .create_op_from(name, operands, results, attrs, regions, self.loc);
        match self.at {
            InsertPoint::End(b) => self.m.append_op(b, op),
            InsertPoint::Before(anchor) => self.m.insert_before(anchor, op),
        }
        op
    }
    /// [`Builder::value`] with an attribute dictionary already uniqued.
    pub fn value_with_dict(
        &mut self,
        name: Sym,
        operands: &[Value],
        result: Type,
        attrs: Dict,
    ) -> Value {
        let op = self.op_with_dict(name, operands, &[result], attrs, 0);
        self.m.result(op, 0)
    }
    /// Creates an op with one result and returns that result.
    pub fn value(
        &mut self,
        name: Sym,
        operands: &[Value],
        result: Type,
        attrs: &[(Sym, AttrData)],
    ) -> Value {
        let op = self.op(name, operands, &[result], attrs);
        self.m.result(op, 0)
    }
}
