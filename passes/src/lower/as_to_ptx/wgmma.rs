//! `wgmma_mma` → `wgmma.mma_async`: the shared-memory pointers of A and B become 64-bit matrix
//! descriptors (PTX ISA, "Matrix Descriptor Format": bits 0–13 the start address, 16–29 the
//! leading-dimension byte offset, 32–45 the stride-dimension byte offset, each in 16-byte
//! units; bits 62–63 the swizzle mode). The offsets and the mode are constants of the op, so a
//! descriptor is `((addr >> 4) & 0x3fff) | constant`; the address is a `.shared` window offset
//! (32 bits), zero-extended, plus A's `a_koff` (a start inside a swizzle atom's rows).

use super::{LResult, Lower};
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::ptx;
use tilec_ir::{sym, AttrData, Loc, Op, OpView, Type, Value};

/// The descriptor bits above the start address: `lbo` and `sbo` bytes and the swizzle mode of
/// a `swizzle`-byte swizzle (bits 62–63: 1 for 128 bytes, 2 for 64, 3 for 32, 0 for none).
pub(crate) fn descriptor_high(lbo: i64, sbo: i64, swizzle: i64) -> i64 {
    let mode: i64 = match swizzle {
        128 => 1,
        64 => 2,
        32 => 3,
        _ => 0,
    };
    (((lbo >> 4) & 0x3fff) << 16) | (((sbo >> 4) & 0x3fff) << 32) | (mode << 62)
}

impl Lower<'_> {
    /// One `wgmma_mma` with its `n`, `ab_type` and layouts (the model form, without `n`, has no
    /// instruction: a located error).
    pub(super) fn wgmma(
        &mut self,
        op: Op,
        operands: &[Value],
        result_types: &[Type],
        loc: Loc,
    ) -> LResult<Op> {
        let v = tas::WgmmaMma(op);
        let m = &*self.m;
        let (Some(n), Some(ab)) = (v.n(m), v.ab_type(m).map(str::to_string)) else {
            return Err(self.unsupported(
                op,
                "a wgmma_mma without 'n' and 'ab_type' is a verify-races model, not an instruction",
            ));
        };
        let a = Layout {
            lbo: v.a_lbo(m).unwrap_or(0),
            sbo: v.a_sbo(m).unwrap_or(0),
            swizzle: v.a_swizzle(m).unwrap_or(0),
            start: v.a_koff(m).unwrap_or(0),
        };
        let b = Layout {
            lbo: v.b_lbo(m).unwrap_or(0),
            sbo: v.b_sbo(m).unwrap_or(0),
            swizzle: v.b_swizzle(m).unwrap_or(0),
            start: v.b_koff(m).unwrap_or(0),
        };
        let da = self.descriptor(operands[0], a, loc);
        let db = self.descriptor(operands[1], b, loc);
        let mut ops = vec![da, db];
        ops.extend_from_slice(&operands[2..]);
        let i32t = self.i32t;
        let mut attrs = vec![
            (
                sym!(ptx::WgmmaMmaAsync::N),
                AttrData::Int { value: n, ty: i32t },
            ),
            (sym!(ptx::WgmmaMmaAsync::AB_TYPE), AttrData::Str(ab.into())),
        ];
        if v.trans_b(&*self.m) {
            attrs.push((sym!(ptx::WgmmaMmaAsync::TRANS_B), AttrData::Unit));
        }
        Ok(self
            .b(loc)
            .op(ptx::WgmmaMmaAsync::name_sym(), &ops, result_types, &attrs))
    }

    /// The descriptor of the shared address `p` (a 32-bit register) plus `l.start` bytes, with
    /// layout `l`.
    fn descriptor(&mut self, p: Value, l: Layout, loc: Loc) -> Value {
        let (i32t, i64t) = (self.i32t, self.i64t);
        let p = if l.start != 0 {
            let off = self.imm(i32t, l.start, loc);
            self.binary("add", p, off, i32t, loc)
        } else {
            p
        };
        let four = self.imm(i32t, 4, loc);
        let units = self.binary("shr.u", p, four, i32t, loc);
        let mask = self.imm(i32t, 0x3fff, loc);
        let start = self.binary("and", units, mask, i32t, loc);
        let wide = self.b(loc).value(ptx::Cvt::name_sym(), &[start], i64t, &[]);
        let high = self.imm(i64t, descriptor_high(l.lbo, l.sbo, l.swizzle), loc);
        self.binary("or", wide, high, i64t, loc)
    }
}

/// An operand's descriptor fields (bytes), from the `wgmma_mma`'s attributes.
#[derive(Clone, Copy)]
struct Layout {
    lbo: i64,
    sbo: i64,
    swizzle: i64,
    start: i64,
}
