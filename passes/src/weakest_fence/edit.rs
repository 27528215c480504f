//! Reversible edits: the pass tries a rewrite, asks the race checker, and undoes it when the
//! checker (or the target, or the cost) says no. Every change goes through an [`Edits`] log;
//! [`Edits::undo_to`] restores the module exactly (attribute dictionaries, op order, erased ops).

use tilec_dialects::nv_tileas::{Elect, If, Yield};
use tilec_dialects::opdef::{AnyPair, PairOp};
use tilec_ir::walk::Builder;
use tilec_ir::{AttrData, Block, MemScope, MemSemantic, Module, Op, OpView, Sym, Value};

enum Undo {
    /// Restore the attribute dictionary.
    Attrs(Op, tilec_ir::Dict),
    /// Restore the op's name and operands.
    Shape(Op, Sym, Vec<Value>),
    /// Put a detached op back where it was.
    Place(Op, Place),
    /// Erase an op the edit created.
    Created(Op),
}

/// Where an op sat in its block.
#[derive(Clone, Copy)]
enum Place {
    After(Op),
    Before(Op),
    Only(Block),
}

/// A log of edits to undo.
#[derive(Default)]
pub struct Edits {
    log: Vec<Undo>,
}

fn place(m: &Module, op: Op) -> Option<Place> {
    if let Some(p) = m.prev_op(op) {
        return Some(Place::After(p));
    }
    if let Some(n) = m.next_op(op) {
        return Some(Place::Before(n));
    }
    m.op_block(op).map(Place::Only)
}

impl Edits {
    /// Sets (or with None removes) the semantic of `op`, an op with a pair.
    pub fn set_sem(&mut self, m: &mut Module, op: Op, s: impl Into<Option<MemSemantic>>) {
        self.with_attrs(m, op, |m| AnyPair(op).set_sem(m, s.into()));
    }
    /// Sets (or with None removes) the scope of `op`, an op with a pair.
    pub fn set_scope(&mut self, m: &mut Module, op: Op, s: impl Into<Option<MemScope>>) {
        self.with_attrs(m, op, |m| AnyPair(op).set_scope(m, s.into()));
    }
    /// Changes the attributes of `op` through its view's typed setters (`f`), undoably. A
    /// setter keeps an attribute's place in the dictionary, so printed IR changes only in its
    /// value.
    pub fn with_attrs(&mut self, m: &mut Module, op: Op, f: impl FnOnce(&mut Module)) {
        self.log.push(Undo::Attrs(op, m.attrs(op)));
        f(m);
    }
    /// Replaces the whole attribute dictionary of `op`.
    pub fn set_attrs(&mut self, m: &mut Module, op: Op, d: tilec_ir::Dict) {
        self.log.push(Undo::Attrs(op, m.attrs(op)));
        m.set_attrs(op, d);
    }
    /// Every op an edit since `mark` changed, created, moved or removed.
    pub fn touched_since(&self, mark: usize) -> Vec<Op> {
        let mut v: Vec<Op> = self.log[mark..]
            .iter()
            .map(|u| match u {
                Undo::Attrs(op, _)
                | Undo::Shape(op, ..)
                | Undo::Place(op, _)
                | Undo::Created(op) => *op,
            })
            .collect();
        v.sort();
        v.dedup();
        v
    }
    /// Did the edits since `mark` only change attributes and remove ops (none created, moved
    /// or renamed)?
    pub fn forms_only(&self, m: &Module, mark: usize) -> bool {
        self.log[mark..].iter().all(|u| match u {
            Undo::Attrs(..) => true,
            Undo::Place(op, _) => m.op_block(*op).is_none(),
            Undo::Shape(..) | Undo::Created(_) => false,
        })
    }
    /// The ops created between two marks.
    pub fn created_between(&self, from: usize, to: usize) -> Vec<Op> {
        self.log[from..to]
            .iter()
            .filter_map(|u| match u {
                Undo::Created(op) => Some(*op),
                _ => None,
            })
            .collect()
    }
    /// Renames `op` and replaces its operands.
    pub fn reshape(&mut self, m: &mut Module, op: Op, name: Sym, operands: &[Value]) {
        self.log
            .push(Undo::Shape(op, m.op_name(op), m.operands(op).to_vec()));
        m.set_op_name(op, name);
        m.set_operands(op, operands);
    }
    /// Detaches `op` (undo puts it back).
    pub fn remove(&mut self, m: &mut Module, op: Op) {
        if let Some(p) = place(m, op) {
            self.log.push(Undo::Place(op, p));
            m.detach(op);
        }
    }
    /// Moves `op` right after `anchor`.
    pub fn move_after(&mut self, m: &mut Module, op: Op, anchor: Op) {
        self.remove(m, op);
        m.insert_after(anchor, op);
    }
    /// Creates an op with no regions right before (or after) `anchor`, with `anchor`'s location.
    pub fn create(
        &mut self,
        m: &mut Module,
        anchor: Op,
        after: bool,
        name: Sym,
        attrs: &[(Sym, AttrData)],
    ) -> Op {
        let loc = m.op_loc(anchor);
        let op = Builder::before(m, anchor, loc).op(name, &[], &[], attrs);
        if after {
            m.detach(op);
            m.insert_after(anchor, op);
        }
        self.log.push(Undo::Created(op));
        op
    }
    /// Creates an op with operands and results right before `anchor`, with `anchor`'s location.
    pub fn create_before(
        &mut self,
        m: &mut Module,
        anchor: Op,
        name: Sym,
        operands: &[Value],
        results: &[tilec_ir::Type],
        attrs: &[(Sym, AttrData)],
    ) -> Op {
        let loc = m.op_loc(anchor);
        let op = Builder::before(m, anchor, loc).op(name, operands, results, attrs);
        self.log.push(Undo::Created(op));
        op
    }
    /// Creates `nv_tileas.if(cond)` right before `anchor`; returns the terminators of its then
    /// and else regions (new ops go before them).
    pub fn create_if(&mut self, m: &mut Module, anchor: Op, cond: Value) -> (Op, Op) {
        let loc = m.op_loc(anchor);
        let op =
            Builder::before(m, anchor, loc).op_with_regions(If::name_sym(), &[cond], &[], &[], 2);
        self.log.push(Undo::Created(op));
        let region = |m: &mut Module, r| {
            let b = m.new_block();
            m.push_block(r, b);
            Builder::at_end(m, b, loc).op(Yield::name_sym(), &[], &[], &[])
        };
        let (then, other) = (m.regions(op)[0], m.regions(op)[1]);
        (region(m, then), region(m, other))
    }
    /// Wraps `op` in a new `nv_tileas.elect` region (run by one thread) in its place.
    pub fn wrap_in_elect(&mut self, m: &mut Module, op: Op) -> Op {
        let loc = m.op_loc(op);
        let elect =
            Builder::before(m, op, loc).op_with_regions(Elect::name_sym(), &[], &[], &[], 1);
        self.log.push(Undo::Created(elect));
        let r = m.regions(elect)[0];
        let b = m.new_block();
        m.push_block(r, b);
        self.remove(m, op);
        m.append_op(b, op);
        let y = m.create_op(tilec_ir::OpSpec {
            name: Yield::name_sym(),
            operands: Vec::new(),
            results: Vec::new(),
            attrs: m.empty_dict(),
            regions: 0,
            successors: Vec::new(),
            loc,
        });
        m.append_op(b, y);
        elect
    }
    /// How many edits are logged (a mark for [`Edits::undo_to`]).
    pub fn mark(&self) -> usize {
        self.log.len()
    }
    /// Undoes every edit after `mark`, newest first.
    pub fn undo_to(&mut self, m: &mut Module, mark: usize) {
        while self.log.len() > mark {
            match self.log.pop().expect("len > mark") {
                Undo::Attrs(op, d) => m.set_attrs(op, d),
                Undo::Shape(op, name, ops) => {
                    m.set_op_name(op, name);
                    m.set_operands(op, &ops);
                }
                Undo::Place(op, p) => {
                    m.detach(op);
                    match p {
                        Place::After(a) => m.insert_after(a, op),
                        Place::Before(a) => m.insert_before(a, op),
                        Place::Only(b) => m.append_op(b, op),
                    }
                }
                Undo::Created(op) => m.erase_op(op),
            }
        }
    }
    /// Keeps every edit (forgets the log).
    pub fn commit(&mut self) {
        self.log.clear();
    }
}
