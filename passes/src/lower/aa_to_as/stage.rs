//! Staging a cyclic factor tile of `mmaf`/`mmai` in shared memory: where each element goes
//! ([`Place`]) and the stores that put it there ([`Lower::stage`]).
//!
//! Element `e` of thread `t` is flat index `f = e·T + t` of the `rows x cols` tile. When the
//! place of `f` is the place of `t` plus a constant of `e` for every thread (checked here, at
//! compile time, over every element), a thread computes its base once in the prologue and each
//! store adds an immediate; otherwise each store computes its place from the element index.

use super::{LResult, Lower, Lowered};
use tilec_dialects::nv_tileas as tas;
use tilec_ir::{Loc, Op, Value};

/// Where element `(i, j)` of a staged `rows x cols` factor goes, in bytes from the buffer.
#[derive(Clone, Copy, Debug)]
pub(super) enum Place {
    /// `i·s0 + j·s1`.
    Linear(u64, u64),
    /// wgmma's K-major layout without swizzle (PTX ISA, "Shared Memory Matrix Layout"): core
    /// matrices of 8 rows x 16 bytes, each 128 contiguous bytes; the core matrices of one
    /// 8-row group follow each other along K (leading byte offset [`CORE_LBO`]), the groups are
    /// `8·kbytes` apart (stride byte offset [`Place::sbo`]). The operand row is `i`, the K
    /// index `j` (A, `M x K`). `perm`: A's rows, owned by warp `w` in blocks of `mw` rows, are
    /// reordered so that the m64 slab a warpgroup's wgmma reads holds, at rows `16i..16i+16`,
    /// the m16 tile of its warp `i` (see [`permute`]).
    Core {
        kbytes: u64,
        eb: u64,
        perm: Option<u64>,
    },
    /// wgmma's MN-major layout without swizzle (B, `K x N`, read with imm-trans-b): core
    /// matrices of 8 K rows x 16 bytes of N, each 128 contiguous bytes; the K groups of one
    /// 16-byte column follow each other ([`CORE_LBO`] apart), the columns are `8·(kdim/8)·16`
    /// bytes apart ([`Place::sbo_mn`]). Element `(i, j)` is K index `i`, column `j`.
    CoreMn { kdim: u64, eb: u64 },
}

/// Bytes between adjacent core matrices along K.
pub(super) const CORE_LBO: u64 = 128;

/// The operand row of factor row `r` when warp `w = r / mw` owns rows `w·mw..(w+1)·mw` as m16
/// tiles `s = (r % mw) / 16`: slab `σ = (w / 4)·(mw / 16) + s` (64 rows each) of warpgroup
/// `w / 4`, row `16·(w % 4) + r % 16` in it.
pub(super) fn permute(r: u64, mw: u64) -> u64 {
    let w = r / mw;
    let slab = (w / 4) * (mw / 16) + (r % mw) / 16;
    slab * 64 + (w % 4) * 16 + r % 16
}

impl Place {
    /// The stride byte offset of a [`Place::Core`] layout.
    pub(super) fn sbo(kbytes: u64) -> u64 {
        8 * kbytes
    }

    /// The stride byte offset of a [`Place::CoreMn`] layout: one 16-byte column of `kdim` rows.
    pub(super) fn sbo_mn(kdim: u64) -> u64 {
        kdim.div_ceil(8) * CORE_LBO
    }

    /// The byte offset of element `(i, j)`.
    pub(super) fn at(&self, i: u64, j: u64) -> u64 {
        match *self {
            Place::Linear(s0, s1) => i * s0 + j * s1,
            Place::Core { kbytes, eb, perm } => {
                let row = perm.map_or(i, |mw| permute(i, mw));
                let kb = j * eb;
                (row / 8) * Place::sbo(kbytes) + (row % 8) * 16 + (kb / 16) * CORE_LBO + kb % 16
            }
            Place::CoreMn { kdim, eb } => {
                let nb = j * eb;
                (nb / 16) * Place::sbo_mn(kdim) + (i / 8) * CORE_LBO + (i % 8) * 16 + nb % 16
            }
        }
    }
}

impl Lower<'_> {
    /// The byte offset of element `(i, j)` under `place`, computed at run time (i32).
    pub(super) fn place_at(&mut self, place: Place, i: Value, j: Value) -> Value {
        match place {
            Place::Linear(s0, s1) => {
                let i = self.affine(i, s0, 0);
                let j = self.affine(j, s1, 0);
                self.bin(tas::OpKind::AddI, i, j)
            }
            Place::Core { kbytes, eb, perm } => {
                let mut row = i;
                if let Some(mw) = perm {
                    let (w, rem) = self.divmod(row, mw);
                    let (g, wi) = self.divmod(w, 4);
                    let (s, r) = self.divmod(rem, 16);
                    let slab = self.affine(g, mw / 16, 0);
                    let slab = self.bin(tas::OpKind::AddI, slab, s);
                    let slab = self.affine(slab, 64, 0);
                    let wi = self.affine(wi, 16, 0);
                    let x = self.bin(tas::OpKind::AddI, slab, wi);
                    row = self.bin(tas::OpKind::AddI, x, r);
                }
                let (rg, rr) = self.divmod(row, 8);
                let rg = self.affine(rg, Place::sbo(kbytes), 0);
                let rr = self.affine(rr, 16, 0);
                let (kc, kr) = self.divmod(j, 16 / eb);
                let kc = self.affine(kc, CORE_LBO, 0);
                let kr = self.affine(kr, eb, 0);
                let a = self.bin(tas::OpKind::AddI, rg, rr);
                let b = self.bin(tas::OpKind::AddI, kc, kr);
                self.bin(tas::OpKind::AddI, a, b)
            }
            Place::CoreMn { kdim, eb } => {
                let (nc, nr) = self.divmod(j, 16 / eb);
                let nc = self.affine(nc, Place::sbo_mn(kdim), 0);
                let nr = self.affine(nr, eb, 0);
                let (kg, kr) = self.divmod(i, 8);
                let kg = self.affine(kg, CORE_LBO, 0);
                let kr = self.affine(kr, 16, 0);
                let a = self.bin(tas::OpKind::AddI, nc, nr);
                let b = self.bin(tas::OpKind::AddI, kg, kr);
                self.bin(tas::OpKind::AddI, a, b)
            }
        }
    }

    /// `base + off` bytes (a signed immediate), in the current block.
    pub(super) fn at_byte(&mut self, base: Value, off: i64, loc: Loc) -> Value {
        if off == 0 {
            return base;
        }
        let i32t = self.i32t;
        let c = self.const_int(i32t, off, loc);
        self.gep(base, c, 1, loc)
    }

    /// The constant each element adds to its thread's base, when every element's place is
    /// its thread's base plus a constant of the element (see the module documentation).
    fn split_place(&self, place: Place, rows: u64, cols: u64) -> Option<Vec<i64>> {
        self.split_at(rows * cols, |f| place.at(f / cols, f % cols))
    }

    /// [`Lower::split_place`] for `n` items placed at `at(f)` bytes (item `f = e·T + t`).
    pub(super) fn split_at(&self, n: u64, at: impl Fn(u64) -> u64) -> Option<Vec<i64>> {
        let threads = self.threads;
        let flat = |f: u64| at(f) as i64;
        let per = n.div_ceil(threads);
        (0..per)
            .map(|e| {
                let c = flat(e * threads) - flat(0);
                let live = (0..threads).take_while(|t| e * threads + t < n);
                live.into_iter()
                    .all(|t| flat(e * threads + t) - flat(t) == c)
                    .then_some(c)
            })
            .collect()
    }

    /// Stores a cyclic `rows x cols` tile into shared memory at `buf`, element `(i, j)` at
    /// `place`.
    pub(super) fn stage(
        &mut self,
        l: &Lowered,
        buf: Value,
        (rows, cols): (u64, u64),
        place: Place,
        at: Op,
    ) -> LResult<()> {
        let loc = self.m.op_loc(at);
        let threads = self.threads;
        let n = rows * cols;
        let per = n.div_ceil(threads);
        let i32t = self.i32t;
        let split = self.split_place(place, rows, cols);
        let base = split.as_ref().map(|_| {
            self.in_prologue(|lw| {
                let tid = lw.tid(i32t);
                let (i, j) = lw.divmod(tid, cols);
                let o = lw.place_at(place, i, j);
                lw.gep(buf, o, 1, Loc::default())
            })
        });
        for e in 0..per {
            let v = self.elem(l, e, loc, at)?;
            let p = match (base, &split) {
                (Some(b), Some(c)) => self.at_byte(b, c[e as usize], loc),
                _ => {
                    let idx = self.index(per, e, i32t);
                    let (i, j) = self.divmod(idx, cols);
                    let o = self.place_at(place, i, j);
                    self.gep(buf, o, 1, loc)
                }
            };
            let live = ((e + 1) * threads > n).then(|| self.mask(per, e, n));
            self.flush_stores([(p, v, live, loc)]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The permutation is a bijection onto 0..M, and warp w's m16 tile s lands at rows
    /// 16·(w % 4).. of its warpgroup's slab s.
    #[test]
    fn permute_is_the_wgmma_row_order() {
        for (m, warps) in [(64, 4), (128, 4), (128, 8), (256, 8), (192, 4)] {
            let mw = m / warps;
            let mut seen = vec![false; m as usize];
            for r in 0..m {
                let p = permute(r, mw);
                assert!(!seen[p as usize], "{m}/{warps}: row {r} collides");
                seen[p as usize] = true;
                let (w, s) = (r / mw, (r % mw) / 16);
                assert_eq!(p / 64, (w / 4) * (mw / 16) + s);
                assert_eq!((p % 64) / 16, w % 4);
            }
        }
    }

    /// Core matrices: 8 rows of 16 bytes contiguous, then the next one along K, then the next
    /// 8-row group; MN-major: 16 bytes of N contiguous, then the next K row.
    #[test]
    fn core_layout_offsets() {
        let p = Place::Core {
            kbytes: 64,
            eb: 2,
            perm: None,
        };
        assert_eq!(p.at(0, 0), 0);
        assert_eq!(p.at(0, 7), 14);
        assert_eq!(p.at(1, 0), 16);
        assert_eq!(p.at(7, 7), 126);
        assert_eq!(p.at(0, 8), CORE_LBO);
        assert_eq!(p.at(8, 0), Place::sbo(64));
        let t = Place::CoreMn { kdim: 32, eb: 2 };
        assert_eq!(t.at(0, 7), 14);
        assert_eq!(t.at(1, 0), 16);
        assert_eq!(t.at(8, 0), CORE_LBO);
        assert_eq!(t.at(0, 8), Place::sbo_mn(32));
        assert_eq!(Place::sbo_mn(32), 512);
    }
}
