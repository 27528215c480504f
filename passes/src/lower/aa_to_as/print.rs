//! The debugging ops: `print_tko` (NVIDIA's; cuTile's `ct.printf` and `ct.print`), the C printf
//! of its format with its operands, as `nv_tileas.printf` (the vprintf system call in PTX); and
//! `assert` (cuTile's `ct.assert_`, [`Lower::lower_assert`]), through printf and CUDA's
//! `__assertfail` (`nv_tileas.assert_fail`).
//!
//! - With only 0-d operands (or none), the elected thread prints the line once.
//! - With tiles, one line per element, printed by the thread that owns it (element
//!   `e·threads + t` of the cyclic layout), the 0-d operands repeated in each line; the tile
//!   operands have one shape. Lines of different threads come in any order: NVIDIA's prints
//!   are not atomic and may interleave.
//! - Element types: 32- and 64-bit integers and f32/f64 as they are (vprintf's buffer holds f32
//!   as f64, as C's varargs: the PTX printer converts); `i1` prints as the i32 0 or 1, f16/bf16
//!   converted to f32 (exactly), `i8` sign-extended to i32 (NVIDIA's integers carry no
//!   signedness; `%u` of a negative byte prints the extended value).
//!
//! A print is not a memory access of the tile program: verify-races and the barriers do not
//! see it; its token orders nothing the lowering has to keep.

use super::{Dims, LResult, Lower, Lowered};
use smallvec::SmallVec;
use tilec_dialects::nv_tileaa as aa;
use tilec_dialects::nv_tileas as tas;
use tilec_dialects::types::{elements, is_token, tile_shape};
use tilec_ir::{sym, AttrData, FloatKind, Loc, Op, OpView, Type, TypeData, Value};

impl Lower<'_> {
    pub(super) fn lower_print(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let format = aa::PrintTko(op).str(self.m).unwrap_or_default().to_string();
        let args: Vec<Value> = {
            let m = &*self.m;
            m.operands(op)
                .iter()
                .copied()
                .filter(|&v| !is_token(m, m.value_type(v)))
                .collect()
        };
        let mut dims: Option<Dims> = None;
        for &v in &args {
            let Some((d, _)) = tile_shape(self.m, self.m.value_type(v)) else {
                return Err(self.unsupported(op, "an operand of print_tko is not a tile"));
            };
            if d.is_empty() {
                continue;
            }
            match &dims {
                Some(have) if have.as_slice() != d => {
                    return Err(self.unsupported(
                        op,
                        "print_tko's tile operands have different shapes (print each shape in its own print_tko)",
                    ))
                }
                _ => dims = Some(Dims::from_slice(d)),
            }
        }
        let lowered: Vec<Lowered> = args
            .iter()
            .map(|&v| self.get(v, op))
            .collect::<LResult<_>>()?;
        match dims {
            None => {
                self.elected_only(loc, |this| this.printf(op, &format, &lowered, &args, 0))?;
            }
            Some(d) => {
                let n = elements(&d);
                let per = self.per(&d);
                for e in 0..per {
                    match self.partial_mask(per, e, n) {
                        Some(live) => self.when(live, loc, |this| {
                            this.printf(op, &format, &lowered, &args, e)
                        })?,
                        None => self.printf(op, &format, &lowered, &args, e)?,
                    }
                }
            }
        }
        let tok = self.m.result(op, 0);
        self.map.insert(tok, Lowered::Token);
        Ok(())
    }

    /// One `nv_tileas.printf` of owned element `e` of each operand (a 0-d operand's value).
    fn printf(
        &mut self,
        op: Op,
        format: &str,
        lowered: &[Lowered],
        args: &[Value],
        e: u64,
    ) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let mut scalars: SmallVec<[Value; 4]> = SmallVec::new();
        for (l, &v) in lowered.iter().zip(args) {
            let x = self.elem(l, e, loc, op)?;
            let elem = tile_shape(self.m, self.m.value_type(v))
                .map(|(_, t)| t)
                .ok_or_else(|| self.unsupported(op, "an operand of print_tko is not a tile"))?;
            scalars.push(self.printable(op, x, elem, loc)?);
        }
        let fmt = AttrData::Str(format.into());
        self.b(loc).op(
            tas::Printf::name_sym(),
            &scalars,
            &[],
            &[(sym!(tas::Printf::FORMAT), fmt)],
        );
        Ok(())
    }

    /// `x` (an element of type `elem`) as vprintf takes it (module docs).
    fn printable(&mut self, op: Op, x: Value, elem: Type, loc: Loc) -> LResult<Value> {
        let (name, to) = match self.m.type_data(elem).clone() {
            TypeData::Int(32 | 64) | TypeData::Float(FloatKind::F32 | FloatKind::F64) => {
                return Ok(x)
            }
            // An i1 prints as 0 or 1: a select (PTX has no conversion from a predicate).
            TypeData::Int(1) => {
                let i32t = self.i32t;
                let int = |v| AttrData::Int { value: v, ty: i32t };
                let one = self.constant(i32t, int(1), loc);
                let zero = self.constant(i32t, int(0), loc);
                return Ok(self
                    .b(loc)
                    .value(tas::Select::name_sym(), &[x, one, zero], i32t, &[]));
            }
            TypeData::Float(FloatKind::F16 | FloatKind::BF16) => {
                let f32t = self.m.float_type(FloatKind::F32);
                (tas::FToF::name_sym(), f32t)
            }
            // NVIDIA's integers carry no signedness: a byte prints as the signed value.
            TypeData::Int(8) => (tas::ExtSI::name_sym(), self.i32t),
            _ => {
                let t = tilec_ir::text::type_to_string(self.m, elem);
                return Err(self.unsupported(
                    op,
                    format!(
                        "print_tko of '{t}' elements (i1, i32, i64, f16, bf16, f32 and f64 print)"
                    ),
                ));
            }
        };
        Ok(self.b(loc).value(name, &[x], to, &[]))
    }
}

impl Lower<'_> {
    /// NVIDIA's `assert` (cuTile's `ct.assert_`): each thread prints, for every false element it
    /// owns, the message and the element's index in the tile (row-major), then stops the kernel
    /// through CUDA's `__assertfail` with the message when any was false (the host sees an
    /// assertion error; other threads may still run, as NVIDIA allows). A 0-d condition is the
    /// elected thread's.
    pub(super) fn lower_assert(&mut self, op: Op) -> LResult<()> {
        let loc = self.m.op_loc(op);
        let message = aa::Assert(op)
            .message(self.m)
            .unwrap_or_default()
            .to_string();
        let Some(&c) = self.m.operands(op).first() else {
            return Err(self.unsupported(op, "assert has no condition"));
        };
        let dims = tile_shape(self.m, self.m.value_type(c))
            .map(|(d, _)| Dims::from_slice(d))
            .ok_or_else(|| self.unsupported(op, "the condition of assert is not a tile"))?;
        let cond = self.get(c, op)?;
        // The message as a printf format: its own `%` signs printed as they are.
        let line = format!("{} (element %d of the tile)\n", message.replace('%', "%%"));
        let i1 = self.i1;
        let i32t = self.i32t;
        let t = self.constant(i1, AttrData::Int { value: 1, ty: i1 }, loc);
        if dims.is_empty() {
            return self.elected_only(loc, |this| {
                let x = this.elem(&cond, 0, loc, op)?;
                let bad = this.b(loc).value(tas::XOrI::name_sym(), &[x, t], i1, &[]);
                let zero = this.constant(i32t, AttrData::Int { value: 0, ty: i32t }, loc);
                this.when(bad, loc, |this| {
                    this.fail_line(&line, zero, loc);
                    this.stop(&message, loc);
                });
                Ok(())
            });
        }
        let n = elements(&dims);
        let per = self.per(&dims);
        let mut any: Option<Value> = None;
        for e in 0..per {
            let x = self.elem(&cond, e, loc, op)?;
            let mut bad = self.b(loc).value(tas::XOrI::name_sym(), &[x, t], i1, &[]);
            if let Some(live) = self.partial_mask(per, e, n) {
                bad = self
                    .b(loc)
                    .value(tas::AndI::name_sym(), &[bad, live], i1, &[]);
            }
            let idx = self.index(per, e, i32t);
            self.when(bad, loc, |this| this.fail_line(&line, idx, loc));
            any = Some(match any {
                None => bad,
                Some(a) => self.b(loc).value(tas::OrI::name_sym(), &[a, bad], i1, &[]),
            });
        }
        if let Some(any) = any {
            self.when(any, loc, |this| this.stop(&message, loc));
        }
        Ok(())
    }

    /// `__assertfail(message)`: the kernel stops with an assertion error.
    fn stop(&mut self, message: &str, loc: Loc) {
        let m = AttrData::Str(message.into());
        self.b(loc).op(
            tas::AssertFail::name_sym(),
            &[],
            &[],
            &[(sym!(tas::AssertFail::MESSAGE), m)],
        );
    }

    /// The line of a false element: the message with its index.
    fn fail_line(&mut self, line: &str, idx: Value, loc: Loc) {
        self.b(loc).op(
            tas::Printf::name_sym(),
            &[idx],
            &[],
            &[(sym!(tas::Printf::FORMAT), AttrData::Str(line.into()))],
        );
    }
}
