//! Reads the `.entry` signatures out of PTX text — parameter types and the launch-shape
//! directives — so that a spec that passes the wrong number or size of parameters, or a block the
//! kernel's `.reqntid` rejects, is a clear error before the launch instead of a driver error code
//! (or, for parameters, silently wrong results).

use tilec_dialects::tensor_maps::{parse_ok, MapDesc, MAP_LINE, OK_LINE};

/// One `.entry` of a PTX module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrySig {
    /// The entry name.
    pub name: String,
    /// Each `.param`'s PTX type (`u64`, `f32`, `b8`, …) and size in bytes (arrays count whole).
    pub params: Vec<(String, usize)>,
    /// `.reqntid x, y, z` (missing dimensions are 1).
    pub reqntid: Option<[u32; 3]>,
    /// `.reqnctapercluster x, y, z`.
    pub reqnctapercluster: Option<[u32; 3]>,
}

/// The `//tilec:tensor_map` lines of `entry` in `ptx` ([`tilec_dialects::tensor_maps`]), and
/// its `//tilec:tensor_maps_ok` parameter; a malformed line is an error naming it.
pub fn tensor_maps(ptx: &str, entry: &str) -> Result<(Vec<MapDesc>, Option<usize>), String> {
    let mut maps = Vec::new();
    let mut ok = None;
    for line in ptx.lines().map(str::trim) {
        let bad = || format!("malformed tensor-map line in the PTX: {line}");
        if let Some(rest) = line.strip_prefix(MAP_LINE) {
            let (e, m) = MapDesc::parse(rest).ok_or_else(bad)?;
            if e == entry {
                maps.push(m);
            }
        } else if let Some(rest) = line.strip_prefix(OK_LINE) {
            let (e, p) = parse_ok(rest).ok_or_else(bad)?;
            if e == entry {
                ok = Some(p);
            }
        }
    }
    Ok((maps, ok))
}

/// Every `.entry` in `ptx`, in order.
pub fn entries(ptx: &str) -> Vec<EntrySig> {
    let text = strip_comments(ptx);
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = find_word(rest, ".entry") {
        rest = &rest[at + ".entry".len()..];
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|&c| c.is_ascii_alphanumeric() || "_$%.".contains(c))
            .collect();
        // The header runs up to the body's '{': the parameter list, then the directives.
        let header_end = rest.find('{').unwrap_or(rest.len());
        let header = &rest[..header_end];
        let (params, directives) = match (header.find('('), header.rfind(')')) {
            (Some(l), Some(r)) if l < r => (&header[l + 1..r], &header[r + 1..]),
            _ => ("", header),
        };
        out.push(EntrySig {
            name,
            params: params
                .split(',')
                .filter(|p| !p.trim().is_empty())
                .map(param_type)
                .collect(),
            reqntid: dims_after(directives, ".reqntid"),
            reqnctapercluster: dims_after(directives, ".reqnctapercluster"),
        });
        rest = &rest[header_end..];
    }
    out
}

/// Bytes of a PTX fundamental type (`u32` → 4); `pred` counts as 4, like the driver's layout of
/// a predicate parameter register.
pub fn ptx_type_size(ty: &str) -> Option<usize> {
    Some(match ty {
        "pred" => 4,
        "b8" | "u8" | "s8" => 1,
        "b16" | "u16" | "s16" | "f16" | "bf16" => 2,
        "b32" | "u32" | "s32" | "f32" => 4,
        "b64" | "u64" | "s64" | "f64" => 8,
        _ => return None,
    })
}

/// `.param .u64 .ptr.global .align 8 name` → (`u64`, 8); `.param .align 8 .b8 name[16]` →
/// (`b8`, 16).
fn param_type(p: &str) -> (String, usize) {
    let mut ty = String::new();
    let mut tokens = p.split_whitespace().peekable();
    while let Some(t) = tokens.next() {
        if t == ".align" {
            tokens.next();
            continue;
        }
        if let Some(name) = t.strip_prefix('.') {
            if name != "param" && !name.starts_with("ptr") && ty.is_empty() {
                ty = name.to_string();
            }
        }
    }
    let elem = ptx_type_size(&ty).unwrap_or(0);
    let count = p
        .split_once('[')
        .and_then(|(_, r)| r.split_once(']'))
        .and_then(|(n, _)| n.trim().parse::<usize>().ok())
        .unwrap_or(1);
    (ty, elem * count)
}

/// The 1–3 comma-separated integers after `directive`.
fn dims_after(text: &str, directive: &str) -> Option<[u32; 3]> {
    let at = find_word(text, directive)?;
    let mut dims = [1u32; 3];
    let args = &text[at + directive.len()..];
    let mut n = 0;
    for part in args.split(',') {
        let digits: String = part
            .trim_start()
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if digits.is_empty() || n == 3 {
            break;
        }
        dims[n] = digits.parse().ok()?;
        n += 1;
        // A part with anything after the number ends the list (the next directive follows).
        if part.trim() != digits {
            break;
        }
    }
    (n > 0).then_some(dims)
}

/// The first `word` in `text` that is not a prefix of a longer identifier (`.entry` but not
/// `.entryx`).
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let next = text[at + word.len()..].chars().next();
        if !next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// `ptx` without `//` and `/* */` comments (string literals do not occur in PTX headers).
fn strip_comments(ptx: &str) -> String {
    let mut out = String::with_capacity(ptx.len());
    let mut rest = ptx;
    loop {
        let line = rest.find("//").unwrap_or(usize::MAX);
        let block = rest.find("/*").unwrap_or(usize::MAX);
        if line == usize::MAX && block == usize::MAX {
            out.push_str(rest);
            return out;
        }
        if line < block {
            out.push_str(&rest[..line]);
            rest = rest[line..].find('\n').map_or("", |n| &rest[line + n..]);
        } else {
            out.push_str(&rest[..block]);
            out.push(' ');
            rest = rest[block + 2..]
                .find("*/")
                .map_or("", |e| &rest[block + 2 + e + 2..]);
        }
    }
}
