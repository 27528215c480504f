#!/usr/bin/env python3
"""Writes testdata/examples/math_full.run.toml: the inputs of the math_full kernel and the
correctly rounded f32 results of sin, cos, tan, sinh, cosh, atan2, pow and remf on them (and
of sin on f16 inputs, cosh on bf16 ones),
computed with mpmath at 120 significant digits (special values by C99 Annex F), so the GPU's
results are checked against the exact values within ulp-scale tolerances.

Usage: python3 tools/scripts/math_full_reference.py > testdata/examples/math_full.run.toml
(needs mpmath).
"""
import ctypes
import math
import random
import struct

import mpmath as mp

mp.mp.dps = 120
N = 256
INF, NAN = math.inf, math.nan


def f32(v):
    """v rounded to the nearest f32 (overflow to ±inf), as a Python float."""
    return ctypes.c_float(v).value


def bits_f32(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def rounded(fn, *args):
    """fn (an mpmath function) of the f32 args, rounded to f32."""
    return f32(float(fn(*[mp.mpf(a) for a in args])))


def inputs():
    x = [0.0, -0.0, bits_f32(1), -bits_f32(0x00400000), 1e-30, -1e-20, 1e-5, 0.5, -0.5, 1.0,
         -1.0, 0.78539816, 1.5707964, -1.5707964, 3.1415927, 3.0, 10.0, -10.0, 100.0, 1000.0,
         105615.0, 105616.0, -105616.0, 1e6, 1e10, -1e20, 3.4e38, -3.4e38, INF, -INF, NAN,
         88.0, 89.4, 89.5, -89.4, 90.0, 6381956.0, 16367173.0 * 2.0 ** 72, 2.0 ** 24 - 1]
    rng = random.Random(17)
    while len(x) < N:
        k = len(x) % 4
        v = rng.uniform(-20, 20) if k else rng.uniform(-1, 1) * 10 ** rng.randint(-6, 12)
        x.append(v)
    x = [f32(v) for v in x[:N]]
    y = [1.0, -1.0, 0.0, -0.0, INF, -INF, NAN, 2.5, -3.0, 1e-30, bits_f32(3), 7.0, 0.1, 1e20]
    while len(y) < N:
        y.append(rng.uniform(-8, 8) if len(y) % 3 else rng.uniform(-1, 1) * 10 ** rng.randint(-4, 8))
    y = [f32(v) for v in y[:N]]
    base = [0.0, -0.0, 1.0, -1.0, -1.0, 2.0, -2.0, -2.0, INF, -INF, NAN, 1.0, 0.5, 10.0, 10.0,
            -8.0, 2.0, 1.0001, 0.9999]
    expo = [-3.0, -3.0, NAN, INF, 0.5, -149.0, 3.0, 0.5, -1.0, 3.0, 0.0, 7.0, INF, 38.0, 39.0,
            1.0 / 3.0, 127.99, 80000.0, -80000.0]
    while len(base) < N:
        b = rng.uniform(0, 4) if len(base) % 5 else -float(rng.randint(1, 9))
        e = rng.uniform(-30, 30) if len(base) % 5 else float(rng.randint(-12, 12))
        base.append(b)
        expo.append(e)
    return x, y, [f32(v) for v in base], [f32(v) for v in expo]


def trig(fn, name, v):
    if math.isnan(v) or math.isinf(v):
        return NAN
    if v == 0.0 and name != "cos":
        return v
    return rounded(fn, v)


def hyper(fn, name, v):
    if math.isnan(v):
        return NAN
    if math.isinf(v):
        return INF if name == "cosh" else v
    if v == 0.0 and name == "sinh":
        return v
    return rounded(fn, v)


def atan2(y, x):
    if math.isnan(y) or math.isnan(x) or math.isinf(y) or math.isinf(x) or y == 0.0 or x == 0.0:
        return f32(math.atan2(y, x))
    return rounded(mp.atan2, y, x)


def pow_(b, e):
    if e == 0.0 or b == 1.0:
        return 1.0
    if math.isnan(b) or math.isnan(e):
        return NAN
    if b < 0 and not math.isinf(b) and not math.isinf(e) and e != math.floor(e):
        return NAN
    if b == 0.0 or math.isinf(b) or math.isinf(e):
        try:
            return f32(math.pow(b, e))
        except (ValueError, ZeroDivisionError):
            odd = e == math.floor(e) and e % 2 == 1
            return -INF if (odd and math.copysign(1, b) < 0) else INF
        except OverflowError:
            return INF
    v = mp.power(abs(mp.mpf(b)), mp.mpf(e))
    if b < 0 and e % 2 == 1:
        v = -v
    return f32(float(v))


def fmod(x, y):
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or y == 0.0:
        return NAN
    return math.fmod(x, y)


def f16(v):
    """v rounded to the nearest f16 (overflow to ±inf)."""
    if math.isnan(v) or math.isinf(v):
        return v
    if abs(v) >= 65520.0:
        return math.copysign(INF, v)
    return struct.unpack("<e", struct.pack("<e", v))[0]


def bf16(v):
    """v rounded to the nearest bf16 (through f32, which is exact here: one rounding)."""
    if math.isnan(v) or math.isinf(v):
        return v
    b = struct.unpack("<I", struct.pack("<f", f32(v)))[0]
    if (b & 0x7F800000) == 0x7F800000:
        return f32(v)
    b = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return struct.unpack("<f", struct.pack("<I", (b << 16) & 0xFFFFFFFF))[0]


def halves():
    """The f16 inputs (sin; the f16 range, its subnormals, overflow) and the bf16 ones (cosh)."""
    rng = random.Random(23)
    h = [0.0, -0.0, 2.0 ** -24, 6.1e-5, 1.0, -3.0, 100.0, 65504.0, -65504.0, INF, NAN]
    while len(h) < N:
        h.append(rng.uniform(-1, 1) * 10 ** rng.randint(-6, 4))
    b = [0.0, -1.0, 1.0, 88.0, 89.5, -89.5, 100.0, INF, -INF, NAN, 1e-30]
    while len(b) < N:
        b.append(rng.uniform(-90, 90) if len(b) % 2 else rng.uniform(-3, 3))
    return [f16(v) for v in h], [bf16(v) for v in b]


def toml_float(v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)


def buffer(name, values, expect, atol=None, rtol=None, ty="f32"):
    out = [f"[buffers.{name}]", f'type = "{ty}"', f"len = {N}"]
    key = "expect" if expect else "init"
    out.append(f"{key} = [" + ", ".join(toml_float(v) for v in values) + "]")
    if atol is not None:
        out.append(f"atol = {atol}")
        out.append(f"rtol = {rtol}")
    return "\n".join(out) + "\n"


def main():
    x, y, base, expo = inputs()
    print("""# math_full.mlir: NVIDIA's full-precision math ops on 256 interesting values (zeros, subnormals,
# ±inf, NaN, multiples of pi/2, the Payne-Hanek range up to 3.4e38, the overflow of sinh/cosh,
# pow's C99 special cases) and random ones. The expected values are the exact results rounded
# to f32 (mpmath at 120 digits; special values by C99 Annex F), written by
# tools/scripts/math_full_reference.py. Tolerances are ulp-scale: rtol 2^-22 is 2 ulp at the
# top of a binade (sin, cos: CUDA's bound), 2^-21 4 ulp (tan); 2^-23 one ulp (sinh, cosh,
# atan2, pow: computed in f64, within 0.5 ulp); remf is exact. atol 3e-45 is two subnormal ulps.
# sin of f16 and cosh of bf16 are computed in f32 and rounded once: within one half ulp.
kernel = "math_full"
grid = 1
block = 128
launches = 3
timing_launches = 3
""")
    print(buffer("x", x, False))
    print(buffer("y", y, False))
    print(buffer("base", base, False))
    print(buffer("expo", expo, False))
    two, four, one = 2.0 ** -22, 2.0 ** -21, 2.0 ** -23
    rows = [
        ("sin", [trig(mp.sin, "sin", v) for v in x], two),
        ("cos", [trig(mp.cos, "cos", v) for v in x], two),
        ("tan", [trig(mp.tan, "tan", v) for v in x], four),
        ("sinh", [hyper(mp.sinh, "sinh", v) for v in x], one),
        ("cosh", [hyper(mp.cosh, "cosh", v) for v in x], one),
        ("atan2", [atan2(a, b) for a, b in zip(x, y)], one),
        ("pow", [pow_(a, b) for a, b in zip(base, expo)], one),
    ]
    for name, values, rtol in rows:
        print(buffer(name, values, True, 3e-45, rtol))
    rem = [fmod(a, b) for a, b in zip(x, y)]
    print(buffer("rem", rem, True, 0, 0))
    print(buffer("rem64", rem, True, 0, 0, ty="f64"))
    h, b = halves()
    print(buffer("xh", h, False, ty="f16"))
    print(buffer("xb", b, False, ty="bf16"))
    # One half ulp: rtol 2^-10 (f16), 2^-7 (bf16); atol the smallest subnormal.
    sin_h = [f16(trig(mp.sin, "sin", v)) for v in h]
    print(buffer("sin_h", sin_h, True, 2.0 ** -24, 2.0 ** -10, ty="f16"))
    cosh_b = [bf16(hyper(mp.cosh, "cosh", v)) for v in b]
    print(buffer("cosh_b", cosh_b, True, 1e-40, 2.0 ** -7, ty="bf16"))


if __name__ == "__main__":
    main()
