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
    /// wgmma's K-major layout with `w`-byte swizzling (PTX ISA, "Shared Memory Matrix Layout",
    /// canonical layout `((8,m),(T,2k)):((w/16·T,SBO),(1,T))` under `Swizzle<log2(w/16),4,3>`):
    /// each operand row holds `w` bytes of K per swizzle atom (8 rows x `w` bytes, stride byte
    /// offset `8·w`); the atoms of the next `w` bytes of K follow all `rows` rows (`rows·w`
    /// bytes on). The 16-byte chunks of a row are permuted among themselves by the address bits
    /// above the row ([`swizzle`]), so a row's bytes stay in one `w`-byte run: the copies of
    /// consecutive threads land next to each other, which `cp.async` needs to fetch a 32-byte
    /// sector in one request (3.3x the time otherwise on an H200). The operand row is `i`, the
    /// K index `j` (A, `M x K`). `perm`: A's rows, owned by warp `w` in blocks of `mw` rows, are
    /// reordered so that the m64 slab a warpgroup's wgmma reads holds, at rows `16i..16i+16`,
    /// the m16 tile of its warp `i` (see [`permute`]).
    Swz {
        w: u64,
        rows: u64,
        eb: u64,
        perm: Option<u64>,
    },
    /// wgmma's MN-major layout with `w`-byte swizzling (B, `K x N`, read with imm-trans-b;
    /// canonical layout `((T,w/16,m),(8,k)):((1,T,LBO),(w/16·T,SBO))`): an atom is 8 K rows of
    /// `w` bytes of N; the atoms along N follow each other (leading byte offset `8·w`), the
    /// 8-row groups of K are `8·nbytes` apart (stride byte offset). Element `(i, j)` is K index
    /// `i`, column `j`.
    SwzMn { w: u64, nbytes: u64, eb: u64 },
    /// [`Place::SwzMn`] with the `w`-byte column blocks outermost (the layout the TMA path
    /// stages B in, [`super::tma`]): column block `b` holds all `kdim` K rows of its `w` bytes
    /// of N, `kdim·w` bytes (leading byte offset), its 8-row groups `8·w` apart (stride byte
    /// offset) — so one tensor-map box of `w` bytes by `kdim` rows fills a block. Element
    /// `(i, j)` is K index `i`, column `j`.
    SwzMnCols { w: u64, kdim: u64, eb: u64 },
    /// [`Place::Swz`] of the transposed factor: B (`K x N`) staged K-major, as 8-bit integer
    /// wgmma factors must be (PTX ISA, wgmma.mma_async: no transposition for `.s8`/`.u8`). Element
    /// `(i, j)` (K index `i`, column `j`) is element `(j, i)` of `Swz { w, rows, eb, None }`, `rows`
    /// being N.
    SwzT { w: u64, rows: u64, eb: u64 },
    /// wgmma's MN-major layout without swizzle (B, when a wgmma's N bytes are not a multiple
    /// of 32): core matrices of 8 K rows x 16 bytes of N, each 128 contiguous bytes; the K
    /// groups of one 16-byte column follow each other ([`CORE_LBO`] apart), the columns are
    /// `8·(kdim/8)·16` bytes apart ([`Place::sbo_mn`]). Element `(i, j)` is K index `i`,
    /// column `j`.
    CoreMn { kdim: u64, eb: u64 },
}

/// The widest swizzle (128, 64 or 32 bytes) whose width divides `bytes`.
pub(super) fn swizzle_width(bytes: u64) -> Option<u64> {
    [128, 64, 32].into_iter().find(|w| bytes % w == 0)
}

/// `Swizzle<log2(w/16),4,3>` of byte offset `lin` (PTX ISA, "Shared Memory Matrix Layout"):
/// the 16-byte chunk index (bits 4..) XOR the 128-byte row index (bits 7..), as many bits as a
/// `w`-byte row has chunks. The buffer is aligned to the `8·w`-byte atom, so the offset's bits
/// are the address's.
pub(super) fn swizzle(lin: u64, w: u64) -> u64 {
    lin ^ ((lin >> 3) & ((w / 16 - 1) << 4))
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
    /// The stride byte offset of a [`Place::CoreMn`] layout: one 16-byte column of `kdim` rows.
    pub(super) fn sbo_mn(kdim: u64) -> u64 {
        kdim.div_ceil(8) * CORE_LBO
    }

    /// A's layout: `rows x kbytes`, swizzled as wide as `kbytes` allows (a multiple of 32: K is
    /// a multiple of 16 two-byte elements).
    pub(super) fn k_major(rows: u64, kbytes: u64, eb: u64, perm: Option<u64>) -> Place {
        let w = swizzle_width(kbytes).unwrap_or(32);
        Place::Swz { w, rows, eb, perm }
    }

    /// B's layout: `kdim x nbytes`, read by wgmmas of `chunk` bytes of N each; swizzled when
    /// `chunk` is a multiple of 32 bytes.
    pub(super) fn mn_major(kdim: u64, nbytes: u64, chunk: u64, eb: u64) -> Place {
        match swizzle_width(chunk) {
            Some(w) => Place::SwzMn { w, nbytes, eb },
            None => Place::CoreMn { kdim, eb },
        }
    }

    /// The descriptor fields of an operand in this layout: leading and stride byte offsets and
    /// the swizzle width in bytes (0: none). A K-major swizzled layout has no leading byte
    /// offset ("not used, assumed to be 1": 16 bytes).
    pub(super) fn descriptor(&self) -> (u64, u64, u64) {
        match *self {
            Place::Linear(..) => (0, 0, 0),
            Place::Swz { w, .. } | Place::SwzT { w, .. } => (16, 8 * w, w),
            Place::SwzMn { w, nbytes, .. } => (8 * w, 8 * nbytes, w),
            Place::SwzMnCols { w, kdim, .. } => (kdim * w, 8 * w, w),
            Place::CoreMn { kdim, .. } => (CORE_LBO, Place::sbo_mn(kdim), 0),
        }
    }

    /// Where A's wgmma of 64-row slab `slab` and k16 step `kk` starts: the byte offset of its
    /// swizzle atom and the offset inside the atom's rows (a descriptor start address, not a
    /// read of the bytes before it).
    pub(super) fn a_operand(&self, slab: u64, kk: u64) -> (u64, u64) {
        match *self {
            Place::Swz { w, rows, .. } => {
                // Every wgmma step reads 32 bytes of K (k16 of 16-bit, k32 of 8-bit factors).
                let kb = kk * 32;
                ((kb / w) * rows * w + slab * 64 * w, kb % w)
            }
            _ => (0, 0),
        }
    }

    /// The bytes of one 64-row slab of A.
    pub(super) fn a_slab(&self) -> u64 {
        match *self {
            Place::Swz { w, .. } => 64 * w,
            _ => 0,
        }
    }

    /// Where B's wgmma of the columns from byte `cb` and k16 step `kk` starts.
    pub(super) fn b_operand(&self, cb: u64, kk: u64) -> u64 {
        match *self {
            Place::SwzMn { w, nbytes, .. } => (cb / w) * 8 * w + kk * 16 * nbytes,
            Place::SwzMnCols { w, kdim, .. } => (cb / w) * kdim * w + kk * 16 * w,
            // K-major: the atom of the step's 32 bytes of K, at the chunk's first row
            // ([`Place::b_koff`] is the start inside the atom's rows).
            Place::SwzT { w, rows, eb } => (kk * 32 / w) * rows * w + (cb / eb) * w,
            Place::CoreMn { kdim, .. } => (cb / 16) * Place::sbo_mn(kdim) + kk * 2 * CORE_LBO,
            _ => 0,
        }
    }

    /// Where B's wgmma of k-step `kk` starts inside its atom's rows (a K-major B, [`Place::SwzT`]).
    pub(super) fn b_koff(&self, kk: u64) -> u64 {
        match *self {
            Place::SwzT { w, .. } => (kk * 32) % w,
            _ => 0,
        }
    }

    /// The swizzle width of a swizzled layout.
    pub(super) fn swizzle_width(&self) -> Option<u64> {
        match *self {
            Place::Swz { w, .. }
            | Place::SwzT { w, .. }
            | Place::SwzMn { w, .. }
            | Place::SwzMnCols { w, .. } => Some(w),
            _ => None,
        }
    }

    /// The byte offset of element `(i, j)`.
    pub(super) fn at(&self, i: u64, j: u64) -> u64 {
        let lin = self.lin_at(i, j);
        self.swizzle_width().map_or(lin, |w| swizzle(lin, w))
    }

    /// The byte offset of element `(i, j)` before the swizzle.
    pub(super) fn lin_at(&self, i: u64, j: u64) -> u64 {
        match *self {
            Place::Linear(s0, s1) => i * s0 + j * s1,
            Place::Swz { w, rows, eb, perm } => {
                let row = perm.map_or(i, |mw| permute(i, mw));
                let kb = j * eb;
                (kb / w) * rows * w + row * w + kb % w
            }
            Place::SwzMn { w, nbytes, eb } => {
                let nb = j * eb;
                (i / 8) * 8 * nbytes + (nb / w) * 8 * w + (i % 8) * w + nb % w
            }
            Place::SwzMnCols { w, kdim, eb } => {
                let nb = j * eb;
                (nb / w) * kdim * w + i * w + nb % w
            }
            Place::SwzT { w, rows, eb } => Place::Swz {
                w,
                rows,
                eb,
                perm: None,
            }
            .lin_at(j, i),
            Place::CoreMn { kdim, eb } => {
                let nb = j * eb;
                (nb / 16) * Place::sbo_mn(kdim) + (i / 8) * CORE_LBO + (i % 8) * 16 + nb % 16
            }
        }
    }
}

/// How the places of a thread's items are found.
pub(super) enum Placing {
    /// Its base (in the prologue) plus a constant per item.
    Split(Vec<i64>),
    /// Its base before the swizzle plus a constant per item, then the swizzle (the swizzle
    /// bits of the items differ from the base's).
    Swizzled(Vec<i64>, u64),
    /// Computed per item.
    Each,
}

impl Lower<'_> {
    /// The byte offset of element `(i, j)` under `place`, computed at run time (i32).
    pub(super) fn place_at(&mut self, place: Place, i: Value, j: Value) -> Value {
        let lin = self.lin_place_at(place, i, j);
        match place.swizzle_width() {
            Some(w) => self.swizzle_at(lin, w),
            None => lin,
        }
    }

    /// [`Place::lin_at`] at run time.
    fn lin_place_at(&mut self, place: Place, i: Value, j: Value) -> Value {
        match place {
            Place::Linear(s0, s1) => {
                let i = self.affine(i, s0, 0);
                let j = self.affine(j, s1, 0);
                self.bin(tas::OpKind::AddI, i, j)
            }
            Place::Swz { w, rows, eb, perm } => {
                let row = match perm {
                    Some(mw) => self.permute_at(i, mw),
                    None => i,
                };
                // (kb / w)·rows·w + row·w + kb % w, kb = j·eb.
                let (ka, kr) = self.divmod(j, w / eb);
                let ka = self.affine(ka, rows * w, 0);
                let kr = self.affine(kr, eb, 0);
                let r = self.affine(row, w, 0);
                let a = self.bin(tas::OpKind::AddI, ka, r);
                self.bin(tas::OpKind::AddI, a, kr)
            }
            Place::SwzMn { w, nbytes, eb } => {
                // (i / 8)·8·nbytes + (nb / w)·8·w + (i % 8)·w + nb % w, nb = j·eb.
                let (ig, ir) = self.divmod(i, 8);
                let ig = self.affine(ig, 8 * nbytes, 0);
                let ir = self.affine(ir, w, 0);
                let (na, nr) = self.divmod(j, w / eb);
                let na = self.affine(na, 8 * w, 0);
                let nr = self.affine(nr, eb, 0);
                let a = self.bin(tas::OpKind::AddI, ig, ir);
                let b = self.bin(tas::OpKind::AddI, na, nr);
                self.bin(tas::OpKind::AddI, a, b)
            }
            Place::SwzT { w, rows, eb } => {
                let t = Place::Swz {
                    w,
                    rows,
                    eb,
                    perm: None,
                };
                self.lin_place_at(t, j, i)
            }
            Place::SwzMnCols { w, kdim, eb } => {
                // (nb / w)·kdim·w + i·w + nb % w, nb = j·eb.
                let ir = self.affine(i, w, 0);
                let (na, nr) = self.divmod(j, w / eb);
                let na = self.affine(na, kdim * w, 0);
                let nr = self.affine(nr, eb, 0);
                let b = self.bin(tas::OpKind::AddI, na, nr);
                self.bin(tas::OpKind::AddI, ir, b)
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

    /// How to place a thread's `n` items (item `f = e·T + t` is element `ij(f)`) under `place`:
    /// a base plus a constant each when that holds for every thread; for a swizzled layout
    /// whose swizzle bits vary from item to item, the same before the swizzle, which is then
    /// applied per item (three ops, not the whole place).
    pub(super) fn placing(&self, place: Place, n: u64, ij: impl Fn(u64) -> (u64, u64)) -> Placing {
        let at = |f: u64| {
            let (i, j) = ij(f);
            place.at(i, j)
        };
        if let Some(cs) = self.split_at(n, at) {
            return Placing::Split(cs);
        }
        let lin = |f: u64| {
            let (i, j) = ij(f);
            place.lin_at(i, j)
        };
        match (place.swizzle_width(), self.split_at(n, lin)) {
            (Some(w), Some(cs)) => Placing::Swizzled(cs, w),
            _ => Placing::Each,
        }
    }

    /// The thread's base for `placing` in `buf` (its item 0 is element `(i, j)`): for
    /// [`Placing::Split`] a pointer (the offset computed in the prologue, `buf` may be a slot
    /// chosen in a loop), for [`Placing::Swizzled`] the offset before the swizzle (in the
    /// prologue); None for [`Placing::Each`].
    pub(super) fn placing_base(
        &mut self,
        placing: &Placing,
        (buf, place): (Value, Place),
        ij: impl FnOnce(&mut Self) -> (Value, Value),
    ) -> Option<Value> {
        match placing {
            Placing::Split(_) => {
                let body = self.body;
                let in_prologue = self.m.defining_op(buf).and_then(|d| self.m.op_block(d));
                let o = self.in_prologue(|lw| {
                    let (i, j) = ij(lw);
                    lw.place_at(place, i, j)
                });
                // A buffer of the prologue: the pointer there too, made once.
                Some(if in_prologue == Some(body) {
                    self.in_prologue(|lw| lw.gep(buf, o, 1, Loc::default()))
                } else {
                    self.gep(buf, o, 1, Loc::default())
                })
            }
            Placing::Swizzled(..) => Some(self.in_prologue(|lw| {
                let (i, j) = ij(lw);
                lw.lin_place_at(place, i, j)
            })),
            Placing::Each => None,
        }
    }

    /// The pointer into `buf` of item `e` from the thread's `base` ([`Lower::placing_base`]),
    /// or, for [`Placing::Each`], from its element `(i, j)` (made on demand).
    pub(super) fn item_place(
        &mut self,
        placing: &Placing,
        base: Option<Value>,
        (buf, place): (Value, Place),
        e: u64,
        ij: impl FnOnce(&mut Self) -> (Value, Value),
        loc: Loc,
    ) -> Value {
        match (placing, base) {
            (Placing::Split(cs), Some(b)) => self.at_byte(b, cs[e as usize], loc),
            (Placing::Swizzled(cs, w), Some(b)) => {
                let i32t = self.i32t;
                let c = self.const_int(i32t, cs[e as usize], loc);
                let lin = self.bin(tas::OpKind::AddI, b, c);
                let o = self.swizzle_at(lin, *w);
                self.gep(buf, o, 1, loc)
            }
            _ => {
                let (i, j) = ij(self);
                let o = self.place_at(place, i, j);
                self.gep(buf, o, 1, loc)
            }
        }
    }

    /// [`permute`] at run time: the operand row of factor row `r`.
    fn permute_at(&mut self, r: Value, mw: u64) -> Value {
        let (w, rem) = self.divmod(r, mw);
        let (g, wi) = self.divmod(w, 4);
        let (s, r) = self.divmod(rem, 16);
        let slab = self.affine(g, mw / 16, 0);
        let slab = self.bin(tas::OpKind::AddI, slab, s);
        let slab = self.affine(slab, 64, 0);
        let wi = self.affine(wi, 16, 0);
        let x = self.bin(tas::OpKind::AddI, slab, wi);
        self.bin(tas::OpKind::AddI, x, r)
    }

    /// [`swizzle`] at run time.
    fn swizzle_at(&mut self, lin: Value, w: u64) -> Value {
        let i32t = self.i32t;
        let three = self.const_int(i32t, 3, Loc::default());
        let hi = self.bin(tas::OpKind::ShRUI, lin, three);
        let mask = self.const_int(i32t, ((w / 16 - 1) << 4) as i64, Loc::default());
        let bits = self.bin(tas::OpKind::AndI, hi, mask);
        self.bin(tas::OpKind::XOrI, lin, bits)
    }

    /// The constant each of `n` items placed at `at(f)` bytes (item `f = e·T + t`) adds to its
    /// thread's base, when that holds for every thread (see the module documentation).
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
        let placing = self.placing(place, n, |f| (f / cols, f % cols));
        let base = self.placing_base(&placing, (buf, place), |lw| {
            let tid = lw.tid(i32t);
            lw.divmod(tid, cols)
        });
        for e in 0..per {
            let v = self.elem(l, e, loc, at)?;
            let p = self.item_place(
                &placing,
                base,
                (buf, place),
                e,
                |lw| {
                    let idx = lw.index(per, e, i32t);
                    lw.divmod(idx, cols)
                },
                loc,
            );
            let live = ((e + 1) * threads > n).then(|| self.mask(per, e, n));
            self.flush_stores([(p, v, live, loc)]);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// B staged K-major for 8-bit wgmma factors: element (k, n) is where the K-major layout of
    /// the transposed tile puts (n, k), each of the K x N bytes at its own place.
    #[test]
    fn swz_t_is_the_transposed_k_major_layout() {
        let (k, n, w) = (64, 64, 64);
        let t = Place::SwzT { w, rows: n, eb: 1 };
        let km = Place::Swz {
            w,
            rows: n,
            eb: 1,
            perm: None,
        };
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..k {
            for j in 0..n {
                assert_eq!(t.at(i, j), km.at(j, i));
                seen.insert(t.at(i, j));
            }
        }
        assert_eq!(seen.len() as u64, k * n);
        assert_eq!(t.descriptor(), (16, 8 * w, w));
        // k32 steps: the second starts 32 bytes into the first atom column's rows.
        assert_eq!((t.b_operand(0, 1), t.b_koff(1)), (0, 32));
        assert_eq!((t.b_operand(0, 2), t.b_koff(2)), (n * w, 0));
    }

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

    /// K-major 64-byte swizzle: a row is 64 contiguous bytes, its 16-byte chunks XOR-ed with
    /// bits 1-2 of the row; atoms of 8 rows are 512 bytes (the stride byte offset).
    #[test]
    fn k_major_swizzle_offsets() {
        let p = Place::k_major(128, 64, 2, None);
        assert_eq!(p.descriptor(), (16, 512, 64));
        assert_eq!(p.at(0, 0), 0);
        assert_eq!(p.at(0, 7), 14);
        assert_eq!(p.at(0, 8), 16);
        assert_eq!(p.at(1, 0), 64);
        // Row 2: chunk 0 lands in chunk 1.
        assert_eq!(p.at(2, 0), 128 + 16);
        assert_eq!(p.at(2, 8), 128);
        assert_eq!(p.at(8, 0), 512);
        // K past the swizzle width: the next atom column, after all 128 rows.
        let wide = Place::k_major(64, 256, 2, None);
        assert_eq!(wide.at(0, 64), 64 * 128);
        assert_eq!(wide.a_operand(0, 4), (64 * 128, 0));
        assert_eq!(wide.a_operand(1, 5), (64 * 128 + 64 * 128, 32));
    }

    /// MN-major 128-byte swizzle (B, 32 x 128 two-byte elements): a K row's 128 bytes of an
    /// atom are contiguous, the atoms along N 1024 bytes apart, the 8-row groups 8 * 256.
    #[test]
    fn mn_major_swizzle_offsets() {
        let p = Place::mn_major(32, 256, 256, 2);
        assert_eq!(p.descriptor(), (1024, 2048, 128));
        assert_eq!(p.at(0, 0), 0);
        assert_eq!(p.at(0, 8), 16);
        assert_eq!(p.at(1, 0), 128 + 16);
        assert_eq!(p.at(0, 64), 1024);
        assert_eq!(p.at(8, 0), 2048);
        assert_eq!(p.b_operand(128, 1), 1024 + 2 * 2048);
        // N chunks of 8 columns (16 bytes): no swizzle, core matrices.
        assert!(matches!(
            Place::mn_major(32, 16, 16, 2),
            Place::CoreMn { .. }
        ));
    }

    /// Every layout is a bijection onto the buffer and keeps a 16-byte chunk contiguous (one
    /// cp.async); the swizzled ones keep the two halves of each 32-byte global sector in one
    /// aligned 32-byte run (one L2 request for both; the core-matrix fallback does not).
    #[test]
    fn layouts_are_bijections_keeping_sectors_together() {
        let cases = [
            (Place::k_major(128, 64, 2, Some(32)), 128, 32),
            (Place::k_major(64, 128, 2, None), 64, 64),
            (Place::k_major(64, 96, 2, None), 64, 48),
            (Place::mn_major(32, 256, 256, 2), 32, 128),
            (Place::mn_major(16, 64, 64, 2), 16, 32),
            (Place::mn_major(16, 48, 48, 2), 16, 24),
        ];
        for (p, rows, cols) in cases {
            let mut seen = vec![false; (rows * cols) as usize];
            for i in 0..rows {
                for j in 0..cols {
                    let o = p.at(i, j);
                    assert_eq!(o % 2, 0);
                    assert!(!seen[(o / 2) as usize], "{p:?}: ({i}, {j}) collides");
                    seen[(o / 2) as usize] = true;
                    if j % 8 != 0 {
                        assert_eq!(o, p.at(i, j - j % 8) + (j % 8) * 2, "{p:?}");
                    }
                    if j % 16 >= 8 && !matches!(p, Place::CoreMn { .. }) {
                        let first = p.at(i, j - 8);
                        assert_eq!(first / 32, o / 32, "{p:?}: ({i}, {j}) splits a sector");
                    }
                }
            }
        }
    }
}
