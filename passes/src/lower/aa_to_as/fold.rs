//! Folding the per-element division and remainder of an index by a constant.
//!
//! The expansion of a view load computes each element's coordinates as `iota / C` and
//! `iota % C`, and the cyclic layout makes element `e` of thread `t` the flat index `e·T + t`
//! ([`Lower::index`]). Where the index's range in every thread lies inside one multiple of `C`
//! (`e·T .. e·T + T` inside `k·C .. k·C + C`), the quotient is the constant `k` and the
//! remainder `index - k·C`: the column of element `e` is then `t + const` for ptxas, not
//! `(t + e·T) & (C - 1)` recomputed per element.
//!
//! A sign extension of a value known non-negative becomes a zero extension (the same bits).
//!
//! The ranges are those of the lowered integer scalars the lowering made: the thread id
//! (`0..T`), the element indices, constants, and the sums, differences and constant products
//! of those (kept only while the bounds fit the type, so no 32-bit wrap is assumed away), and
//! the quotients and remainders of non-negative ones by positive constants.

use super::Lower;
use tilec_dialects::nv_tileas as tas;
use tilec_ir::{Loc, OpView, Type, TypeData, Value};

impl Lower<'_> {
    /// Records that lowered scalar `v` lies in `lo..=hi`.
    pub(super) fn note_range(&mut self, v: Value, lo: i64, hi: i64) {
        self.ranges.insert(v, (lo, hi));
    }

    /// The known range of lowered scalar `v`: recorded, or a constant's value.
    fn range_of(&self, v: Value) -> Option<(i64, i64)> {
        if let Some(&r) = self.ranges.get(&v) {
            return Some(r);
        }
        let d = self.m.defining_op(v)?;
        let c = tas::views::Constant::cast(self.m, d)?.int_value(self.m)?;
        Some((c, c))
    }

    /// The range of `kind(a, b)` for an integer op, when both ranges are known and the result
    /// cannot wrap in `t`.
    fn result_range(&self, kind: tas::OpKind, a: Value, b: Value, t: Type) -> Option<(i64, i64)> {
        let bits = match self.m.type_data(t) {
            TypeData::Int(b @ 2..=64) => *b,
            _ => return None,
        };
        let ((alo, ahi), (blo, bhi)) = (self.range_of(a)?, self.range_of(b)?);
        let (lo, hi) = match kind {
            tas::OpKind::AddI => (alo.checked_add(blo)?, ahi.checked_add(bhi)?),
            tas::OpKind::SubI => (alo.checked_sub(bhi)?, ahi.checked_sub(blo)?),
            tas::OpKind::MulI => {
                let ps = [
                    alo.checked_mul(blo)?,
                    alo.checked_mul(bhi)?,
                    ahi.checked_mul(blo)?,
                    ahi.checked_mul(bhi)?,
                ];
                (*ps.iter().min()?, *ps.iter().max()?)
            }
            // A non-negative dividend and a positive constant divisor.
            tas::OpKind::DivUI | tas::OpKind::DivSI if alo >= 0 && blo == bhi && blo > 0 => {
                (alo / blo, ahi / blo)
            }
            tas::OpKind::RemUI | tas::OpKind::RemSI if alo >= 0 && blo == bhi && blo > 0 => {
                (0, ahi.min(blo - 1))
            }
            _ => return None,
        };
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        (i128::from(lo) >= min && i128::from(hi) <= max).then_some((lo, hi))
    }

    /// `kind(ops)` on lowered scalars of type `t`, folded where the ranges allow (see the
    /// module documentation); None when it does not fold. A result whose range is known is
    /// recorded either way by [`Lower::note_result`].
    pub(super) fn fold_divmod(
        &mut self,
        kind: tas::OpKind,
        ops: &[Value],
        t: Type,
    ) -> Option<Value> {
        use tas::OpKind::*;
        if !matches!(kind, DivUI | DivSI | RemUI | RemSI) || ops.len() != 2 {
            return None;
        }
        let (lo, hi) = self.range_of(ops[0])?;
        let (c, c2) = self.range_of(ops[1])?;
        if c != c2 || c <= 0 || lo < 0 || lo / c != hi / c {
            return None;
        }
        let k = lo / c;
        let loc = Loc::default();
        let v = match kind {
            DivUI | DivSI => self.const_int(t, k, loc),
            _ if k == 0 => ops[0],
            _ => {
                let kc = self.const_int(t, k * c, loc);
                self.typed(SubI, ops[0], kc, t)
            }
        };
        let range = match kind {
            DivUI | DivSI => (k, k),
            _ => (lo - k * c, hi - k * c),
        };
        self.note_range(v, range.0, range.1);
        Some(v)
    }

    /// `extsi(x)` of a value known non-negative is `extui(x)`: the same bits, and ptxas then
    /// knows the high word is zero (no sign extraction and no high-word product).
    pub(super) fn fold_ext(&mut self, kind: tas::OpKind, ops: &[Value], t: Type) -> Option<Value> {
        if kind != tas::OpKind::ExtSI || ops.len() != 1 {
            return None;
        }
        let (lo, hi) = self.range_of(ops[0]).filter(|r| r.0 >= 0)?;
        let name = self.tileas_name(tas::OpKind::ExtUI);
        let v = self.b(Loc::default()).value(name, ops, t, &[]);
        self.note_range(v, lo, hi);
        Some(v)
    }

    /// Records the range of `v = kind(ops)` when it is known.
    pub(super) fn note_result(&mut self, kind: tas::OpKind, ops: &[Value], v: Value, t: Type) {
        if let [a, b] = ops {
            if let Some((lo, hi)) = self.result_range(kind, *a, *b, t) {
                self.note_range(v, lo, hi);
            }
        }
    }
}
