//! From a read [`Bytecode`] to a tilec module of cuda_tile ops: the IR the custom syntax builds
//! from the same program's text (`tileirdisasm`'s), so `tile-opt X.tilebc` prints what
//! `tile-opt X.disasm.txt` prints and everything after the parse is shared.
//!
//! - every kernel function becomes a top-level `cuda_tile.entry` (as `tileirdisasm` prints
//!   them), its parameters the entry block's arguments;
//! - each op's cuda_tile kind is found by its name (the encoder's `LoadViewTko` is
//!   `load_view_tko`); operands and results are the file's values, in the file's order (which
//!   is the order of tilec's operands: mask, padding and token last);
//! - NVIDIA's enum attributes become tilec's: the memory ordering and scope the `#mem` pair
//!   (`tl_blk` is cta, `device` gpu), a comparison's predicate and signedness the predicate
//!   string of `cmpi`/`cmpf`, `exti`/`divi`/`remi`/`shri`/`maxi`/`mini`/`itof`/`ftoi`'s
//!   signedness the op name (`extsi`, `maxui`, `sitofp`…),
//!   an atomic's mode the `#mem.rmw` kind; `assume`'s predicate the dialect attribute
//!   `#cuda_tile.bounded<…>` (as the text writes it); integer overflow flags (`nsw`/`nuw`: facts
//!   for the optimizer, never a change of the result) are dropped.
//!
//! The unit attributes of the flags word ([`UNIT_FLAGS`]: `flush_to_zero`, `propagate_nan`,
//! `for`'s unsigned comparison) become the same unit attributes.
//!
//! What tilec cannot represent yet (an op it does not read from bytecode, a rounding mode other
//! than the default, the element type `fnv8E5M3FNU`) is one located error per op (the byte offset of the op in the
//! file), never a silent change.

mod debug;

use crate::model::{Attr, Bytecode, OpAttr, OpRecord, Padding, Scalar, TypeDef, TypeId};
use crate::ops_table::{layout, AttrKind, EnumKind, Field, OpLayout};
use crate::Version;
use tilec_dialects::cuda_tile::tensor_views::ViewKind;
use tilec_dialects::cuda_tile::{self as ct, OpKind};
use tilec_dialects::types::{ct_ptr, tile, token};
use tilec_ir::{
    AttrData, Block, Builder, DiagCode, Diagnostic, Diagnostics, FileId, FloatKind, Loc, MemScope,
    MemSemantic, Module, NamedValue, OpView, RmwKind, Sym, Type, TypeData, TypeParam, Value,
    DYNAMIC,
};

/// The module of `bc`'s kernels; errors are located at their op's byte offset in `file`.
pub fn to_module(bc: &Bytecode, file: FileId) -> Result<Module, Diagnostics> {
    let mut l = Lift {
        bc,
        file,
        m: Module::new(),
        types: vec![None; bc.types.len()],
        values: Vec::new(),
        failed: Default::default(),
        di_next: 0..0,
        di_memo: Vec::new(),
        di_named: Default::default(),
        di_names: Default::default(),
        d: Diagnostics::new(),
    };
    for g in &bc.globals {
        l.global(g);
    }
    for f in &bc.functions {
        l.function(f);
    }
    if l.d.has_errors() {
        Err(l.d)
    } else {
        Ok(l.m)
    }
}

struct Lift<'b> {
    bc: &'b Bytecode,
    file: FileId,
    m: Module,
    /// Memo of the lifted types (None: not yet).
    types: Vec<Option<Type>>,
    /// The file's value ids → values.
    values: Vec<Option<Value>>,
    /// Value ids of ops that failed (a use of one is not reported again).
    failed: std::collections::HashSet<u32>,
    /// What is left of the current function's debug list (indices into `bc.debug.ops`).
    di_next: std::ops::Range<usize>,
    /// Memo of the lifted debug attributes (None: not yet; `Some(None)`: no location).
    di_memo: Vec<Option<Option<tilec_ir::Attr>>>,
    /// The debug attributes given an alias, and the count of each alias base used.
    di_named: std::collections::HashSet<tilec_ir::Attr>,
    di_names: std::collections::HashMap<&'static str, u32>,
    d: Diagnostics,
}

/// What cannot be lifted (with the reason).
type R<T> = Result<T, String>;

impl Lift<'_> {
    fn loc(&self, offset: usize) -> Loc {
        Loc::new(self.file, offset, offset + 1)
    }

    fn error(&mut self, offset: usize, msg: String) {
        let d = Diagnostic::error(self.loc(offset), format!("{msg} (at byte {offset})"))
            .with_code(DiagCode::LowerUnsupported);
        self.d.push(d);
    }

    /// A `cuda_tile.global` at the top of the module for global `g`: its name, value (the
    /// constant table's data as its tile type's elements), alignment when not 0 (NVIDIA's
    /// default), `constant`, and `symbol_visibility = private` when private. Located at the
    /// start of the file: the global section keeps no offsets per global.
    fn global(&mut self, g: &crate::model::Global) {
        let name = self.bc.string(g.name).to_string();
        let attrs = match self.global_attrs(g, &name) {
            Ok(a) => a,
            Err(e) => return self.error(0, format!("global '{name}': {e}")),
        };
        let loc = self.loc(0);
        let top = self.m.body();
        Builder::at_end(&mut self.m, top, loc).op(
            Sym::new(tilec_dialects::cuda_tile::Global::NAME),
            &[],
            &[],
            &attrs,
        );
    }

    fn global_attrs(&mut self, g: &crate::model::Global, name: &str) -> R<Vec<(Sym, AttrData)>> {
        let ty = self.ty(g.ty)?;
        let value = self.dense(g.ty, g.value.index())?;
        let mut attrs = vec![
            (
                Sym::new(tilec_dialects::cuda_tile::Global::SYM_NAME),
                AttrData::Str(name.into()),
            ),
            (Sym::new(tilec_dialects::cuda_tile::Global::VALUE), value),
            (
                Sym::new(tilec_dialects::cuda_tile::Global::VALUE_TYPE),
                AttrData::Type(ty),
            ),
        ];
        if g.alignment != 0 {
            let i64t = self.m.int_type(64);
            let value = i64::try_from(g.alignment).map_err(|_| "an alignment out of range")?;
            attrs.push((
                Sym::new(tilec_dialects::cuda_tile::Global::ALIGNMENT),
                AttrData::Int { value, ty: i64t },
            ));
        }
        if g.is_constant {
            attrs.push((
                Sym::new(tilec_dialects::cuda_tile::Global::CONSTANT),
                AttrData::Unit,
            ));
        }
        if g.is_private {
            let vis = AttrData::Opaque {
                name: Sym::new("cuda_tile.symbol_visibility"),
                body: "private".into(),
            };
            attrs.push((
                Sym::new(tilec_dialects::cuda_tile::Global::SYMBOL_VISIBILITY),
                vis,
            ));
        }
        Ok(attrs)
    }

    fn function(&mut self, f: &crate::model::Function) {
        let name = self.bc.string(f.name);
        let params = match self.bc.types.get(f.signature.index()) {
            Some(TypeDef::Function { params, results }) if results.is_empty() => params.clone(),
            _ => {
                let at = f.body.start;
                return self.error(
                    at,
                    format!("function '{name}' has results or no function type"),
                );
            }
        };
        if !f.is_entry {
            let at = f.body.start;
            return self.error(
                at,
                format!("device function '{name}' is not supported yet (kernels only)"),
            );
        }
        let hints = match &f.hints {
            Some(Attr::OptimizationHints(h)) => match self.hints(h) {
                Ok(d) => d,
                Err(e) => return self.error(f.body.start, format!("kernel '{name}': {e}")),
            },
            _ => None,
        };
        let mut arg_types = Vec::new();
        for &p in &params {
            match self.ty(p) {
                Ok(t) => arg_types.push(t),
                Err(e) => return self.error(f.body.start, format!("parameter of '{name}': {e}")),
            }
        }
        let loc = self.loc(f.body.start);
        let top = self.m.body();
        let entry = Builder::at_end(&mut self.m, top, loc).op_with_regions(
            Sym::new(tilec_dialects::cuda_tile::Entry::NAME),
            &[],
            &[],
            &[(
                Sym::new(tilec_dialects::cuda_tile::Entry::SYM_NAME),
                AttrData::Str(name.into()),
            )],
            1,
        );
        if let Some(h) = hints {
            let key = Sym::new(tilec_dialects::cuda_tile::hints::KEY);
            self.m.set_attr(entry, key, h);
        }
        self.debug_function(f.loc);
        self.debug_next(entry);
        let r = self.m.regions(entry)[0];
        let b = self.m.append_block(r, &arg_types);
        self.values.clear();
        self.values
            .extend(self.m.block_args(b).iter().map(|&v| Some(v)));
        for op in &f.ops {
            self.op(op, b);
        }
    }

    /// The entry's hints as the syntax keeps them (cuda_tile::hints): per target a dictionary of
    /// integers and strings; `None` when every target's is empty.
    fn hints(&mut self, h: &[(crate::model::StringId, Attr)]) -> R<Option<AttrData>> {
        let mut targets = Vec::new();
        for (t, a) in h {
            let Attr::Dictionary(items) = a else {
                return Err("hints that are not a dictionary".into());
            };
            let mut entries = Vec::new();
            for (k, v) in items {
                let data = match v {
                    Attr::Integer(..) => self.number(v)?,
                    Attr::String(s) => AttrData::Str(self.bc.string(*s).into()),
                    _ => return Err("a hint that is not an integer or a string".into()),
                };
                entries.push((Sym::new(&self.bc.string(*k)), self.m.attr(data)));
            }
            if !entries.is_empty() {
                let d = self.m.dict(&entries);
                targets.push((
                    Sym::new(&self.bc.string(*t)),
                    self.m.attr(AttrData::Dict(d)),
                ));
            }
        }
        if targets.is_empty() {
            return Ok(None);
        }
        Ok(Some(AttrData::Dict(self.m.dict(&targets))))
    }

    /// The tilec type of type `id`.
    fn ty(&mut self, id: TypeId) -> R<Type> {
        self.ty_depth(id, 0)
    }

    fn ty_depth(&mut self, id: TypeId, depth: usize) -> R<Type> {
        if let Some(Some(t)) = self.types.get(id.index()) {
            return Ok(*t);
        }
        if depth > 8 {
            return Err("types nest too deep".into());
        }
        let def = self
            .bc
            .types
            .get(id.index())
            .ok_or("a type id out of range")?
            .clone();
        let t = match def {
            TypeDef::Scalar(s) => self.scalar(s)?,
            TypeDef::Pointer { pointee, .. } => {
                let e = self.ty_depth(pointee, depth + 1)?;
                ct_ptr(&mut self.m, e)
            }
            TypeDef::Tile { element, shape } => {
                let e = self.ty_depth(element, depth + 1)?;
                let dims = shape
                    .iter()
                    .map(|&d| u64::try_from(d).ok().filter(|&d| d > 0))
                    .collect::<Option<Vec<u64>>>()
                    .ok_or("a tile with a dimension that is not positive")?;
                tile(&mut self.m, "cuda_tile", &dims, e)
            }
            TypeDef::TensorView {
                element,
                shape,
                strides,
                ..
            } => {
                let e = self.ty_depth(element, depth + 1)?;
                self.tensor_view(e, &shape, &strides)?
            }
            TypeDef::PartitionView {
                tile_shape,
                tensor_view,
                dim_map,
                padding,
            } => {
                let tv = self.ty_depth(tensor_view, depth + 1)?;
                let params = self.view_params(&tile_shape, tv, &dim_map, padding)?;
                self.view_type(ViewKind::Partition, params)
            }
            TypeDef::StridedView {
                tile_shape,
                traversal_strides,
                tensor_view,
                dim_map,
                padding,
            } => {
                if traversal_strides.iter().any(|&s| s <= 0) {
                    return Err("a traversal stride that is not positive".into());
                }
                let tv = self.ty_depth(tensor_view, depth + 1)?;
                let mut params = self.view_params(&tile_shape, tv, &dim_map, padding)?;
                // After the tile, where NVIDIA's syntax writes them.
                let steps = traversal_strides.iter().map(|&d| Some(d)).collect();
                params.insert(
                    1,
                    TypeParam::Named {
                        key: Sym::new("traversal_strides"),
                        value: NamedValue::List(steps),
                    },
                );
                self.view_type(ViewKind::Strided, params)
            }
            TypeDef::GatherScatterView {
                tile_shape,
                tensor_view,
                sparse_dim,
                padding,
            } => {
                let tv = self.ty_depth(tensor_view, depth + 1)?;
                let identity: Vec<i64> = (0..tile_shape.len() as i64).collect();
                let mut params = self.view_params(&tile_shape, tv, &identity, padding)?;
                // Last, where NVIDIA's syntax writes it.
                params.push(TypeParam::Named {
                    key: Sym::new("sparse_dim"),
                    value: NamedValue::Word(Sym::new(&sparse_dim.to_string())),
                });
                self.view_type(ViewKind::GatherScatter, params)
            }
            TypeDef::Function { .. } => return Err("a function type used as a value type".into()),
        };
        if let Some(slot) = self.types.get_mut(id.index()) {
            *slot = Some(t);
        }
        Ok(t)
    }

    fn scalar(&mut self, s: Scalar) -> R<Type> {
        let m = &mut self.m;
        Ok(match s {
            Scalar::I1 => m.int_type(1),
            Scalar::I8 => m.int_type(8),
            Scalar::I16 => m.int_type(16),
            Scalar::I32 => m.int_type(32),
            Scalar::I64 => m.int_type(64),
            Scalar::F16 => m.float_type(FloatKind::F16),
            Scalar::BF16 => m.float_type(FloatKind::BF16),
            Scalar::F32 => m.float_type(FloatKind::F32),
            Scalar::I4 => m.int_type(4),
            Scalar::Token => token(m, "cuda_tile"),
            other => match FloatKind::from_name(other.name()) {
                Some(k) => m.float_type(k),
                None => {
                    return Err(format!(
                        "element type '{}' is not supported yet",
                        other.name()
                    ))
                }
            },
        })
    }

    fn tensor_view(&mut self, e: Type, shape: &[i64], strides: &[i64]) -> R<Type> {
        let first = if shape.is_empty() {
            TypeParam::Type(e)
        } else {
            let dims = shape
                .iter()
                .map(|&d| match d {
                    i64::MIN => Some(DYNAMIC),
                    d => u64::try_from(d).ok().filter(|&d| d > 0 && d != DYNAMIC),
                })
                .collect::<Option<Vec<u64>>>()
                .ok_or("a tensor_view dimension that is not positive")?;
            TypeParam::Shaped {
                dims: dims.into(),
                elem: e,
            }
        };
        let mut params = vec![first];
        if !shape.is_empty() {
            let s = strides
                .iter()
                .map(|&x| (x != i64::MIN).then_some(x))
                .collect::<Vec<_>>();
            params.push(TypeParam::Named {
                key: Sym::new("strides"),
                value: NamedValue::List(s.into()),
            });
        }
        Ok(self.m.ty(TypeData::Dialect {
            dialect: Sym::new("cuda_tile"),
            name: Sym::new("tensor_view"),
            params: params.into(),
        }))
    }

    /// The parameters every tile view type has: the tile, the padding, the tensor view and a
    /// `dim_map` other than the identity (a strided or gather/scatter view adds its own).
    fn view_params(
        &mut self,
        tile_shape: &[i64],
        tv: Type,
        dim_map: &[i64],
        padding: Option<Padding>,
    ) -> R<Vec<TypeParam>> {
        let dims = tile_shape
            .iter()
            .map(|&d| u64::try_from(d).ok().filter(|&d| d > 0))
            .collect::<Option<Vec<u64>>>()
            .ok_or("a partition tile dimension that is not positive")?;
        if dims.is_empty() {
            return Err(
                "a partition view with a 0-d tile (NVIDIA's verifier rejects it too)".into(),
            );
        }
        let mut params = vec![TypeParam::Named {
            key: Sym::new("tile"),
            value: NamedValue::Shape(dims.into()),
        }];
        if let Some(p) = padding {
            let w = p.word();
            params.push(TypeParam::Named {
                key: Sym::new("padding_value"),
                value: NamedValue::Word(Sym::new(w)),
            });
        }
        params.push(TypeParam::Type(tv));
        // The identity map is what the text leaves out.
        let identity = dim_map.iter().enumerate().all(|(i, &d)| d == i as i64);
        if !identity {
            params.push(TypeParam::Named {
                key: Sym::new("dim_map"),
                value: NamedValue::List(dim_map.iter().map(|&d| Some(d)).collect()),
            });
        }
        Ok(params)
    }

    /// The tile view type of `kind` with these parameters.
    fn view_type(&mut self, kind: ViewKind, params: Vec<TypeParam>) -> Type {
        self.m.ty(TypeData::Dialect {
            dialect: Sym::new("cuda_tile"),
            name: Sym::new(kind.name()),
            params: params.into(),
        })
    }

    /// Lifts `op` (and its regions) to the end of `b`; a failure is one error at the op.
    fn op(&mut self, op: &OpRecord, b: Block) {
        // An op that uses a failed op's result fails silently: one error per cause.
        let after_failure = op.operands.iter().any(|v| self.failed.contains(v));
        let r = if after_failure {
            Err(None)
        } else {
            self.try_op(op, b).map_err(Some)
        };
        if let Err(e) = r {
            let n = op.result_types.len() as u32;
            self.failed.extend(op.first_result..op.first_result + n);
            if let Some(e) = e {
                self.error(op.offset, e);
            }
        }
    }

    fn try_op(&mut self, op: &OpRecord, b: Block) -> R<()> {
        let lay = layout(op.opcode.into()).ok_or("an unknown opcode")?;
        let kind =
            kind_of(lay).ok_or_else(|| format!("'{}' has no cuda_tile op in tilec", lay.name))?;
        let attrs = present_attrs(lay, op, self.bc.version);
        let (name, entries) = self.attributes(kind, lay, op, &attrs)?;
        let operands = op
            .operands
            .iter()
            .map(|&v| {
                let found = self.values.get(v as usize).copied().flatten();
                found.ok_or_else(|| "an operand is not defined".to_string())
            })
            .collect::<R<Vec<Value>>>()?;
        let mut results = op
            .result_types
            .iter()
            .map(|&t| self.ty(t))
            .collect::<R<Vec<Type>>>()?;
        // 13.1's print has no result; from 13.2 it yields a token (NVIDIA's ODS: the token
        // operand and result are 13.2's). tilec's print_tko always has the token, unused here.
        if kind == OpKind::PrintTko && results.is_empty() {
            results.push(token(&mut self.m, "cuda_tile"));
        }
        let loc = self.loc(op.offset);
        let new = Builder::at_end(&mut self.m, b, loc).op_with_regions(
            name,
            &operands,
            &results,
            &entries,
            op.regions.len(),
        );
        // NVIDIA's reader takes an op's location before its regions' ops.
        self.debug_next(new);
        for (i, blocks) in op.regions.iter().enumerate() {
            let r = self.m.regions(new)[i];
            for blk in blocks {
                let args = blk
                    .args
                    .iter()
                    .map(|&t| self.ty(t))
                    .collect::<R<Vec<Type>>>()?;
                let nb = self.m.append_block(r, &args);
                let vals: Vec<Value> = self.m.block_args(nb).to_vec();
                self.define(blk.first_arg as usize, vals);
                for inner in &blk.ops {
                    self.op(inner, nb);
                }
            }
        }
        // A region's values reuse the ids from the op on (the count is restored after the
        // region), so the op's own results are defined after its regions.
        let first = op.first_result as usize;
        let file_results = op.result_types.len();
        self.define(first, self.m.results(new).take(file_results).collect());
        Ok(())
    }

    fn define(&mut self, first: usize, vals: Vec<Value>) {
        if self.values.len() < first + vals.len() {
            self.values.resize(first + vals.len(), None);
        }
        for (i, v) in vals.into_iter().enumerate() {
            self.values[first + i] = Some(v);
        }
    }

    /// The op's name (NVIDIA's signedness picks tilec's `extsi`/`divsi`/…) and attributes.
    fn attributes(
        &mut self,
        kind: OpKind,
        lay: &OpLayout,
        op: &OpRecord,
        attrs: &[(AttrKind, &OpAttr)],
    ) -> R<(Sym, Vec<(Sym, AttrData)>)> {
        let mut out = Vec::new();
        let en = |k: EnumKind| {
            attrs.iter().find_map(|(_, a)| match a {
                OpAttr::Enum(e, v) if *e == k => k.value_name(*v),
                _ => None,
            })
        };
        let signed = || en(EnumKind::Signedness).map(|s| s == "signed");
        let n = match kind {
            OpKind::DivI if en(EnumKind::RoundingMode).is_some_and(|r| r != "zero") => {
                // Floor or ceiling division: NVIDIA's op itself, expanded before lowering.
                let r = en(EnumKind::RoundingMode).unwrap_or("");
                if !matches!(r, "negative_inf" | "positive_inf") {
                    return Err(format!("'divi' with rounding '{r}' is not supported yet"));
                }
                let s = if signed().ok_or("no signedness")? {
                    "signed"
                } else {
                    "unsigned"
                };
                let opaque = |name: &str, body: &str| AttrData::Opaque {
                    name: Sym::new(&format!("cuda_tile.{name}")),
                    body: body.into(),
                };
                out.push((Sym::new(ct::DivI::SIGNEDNESS), opaque("signedness", s)));
                out.push((Sym::new(ct::DivI::ROUNDING), opaque("rounding", r)));
                Sym::new(kind.name())
            }
            // NVIDIA's signedness picks tilec's op (`maxi` signed: `maxsi`; words::BY_SIGNEDNESS).
            k if ct::words::with_signedness(k, true).is_some() => {
                let s = signed().ok_or("no signedness")?;
                let tilec = ct::words::with_signedness(k, s).ok_or("no signed form")?;
                Sym::new(tilec.name())
            }
            OpKind::MmaI => {
                let signs: Vec<&str> = attrs
                    .iter()
                    .filter_map(|(_, a)| match a {
                        OpAttr::Enum(EnumKind::Signedness, v) => {
                            EnumKind::Signedness.value_name(*v)
                        }
                        _ => None,
                    })
                    .collect();
                let [sa, sb] = signs[..] else {
                    return Err("mmai without its two signedness words".into());
                };
                for (key, s) in [
                    (ct::MmaI::SIGNEDNESS_LHS, sa),
                    (ct::MmaI::SIGNEDNESS_RHS, sb),
                ] {
                    out.push((
                        Sym::new(key),
                        AttrData::Opaque {
                            name: Sym::new("cuda_tile.signedness"),
                            body: s.into(),
                        },
                    ));
                }
                Sym::new(kind.name())
            }
            OpKind::CmpI | OpKind::CmpF => {
                let p = en(EnumKind::ComparisonPredicate).ok_or("no predicate")?;
                let int = kind == OpKind::CmpI;
                let first = if int {
                    signed().ok_or("no signedness")?
                } else {
                    en(EnumKind::ComparisonOrdering) == Some("ordered")
                };
                let pred =
                    tilec_dialects::cuda_tile::syntax::keywords::tilec_predicate(p, first, int)
                        .ok_or_else(|| format!("predicate '{p}'"))?;
                out.push((Sym::new(ct::CmpI::PREDICATE), AttrData::Str(pred.into())));
                Sym::new(kind.name())
            }
            _ => Sym::new(kind.name()),
        };
        // Float arithmetic (`addf`, `subf`, `mulf`, `divf`): every rounding, kept as the text
        // keeps it (the verifier checks it after the lift: the IEEE roundings, and divf's
        // `approx`/`full` on f32), the default `nearest_even` left out; their flags:
        // [`UNIT_FLAGS`]. `exp`/`tanh` in full precision (their default) or `approx`; `ftof`
        // toward zero or +inf (conversions to f8E8M0FNU, which the verifier checks).
        if let Some(r) = en(EnumKind::RoundingMode) {
            match (kind, r) {
                (OpKind::DivI, _) => {}
                // ftoi truncates; any other rounding would be a different result.
                (OpKind::FToI, "nearest_int_to_zero") => {}
                (OpKind::FToI, _) => {
                    return Err(format!("'ftoi' with rounding '{r}' is not supported yet"))
                }
                (_, "nearest_even") => {}
                (OpKind::Exp | OpKind::TanH, "full") => {}
                (OpKind::Exp | OpKind::TanH, "approx")
                | (OpKind::AddF | OpKind::SubF | OpKind::MulF | OpKind::DivF, _)
                | (OpKind::FToF, "zero" | "positive_inf") => out.push((
                    Sym::new(ct::Exp::ROUNDING_MODE),
                    AttrData::Opaque {
                        name: Sym::new("cuda_tile.rounding"),
                        body: r.into(),
                    },
                )),
                _ => return Err(format!("rounding '{r}' is not supported yet")),
            }
        }
        out.extend(unit_attrs(kind, op.flags));
        if kind == OpKind::FToI && op.flags != 0 {
            // 13.4 added a flags word to ftoi; no writer this reader knows sets a bit of it.
            return Err(format!("ftoi flags {:#x} are not supported yet", op.flags));
        }
        // The ops whose flags word holds only bit 0 (a unit attribute): another bit is a field
        // no writer this reader knows sets.
        if matches!(kind, OpKind::For | OpKind::MmaF | OpKind::Alloca) && op.flags & !1 != 0 {
            let name = kind.short_name();
            return Err(format!(
                "{name} flags {:#x} are not supported yet",
                op.flags
            ));
        }
        if let Some(s) = en(EnumKind::MemoryOrderingSemantics) {
            let sem = MemSemantic::parse(s).ok_or_else(|| format!("ordering '{s}'"))?;
            out.push(tilec_dialects::opdef::sem_entry(sem));
            if let Some(sc) = en(EnumKind::MemoryScope) {
                let scope = match sc {
                    "tl_blk" => MemScope::Cta,
                    "device" => MemScope::Gpu,
                    _ => MemScope::Sys,
                };
                out.push(tilec_dialects::opdef::scope_entry(scope));
            }
        }
        if let Some(mode) = en(EnumKind::AtomicRMWMode) {
            let k = match mode {
                "addf" => RmwKind::Add,
                "xchg" => RmwKind::Exch,
                m => RmwKind::parse(m)
                    .ok_or_else(|| format!("atomic mode '{m}' is not supported yet"))?,
            };
            out.insert(0, (Sym::new(ct::AtomicRmw::KIND), AttrData::Rmw(k)));
        }
        if kind == OpKind::Alloca {
            // `num_elem`, then `alignment` (the layout's order, the ODS's).
            let nums = attrs.iter().filter_map(|(_, a)| match a {
                OpAttr::Int(v) => Some(*v),
                _ => None,
            });
            for (key, v) in [ct::Alloca::NUM_ELEM, ct::Alloca::ALIGNMENT]
                .into_iter()
                .zip(nums)
            {
                let i64t = self.m.int_type(64);
                let value = i64::try_from(v).map_err(|_| format!("'{key}' out of range"))?;
                out.push((Sym::new(key), AttrData::Int { value, ty: i64t }));
            }
        }
        for (k, a) in attrs {
            match (k, a) {
                (AttrKind::Hints, OpAttr::Hints(h)) if !h.is_empty() => {
                    return Err("optimization hints are not supported yet".into())
                }
                (AttrKind::Dense, OpAttr::Dense(c)) => {
                    let t = *op
                        .result_types
                        .first()
                        .ok_or("a constant without a result")?;
                    let v = self.dense(t, c.index())?;
                    out.push((Sym::new(ct::Constant::VALUE), v));
                }
                (AttrKind::Int, OpAttr::Int(v))
                    if matches!(kind, OpKind::Reduce | OpKind::Scan) =>
                {
                    let i32t = self.m.int_type(32);
                    let value = i64::try_from(*v).map_err(|_| "'dim' out of range")?;
                    out.push((Sym::new(ct::Reduce::DIM), AttrData::Int { value, ty: i32t }));
                }
                (AttrKind::Int, OpAttr::Int(v)) if kind == OpKind::Cat => {
                    let i64t = self.m.int_type(64);
                    let value = i64::try_from(*v).map_err(|_| "'dim' out of range")?;
                    out.push((Sym::new(ct::Cat::DIM), AttrData::Int { value, ty: i64t }));
                }
                (AttrKind::Bool, OpAttr::Bool(b)) if kind == OpKind::Scan => {
                    out.push((Sym::new(ct::Scan::REVERSE), AttrData::Bool(*b)));
                }
                (AttrKind::Array, OpAttr::Array(items))
                    if matches!(kind, OpKind::Reduce | OpKind::Scan) =>
                {
                    let mut ids = Vec::new();
                    for a in items {
                        let data = self.number(a)?;
                        ids.push(self.m.attr(data));
                    }
                    out.push((
                        Sym::new(ct::Reduce::IDENTITIES),
                        AttrData::Array(ids.into()),
                    ));
                }
                (AttrKind::I32Array, OpAttr::Ints(v)) if kind == OpKind::Permute => {
                    let p: Vec<i32> = v
                        .iter()
                        .map(|&x| i32::try_from(x).map_err(|_| "a permutation entry out of range"))
                        .collect::<Result<_, _>>()?;
                    out.push((
                        Sym::new(ct::Permute::PERMUTATION),
                        AttrData::DenseI32(p.into()),
                    ));
                }
                (AttrKind::Tagged, OpAttr::Tagged(t)) if kind == OpKind::Assume => {
                    out.push((Sym::new(ct::Assume::PREDICATE), assume_predicate(t)?));
                }
                // print_tko's format and assert's message.
                (AttrKind::Str, OpAttr::Str(id))
                    if matches!(kind, OpKind::PrintTko | OpKind::Assert) =>
                {
                    let key = match kind {
                        OpKind::PrintTko => ct::PrintTko::STR,
                        _ => ct::Assert::MESSAGE,
                    };
                    out.push((Sym::new(key), AttrData::Str(self.bc.string(*id).into())));
                }
                // get_global's symbol: the name of a global of the global section.
                (AttrKind::Str, OpAttr::Str(id)) if kind == OpKind::GetGlobal => {
                    let name = self.bc.string(*id).to_string();
                    out.push((Sym::new("name"), AttrData::SymbolRef(Sym::new(&name))));
                }
                _ => {}
            }
        }
        let supported = LIFTED.contains(&kind);
        if !supported {
            return Err(format!(
                "'{}' (cuda_tile.{}) is not read from bytecode yet",
                lay.name,
                kind.short_name()
            ));
        }
        Ok((n, out))
    }

    /// A typed number attribute (a reduction identity).
    fn number(&mut self, a: &Attr) -> R<AttrData> {
        let (t, bits) = match a {
            Attr::Integer(t, v) | Attr::Float(t, v) => (*t, *v),
            _ => return Err("an identity that is not a number".into()),
        };
        let ty = self.ty(t)?;
        Ok(match self.m.type_data(ty).clone() {
            TypeData::Float(k) => AttrData::Float { bits, kind: k, ty },
            TypeData::Int(w) => {
                let shift = 64 - u32::from(w.min(64));
                AttrData::Int {
                    value: ((bits << shift) as i64) >> shift,
                    ty,
                }
            }
            _ => return Err("an identity of a type that is not a number".into()),
        })
    }

    /// The value of constant `c` of tile type `t`: one number for a splat (one element, or
    /// every element the same), else an array with one number per element.
    fn dense(&mut self, t: TypeId, c: usize) -> R<AttrData> {
        let (elem, shape) = match self.bc.types.get(t.index()) {
            Some(TypeDef::Tile { element, shape }) => (*element, shape.clone()),
            _ => return Err("a constant that is not a tile".into()),
        };
        let s = match self.bc.types.get(elem.index()) {
            Some(TypeDef::Scalar(s)) => *s,
            _ => return Err("a constant of pointers".into()),
        };
        let ty = self.ty(elem)?;
        let bytes = self
            .bc
            .constants
            .get(c)
            .ok_or("a constant id out of range")?
            .clone();
        let size = (s.bits() as usize).div_ceil(8).max(1);
        let n = shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?));
        if bytes.len() < size || bytes.len() % size != 0 {
            return Err("a constant whose data is not whole elements".into());
        }
        if bytes.chunks(size).all(|ch| ch == &bytes[..size]) {
            return self.number_of(ty, &bytes[..size]);
        }
        if n != Some(bytes.len() / size) {
            return Err("a constant with fewer or more elements than its tile".into());
        }
        let mut items = Vec::with_capacity(bytes.len() / size);
        for ch in bytes.chunks(size) {
            let a = self.number_of(ty, ch)?;
            items.push(self.m.attr(a));
        }
        Ok(AttrData::Array(items.into()))
    }

    /// The number of type `ty` whose little-endian bytes are `raw`.
    fn number_of(&mut self, ty: Type, raw: &[u8]) -> R<AttrData> {
        let mut le = [0u8; 8];
        le[..raw.len()].copy_from_slice(raw);
        let bits = u64::from_le_bytes(le);
        Ok(match self.m.type_data(ty).clone() {
            TypeData::Float(k) => AttrData::Float { bits, kind: k, ty },
            TypeData::Int(1) => AttrData::Int {
                value: i64::from(bits != 0),
                ty,
            },
            TypeData::Int(w) => {
                let shift = 64 - u32::from(w);
                AttrData::Int {
                    value: ((bits << shift) as i64) >> shift,
                    ty,
                }
            }
            _ => return Err("a constant of this element type".into()),
        })
    }
}

/// The cuda_tile ops read from bytecode: those the lowering takes (through its expansion, too).
const LIFTED: &[OpKind] = &[
    OpKind::GetGlobal,
    OpKind::PrintTko,
    OpKind::Assert,
    OpKind::AddI,
    OpKind::SubI,
    OpKind::MulI,
    OpKind::DivI,
    OpKind::RemI,
    OpKind::AndI,
    OpKind::OrI,
    OpKind::XOrI,
    OpKind::ShLI,
    OpKind::ShRI,
    OpKind::AddF,
    OpKind::SubF,
    OpKind::MulF,
    OpKind::DivF,
    OpKind::MaxF,
    OpKind::MinF,
    OpKind::CmpI,
    OpKind::CmpF,
    OpKind::Select,
    OpKind::ExtI,
    OpKind::TruncI,
    OpKind::Constant,
    OpKind::Iota,
    OpKind::Offset,
    OpKind::Broadcast,
    OpKind::Reshape,
    OpKind::GetTileBlockId,
    OpKind::GetNumTileBlocks,
    OpKind::For,
    OpKind::Loop,
    OpKind::If,
    OpKind::Yield,
    OpKind::Break,
    OpKind::Continue,
    OpKind::Return,
    OpKind::LoadPtr,
    OpKind::StorePtr,
    OpKind::AtomicRmw,
    OpKind::AtomicCas,
    OpKind::MakeToken,
    OpKind::JoinTokens,
    OpKind::Assume,
    OpKind::MakeTensorView,
    OpKind::MakePartitionView,
    OpKind::MakeStridedView,
    OpKind::MakeGatherScatterView,
    OpKind::LoadViewTko,
    OpKind::StoreViewTko,
    OpKind::AtomicRedViewTko,
    OpKind::NegI,
    OpKind::GetIndexSpaceShape,
    OpKind::GetTensorShape,
    OpKind::NegF,
    OpKind::AbsF,
    OpKind::Exp,
    OpKind::Exp2,
    OpKind::Log,
    OpKind::Log2,
    OpKind::Sqrt,
    OpKind::Rsqrt,
    OpKind::TanH,
    OpKind::Fma,
    OpKind::Reduce,
    OpKind::Cat,
    OpKind::MmaF,
    OpKind::MaxI,
    OpKind::MinI,
    OpKind::AbsI,
    OpKind::MulhiI,
    OpKind::Floor,
    OpKind::Ceil,
    OpKind::IToF,
    OpKind::FToI,
    OpKind::FToF,
    OpKind::Bitcast,
    OpKind::Permute,
    OpKind::Extract,
    OpKind::Scan,
    OpKind::MmaI,
    // NVIDIA's ops that tilec reads, verifies, prints and writes back, but whose lowering is a
    // located "not supported yet" (docs/cuda-tile-ops.md).
    OpKind::MmaFScaled,
    OpKind::Alloca,
];

/// The unit attributes an op's flags word holds: (op, bit, attribute key). NVIDIA's writer
/// (tools/cuda-tile-tblgen, `getVersionOrderedBitAssignments`) numbers an op's optional
/// attributes in declaration order, version by version, and writes a unit attribute as its bit
/// alone: `maxf`/`minf` declare `propagate_nan` before `flush_to_zero`; the float arithmetic and
/// math ops have `flush_to_zero` alone (their rounding is not optional); `for`'s bit 0 (13.2) is
/// the unsigned comparison of the induction variable; `mmaf`'s (13.3) `fast_acc` and `alloca`'s
/// (13.3) `global` are bit 0 of theirs. The decoder has already refused a bit the op's layout
/// does not define.
pub(crate) const UNIT_FLAGS: &[(OpKind, u32, &str)] = &[
    (OpKind::AddF, 0, ct::AddF::FLUSH_TO_ZERO),
    (OpKind::SubF, 0, ct::SubF::FLUSH_TO_ZERO),
    (OpKind::MulF, 0, ct::MulF::FLUSH_TO_ZERO),
    (OpKind::DivF, 0, ct::DivF::FLUSH_TO_ZERO),
    (OpKind::MaxF, 0, ct::MaxF::PROPAGATE_NAN),
    (OpKind::MaxF, 1, ct::MaxF::FLUSH_TO_ZERO),
    (OpKind::MinF, 0, ct::MinF::PROPAGATE_NAN),
    (OpKind::MinF, 1, ct::MinF::FLUSH_TO_ZERO),
    (OpKind::Exp2, 0, ct::Exp2::FLUSH_TO_ZERO),
    (OpKind::Sqrt, 0, ct::Sqrt::FLUSH_TO_ZERO),
    (OpKind::Rsqrt, 0, ct::Rsqrt::FLUSH_TO_ZERO),
    (OpKind::Fma, 0, ct::Fma::FLUSH_TO_ZERO),
    (OpKind::For, 0, ct::For::UNSIGNED_CMP),
    (OpKind::MmaF, 0, ct::MmaF::FAST_ACC),
    (OpKind::Alloca, 0, ct::Alloca::GLOBAL),
];

/// The unit attributes of `kind` whose [`UNIT_FLAGS`] bits `flags` sets.
fn unit_attrs(kind: OpKind, flags: u64) -> impl Iterator<Item = (Sym, AttrData)> {
    UNIT_FLAGS
        .iter()
        .filter(move |&&(k, bit, _)| k == kind && flags >> bit & 1 == 1)
        .map(|&(_, _, key)| (Sym::new(key), AttrData::Unit))
}

/// The cuda_tile kind of an encoder name: `LoadViewTko` is `load_view_tko` (the names agree
/// once case and underscores are dropped).
fn kind_of(lay: &OpLayout) -> Option<OpKind> {
    OpKind::ALL.iter().copied().find(|&k| encodes(lay, k))
}

/// Whether layout row `lay` encodes cuda_tile op `k` (the writer's question, the lift's read
/// backwards).
pub(crate) fn encodes(lay: &OpLayout, k: OpKind) -> bool {
    lay.name
        .eq_ignore_ascii_case(&k.short_name().replace('_', ""))
}

/// The op's attribute fields that are present, in order, with their values.
fn present_attrs<'o>(lay: &OpLayout, op: &'o OpRecord, v: Version) -> Vec<(AttrKind, &'o OpAttr)> {
    let mut out = Vec::new();
    let mut it = op.attrs.iter();
    for f in lay.fields {
        if let Field::Attr(k, g) = f {
            if g.holds(op.flags, v) {
                if let Some(a) = it.next() {
                    out.push((*k, a));
                }
            }
        }
    }
    out
}

/// `#cuda_tile.bounded<0, ?>` and the like, as the text writes them.
fn assume_predicate(a: &Attr) -> R<AttrData> {
    let opt = |v: Option<i64>| v.map_or("?".to_string(), |v| v.to_string());
    let (name, body) = match a {
        Attr::Bounded(lo, hi) => ("bounded", format!("{}, {}", opt(*lo), opt(*hi))),
        Attr::DivBy {
            divisor,
            every,
            along,
        } => {
            let mut b = divisor.to_string();
            if let (Some(e), Some(al)) = (every, along) {
                b.push_str(&format!(", every {e} along {al}"));
            }
            ("div_by", b)
        }
        Attr::SameElements(v) => {
            let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
            ("same_elements", format!("[{}]", items.join(", ")))
        }
        _ => return Err("an assume predicate tilec does not know".into()),
    };
    Ok(AttrData::Opaque {
        name: Sym::new(&format!("cuda_tile.{name}")),
        body: body.into(),
    })
}
