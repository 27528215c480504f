//! The IR container: arenas of ops, values, blocks and regions, plus the uniquing tables.
//!
//! Invariants (checked by [`crate::verify::verify_structure`]):
//! - an op is in at most one block; a block's ops form a doubly linked list (`first`/`last`,
//!   `prev`/`next`), so inserting and erasing are O(1);
//! - an op's results are allocated contiguously when the op is created and never change count;
//! - a value is either the `index`-th result of one op or the `index`-th argument of one block;
//! - erased ops stay in the arena (handles never dangle while a pass runs) but are unlinked and
//!   marked dead; [`Module::compact`] drops them between passes, renumbering every handle.
//!
//! Locations live in side tables ([`Module::op_loc`], [`Module::value_loc`]).
//!
//! The uniquing tables are Fx-hashed (as rustc's interners are): lowerings unique an attribute
//! dictionary for every op they create, so a million-op kernel hashes millions of small keys,
//! and SipHash was a visible share of every pass that builds ops.

use crate::attrs::{Attr, AttrData, Dict, FromAttr};
use crate::entity::{Arena, EntityRef, SecondaryMap};
use crate::entity_handle;
use crate::source::Loc;
use crate::types::{FloatKind, Type, TypeData};
use crate::Sym;
use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicU64, Ordering};

mod compact;
mod debug;

/// An insertion-ordered uniquing table (the index is the handle).
type Interner<T> = IndexSet<T, FxBuildHasher>;

entity_handle!(
    /// An operation.
    Op,
    "op"
);
entity_handle!(
    /// An SSA value: an op result or a block argument.
    Value,
    "%v"
);
entity_handle!(
    /// A basic block.
    Block,
    "^bb"
);
entity_handle!(
    /// A region: an ordered list of blocks owned by an op.
    Region,
    "region"
);

/// Where a value comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// The `index`-th result of `op`.
    Result(Op, u32),
    /// The `index`-th argument of `block`.
    Arg(Block, u32),
}

/// A value's record.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// Its type.
    pub ty: Type,
    /// Its definition.
    pub def: ValueDef,
}

/// An operation's record.
#[derive(Clone, Debug)]
pub struct OpData {
    /// The full name, `dialect.op`.
    pub name: Sym,
    /// Operands, in order.
    pub operands: SmallVec<[Value; 3]>,
    first_result: Option<Value>,
    num_results: u32,
    /// The attribute dictionary.
    pub attrs: Dict,
    /// Regions and successors, which few ops have: one pointer in every op's record instead of
    /// two slices (the record is most of a large module's memory, dead ops of earlier
    /// dialects included).
    nested: Option<Box<Nested>>,
    parent: Option<Block>,
    prev: Option<Op>,
    next: Option<Op>,
    dead: bool,
}

/// The regions and successors of an op that has any.
#[derive(Clone, Debug, Default)]
struct Nested {
    regions: Box<[Region]>,
    successors: Box<[Block]>,
}

impl OpData {
    /// Owned regions.
    pub fn regions(&self) -> &[Region] {
        self.nested.as_ref().map_or(&[], |n| &n.regions)
    }
    /// Successor blocks (for terminators of CFG regions).
    pub fn successors(&self) -> &[Block] {
        self.nested.as_ref().map_or(&[], |n| &n.successors)
    }
    fn nested_mut(&mut self) -> &mut Nested {
        self.nested.get_or_insert_with(Box::default)
    }
}

/// A block's record.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    args: Vec<Value>,
    first: Option<Op>,
    last: Option<Op>,
    parent: Option<Region>,
}

/// A region's record.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    blocks: Vec<Block>,
    parent: Option<Op>,
}

/// Everything needed to create an op (see [`Module::create_op`]).
#[derive(Clone, Debug)]
pub struct OpSpec {
    /// `dialect.op`.
    pub name: Sym,
    /// Operands.
    pub operands: Vec<Value>,
    /// Result types (one result value is created per type).
    pub results: Vec<Type>,
    /// Attributes.
    pub attrs: Dict,
    /// How many (empty) regions to create.
    pub regions: usize,
    /// Successor blocks.
    pub successors: Vec<Block>,
    /// Source location.
    pub loc: Loc,
}

/// The scalar parts of an [`OpSpec`] (what [`Module::create_op`] and
/// [`Module::create_op_from`] share).
struct OpShape {
    name: Sym,
    attrs: Dict,
    regions: usize,
    loc: Loc,
}

/// The cell of [`Module::stamp`]: atomic so that the stamp is handed out through `&self` and a
/// module stays `Sync`; a clone starts with its original's stamp.
#[derive(Debug, Default)]
struct StampCell(AtomicU64);

impl Clone for StampCell {
    fn clone(&self) -> StampCell {
        StampCell(AtomicU64::new(self.0.load(Ordering::Relaxed)))
    }
}

/// The IR of one compilation unit: an implicit `builtin.module` whose body is [`Module::body`].
#[derive(Clone, Debug)]
pub struct Module {
    ops: Arena<Op, OpData>,
    values: Arena<Value, ValueData>,
    blocks: Arena<Block, BlockData>,
    regions: Arena<Region, RegionData>,
    types: Interner<TypeData>,
    attrs: Interner<AttrData>,
    dicts: Interner<Box<[(Sym, Attr)]>>,
    op_locs: SecondaryMap<Op, Loc>,
    value_locs: SecondaryMap<Value, Loc>,
    body: Block,
    /// How many op records are erased ops ([`Module::compact`] drops them).
    erased: usize,
    /// The content's stamp ([`Module::stamp`]); 0 when it changed since the last one was
    /// handed out.
    stamp: StampCell,
    /// Attributes of the `builtin.module` wrapper (e.g. `sym_name`).
    pub module_attrs: Dict,
    /// Location of the `builtin.module` wrapper, when the text had one.
    pub module_loc: Loc,
    /// Per op: the location attribute its text gave it (`loc(…)`, debuginfo.rs).
    debug_locs: SecondaryMap<Op, Option<Attr>>,
    /// Named attributes (`#name = …`), in the order they were defined.
    aliases: indexmap::IndexMap<Sym, Attr>,
}

impl Default for Module {
    fn default() -> Self {
        Module::new()
    }
}

impl Module {
    /// An empty module.
    pub fn new() -> Module {
        let mut dicts = Interner::default();
        dicts.insert(Box::<[(Sym, Attr)]>::default());
        let mut blocks = Arena::default();
        let body = blocks.push(BlockData::default());
        Module {
            ops: Arena::default(),
            values: Arena::default(),
            blocks,
            regions: Arena::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            dicts,
            op_locs: SecondaryMap::default(),
            value_locs: SecondaryMap::default(),
            body,
            erased: 0,
            stamp: StampCell::default(),
            module_attrs: Dict::new(0),
            module_loc: Loc::default(),
            debug_locs: SecondaryMap::default(),
            aliases: indexmap::IndexMap::new(),
        }
    }

    /// Pre-allocates room for about `n` ops (the parser's guess from the input size).
    pub fn reserve_ops(&mut self, n: usize) {
        self.changed();
        self.ops.reserve(n);
        self.values.reserve(n);
    }

    /// The top-level block (the body of the implicit module).
    pub fn body(&self) -> Block {
        self.body
    }

    /// Number of ops ever created (erased ones included).
    pub fn op_capacity(&self) -> usize {
        self.ops.len()
    }

    /// A number that names the module's ops, values, blocks, regions and tables as they are
    /// now: no other content ever gets it. Two calls return the same number exactly when
    /// nothing changed the module in between (every `&mut self` method but this one counts as
    /// a change; the public `module_attrs` and `module_loc` are not covered); a clone keeps its
    /// original's stamp until either changes. Passes key what they learn of a module by it: an
    /// analysis kept for a later pass is valid while the stamp is the same (and a
    /// [`crate::verify::Verified`] token holds while it is).
    ///
    /// Reading it needs no `&mut`: handing out the number changes no content.
    pub fn stamp(&self) -> u64 {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let now = self.stamp.0.load(Ordering::Relaxed);
        if now != 0 {
            return now;
        }
        let fresh = NEXT.fetch_add(1, Ordering::Relaxed);
        // Two readers of one module may race to stamp it: the first number stays.
        match self
            .stamp
            .0
            .compare_exchange(0, fresh, Ordering::Relaxed, Ordering::Relaxed)
        {
            Ok(_) => fresh,
            Err(first) => first,
        }
    }

    /// True when nothing changed the module since [`Module::stamp`] returned `stamp`.
    pub fn has_stamp(&self, stamp: u64) -> bool {
        stamp != 0 && self.stamp.0.load(Ordering::Relaxed) == stamp
    }

    /// Marks the content changed: the next [`Module::stamp`] is a new number.
    #[inline]
    fn changed(&mut self) {
        *self.stamp.0.get_mut() = 0;
    }

    // ---- types -------------------------------------------------------------------------------

    /// Uniques a type.
    pub fn ty(&mut self, data: TypeData) -> Type {
        self.changed();
        if let Some(i) = self.types.get_index_of(&data) {
            return Type::new(i);
        }
        Type::new(self.types.insert_full(data).0)
    }
    /// What a type is.
    pub fn type_data(&self, t: Type) -> &TypeData {
        &self.types[t.index()]
    }
    /// `iN`.
    pub fn int_type(&mut self, width: u16) -> Type {
        self.changed();
        self.ty(TypeData::Int(width))
    }
    /// A builtin float type.
    pub fn float_type(&mut self, k: FloatKind) -> Type {
        self.changed();
        self.ty(TypeData::Float(k))
    }
    /// `index`.
    pub fn index_type(&mut self) -> Type {
        self.changed();
        self.ty(TypeData::Index)
    }

    // ---- attributes --------------------------------------------------------------------------

    /// Uniques an attribute.
    pub fn attr(&mut self, data: AttrData) -> Attr {
        self.changed();
        if let Some(i) = self.attrs.get_index_of(&data) {
            return Attr::new(i);
        }
        Attr::new(self.attrs.insert_full(data).0)
    }
    /// Uniques a borrowed attribute: cloned only when it is not in the table yet (builders pass
    /// the same few attributes for every op they create).
    pub fn attr_ref(&mut self, data: &AttrData) -> Attr {
        self.changed();
        match self.attrs.get_index_of(data) {
            Some(i) => Attr::new(i),
            None => Attr::new(self.attrs.insert_full(data.clone()).0),
        }
    }
    /// What an attribute is.
    pub fn attr_data(&self, a: Attr) -> &AttrData {
        &self.attrs[a.index()]
    }
    /// Uniques a dictionary; later duplicates of a key replace earlier ones in place.
    pub fn dict(&mut self, entries: &[(Sym, Attr)]) -> Dict {
        self.changed();
        if entries.is_empty() {
            return self.empty_dict();
        }
        // Distinct keys (what builders pass) are looked up as given: nothing is allocated unless
        // the dictionary is new.
        let distinct = entries
            .iter()
            .enumerate()
            .all(|(i, e)| entries[..i].iter().all(|x| x.0 != e.0));
        if distinct {
            return match self.dicts.get_index_of(entries) {
                Some(i) => Dict::new(i),
                None => Dict::new(self.dicts.insert_full(entries.into()).0),
            };
        }
        let mut v: Vec<(Sym, Attr)> = Vec::with_capacity(entries.len());
        for &(k, a) in entries {
            match v.iter_mut().find(|e| e.0 == k) {
                Some(e) => e.1 = a,
                None => v.push((k, a)),
            }
        }
        let v = v.into_boxed_slice();
        if let Some(i) = self.dicts.get_index_of(&v) {
            return Dict::new(i);
        }
        Dict::new(self.dicts.insert_full(v).0)
    }
    /// The dictionary's entries, in order.
    pub fn dict_entries(&self, d: Dict) -> &[(Sym, Attr)] {
        &self.dicts[d.index()]
    }
    /// The empty dictionary.
    pub fn empty_dict(&self) -> Dict {
        Dict::new(0)
    }

    // ---- ops ---------------------------------------------------------------------------------

    /// Creates a detached op with fresh result values and empty regions.
    pub fn create_op(&mut self, spec: OpSpec) -> Op {
        self.changed();
        let shape = OpShape {
            name: spec.name,
            attrs: spec.attrs,
            regions: spec.regions,
            loc: spec.loc,
        };
        let successors = spec.successors.into_boxed_slice();
        self.create(
            shape,
            SmallVec::from_vec(spec.operands),
            &spec.results,
            successors,
        )
    }
    /// [`Module::create_op`] from borrowed operands and result types, with no successors (what
    /// builders create: nothing is allocated for up to three operands and no regions).
    pub fn create_op_from(
        &mut self,
        name: Sym,
        operands: &[Value],
        results: &[Type],
        attrs: Dict,
        regions: usize,
        loc: Loc,
    ) -> Op {
        self.changed();
        let shape = OpShape {
            name,
            attrs,
            regions,
            loc,
        };
        self.create(
            shape,
            SmallVec::from_slice(operands),
            results,
            Box::default(),
        )
    }
    fn create(
        &mut self,
        shape: OpShape,
        operands: SmallVec<[Value; 3]>,
        results: &[Type],
        successors: Box<[Block]>,
    ) -> Op {
        self.changed();
        let op = self.ops.push(OpData {
            name: shape.name,
            operands,
            first_result: None,
            num_results: results.len() as u32,
            attrs: shape.attrs,
            nested: None,
            parent: None,
            prev: None,
            next: None,
            dead: false,
        });
        let mut first = None;
        for (i, &ty) in results.iter().enumerate() {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::Result(op, i as u32),
            });
            first.get_or_insert(v);
        }
        let data = &mut self.ops[op];
        data.first_result = first;
        if shape.regions > 0 || !successors.is_empty() {
            let regions: Box<[Region]> = (0..shape.regions)
                .map(|_| {
                    self.regions.push(RegionData {
                        blocks: Vec::new(),
                        parent: Some(op),
                    })
                })
                .collect();
            let data = &mut self.ops[op];
            data.nested = Some(Box::new(Nested {
                regions,
                successors,
            }));
        }
        if !shape.loc.is_unknown() {
            self.op_locs.set(op, shape.loc);
            if let Some(f) = first {
                for i in 0..self.ops[op].num_results as usize {
                    self.value_locs.set(Value::new(f.index() + i), shape.loc);
                }
            }
        }
        op
    }
    /// The op's record.
    pub fn op(&self, op: Op) -> &OpData {
        &self.ops[op]
    }
    /// The op's name.
    #[inline]
    pub fn op_name(&self, op: Op) -> Sym {
        self.ops[op].name
    }
    /// Renames `op` (lowerings that map an op 1:1 onto the next dialect rename in place).
    pub fn set_op_name(&mut self, op: Op, name: Sym) {
        self.changed();
        self.ops[op].name = name;
    }
    /// The op's operands.
    #[inline]
    pub fn operands(&self, op: Op) -> &[Value] {
        &self.ops[op].operands
    }
    /// Replaces operand `i` of `op`.
    pub fn set_operand(&mut self, op: Op, i: usize, v: Value) {
        self.changed();
        self.ops[op].operands[i] = v;
    }
    /// Replaces all operands of `op`.
    pub fn set_operands(&mut self, op: Op, vs: &[Value]) {
        self.changed();
        self.ops[op].operands = SmallVec::from_slice(vs);
    }
    /// Number of results.
    #[inline]
    pub fn num_results(&self, op: Op) -> usize {
        self.ops[op].num_results as usize
    }
    /// Result `i` of `op`.
    pub fn result(&self, op: Op, i: usize) -> Value {
        assert!(i < self.num_results(op), "result index out of range");
        Value::new(self.ops[op].first_result.map_or(0, |f| f.index()) + i)
    }
    /// All results of `op`.
    pub fn results(&self, op: Op) -> impl ExactSizeIterator<Item = Value> + use<> {
        let d = &self.ops[op];
        let base = d.first_result.map_or(0, |f| f.index());
        (base..base + d.num_results as usize).map(Value::new)
    }
    /// The op's regions.
    pub fn regions(&self, op: Op) -> &[Region] {
        self.ops[op].regions()
    }
    /// The op's successors.
    pub fn successors(&self, op: Op) -> &[Block] {
        self.ops[op].successors()
    }
    /// Sets the successor list of `op`.
    pub fn set_successors(&mut self, op: Op, succ: &[Block]) {
        self.changed();
        self.ops[op].nested_mut().successors = succ.into();
    }
    /// The op's attribute dictionary.
    pub fn attrs(&self, op: Op) -> Dict {
        self.ops[op].attrs
    }
    /// Replaces the op's attribute dictionary.
    pub fn set_attrs(&mut self, op: Op, d: Dict) {
        self.changed();
        self.ops[op].attrs = d;
    }
    /// The attribute stored under `key`, if any.
    pub fn get_attr(&self, op: Op, key: Sym) -> Option<&AttrData> {
        self.dict_entries(self.ops[op].attrs)
            .iter()
            .find(|e| e.0 == key)
            .map(|e| self.attr_data(e.1))
    }
    /// The attribute under `key`, converted to `T` (None when absent or of another kind).
    pub fn attr_as<T: FromAttr>(&self, op: Op, key: Sym) -> Option<T> {
        self.get_attr(op, key).and_then(T::from_attr)
    }
    /// Sets (adds or replaces) attribute `key`.
    pub fn set_attr(&mut self, op: Op, key: Sym, value: AttrData) {
        self.changed();
        let a = self.attr(value);
        let mut entries = self.dict_entries(self.ops[op].attrs).to_vec();
        entries.push((key, a));
        let d = self.dict(&entries);
        self.ops[op].attrs = d;
    }
    /// Removes attribute `key` (no-op when absent).
    pub fn remove_attr(&mut self, op: Op, key: Sym) {
        self.changed();
        let entries: Vec<_> = self
            .dict_entries(self.ops[op].attrs)
            .iter()
            .copied()
            .filter(|e| e.0 != key)
            .collect();
        let d = self.dict(&entries);
        self.ops[op].attrs = d;
    }
    /// The op's location.
    pub fn op_loc(&self, op: Op) -> Loc {
        *self.op_locs.get(op)
    }
    /// Sets the op's location.
    pub fn set_op_loc(&mut self, op: Op, loc: Loc) {
        self.changed();
        self.op_locs.set(op, loc);
    }
    /// True when the op was erased.
    pub fn is_erased(&self, op: Op) -> bool {
        self.ops[op].dead
    }

    // ---- values ------------------------------------------------------------------------------

    /// The value's type.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }
    /// Changes the value's type (used when a lowering retypes values in place).
    pub fn set_value_type(&mut self, v: Value, t: Type) {
        self.changed();
        self.values[v].ty = t;
    }
    /// The value's definition.
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }
    /// The op defining `v`, when it is an op result.
    pub fn defining_op(&self, v: Value) -> Option<Op> {
        match self.values[v].def {
            ValueDef::Result(op, _) => Some(op),
            ValueDef::Arg(..) => None,
        }
    }
    /// The value's location.
    pub fn value_loc(&self, v: Value) -> Loc {
        *self.value_locs.get(v)
    }
    /// Sets the value's location.
    pub fn set_value_loc(&mut self, v: Value, loc: Loc) {
        self.changed();
        self.value_locs.set(v, loc);
    }
    /// Number of values ever created.
    pub fn value_capacity(&self) -> usize {
        self.values.len()
    }

    // ---- blocks and regions ------------------------------------------------------------------

    /// Appends a new block with arguments of `arg_types` to `region`.
    pub fn append_block(&mut self, region: Region, arg_types: &[Type]) -> Block {
        self.changed();
        let b = self.blocks.push(BlockData {
            parent: Some(region),
            ..BlockData::default()
        });
        for (i, &ty) in arg_types.iter().enumerate() {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::Arg(b, i as u32),
            });
            self.blocks[b].args.push(v);
        }
        self.regions[region].blocks.push(b);
        b
    }
    /// A new region owned by no op yet (see [`Module::attach_regions`]).
    pub fn new_region(&mut self) -> Region {
        self.changed();
        self.regions.push(RegionData::default())
    }
    /// Appends detached regions to `op`'s region list.
    pub fn attach_regions(&mut self, op: Op, regions: Vec<Region>) {
        self.changed();
        if regions.is_empty() {
            return;
        }
        for &r in &regions {
            assert!(
                self.regions[r].parent.is_none(),
                "region {r} already has an owner"
            );
            self.regions[r].parent = Some(op);
        }
        let mut all = self.ops[op].regions().to_vec();
        all.extend(regions);
        self.ops[op].nested_mut().regions = all.into_boxed_slice();
    }
    /// A new block in no region yet (see [`Module::push_block`]).
    pub fn new_block(&mut self) -> Block {
        self.changed();
        self.blocks.push(BlockData::default())
    }
    /// Appends a detached block to `region`.
    pub fn push_block(&mut self, region: Region, block: Block) {
        self.changed();
        assert!(
            self.blocks[block].parent.is_none(),
            "block {block} is already in a region"
        );
        self.blocks[block].parent = Some(region);
        self.regions[region].blocks.push(block);
    }
    /// Adds one argument to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type, loc: Loc) -> Value {
        self.changed();
        let idx = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::Arg(block, idx),
        });
        self.blocks[block].args.push(v);
        self.value_locs.set(v, loc);
        v
    }
    /// The block's arguments.
    pub fn block_args(&self, b: Block) -> &[Value] {
        &self.blocks[b].args
    }
    /// The region holding `b` (None for the module body).
    pub fn block_parent(&self, b: Block) -> Option<Region> {
        self.blocks[b].parent
    }
    /// The op owning `r`.
    pub fn region_parent(&self, r: Region) -> Option<Op> {
        self.regions[r].parent
    }
    /// The region's blocks, in order.
    pub fn region_blocks(&self, r: Region) -> &[Block] {
        &self.regions[r].blocks
    }
    /// The first block of `r`, if any.
    pub fn entry_block(&self, r: Region) -> Option<Block> {
        self.regions[r].blocks.first().copied()
    }
    /// The block containing `op`, when attached.
    pub fn op_block(&self, op: Op) -> Option<Block> {
        self.ops[op].parent
    }
    /// The op whose region contains `op` (None at top level or when detached).
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        self.ops[op]
            .parent
            .and_then(|b| self.blocks[b].parent)
            .and_then(|r| self.regions[r].parent)
    }
    /// The ops whose regions hold `op`, innermost first.
    pub fn ancestors(&self, op: Op) -> impl Iterator<Item = Op> + '_ {
        std::iter::successors(self.parent_op(op), move |&p| self.parent_op(p))
    }
    /// The ops of `b`, in order.
    pub fn block_ops(&self, b: Block) -> BlockOps<'_> {
        BlockOps {
            m: self,
            next: self.blocks[b].first,
        }
    }
    /// The first op of `b`.
    pub fn first_op(&self, b: Block) -> Option<Op> {
        self.blocks[b].first
    }
    /// The last op of `b` (its terminator in a well-formed CFG block).
    pub fn last_op(&self, b: Block) -> Option<Op> {
        self.blocks[b].last
    }
    /// The op after `op` in its block.
    pub fn next_op(&self, op: Op) -> Option<Op> {
        self.ops[op].next
    }
    /// The op before `op` in its block.
    pub fn prev_op(&self, op: Op) -> Option<Op> {
        self.ops[op].prev
    }

    // ---- layout mutation ---------------------------------------------------------------------

    /// Appends a detached op at the end of `b`.
    pub fn append_op(&mut self, b: Block, op: Op) {
        self.changed();
        self.assert_detached(op);
        let last = self.blocks[b].last;
        self.ops[op].parent = Some(b);
        self.ops[op].prev = last;
        match last {
            Some(l) => self.ops[l].next = Some(op),
            None => self.blocks[b].first = Some(op),
        }
        self.blocks[b].last = Some(op);
    }
    /// Inserts a detached op right before `anchor`.
    pub fn insert_before(&mut self, anchor: Op, op: Op) {
        self.changed();
        self.assert_detached(op);
        let b = self.ops[anchor]
            .parent
            .expect("insert_before: anchor is not in a block");
        let prev = self.ops[anchor].prev;
        self.ops[op].parent = Some(b);
        self.ops[op].prev = prev;
        self.ops[op].next = Some(anchor);
        self.ops[anchor].prev = Some(op);
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[b].first = Some(op),
        }
    }
    /// Inserts a detached op right after `anchor`.
    pub fn insert_after(&mut self, anchor: Op, op: Op) {
        self.changed();
        match self.ops[anchor].next {
            Some(n) => self.insert_before(n, op),
            None => {
                let b = self.ops[anchor]
                    .parent
                    .expect("insert_after: anchor is not in a block");
                self.append_op(b, op);
            }
        }
    }
    /// Unlinks `op` from its block (it can be re-inserted elsewhere).
    pub fn detach(&mut self, op: Op) {
        self.changed();
        let Some(b) = self.ops[op].parent else { return };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[b].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[b].last = prev,
        }
        let d = &mut self.ops[op];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }
    /// Unlinks `op` and marks it (and everything nested in it) erased.
    pub fn erase_op(&mut self, op: Op) {
        self.changed();
        self.detach(op);
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            self.erased += usize::from(!self.ops[o].dead);
            self.ops[o].dead = true;
            for &r in self.ops[o].regions() {
                for &b in &self.regions[r].blocks {
                    stack.extend(self.block_ops(b));
                }
            }
        }
    }
    /// Moves every op of `from` to the end of `to` (block arguments are not touched).
    pub fn splice_block(&mut self, from: Block, to: Block) {
        self.changed();
        if from == to {
            return;
        }
        while let Some(op) = self.blocks[from].first {
            self.detach(op);
            self.append_op(to, op);
        }
    }
    /// Replaces every use of `old` by `new` in the whole module (O(module size); for many
    /// replacements build a value map instead).
    pub fn replace_all_uses(&mut self, old: Value, new: Value) {
        self.changed();
        for op in self.ops.keys() {
            if self.ops[op].dead {
                continue;
            }
            for v in self.ops[op].operands.iter_mut() {
                if *v == old {
                    *v = new;
                }
            }
        }
    }
    /// A detached deep copy of `op`: its regions, blocks and block arguments are copied too.
    /// Operands are looked up in `map` (a value not in it is used as is, e.g. one defined
    /// outside `op`); every result and block argument of the copy is entered into `map`, so
    /// copying a run of ops in order rewires their uses among themselves.
    pub fn clone_op(&mut self, op: Op, map: &mut rustc_hash::FxHashMap<Value, Value>) -> Op {
        self.changed();
        let d = &self.ops[op];
        let spec = OpSpec {
            name: d.name,
            operands: d
                .operands
                .iter()
                .map(|v| *map.get(v).unwrap_or(v))
                .collect(),
            results: self.results(op).map(|v| self.values[v].ty).collect(),
            attrs: d.attrs,
            regions: 0,
            successors: d.successors().to_vec(),
            loc: self.op_loc(op),
        };
        let copy = self.create_op(spec);
        for (a, b) in self.results(op).zip(self.results(copy)) {
            map.insert(a, b);
        }
        let regions = self.ops[op].regions().to_vec();
        let mut copies = Vec::with_capacity(regions.len());
        for r in regions {
            let nr = self.new_region();
            for b in self.regions[r].blocks.clone() {
                let nb = self.new_block();
                for a in self.blocks[b].args.clone() {
                    let na = self.add_block_arg(nb, self.values[a].ty, self.value_loc(a));
                    map.insert(a, na);
                }
                self.push_block(nr, nb);
                for o in self.block_ops(b).collect::<Vec<_>>() {
                    let c = self.clone_op(o, map);
                    self.append_op(nb, c);
                }
            }
            copies.push(nr);
        }
        self.attach_regions(copy, copies);
        copy
    }
    fn assert_detached(&self, op: Op) {
        assert!(
            self.ops[op].parent.is_none(),
            "op {op} is already in a block"
        );
        assert!(!self.ops[op].dead, "op {op} was erased");
    }
}

/// Iterator over the ops of a block (see [`Module::block_ops`]).
pub struct BlockOps<'m> {
    m: &'m Module,
    next: Option<Op>,
}

impl Iterator for BlockOps<'_> {
    type Item = Op;
    fn next(&mut self) -> Option<Op> {
        let op = self.next?;
        self.next = self.m.ops[op].next;
        Some(op)
    }
}
