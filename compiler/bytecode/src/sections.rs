//! Decoding the payloads of the function, global, debug and producer sections
//! (docs/tile-ir-bytecode.md). Each decoder reads a whole payload and fails on bytes left over.

use crate::attr::AttrReader;
use crate::cursor::{Cursor, Result};
use crate::model::{Attr, DebugAttr, DebugInfo, Function, Global, TypeDef, Version};
use crate::refs::Refs;
use crate::table::{self, OffsetWidth};

/// Function flag bits: private, kernel entry, has optimization hints.
const FN_PRIVATE: u8 = 0x01;
const FN_ENTRY: u8 = 0x02;
const FN_HINTS: u8 = 0x04;

/// The function section.
/// The functions, and whether the payload ends padded (`Bytecode::padded_functions`).
pub(crate) fn functions(
    mut cur: Cursor<'_>,
    attrs: &AttrReader<'_>,
    debug_fns: Option<usize>,
) -> Result<(Vec<Function>, bool)> {
    // name, signature, flags, loc, body length: at least five bytes each.
    let n = cur.count("the number of functions", 5)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        out.push(function(&mut cur, attrs, debug_fns)?);
    }
    // The payload starts 8-aligned in the file; padding that a writer would add is what counts.
    let padded = cur.remaining() > 0 && cur.offset() % 8 != 0;
    cur.finish_padded(8, "the functions")?;
    Ok((out, padded))
}

fn function(
    cur: &mut Cursor<'_>,
    attrs: &AttrReader<'_>,
    debug_fns: Option<usize>,
) -> Result<Function> {
    let refs = &attrs.refs;
    let name = refs.string(cur, "a function name")?;
    let signature = refs.ty(cur, "a function signature")?;
    let Some(TypeDef::Function { params, .. }) = attrs.types.get(signature.index()) else {
        return Err(cur.corrupt("a function signature that is not a function type"));
    };
    let flags = cur.u8("the function flags")?;
    if flags & !(FN_PRIVATE | FN_ENTRY | FN_HINTS) != 0 {
        return Err(cur.corrupt(format_args!("function flags {flags:#x} set an unknown bit")));
    }
    let loc_at = cur.offset();
    let loc = cur.varint("the function's debug index")?;
    if debug_fns.is_some_and(|d| loc == 0 || loc > d as u64) {
        let msg = format!("function debug index {loc} names no function of the debug section");
        return Err(cur.error_at(loc_at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
    }
    let is_entry = flags & FN_ENTRY != 0;
    let hints = if is_entry && flags & FN_HINTS != 0 {
        match attrs.tagged(cur, 0)? {
            h @ Attr::OptimizationHints(_) => Some(h),
            other => return Err(cur.corrupt(format_args!("entry hints are {other:?}"))),
        }
    } else {
        None
    };
    let len = cur.index("the function body length")?;
    let body = cur.sub(len, "the function body")?;
    let range = body.offset()..body.offset() + len;
    let ops = crate::ops::body(body, attrs, params.len())?;
    Ok(Function {
        name,
        signature,
        is_entry,
        is_private: flags & FN_PRIVATE != 0,
        loc,
        hints,
        body: range,
        ops,
    })
}

/// The global section.
pub(crate) fn globals(mut cur: Cursor<'_>, refs: &Refs) -> Result<Vec<Global>> {
    let n = cur.count("the number of globals", 4)?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let name = refs.string(&mut cur, "a global's name")?;
        let ty = refs.ty(&mut cur, "a global's type")?;
        let value = refs.constant(&mut cur, "a global's value")?;
        let alignment = cur.varint("a global's alignment")?;
        let (is_private, is_constant) = if refs.version >= Version::V13_3 {
            let vis = zero_or_one(&mut cur, "a global's visibility", |c| {
                c.u8("visibility").map(u64::from)
            })?;
            (
                vis,
                zero_or_one(&mut cur, "a global's constness", |c| c.varint("constness"))?,
            )
        } else {
            (false, false)
        };
        out.push(Global {
            name,
            ty,
            value,
            alignment,
            is_private,
            is_constant,
        });
    }
    cur.finish("the globals")?;
    Ok(out)
}

fn zero_or_one<'a>(
    cur: &mut Cursor<'a>,
    what: &str,
    read: impl FnOnce(&mut Cursor<'a>) -> Result<u64>,
) -> Result<bool> {
    match read(cur)? {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(cur.corrupt(format_args!("{what} {v} is neither 0 nor 1"))),
    }
}

/// The producer section: one string id.
pub(crate) fn producer(mut cur: Cursor<'_>, refs: &Refs) -> Result<crate::model::StringId> {
    let s = refs.string(&mut cur, "the producer")?;
    cur.finish("the producer")?;
    Ok(s)
}

/// The debug section's per-function and per-op indices, then its attribute table.
pub(crate) fn debug(mut cur: Cursor<'_>, refs: &Refs) -> Result<DebugInfo> {
    let origin = cur.offset();
    let nfn = cur.count("the number of functions with debug info", 4)?;
    cur.align(4, origin)?;
    let first: Vec<u32> = (0..nfn)
        .map(|_| {
            cur.le::<4>("a function's first debug index")
                .map(|v| v as u32)
        })
        .collect::<Result<_>>()?;
    let nops = cur.count("the number of debug indices", 8)?;
    if first.iter().any(|&f| f as usize > nops) || first.windows(2).any(|w| w[0] > w[1]) {
        return Err(cur.corrupt("the functions' first debug indices are out of order or range"));
    }
    cur.align(8, origin)?;
    let ops_at = cur.offset();
    let ops: Vec<u64> = (0..nops)
        .map(|_| cur.le::<8>("a debug index"))
        .collect::<Result<_>>()?;
    let items = table::read(&mut cur, OffsetWidth::U32, origin, "debug attributes")?;
    let refs = Refs {
        debug: items.len(),
        ..*refs
    };
    if let Some(i) = ops.iter().position(|&a| a > items.len() as u64) {
        let at = ops_at + 8 * i;
        let msg = format!("debug index {} names no debug attribute", ops[i]);
        return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
    }
    let attrs = items
        .into_iter()
        .map(|mut item| debug_attr(&mut item, &refs))
        .collect::<Result<_>>()?;
    Ok(DebugInfo { first, ops, attrs })
}

/// One debug attribute: a tag byte, then varints.
fn debug_attr(cur: &mut Cursor<'_>, refs: &Refs) -> Result<DebugAttr> {
    let d = |c: &mut Cursor<'_>| refs.debug(c, "a debug attribute reference");
    let s = |c: &mut Cursor<'_>| refs.string(c, "a debug attribute's string");
    let n = |c: &mut Cursor<'_>| c.varint("a line or column");
    let at = cur.offset();
    let attr = match cur.u8("a debug attribute tag")? {
        0 => DebugAttr::Placeholder,
        1 => DebugAttr::CompileUnit(d(cur)?),
        2 => DebugAttr::File(s(cur)?, s(cur)?),
        3 => DebugAttr::LexicalBlock(d(cur)?, d(cur)?, n(cur)?, n(cur)?),
        4 => DebugAttr::Loc(d(cur)?, s(cur)?, n(cur)?, n(cur)?),
        5 => DebugAttr::Subprogram(d(cur)?, n(cur)?, s(cur)?, s(cur)?, d(cur)?, n(cur)?),
        6 => DebugAttr::CallSite(d(cur)?, d(cur)?),
        t => {
            let msg = format!("unknown debug attribute tag {t}");
            return Err(cur.error_at(at, tilec_ir::DiagCode::BytecodeCorrupt, msg));
        }
    };
    cur.finish("a debug attribute")?;
    Ok(attr)
}
