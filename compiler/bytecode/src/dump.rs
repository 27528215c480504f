//! A text dump of a [`Bytecode`] (`tile-opt --dump-bytecode`): the version, each section with
//! its place in the file, then the tables, globals, functions and debug attributes, types
//! spelled in the MLIR cuda_tile way (`tile<16xf32>`) and ids as `#n`.
//!
//! Type references may form cycles in a crafted file; spelling stops at [`MAX_TYPE_DEPTH`] and
//! prints the id instead.

use crate::model::{Attr, Bytecode, DebugAttr, OpAttr, OpRecord, StringId, TypeDef, TypeId};
use std::fmt::Write as _;

/// How deep a type is spelled out before its id is printed instead.
const MAX_TYPE_DEPTH: usize = 8;

/// The whole dump.
pub fn dump(bc: &Bytecode) -> String {
    let mut o = String::new();
    let preview = if bc.preview { " (preview)" } else { "" };
    let _ = writeln!(o, "tile-ir-bytecode {}{preview}", bc.version.name());
    for s in &bc.sections {
        let (a, b) = (s.payload.start, s.payload.end);
        let kind = s.kind.name().trim_end_matches(" section");
        let _ = writeln!(o, "section {kind} align {} bytes {a}..{b}", s.alignment);
    }
    let _ = writeln!(o, "strings {}", bc.strings.len());
    for (i, _) in bc.strings.iter().enumerate() {
        let _ = writeln!(o, "  #{i} {:?}", bc.string(StringId(i as u32)));
    }
    let _ = writeln!(o, "types {}", bc.types.len());
    for i in 0..bc.types.len() {
        let _ = writeln!(o, "  #{i} {}", ty(bc, TypeId(i as u32), 0));
    }
    let _ = writeln!(o, "constants {}", bc.constants.len());
    for (i, c) in bc.constants.iter().enumerate() {
        let hex: Vec<String> = c.iter().map(|b| format!("{b:02x}")).collect();
        let _ = writeln!(o, "  #{i} [{}]", hex.join(" "));
    }
    let _ = writeln!(o, "globals {}", bc.globals.len());
    for g in &bc.globals {
        let _ = writeln!(
            o,
            "  @{} : {} = #{} align {}{}{}",
            bc.string(g.name),
            ty(bc, g.ty, 0),
            g.value.0,
            g.alignment,
            if g.is_private { " private" } else { "" },
            if g.is_constant { " constant" } else { "" },
        );
    }
    functions(bc, &mut o);
    debug(bc, &mut o);
    o
}

fn functions(bc: &Bytecode, o: &mut String) {
    let _ = writeln!(o, "functions {}", bc.functions.len());
    for f in &bc.functions {
        let kind = if f.is_entry { "entry" } else { "func" };
        let vis = if f.is_private { " private" } else { "" };
        let _ = write!(
            o,
            "  {kind}{vis} @{} : {}",
            bc.string(f.name),
            ty(bc, f.signature, 0)
        );
        if let Some(h) = &f.hints {
            let _ = write!(o, " hints {}", attr(bc, h));
        }
        let (a, b) = (f.body.start, f.body.end);
        let _ = writeln!(o, " debug #{} body bytes {a}..{b}", f.loc);
        ops(bc, &f.ops, 2, o);
    }
}

/// Each op on a line: `%results = Name %operands flags attrs : result types`, its regions'
/// blocks indented below with their arguments.
fn ops(bc: &Bytecode, list: &[OpRecord], indent: usize, o: &mut String) {
    for op in list {
        let pad = "  ".repeat(indent);
        let _ = write!(o, "{pad}");
        let n = op.result_types.len() as u32;
        if n > 0 {
            let rs: Vec<String> = (0..n)
                .map(|i| format!("%{}", op.first_result + i))
                .collect();
            let _ = write!(o, "{} = ", rs.join(", "));
        }
        let name = crate::ops_table::layout(op.opcode.into()).map_or("?", |l| l.name);
        let _ = write!(o, "{name}");
        let args: Vec<String> = op.operands.iter().map(|v| format!("%{v}")).collect();
        if !args.is_empty() {
            let _ = write!(o, " {}", args.join(", "));
        }
        if op.flags != 0 {
            let _ = write!(o, " flags {:#x}", op.flags);
        }
        if !op.attrs.is_empty() {
            let attrs: Vec<String> = op.attrs.iter().map(|a| op_attr(bc, a)).collect();
            let _ = write!(o, " {{{}}}", attrs.join(", "));
        }
        if n > 0 {
            let tys: Vec<String> = op.result_types.iter().map(|&t| ty(bc, t, 0)).collect();
            let _ = write!(o, " : {}", tys.join(", "));
        }
        let _ = writeln!(o);
        for (r, blocks) in op.regions.iter().enumerate() {
            for block in blocks {
                let args: Vec<String> = (block.args.iter().enumerate())
                    .map(|(i, &t)| format!("%{}: {}", block.first_arg + i as u32, ty(bc, t, 0)))
                    .collect();
                let _ = writeln!(o, "{pad}  region {r} block ({}):", args.join(", "));
                ops(bc, &block.ops, indent + 2, o);
            }
        }
    }
}

fn op_attr(bc: &Bytecode, a: &OpAttr) -> String {
    match a {
        OpAttr::Bool(b) => b.to_string(),
        OpAttr::Int(v) => v.to_string(),
        OpAttr::Enum(e, v) => e.value_name(*v).unwrap_or("?").to_string(),
        OpAttr::Str(s) => format!("{:?}", bc.string(*s)),
        OpAttr::Type(t) => ty(bc, *t, 0),
        OpAttr::Array(items) => {
            let parts: Vec<String> = items.iter().map(|i| attr(bc, i)).collect();
            format!("[{}]", parts.join(", "))
        }
        OpAttr::Tagged(t) => attr(bc, t),
        OpAttr::Dense(c) => format!("dense #{}", c.0),
        OpAttr::Ints(v) => format!("array<{}>", dims(v, ", ")),
        OpAttr::Hints(h) => attr(bc, &Attr::OptimizationHints(h.clone())),
    }
}

fn debug(bc: &Bytecode, o: &mut String) {
    let d = &bc.debug;
    let _ = writeln!(
        o,
        "debug functions {} indices {} attributes {}",
        d.first.len(),
        d.ops.len(),
        d.attrs.len()
    );
    for (i, a) in d.attrs.iter().enumerate() {
        let s = |id: StringId| format!("{:?}", bc.string(id));
        let text = match *a {
            DebugAttr::Placeholder => "placeholder".to_string(),
            DebugAttr::CompileUnit(f) => format!("compile_unit file #{}", f.0),
            DebugAttr::File(n, d) => format!("file {} dir {}", s(n), s(d)),
            DebugAttr::LexicalBlock(sc, f, l, c) => {
                format!("lexical_block scope #{} file #{} {l}:{c}", sc.0, f.0)
            }
            DebugAttr::Loc(sc, f, l, c) => format!("loc scope #{} {}:{l}:{c}", sc.0, s(f)),
            DebugAttr::Subprogram(f, l, n, ln, cu, sl) => format!(
                "subprogram {} linkage {} file #{} line {l} unit #{} scope_line {sl}",
                s(n),
                s(ln),
                f.0,
                cu.0
            ),
            DebugAttr::CallSite(a, b) => format!("call_site callee #{} caller #{}", a.0, b.0),
        };
        let _ = writeln!(o, "  #{} {text}", i + 1);
    }
}

/// A dimension or stride: `?` for the dynamic marker (`i64::MIN`).
fn dim(d: i64) -> String {
    if d == i64::MIN {
        "?".to_string()
    } else {
        d.to_string()
    }
}

fn dims(ds: &[i64], sep: &str) -> String {
    ds.iter().map(|&d| dim(d)).collect::<Vec<_>>().join(sep)
}

/// The spelling of type `id`.
fn ty(bc: &Bytecode, id: TypeId, depth: usize) -> String {
    let Some(def) = bc.types.get(id.index()).filter(|_| depth < MAX_TYPE_DEPTH) else {
        return format!("#{}", id.0);
    };
    let t = |id| ty(bc, id, depth + 1);
    let pad =
        |p: &Option<crate::model::Padding>| p.map_or(String::new(), |p| format!(", padding={p:?}"));
    match def {
        TypeDef::Scalar(s) => s.name().to_string(),
        TypeDef::Pointer { pointee, .. } => format!("ptr<{}>", t(*pointee)),
        TypeDef::Tile { element, shape } if shape.is_empty() => format!("tile<{}>", t(*element)),
        TypeDef::Tile { element, shape } => format!("tile<{}x{}>", dims(shape, "x"), t(*element)),
        TypeDef::TensorView {
            element,
            shape,
            strides,
            ..
        } => format!(
            "tensor_view<{}x{}, strides=[{}]>",
            dims(shape, "x"),
            t(*element),
            dims(strides, ",")
        ),
        TypeDef::PartitionView {
            tile_shape,
            tensor_view,
            dim_map,
            padding,
        } => format!(
            "partition_view<tile=({}), {}, dim_map=[{}]{}>",
            dims(tile_shape, "x"),
            t(*tensor_view),
            dims(dim_map, ","),
            pad(padding)
        ),
        TypeDef::GatherScatterView {
            tile_shape,
            tensor_view,
            sparse_dim,
            padding,
        } => format!(
            "gather_scatter_view<tile=({}), {}, sparse_dim={sparse_dim}{}>",
            dims(tile_shape, "x"),
            t(*tensor_view),
            pad(padding)
        ),
        TypeDef::StridedView {
            tile_shape,
            traversal_strides,
            tensor_view,
            dim_map,
            padding,
        } => format!(
            "strided_view<tile=({}), traversal_strides=[{}], {}, dim_map=[{}]{}>",
            dims(tile_shape, "x"),
            dims(traversal_strides, ","),
            t(*tensor_view),
            dims(dim_map, ","),
            pad(padding)
        ),
        TypeDef::Function { params, results } => {
            let list = |ids: &[TypeId]| ids.iter().map(|&i| t(i)).collect::<Vec<_>>().join(", ");
            format!("({}) -> ({})", list(params), list(results))
        }
    }
}

/// The spelling of an attribute.
fn attr(bc: &Bytecode, a: &Attr) -> String {
    let dict = |items: &[(StringId, Attr)]| {
        let parts: Vec<String> = items
            .iter()
            .map(|(k, v)| format!("{} = {}", bc.string(*k), attr(bc, v)))
            .collect();
        parts.join(", ")
    };
    let opt = |v: Option<i64>| v.map_or("?".to_string(), |v| v.to_string());
    match a {
        Attr::Integer(t, v) => format!("{v} : {}", ty(bc, *t, 0)),
        Attr::Float(t, bits) => format!("{bits:#x} : {}", ty(bc, *t, 0)),
        Attr::Bool(b) => b.to_string(),
        Attr::Type(t) => ty(bc, *t, 0),
        Attr::String(s) => format!("{:?}", bc.string(*s)),
        Attr::Array(items) => {
            let parts: Vec<String> = items.iter().map(|i| attr(bc, i)).collect();
            format!("[{}]", parts.join(", "))
        }
        Attr::DenseElements(t, c) => format!("dense<#{}> : {}", c.0, ty(bc, *t, 0)),
        Attr::DivBy {
            divisor,
            every,
            along,
        } => {
            format!(
                "div_by<{divisor}, every {}, along {}>",
                opt(*every),
                opt(*along)
            )
        }
        Attr::SameElements(v) => format!("same_elements<[{}]>", dims(v, ", ")),
        Attr::Dictionary(items) => format!("{{{}}}", dict(items)),
        Attr::OptimizationHints(items) => format!("optimization_hints<{}>", dict(items)),
        Attr::Bounded(lb, ub) => format!("bounded<{}, {}>", opt(*lb), opt(*ub)),
    }
}
