"""Layer norm over rows: out = (x - mean) / sqrt(var + eps) * weight + bias (f32).

mean and (biased) var are taken over each row of 1024. Launch: grid (ROWS, 1, 1), one row per
block; arrays x, out: f32[ROWS, 1024]; weight, bias: f32[1024]; scalar eps: f32 (a runtime
kernel parameter, ScalarConstraint).
"""
import cuda.tile as ct
from cuda.tile.compilation import (ArrayConstraint, CallingConvention, KernelSignature,
                                   ScalarConstraint)


def array(dtype, ndim=1):
    """An array with int32 indices, non-negative strides, aliasing nothing."""
    return ArrayConstraint(dtype, ndim, index_dtype=ct.int32, stride_lower_bound_incl=0,
                           alias_groups=(), may_alias_internally=False)


COLS = 1024


@ct.kernel
def layernorm(x, weight, bias, out, eps):
    row = ct.bid(0)
    t = ct.load(x, index=(row, 0), shape=(1, COLS))
    w = ct.load(weight, index=(0,), shape=(COLS,)).reshape((1, COLS))
    b = ct.load(bias, index=(0,), shape=(COLS,)).reshape((1, COLS))
    mean = ct.sum(t, axis=1, keepdims=True) / COLS
    d = t - mean
    var = ct.sum(d * d, axis=1, keepdims=True) / COLS
    y = d * ct.rsqrt(var + eps) * w + b
    ct.store(out, index=(row, 0), tile=y)


A1 = array(ct.float32, 1)
A2 = array(ct.float32, 2)
KERNEL = layernorm
SIGNATURES = [KernelSignature([A2, A1, A1, A2, ScalarConstraint(ct.float32)],
                              CallingConvention.cutile_python_v1())]
