#!/usr/bin/env python3
"""Fits the sin and cos polynomials of passes/src/lower/as_to_ptx/libm/trig.rs and prints their
f32 coefficients and their relative error before rounding (in ulps of 2^-24).

sin r = r + r^3 * S(r^2), cos r = 1 - r^2/2 + r^4 * C(r^2) on |r| <= 0.8 (the reduced argument
may overshoot pi/4 by the rounding of x * 2/pi): weighted least squares at 400 Chebyshev nodes
(weights: the relative error of sin, the absolute error of cos, which stays above 0.69), in
mpmath at 50 digits, the coefficients then rounded to f32.

Usage: python3 tools/scripts/fit_trig_kernels.py (needs mpmath).
"""
import struct

import mpmath as mp

mp.mp.dps = 50
LIMIT = mp.mpf("0.8")


def f32(x):
    return struct.unpack("f", struct.pack("f", float(x)))[0]


def lsq(g, w, b, n, nodes=400):
    """Coefficients c_0..c_{n-1} minimizing sum w(z)^2 (sum c_k z^k - g(z))^2 over Chebyshev
    nodes of [0, b]."""
    pts = [b / 2 + b / 2 * mp.cos(mp.pi * (i + mp.mpf(1) / 2) / nodes) for i in range(nodes)]
    a = mp.matrix(nodes, n)
    y = mp.matrix(nodes, 1)
    for i, z in enumerate(pts):
        for k in range(n):
            a[i, k] = w(z) * z ** k
        y[i] = w(z) * g(z)
    c = mp.qr_solve(a, y)[0]
    return [f32(c[k]) for k in range(n)]


def g_sin(z):
    r = mp.sqrt(z)
    return (mp.sin(r) - r) / r ** 3


def g_cos(z):
    return (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z ** 2


def horner(c, z):
    p = mp.mpf(0)
    for k in reversed(c):
        p = p * z + mp.mpf(k)
    return p


def main():
    b = LIMIT ** 2
    s = lsq(g_sin, lambda z: z, b, 4)
    c = lsq(g_cos, lambda z: z * z, b, 3)
    rs = mp.linspace(mp.mpf("1e-3"), LIMIT, 4000)
    es = max(abs((r + r ** 3 * horner(s, r * r)) / mp.sin(r) - 1) for r in rs)
    ec = max(abs((1 - r * r / 2 + r ** 4 * horner(c, r * r)) / mp.cos(r) - 1) for r in rs)
    print("SIN", [repr(v) for v in s], "max rel error", mp.nstr(es * 2 ** 24, 3), "ulp")
    print("COS", [repr(v) for v in c], "max rel error", mp.nstr(ec * 2 ** 24, 3), "ulp")


if __name__ == "__main__":
    main()
