//! A [`Bytecode`] to bytes: the inverse of [`crate::read`], section by section, driven by the
//! same tables (`ops_table` layouts, `types::SCALARS`, the attribute tags), so that what the
//! reader accepts the encoder writes back. Reading a file cuTile Python wrote and encoding it
//! again gives the same bytes (`tests/write.rs`).
//!
//! Invariant: `bc` is well formed (what [`crate::read`] returns, or what
//! [`super::from_module`](fn@super::from_module) builds): every id is in its table, every op's attributes and operands
//! fit its layout. Sections are written in `bc.sections`' order with their declared alignment.

use super::sink::Sink;
use crate::model::{
    Attr, BlockRecord, Bytecode, DebugAttr, Function, OpAttr, OpRecord, Padding, SectionKind,
    TypeDef, Version,
};
use crate::ops_table::{layout, AttrKind, Field, Gate};
use crate::types::SCALARS;

/// The bytes of `bc`.
pub fn encode(bc: &Bytecode) -> Vec<u8> {
    let mut out = Sink::default();
    out.extend(&crate::MAGIC);
    let (_, major, minor) = Version::ALL[bc.version as usize];
    out.u8(major);
    out.u8(minor);
    out.le(u64::from(bc.preview), 2);
    for s in &bc.sections {
        let payload = payload(bc, s.kind);
        let aligned = s.alignment > 1;
        out.u8(s.kind.id() | if aligned { 0x80 } else { 0 });
        out.count(payload.len());
        if aligned {
            out.varint(s.alignment);
            out.pad(s.alignment as usize, 0);
        }
        out.extend(&payload);
    }
    out.u8(SectionKind::End.id());
    out.bytes
}

fn payload(bc: &Bytecode, kind: SectionKind) -> Vec<u8> {
    let mut s = Sink::default();
    match kind {
        SectionKind::String => s.table(&bc.strings, 4),
        SectionKind::Type => {
            let items: Vec<Vec<u8>> = bc.types.iter().map(|t| ty(t, bc.version)).collect();
            s.table(&items, 4);
        }
        SectionKind::Constant => {
            let items: Vec<Vec<u8>> = bc
                .constants
                .iter()
                .map(|c| {
                    let mut i = Sink::default();
                    i.count(c.len());
                    i.extend(c);
                    i.bytes
                })
                .collect();
            s.table(&items, 8);
        }
        SectionKind::Function => {
            s.count(bc.functions.len());
            for f in &bc.functions {
                Enc { bc }.function(&mut s, f);
            }
            if bc.padded_functions {
                s.pad(8, 0);
            }
        }
        SectionKind::Global => globals(&mut s, bc),
        SectionKind::Debug => debug(&mut s, &bc.debug),
        SectionKind::Producer => s.varint(u64::from(bc.producer.map_or(0, |p| p.0))),
        SectionKind::Header | SectionKind::End => {}
    }
    s.bytes
}

fn ty(t: &TypeDef, v: Version) -> Vec<u8> {
    let mut s = Sink::default();
    let v13_4 = v >= Version::V13_4;
    let opt_byte = |s: &mut Sink, b: Option<u8>| {
        if let Some(b) = b {
            s.u8(b);
        }
    };
    match t {
        TypeDef::Scalar(k) => {
            let tag = SCALARS.iter().find(|r| r.1 == *k).map_or(0, |r| r.0);
            s.varint(tag);
        }
        TypeDef::Pointer { pointee, attr } => {
            s.varint(12);
            if v13_4 {
                s.varint(u64::from(attr.is_some()));
            }
            s.varint(pointee.0.into());
            opt_byte(&mut s, *attr);
        }
        TypeDef::Tile { element, shape } => {
            s.varint(13);
            s.varint(element.0.into());
            s.int_list(shape, 8);
        }
        TypeDef::TensorView {
            element,
            shape,
            strides,
            attr,
        } => {
            s.varint(14);
            if v13_4 {
                s.varint(u64::from(attr.is_some()));
            }
            s.varint(element.0.into());
            s.int_list(shape, 8);
            s.int_list(strides, 8);
            opt_byte(&mut s, *attr);
        }
        TypeDef::PartitionView {
            tile_shape,
            tensor_view,
            dim_map,
            padding,
        } => {
            s.varint(15);
            let unified = v >= Version::V13_3;
            if unified {
                s.varint(u64::from(padding.is_some()));
            }
            s.int_list(tile_shape, 4);
            s.varint(tensor_view.0.into());
            s.int_list(dim_map, 4);
            if !unified {
                s.varint(u64::from(padding.is_some()));
            }
            opt_byte(&mut s, padding.map(Padding::byte));
        }
        TypeDef::Function { params, results } => {
            s.varint(16);
            for list in [params, results] {
                s.count(list.len());
                for t in list {
                    s.varint(t.0.into());
                }
            }
        }
        TypeDef::GatherScatterView {
            tile_shape,
            tensor_view,
            sparse_dim,
            padding,
        } => {
            s.varint(20);
            s.varint(u64::from(padding.is_some()));
            s.int_list(tile_shape, 4);
            s.varint(tensor_view.0.into());
            s.varint(*sparse_dim);
            opt_byte(&mut s, padding.map(Padding::byte));
        }
        TypeDef::StridedView {
            tile_shape,
            traversal_strides,
            tensor_view,
            dim_map,
            padding,
        } => {
            s.varint(21);
            s.varint(u64::from(padding.is_some()));
            s.int_list(tile_shape, 4);
            s.int_list(traversal_strides, 4);
            s.varint(tensor_view.0.into());
            s.int_list(dim_map, 4);
            opt_byte(&mut s, padding.map(Padding::byte));
        }
    }
    s.bytes
}

/// What encoding ops and attributes needs of the whole file: the version and the types (a
/// tagged number's width is its type's).
struct Enc<'b> {
    bc: &'b Bytecode,
}

impl Enc<'_> {
    fn bits(&self, t: u32) -> u32 {
        match self.bc.types.get(t as usize) {
            Some(TypeDef::Scalar(s)) => s.bits(),
            _ => 0,
        }
    }

    fn function(&self, s: &mut Sink, f: &Function) {
        s.varint(f.name.0.into());
        s.varint(f.signature.0.into());
        let hints = f.is_entry && f.hints.is_some();
        s.u8(u8::from(f.is_private) | u8::from(f.is_entry) << 1 | u8::from(hints) << 2);
        s.varint(f.loc);
        if let (true, Some(h)) = (hints, &f.hints) {
            self.tagged(s, h);
        }
        let mut body = Sink::default();
        for op in &f.ops {
            self.op(&mut body, op);
        }
        s.count(body.bytes.len());
        s.extend(&body.bytes);
    }

    fn present(&self, op: &OpRecord, gate: Gate) -> bool {
        gate.holds(op.flags, self.bc.version)
    }

    /// One op through its layout (the inverse of `ops::OpReader::op`).
    fn op(&self, s: &mut Sink, op: &OpRecord) {
        let Some(lay) = layout(op.opcode.into()) else {
            return;
        };
        s.varint(op.opcode.into());
        let (mut results, mut attrs, mut operands) =
            (op.result_types.iter(), op.attrs.iter(), op.operands.iter());
        let mut variadic = op.variadic.iter();
        for field in lay.fields {
            match *field {
                Field::Result => {
                    if let Some(t) = results.next() {
                        s.varint(t.0.into());
                    }
                }
                Field::Results => {
                    s.count(results.len());
                    for t in results.by_ref() {
                        s.varint(t.0.into());
                    }
                }
                Field::Flags(g) if self.present(op, g) => s.varint(op.flags),
                Field::Attr(kind, g) if self.present(op, g) => {
                    if let Some(a) = attrs.next() {
                        self.op_attr(s, kind, a);
                    }
                }
                Field::Operand(g) if self.present(op, g) => {
                    if let Some(v) = operands.next() {
                        s.varint((*v).into());
                    }
                }
                Field::Operands => {
                    let n = variadic.next().copied().unwrap_or(0) as usize;
                    s.count(n);
                    for v in operands.by_ref().take(n) {
                        s.varint((*v).into());
                    }
                }
                Field::Regions => self.regions(s, &op.regions),
                Field::Flags(_) | Field::Attr(..) | Field::Operand(_) => {}
            }
        }
    }

    fn regions(&self, s: &mut Sink, regions: &[Vec<BlockRecord>]) {
        s.count(regions.len());
        for blocks in regions {
            s.count(blocks.len());
            for b in blocks {
                s.count(b.args.len());
                for t in &b.args {
                    s.varint(t.0.into());
                }
                s.count(b.ops.len());
                for op in &b.ops {
                    self.op(s, op);
                }
            }
        }
    }

    fn op_attr(&self, s: &mut Sink, kind: AttrKind, a: &OpAttr) {
        match a {
            OpAttr::Bool(b) => s.u8(u8::from(*b)),
            OpAttr::Int(v) => s.varint(*v),
            OpAttr::Enum(_, v) => s.u8(*v),
            OpAttr::Str(id) => s.varint(id.0.into()),
            OpAttr::Type(t) => s.varint(t.0.into()),
            OpAttr::Array(items) => {
                s.count(items.len());
                for i in items {
                    self.tagged(s, i);
                }
            }
            OpAttr::Tagged(t) => self.tagged(s, t),
            OpAttr::Dense(c) => s.varint(c.0.into()),
            OpAttr::Ints(v) => s.int_list(v, if kind == AttrKind::BoolArray { 1 } else { 4 }),
            OpAttr::Hints(d) => self.dictionary(s, d),
        }
    }

    /// A tagged attribute (the inverse of `attr::AttrReader::tagged`).
    fn tagged(&self, s: &mut Sink, a: &Attr) {
        match a {
            Attr::Integer(t, v) => {
                s.varint(1);
                s.varint(t.0.into());
                if self.bits(t.0) == 1 {
                    s.u8(*v as u8);
                } else {
                    s.varint(*v);
                }
            }
            Attr::Float(t, v) => {
                s.varint(2);
                s.varint(t.0.into());
                if self.bits(t.0) <= 8 {
                    s.u8(*v as u8);
                } else {
                    s.signed_varint(*v as i64);
                }
            }
            Attr::Bool(b) => {
                s.varint(3);
                s.u8(u8::from(*b));
            }
            Attr::Type(t) => {
                s.varint(4);
                s.varint(t.0.into());
            }
            Attr::String(id) => {
                s.varint(5);
                s.varint(id.0.into());
            }
            Attr::Array(items) => {
                s.varint(6);
                s.count(items.len());
                for i in items {
                    self.tagged(s, i);
                }
            }
            Attr::DenseElements(t, c) => {
                s.varint(7);
                s.varint(t.0.into());
                s.varint(c.0.into());
            }
            Attr::DivBy {
                divisor,
                every,
                along,
            } => {
                s.varint(8);
                s.varint(*divisor);
                two_optional(s, *every, *along);
            }
            Attr::SameElements(v) => {
                s.varint(9);
                s.int_list(v, 8);
            }
            Attr::Dictionary(d) => {
                s.varint(10);
                self.dictionary(s, d);
            }
            Attr::OptimizationHints(d) => {
                s.varint(11);
                self.dictionary(s, d);
            }
            Attr::Bounded(lo, hi) => {
                s.varint(12);
                two_optional(s, *lo, *hi);
            }
        }
    }

    fn dictionary(&self, s: &mut Sink, d: &[(crate::model::StringId, Attr)]) {
        s.count(d.len());
        for (k, v) in d {
            s.varint(k.0.into());
            self.tagged(s, v);
        }
    }
}

/// `bounded`'s and `div_by`'s flags byte (bit 0, bit 1: which follow), then the values.
fn two_optional(s: &mut Sink, a: Option<i64>, b: Option<i64>) {
    s.u8(u8::from(a.is_some()) | u8::from(b.is_some()) << 1);
    for v in [a, b].into_iter().flatten() {
        s.signed_varint(v);
    }
}

fn globals(s: &mut Sink, bc: &Bytecode) {
    s.count(bc.globals.len());
    for g in &bc.globals {
        s.varint(g.name.0.into());
        s.varint(g.ty.0.into());
        s.varint(g.value.0.into());
        s.varint(g.alignment);
        if bc.version >= Version::V13_3 {
            s.u8(u8::from(g.is_private));
            s.varint(u64::from(g.is_constant));
        }
    }
}

/// The debug section (the inverse of `sections::debug`).
fn debug(s: &mut Sink, d: &crate::model::DebugInfo) {
    s.count(d.first.len());
    s.pad(4, 0);
    for &f in &d.first {
        s.le(f.into(), 4);
    }
    s.count(d.ops.len());
    s.pad(8, 0);
    for &o in &d.ops {
        s.le(o, 8);
    }
    // The table's padding counts from the section start, as the buffer's does.
    let items: Vec<Vec<u8>> = d.attrs.iter().map(debug_attr).collect();
    s.table(&items, 4);
}

fn debug_attr(a: &DebugAttr) -> Vec<u8> {
    let mut s = Sink::default();
    let mut fields = |tag: u8, v: &[u64]| {
        s.u8(tag);
        for &x in v {
            s.varint(x);
        }
    };
    match *a {
        DebugAttr::Placeholder => fields(0, &[]),
        DebugAttr::CompileUnit(f) => fields(1, &[f.0.into()]),
        DebugAttr::File(n, d) => fields(2, &[n.0.into(), d.0.into()]),
        DebugAttr::LexicalBlock(sc, f, l, c) => fields(3, &[sc.0.into(), f.0.into(), l, c]),
        DebugAttr::Loc(sc, f, l, c) => fields(4, &[sc.0.into(), f.0.into(), l, c]),
        DebugAttr::Subprogram(f, l, n, ln, cu, sl) => fields(
            5,
            &[f.0.into(), l, n.0.into(), ln.0.into(), cu.0.into(), sl],
        ),
        DebugAttr::CallSite(a, b) => fields(6, &[a.0.into(), b.0.into()]),
    }
    s.bytes
}
