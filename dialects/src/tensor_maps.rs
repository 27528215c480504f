//! The description of a kernel's hidden tensor-map parameters (`tilec --tma-maps`,
//! docs/tensor-maps.md), in its three forms: the [`MapDesc`] lower-aa-to-as makes, the 12
//! integers per map of the kernel's `tensor_maps` attribute ([`MapDesc::encode`] /
//! [`MapDesc::decode`]) and the `//tilec:tensor_map` line of the PTX ([`MapDesc::line`] /
//! [`MapDesc::parse`]) that a launcher reads. One type for all three, so the printer and
//! tile-run cannot disagree on the format.

use std::collections::HashMap;
use std::fmt::Write as _;

/// A value the launcher knows: a kernel parameter's (`pN`), or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostVal {
    /// The value of parameter N.
    Param(u32),
    /// A constant.
    Const(i32),
}

impl HostVal {
    /// `[tag, value]`: tag 1 a parameter index, 0 a constant.
    fn encode(self) -> [i32; 2] {
        match self {
            HostVal::Param(i) => [1, i as i32],
            HostVal::Const(c) => [0, c],
        }
    }
    fn decode(tag: i32, v: i32) -> HostVal {
        if tag == 1 {
            HostVal::Param(v as u32)
        } else {
            HostVal::Const(v)
        }
    }
    fn text(self) -> String {
        match self {
            HostVal::Param(i) => format!("p{i}"),
            HostVal::Const(c) => c.to_string(),
        }
    }
    fn parse(s: &str) -> Option<HostVal> {
        match s.strip_prefix('p') {
            Some(i) => i.parse().ok().map(HostVal::Param),
            None => s.parse().ok().map(HostVal::Const),
        }
    }
}

/// One hidden tensor map: a 2-d tensor of 16-bit floats, its box and its swizzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapDesc {
    /// The map's own parameter.
    pub map: u32,
    /// The parameter holding the tensor's base address.
    pub base: u32,
    /// Columns (the innermost dimension) and rows, in elements.
    pub dims: [HostVal; 2],
    /// Elements from one row to the next.
    pub stride: HostVal,
    /// bf16 (else f16).
    pub bf16: bool,
    /// The box: columns, rows.
    pub boxes: [u32; 2],
    /// Swizzle bytes (32, 64 or 128).
    pub swizzle: u32,
}

/// The line prefix of a map, and of the `ok` parameter.
pub const MAP_LINE: &str = "//tilec:tensor_map ";
/// See [`MAP_LINE`].
pub const OK_LINE: &str = "//tilec:tensor_maps_ok ";

impl MapDesc {
    /// The 12 integers of the `tensor_maps` attribute: map, base, columns (tag, value), rows
    /// (tag, value), row stride (tag, value), element type (0 f16, 1 bf16), box columns, box
    /// rows, swizzle bytes.
    pub fn encode(&self) -> [i32; 12] {
        let [c, r, s] = [self.dims[0], self.dims[1], self.stride].map(HostVal::encode);
        [
            self.map as i32,
            self.base as i32,
            c[0],
            c[1],
            r[0],
            r[1],
            s[0],
            s[1],
            i32::from(self.bf16),
            self.boxes[0] as i32,
            self.boxes[1] as i32,
            self.swizzle as i32,
        ]
    }

    /// The maps of a `tensor_maps` attribute (12 integers each; a partial tail is ignored).
    pub fn decode(ints: &[i32]) -> Vec<MapDesc> {
        ints.chunks_exact(12)
            .map(|c| MapDesc {
                map: c[0] as u32,
                base: c[1] as u32,
                dims: [HostVal::decode(c[2], c[3]), HostVal::decode(c[4], c[5])],
                stride: HostVal::decode(c[6], c[7]),
                bf16: c[8] == 1,
                boxes: [c[9] as u32, c[10] as u32],
                swizzle: c[11] as u32,
            })
            .collect()
    }

    /// `//tilec:tensor_map entry=K param=15 base=p0 cols=p2 rows=p1 stride=p3 type=f16
    /// box=32,16 swizzle=64` (one line, docs/tensor-maps.md).
    pub fn line(&self, entry: &str) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "{MAP_LINE}entry={entry} param={} base=p{} cols={} rows={} stride={} type={} box={},{} swizzle={}",
            self.map,
            self.base,
            self.dims[0].text(),
            self.dims[1].text(),
            self.stride.text(),
            if self.bf16 { "bf16" } else { "f16" },
            self.boxes[0],
            self.boxes[1],
            self.swizzle
        );
        s
    }

    /// A [`MapDesc::line`] back (without its prefix): the entry and the map, or None when a
    /// field is missing or malformed.
    pub fn parse(fields: &str) -> Option<(String, MapDesc)> {
        let f = key_values(fields);
        let pair = |k: &str| -> Option<[u32; 2]> {
            let (a, b) = f.get(k)?.split_once(',')?;
            Some([a.parse().ok()?, b.parse().ok()?])
        };
        let desc = MapDesc {
            map: f.get("param")?.parse().ok()?,
            base: f.get("base")?.strip_prefix('p')?.parse().ok()?,
            dims: [
                HostVal::parse(f.get("cols")?)?,
                HostVal::parse(f.get("rows")?)?,
            ],
            stride: HostVal::parse(f.get("stride")?)?,
            bf16: match *f.get("type")? {
                "bf16" => true,
                "f16" => false,
                _ => return None,
            },
            boxes: pair("box")?,
            swizzle: f.get("swizzle")?.parse().ok()?,
        };
        Some((f.get("entry")?.to_string(), desc))
    }
}

/// `//tilec:tensor_maps_ok entry=K param=N`.
pub fn ok_line(entry: &str, param: i64) -> String {
    format!("{OK_LINE}entry={entry} param={param}")
}

/// An [`ok_line`] back (without its prefix): the entry and the parameter.
pub fn parse_ok(fields: &str) -> Option<(String, usize)> {
    let f = key_values(fields);
    Some((f.get("entry")?.to_string(), f.get("param")?.parse().ok()?))
}

/// The `key=value` fields of a line.
fn key_values(line: &str) -> HashMap<&str, &str> {
    line.split_whitespace()
        .filter_map(|f| f.split_once('='))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms_agree() {
        let d = MapDesc {
            map: 15,
            base: 0,
            dims: [HostVal::Param(2), HostVal::Const(64)],
            stride: HostVal::Param(3),
            bf16: true,
            boxes: [32, 16],
            swizzle: 64,
        };
        assert_eq!(d.encode(), [15, 0, 1, 2, 0, 64, 1, 3, 1, 32, 16, 64]);
        assert_eq!(MapDesc::decode(&d.encode()), vec![d]);
        let line = d.line("mm");
        assert_eq!(
            line,
            "//tilec:tensor_map entry=mm param=15 base=p0 cols=p2 rows=64 stride=p3 type=bf16 box=32,16 swizzle=64"
        );
        let fields = line.strip_prefix(MAP_LINE).unwrap_or_default();
        assert_eq!(MapDesc::parse(fields), Some(("mm".into(), d)));
        assert_eq!(
            MapDesc::parse(&fields.replace("type=bf16", "type=f32")),
            None
        );
        let ok = ok_line("mm", 17);
        assert_eq!(
            parse_ok(ok.strip_prefix(OK_LINE).unwrap_or_default()),
            Some(("mm".into(), 17))
        );
    }
}
