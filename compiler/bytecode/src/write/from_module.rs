//! A module of cuda_tile kernels to a [`Bytecode`]: the inverse of the lift
//! ([`crate::to_module`]).
//!
//! - every `cuda_tile.entry` (at the top or inside a `cuda_tile.module`) becomes a kernel of
//!   the function section, its block arguments the parameters;
//! - every `cuda_tile.global` a global of the global section (its name, its value's tile type
//!   and data in the constant table, its alignment, and from 13.3 its visibility and constness;
//!   a private or constant global at an older version is a located error, as NVIDIA's writer
//!   has it);
//! - each op goes through its opcode's layout (`ops_table`): its cuda_tile kind names the row
//!   (tilec's `extsi`, `divui`, `sitofp`, … are NVIDIA's `exti`, `divi`, `itof` with a
//!   signedness), the attribute fields are filled from the op's attributes ([`super::attrs`]),
//!   the operand fields from its operands ([`split_operands`]), the flags word from which
//!   optional fields are present;
//! - value ids are numbered as the reader numbers them: parameters first, a region's values
//!   from the count at its op (restored after it), an op's results after its regions.
//!
//! What Tile IR bytecode cannot say (tilec's extensions: the `cluster` scope, the `sc`
//! semantic, `fence_tko`, `num_threads`; an op NVIDIA's format has no opcode for; a field of a
//! newer version than the one written) is one located error per op, never a silent change.

use super::attrs::{attr_value, AttrCx};
use super::layout::{index_count, nvidia_layout, split_operands, unit_flags};
use crate::model::{
    BlockRecord, Bytecode, ConstId, Function, Global, OpAttr, OpRecord, Padding, Scalar,
    SectionInfo, SectionKind, StringId, TypeDef, TypeId, Version,
};
use crate::ops_table::{AttrKind, Field, Gate};
use indexmap::IndexSet;
use std::collections::{HashMap, HashSet};
use tilec_dialects::cuda_tile::tensor_views::{PartitionView, TensorView};
use tilec_dialects::cuda_tile::{self as ct, OpKind};
use tilec_dialects::types::{is_token, ptr_info, tile_shape};
use tilec_ir::{
    AttrData, Block, DiagCode, Diagnostic, Diagnostics, Module, Op, OpView, Type, TypeData, Value,
    DYNAMIC,
};

/// What cannot be written (the reason).
pub(super) type R<T> = Result<T, String>;

/// The bytecode of `m`'s kernels at `version`; errors are located at their ops.
pub fn from_module(m: &Module, version: Version) -> Result<Bytecode, Diagnostics> {
    let mut w = Writer {
        m,
        version,
        strings: IndexSet::new(),
        types: IndexSet::new(),
        type_ids: HashMap::new(),
        constants: IndexSet::new(),
        values: HashMap::new(),
        next_value: 0,
        failed: HashSet::new(),
        globals: Vec::new(),
        debug: Default::default(),
        d: Diagnostics::new(),
    };
    let mut functions = Vec::new();
    w.top(m.body(), &mut functions);
    if w.d.has_errors() {
        return Err(w.d);
    }
    let section = |kind: SectionKind, alignment: u64| SectionInfo {
        kind,
        alignment,
        payload: 0..0,
    };
    // NVIDIA's order (global, function, constant, type, string) and alignments.
    let mut sections = Vec::new();
    if !w.globals.is_empty() {
        sections.push(section(SectionKind::Global, 1));
    }
    sections.push(section(SectionKind::Function, 8));
    if !w.constants.is_empty() {
        sections.push(section(SectionKind::Constant, 8));
    }
    let debug = std::mem::take(&mut w.debug).finish();
    if debug.is_some() {
        sections.push(section(SectionKind::Debug, 8));
    }
    sections.push(section(SectionKind::Type, 4));
    sections.push(section(SectionKind::String, 4));
    Ok(Bytecode {
        version,
        preview: false,
        sections,
        strings: w.strings.into_iter().collect(),
        types: w.types.into_iter().collect(),
        constants: w.constants.into_iter().collect(),
        globals: w.globals,
        functions,
        debug: debug.unwrap_or_default(),
        producer: None,
        padded_functions: false,
    })
}

pub(super) struct Writer<'m> {
    pub(super) m: &'m Module,
    version: Version,
    strings: IndexSet<Vec<u8>>,
    types: IndexSet<TypeDef>,
    /// Memo of `ty`.
    type_ids: HashMap<Type, TypeId>,
    constants: IndexSet<Vec<u8>>,
    /// The file's value id of each value defined so far.
    values: HashMap<Value, u32>,
    next_value: u32,
    /// Values of ops that failed (a use is not reported again).
    failed: HashSet<Value>,
    /// The global section.
    globals: Vec<Global>,
    /// The debug section, as it is filled.
    pub(super) debug: super::debug::DebugTables,
    d: Diagnostics,
}

impl Writer<'_> {
    pub(super) fn error(&mut self, op: Op, msg: String) {
        let d = Diagnostic::error(self.m.op_loc(op), msg).with_code(DiagCode::BytecodeUnwritable);
        self.d.push(d);
    }

    /// The kernels of block `b` (the module body or a `cuda_tile.module`'s).
    fn top(&mut self, b: Block, out: &mut Vec<Function>) {
        let m = self.m;
        for op in m.block_ops(b) {
            match OpKind::of(m, op) {
                Some(OpKind::Entry) => {
                    if let Some(f) = self.entry(op) {
                        out.push(f);
                    }
                }
                Some(OpKind::Global) => match self.global(op) {
                    Ok(g) => self.globals.push(g),
                    Err(e) => self.error(op, e),
                },
                Some(OpKind::ModuleOp) => {
                    for &r in m.regions(op) {
                        for &inner in m.region_blocks(r) {
                            self.top(inner, out);
                        }
                    }
                }
                _ => {
                    let name = m.op_name(op);
                    self.error(
                        op,
                        format!("'{name}' is not a cuda_tile kernel: only cuda_tile.entry is written as bytecode"),
                    );
                }
            }
        }
    }

    /// The global-section record of `cuda_tile.global` `op`.
    fn global(&mut self, op: Op) -> R<Global> {
        let m = self.m;
        let g = ct::Global::cast(m, op).ok_or("not a global")?;
        let name = g.sym_name(m).unwrap_or_default().to_string();
        let t = g
            .value_type(m)
            .ok_or_else(|| format!("global '{name}' has no value type"))?;
        let value = m
            .get_attr(op, tilec_ir::Sym::new(ct::Global::VALUE))
            .ok_or_else(|| format!("global '{name}' has no value"))?;
        let bytes = super::attrs::dense_bytes(m, t, value)?;
        let is_private = matches!(
            m.get_attr(op, tilec_ir::Sym::new(ct::Global::SYMBOL_VISIBILITY)),
            Some(AttrData::Opaque { body, .. }) if body.as_ref() == "private"
        );
        let is_constant = g.constant(m);
        if self.version < Version::V13_3 && (is_private || is_constant) {
            let what = if is_private { "private" } else { "constant" };
            return Err(format!(
                "{what} global '{name}' needs Tile IR bytecode 13.3 or later (its visibility and constness are 13.3 fields)"
            ));
        }
        let alignment = u64::try_from(g.alignment(m).unwrap_or(0))
            .map_err(|_| format!("global '{name}' has a negative alignment"))?;
        Ok(Global {
            name: self.string(name.as_bytes()),
            ty: self.ty(t)?,
            value: self.constant(bytes),
            alignment,
            is_private,
            is_constant,
        })
    }

    fn entry(&mut self, op: Op) -> Option<Function> {
        let m = self.m;
        for key in [
            ct::Entry::NUM_THREADS,
            ct::Entry::CLUSTER_DIMS,
            ct::Entry::GRID_DIMS,
        ] {
            if m.get_attr(op, tilec_ir::Sym::new(key)).is_some() {
                self.error(
                    op,
                    format!("tilec's kernel attribute '{key}' has no Tile IR bytecode form"),
                );
                return None;
            }
        }
        let name = ct::Entry::cast(m, op).map(|e| e.sym_name(m).to_string());
        let block = m.regions(op).first().and_then(|&r| m.entry_block(r))?;
        let args = m.block_args(block).to_vec();
        // NVIDIA's entry takes scalars (0-d tiles) only; tilec's tiles of pointers are its own.
        if let Some(&a) = args
            .iter()
            .find(|&&a| tile_shape(m, m.value_type(a)).is_none_or(|(d, _)| !d.is_empty()))
        {
            let t = tilec_ir::text::type_to_string(m, m.value_type(a));
            self.error(
                op,
                format!("kernel parameter of type '{t}': a Tile IR entry takes 0-d tiles only"),
            );
            return None;
        }
        let params = match args.iter().map(|&a| self.ty(m.value_type(a))).collect() {
            Ok(p) => p,
            Err(e) => {
                self.error(op, format!("a kernel parameter: {e}"));
                return None;
            }
        };
        let signature = self.intern_type(TypeDef::Function {
            params,
            results: Vec::new(),
        });
        let hints = match self.hints(op) {
            Ok(h) => h,
            Err(e) => {
                self.error(op, e);
                return None;
            }
        };
        self.values.clear();
        self.next_value = 0;
        self.define(&args);
        let ops = self.block_ops(block);
        let loc = self.debug_list(op);
        Some(Function {
            name: self.string(name.unwrap_or_default().as_bytes()),
            signature,
            is_entry: true,
            is_private: false,
            loc,
            hints,
            body: 0..0,
            ops,
        })
    }

    /// The entry's optimization hints (cuda_tile::hints), integers as `i32` as cuTile writes
    /// them.
    fn hints(&mut self, op: Op) -> R<Option<crate::model::Attr>> {
        use crate::model::Attr;
        let m = self.m;
        let Some(h) = m.get_attr(op, tilec_ir::Sym::new(ct::hints::KEY)) else {
            return Ok(None);
        };
        let tilec_ir::AttrData::Dict(targets) = h else {
            return Err("optimization hints that are not a dictionary".into());
        };
        let i32t = self.intern_type(TypeDef::Scalar(Scalar::I32));
        let mut out = Vec::new();
        for &(t, a) in m.dict_entries(*targets) {
            let tilec_ir::AttrData::Dict(items) = m.attr_data(a) else {
                return Err(format!(
                    "the hints of '{}' are not a dictionary",
                    t.as_str()
                ));
            };
            let mut entries = Vec::new();
            for &(k, v) in m.dict_entries(*items) {
                let value = match m.attr_data(v) {
                    tilec_ir::AttrData::Int { value, .. } => {
                        Attr::Integer(i32t, u64::from(*value as u32))
                    }
                    tilec_ir::AttrData::Str(s) => Attr::String(self.string(s.as_bytes())),
                    _ => {
                        return Err(format!(
                            "hint '{}' is not an integer or a string",
                            k.as_str()
                        ))
                    }
                };
                entries.push((self.string(k.as_str().as_bytes()), value));
            }
            out.push((
                self.string(t.as_str().as_bytes()),
                Attr::Dictionary(entries),
            ));
        }
        Ok(Some(Attr::OptimizationHints(out)))
    }

    fn block_ops(&mut self, b: Block) -> Vec<OpRecord> {
        let mut out = Vec::new();
        for op in self.m.block_ops(b) {
            let after_failure = self.m.operands(op).iter().any(|v| self.failed.contains(v));
            let r = if after_failure {
                Err(None)
            } else {
                self.op(op).map_err(Some)
            };
            match r {
                Ok(rec) => out.push(rec),
                Err(e) => {
                    self.failed.extend(self.m.results(op));
                    if let Some(e) = e {
                        self.error(op, e);
                    }
                }
            }
        }
        out
    }

    fn define(&mut self, vals: &[Value]) -> u32 {
        let first = self.next_value;
        for &v in vals {
            self.values.insert(v, self.next_value);
            self.next_value += 1;
        }
        first
    }

    pub(super) fn string(&mut self, s: &[u8]) -> StringId {
        StringId(self.strings.insert_full(s.to_vec()).0 as u32)
    }

    pub(super) fn constant(&mut self, bytes: Vec<u8>) -> ConstId {
        ConstId(self.constants.insert_full(bytes).0 as u32)
    }

    fn intern_type(&mut self, t: TypeDef) -> TypeId {
        TypeId(self.types.insert_full(t).0 as u32)
    }

    /// The type id of tilec type `t`.
    pub(super) fn ty(&mut self, t: Type) -> R<TypeId> {
        if let Some(&id) = self.type_ids.get(&t) {
            return Ok(id);
        }
        let def = self.type_def(t)?;
        let id = self.intern_type(def);
        self.type_ids.insert(t, id);
        Ok(id)
    }

    fn type_def(&mut self, t: Type) -> R<TypeDef> {
        let m = self.m;
        let show = || tilec_ir::text::type_to_string(m, t);
        let scalar = |s| Ok(TypeDef::Scalar(s));
        match m.type_data(t) {
            TypeData::Int(_) | TypeData::Float(_) => {
                let s = Scalar::named(&show())
                    .ok_or_else(|| format!("type '{}' has no Tile IR bytecode form", show()))?;
                if s.since() > self.version {
                    return Err(format!(
                        "type '{}' needs bytecode {}, not {}",
                        show(),
                        s.since().name(),
                        self.version.name()
                    ));
                }
                scalar(s)
            }
            _ if is_token(m, t) => scalar(Scalar::Token),
            _ => {
                if let Some((dims, e)) = tile_shape(m, t) {
                    let shape = dims.iter().map(|&d| d as i64).collect();
                    return Ok(TypeDef::Tile {
                        element: self.ty(e)?,
                        shape,
                    });
                }
                if let Some((None, Some(e))) = ptr_info(m, t) {
                    return Ok(TypeDef::Pointer {
                        pointee: self.ty(e)?,
                        attr: None,
                    });
                }
                if let Some(tv) = TensorView::of(m, t) {
                    let dim =
                        |d: Option<u64>| d.filter(|&d| d != DYNAMIC).map_or(i64::MIN, |d| d as i64);
                    return Ok(TypeDef::TensorView {
                        element: self.ty(tv.elem)?,
                        shape: tv.shape.iter().map(|&d| dim(d)).collect(),
                        strides: tv.strides.iter().map(|s| s.unwrap_or(i64::MIN)).collect(),
                        attr: None,
                    });
                }
                if let Some(pv) = PartitionView::of(m, t) {
                    let padding = match pv.padding {
                        None => None,
                        Some(w) => Some(Padding::from_word(w.as_str()).ok_or_else(|| {
                            format!("padding value '{w}' has no Tile IR bytecode form")
                        })?),
                    };
                    let tile_shape = pv.tile.iter().map(|&d| d as i64).collect();
                    let tensor_view = self.ty(pv.tensor_view)?;
                    let dim_map = pv.dim_map.iter().map(|&d| d as i64).collect();
                    return Ok(match (&pv.steps, pv.sparse_dim) {
                        (_, Some(sparse)) => TypeDef::GatherScatterView {
                            tile_shape,
                            tensor_view,
                            sparse_dim: sparse as u64,
                            padding,
                        },
                        (Some(steps), None) => TypeDef::StridedView {
                            tile_shape,
                            traversal_strides: steps.iter().map(|&d| d as i64).collect(),
                            tensor_view,
                            dim_map,
                            padding,
                        },
                        (None, None) => TypeDef::PartitionView {
                            tile_shape,
                            tensor_view,
                            dim_map,
                            padding,
                        },
                    });
                }
                Err(format!("type '{}' has no Tile IR bytecode form", show()))
            }
        }
    }

    /// One op; its regions' ops recursively.
    fn op(&mut self, op: Op) -> R<OpRecord> {
        let m = self.m;
        let kind = OpKind::of(m, op)
            .ok_or_else(|| format!("'{}' is not a cuda_tile op", m.op_name(op)))?;
        let (lay, signed) = nvidia_layout(kind).ok_or_else(|| {
            format!(
                "'cuda_tile.{}' has no Tile IR bytecode form (NVIDIA's format has no such op)",
                kind.short_name()
            )
        })?;
        if lay.since > self.version {
            return Err(format!(
                "'{}' needs bytecode {}, not {}",
                kind.short_name(),
                lay.since.name(),
                self.version.name()
            ));
        }
        let (result_types, result_map) = self.results(kind, op)?;
        let operands: Vec<Value> = m.operands(op).to_vec();
        let groups = split_operands(m, kind, lay, op)?;
        let mut rec = OpRecord {
            opcode: lay.opcode,
            offset: 0,
            flags: 0,
            result_types,
            first_result: 0,
            attrs: Vec::new(),
            operands: Vec::new(),
            variadic: Vec::new(),
            regions: Vec::new(),
        };
        let mut flags_field = None;
        let (mut nth_attr, mut nth_operand) = (0, 0);
        for field in lay.fields {
            match *field {
                Field::Flags(g) => flags_field = Some(g),
                Field::Attr(k, g) => {
                    let cx = AttrCx {
                        kind,
                        op,
                        signed,
                        nth: nth_attr,
                        required: !matches!(g, Gate::Flag(_) | Gate::FlagSince(..)),
                        indices: index_count(m, kind, &operands),
                    };
                    nth_attr += 1;
                    let v = attr_value(self, m, k, &cx)?;
                    self.place_attr(&mut rec, k, g, v, kind)?;
                }
                Field::Operand(g) => {
                    let group = &groups[nth_operand];
                    nth_operand += 1;
                    if let Some(&v) = group.first() {
                        self.gate(&mut rec, g, kind, "an operand")?;
                        rec.operands.push(self.value(v)?);
                    }
                }
                Field::Operands => {
                    let group = &groups[nth_operand];
                    nth_operand += 1;
                    rec.variadic.push(group.len() as u32);
                    for &v in group {
                        rec.operands.push(self.value(v)?);
                    }
                }
                Field::Result | Field::Results | Field::Regions => {}
            }
        }
        rec.flags |= unit_flags(m, kind, op);
        if rec.flags != 0 && !flags_field.is_some_and(|g| self.holds(g)) {
            return Err(format!(
                "'{}' with these optional fields needs a newer bytecode than {}",
                kind.short_name(),
                self.version.name()
            ));
        }
        rec.regions = self.regions(op)?;
        rec.first_result = self.next_value;
        for (i, v) in result_map.into_iter().enumerate() {
            if let Some(v) = v {
                self.values.insert(v, rec.first_result + i as u32);
            }
        }
        self.next_value += rec.result_types.len() as u32;
        Ok(rec)
    }

    /// Whether the version has a field of gate `g` (its flag bit is the writer's to set).
    fn holds(&self, g: Gate) -> bool {
        g.holds(u64::MAX, self.version)
    }

    /// A present optional field: sets its flag bit, or fails when the version lacks it.
    fn gate(&self, rec: &mut OpRecord, g: Gate, kind: OpKind, what: &str) -> R<()> {
        if !self.holds(g) {
            return Err(format!(
                "'{}' with {what} needs a newer bytecode than {}",
                kind.short_name(),
                self.version.name()
            ));
        }
        if let Gate::Flag(b) | Gate::FlagSince(b, _) = g {
            rec.flags |= 1 << b;
        }
        Ok(())
    }

    fn place_attr(
        &self,
        rec: &mut OpRecord,
        k: AttrKind,
        g: Gate,
        v: Option<OpAttr>,
        kind: OpKind,
    ) -> R<()> {
        match (v, g) {
            (None, Gate::Flag(_) | Gate::FlagSince(..)) => Ok(()),
            (None, _) if !self.holds(g) => Ok(()),
            (None, _) => Err(format!(
                "'{}' lacks the {k:?} attribute its bytecode form needs",
                kind.short_name()
            )),
            // A field the version does not have: only its default may be dropped.
            (Some(a), Gate::Since(_)) if !self.holds(g) => {
                if super::attrs::is_default(&a, kind) {
                    Ok(())
                } else {
                    Err(format!(
                        "'{}' with a non-default {k:?} needs a newer bytecode than {}",
                        kind.short_name(),
                        self.version.name()
                    ))
                }
            }
            (Some(a), _) => {
                self.gate(rec, g, kind, "an optional attribute")?;
                rec.attrs.push(a);
                Ok(())
            }
        }
    }

    fn value(&self, v: Value) -> R<u32> {
        self.values
            .get(&v)
            .copied()
            .ok_or_else(|| "an operand defined outside the kernel".to_string())
    }

    /// Result type ids, and the op's results in the order they take ids (with the dimension
    /// queries' results at their dimension among NVIDIA's three).
    fn results(&mut self, kind: OpKind, op: Op) -> R<(Vec<TypeId>, Vec<Option<Value>>)> {
        let m = self.m;
        let results: Vec<Value> = m.results(op).collect();
        let mut types = results
            .iter()
            .map(|&r| self.ty(m.value_type(r)))
            .collect::<R<Vec<_>>>()?;
        if matches!(kind, OpKind::GetTileBlockId | OpKind::GetNumTileBlocks) && results.len() < 3 {
            let dim = match m.get_attr(op, tilec_ir::Sym::new(ct::GetTileBlockId::DIM)) {
                Some(tilec_ir::AttrData::Int { value, .. }) => *value as usize,
                _ => 0,
            };
            if dim + results.len() > 3 {
                return Err(format!("dimension {dim} of a three-dimensional grid"));
            }
            // The other dimensions' results are values of the file nothing uses.
            let mut all = vec![types[0]; 3];
            all[dim..dim + results.len()].copy_from_slice(&types);
            let mut order = vec![None; 3];
            for (i, &r) in results.iter().enumerate() {
                order[dim + i] = Some(r);
            }
            types = all;
            return Ok((types, order));
        }
        // 13.1's print has no token result (NVIDIA's ODS: it is 13.2's); one nothing uses is
        // left out, a used one cannot be written.
        if kind == OpKind::PrintTko && self.version < Version::V13_2 && !results.is_empty() {
            let used = results.iter().any(|&r| {
                let mut seen = false;
                m.walk(&mut |o| {
                    seen |= m.operands(o).contains(&r);
                    if seen {
                        tilec_ir::WalkControl::Stop
                    } else {
                        tilec_ir::WalkControl::Continue
                    }
                });
                seen
            });
            if used {
                return Err(format!(
                    "print_tko's token result needs bytecode 13.2, not {} (13.1's print has none)",
                    self.version.name()
                ));
            }
            return Ok((Vec::new(), Vec::new()));
        }
        Ok((types, results.into_iter().map(Some).collect()))
    }

    fn regions(&mut self, op: Op) -> R<Vec<Vec<BlockRecord>>> {
        let m = self.m;
        let saved = self.next_value;
        let mut out = Vec::new();
        for &r in m.regions(op) {
            let mut blocks = Vec::new();
            for &b in m.region_blocks(r) {
                self.next_value = saved;
                let args: Vec<Value> = m.block_args(b).to_vec();
                let arg_types = args
                    .iter()
                    .map(|&a| self.ty(m.value_type(a)))
                    .collect::<R<Vec<_>>>()?;
                let first_arg = self.define(&args);
                let ops = self.block_ops(b);
                blocks.push(BlockRecord {
                    args: arg_types,
                    first_arg,
                    ops,
                });
            }
            out.push(blocks);
        }
        self.next_value = saved;
        Ok(out)
    }
}
