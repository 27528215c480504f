//! Conversions and layout ops. Conversions: NVIDIA's `itof`/`ftoi` (with the signedness keyword, now and then a written
//! default rounding, or the generic form with both attributes), tilec's `sitofp`…`fptoui`,
//! `ftof` between float types and `bitcast` between types of one width, of a value of `t`'s
//! shape. Every pair of the types is drawn, those the lowering does not do included (a located
//! "cannot compile yet"). Layout ops: `permute` and `extract` (slices of half a dimension).

use super::kernel::Kernel;
use super::ty::{Elem, Ty};

const INTS: &[Elem] = &[Elem::I32, Elem::I64, Elem::I32, Elem::I16];
const FLOATS: &[Elem] = &[Elem::F32, Elem::F64, Elem::F16, Elem::BF16];

/// The conversion drawn.
#[derive(Clone, Copy)]
enum Conv {
    Bitcast,
    FToF,
    FToI,
    IToF,
}

impl Kernel<'_, '_> {
    /// One conversion from `t` (its element type decides which ones apply).
    pub fn convert(&mut self, t: Ty) {
        if t.elem == Elem::I1 || t.elem == Elem::I8 {
            return;
        }
        let (to_elem, conv) = if self.c.flip(20) {
            let same_width = match t.elem {
                Elem::I32 => Elem::F32,
                Elem::F32 => Elem::I32,
                Elem::I64 => Elem::F64,
                Elem::F64 => Elem::I64,
                Elem::F16 => *self.c.pick(&[Elem::BF16, Elem::I16]),
                Elem::BF16 => Elem::F16,
                _ => Elem::F16,
            };
            (same_width, Conv::Bitcast)
        } else if t.elem.is_float() && self.c.flip(50) {
            let mut e = *self.c.pick(FLOATS);
            if e == t.elem {
                e = if e == Elem::F32 { Elem::F16 } else { Elem::F32 };
            }
            (e, Conv::FToF)
        } else if t.elem.is_float() {
            (*self.c.pick(INTS), Conv::FToI)
        } else {
            (*self.c.pick(FLOATS), Conv::IToF)
        };
        let to = Ty::new(&t.shape, to_elem);
        let a = self.value(&t);
        let r = self.fresh("cv");
        let line = match conv {
            Conv::Bitcast => self.bitcast_line(&r, &a, &t, &to),
            Conv::FToF => self.ftof_line(&r, &a, &t, &to),
            Conv::FToI => self.ftoi_line(&r, &a, &t, &to),
            Conv::IToF => self.itof_line(&r, &a, &t, &to),
        };
        self.emit(line);
        self.define(&r, to);
    }

    fn bitcast_line(&mut self, r: &str, a: &str, t: &Ty, to: &Ty) -> String {
        let kw = self.kw("bitcast");
        format!("{r} = {kw} {a} : {} -> {}", t.text(), to.text())
    }

    fn ftof_line(&mut self, r: &str, a: &str, t: &Ty, to: &Ty) -> String {
        let rounding = if self.c.flip(20) {
            " rounding<nearest_even>"
        } else {
            ""
        };
        format!("{r} = ftof {a}{rounding} : {} -> {}", t.text(), to.text())
    }

    fn itof_line(&mut self, r: &str, a: &str, t: &Ty, to: &Ty) -> String {
        self.signed_conversion("itof", "sitofp", "uitofp", "nearest_even", (r, a), t, to)
    }

    fn ftoi_line(&mut self, r: &str, a: &str, t: &Ty, to: &Ty) -> String {
        let rounding = "nearest_int_to_zero";
        self.signed_conversion("ftoi", "fptosi", "fptoui", rounding, (r, a), t, to)
    }

    /// `itof`/`ftoi` in one of its three spellings.
    #[allow(clippy::too_many_arguments)]
    fn signed_conversion(
        &mut self,
        nv: &str,
        s_name: &str,
        u_name: &str,
        rounding: &str,
        (r, a): (&str, &str),
        t: &Ty,
        to: &Ty,
    ) -> String {
        let signed = self.c.flip(50);
        let s = if signed { "signed" } else { "unsigned" };
        let (tt, rt) = (t.text(), to.text());
        match self.c.below(8) {
            0 => format!(
                "{r} = \"cuda_tile.{nv}\"({a}) {{signedness = #cuda_tile.signedness<{s}>, rounding_mode = #cuda_tile.rounding<{rounding}>}} : (!cuda_tile.{tt}) -> !cuda_tile.{rt}"
            ),
            1 => {
                let name = if signed { s_name } else { u_name };
                format!("{r} = {name} {a} : {tt} -> {rt}")
            }
            2 => format!("{r} = {nv} {a} {s} rounding<{rounding}> : {tt} -> {rt}"),
            _ => format!("{r} = {nv} {a} {s} : {tt} -> {rt}"),
        }
    }
}

impl Kernel<'_, '_> {
    /// NVIDIA's `permute` (a random permutation; rank 2 or more) or `extract` (a slice of half the size along
    /// one even dimension, index 0 or 1, now and then a runtime block id) of a value of `t`.
    pub fn layout(&mut self, t: Ty) {
        let rank = t.shape.len();
        let x = self.value(&t);
        let r = self.fresh("ly");
        if rank >= 2 && self.c.flip(50) {
            let mut perm: Vec<usize> = (0..rank).collect();
            for i in (1..rank).rev() {
                perm.swap(i, self.c.below(i + 1));
            }
            let shape: Vec<u64> = perm.iter().map(|&p| t.shape[p]).collect();
            let to = Ty::new(&shape, t.elem);
            let list: Vec<String> = perm.iter().map(usize::to_string).collect();
            let kw = self.kw("permute");
            self.emit(format!(
                "{r} = {kw} {x} [{}] : {} -> {}",
                list.join(", "),
                t.text(),
                to.text()
            ));
            self.define(&r, to);
            return;
        }
        let mut shape = t.shape.clone();
        let halved = (0..rank).find(|&i| shape[i] % 2 == 0);
        let mut idx = Vec::with_capacity(rank);
        for (i, size) in shape.iter_mut().enumerate() {
            let k = if Some(i) == halved {
                *size /= 2;
                if self.c.flip(20) {
                    let b = self.fresh("bid");
                    self.emit(format!(
                        "{b} = get_tile_block_id {{dim = 0 : i32}} : tile<i32>"
                    ));
                    b
                } else {
                    let c = self.fresh("k");
                    let v = self.c.below(2);
                    self.emit(format!("{c} = constant <i32: {v}> : tile<i32>"));
                    c
                }
            } else {
                let c = self.fresh("k");
                self.emit(format!("{c} = constant <i32: 0> : tile<i32>"));
                c
            };
            idx.push(k);
        }
        let to = Ty::new(&shape, t.elem);
        let kw = self.kw("extract");
        self.emit(format!(
            "{r} = {kw} {x}[{}] : {} -> {}",
            idx.join(", "),
            t.text(),
            to.text()
        ));
        self.define(&r, to);
    }
}
