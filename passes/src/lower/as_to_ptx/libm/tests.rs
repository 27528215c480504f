//! The accuracy proof of the programs: each runs in the interpreter (bit for bit what the GPU
//! computes) over dense strided sweeps of every f32 exponent, the hard inputs of its method
//! (near multiples of π/2, near overflow, bases near 1 to large powers, huge exponent
//! differences) and the special values, against Rust's f64 functions (glibc's, accurate to
//! about 1 ulp of f64: 2^-29 ulp of f32). Errors are in ulps of the f32 result (the spacing of
//! f32 values at the exact result; 2^-149 below the normal range; ±∞ counts as ±2^128).

use super::interp::{check_types, run};
use super::{program, Ins, Opc, Program, Step};
use tilec_dialects::nv_tileas::OpKind as K;

fn prog(kind: K, bits: u32) -> Program {
    program(kind, bits).expect("a program")
}

fn run1(p: &Program, x: f32) -> f32 {
    let r = run(p, &[u64::from(x.to_bits())]).unwrap_or_else(|e| panic!("{x:e}: {e}"));
    f32::from_bits(r as u32)
}

fn run2(p: &Program, x: f32, y: f32) -> f32 {
    let args = [u64::from(x.to_bits()), u64::from(y.to_bits())];
    let r = run(p, &args).unwrap_or_else(|e| panic!("{x:e}, {y:e}: {e}"));
    f32::from_bits(r as u32)
}

/// The error of `got` in ulps of the f32 at `want`.
fn ulps(got: f32, want: f64) -> f64 {
    if want.is_nan() || got.is_nan() {
        return if want.is_nan() && got.is_nan() {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let cap = |v: f64| v.clamp(-2f64.powi(128), 2f64.powi(128));
    let (g, w) = (cap(f64::from(got)), cap(want));
    let e = if w == 0.0 {
        -126
    } else {
        (w.abs().log2().floor() as i32).max(-126)
    };
    (g - w).abs() / 2f64.powi(e - 23)
}

/// A fixed-seed stream (xorshift64).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in [lo, hi).
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / 2f64.powi(53))
    }
}

/// `n` f32s strided over every bit pattern (both signs, every exponent), each stride start
/// moved by a fixed-seed offset; NaNs left out.
fn sweep(n: u64, seed: u64) -> Vec<f32> {
    let mut rng = Rng(seed);
    let step = (1u64 << 32) / n;
    (0..n)
        .map(|i| f32::from_bits((i * step + rng.next() % step) as u32))
        .filter(|x| !x.is_nan())
        .collect()
}

/// The largest error of `f` against `reference` over `xs`, and where.
fn worst(xs: &[f32], f: impl Fn(f32) -> f32, reference: impl Fn(f64) -> f64) -> (f64, f32) {
    let mut w = (0.0, 0.0);
    for &x in xs {
        let e = ulps(f(x), reference(f64::from(x)));
        if e > w.0 {
            w = (e, x);
        }
    }
    w
}

fn worst2(
    xs: &[(f32, f32)],
    f: impl Fn(f32, f32) -> f32,
    reference: impl Fn(f64, f64) -> f64,
) -> (f64, f32, f32) {
    let mut w = (0.0, 0.0, 0.0);
    for &(x, y) in xs {
        let e = ulps(f(x, y), reference(f64::from(x), f64::from(y)));
        if e > w.0 {
            w = (e, x, y);
        }
    }
    w
}

/// Every program: register classes match the instruction signatures, every register is
/// written by its first writer before any read (runs on sample inputs), labels are unique.
#[test]
fn every_program_is_well_formed() {
    for (k, bits) in [
        (K::Sin, 32),
        (K::Cos, 32),
        (K::Tan, 32),
        (K::SinH, 32),
        (K::CosH, 32),
        (K::Pow, 32),
        (K::Atan2, 32),
        (K::RemF, 32),
        (K::RemF, 64),
    ] {
        let p = prog(k, bits);
        check_types(&p).unwrap_or_else(|e| panic!("{k:?}: {e}"));
        let mut labels: Vec<u16> = p
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Label(l) => Some(l.0),
                _ => None,
            })
            .collect();
        let n = labels.len();
        labels.dedup();
        assert_eq!(labels.len(), n, "{k:?}: a label placed twice");
        for s in &p.steps {
            if let Step::Bra(_, l) = s {
                assert!(labels.contains(&l.0), "{k:?}: a branch to no label");
            }
        }
        let args: Vec<u64> = p.args.iter().map(|_| 0x4049_0FDB).collect();
        let args64: Vec<u64> = p.args.iter().map(|_| 0x4009_21FB_5444_2D18).collect();
        run(&p, if bits == 64 { &args64 } else { &args }).expect("runs");
    }
    assert!(program(K::Sin, 64).is_none() && program(K::Exp, 32).is_none());
}

/// For every f32 exponent e from -30 to 104, the significand m (2^23 ≤ m < 2^24) whose
/// x = m·2^e is nearest a multiple of π/2: the inputs whose reduction cancels most. Found once,
/// outside the tests, by an exhaustive search over every significand of each exponent
/// (frac(m·frac(2^e·2/π)) in 128-bit fixed point, from 320 bits of 2/π). The closest of all is
/// 16367173·2^72, within 2^-29 of a multiple (x·2/π's distance to an integer).
const WORST_REDUCTION: &[(u32, i32)] = &[
    (8388608, -30),
    (8388608, -29),
    (8388608, -28),
    (8388608, -27),
    (8388608, -26),
    (8388608, -25),
    (8388608, -24),
    (13176795, -23),
    (13176795, -22),
    (9882596, -21),
    (9882596, -20),
    (9882596, -19),
    (9882596, -18),
    (9882596, -17),
    (16573937, -16),
    (16573937, -15),
    (16573937, -14),
    (16573937, -13),
    (9168424, -12),
    (9168424, -11),
    (9168424, -10),
    (9168424, -9),
    (13444207, -8),
    (13444207, -7),
    (13444207, -6),
    (8545886, -5),
    (8545886, -4),
    (8545886, -3),
    (10838702, -2),
    (10838702, -1),
    (10838702, 0),
    (15971451, 1),
    (10695401, 2),
    (10695401, 3),
    (10695401, 4),
    (8681057, 5),
    (9688229, 6),
    (9688229, 7),
    (9436436, 8),
    (14406447, 9),
    (16765556, 10),
    (10741887, 11),
    (10741887, 12),
    (10741887, 13),
    (10741887, 14),
    (10741887, 15),
    (10741887, 16),
    (11617958, 17),
    (11617958, 18),
    (11617958, 19),
    (11617958, 20),
    (11617958, 21),
    (16282999, 22),
    (16282999, 23),
    (16282999, 24),
    (12069257, 25),
    (12069257, 26),
    (14431945, 27),
    (15613289, 28),
    (16203961, 29),
    (16499297, 30),
    (16646965, 31),
    (16720799, 32),
    (16757716, 33),
    (8895696, 34),
    (8895696, 35),
    (8895696, 36),
    (8895696, 37),
    (8895696, 38),
    (8895696, 39),
    (8895696, 40),
    (14946604, 41),
    (14946604, 42),
    (11209953, 43),
    (16536939, 44),
    (13873446, 45),
    (13873446, 46),
    (15473482, 47),
    (15473482, 48),
    (15073473, 49),
    (11405107, 50),
    (11405107, 51),
    (11405107, 52),
    (9012376, 53),
    (9012376, 54),
    (9012376, 55),
    (9012376, 56),
    (9012376, 57),
    (9012376, 58),
    (9012376, 59),
    (13034427, 60),
    (13034427, 61),
    (10057457, 62),
    (10057457, 63),
    (10057457, 64),
    (10057457, 65),
    (14015064, 66),
    (14015064, 67),
    (10511298, 68),
    (8759415, 69),
    (8759415, 70),
    (8759415, 71),
    (16367173, 72),
    (16367173, 73),
    (16367173, 74),
    (16367173, 75),
    (16367173, 76),
    (16367173, 77),
    (12558490, 78),
    (12558490, 79),
    (12558490, 80),
    (15080472, 81),
    (13819481, 82),
    (13819481, 83),
    (15704540, 84),
    (9737329, 85),
    (13663464, 86),
    (10757867, 87),
    (14173733, 88),
    (14173733, 89),
    (14173733, 90),
    (11057283, 91),
    (12615508, 92),
    (12615508, 93),
    (9461631, 94),
    (16567211, 95),
    (9860544, 96),
    (9860544, 97),
    (15479557, 98),
    (16712125, 99),
    (16712125, 100),
    (16712125, 101),
    (16712125, 102),
    (12438944, 103),
    (12438944, 104),
];

/// sin, cos ≤ 2 ulp and tan ≤ 4 ulp (CUDA's sinf/cosf/tanf bounds): a sweep of every
/// exponent, the floats nearest multiples of π/2 below and above the Cody–Waite limit and the
/// worst case of every exponent ([`WORST_REDUCTION`]: the cancellation cases), and the limit
/// itself.
#[test]
fn sin_cos_tan_are_accurate() {
    let (s, c, t) = (prog(K::Sin, 32), prog(K::Cos, 32), prog(K::Tan, 32));
    let mut xs = sweep(40_000, 1);
    let mut rng = Rng(7);
    for _ in 0..4000 {
        // j·π/2 for j below 2^17 and above (Payne–Hanek), and the neighbours of the nearest f32.
        let j = (rng.next() % (1 << 22)) as f64;
        let near = (j * std::f64::consts::FRAC_PI_2) as f32;
        for d in [-1i32, 0, 1] {
            xs.push(f32::from_bits((near.to_bits() as i32 + d) as u32));
        }
    }
    for &(m, e) in WORST_REDUCTION {
        let x = (f64::from(m) * 2f64.powi(e)) as f32;
        for d in [-1i32, 0, 1] {
            let v = f32::from_bits((x.to_bits() as i32 + d) as u32);
            xs.extend([v, -v]);
        }
    }
    let q = std::f32::consts::FRAC_PI_4;
    let below_q = f32::from_bits(q.to_bits() - 1);
    for v in [
        105_615.0f32,
        105_616.0,
        105_614.99,
        q,
        below_q,
        3.0e38,
        1.0e-30,
    ] {
        xs.extend([v, -v]);
    }
    let rows = [
        ("sin", &s, f64::sin as fn(f64) -> f64, 2.0),
        ("cos", &c, f64::cos, 2.0),
        ("tan", &t, f64::tan, 4.0),
    ];
    for (name, p, reference, bound) in rows {
        let (e, at) = worst(&xs, |x| run1(p, x), reference);
        eprintln!("{name}: max {e:.3} ulp at {at:e} over {} inputs", xs.len());
        assert!(e <= bound, "{name}({at:e}): {e} ulp");
    }
}

/// sin, cos and tan of ±0, subnormals, ±∞ and NaN.
#[test]
fn trig_special_values() {
    let (s, c, t) = (prog(K::Sin, 32), prog(K::Cos, 32), prog(K::Tan, 32));
    for z in [0.0f32, -0.0] {
        assert_eq!(run1(&s, z).to_bits(), z.to_bits());
        assert_eq!(run1(&t, z).to_bits(), z.to_bits());
        assert_eq!(run1(&c, z), 1.0);
    }
    for x in [
        f32::from_bits(1),
        -f32::from_bits(0x0040_0000),
        f32::MIN_POSITIVE,
    ] {
        assert_eq!(run1(&s, x), x);
        assert_eq!(run1(&t, x), x);
        assert_eq!(run1(&c, x), 1.0);
    }
    for x in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
        for p in [&s, &c, &t] {
            assert!(run1(p, x).is_nan(), "{x}");
        }
    }
}

/// sinh, cosh ≤ 3 ulp (CUDA's bound; computed in f64, they are within 1): every exponent, a
/// dense sweep of [-100, 100] (the overflow threshold near 89.4 included) and the special
/// values.
#[test]
fn sinh_cosh_are_accurate() {
    let (sh, ch) = (prog(K::SinH, 32), prog(K::CosH, 32));
    let mut xs = sweep(20_000, 2);
    let mut rng = Rng(3);
    xs.extend((0..20_000).map(|_| rng.uniform(-100.0, 100.0) as f32));
    xs.extend((0..4000).map(|_| rng.uniform(-1.5, 1.5) as f32));
    for v in [
        89.415_985f32,
        89.415_99,
        89.416,
        88.722_84,
        1.0,
        0.999_999_94,
        1.0e-20,
    ] {
        xs.extend([v, -v]);
    }
    let (e, at) = worst(&xs, |x| run1(&sh, x), f64::sinh);
    eprintln!("sinh: max {e:.3} ulp at {at:e} over {} inputs", xs.len());
    assert!(e <= 3.0, "sinh({at:e}): {e} ulp");
    let (e, at) = worst(&xs, |x| run1(&ch, x), f64::cosh);
    eprintln!("cosh: max {e:.3} ulp at {at:e}");
    assert!(e <= 3.0, "cosh({at:e}): {e} ulp");
    for z in [0.0f32, -0.0] {
        assert_eq!(run1(&sh, z).to_bits(), z.to_bits());
        assert_eq!(run1(&ch, z), 1.0);
    }
    assert_eq!(run1(&sh, f32::NEG_INFINITY), f32::NEG_INFINITY);
    assert_eq!(run1(&sh, f32::INFINITY), f32::INFINITY);
    assert_eq!(run1(&ch, f32::NEG_INFINITY), f32::INFINITY);
    assert!(run1(&sh, f32::NAN).is_nan() && run1(&ch, f32::NAN).is_nan());
}

/// pow ≤ 2 ulp: bases over every exponent (both signs) to powers that keep the result in
/// range, bases near 1 to large powers (where an error of log2 x is amplified most),
/// negative bases to integer powers, results near overflow and in the subnormal range.
#[test]
fn pow_is_accurate() {
    let p = prog(K::Pow, 32);
    let mut rng = Rng(5);
    let mut xy: Vec<(f32, f32)> = Vec::new();
    for x in sweep(12_000, 4) {
        let l = f64::from(x).abs().log2();
        // y·log2|x| uniform in [-160, 140]: from the subnormals to overflow.
        let t = rng.uniform(-160.0, 140.0);
        let y = if l.is_finite() && l != 0.0 { t / l } else { t };
        xy.push((x, y as f32));
        xy.push((x, (rng.next() % 41) as f32 - 20.0));
    }
    for _ in 0..6000 {
        let x = 1.0 + rng.uniform(-1.0e-3, 1.0e-3);
        let y = rng.uniform(-9.0e4, 9.0e4);
        xy.push((x as f32, y as f32));
    }
    let (e, x, y) = worst2(&xy, |x, y| run2(&p, x, y), f64::powf);
    eprintln!(
        "pow: max {e:.3} ulp at ({x:e}, {y:e}) over {} inputs",
        xy.len()
    );
    assert!(e <= 2.0, "pow({x:e}, {y:e}): {e} ulp");
}

/// pow's special cases (C99 F.9.4.4), signs of zeros and infinities included.
#[test]
fn pow_special_values() {
    let p = prog(K::Pow, 32);
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    let cases: &[(f32, f32, f32)] = &[
        (nan, 0.0, 1.0),
        (nan, -0.0, 1.0),
        (inf, 0.0, 1.0),
        (1.0, nan, 1.0),
        (1.0, inf, 1.0),
        (-1.0, inf, 1.0),
        (-1.0, -inf, 1.0),
        (0.0, -3.0, inf),
        (-0.0, -3.0, -inf),
        (-0.0, -2.0, inf),
        (-0.0, -0.5, inf),
        (-0.0, -inf, inf),
        (0.0, 3.0, 0.0),
        (-0.0, 3.0, -0.0),
        (-0.0, 4.0, 0.0),
        (-0.0, 0.5, 0.0),
        (0.5, -inf, inf),
        (2.0, -inf, 0.0),
        (0.5, inf, 0.0),
        (2.0, inf, inf),
        (-inf, -3.0, -0.0),
        (-inf, -2.0, 0.0),
        (-inf, 3.0, -inf),
        (-inf, 2.5, inf),
        (inf, -1.0, 0.0),
        (inf, 0.5, inf),
        (-2.0, 3.0, -8.0),
        (-2.0, -1.0, -0.5),
        (-2.0, 2.0, 4.0),
        (-3.0, 1.677_721_6e7, 0.0),
        (2.0, 0.5, std::f32::consts::SQRT_2),
        (10.0, 38.0, 1.0e38),
        (10.0, 39.0, inf),
        (2.0, -149.0, f32::from_bits(1)),
        (2.0, -150.0, 0.0),
    ];
    for &(x, y, want) in cases {
        let got = run2(&p, x, y);
        if want == 0.0 && x == -3.0 {
            // (−3)^(2^24): even, huge: +∞ (the table's 0 marks the row; checked here).
            assert_eq!(got, inf);
            continue;
        }
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "pow({x}, {y}) = {got:e}, want {want:e}"
        );
    }
    for (x, y) in [
        (-2.0f32, 0.5f32),
        (-1.0, 0.5),
        (-inf, nan),
        (nan, 1.0),
        (2.0, nan),
        (-1.0, nan),
    ] {
        assert!(run2(&p, x, y).is_nan(), "pow({x}, {y})");
    }
}

/// atan2 ≤ 3 ulp (CUDA's atan2f bound; computed in f64, it is within 1): pairs over every
/// exponent of both operands, ratios near 1 and tan(π/8).
#[test]
fn atan2_is_accurate() {
    let p = prog(K::Atan2, 32);
    let mut rng = Rng(9);
    let ys = sweep(30_000, 6);
    let mut xy: Vec<(f32, f32)> = ys
        .iter()
        .map(|&y| (y, f32::from_bits(rng.next() as u32)))
        .filter(|(_, x)| !x.is_nan())
        .collect();
    for _ in 0..5000 {
        let x = rng.uniform(-10.0, 10.0);
        let r = rng.uniform(0.40, 0.43).max(rng.uniform(0.99, 1.01));
        xy.push(((x * r) as f32, x as f32));
    }
    let (e, y, x) = worst2(&xy, |y, x| run2(&p, y, x), f64::atan2);
    eprintln!(
        "atan2: max {e:.3} ulp at ({y:e}, {x:e}) over {} inputs",
        xy.len()
    );
    assert!(e <= 3.0, "atan2({y:e}, {x:e}): {e} ulp");
}

/// atan2's special cases (C99 F.9.1.4).
#[test]
fn atan2_special_values() {
    let p = prog(K::Atan2, 32);
    let (inf, pi) = (f32::INFINITY, std::f32::consts::PI);
    let (h, q) = (std::f32::consts::FRAC_PI_2, std::f32::consts::FRAC_PI_4);
    let cases: &[(f32, f32, f32)] = &[
        (0.0, 0.0, 0.0),
        (-0.0, 0.0, -0.0),
        (0.0, -0.0, pi),
        (-0.0, -0.0, -pi),
        (0.0, -1.0, pi),
        (-0.0, -1.0, -pi),
        (0.0, 1.0, 0.0),
        (-0.0, 1.0, -0.0),
        (1.0, 0.0, h),
        (-1.0, -0.0, -h),
        (1.0, -inf, pi),
        (-1.0, -inf, -pi),
        (1.0, inf, 0.0),
        (-1.0, inf, -0.0),
        (inf, 5.0, h),
        (-inf, -5.0, -h),
        (inf, -inf, 3.0 * q),
        (-inf, -inf, -3.0 * q),
        (inf, inf, q),
        (-inf, inf, -q),
        (1.0, 1.0, q),
    ];
    for &(y, x, want) in cases {
        let got = run2(&p, y, x);
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "atan2({y}, {x}) = {got:e}, want {want:e}"
        );
    }
    for (y, x) in [(f32::NAN, 1.0f32), (0.0, f32::NAN), (inf, f32::NAN)] {
        assert!(run2(&p, y, x).is_nan());
    }
}

/// remf is C's fmod, exactly (every bit, the sign of a zero result included): pairs over
/// every exponent of both operands (exponent differences up to 277 for f32), and the special
/// cases (NaN for y = 0, x = ±∞ or a NaN; x for y = ±∞).
#[test]
fn remf_f32_is_exact() {
    let p = prog(K::RemF, 32);
    let mut rng = Rng(11);
    let xs = sweep(30_000, 8);
    let mut pairs: Vec<(f32, f32)> = xs
        .iter()
        .map(|&x| (x, f32::from_bits(rng.next() as u32)))
        .collect();
    for _ in 0..3000 {
        let y = rng.uniform(0.5, 4.0) as f32;
        pairs.push((
            (y * (rng.next() % 1000) as f32) + (rng.next() % 3) as f32 - 1.0,
            y,
        ));
    }
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    pairs.extend([
        (5.0, 0.0),
        (inf, 2.0),
        (-inf, inf),
        (nan, 2.0),
        (2.0, nan),
        (3.0, inf),
        (-3.0, -inf),
        (-0.0, 1.0),
        (0.0, inf),
        (-6.0, 3.0),
        (6.0, -3.0),
        (-1.0, 1.0),
        (f32::MAX, f32::from_bits(1)),
        (f32::MAX, f32::from_bits(3)),
        (-f32::MAX, 1.1754942e-38),
        (f32::from_bits(7), f32::from_bits(3)),
    ]);
    for (x, y) in pairs {
        let want = (f64::from(x) % f64::from(y)) as f32;
        let got = run2(&p, x, y);
        let same = got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan());
        assert!(same, "remf({x:e}, {y:e}) = {got:e}, want {want:e}");
    }
}

/// remf of f64, exactly, over every exponent of both operands (differences up to 2097: the
/// remainder loop's longest runs).
#[test]
fn remf_f64_is_exact() {
    let p = prog(K::RemF, 64);
    let mut rng = Rng(13);
    let mut pairs: Vec<(f64, f64)> = (0..4000)
        .map(|_| (f64::from_bits(rng.next()), f64::from_bits(rng.next())))
        .collect();
    pairs.extend([
        (f64::MAX, f64::from_bits(1)),
        (-f64::MAX, f64::MIN_POSITIVE),
        (5.0, 0.0),
        (f64::INFINITY, 1.0),
        (1.0, f64::INFINITY),
        (-0.0, 3.0),
        (-7.5, 2.0),
        (f64::from_bits(9), f64::from_bits(4)),
    ]);
    for (x, y) in pairs {
        let want = x % y;
        let r = run(&p, &[x.to_bits(), y.to_bits()]).expect("runs");
        let got = f64::from_bits(r);
        let same = got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan());
        assert!(same, "remf({x:e}, {y:e}) = {got:e}, want {want:e}");
    }
}

/// What a step of a program becomes in the ptx dialect, as the test below compares them:
/// `imm`, the opcode of a `ptx.math`, `mov` (a write of a mutable register), `label`, `bra`.
fn expected_ops(p: &Program) -> Vec<String> {
    let counts = p.def_counts();
    let mut out = vec!["reg".to_string(); counts.iter().filter(|&&n| n > 1).count()];
    for s in &p.steps {
        match s {
            Step::Imm(d, _) | Step::Ins(_, d, _) => {
                let mutable = counts[d.0 as usize] > 1;
                let copy = matches!(s, Step::Ins(Ins::Op(Opc::MovF | Opc::MovD), ..));
                match s {
                    Step::Ins(ins, ..) if !(copy && mutable) => out.push(ins.opcode()),
                    Step::Imm(..) => out.push("imm".into()),
                    _ => {}
                }
                if mutable {
                    out.push("mov".into());
                }
            }
            Step::Label(_) => out.push("label".into()),
            Step::Bra(..) => out.push("bra".into()),
        }
    }
    out
}

/// One derivation: lower-as-to-ptx emits each program step by step — the ptx ops between the
/// parameter loads and `ret` are the program's steps, in order, with their opcodes.
#[test]
fn the_lowering_emits_each_program_step_by_step() {
    use tilec_dialects::ptx;
    use tilec_ir::pass::Pass;
    use tilec_ir::{OpView, WalkControl};
    for (k, ty, bits) in [
        (K::Sin, "f32", 32),
        (K::Cos, "f32", 32),
        (K::Tan, "f32", 32),
        (K::SinH, "f32", 32),
        (K::CosH, "f32", 32),
        (K::Atan2, "f32", 32),
        (K::Pow, "f32", 32),
        (K::RemF, "f32", 32),
        (K::RemF, "f64", 64),
    ] {
        let p = prog(k, bits);
        let n = p.args.len();
        let params: Vec<String> = (0..n).map(|i| format!("%a{i}: {ty}")).collect();
        let args: Vec<String> = (0..n).map(|i| format!("%a{i}")).collect();
        let text = format!(
            "\"nv_tileas.kernel\"() ({{\n^bb0({}):\n  %r = \"{}\"({}) : ({}) -> {ty}\n  \"nv_tileas.return\"() : () -> ()\n}}) {{sym_name = \"k\"}} : () -> ()\n",
            params.join(", "),
            k.name(),
            args.join(", "),
            vec![ty; n].join(", ")
        );
        let mut m = tilec_ir::text::parse_module(&text, tilec_ir::FileId(1))
            .unwrap_or_else(|e| panic!("{}\n{text}", e.message));
        let cx = crate::Cx::new(tilec_dialects::target::Target::parse("sm_90a").expect("target"));
        let d = super::super::LowerAsToPtx.run(&mut m, &cx);
        assert!(d.is_empty(), "{k:?}: {:?}", d.0);
        let mut got = Vec::new();
        m.walk(&mut |op| {
            let name = match ptx::OpKind::of(&m, op) {
                Some(ptx::OpKind::MovImm) => "imm".to_string(),
                Some(ptx::OpKind::Math) => ptx::Math::wrap(op).opcode(&m).unwrap_or("").into(),
                Some(ptx::OpKind::Mov) => "mov".into(),
                Some(ptx::OpKind::Reg) => "reg".into(),
                Some(ptx::OpKind::Label) => "label".into(),
                Some(ptx::OpKind::Bra) => "bra".into(),
                _ => return WalkControl::Continue,
            };
            got.push(name);
            WalkControl::Continue
        });
        assert_eq!(got, expected_ops(&p), "{k:?} ({ty})");
    }
}

/// An f32 rounded to nearest even to a half format of `m` stored significand bits and
/// exponent bias `bias` (f16: 10, 15; bf16: 7, 127), as the value it represents (f64): the
/// reference of PTX's `cvt.rn.f16.f32` / `cvt.rn.bf16x2.f32` (IEEE 754 rounding; overflow to
/// ±∞, gradual underflow).
fn round_half(v: f64, m: i32, bias: i32) -> f64 {
    if !v.is_finite() || v == 0.0 {
        return v;
    }
    let e = (v.abs().log2().floor() as i32).max(1 - bias);
    let quantum = 2f64.powi(e - m);
    let r = (v / quantum).round_ties_even() * quantum;
    let max = (2.0 - 2f64.powi(-m)) * 2f64.powi(bias);
    if r.abs() > max {
        f64::INFINITY.copysign(v)
    } else {
        r
    }
}

/// A reference function of one and of two operands.
type Unary = fn(f64) -> f64;
type Binary = fn(f64, f64) -> f64;

/// The spacing of the half format's values at `v` (its largest finite binade for ±∞).
fn half_ulp(v: f64, m: i32, bias: i32) -> f64 {
    let e = if v.is_finite() && v != 0.0 {
        (v.abs().log2().floor() as i32).max(1 - bias)
    } else if v == 0.0 {
        1 - bias
    } else {
        bias
    };
    2f64.powi(e - m)
}

/// f16 and bf16 operands go through the f32 programs (NVIDIA: "emulated in f32"): for every
/// 8th f16 and bf16 value (every exponent, both signs), the f32 program's result rounded to
/// the half type is the correctly rounded half result or its neighbour (the f32 result's error
/// of at most 3 f32 ulps moves a half rounding only near a tie); so are atan2's and pow's (on
/// pairs of them), and remf's is exact.
#[test]
fn halves_through_f32_are_within_one_half_ulp() {
    for (name, m, bias) in [("f16", 10, 15), ("bf16", 7, 127)] {
        let xs: Vec<f32> = (0u32..0x1_0000)
            .step_by(8)
            .map(|h| match name {
                "bf16" => f32::from_bits(h << 16),
                _ => {
                    let (s, e, f) = (h >> 15, (h >> 10) & 31, h & 1023);
                    let mag = match e {
                        0 => f64::from(f) * 2f64.powi(-24),
                        31 if f == 0 => f64::INFINITY,
                        31 => f64::NAN,
                        _ => (1.0 + f64::from(f) / 1024.0) * 2f64.powi(e as i32 - 15),
                    };
                    (if s == 1 { -mag } else { mag }) as f32
                }
            })
            .filter(|x| !x.is_nan())
            .collect();
        let rows: [(K, Unary); 5] = [
            (K::Sin, f64::sin),
            (K::Cos, f64::cos),
            (K::Tan, f64::tan),
            (K::SinH, f64::sinh),
            (K::CosH, f64::cosh),
        ];
        for (k, f) in rows {
            let p = prog(k, 32);
            for &x in &xs {
                let got = round_half(f64::from(run1(&p, x)), m, bias);
                let want = round_half(f(f64::from(x)), m, bias);
                let ok = got == want
                    || (got.is_nan() && want.is_nan())
                    || (got - want).abs() <= half_ulp(want, m, bias);
                assert!(ok, "{k:?} {name} {x:e}: {got:e}, want {want:e}");
            }
        }
        let binary: [(K, Binary); 3] = [
            (K::Atan2, f64::atan2),
            (K::Pow, f64::powf),
            (K::RemF, |x, y| x % y),
        ];
        for (k, f) in binary {
            let p = prog(k, 32);
            for (i, &x) in xs.iter().enumerate() {
                let y = xs[(i * 7919) % xs.len()];
                let got = round_half(f64::from(run2(&p, x, y)), m, bias);
                let want = round_half(f(f64::from(x), f64::from(y)), m, bias);
                let ok = got == want
                    || (got.is_nan() && want.is_nan())
                    || (k != K::RemF && (got - want).abs() <= half_ulp(want, m, bias));
                assert!(ok, "{k:?} {name} ({x:e}, {y:e}): {got:e}, want {want:e}");
            }
        }
    }
}
